/**
 * Filters of the inverter library (own assets and Active + Global by default, spec 1 §6), the
 * debounced search and power range, and the actions: New Inverter, Import OND, Import, Change Status.
 */
import { Button, FileButton, Group, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { StatusFilter } from '../../../components/library/StatusFilter.tsx';
import {
  OWNER_FILTERS,
  OWNER_FILTER_LABELS,
  type LibraryParams,
  type OwnerFilter,
} from '../model/listParams.ts';

export const SEARCH_DEBOUNCE_MS = 300;

interface Props {
  params: LibraryParams;
  onChange: (next: LibraryParams, options?: { replace?: boolean }) => void;
  selectedCount: number;
  onChangeStatus: () => void;
  importing: boolean;
  onImportOnd: (file: File | null) => void;
  onImportFile: (file: File | null) => void;
}

/** Text that settles after the debounce and then updates the address (replacing the entry). */
function useDebouncedField(value: string, commit: (text: string) => void): [string, (text: string) => void] {
  const [text, setText] = useState(value);
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const sent = useRef(value);
  const latest = useRef(commit);
  useEffect(() => {
    latest.current = commit;
  });
  useEffect(() => {
    if (debounced === sent.current) return;
    sent.current = debounced;
    latest.current(debounced);
  }, [debounced]);
  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    setText(value);
  }, [value]);
  return [text, setText];
}

const bound = (text: string): number | null => {
  const n = Number(text.trim());
  return text.trim() !== '' && Number.isFinite(n) && n >= 0 ? n : null;
};

export function LibraryToolbar({
  params,
  onChange,
  selectedCount,
  onChangeStatus,
  importing,
  onImportOnd,
  onImportFile,
}: Props) {
  const current = useRef(params);
  useEffect(() => {
    current.current = params;
  });
  const [search, setSearch] = useDebouncedField(params.search, (text) =>
    onChange({ ...current.current, search: text, page: 1 }, { replace: true }),
  );
  const [min, setMin] = useDebouncedField(params.minPower === null ? '' : String(params.minPower), (text) =>
    onChange({ ...current.current, minPower: bound(text), page: 1 }, { replace: true }),
  );
  const [max, setMax] = useDebouncedField(params.maxPower === null ? '' : String(params.maxPower), (text) =>
    onChange({ ...current.current, maxPower: bound(text), page: 1 }, { replace: true }),
  );

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs" wrap="wrap">
          <Button component={Link} to="/inverter/efficiency">
            New Inverter
          </Button>
          <FileButton onChange={onImportOnd} accept=".ond,.OND">
            {(props) => (
              <Button {...props} variant="default" loading={importing}>
                Import OND
              </Button>
            )}
          </FileButton>
          <FileButton onChange={onImportFile} accept=".json,application/json">
            {(props) => (
              <Button {...props} variant="default" loading={importing}>
                Import
              </Button>
            )}
          </FileButton>
        </Group>
        <Button variant="light" disabled={selectedCount === 0} onClick={onChangeStatus}>
          Change Status{selectedCount ? ` (${selectedCount})` : ''}
        </Button>
      </Group>
      <Group gap="sm" wrap="wrap" align="flex-end">
        <SegmentedControl
          aria-label="Owner"
          data={OWNER_FILTERS.map((value) => ({ value, label: OWNER_FILTER_LABELS[value] }))}
          value={params.owner}
          onChange={(value) => onChange({ ...params, owner: value as OwnerFilter, page: 1 })}
        />
        <StatusFilter
          value={params.statuses}
          onChange={(statuses) => onChange({ ...params, statuses, page: 1 })}
        />
        <TextInput
          label="Search"
          aria-label="Search inverters"
          placeholder="Name, manufacturer or model"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={260}
        />
        <TextInput
          label="Min power (kW)"
          inputMode="decimal"
          value={min}
          onChange={(event) => setMin(event.currentTarget.value)}
          w={130}
        />
        <TextInput
          label="Max power (kW)"
          inputMode="decimal"
          value={max}
          onChange={(event) => setMax(event.currentTarget.value)}
          w={130}
        />
      </Group>
    </Stack>
  );
}
