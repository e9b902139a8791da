/**
 * prediction/{id}/overview (spec 1 §2): the prediction's name and description, its weather (with the
 * picker), the summary of its inputs and its last results. Run, Save and Cancel are in the header.
 */
import { Grid, Stack } from '@mantine/core';
import { GeneralCard } from './overview/GeneralCard.tsx';
import { InputsSummary } from './overview/InputsSummary.tsx';
import { LastResultsCard } from './overview/LastResultsCard.tsx';
import { WeatherCard } from './overview/WeatherCard.tsx';

export function OverviewPage() {
  return (
    <Stack gap="md">
      <GeneralCard />
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <LastResultsCard />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <WeatherCard />
        </Grid.Col>
      </Grid>
      <InputsSummary />
    </Stack>
  );
}
