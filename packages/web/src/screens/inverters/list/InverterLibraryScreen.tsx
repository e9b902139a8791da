/**
 * /inverter-library (spec 1 §2): the inverter library — own assets and Active + Global by default
 * (spec 1 §6), debounced server search, power range, sortable virtualized table, paging, selection
 * for Change Status, New Inverter and the OND and file imports.
 */
import { Alert, Anchor, Center, Group, Loader, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AssetStatusBadge } from '../../../components/library/AssetStatusBadge.tsx';
import { LibraryTable, type LibraryColumn } from '../../../components/library/LibraryTable.tsx';
import { usePageTitle } from '../../../lib/pageTitle.ts';
import { changeStatusPath } from '../../changeStatus/model.ts';
import { formatNumber } from '../model/draft.ts';
import {
  buildLibraryQuery,
  pageCount,
  rangeLabel,
  toggleSort,
  type LibraryParams,
  type SortKey,
} from '../model/listParams.ts';
import type { InverterOverviewItem } from '../model/types.ts';
import { useInverterList } from '../queries.ts';
import { LibraryToolbar } from './LibraryToolbar.tsx';
import { useInverterImport } from './useInverterImport.ts';
import { useLibraryParams } from './useLibraryParams.ts';
import { formatDateTime } from '../../../lib/dates.ts';

const inverterPath = (id: number) => `/inverter/${id}/efficiency`;

const COLUMNS: LibraryColumn<InverterOverviewItem>[] = [
  {
    key: 'name',
    header: 'Name',
    sortKey: 'name',
    width: '26%',
    render: (row) => (
      <Anchor
        component={Link}
        to={inverterPath(row.id)}
        fw={500}
        onClick={(event) => event.stopPropagation()}
      >
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
    key: 'powerRating',
    header: 'Power (kW)',
    sortKey: 'powerRating',
    align: 'right',
    render: (row) => formatNumber(row.powerRating, 2),
  },
  {
    key: 'maxAbsoluteVoltage',
    header: 'Max voltage (V)',
    align: 'right',
    render: (row) => formatNumber(row.maxAbsoluteVoltage, 2),
  },
  {
    key: 'status',
    header: 'Status',
    sortKey: 'status',
    width: 150,
    render: (row) => <AssetStatusBadge status={row.status} />,
  },
  { key: 'owner', header: 'Owner', render: (row) => row.ownerName ?? '--' },
  {
    key: 'lastModified',
    header: 'Last modified',
    sortKey: 'lastModified',
    render: (row) => formatDateTime(row.lastModified),
  },
];

function emptyText(params: LibraryParams): string {
  if (params.search.trim()) return `No inverters match "${params.search.trim()}".`;
  return 'No inverters match these filters.';
}

export function InverterLibraryScreen() {
  usePageTitle('Inverter Library');
  const navigate = useNavigate();
  const [params, setParams] = useLibraryParams();
  const list = useInverterList(buildLibraryQuery(params));
  const [selected, setSelected] = useState<number[]>([]);
  const imports = useInverterImport();
  const total = list.data?.total ?? 0;
  const rows = list.data?.items ?? [];

  let body;
  if (list.isPending) {
    body = (
      <Center p="xl">
        <Loader aria-label="Loading inverters" />
      </Center>
    );
  } else if (list.isError && !list.data) {
    body = (
      <Alert color="red" title="The inverters could not be loaded">
        {list.error.message}
      </Alert>
    );
  } else if (!rows.length) {
    body = (
      <Text c="dimmed" ta="center" p="xl">
        {emptyText(params)}
      </Text>
    );
  } else {
    body = (
      <LibraryTable
        label="Inverters"
        columns={COLUMNS}
        rows={rows}
        getRowId={(row) => row.id}
        sort={params.sort}
        order={params.order}
        onSort={(key) => setParams(toggleSort(params, key as SortKey))}
        selected={selected}
        onSelectedChange={setSelected}
        onRowClick={(row) => navigate(inverterPath(row.id))}
      />
    );
  }

  return (
    <Stack gap="md">
      <Title order={2}>Inverter Library</Title>
      <LibraryToolbar
        params={params}
        onChange={setParams}
        selectedCount={selected.length}
        onChangeStatus={() => navigate(changeStatusPath('inverter', selected))}
        importing={imports.busy}
        onImportOnd={(file) => void imports.importOnd(file)}
        onImportFile={(file) => void imports.importFile(file)}
      />
      <Paper withBorder>{body}</Paper>
      <Group justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite">
          {list.data ? rangeLabel(params.page, total) : ''}
          {list.isFetching && list.data ? ' · updating…' : ''}
        </Text>
        {pageCount(total) > 1 && (
          <Pagination
            total={pageCount(total)}
            value={Math.min(params.page, pageCount(total))}
            onChange={(page) => setParams({ ...params, page })}
            aria-label="Pages"
          />
        )}
      </Group>
    </Stack>
  );
}
