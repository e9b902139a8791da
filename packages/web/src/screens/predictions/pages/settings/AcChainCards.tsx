/**
 * The plant's high-voltage transformers and transmission lines (plant → meter in ordinal order) as
 * editable tables. Each line shows the resistance computed from the current it carries (domain
 * `transmissionLineResistances`, spec 2 §9.3, 5 decimals) and keeps it in the plant unless the user
 * typed another (systemModel.ts).
 */
import { ActionIcon, Badge, Button, Group, Table, Text, Tooltip } from '@mantine/core';
import { formatNumber, toUserUnits } from '@sunfield/domain';
import { usePredictionEditor } from '../../editor/editorContext.ts';
import { useCompanyDefaults } from '../../builder/useBuilderData.ts';
import type { Json, PowerPlant } from '../../model/types.ts';
import { NumberField } from './NumberField.tsx';
import { serverError, SettingsCard } from './SettingsCard.tsx';
import {
  addElement,
  applyComputedResistance,
  chainText,
  computedResistances,
  duplicateOrdinals,
  followsComputation,
  LINE_RANGES,
  linesOf,
  removeElement,
  setElementValue,
  TRANSFORMER_RANGES,
  transformersOf,
} from './systemModel.ts';

const ORDINAL_TWICE = 'Another transformer or line has this position.';

function useChain() {
  const editor = usePredictionEditor();
  const update = (change: (plant: PowerPlant) => PowerPlant) =>
    editor.setPlant((current) => (current ? change(current) : current));
  // New transformers and lines start from the company's system-detail defaults.
  const settings = useCompanyDefaults().data?.systemDetailSettings;
  const system = settings && typeof settings === 'object' ? (settings as Json) : null;
  return { editor, plant: editor.plant!, update, system };
}

export function TransformersCard() {
  const { editor, plant, update, system } = useChain();
  const { readOnly, units, errors } = editor;
  const rows = transformersOf(plant);
  const twice = duplicateOrdinals(plant);
  const columns = [
    { key: 'rating', label: 'Rating', symbol: 'MVA', decimals: 2 },
    { key: 'highSideVoltage', label: 'High-side voltage', symbol: 'kV', decimals: 2 },
    { key: 'noLoadLoss', label: 'No-load loss', symbol: '%', decimals: 2 },
    { key: 'fullLoadLoss', label: 'Full-load loss', symbol: '%', decimals: 2 },
  ] as const;

  return (
    <SettingsCard
      id="system-transformers"
      title="Transformers"
      description={chainText(plant)}
      actions={
        !readOnly && (
          <Button size="xs" onClick={() => update((p) => addElement(p, 'transformers', system))}>
            Add transformer
          </Button>
        )
      }
    >
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No high-voltage transformer: the arrays&apos; MV transformers feed the point of interconnection.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table withTableBorder verticalSpacing={4} aria-label="Transformers">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Position</Table.Th>
                {columns.map((c) => (
                  <Table.Th scope="col" key={c.key}>
                    {c.label} ({c.symbol})
                  </Table.Th>
                ))}
                {!readOnly && <Table.Th scope="col" aria-label="Remove" />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, index) => (
                <Table.Tr key={index}>
                  <Table.Td>
                    <NumberField
                      hideLabel
                      label={`Transformer ${index + 1} position`}
                      value={row.ordinal}
                      units={units}
                      range={TRANSFORMER_RANGES.ordinal}
                      disabled={readOnly}
                      w={90}
                      error={
                        serverError(errors, `transformers.${index}.ordinal`) ??
                        (typeof row.ordinal === 'number' && twice.has(row.ordinal) ? ORDINAL_TWICE : null)
                      }
                      onValue={(v) => update((p) => setElementValue(p, 'transformers', index, 'ordinal', v))}
                    />
                  </Table.Td>
                  {columns.map((c) => (
                    <Table.Td key={c.key}>
                      <NumberField
                        hideLabel
                        label={`Transformer ${index + 1} ${c.label.toLowerCase()}`}
                        symbol={c.symbol}
                        value={row[c.key]}
                        units={units}
                        range={TRANSFORMER_RANGES[c.key]}
                        decimals={c.decimals}
                        disabled={readOnly}
                        error={serverError(errors, `transformers.${index}.${c.key}`)}
                        onValue={(v) => update((p) => setElementValue(p, 'transformers', index, c.key, v))}
                      />
                    </Table.Td>
                  ))}
                  {!readOnly && (
                    <RemoveCell
                      label={`Remove transformer ${index + 1}`}
                      onRemove={() => update((p) => removeElement(p, 'transformers', index))}
                    />
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </SettingsCard>
  );
}

export function TransmissionLinesCard() {
  const { editor, plant, update, system } = useChain();
  const { readOnly, units, errors } = editor;
  const rows = linesOf(plant);
  const computed = computedResistances(plant);
  const twice = duplicateOrdinals(plant);
  const shownResistance = (value: number) => {
    const shown = toUserUnits(value, 'ohmPer1000Foot', units);
    return `${formatNumber(shown.value, 5)} ${shown.symbol}`;
  };
  const resistanceSymbol = toUserUnits(0, 'ohmPer1000Foot', units).symbol;
  const lengthSymbol = toUserUnits(0, 'kilometre', units).symbol;

  return (
    <SettingsCard
      id="system-lines"
      title="Transmission lines"
      description="A line's resistance is computed from the current it carries: the rating and voltage of the transformer before it, else the plant's AC size and largest array voltage (× 1.045). Type another value to override it."
      actions={
        !readOnly && (
          <Button size="xs" onClick={() => update((p) => addElement(p, 'transmissionLines', system))}>
            Add transmission line
          </Button>
        )
      }
    >
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No transmission line.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table withTableBorder verticalSpacing={4} aria-label="Transmission lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Position</Table.Th>
                <Table.Th scope="col">Length ({lengthSymbol})</Table.Th>
                <Table.Th scope="col">Conductors per phase</Table.Th>
                <Table.Th scope="col">Resistance ({resistanceSymbol})</Table.Th>
                <Table.Th scope="col">Computed resistance</Table.Th>
                {!readOnly && <Table.Th scope="col" aria-label="Remove" />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, index) => {
                const c = computed[index];
                const value = c?.resistance ?? Number.NaN;
                const follows = followsComputation(row.resistance, value);
                return (
                  <Table.Tr key={index}>
                    <Table.Td>
                      <NumberField
                        hideLabel
                        label={`Line ${index + 1} position`}
                        value={row.ordinal}
                        units={units}
                        range={LINE_RANGES.ordinal}
                        disabled={readOnly}
                        w={90}
                        error={
                          serverError(errors, `transmissionLines.${index}.ordinal`) ??
                          (typeof row.ordinal === 'number' && twice.has(row.ordinal) ? ORDINAL_TWICE : null)
                        }
                        onValue={(v) =>
                          update((p) => setElementValue(p, 'transmissionLines', index, 'ordinal', v))
                        }
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberField
                        hideLabel
                        label={`Line ${index + 1} length`}
                        unit="kilometre"
                        value={row.length}
                        units={units}
                        range={LINE_RANGES.length}
                        disabled={readOnly}
                        error={serverError(errors, `transmissionLines.${index}.length`)}
                        onValue={(v) =>
                          update((p) => setElementValue(p, 'transmissionLines', index, 'length', v))
                        }
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberField
                        hideLabel
                        label={`Line ${index + 1} conductors per phase`}
                        value={row.numberOfConductorsPerPhase}
                        units={units}
                        range={LINE_RANGES.numberOfConductorsPerPhase}
                        disabled={readOnly}
                        w={90}
                        error={serverError(errors, `transmissionLines.${index}.numberOfConductorsPerPhase`)}
                        onValue={(v) =>
                          update((p) =>
                            setElementValue(p, 'transmissionLines', index, 'numberOfConductorsPerPhase', v),
                          )
                        }
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberField
                        hideLabel
                        label={`Line ${index + 1} resistance`}
                        unit="ohmPer1000Foot"
                        value={row.resistance}
                        units={units}
                        range={LINE_RANGES.resistance}
                        decimals={5}
                        placeholder={
                          Number.isFinite(value)
                            ? formatNumber(toUserUnits(value, 'ohmPer1000Foot', units).value, 5)
                            : undefined
                        }
                        disabled={readOnly}
                        error={serverError(errors, `transmissionLines.${index}.resistance`)}
                        onValue={(v) =>
                          update((p) => setElementValue(p, 'transmissionLines', index, 'resistance', v))
                        }
                      />
                    </Table.Td>
                    <Table.Td data-testid={`line-${index + 1}-computed`}>
                      <Group gap={6} wrap="nowrap">
                        <Tooltip
                          label={
                            c && Number.isFinite(c.current)
                              ? `Design current ${formatNumber(c.current, 1)} A from ${
                                  c.transformerOrdinal === null
                                    ? "the plant's AC size and largest array voltage"
                                    : `the transformer at position ${c.transformerOrdinal}`
                                }`
                              : 'No voltage to compute from: give the arrays an MV transformer or add a transformer before the line.'
                          }
                          multiline
                          w={280}
                        >
                          <Text size="sm">{Number.isFinite(value) ? shownResistance(value) : '--'}</Text>
                        </Tooltip>
                        {follows ? (
                          <Badge size="xs" variant="light" color="teal">
                            used
                          </Badge>
                        ) : (
                          !readOnly &&
                          Number.isFinite(value) && (
                            <Button
                              size="compact-xs"
                              variant="light"
                              aria-label={`Use the computed resistance for line ${index + 1}`}
                              onClick={() => update((p) => applyComputedResistance(p, index))}
                            >
                              Use computed
                            </Button>
                          )
                        )}
                      </Group>
                    </Table.Td>
                    {!readOnly && (
                      <RemoveCell
                        label={`Remove line ${index + 1}`}
                        onRemove={() => update((p) => removeElement(p, 'transmissionLines', index))}
                      />
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </SettingsCard>
  );
}

/** The last cell of a transformer or line row: its remove button. */
function RemoveCell({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <Table.Td>
      <ActionIcon variant="subtle" color="red" aria-label={label} onClick={onRemove}>
        ×
      </ActionIcon>
    </Table.Td>
  );
}
