/** Step 1 (spec 1 §2): 'Change Status To' (required) and 'Detailed Status Change Notes'. */
import { Select, Stack, Text, Textarea } from '@mantine/core';
import type { RoleList } from '@sunfield/domain';
import { statusOptions, type ChangeStatusItem, type LabelLookup, type StatusKind } from './model.ts';

export const NOTE_MAX_LENGTH = 4000;

interface Props {
  kind: StatusKind;
  items: readonly ChangeStatusItem[];
  roles: RoleList;
  lookup: LabelLookup;
  status: string | null;
  note: string;
  onStatus: (value: string | null) => void;
  onNote: (value: string) => void;
}

export function ChooseStatusStep({ kind, items, roles, lookup, status, note, onStatus, onNote }: Props) {
  const options = statusOptions(
    kind,
    items.map((item) => item.status),
    roles,
    lookup,
  );
  return (
    <Stack gap="md" maw={560}>
      <Select
        label="Change Status To"
        placeholder="Choose a status"
        required
        data={options}
        value={status}
        onChange={onStatus}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        nothingFoundMessage="No other status is available"
      />
      {options.length === 0 && (
        <Text size="sm" c="dimmed">
          The selected files already hold every status you may choose.
        </Text>
      )}
      <Textarea
        label="Detailed Status Change Notes"
        description="The note is placed on each file."
        autosize
        minRows={4}
        maxLength={NOTE_MAX_LENGTH}
        value={note}
        onChange={(event) => onNote(event.currentTarget.value)}
      />
    </Stack>
  );
}
