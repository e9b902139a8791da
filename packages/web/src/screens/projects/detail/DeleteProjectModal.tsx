/** Delete with confirmation → DELETE → the list, and '{name} has been successfully deleted' one second later. */
import { Button, Group, Modal, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { TOAST } from '@sunfield/domain';
import { toast } from '../../../lib/notify.ts';
import { deleteProject } from '../api.ts';
import type { Project } from '../model/types.ts';
import { useProjectCache } from '../queries.ts';

/** Spec 2 §9.1: the delete toast waits one second. */
export const DELETE_TOAST_DELAY_MS = 1000;

export function DeleteProjectModal({ project, onClose }: { project: Project; onClose: () => void }) {
  const navigate = useNavigate();
  const cache = useProjectCache();
  const remove = useMutation({
    mutationFn: () => deleteProject(project.id),
    onSuccess: () => {
      toast(TOAST.deleted(project.name), { delayMs: DELETE_TOAST_DELAY_MS });
      navigate('/');
      cache.deleted(project.id);
    },
  });
  return (
    <Modal opened onClose={() => !remove.isPending && onClose()} title="Delete project" size="md">
      <Text size="sm">Are you sure you want to delete {project.name}? This cannot be undone.</Text>
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
