/** Delete with confirmation → DELETE → the inverter library, and the delete toast one second later. */
import { Button, Group, Modal, Text } from '@mantine/core';
import { TOAST } from '@sunfield/domain';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { markFormClean } from '../../../lib/dirtyForm.ts';
import { toast } from '../../../lib/notify.ts';
import { deleteInverter } from '../api.ts';
import { useInverterCache } from '../queries.ts';

/** Spec 2 §9.1: the delete toast waits one second. */
export const DELETE_TOAST_DELAY_MS = 1000;

export function DeleteInverterModal({
  id,
  name,
  onClose,
}: {
  id: number;
  name: string;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const cache = useInverterCache();
  const remove = useMutation({
    mutationFn: () => deleteInverter(id),
    onSuccess: () => {
      toast(TOAST.deleted(name), { delayMs: DELETE_TOAST_DELAY_MS });
      markFormClean();
      navigate('/inverter-library');
      cache.deleted(id);
    },
  });
  return (
    <Modal opened onClose={() => !remove.isPending && onClose()} title="Delete inverter" size="md">
      <Text size="sm">Are you sure you want to delete {name}? This cannot be undone.</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button color="red" onClick={() => remove.mutate()} loading={remove.isPending}>
          Delete
        </Button>
      </Group>
    </Modal>
  );
}
