/**
 * The module and inverter pickers of the builder: a select that searches the company's library on
 * the server as the user types (GET /Module/ModuleOverview, /Inverter/InverterOverview, every status
 * the user may see, by name), debounced; the picked id is handed to the page, which loads the record.
 */
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatNumber } from '@sunfield/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { listInverters } from '../../inverters/api.ts';
import { listModules } from '../../modules/api.ts';

export type EquipmentKind = 'module' | 'inverter';

const PAGE = 50;

interface Option {
  value: string;
  label: string;
}

async function searchLibrary(kind: EquipmentKind, search: string, signal: AbortSignal): Promise<Option[]> {
  const text = search.trim() || undefined;
  if (kind === 'module') {
    const page = await listModules(
      { search: text, ownerOnly: false, sort: 'name', order: 'asc', pageSize: PAGE, page: 1 },
      signal,
    );
    return page.items.map((m) => ({
      value: String(m.id),
      label: m.stcMaxPower ? `${m.name} (${formatNumber(m.stcMaxPower, 1)} W)` : m.name,
    }));
  }
  const page = await listInverters(
    { search: text, ownerOnly: false, sort: 'name', order: 'asc', pageSize: PAGE, page: 1 },
    signal,
  );
  return page.items.map((i) => ({
    value: String(i.id),
    label: i.powerRating ? `${i.name} (${formatNumber(i.powerRating, 1)} kW)` : i.name,
  }));
}

export interface EquipmentPickerProps {
  kind: EquipmentKind;
  label: string;
  /** the picked library id */
  value: number | null;
  /** the picked record's name (the node's embedded record), shown before a search */
  currentName: string | null;
  disabled?: boolean;
  error?: string | null;
  onPick: (id: number) => void;
}

export function EquipmentPicker({
  kind,
  label,
  value,
  currentName,
  disabled,
  error,
  onPick,
}: EquipmentPickerProps) {
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const current: Option | null = useMemo(
    () => (value === null ? null : { value: String(value), label: currentName ?? `${label} ${value}` }),
    [value, currentName, label],
  );
  // While the box shows the picked name, the list is not narrowed to it.
  const term = current && search === current.label ? '' : search;
  const [debounced] = useDebouncedValue(term, 250);
  const query = useQuery({
    queryKey: ['builderPicker', kind, debounced],
    queryFn: ({ signal }) => searchLibrary(kind, debounced, signal),
    enabled: open && !disabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const data = useMemo(() => {
    const options = query.data ?? [];
    if (current && !options.some((o) => o.value === current.value)) return [current, ...options];
    return options;
  }, [query.data, current]);

  return (
    <Select
      label={label}
      placeholder={`Search the ${kind} library`}
      searchable
      data={data}
      value={current?.value ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      onDropdownOpen={() => {
        setOpen(true);
        setSearch('');
      }}
      onDropdownClose={() => setOpen(false)}
      nothingFoundMessage={query.isFetching ? 'Searching…' : `No ${kind} matches`}
      onChange={(picked) => {
        if (picked !== null && picked !== current?.value) onPick(Number(picked));
      }}
      disabled={disabled}
      error={error ?? undefined}
      allowDeselect={false}
      maxDropdownHeight={320}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
