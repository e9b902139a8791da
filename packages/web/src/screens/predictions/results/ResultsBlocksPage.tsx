/**
 * results/blocks: every block of the plant (summary.blockResultSummaries) with its size, DC:AC,
 * tracking, tilt, azimuth, GCR, the year's energy at its arrays' outputs, specific yield and share,
 * and a chart of the energy per block. Block losses are listed when the summary carries them.
 */
import { Group, Paper, ScrollArea, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { EChart } from '../../weather/charts/EChart.tsx';
import { usePredictionEditor } from '../editor/editorContext.ts';
import { useResultSummary } from '../queries.ts';
import { YearSelect } from './components/YearSelect.tsx';
import { blocksOption } from './model/charts.ts';
import { formatLossPercent, formatValue } from './model/format.ts';
import { blockRows, yearRows } from './model/summary.ts';

export function ResultsBlocksPage() {
  const editor = usePredictionEditor();
  const summary = useResultSummary(editor.projectId, editor.predictionId).data ?? null;
  const [yearIndex, setYearIndex] = useState(0);
  const [filter, setFilter] = useState('');
  const years = useMemo(() => yearRows(summary), [summary]);
  const rows = useMemo(() => blockRows(summary, yearIndex), [summary, yearIndex]);
  const option = useMemo(() => blocksOption(rows), [rows]);
  const shown = useMemo(() => {
    const wanted = filter.trim().toLowerCase();
    return wanted
      ? rows.filter(
          (r) =>
            `block ${r.name}`.toLowerCase().includes(wanted) || r.tracking.toLowerCase().includes(wanted),
        )
      : rows;
  }, [rows, filter]);
  const lossKeys = useMemo(() => {
    const keys = new Map<string, string>();
    for (const row of rows) for (const loss of row.losses) keys.set(loss.key, loss.label);
    return [...keys];
  }, [rows]);

  if (!rows.length)
    return (
      <Text size="sm" c="dimmed">
        This result has no block results.
      </Text>
    );
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={3}>Blocks</Title>
          <Text size="sm" c="dimmed">
            Energy of each block at its arrays&apos; outputs (after the array transformers and AC collection,
            before the plant&apos;s transformers, lines, availability and LGIA). Sizes are of one block;
            energy in total is for all its repeats.
          </Text>
        </Stack>
        <YearSelect years={years} value={yearIndex} onChange={setYearIndex} />
      </Group>
      <Paper withBorder p="md">
        <Title order={4} mb="xs">
          Energy per block
        </Title>
        <EChart option={option} label="Energy per block" height={320} />
      </Paper>
      <Paper withBorder p="md">
        <Group justify="space-between" mb="xs">
          <Title order={4}>Block results</Title>
          <TextInput
            size="xs"
            placeholder="Filter blocks"
            aria-label="Filter blocks"
            value={filter}
            onChange={(e) => setFilter(e.currentTarget.value)}
          />
        </Group>
        <ScrollArea.Autosize mah={560} type="auto">
          <Table striped stickyHeader verticalSpacing={4} fz="sm" aria-label="Block results">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Block</Table.Th>
                <Table.Th ta="right">Repeater</Table.Th>
                <Table.Th ta="right">DC (MWp)</Table.Th>
                <Table.Th ta="right">AC (MW)</Table.Th>
                <Table.Th ta="right">DC:AC</Table.Th>
                <Table.Th>Tracking</Table.Th>
                <Table.Th ta="right">Tilt (°)</Table.Th>
                <Table.Th ta="right">Azimuth (°)</Table.Th>
                <Table.Th ta="right">GCR</Table.Th>
                <Table.Th ta="right">Energy (MWh)</Table.Th>
                <Table.Th ta="right">Energy in total (MWh)</Table.Th>
                <Table.Th ta="right">Specific yield (kWh/kWp)</Table.Th>
                <Table.Th ta="right">Share (%)</Table.Th>
                {lossKeys.map(([key, label]) => (
                  <Table.Th key={key} ta="right">
                    {label} (%)
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((row) => (
                <Table.Tr key={row.name}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>Block {row.name}</Table.Td>
                  <Table.Td ta="right">{row.repeater}</Table.Td>
                  <Table.Td ta="right">{formatValue(row.dcMw, 3)}</Table.Td>
                  <Table.Td ta="right">{formatValue(row.acMw, 3)}</Table.Td>
                  <Table.Td ta="right">{formatValue(row.dcAc, 2)}</Table.Td>
                  <Table.Td>{row.tracking}</Table.Td>
                  <Table.Td ta="right">{formatValue(row.tilt, 1)}</Table.Td>
                  <Table.Td ta="right">{formatValue(row.azimuth, 1)}</Table.Td>
                  <Table.Td ta="right">{formatValue(row.gcr, 2)}</Table.Td>
                  <Table.Td ta="right">{formatValue(row.energyMwh, 1)}</Table.Td>
                  <Table.Td ta="right">{formatValue(row.totalEnergyMwh, 1)}</Table.Td>
                  <Table.Td ta="right">{formatValue(row.specificYield, 1)}</Table.Td>
                  <Table.Td ta="right">{formatValue(row.share, 1)}</Table.Td>
                  {lossKeys.map(([key]) => (
                    <Table.Td key={key} ta="right">
                      {formatLossPercent(row.losses.find((l) => l.key === key)?.loss)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
        {!lossKeys.length && (
          <Text size="xs" c="dimmed" mt={4}>
            The engine does not compute a loss tree per block: the plant&apos;s loss diagram is on the results
            overview.
          </Text>
        )}
      </Paper>
    </Stack>
  );
}
