/**
 * What a generator produced: the fitted single-diode parameters, the IV curves and the effective
 * irradiance response of the model (computed in the browser), with measured points over them when
 * an upload gave any.
 */
import { Alert, Paper, SimpleGrid, Table, Title } from '@mantine/core';
import { useDeferredValue, useMemo } from 'react';
import { EChart, type ChartOption } from '../components/EChart.tsx';
import { moduleCurves } from '../model/curves.ts';
import type { ModuleRecord } from '../model/types.ts';
import { FITTED_FIELDS, type MeasuredPoint } from './generatorModel.ts';

const show = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? String(Number(value.toPrecision(6))) : '--';

export function GeneratedPreview({
  module,
  measured = [],
}: {
  module: ModuleRecord;
  measured?: MeasuredPoint[];
}) {
  const deferred = useDeferredValue(module);
  const curves = useMemo(() => moduleCurves(deferred), [deferred]);
  const ivMeasured = measured.filter((p) => p.voltage !== undefined && p.current !== undefined);
  const pmpMeasured = measured.filter((p) => p.pmp !== undefined);
  const fitted = (
    <Paper withBorder p="md">
      <Title order={4} mb="sm">
        Single-diode parameters
      </Title>
      <Table aria-label="Single-diode parameters" data-testid="fitted-parameters">
        <Table.Tbody>
          {FITTED_FIELDS.map((field) => (
            <Table.Tr key={field.key}>
              <Table.Td>{field.unit ? `${field.label} [${field.unit}]` : field.label}</Table.Td>
              <Table.Td data-testid={`fitted-${field.key}`}>{show(module[field.key])}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
  if (typeof curves === 'string') {
    return (
      <>
        {fitted}
        <Alert color="yellow" mt="md" title="No curves yet">
          {curves}
        </Alert>
      </>
    );
  }
  const iv: ChartOption = {
    title: { text: 'IV curves at 25 °C', left: 'center', textStyle: { fontSize: 14 } },
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0, type: 'scroll' },
    grid: { left: 55, right: 20, top: 40, bottom: 60 },
    xAxis: { type: 'value', name: 'Voltage [V]', nameLocation: 'middle', nameGap: 28 },
    yAxis: { type: 'value', name: 'Current [A]', nameLocation: 'middle', nameGap: 40 },
    series: [
      ...curves.byIrradiance.map((set) => ({
        name: set.label,
        type: 'line',
        showSymbol: false,
        data: set.iv,
      })),
      ...(ivMeasured.length
        ? [
            {
              name: 'Measured',
              type: 'scatter',
              symbolSize: 5,
              data: ivMeasured.map((p) => [p.voltage, p.current]),
            },
          ]
        : []),
    ],
  };
  const response: ChartOption = {
    title: { text: 'Effective irradiance response', left: 'center', textStyle: { fontSize: 14 } },
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid: { left: 55, right: 20, top: 40, bottom: 60 },
    xAxis: { type: 'value', name: 'Irradiance [W/m²]', nameLocation: 'middle', nameGap: 28 },
    yAxis: {
      type: 'value',
      name: 'Relative efficiency [%]',
      nameLocation: 'middle',
      nameGap: 40,
      scale: true,
    },
    series: [
      { name: 'Model', type: 'line', data: curves.relativeEfficiency },
      ...(pmpMeasured.length && curves.stc.pmp > 0
        ? [
            {
              name: 'Measured',
              type: 'scatter',
              data: pmpMeasured
                .filter((p) => Math.abs(p.temperature - 25) < 0.5)
                .map((p) => [p.irradiance, (p.pmp! / p.irradiance / (curves.stc.pmp / 1000)) * 100]),
            },
          ]
        : []),
    ],
  };
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      {fitted}
      <Paper withBorder p="xs">
        <EChart label="Generated IV curves" option={iv} />
      </Paper>
      <Paper withBorder p="xs">
        <EChart label="Effective irradiance response" option={response} />
      </Paper>
    </SimpleGrid>
  );
}
