/** /create-project/: pick the point, name the project, Create → the project page. */
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { TOAST } from '@sunfield/domain';
import { useDirtyForm } from '../../../lib/dirtyForm.ts';
import { toast } from '../../../lib/notify.ts';
import { usePageTitle } from '../../../lib/pageTitle.ts';
import { createProject } from '../api.ts';
import { ProjectFormFields } from '../form/ProjectFormFields.tsx';
import { reportSaveError } from '../form/reportSaveError.ts';
import { useProjectForm } from '../form/useProjectForm.ts';
import { EMPTY_PROJECT_FORM } from '../model/form.ts';
import { useProjectCache } from '../queries.ts';
import { useGoBack } from '../useGoBack.ts';

export function CreateProjectScreen() {
  usePageTitle('Create Project');
  const navigate = useNavigate();
  const goBack = useGoBack();
  const cache = useProjectCache();
  const form = useProjectForm(EMPTY_PROJECT_FORM);
  const create = useMutation({ mutationFn: createProject });
  const { markClean } = useDirtyForm(form.dirty && !create.isSuccess);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const payload = form.submit();
    if (!payload) return;
    create.mutate(payload, {
      onSuccess: ({ id }) => {
        form.markSaved();
        markClean();
        cache.created();
        toast(TOAST.created(payload.name));
        navigate(`/projects/${id}`);
      },
      onError: (error) => reportSaveError(error, form),
    });
  };

  return (
    <Stack gap="md">
      <Title order={2}>Create Project</Title>
      <Paper withBorder p="md" component="form" onSubmit={onSubmit} noValidate>
        <Stack gap="lg">
          <ProjectFormFields form={form} />
          <Group justify="flex-end">
            <Button variant="default" onClick={goBack} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
