/**
 * The prediction warning (spec 1 §4): validation found draft components that change with the
 * prediction; each is listed with its proposed status. Continue advances to the confirm step.
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { DraftComponent, LabelLookup } from './model.ts';
import { DependenciesTable } from './StatusItemsTable.tsx';

interface Props {
  opened: boolean;
  components: readonly DraftComponent[];
  newPredictionStatus: number | null;
  lookup: LabelLookup;
  onCancel: () => void;
  onContinue: () => void;
}

export function DraftComponentsModal({
  opened,
  components,
  newPredictionStatus,
  lookup,
  onCancel,
  onContinue,
}: Props) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Draft components affected" size="lg" centered>
      <Stack gap="md">
        <Text size="sm">
          These draft components are used by the selected predictions and will change status with them.
        </Text>
        <DependenciesTable
          components={components}
          newPredictionStatus={newPredictionStatus}
          lookup={lookup}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={onContinue}>Continue</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
