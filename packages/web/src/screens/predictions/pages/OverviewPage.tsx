/**
 * prediction/{id}/overview (spec 1 §2): the prediction's name and description, its weather (with the
 * picker), its site conditions (ASHRAE station and design temperatures), the summary of its inputs and
 * its last results. Run, Save and Cancel are in the header.
 */
import { Grid, Stack } from '@mantine/core';
import { useState } from 'react';
import { GeneralCard } from './overview/GeneralCard.tsx';
import { InputsSummary } from './overview/InputsSummary.tsx';
import { LastResultsCard } from './overview/LastResultsCard.tsx';
import { SiteConditionsCard } from './overview/SiteConditionsCard.tsx';
import { WeatherCard } from './overview/WeatherCard.tsx';

export function OverviewPage() {
  // Each weather file picked looks up the site's design temperatures again.
  const [weatherPicks, setWeatherPicks] = useState(0);
  return (
    <Stack gap="md">
      <GeneralCard />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <LastResultsCard />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <WeatherCard onPicked={() => setWeatherPicks((n) => n + 1)} />
        </Grid.Col>
      </Grid>
      <SiteConditionsCard weatherPicks={weatherPicks} />
      <InputsSummary />
    </Stack>
  );
}
