/** The block editor: name (1–100), repeater, energization date. */
import { Switch, TextInput } from '@mantine/core';
import { NameSelect, RepeaterInput, Section, type NodeEditorProps } from './common.tsx';

/** The date part of a stored date-time ('2026-03-01T00:00:00' → '2026-03-01'). */
const datePart = (value: unknown): string => (typeof value === 'string' ? value.slice(0, 10) : '');

export function BlockEditor({ node, siblings, units, disabled, onChange }: NodeEditorProps) {
  const useDate = node.useEnergizationDate === true;
  return (
    <Section title="Block">
      <NameSelect level="block" node={node} siblings={siblings} disabled={disabled} onChange={onChange} />
      <RepeaterInput node={node} units={units} disabled={disabled} onChange={onChange} />
      <Switch
        label="Use energization date"
        checked={useDate}
        disabled={disabled}
        onChange={(event) => onChange({ useEnergizationDate: event.currentTarget.checked })}
        mt="lg"
      />
      {useDate && (
        <TextInput
          type="date"
          label="Energization date"
          value={datePart(node.energizationDate)}
          disabled={disabled}
          onChange={(event) => {
            const value = event.currentTarget.value;
            onChange({ energizationDate: value ? `${value}T00:00:00` : null });
          }}
        />
      )}
    </Section>
  );
}
