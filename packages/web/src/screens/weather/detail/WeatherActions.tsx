/** Clone, Export CSV, Change Status and Delete (with confirmation) for one weather asset. */
import { useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { TOAST, isDeletableAssetStatus } from '@sunfield/domain';
import { notifyError, toast } from '../../../lib/notify.ts';
import { cloneWeather, deleteWeather, exportWeatherCsv } from '../api.ts';
import type { Weather } from '../model/types.ts';
import { useWeatherCache } from '../queries.ts';

/** Spec 2 §9.1: the delete toast waits one second. */
export const DELETE_TOAST_DELAY_MS = 1000;

export function WeatherActions({ weather }: { weather: Weather }) {
  const navigate = useNavigate();
  const cache = useWeatherCache();
  const [confirm, setConfirm] = useState(false);
  const canDelete = weather.canDelete ?? (!weather.isReadOnly && isDeletableAssetStatus(weather.status));

  const clone = useMutation({
    mutationFn: () => cloneWeather(weather.id),
    onSuccess: (answer) => {
      toast(TOAST.clonedAndSaved(weather.name));
      cache.created();
      navigate(`/weather/${answer.id}`);
    },
  });
  const exportCsv = useMutation({
    mutationFn: () => exportWeatherCsv(weather.id, weather.name),
    onError: (error) => notifyError(error instanceof Error ? error.message : error),
  });
  const remove = useMutation({
    mutationFn: () => deleteWeather(weather.id),
    onSuccess: () => {
      toast(TOAST.deleted(weather.name), { delayMs: DELETE_TOAST_DELAY_MS });
      navigate('/weather-library');
      cache.deleted(weather.id);
    },
  });

  return (
    <>
      <Group gap="xs">
        <Button variant="default" onClick={() => clone.mutate()} loading={clone.isPending}>
          Clone
        </Button>
        <Button variant="default" onClick={() => exportCsv.mutate()} loading={exportCsv.isPending}>
          Export CSV
        </Button>
        <Button variant="default" onClick={() => navigate(`/change-status/weather?ids=${weather.id}`)}>
          Change Status
        </Button>
        {canDelete && (
          <Button color="red" variant="light" onClick={() => setConfirm(true)}>
            Delete
          </Button>
        )}
      </Group>
      <Modal
        opened={confirm}
        onClose={() => !remove.isPending && setConfirm(false)}
        title="Delete weather"
        size="md"
      >
        <Text size="sm">Are you sure you want to delete {weather.name}? This cannot be undone.</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirm(false)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button color="red" onClick={() => remove.mutate()} loading={remove.isPending}>
            Delete
          </Button>
        </Group>
      </Modal>
    </>
  );
}
