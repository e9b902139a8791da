/** Edit: the same fields and map as Create; Save → PUT → '{name} was saved'. Unsaved changes ask first. */
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { TOAST } from '@sunfield/domain';
import { useDirtyForm } from '../../../lib/dirtyForm.ts';
import { toast } from '../../../lib/notify.ts';
import { confirmDiscardChanges } from '../../../shell/discardChanges.tsx';
import { updateProject } from '../api.ts';
import { ProjectFormFields } from '../form/ProjectFormFields.tsx';
import { reportSaveError } from '../form/reportSaveError.ts';
import { useProjectForm } from '../form/useProjectForm.ts';
import { formValuesFromProject, keepUnmovedCoordinates } from '../model/form.ts';
import type { Project } from '../model/types.ts';
import { useProjectCache } from '../queries.ts';

export function EditProjectModal({ project, onClose }: { project: Project; onClose: () => void }) {
  const form = useProjectForm(formValuesFromProject(project));
  const cache = useProjectCache();
  const { markClean } = useDirtyForm(form.dirty);
  const save = useMutation({
    mutationFn: (payload: Parameters<typeof updateProject>[1]) => updateProject(project.id, payload),
  });

  const requestClose = async () => {
    if (save.isPending) return;
    if (!form.dirty || (await confirmDiscardChanges())) onClose();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const valid = form.submit();
    if (!valid) return;
    const payload = keepUnmovedCoordinates(valid, form.values, project);
    save.mutate(payload, {
      onSuccess: () => {
        form.markSaved();
        markClean();
        cache.saved({ ...project, ...payload });
        toast(TOAST.saved(payload.name));
        onClose();
      },
      onError: (error) => reportSaveError(error, form),
    });
  };

  return (
    <Modal
      opened
      onClose={() => void requestClose()}
      title="Edit project"
      size="80rem"
      closeOnClickOutside={false}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="lg">
          <ProjectFormFields form={form} mapHeight={380} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void requestClose()} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
