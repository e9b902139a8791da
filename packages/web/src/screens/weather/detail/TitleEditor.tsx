/** The weather name as the page heading; editable (PUT TitleUpdate) unless the asset is read-only. */
import { useState } from 'react';
import { ActionIcon, Button, Group, TextInput, Title, Tooltip } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { TOAST } from '@sunfield/domain';
import { toast } from '../../../lib/notify.ts';
import { updateWeatherTitle } from '../api.ts';
import { useWeatherCache } from '../queries.ts';

export function TitleEditor({ id, name, editable }: { id: number; name: string; editable: boolean }) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(name);
  const cache = useWeatherCache();
  const save = useMutation({
    mutationFn: (next: string) => updateWeatherTitle(id, next),
    onSuccess: (_answer, next) => {
      toast(TOAST.saved(next));
      setEditing(false);
      cache.changed(id);
    },
  });
  const trimmed = value.trim();

  if (!editing) {
    return (
      <Group gap="xs" wrap="nowrap">
        <Title order={2}>{name}</Title>
        {editable && (
          <Tooltip label="Edit title">
            <ActionIcon
              variant="subtle"
              aria-label="Edit title"
              onClick={() => {
                setValue(name);
                setEditing(true);
              }}
            >
              ✎
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    );
  }
  return (
    <Group gap="xs" align="flex-start">
      <TextInput
        aria-label="Title"
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        error={trimmed ? undefined : 'Name is required.'}
        maxLength={200}
        w={360}
        autoFocus
        onKeyDown={(event) => {
          if (event.key === 'Enter' && trimmed) save.mutate(trimmed);
          if (event.key === 'Escape') setEditing(false);
        }}
      />
      <Button onClick={() => save.mutate(trimmed)} disabled={!trimmed} loading={save.isPending}>
        Save
      </Button>
      <Button variant="default" onClick={() => setEditing(false)} disabled={save.isPending}>
        Cancel
      </Button>
    </Group>
  );
}
