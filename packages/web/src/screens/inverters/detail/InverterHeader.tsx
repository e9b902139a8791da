/** The inverter page header: name, status, Save, Clone, Delete, Export, Note and Change status. */
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { TOAST } from '@sunfield/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notifyError, toast } from '../../../lib/notify.ts';
import { changeStatusPath } from '../../changeStatus/model.ts';
import { cloneInverter, exportInverter } from '../api.ts';
import type { Inverter } from '../model/types.ts';
import { useInverterCache } from '../queries.ts';
import { AssetStatusBadge } from '../../../components/library/AssetStatusBadge.tsx';
import { DeleteInverterModal } from './DeleteInverterModal.tsx';
import { NoteModal } from './NoteModal.tsx';

interface Props {
  name: string;
  status: number | null | undefined;
  saved: Inverter | null;
  readOnly: boolean;
  saving: boolean;
  onSave: () => void;
  /** Shown under the name ('Imported from …', 'Read-only: …'). */
  subtitle?: string | null;
  tab: string;
}

export function InverterHeader({ name, status, saved, readOnly, saving, onSave, subtitle, tab }: Props) {
  const navigate = useNavigate();
  const cache = useInverterCache();
  const [open, setOpen] = useState<'delete' | 'note' | null>(null);
  const clone = useMutation({
    mutationFn: () => cloneInverter(saved!.id),
    onSuccess: ({ id }) => {
      toast(TOAST.clonedAndSaved(saved!.name));
      cache.changed();
      navigate(`/inverter/${id}/${tab}`);
    },
  });
  const exporting = useMutation({
    mutationFn: () => exportInverter(saved!.id, saved!.name),
    onError: (error) => notifyError(error),
  });

  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={2}>{name || 'Unnamed inverter'}</Title>
            <AssetStatusBadge status={status} />
            {!saved && (
              <Text size="sm" c="dimmed">
                Not saved
              </Text>
            )}
          </Group>
          {subtitle && (
            <Text size="sm" c="dimmed">
              {subtitle}
            </Text>
          )}
        </Stack>
        <Group gap="xs">
          <Button onClick={onSave} disabled={readOnly} loading={saving}>
            Save
          </Button>
          {saved && (
            <>
              <Button variant="default" onClick={() => clone.mutate()} loading={clone.isPending}>
                Clone
              </Button>
              <Button variant="default" onClick={() => exporting.mutate()} loading={exporting.isPending}>
                Export
              </Button>
              <Button variant="default" onClick={() => setOpen('note')}>
                Note
              </Button>
              <Button variant="default" onClick={() => navigate(changeStatusPath('inverter', [saved.id]))}>
                Change status
              </Button>
              {saved.canDelete && (
                <Button color="red" variant="light" onClick={() => setOpen('delete')}>
                  Delete
                </Button>
              )}
            </>
          )}
        </Group>
      </Group>
      {saved && open === 'delete' && (
        <DeleteInverterModal id={saved.id} name={saved.name} onClose={() => setOpen(null)} />
      )}
      {saved && open === 'note' && (
        <NoteModal id={saved.id} name={saved.name} onClose={() => setOpen(null)} />
      )}
    </>
  );
}
