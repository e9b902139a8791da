/**
 * The 12 monthly factors of a prediction as an editable table (soiling loss %, albedo, spectral
 * shift %) with a chart of the three by month. A column pasted from a spreadsheet fills the months
 * from the cell pasted into; each column can take January's value in every month. Which of the
 * columns a run uses follows the model choices (named under the table).
 */
import { ActionIcon, Badge, Grid, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { formatNumber } from '@sunfield/domain';
import { useMemo } from 'react';
import { EChart } from '../../../weather/charts/EChart.tsx';
import { usePredictionEditor } from '../../editor/editorContext.ts';
import type { MonthlyFactor } from '../../model/types.ts';
import { monthlyFactorsOption } from './chartOptions.ts';
import {
  fillMonthlyColumn,
  MONTHLY_COLUMNS,
  monthlyMean,
  pasteMonthlyColumn,
  setMonthlyValue,
  twelveMonths,
  type MonthlyKey,
} from './environmentModel.ts';
import { isMultiValuePaste } from './fieldRules.ts';
import { NumberField } from './NumberField.tsx';
import { serverError, SettingsCard } from './SettingsCard.tsx';

/** Whether a run uses each column, and why not (from the model choices). */
function columnUse(p: Record<string, unknown>): Record<MonthlyKey, string | null> {
  return {
    soilingLoss: p.soilingModel === 2 ? 'Not used: the soiling model is None (Model Choices).' : null,
    albedo:
      p.useWeatherFileAlbedoData === true
        ? 'Not used: the albedo comes from the weather file (Model Choices).'
        : null,
    spectralShift:
      p.spectralShiftModel === 3
        ? null
        : 'Used only with the Monthly Override spectral shift model (Model Choices).',
  };
}

export function MonthlyFactorsCard() {
  const editor = usePredictionEditor();
  const { prediction, readOnly, units, errors } = editor;
  const factors = prediction.monthlyFactors;
  const rows = twelveMonths(factors);
  const use = columnUse(prediction);
  const option = useMemo(() => monthlyFactorsOption(factors, true), [factors]);

  const update = (change: (current: MonthlyFactor[] | null) => MonthlyFactor[]) =>
    editor.setPrediction((current) => ({ ...current, monthlyFactors: change(current.monthlyFactors) }));

  const storedIndex = (month: number) => (factors ?? []).findIndex((f) => f.month === month);

  return (
    <SettingsCard
      id="monthly-factors"
      title="Monthly soiling, albedo and spectral shift"
      description="One value a month. Paste a column from a spreadsheet into a cell to fill the months from there down."
    >
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Table striped withTableBorder verticalSpacing={4} aria-label="Monthly factors">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Month</Table.Th>
                {MONTHLY_COLUMNS.map((column) => (
                  <Table.Th key={column.key} scope="col">
                    <Stack gap={2}>
                      <span>
                        {column.label}
                        {column.symbol ? ` (${column.symbol})` : ''}
                      </span>
                      <Group gap={4} wrap="nowrap">
                        {!readOnly && (
                          <Tooltip label={`Use January's ${column.label.toLowerCase()} in every month`}>
                            <ActionIcon
                              size="xs"
                              variant="subtle"
                              aria-label={`Fill every month with January's ${column.label.toLowerCase()}`}
                              onClick={() =>
                                update((current) =>
                                  fillMonthlyColumn(
                                    current,
                                    column.key,
                                    twelveMonths(current)[0]![column.key] ?? null,
                                  ),
                                )
                              }
                            >
                              ↓
                            </ActionIcon>
                          </Tooltip>
                        )}
                        {use[column.key] && (
                          <Tooltip label={use[column.key]} multiline w={240}>
                            <Badge size="xs" color="gray" variant="light">
                              not used
                            </Badge>
                          </Tooltip>
                        )}
                      </Group>
                    </Stack>
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.month}>
                  <Table.Th scope="row" fw={500}>
                    {row.monthName as string}
                  </Table.Th>
                  {MONTHLY_COLUMNS.map((column) => (
                    <Table.Td key={column.key}>
                      <NumberField
                        hideLabel
                        label={`${row.monthName as string} ${column.label.toLowerCase()}`}
                        symbol={column.symbol}
                        value={row[column.key]}
                        units={units}
                        range={column.range}
                        decimals={column.decimals}
                        disabled={readOnly}
                        error={serverError(errors, `monthlyFactors.${storedIndex(row.month)}.${column.key}`)}
                        onValue={(value) =>
                          update((current) => setMonthlyValue(current, row.month, column.key, value))
                        }
                        onPasteValues={(text) => {
                          if (!isMultiValuePaste(text)) return false;
                          const next = pasteMonthlyColumn(factors, row.month, column.key, text);
                          if (!next) return false;
                          update(() => next);
                          return true;
                        }}
                      />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th scope="row">Mean</Table.Th>
                {MONTHLY_COLUMNS.map((column) => {
                  const mean = monthlyMean(factors, column.key);
                  return (
                    <Table.Td key={column.key} data-testid={`mean-${column.key}`}>
                      {mean === null
                        ? '--'
                        : `${formatNumber(mean, column.decimals)}${column.symbol ? ` ${column.symbol}` : ''}`}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            </Table.Tfoot>
          </Table>
          <Text size="xs" c="dimmed" mt="xs">
            Blank months take the engine&apos;s defaults: no soiling, albedo 0.2, no spectral shift.
          </Text>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <EChart option={option} height={380} label="Monthly soiling, albedo and spectral shift chart" />
        </Grid.Col>
      </Grid>
    </SettingsCard>
  );
}
