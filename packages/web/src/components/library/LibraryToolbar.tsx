/**
 * The toolbar of the module and inverter libraries, one layout for both (issue 16): the library's
 * actions on the left and Change Status (for the selected rows) on the right; below, the filters in
 * one order — Owner, Status, Search, the library's own filters, Min and Max power with the unit in
 * brackets. Search and the power bounds are debounced and replace the history entry (list kit).
 */
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { ListSearch } from '../list/ListSearch.tsx';
import { SegmentFilter } from '../list/SegmentFilter.tsx';
import { useDebouncedText } from '../list/useDebouncedText.ts';
import type { SetListParams } from '../list/useListParams.ts';
import { OWNER_FILTERS, type LibraryListParams, type OwnerFilter } from './libraryParams.ts';
import { StatusFilter } from './StatusFilter.tsx';

interface Props<P extends LibraryListParams<string>> {
  params: P;
  onChange: SetListParams<P>;
  ownerLabels: Record<OwnerFilter, string>;
  /** Accessible name of the search box: 'Search modules'. */
  searchLabel: string;
  /** Unit of the power bounds: 'W' (modules) or 'kW' (inverters). */
  powerUnit: string;
  /** The library's buttons (New, Import …), left of Change Status. */
  actions: ReactNode;
  /** Filters of one library only, between Search and the power range. */
  filters?: ReactNode;
  selectedCount: number;
  onChangeStatus: () => void;
}

const bound = (text: string): number | null => {
  const n = Number(text.trim());
  return text.trim() !== '' && Number.isFinite(n) && n >= 0 ? n : null;
};

export function LibraryToolbar<P extends LibraryListParams<string>>({
  params,
  onChange,
  ownerLabels,
  searchLabel,
  powerUnit,
  actions,
  filters,
  selectedCount,
  onChangeStatus,
}: Props<P>) {
  // The debounced fields commit later than they were typed: they apply to the newest state.
  const current = useRef(params);
  useEffect(() => {
    current.current = params;
  });
  const [min, setMin] = useDebouncedText(params.minPower === null ? '' : String(params.minPower), (text) =>
    onChange({ ...current.current, minPower: bound(text), page: 1 }, { replace: true }),
  );
  const [max, setMax] = useDebouncedText(params.maxPower === null ? '' : String(params.maxPower), (text) =>
    onChange({ ...current.current, maxPower: bound(text), page: 1 }, { replace: true }),
  );

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs" wrap="wrap">
          {actions}
        </Group>
        <Button variant="light" disabled={selectedCount === 0} onClick={onChangeStatus}>
          Change Status{selectedCount ? ` (${selectedCount})` : ''}
        </Button>
      </Group>
      <Group gap="sm" wrap="wrap" align="flex-end">
        <SegmentFilter
          ariaLabel="Owner"
          options={OWNER_FILTERS}
          labels={ownerLabels}
          value={params.owner}
          onChange={(owner) => onChange({ ...params, owner, page: 1 })}
        />
        <StatusFilter
          value={params.statuses}
          onChange={(statuses) => onChange({ ...params, statuses, page: 1 })}
          w={260}
        />
        <ListSearch
          label="Search"
          ariaLabel={searchLabel}
          placeholder="Name, manufacturer or model"
          value={params.search}
          onCommit={(search) => onChange({ ...current.current, search, page: 1 }, { replace: true })}
        />
        {filters}
        <TextInput
          label={`Min power [${powerUnit}]`}
          inputMode="decimal"
          value={min}
          onChange={(event) => setMin(event.currentTarget.value)}
          w={130}
        />
        <TextInput
          label={`Max power [${powerUnit}]`}
          inputMode="decimal"
          value={max}
          onChange={(event) => setMax(event.currentTarget.value)}
          w={130}
        />
      </Group>
    </Stack>
  );
}
