/**
 * Delete with confirmation → DELETE → '{name} has been successfully deleted' one second later (spec 2
 * §8.4, §9.1). A failed deletion shows no message (spec 2 §8.4 silent failures); the modal closes.
 */
import { Button, Group, Modal, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { TOAST } from '@sunfield/domain';
import { useCurrentUser } from '../../../auth/hooks.ts';
import { toast } from '../../../lib/notify.ts';
import { removePrediction } from '../../../lib/recentPredictions.ts';
import { usePredictionCache } from '../queries.ts';
import { deletePredictionSilently } from './api.ts';

/** Spec 2 §9.1: the delete toast waits one second. */
export const DELETE_TOAST_DELAY_MS = 1000;

interface Props {
  projectId: number;
  predictionId: number;
  name: string;
  onClose: () => void;
}

export function DeletePredictionModal({ projectId, predictionId, name, onClose }: Props) {
  const cache = usePredictionCache();
  const user = useCurrentUser();
  const remove = useMutation({
    mutationFn: () => deletePredictionSilently(projectId, predictionId),
    onSuccess: () => {
      toast(TOAST.deleted(name), { delayMs: DELETE_TOAST_DELAY_MS });
      if (user?.id) {
        removePrediction('recent', user.id, predictionId);
        removePrediction('favorite', user.id, predictionId);
      }
      cache.deleted(projectId, predictionId);
      onClose();
    },
    onError: () => {
      cache.saved(projectId, predictionId);
      onClose();
    },
  });
  return (
    <Modal opened onClose={() => !remove.isPending && onClose()} title="Delete prediction" size="md">
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
