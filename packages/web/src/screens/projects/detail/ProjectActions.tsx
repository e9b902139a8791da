/**
 * Edit, Export (the project file, docs/project-export.md), Clone, Import Predictions, Archive/Restore
 * and Delete for one project.
 */
import { Button, Group } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { TOAST } from '@sunfield/domain';
import { notifyError, toast } from '../../../lib/notify.ts';
import { exportProjectFile, updateProject } from '../api.ts';
import { PROJECT_STATUS_ACTIVE, PROJECT_STATUS_ARCHIVED } from '../model/format.ts';
import type { Project } from '../model/types.ts';
import { useProjectCache } from '../queries.ts';
import { DeleteProjectModal } from './DeleteProjectModal.tsx';
import { EditProjectModal } from './EditProjectModal.tsx';

export function ProjectActions({ project }: { project: Project }) {
  const [open, setOpen] = useState<'edit' | 'delete' | null>(null);
  const cache = useProjectCache();
  const archived = project.status === PROJECT_STATUS_ARCHIVED;
  const setStatus = useMutation({
    mutationFn: (status: number) =>
      updateProject(project.id, {
        name: project.name,
        description: project.description ?? null,
        latitude: project.latitude,
        longitude: project.longitude,
        status,
      }),
    onSuccess: (_answer, status) => {
      cache.saved({ ...project, status });
      toast(TOAST.saved(project.name));
    },
    onError: (error) => notifyError(error instanceof Error ? error.message : error),
  });
  const exporting = useMutation({ mutationFn: () => exportProjectFile(project.id, project.name) });

  return (
    <>
      <Group gap="xs">
        <Button variant="default" onClick={() => setOpen('edit')}>
          Edit
        </Button>
        <Button variant="default" loading={exporting.isPending} onClick={() => exporting.mutate()}>
          Export
        </Button>
        <Button variant="default" component={Link} to={`/projects/${project.id}/clone`}>
          Clone
        </Button>
        <Button variant="default" component={Link} to={`/projects/${project.id}/import`}>
          Import Predictions
        </Button>
        <Button
          variant="default"
          loading={setStatus.isPending}
          onClick={() => setStatus.mutate(archived ? PROJECT_STATUS_ACTIVE : PROJECT_STATUS_ARCHIVED)}
        >
          {archived ? 'Restore' : 'Archive'}
        </Button>
        <Button color="red" variant="light" onClick={() => setOpen('delete')}>
          Delete
        </Button>
      </Group>
      {open === 'edit' && <EditProjectModal project={project} onClose={() => setOpen(null)} />}
      {open === 'delete' && <DeleteProjectModal project={project} onClose={() => setOpen(null)} />}
    </>
  );
}
