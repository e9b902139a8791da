/** Annual and monthly sums (irradiance, kWh/m²) and means (temperature, wind, …). */
import { Table, Text } from '@mantine/core';
import { MONTHS, formatNumber } from '../model/format.ts';
import { useUnits } from '../../../lib/units.tsx';
import { summaryColumns, summaryValue } from '../model/summary.ts';
import type { WeatherSummary } from '../model/types.ts';

export function SummaryTab({ summary }: { summary: WeatherSummary | null | undefined }) {
  const { system } = useUnits();
  const columns = summaryColumns(summary, system);
  if (!summary || !columns.length)
    return <Text c="dimmed">No summary is available for this weather file.</Text>;
  const monthly = [...(summary.monthly ?? [])].sort((a, b) => a.month - b.month);
  return (
    <Table.ScrollContainer minWidth={700}>
      <Table striped withTableBorder verticalSpacing="xs" aria-label="Weather summary">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Period</Table.Th>
            {columns.map((column) => (
              <Table.Th key={column.key} style={{ textAlign: 'right' }}>
                {column.label}
                <Text size="xs" c="dimmed" component="div">
                  {column.kind === 'sum' ? 'sum' : 'mean'}, {column.unit}
                </Text>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {monthly.map((row) => (
            <Table.Tr key={row.month}>
              <Table.Td>{MONTHS[row.month - 1] ?? row.month}</Table.Td>
              {columns.map((column) => (
                <Table.Td key={column.key} style={{ textAlign: 'right' }}>
                  {formatNumber(
                    summaryValue(column.key, row[column.key], system),
                    column.kind === 'sum' ? 1 : 2,
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
          <Table.Tr fw={700}>
            <Table.Td>Annual</Table.Td>
            {columns.map((column) => (
              <Table.Td
                key={column.key}
                style={{ textAlign: 'right' }}
                data-testid={`summary-annual-${column.key}`}
              >
                {formatNumber(
                  summaryValue(column.key, summary.annual?.[column.key], system),
                  column.kind === 'sum' ? 1 : 2,
                )}
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
