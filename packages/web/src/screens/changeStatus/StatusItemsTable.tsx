/**
 * The wizard's list (spec 1 §2): Selected Files and Current status, a remove button per file in the
 * review step, the new status in the confirm step, and the table of affected dependencies (name,
 * type, current status, new status) when validation found any.
 */
import { ActionIcon, Stack, Table, Text, Title } from '@mantine/core';
import { definitionLabel } from '@sunfield/domain';
import {
  NO_SELECTION_TEXT,
  proposedComponentStatus,
  statusLabel,
  type ChangeStatusItem,
  type DraftComponent,
  type LabelLookup,
  type StatusKind,
} from './model.ts';

interface Props {
  kind: StatusKind;
  items: readonly ChangeStatusItem[];
  lookup: LabelLookup;
  /** Shown as a 'New status' column in the confirm step. */
  newStatus: number | null;
  components: readonly DraftComponent[];
  /** For predictions: the proposed status of each component follows from the new status. */
  newPredictionStatus: number | null;
  onRemove?: (id: number) => void;
}

function componentType(type: DraftComponent['type']): string {
  if (typeof type === 'number') return definitionLabel('EntityType', type) ?? String(type);
  return type ?? '--';
}

export function StatusItemsTable({
  kind,
  items,
  lookup,
  newStatus,
  components,
  newPredictionStatus,
  onRemove,
}: Props) {
  if (!items.length) {
    return (
      <Text c="dimmed" ta="center" p="md">
        {NO_SELECTION_TEXT}
      </Text>
    );
  }
  return (
    <Stack gap="lg">
      <Table aria-label="Selected files" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Selected Files</Table.Th>
            <Table.Th>Current status</Table.Th>
            {newStatus !== null && <Table.Th>New status</Table.Th>}
            {onRemove && <Table.Th w={60} aria-label="Remove" />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>{item.name}</Table.Td>
              <Table.Td>{statusLabel(kind, item.status, lookup)}</Table.Td>
              {newStatus !== null && <Table.Td fw={600}>{statusLabel(kind, newStatus, lookup)}</Table.Td>}
              {onRemove && (
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${item.name}`}
                    onClick={() => onRemove(item.id)}
                  >
                    ✕
                  </ActionIcon>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {components.length > 0 && (
        <Stack gap="xs">
          <Title order={4}>Affected dependencies</Title>
          <DependenciesTable
            components={components}
            newPredictionStatus={newPredictionStatus}
            lookup={lookup}
          />
        </Stack>
      )}
    </Stack>
  );
}

export function DependenciesTable({
  components,
  newPredictionStatus,
  lookup,
}: {
  components: readonly DraftComponent[];
  newPredictionStatus: number | null;
  lookup: LabelLookup;
}) {
  return (
    <Table aria-label="Affected dependencies" verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>Type</Table.Th>
          <Table.Th>Current status</Table.Th>
          <Table.Th>New status</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {components.map((component, index) => {
          const proposed =
            newPredictionStatus !== null
              ? proposedComponentStatus(newPredictionStatus, component.status)
              : (component.newStatus ?? null);
          return (
            <Table.Tr key={`${component.id ?? index}-${component.name}`}>
              <Table.Td>{component.name}</Table.Td>
              <Table.Td>{componentType(component.type)}</Table.Td>
              <Table.Td>{statusLabel('asset', component.status, lookup)}</Table.Td>
              <Table.Td>{statusLabel('asset', proposed, lookup)}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
