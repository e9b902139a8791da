/**
 * The uncertainty of the energy prediction: its five terms [%] (a value typed below 1 is taken as a
 * fraction and multiplied by 100, spec 1 §5), their root-sum-square total (the engine's), the
 * P-values reported, and what each P-value is of P50 at that total.
 */
import { Group, SimpleGrid, Stack, Table, TagsInput, Text } from '@mantine/core';
import { formatNumber } from '@sunfield/domain';
import { useState } from 'react';
import { usePredictionEditor } from '../../editor/editorContext.ts';
import {
  parsePValues,
  pValueShares,
  totalUncertainty,
  UNCERTAINTY_TERMS,
  uncertaintyPercent,
  uncertaintyTerms,
} from './modelChoicesModel.ts';
import { NumberField } from './NumberField.tsx';
import { serverError, SettingsCard } from './SettingsCard.tsx';

const DEFAULT_P_VALUES = [50, 75, 90, 95, 99];

function PValuesInput() {
  const editor = usePredictionEditor();
  const { prediction, readOnly, errors } = editor;
  const values = Array.isArray(prediction.pValues) ? prediction.pValues : DEFAULT_P_VALUES;
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <TagsInput
      label="P-values (%)"
      description="Exceedance probabilities reported, 1 to 99. Type one and press Enter."
      value={values.map(String)}
      disabled={readOnly}
      clearable={false}
      error={problem ?? serverError(errors, 'pValues')}
      onChange={(tags) => {
        const parsed = parsePValues(tags);
        setProblem(parsed.problem);
        if (parsed.values.length === 0) {
          setProblem('A prediction reports at least one P-value.');
          return;
        }
        editor.setPrediction((current) => ({ ...current, pValues: parsed.values }));
      }}
    />
  );
}

export function UncertaintySection() {
  const editor = usePredictionEditor();
  const { prediction: p, readOnly, units, errors } = editor;
  const total = totalUncertainty(p);
  const { defaulted } = uncertaintyTerms(p);
  const pValues = Array.isArray(p.pValues) && p.pValues.length ? p.pValues : DEFAULT_P_VALUES;
  const shares = pValueShares(pValues, total.total);

  return (
    <SettingsCard
      id="model-uncertainty"
      title="Uncertainty"
      description="Standard deviations in %. A value typed below 1 is read as a fraction: 0.05 is 5 %."
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="md">
        <Stack gap="sm">
          {UNCERTAINTY_TERMS.map(({ key, label }) => (
            <NumberField
              key={key}
              label={label}
              symbol="%"
              value={p[key]}
              units={units}
              range={{ min: 0, max: 100 }}
              placeholder="Engine default"
              disabled={readOnly}
              error={serverError(errors, key)}
              onValue={(value) => {
                const percent = uncertaintyPercent(value);
                editor.setPrediction((current) => ({ ...current, [key]: percent }));
              }}
            />
          ))}
        </Stack>
        <Stack gap="md">
          <Table withTableBorder aria-label="Total uncertainty">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row">Irradiance (root-sum-square of the first four)</Table.Th>
                <Table.Td data-testid="uncertainty-irradiance">
                  {formatNumber(total.irradiance, 2)} %
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">Total (with the energy model)</Table.Th>
                <Table.Td data-testid="uncertainty-total" fw={600}>
                  {formatNumber(total.total, 2)} %
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {defaulted.length > 0 && (
            <Text size="xs" c="dimmed">
              Blank terms take the engine&apos;s defaults (3, 5, 2, 2 and 2.9 %).
            </Text>
          )}
          <PValuesInput />
          <Table withTableBorder verticalSpacing={4} aria-label="P-values of the first year">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">P-value</Table.Th>
                <Table.Th scope="col">Energy (% of P50)</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shares.map(({ pValue, share }) => (
                <Table.Tr key={pValue}>
                  <Table.Td>P{pValue}</Table.Td>
                  <Table.Td>{formatNumber(share, 2)} %</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group gap={4}>
            <Text size="xs" c="dimmed">
              P<sub>X</sub> = P50 · (1 − z<sub>X</sub> · σ<sub>total</sub>), for any one year.
            </Text>
          </Group>
        </Stack>
      </SimpleGrid>
    </SettingsCard>
  );
}
