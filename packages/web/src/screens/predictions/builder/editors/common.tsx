/** Pieces shared by the node editors: sections, the name select, the repeater, value checks. */
import { Paper, Select, SimpleGrid, Stack, Title } from '@mantine/core';
import { MAX_REPEATER, type PlantLevel, type UnitSystemName } from '@sunfield/domain';
import type { ReactNode } from 'react';
import type { Json } from '../../model/types.ts';
import { LEVEL_NAMES, nameOptions } from '../model/plantEdit.ts';
import { PlantNumberInput } from '../PlantNumberInput.tsx';

/** What every node editor is given. */
export interface NodeEditorProps {
  node: Json;
  /** the node's siblings (its own list) for the names */
  siblings: Json[];
  units: UnitSystemName;
  disabled: boolean;
  /** the values typed; null clears a value */
  onChange: (patch: Json) => void;
}

export function Section({
  title,
  children,
  cols = 3,
}: {
  title: string;
  children: ReactNode;
  cols?: number;
}) {
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Title order={5}>{title}</Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: cols }} spacing="sm" verticalSpacing="xs">
          {children}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

export function NameSelect({
  level,
  node,
  siblings,
  disabled,
  onChange,
}: {
  level: PlantLevel;
  node: Json;
  siblings: Json[];
  disabled: boolean;
  onChange: (patch: Json) => void;
}) {
  const names = nameOptions(level, siblings, node.name);
  return (
    <Select
      label={`${LEVEL_NAMES[level]} name`}
      data={names.map((name) => ({ value: String(name), label: String(name) }))}
      value={node.name === undefined || node.name === null ? null : String(node.name)}
      onChange={(value) => {
        if (value === null) return;
        onChange({ name: level === 'inverter' ? value : Number(value) });
      }}
      allowDeselect={false}
      searchable
      disabled={disabled}
      maxDropdownHeight={240}
    />
  );
}

export const wholeNumber =
  (min: number, max: number, what = 'a whole number') =>
  (value: number | null): string | null =>
    value === null || !Number.isInteger(value) || value < min || value > max
      ? `Enter ${what} from ${min} to ${max}.`
      : null;

export const inRange =
  (min: number, max: number, unit = '') =>
  (value: number | null): string | null =>
    value !== null && (value < min || value > max) ? `Enter a number from ${min} to ${max}${unit}.` : null;

export function RepeaterInput({ node, units, disabled, onChange }: Omit<NodeEditorProps, 'siblings'>) {
  return (
    <PlantNumberInput
      label="Repeater"
      value={node.repeater ?? 1}
      units={units}
      integer
      disabled={disabled}
      validate={wholeNumber(1, MAX_REPEATER)}
      onValue={(repeater) => onChange({ repeater })}
    />
  );
}

/** A value as a number, or undefined. */
export const numberOf = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
