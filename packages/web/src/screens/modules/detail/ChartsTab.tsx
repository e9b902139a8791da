/**
 * The charts tab: IV and PV curves at several irradiances and temperatures and the relative
 * efficiency against irradiance, computed in the browser (model/curves.ts) as the values change.
 */
import { Alert, Paper, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { useDeferredValue, useMemo } from 'react';
import { EChart, type ChartOption } from '../components/EChart.tsx';
import { moduleCurves, type CurveSet } from '../model/curves.ts';
import type { ModuleRecord } from '../model/types.ts';

function curveOption(sets: CurveSet[], key: 'iv' | 'pv', title: string): ChartOption {
  return {
    title: { text: title, left: 'center', textStyle: { fontSize: 14 } },
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0, type: 'scroll' },
    grid: { left: 60, right: 20, top: 40, bottom: 60 },
    xAxis: { type: 'value', name: 'Voltage [V]', nameLocation: 'middle', nameGap: 28 },
    yAxis: {
      type: 'value',
      name: key === 'iv' ? 'Current [A]' : 'Power [W]',
      nameLocation: 'middle',
      nameGap: 45,
    },
    series: sets.map((set) => ({
      name: set.label,
      type: 'line',
      showSymbol: false,
      data: set[key],
    })),
  };
}

const fmt = (x: number, digits: number) => (Number.isFinite(x) ? x.toFixed(digits) : '--');

export function ChartsTab({ module }: { module: ModuleRecord }) {
  const deferred = useDeferredValue(module);
  const curves = useMemo(() => moduleCurves(deferred), [deferred]);
  if (typeof curves === 'string') {
    return (
      <Alert color="yellow" title="No curves">
        {curves}
      </Alert>
    );
  }
  const efficiency: ChartOption = {
    title: { text: 'Relative efficiency', left: 'center', textStyle: { fontSize: 14 } },
    tooltip: { trigger: 'axis' },
    grid: { left: 60, right: 20, top: 40, bottom: 50 },
    xAxis: { type: 'value', name: 'Irradiance [W/m²]', nameLocation: 'middle', nameGap: 28 },
    yAxis: {
      type: 'value',
      name: 'Relative efficiency [%]',
      nameLocation: 'middle',
      nameGap: 45,
      scale: true,
    },
    series: [{ name: 'Relative efficiency', type: 'line', data: curves.relativeEfficiency }],
  };
  return (
    <>
      <Paper withBorder p="md" mb="md">
        <Title order={4} mb="sm">
          Key points at 25 °C
        </Title>
        <Table aria-label="Key points" data-testid="key-points">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Irradiance [W/m²]</Table.Th>
              <Table.Th>Pmp [W]</Table.Th>
              <Table.Th>Vmp [V]</Table.Th>
              <Table.Th>Imp [A]</Table.Th>
              <Table.Th>Voc [V]</Table.Th>
              <Table.Th>Isc [A]</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {curves.byIrradiance
              .slice()
              .reverse()
              .map((set) => (
                <Table.Tr key={set.irradiance} data-testid={`key-points-${set.irradiance}`}>
                  <Table.Td>{set.irradiance}</Table.Td>
                  <Table.Td data-testid={`pmp-${set.irradiance}`}>{fmt(set.mpp.pmp, 2)}</Table.Td>
                  <Table.Td>{fmt(set.mpp.vmp, 2)}</Table.Td>
                  <Table.Td>{fmt(set.mpp.imp, 3)}</Table.Td>
                  <Table.Td>{fmt(set.mpp.voc, 2)}</Table.Td>
                  <Table.Td>{fmt(set.mpp.isc, 3)}</Table.Td>
                </Table.Tr>
              ))}
          </Table.Tbody>
        </Table>
        <Text size="xs" c="dimmed" mt="xs">
          Computed in the browser from the module&apos;s parameters.
        </Text>
      </Paper>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Paper withBorder p="xs">
          <EChart
            label="IV curves by irradiance"
            option={curveOption(curves.byIrradiance, 'iv', 'IV curves at 25 °C')}
          />
        </Paper>
        <Paper withBorder p="xs">
          <EChart
            label="PV curves by irradiance"
            option={curveOption(curves.byIrradiance, 'pv', 'PV curves at 25 °C')}
          />
        </Paper>
        <Paper withBorder p="xs">
          <EChart
            label="IV curves by temperature"
            option={curveOption(curves.byTemperature, 'iv', 'IV curves at 1000 W/m²')}
          />
        </Paper>
        <Paper withBorder p="xs">
          <EChart
            label="PV curves by temperature"
            option={curveOption(curves.byTemperature, 'pv', 'PV curves at 1000 W/m²')}
          />
        </Paper>
        <Paper withBorder p="xs">
          <EChart label="Relative efficiency against irradiance" option={efficiency} />
        </Paper>
      </SimpleGrid>
    </>
  );
}
