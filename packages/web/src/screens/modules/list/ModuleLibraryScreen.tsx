/**
 * /module-library (route name module.library): the module library as a virtualized table of the
 * overview, with server-side search (debounced), owner, status (own assets, Active and Global by
 * default — spec 1 §6), technology and power filters, sortable columns and infinite scroll. A row
 * opens its module; selected rows go to the change-status screen.
 */
import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
  MultiSelect,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { definitionLabel, findDefinition } from '@sunfield/domain';
import { AssetStatusBadge } from '../../../components/library/AssetStatusBadge.tsx';
import { LibraryTable, type LibraryColumn } from '../../../components/library/LibraryTable.tsx';
import { StatusFilter } from '../../../components/library/StatusFilter.tsx';
import { usePageTitle } from '../../../lib/pageTitle.ts';
import {
  OWNER_FILTER_LABELS,
  buildListQuery,
  readListParams,
  toggleSort,
  writeListParams,
  type ModuleListParams,
  type OwnerFilter,
  type SortKey,
} from '../model/listParams.ts';
import type { ModuleOverviewItem } from '../model/types.ts';
import { useModuleList } from '../queries.ts';
import { PanImportModal } from './PanImportModal.tsx';
import { formatDateTime } from '../../../lib/dates.ts';

const SEARCH_DEBOUNCE_MS = 300;

const TECHNOLOGY_OPTIONS = (findDefinition('CellTechnologyTypeEnum')?.values ?? []).map((v) => ({
  value: String(v.id),
  label: definitionLabel('CellTechnologyTypeEnum', v.id) ?? v.name,
}));

const COLUMNS: LibraryColumn<ModuleOverviewItem>[] = [
  {
    key: 'name',
    header: 'Name',
    sortKey: 'name',
    width: '28%',
    render: (row) => (
      <Anchor component={Link} to={`/module/${row.id}`} fw={500} onClick={(event) => event.stopPropagation()}>
        {row.name}
      </Anchor>
    ),
  },
  {
    key: 'manufacturer',
    header: 'Manufacturer',
    sortKey: 'manufacturer',
    render: (row) => row.manufacturer ?? '--',
  },
  { key: 'model', header: 'Model', sortKey: 'model', render: (row) => row.model ?? '--' },
  {
    key: 'power',
    header: 'Power [W]',
    sortKey: 'stcMaxPower',
    align: 'right',
    render: (row) => (row.stcMaxPower === null ? '--' : row.stcMaxPower.toFixed(1)),
  },
  {
    key: 'technology',
    header: 'Technology',
    sortKey: 'cellTechnologyType',
    render: (row) => definitionLabel('CellTechnologyTypeEnum', row.cellTechnologyType) ?? '--',
  },
  {
    key: 'faciality',
    header: 'Faciality',
    render: (row) => definitionLabel('FacialityEnum', row.faciality) ?? '--',
  },
  {
    key: 'status',
    header: 'Status',
    sortKey: 'status',
    render: (row) => <AssetStatusBadge status={row.status} />,
  },
  { key: 'owner', header: 'Owner', render: (row) => row.ownerName ?? (row.ownerId ? '--' : 'Global') },
  {
    key: 'lastModified',
    header: 'Last modified',
    sortKey: 'lastModified',
    render: (row) => formatDateTime(row.lastModified),
  },
];

export function ModuleLibraryScreen() {
  usePageTitle('Module Library');
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readListParams(search), [search]);
  const setParams = (next: ModuleListParams) => setSearch(writeListParams(next), { replace: true });
  const [text, setText] = useState(params.search);
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (debounced !== params.search) setParams({ ...params, search: debounced });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the debounced text drives this
  }, [debounced]);
  const [selected, setSelected] = useState<number[]>([]);
  const [panOpen, setPanOpen] = useState(false);

  const list = useModuleList(buildListQuery(params));
  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const total = list.data?.pages[0]?.total ?? 0;

  let body;
  if (list.isPending) {
    body = (
      <Group justify="center" p="xl">
        <Loader aria-label="Loading modules" />
      </Group>
    );
  } else if (list.isError && !list.data) {
    body = (
      <Alert color="red" title="The modules could not be loaded">
        {list.error.message}
      </Alert>
    );
  } else if (!rows.length) {
    body = (
      <Text c="dimmed" ta="center" p="xl">
        {params.search.trim()
          ? `No modules match "${params.search.trim()}".`
          : 'No modules match the filters.'}
      </Text>
    );
  } else {
    body = (
      <LibraryTable
        label="Modules"
        columns={COLUMNS}
        rows={rows}
        getRowId={(row) => row.id}
        sort={params.sort}
        order={params.order}
        onSort={(key) => setParams(toggleSort(params, key as SortKey))}
        selected={selected}
        onSelectedChange={setSelected}
        onRowClick={(row) => navigate(`/module/${row.id}`)}
        onEndReached={() => {
          if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
        }}
        height={600}
        minWidth={1100}
      />
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Module Library</Title>
        <Group gap="xs">
          <Button component={Link} to="/module">
            New module
          </Button>
          <Button variant="default" component={Link} to="/module-library/generate">
            Generate
          </Button>
          <Button variant="default" onClick={() => setPanOpen(true)}>
            Import PAN
          </Button>
          <Button
            variant="default"
            disabled={!selected.length}
            onClick={() => navigate(`/change-status/module?ids=${selected.join(',')}`)}
          >
            Change Status
          </Button>
        </Group>
      </Group>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Name, manufacturer or model"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          w={280}
        />
        <SegmentedControl
          aria-label="Owner"
          data={(Object.keys(OWNER_FILTER_LABELS) as OwnerFilter[]).map((value) => ({
            value,
            label: OWNER_FILTER_LABELS[value],
          }))}
          value={params.owner}
          onChange={(owner) => setParams({ ...params, owner: owner as OwnerFilter })}
        />
        <StatusFilter
          value={params.statuses}
          onChange={(statuses) => setParams({ ...params, statuses })}
          w={260}
        />
        <MultiSelect
          label="Technology"
          placeholder={params.technologies.length ? undefined : 'All technologies'}
          data={TECHNOLOGY_OPTIONS}
          value={params.technologies.map(String)}
          onChange={(next) => setParams({ ...params, technologies: next.map(Number) })}
          clearable
          w={240}
        />
        <NumberInput
          label="Min power [W]"
          value={params.minPower ?? ''}
          onChange={(next) => setParams({ ...params, minPower: typeof next === 'number' ? next : null })}
          min={0}
          w={120}
          hideControls
        />
        <NumberInput
          label="Max power [W]"
          value={params.maxPower ?? ''}
          onChange={(next) => setParams({ ...params, maxPower: typeof next === 'number' ? next : null })}
          min={0}
          w={120}
          hideControls
        />
      </Group>
      <Paper withBorder>{body}</Paper>
      <Group justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite">
          {list.data
            ? `${rows.length} of ${total} modules${selected.length ? `, ${selected.length} selected` : ''}`
            : ''}
        </Text>
        {list.isFetchingNextPage && <Loader size="xs" aria-label="Loading more modules" />}
      </Group>
      {panOpen && <PanImportModal onClose={() => setPanOpen(false)} />}
    </Stack>
  );
}
