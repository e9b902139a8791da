/**
 * Editable curve tables (one per curve): the curve's value (voltage, elevation or temperature) and its
 * rows of points, with Add curve / Add row / remove buttons. Read-only inverters show plain tables.
 */
import { ActionIcon, Button, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import {
  CURVES,
  addCurve,
  addPoint,
  curveErrorKey,
  formatNumber,
  removeCurve,
  removePoint,
  setCurveValue,
  setPoint,
  sortCurves,
  toNumber,
  unitLabel,
  type CurveKind,
  type DraftCurve,
  type Num,
} from '../model/draft.ts';
import { useInverterEditor } from './editorContext.ts';
import { NumberCell } from './NumberCell.tsx';

/** 'Efficiency curve at 880 V'; 'Efficiency curve 2' while it has no value. */
export function curveTitle(kind: CurveKind, curve: DraftCurve, index: number, unit: string): string {
  const value = toNumber(curve.value);
  const spec = CURVES[kind];
  return value === null || Number.isNaN(value)
    ? `${spec.noun} ${index + 1}`
    : `${spec.noun} at ${formatNumber(value)} ${unit}`.trim();
}

function shownValue(value: Num): string {
  const n = toNumber(value);
  return n === null || Number.isNaN(n) ? String(value) : formatNumber(n, 2);
}

export function CurvesEditor({ kind }: { kind: CurveKind }) {
  const { draft, update, readOnly, errors, units } = useInverterEditor();
  const spec = CURVES[kind];
  const curves = draft.curves[kind];
  const valueUnit = unitLabel(spec.valueUnit, units);
  const xUnit = unitLabel(spec.xUnit, units);
  const yUnit = unitLabel(spec.yUnit, units);
  const set = (next: (list: DraftCurve[]) => DraftCurve[]) =>
    update((d) => ({ ...d, curves: { ...d.curves, [kind]: next(d.curves[kind]) } }));

  return (
    <Stack gap="sm">
      {!readOnly && (
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            onClick={() => set((list) => addCurve(list, list[list.length - 1]))}
          >
            Add curve
          </Button>
          <Button size="xs" variant="subtle" onClick={() => set(sortCurves)} disabled={curves.length === 0}>
            Sort rows
          </Button>
        </Group>
      )}
      {curves.length === 0 && (
        <Text c="dimmed" size="sm">
          No {spec.noun.toLowerCase()}s yet.
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="sm">
        {curves.map((curve, c) => {
          const title = curveTitle(kind, curve, c, valueUnit);
          return (
            <Paper key={curve.key} withBorder p="sm">
              <Stack gap="xs">
                <Group justify="space-between" align="flex-end" wrap="nowrap">
                  {readOnly ? (
                    <Text fw={600}>
                      {spec.valueLabel}: {shownValue(curve.value)} {valueUnit}
                    </Text>
                  ) : (
                    <NumberCell
                      label={`${spec.valueLabel} (${valueUnit})`}
                      aria-label={`${spec.valueLabel} (${valueUnit}) of ${spec.noun.toLowerCase()} ${c + 1}`}
                      size="xs"
                      w={160}
                      value={curve.value}
                      onValue={(value) => set((list) => setCurveValue(list, c, value))}
                      error={errors[curveErrorKey(kind, c, 'value')]}
                    />
                  )}
                  {!readOnly && (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => set((list) => removeCurve(list, c))}
                      aria-label={`Remove ${title}`}
                    >
                      Remove curve
                    </Button>
                  )}
                </Group>
                <Table aria-label={title} verticalSpacing={4} horizontalSpacing="xs" striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>
                        {spec.xLabel} ({xUnit})
                      </Table.Th>
                      <Table.Th>
                        {spec.yLabel} ({yUnit})
                      </Table.Th>
                      {!readOnly && <Table.Th w={36} aria-label="Remove row" />}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {curve.points.map((point, p) => (
                      <Table.Tr key={point.key}>
                        {(['x', 'y'] as const).map((axis) => {
                          const label = `${axis === 'x' ? spec.xLabel : spec.yLabel}, row ${p + 1}, ${title}`;
                          return (
                            <Table.Td key={axis}>
                              {readOnly ? (
                                shownValue(point[axis])
                              ) : (
                                <NumberCell
                                  size="xs"
                                  aria-label={label}
                                  value={point[axis]}
                                  onValue={(value) => set((list) => setPoint(list, c, p, axis, value))}
                                  error={errors[curveErrorKey(kind, c, `points.${p}.${axis}`)]}
                                />
                              )}
                            </Table.Td>
                          );
                        })}
                        {!readOnly && (
                          <Table.Td>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              size="sm"
                              aria-label={`Remove row ${p + 1} of ${title}`}
                              onClick={() => set((list) => removePoint(list, c, p))}
                            >
                              ✕
                            </ActionIcon>
                          </Table.Td>
                        )}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
                {!readOnly && (
                  <Button
                    size="xs"
                    variant="subtle"
                    onClick={() => set((list) => addPoint(list, c))}
                    aria-label={`Add row to ${title}`}
                  >
                    Add row
                  </Button>
                )}
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
