/**
 * Picks a library module for one DC field of the Quick Edit table, or for every DC field the table
 * shows (its filter): searches GET /Module/ModuleOverview (the company's library, every status) and
 * loads the picked record (GET /Module/{id}, cached with the module screens' key).
 */
import { useState } from 'react';
import {
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatNumber } from '@sunfield/domain';
import { getModule, listModules } from '../../../modules/api.ts';
import { moduleKeys } from '../../../modules/queries.ts';
import type { Json } from '../../model/types.ts';

export interface ModulePickerModalProps {
  /** the row's label, e.g. 'B1 › A1 › Inv A › DC 1' */
  target: string;
  /** DC fields the table shows (the "apply to all shown" choice when more than one) */
  shownCount: number;
  onClose: () => void;
  /** the picked record and whether it goes to every shown DC field */
  onPick: (module: Json, allShown: boolean) => void;
}

export function ModulePickerModal({ target, shownCount, onClose, onPick }: ModulePickerModalProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [allShown, setAllShown] = useState(false);
  const [loading, setLoading] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const client = useQueryClient();
  const query = {
    search: debounced.trim() || undefined,
    ownerOnly: false,
    sort: 'name' as const,
    order: 'asc' as const,
    pageSize: 50,
  };
  const list = useQuery({
    queryKey: [...moduleKeys.lists, 'picker', query],
    queryFn: ({ signal }) => listModules({ ...query, page: 1 }, signal),
    placeholderData: keepPreviousData,
  });

  async function pick(id: number) {
    setLoading(id);
    setError(null);
    try {
      const record = await client.fetchQuery({
        queryKey: moduleKeys.detail(id),
        queryFn: ({ signal }) => getModule(id, signal),
      });
      onPick(record as unknown as Json, allShown);
      onClose();
    } catch {
      setError('The module could not be loaded.');
    } finally {
      setLoading(null);
    }
  }

  const items = list.data?.items ?? [];
  return (
    <Modal opened onClose={onClose} title={`Module of ${target}`} size="lg">
      <Stack gap="sm">
        <TextInput
          label="Search modules"
          placeholder="Name, manufacturer or model"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          data-autofocus
        />
        {shownCount > 1 && (
          <Checkbox
            label={`Apply to all ${shownCount} DC fields shown`}
            checked={allShown}
            onChange={(event) => setAllShown(event.currentTarget.checked)}
          />
        )}
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <ScrollArea h={360}>
          {list.isLoading ? (
            <Loader size="sm" aria-label="Loading modules" />
          ) : items.length === 0 ? (
            <Text c="dimmed" size="sm">
              No modules found.
            </Text>
          ) : (
            <Stack gap={2} role="listbox" aria-label="Modules">
              {items.map((m) => (
                <UnstyledButton
                  key={m.id}
                  role="option"
                  aria-selected={false}
                  onClick={() => void pick(m.id)}
                  disabled={loading !== null}
                  p={6}
                  style={{ borderRadius: 4 }}
                  className="quick-edit-module-option"
                >
                  <Group justify="space-between" wrap="nowrap">
                    <Text size="sm" truncate>
                      {m.name}
                    </Text>
                    <Group gap="xs" wrap="nowrap">
                      <Text size="xs" c="dimmed">
                        {m.stcMaxPower != null ? `${formatNumber(m.stcMaxPower, 1)} W` : ''}
                      </Text>
                      {loading === m.id && <Loader size="xs" />}
                    </Group>
                  </Group>
                </UnstyledButton>
              ))}
            </Stack>
          )}
        </ScrollArea>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
