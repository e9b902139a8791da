/**
 * results/overview: the year's key figures (energy, specific yield, PR, capacity factor), the figures
 * of every simulated year, the P-value table, the loss diagram (waterfall from GHI to the point of
 * interconnection), the monthly energy and PR chart, what the run assumed, and the downloads (8760
 * workbook, reports).
 */
import { Center, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { EChart } from '../../weather/charts/EChart.tsx';
import { usePredictionEditor } from '../editor/editorContext.ts';
import { useResultDetails, useResultSummary } from '../queries.ts';
import { LossDiagram } from './components/LossDiagram.tsx';
import { ReportsPanel } from './components/ResultDownloads.tsx';
import { RunAssumptions } from './components/RunAssumptions.tsx';
import { YearSelect } from './components/YearSelect.tsx';
import { monthlyEnergyOption } from './model/charts.ts';
import { formatDateTime, formatValue, inUserUnits, unitOf, withUnit } from './model/format.ts';
import {
  lossCascade,
  monthRows,
  p50Factors,
  pValueRows,
  summaryYears,
  yearGhi,
  yearRows,
} from './model/summary.ts';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="sm" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

export function ResultsOverviewPage() {
  const editor = usePredictionEditor();
  const { units } = editor;
  const summaryQuery = useResultSummary(editor.projectId, editor.predictionId);
  const detailsQuery = useResultDetails(editor.projectId, editor.predictionId);
  const summary = summaryQuery.data ?? null;
  const [yearIndex, setYearIndex] = useState(0);
  const years = useMemo(() => yearRows(summary), [summary]);
  const year = summaryYears(summary)[yearIndex];
  const row = years[yearIndex];
  const pValues = useMemo(() => pValueRows(year), [year]);
  const steps = useMemo(() => lossCascade(summary, yearIndex), [summary, yearIndex]);
  const months = useMemo(() => monthRows(detailsQuery.data), [detailsQuery.data]);
  const monthlyOption = useMemo(() => monthlyEnergyOption(months), [months]);
  const p50 = p50Factors(year);
  const irradiation = unitOf('irradiation', units);

  if (!summary) return null;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={3}>Results</Title>
          <Text size="sm" c="dimmed">
            Run {formatDateTime(summary.timeOfPrediction as string | undefined)}
            {typeof summary.runBy === 'string' ? ` by ${summary.runBy}` : ''} · weather{' '}
            {typeof summary.weatherName === 'string' ? summary.weatherName : '--'} · DC{' '}
            {withUnit(summary.dcSize, 'MWp', 3)} · AC {withUnit(summary.acSize, 'MW', 3)}
          </Text>
        </Stack>
        <YearSelect years={years} value={yearIndex} onChange={setYearIndex} />
      </Group>

      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Figure label="Energy" value={withUnit(row?.energyMwh, 'MWh', 1)} />
        <Figure label="Specific yield" value={withUnit(row?.specificYield, 'kWh/kWp', 1)} />
        <Figure label="Performance ratio" value={withUnit(row?.performanceRatio, '%', 2)} />
        <Figure label="Capacity factor" value={withUnit(row?.capacityFactor, '%', 2)} />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        Energy at the point of interconnection (night consumption included); specific yield, PR and capacity
        factor at P50. GHI{' '}
        {withUnit(inUserUnits(yearGhi(summary, year), 'irradiation', units), irradiation, 1)}, POA{' '}
        {withUnit(inUserUnits(p50?.poAInsolation, 'irradiation', units), irradiation, 1)}.
      </Text>

      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Paper withBorder p="md">
          <Title order={4} mb="xs">
            Energy by year
          </Title>
          <FiguresTable
            label="Energy by year"
            first="Year"
            energy="Energy (MWh)"
            rows={years.map((y) => ({ ...y, key: y.index }))}
          />
        </Paper>
        <Paper withBorder p="md">
          <Title order={4} mb="xs">
            P-values{years.length > 1 && row ? ` (${row.label})` : ''}
          </Title>
          <FiguresTable
            label="P-values"
            first="P-value"
            energy="Net energy (MWh)"
            rows={pValues.map((p) => ({ ...p, key: p.pValue }))}
          />
          <Text size="xs" c="dimmed" mt={4}>
            Net energy excludes night-time consumption. Total uncertainty{' '}
            {withUnit(typeof summary.errorTotal === 'number' ? summary.errorTotal * 100 : null, '%', 2)}.
          </Text>
        </Paper>
      </SimpleGrid>

      <LossDiagram steps={steps} ghi={yearGhi(summary, year)} units={units} />

      <Paper withBorder p="md">
        <Title order={4}>Monthly energy and performance ratio</Title>
        <Text size="sm" c="dimmed" mb="xs">
          {summaryYears(summary).length > 1 ? 'First year: energy' : 'Energy'} at the point of interconnection
          and performance ratio of each month.
        </Text>
        {detailsQuery.isPending ? (
          <Center h={320}>
            <Loader size="sm" aria-label="Loading monthly results" />
          </Center>
        ) : months.length ? (
          <EChart option={monthlyOption} label="Monthly energy and performance ratio" height={340} />
        ) : (
          <Text size="sm" c="dimmed">
            No monthly results.
          </Text>
        )}
      </Paper>

      <RunAssumptions projectId={editor.projectId} predictionId={editor.predictionId} />

      <ReportsPanel />
    </Stack>
  );
}

interface FiguresRow {
  key: number;
  label: string;
  energyMwh: number | null;
  specificYield: number | null;
  performanceRatio: number | null;
  capacityFactor: number | null;
}

/** A year's or a P-value's energy, specific yield, PR and capacity factor, one row each. */
function FiguresTable(props: { label: string; first: string; energy: string; rows: FiguresRow[] }) {
  return (
    <Table striped verticalSpacing={4} aria-label={props.label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{props.first}</Table.Th>
          <Table.Th ta="right">{props.energy}</Table.Th>
          <Table.Th ta="right">Specific yield (kWh/kWp)</Table.Th>
          <Table.Th ta="right">PR (%)</Table.Th>
          <Table.Th ta="right">Capacity factor (%)</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.rows.map((r) => (
          <Table.Tr key={r.key}>
            <Table.Td>{r.label}</Table.Td>
            <Table.Td ta="right">{formatValue(r.energyMwh, 1)}</Table.Td>
            <Table.Td ta="right">{formatValue(r.specificYield, 1)}</Table.Td>
            <Table.Td ta="right">{formatValue(r.performanceRatio, 2)}</Table.Td>
            <Table.Td ta="right">{formatValue(r.capacityFactor, 2)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
