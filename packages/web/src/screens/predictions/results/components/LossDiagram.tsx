/**
 * The loss diagram of a year: a waterfall (ECharts) from the horizontal irradiation times the DC
 * rating through every loss of the chain to the energy at the point of interconnection, and the same
 * steps as a table (loss in %, − loss / + gain, and the energy after each step).
 */
import { Grid, Paper, Table, Text, Title } from '@mantine/core';
import type { UnitSystemName } from '@sunfield/domain';
import { useMemo } from 'react';
import { EChart } from '../../../weather/charts/EChart.tsx';
import { waterfallOption } from '../model/charts.ts';
import { formatLossPercent, formatValue, inUserUnits, unitOf } from '../model/format.ts';
import type { CascadeStep } from '../model/summary.ts';

export function LossDiagram({
  steps,
  ghi,
  units,
}: {
  steps: readonly CascadeStep[];
  /** the year's horizontal irradiation [kWh/m²] */
  ghi: number | null;
  units: UnitSystemName;
}) {
  const option = useMemo(() => waterfallOption(steps), [steps]);
  if (!steps.length)
    return (
      <Paper withBorder p="md">
        <Title order={4}>Loss diagram</Title>
        <Text size="sm" c="dimmed">
          This result has no loss tree.
        </Text>
      </Paper>
    );
  return (
    <Paper withBorder p="md">
      <Title order={4}>Loss diagram</Title>
      <Text size="sm" c="dimmed" mb="xs">
        From the horizontal irradiation ({formatValue(inUserUnits(ghi, 'irradiation', units), 1)}{' '}
        {unitOf('irradiation', units)}) times the DC rating to the energy at the point of interconnection;
        each step in % of the one before it (− loss, + gain).
      </Text>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <EChart option={option} label="Loss diagram" height={Math.max(360, steps.length * 24 + 60)} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Table striped verticalSpacing={2} fz="sm" aria-label="Loss tree">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Step</Table.Th>
                <Table.Th ta="right">Change</Table.Th>
                <Table.Th ta="right">Energy (MWh)</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {steps.map((step) => (
                <Table.Tr key={step.key} fw={step.kind === 'total' ? 600 : undefined}>
                  <Table.Td>{step.label}</Table.Td>
                  <Table.Td
                    ta="right"
                    style={{ whiteSpace: 'nowrap' }}
                    c={step.kind === 'loss' ? 'red.8' : step.kind === 'gain' ? 'teal.8' : undefined}
                  >
                    {step.kind === 'total' ? '' : formatLossPercent(step.loss)}
                  </Table.Td>
                  <Table.Td ta="right">{formatValue(step.after, 1)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
