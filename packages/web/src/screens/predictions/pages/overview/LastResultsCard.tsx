/**
 * The last successful run's first-year P50 figures (energy, specific yield, performance ratio,
 * capacity factor) with a link to the results, or 'Run the prediction to see its results.'.
 */
import { Anchor, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatNumber } from '@sunfield/domain';
import { Link } from 'react-router';
import { usePredictionEditor } from '../../editor/editorContext.ts';
import { formatEnergyMwh } from '../../list/model.ts';
import { useResultSummary } from '../../queries.ts';
import { lastResults } from './model.ts';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2} role="group" aria-label={label}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="lg" fw={600}>
        {value}
      </Text>
    </Stack>
  );
}

export function LastResultsCard() {
  const editor = usePredictionEditor();
  const summary = useResultSummary(editor.projectId, editor.predictionId);
  const results = lastResults(summary.data);
  const unit = (value: number | null, suffix: string, decimals = 2) =>
    value === null ? '--' : `${formatNumber(value, decimals)} ${suffix}`;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="overview-results">
      <Group justify="space-between" mb="sm">
        <Title order={4} id="overview-results">
          Last results
        </Title>
        {results && (
          <Anchor
            component={Link}
            to={`/projects/${editor.projectId}/prediction/${editor.predictionId}/results/overview`}
            size="sm"
          >
            View the results
          </Anchor>
        )}
      </Group>
      {summary.isPending ? (
        <Loader size="sm" aria-label="Loading results" />
      ) : summary.isError ? (
        <Text c="red" size="sm">
          The results could not be loaded: {summary.error.message}
        </Text>
      ) : results ? (
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Figure label="P50 energy, year 1" value={formatEnergyMwh(results.energyMwh)} />
          <Figure label="Specific yield" value={unit(results.specificYieldDc, 'kWh/kWp', 1)} />
          <Figure label="Performance ratio" value={unit(results.performanceRatio, '%')} />
          <Figure label="Capacity factor (AC)" value={unit(results.capacityFactor, '%')} />
        </SimpleGrid>
      ) : (
        <Text c="dimmed">Run the prediction to see its results.</Text>
      )}
    </Paper>
  );
}
