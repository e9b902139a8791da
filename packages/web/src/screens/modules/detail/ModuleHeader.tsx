/**
 * The module page header: name, status, area and efficiency (spec 2 §9.3), and the actions Save,
 * Clone, Delete (confirm; then the library and the toast one second later), Export, Note and
 * Change status.
 */
import { Button, Group, Menu, Modal, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { TOAST } from '@sunfield/domain';
import { AssetStatusBadge } from '../../../components/library/AssetStatusBadge.tsx';
import { notifyError, toast } from '../../../lib/notify.ts';
import { useUnits } from '../../../lib/units.tsx';
import { cloneModule, deleteModule, exportModule, getModuleNote } from '../api.ts';
import { moduleArea, moduleEfficiency } from '../model/moduleRules.ts';
import type { Module, ModuleRecord } from '../model/types.ts';
import { useModuleCache } from '../queries.ts';

/** Spec 2 §9.1: the delete toast waits one second. */
export const DELETE_TOAST_DELAY_MS = 1000;

interface Props {
  draft: ModuleRecord;
  saved: Module | null;
  readOnly: boolean;
  dirty: boolean;
  saving: boolean;
  onSave: () => void;
  /** Clears the dirty flag before leaving on purpose (delete, clone). */
  onLeave: () => void;
}

const fmt = (value: number | null, digits: number, unit: string) =>
  value === null ? '--' : `${value.toFixed(digits)} ${unit}`;

function NoteModal({ id, onClose }: { id: number; onClose: () => void }) {
  const note = useQuery({ queryKey: ['module', id, 'note'], queryFn: () => getModuleNote(id) });
  return (
    <Modal opened onClose={onClose} title="Note" size="md">
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {note.isPending ? 'Loading…' : note.data?.note?.trim() || 'There is no note for this module.'}
      </Text>
    </Modal>
  );
}

function DeleteModal({
  module,
  onClose,
  onDeleted,
}: {
  module: Module;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const navigate = useNavigate();
  const cache = useModuleCache();
  const remove = useMutation({
    mutationFn: () => deleteModule(module.id),
    onSuccess: () => {
      onDeleted();
      toast(TOAST.deleted(module.name), { delayMs: DELETE_TOAST_DELAY_MS });
      navigate('/module-library');
      cache.deleted(module.id);
    },
  });
  return (
    <Modal opened onClose={() => !remove.isPending && onClose()} title="Delete module" size="md">
      <Text size="sm">Are you sure you want to delete {module.name}? This cannot be undone.</Text>
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

export function ModuleHeader({ draft, saved, readOnly, dirty, saving, onSave, onLeave }: Props) {
  const navigate = useNavigate();
  const [modal, setModal] = useState<'delete' | 'note' | null>(null);
  const clone = useMutation({
    mutationFn: (id: number) => cloneModule(id),
    onSuccess: ({ id }) => {
      toast(TOAST.clonedAndSaved(saved?.name ?? draft.name));
      navigate(`/module/${id}`);
    },
  });
  const exporting = useMutation({
    mutationFn: (m: Module) => exportModule(m.id, m.name),
    onError: (error) => notifyError(error),
  });
  const units = useUnits();
  const area = moduleArea(draft);
  const efficiency = moduleEfficiency(draft);
  return (
    <>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={2}>{draft.name || 'New Module'}</Title>
            <AssetStatusBadge status={typeof draft.status === 'number' ? draft.status : saved?.status} />
            {dirty && (
              <Text size="sm" c="dimmed">
                Unsaved changes
              </Text>
            )}
          </Group>
          <Group gap="lg">
            <Text size="sm" c="dimmed" data-testid="module-area">
              Area: {units.format('area', area)}
            </Text>
            <Text size="sm" c="dimmed" data-testid="module-efficiency">
              Efficiency: {fmt(efficiency, 2, '%')}
            </Text>
            {saved?.source && (
              <Text size="sm" c="dimmed">
                Source: {saved.source}
              </Text>
            )}
          </Group>
        </Stack>
        <Group gap="xs">
          <Button onClick={onSave} loading={saving} disabled={readOnly}>
            Save
          </Button>
          {saved && (
            <>
              <Button variant="default" onClick={() => clone.mutate(saved.id)} loading={clone.isPending}>
                Clone
              </Button>
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Button variant="default">More</Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item onClick={() => exporting.mutate(saved)}>Export</Menu.Item>
                  <Menu.Item onClick={() => setModal('note')}>Note</Menu.Item>
                  <Menu.Item onClick={() => navigate(`/change-status/module?ids=${saved.id}`)}>
                    Change Status
                  </Menu.Item>
                  <Menu.Divider />
                  <Menu.Item color="red" disabled={!saved.canDelete} onClick={() => setModal('delete')}>
                    Delete
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </>
          )}
        </Group>
      </Group>
      {modal === 'note' && saved && <NoteModal id={saved.id} onClose={() => setModal(null)} />}
      {modal === 'delete' && saved && (
        <DeleteModal module={saved} onClose={() => setModal(null)} onDeleted={onLeave} />
      )}
    </>
  );
}
