/**
 * Degradation and the years simulated: the degradation model with its linear rate and first-year
 * flag (Stepped AC, Linear AC, Linear DC) or its per-year rates (Non-Linear DC), LeTID with its
 * per-year rates, metastability, the year repeater and leap years.
 */
import { ActionIcon, Button, Checkbox, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { usePredictionEditor } from '../../editor/editorContext.ts';
import { ChoiceSelect, ChoiceSwitch } from './ChoiceFields.tsx';
import {
  addRateRow,
  applicable,
  duplicateYears,
  rateRows,
  removeRateRow,
  setRateValue,
  weatherHolds,
  type YearRate,
} from './modelChoicesModel.ts';
import { NumberField } from './NumberField.tsx';
import { serverError, SettingsCard } from './SettingsCard.tsx';

/** An editable list of {year, degradationRate} (year 0 = the first year of operation). */
function RatesTable({ field, title }: { field: string; title: string }) {
  const editor = usePredictionEditor();
  const { readOnly, units, errors } = editor;
  const rows = rateRows(editor.prediction[field]);
  const twice = duplicateYears(rows);
  const update = (change: (current: YearRate[]) => YearRate[]) =>
    editor.setPrediction((current) => ({ ...current, [field]: change(rateRows(current[field])) }));

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={500} size="sm">
          {title}
        </Text>
        {!readOnly && (
          <Button
            size="xs"
            variant="default"
            onClick={() => update(addRateRow)}
            disabled={rows.length >= 100}
          >
            Add year
          </Button>
        )}
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No rates yet.
        </Text>
      ) : (
        <Table withTableBorder verticalSpacing={4} aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Year</Table.Th>
              <Table.Th scope="col">Rate (%/yr)</Table.Th>
              {!readOnly && <Table.Th scope="col" aria-label="Remove" />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              <Table.Tr key={index}>
                <Table.Td>
                  <NumberField
                    hideLabel
                    label={`${title} row ${index + 1} year`}
                    value={row.year}
                    units={units}
                    range={{ min: 0, max: 100, integer: true, required: true }}
                    disabled={readOnly}
                    error={
                      serverError(errors, `${field}.${index}.year`) ??
                      (typeof row.year === 'number' && twice.has(row.year)
                        ? 'This year is given twice.'
                        : null)
                    }
                    onValue={(value) => update((current) => setRateValue(current, index, 'year', value))}
                  />
                </Table.Td>
                <Table.Td>
                  <NumberField
                    hideLabel
                    label={`${title} row ${index + 1} rate`}
                    symbol="%/yr"
                    value={row.degradationRate}
                    units={units}
                    range={{ min: -100, max: 100, required: true }}
                    disabled={readOnly}
                    error={serverError(errors, `${field}.${index}.degradationRate`)}
                    onValue={(value) =>
                      update((current) => setRateValue(current, index, 'degradationRate', value))
                    }
                  />
                </Table.Td>
                {!readOnly && (
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${title.toLowerCase()} row ${index + 1}`}
                      onClick={() => update((current) => removeRateRow(current, index))}
                    >
                      ×
                    </ActionIcon>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Text size="xs" c="dimmed">
        Year 0 is the first year of operation.
      </Text>
    </Stack>
  );
}

export function DegradationSection() {
  const editor = usePredictionEditor();
  const { prediction: p, readOnly, units, errors } = editor;
  const show = applicable(p, weatherHolds(editor.weather));

  return (
    <SettingsCard id="model-degradation" title="Degradation and years">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="md">
        <Stack gap="md">
          <ChoiceSelect field="degradationModel" type="DegradationModel" label="Degradation model" />
          {show.linearDegradation && (
            <>
              <NumberField
                label="Linear degradation rate"
                symbol="%/yr"
                value={p.linearDegradationRate}
                units={units}
                range={{ min: -20, max: 20 }}
                placeholder="0.5"
                disabled={readOnly}
                error={serverError(errors, 'linearDegradationRate')}
                onValue={(value) =>
                  editor.setPrediction((current) => ({ ...current, linearDegradationRate: value }))
                }
              />
              <Checkbox
                label="Degrade in the first year"
                description="Off: the first year of operation is at full power."
                checked={p.firstYearDegradation === true}
                disabled={readOnly}
                onChange={(event) => {
                  const on = event.currentTarget.checked;
                  editor.setPrediction((current) => ({ ...current, firstYearDegradation: on }));
                }}
              />
            </>
          )}
          {show.nonLinearRates && (
            <RatesTable field="nonLinearDegradationRates" title="Non-linear degradation rates" />
          )}
        </Stack>
        <Stack gap="md">
          <ChoiceSwitch
            field="enableLeTID"
            label="LeTID (light and elevated temperature degradation)"
            description="Per-year LeTID rates on top of the degradation model."
          />
          {show.leTidRates && (
            <RatesTable field="lightAndElevatedTemperatureDegradationRates" title="LeTID rates" />
          )}
          <ChoiceSwitch
            field="useMetastability"
            label="Metastability"
            description="Recorded with the prediction; the engine does not model metastability yet."
          />
          <NumberField
            label="Year repeater"
            description="Years simulated: the weather year repeats, degradation goes on."
            value={p.yearRepeater}
            units={units}
            range={{ min: 1, max: 50, integer: true }}
            placeholder="1"
            disabled={readOnly}
            error={serverError(errors, 'yearRepeater')}
            onValue={(value) => editor.setPrediction((current) => ({ ...current, yearRepeater: value }))}
          />
          <ChoiceSwitch
            field="useLeapYears"
            label="Use leap years"
            description="Recorded with the prediction; a run follows the weather file's own dates."
          />
        </Stack>
      </SimpleGrid>
    </SettingsCard>
  );
}
