/**
 * results/charts: daily profiles by month (mean power by hour of the day, GET …/AverageEnergy), the
 * heat map of power by day and hour, and the POA irradiance vs power scatter (hourly rows of the
 * first year). Each chart saves as an image (toolbox).
 */
import { Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import { EChart } from '../../weather/charts/EChart.tsx';
import { usePredictionEditor } from '../editor/editorContext.ts';
import { useAverageEnergy, useResultDetails, useResultSummary } from '../queries.ts';
import { YearSelect } from './components/YearSelect.tsx';
import { dailyProfilesOption, heatmapOption, scatterOption, type AverageEnergy } from './model/charts.ts';
import { yearRows } from './model/summary.ts';
import type { DetailRow } from './types.ts';

function ChartCard({
  title,
  note,
  loading,
  children,
}: {
  title: string;
  note: string;
  loading: boolean;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md">
      <Title order={4}>{title}</Title>
      <Text size="sm" c="dimmed" mb="xs">
        {note}
      </Text>
      {loading ? (
        <Center h={320}>
          <Loader size="sm" aria-label={`Loading ${title}`} />
        </Center>
      ) : (
        children
      )}
    </Paper>
  );
}

export function ResultsChartsPage() {
  const editor = usePredictionEditor();
  const summary = useResultSummary(editor.projectId, editor.predictionId).data ?? null;
  const details = useResultDetails(editor.projectId, editor.predictionId);
  const average = useAverageEnergy(editor.projectId, editor.predictionId);
  const [yearIndex, setYearIndex] = useState(0);
  const years = useMemo(() => yearRows(summary), [summary]);
  const hourly = useMemo(
    () => (Array.isArray(details.data?.HourlyDetails) ? (details.data.HourlyDetails as DetailRow[]) : []),
    [details.data],
  );
  const profiles = useMemo(
    () => dailyProfilesOption(average.data as AverageEnergy | null | undefined, yearIndex),
    [average.data, yearIndex],
  );
  const heatmap = useMemo(() => heatmapOption(hourly), [hourly]);
  const scatter = useMemo(() => scatterOption(hourly, editor.units), [hourly, editor.units]);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={3}>Charts</Title>
        <YearSelect years={years} value={yearIndex} onChange={setYearIndex} />
      </Group>
      <ChartCard
        title="Daily profiles by month"
        note="Mean power at the point of interconnection for each hour of the day (project standard time), one line per month."
        loading={average.isPending}
      >
        <EChart option={profiles} label="Daily profiles by month" height={360} />
      </ChartCard>
      <ChartCard
        title="Power by day and hour"
        note="Mean power of each hour of the first year at the point of interconnection."
        loading={details.isPending}
      >
        <EChart option={heatmap} label="Power by day and hour" height={420} />
      </ChartCard>
      <ChartCard
        title="POA irradiance vs power"
        note="Each daylight hour of the first year: mean front plane-of-array irradiance against the plant's mean power."
        loading={details.isPending}
      >
        <EChart option={scatter} label="POA irradiance vs power" height={380} />
      </ChartCard>
    </Stack>
  );
}
