/**
 * /module-library (route name module.library): the module library — own assets and Active + Global
 * by default (spec 1 §6), debounced server search, technology and power filters, sortable virtualized
 * table, paging, selection for Change Status, New module, Generate and Import PAN. Laid out as the
 * inverter library is (components/library), with its state in the address (components/list).
 */
import { Button, MultiSelect, Paper, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { definitionLabel, findDefinition } from '@sunfield/domain';
import { LibraryTable, type LibraryColumn } from '../../../components/library/LibraryTable.tsx';
import { LibraryToolbar } from '../../../components/library/LibraryToolbar.tsx';
import { leadingColumns, trailingColumns } from '../../../components/library/libraryColumns.tsx';
import { ListBody } from '../../../components/list/ListBody.tsx';
import { ListFooter } from '../../../components/list/ListFooter.tsx';
import { useListParams } from '../../../components/list/useListParams.ts';
import { useSelection } from '../../../components/list/useSelection.ts';
import { NUMBER_FORMATS, formatNumber } from '../../../lib/numberFormat.ts';
import { usePageTitle } from '../../../lib/pageTitle.ts';
import { changeStatusPath } from '../../changeStatus/model.ts';
import {
  MODULE_NOUN,
  OWNER_FILTER_LABELS,
  PAGE_SIZE,
  buildListQuery,
  readListParams,
  toggleSort,
  writeListParams,
  type ModuleListParams,
  type SortKey,
} from '../model/listParams.ts';
import type { ModuleOverviewItem } from '../model/types.ts';
import { useModuleList } from '../queries.ts';
import { PanImportModal } from './PanImportModal.tsx';

const TECHNOLOGY_OPTIONS = (findDefinition('CellTechnologyTypeEnum')?.values ?? []).map((v) => ({
  value: String(v.id),
  label: definitionLabel('CellTechnologyTypeEnum', v.id) ?? v.name,
}));

const modulePath = (row: { id: number }) => `/module/${row.id}`;

const COLUMNS: LibraryColumn<ModuleOverviewItem>[] = [
  ...leadingColumns<ModuleOverviewItem>(modulePath),
  {
    key: 'power',
    header: 'Power [W]',
    sortKey: 'stcMaxPower',
    align: 'right',
    render: (row) => formatNumber(row.stcMaxPower, NUMBER_FORMATS.modulePower),
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
  ...trailingColumns<ModuleOverviewItem>(),
];

function emptyText(params: ModuleListParams): string {
  if (params.search.trim()) return `No modules match "${params.search.trim()}".`;
  return 'No modules match the filters.';
}

export function ModuleLibraryScreen() {
  usePageTitle('Module Library');
  const navigate = useNavigate();
  const [params, setParams] = useListParams(readListParams, writeListParams);
  const list = useModuleList(buildListQuery(params));
  const selection = useSelection();
  const [panOpen, setPanOpen] = useState(false);
  const rows = list.data?.items ?? [];

  return (
    <Stack gap="md">
      <Title order={2}>Module Library</Title>
      <LibraryToolbar
        params={params}
        onChange={setParams}
        ownerLabels={OWNER_FILTER_LABELS}
        searchLabel="Search modules"
        powerUnit="W"
        selectedCount={selection.ids.length}
        onChangeStatus={() => navigate(changeStatusPath('module', selection.ids))}
        actions={
          <>
            <Button component={Link} to="/module">
              New module
            </Button>
            <Button variant="default" component={Link} to="/module-library/generate">
              Generate
            </Button>
            <Button variant="default" onClick={() => setPanOpen(true)}>
              Import PAN
            </Button>
          </>
        }
        filters={
          <MultiSelect
            label="Technology"
            placeholder={params.technologies.length ? undefined : 'All technologies'}
            data={TECHNOLOGY_OPTIONS}
            value={params.technologies.map(String)}
            onChange={(next) => setParams({ ...params, technologies: next.map(Number), page: 1 })}
            clearable
            w={240}
          />
        }
      />
      <Paper withBorder>
        <ListBody
          isPending={list.isPending}
          error={list.error}
          hasData={list.data !== undefined}
          empty={!rows.length}
          loadingLabel="Loading modules"
          errorTitle="The modules could not be loaded"
          emptyText={emptyText(params)}
        >
          <LibraryTable
            label="Modules"
            columns={COLUMNS}
            rows={rows}
            getRowId={(row) => row.id}
            sort={params.sort}
            order={params.order}
            onSort={(key) => setParams(toggleSort(params, key as SortKey))}
            selected={selection.ids}
            onSelectedChange={selection.set}
            onRowClick={(row) => navigate(modulePath(row))}
          />
        </ListBody>
      </Paper>
      <ListFooter
        total={list.data?.total}
        page={params.page}
        pageSize={PAGE_SIZE}
        noun={MODULE_NOUN}
        onPage={(page) => setParams({ ...params, page })}
        extra={list.isFetching ? ' · updating…' : ''}
      />
      {panOpen && <PanImportModal onClose={() => setPanOpen(false)} />}
    </Stack>
  );
}
