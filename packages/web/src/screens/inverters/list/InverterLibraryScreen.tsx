/**
 * /inverter-library (spec 1 §2): the inverter library — own assets and Active + Global by default
 * (spec 1 §6), debounced server search, power range, sortable virtualized table, paging, selection
 * for Change Status, New Inverter and the OND and file imports. Laid out as the module library is
 * (components/library), with its state in the address (components/list).
 */
import { Button, FileButton, Paper, Stack, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
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
  INVERTER_NOUN,
  OWNER_FILTER_LABELS,
  PAGE_SIZE,
  buildLibraryQuery,
  readLibraryParams,
  toggleSort,
  writeLibraryParams,
  type LibraryParams,
  type SortKey,
} from '../model/listParams.ts';
import type { InverterOverviewItem } from '../model/types.ts';
import { useInverterList } from '../queries.ts';
import { useInverterImport } from './useInverterImport.ts';

const inverterPath = (row: { id: number }) => `/inverter/${row.id}/efficiency`;

const COLUMNS: LibraryColumn<InverterOverviewItem>[] = [
  ...leadingColumns<InverterOverviewItem>(inverterPath),
  {
    key: 'powerRating',
    header: 'Power [kW]',
    sortKey: 'powerRating',
    align: 'right',
    render: (row) => formatNumber(row.powerRating, NUMBER_FORMATS.inverterPower),
  },
  {
    key: 'maxAbsoluteVoltage',
    header: 'Max voltage [V]',
    align: 'right',
    render: (row) => formatNumber(row.maxAbsoluteVoltage, NUMBER_FORMATS.electrical),
  },
  ...trailingColumns<InverterOverviewItem>(),
];

function emptyText(params: LibraryParams): string {
  if (params.search.trim()) return `No inverters match "${params.search.trim()}".`;
  return 'No inverters match these filters.';
}

export function InverterLibraryScreen() {
  usePageTitle('Inverter Library');
  const navigate = useNavigate();
  const [params, setParams] = useListParams(readLibraryParams, writeLibraryParams);
  const list = useInverterList(buildLibraryQuery(params));
  const selection = useSelection();
  const imports = useInverterImport();
  const rows = list.data?.items ?? [];

  return (
    <Stack gap="md">
      <Title order={2}>Inverter Library</Title>
      <LibraryToolbar
        params={params}
        onChange={setParams}
        ownerLabels={OWNER_FILTER_LABELS}
        searchLabel="Search inverters"
        powerUnit="kW"
        selectedCount={selection.ids.length}
        onChangeStatus={() => navigate(changeStatusPath('inverter', selection.ids))}
        actions={
          <>
            <Button component={Link} to="/inverter/efficiency">
              New Inverter
            </Button>
            <FileButton onChange={(file) => void imports.importOnd(file)} accept=".ond,.OND">
              {(props) => (
                <Button {...props} variant="default" loading={imports.busy}>
                  Import OND
                </Button>
              )}
            </FileButton>
            <FileButton onChange={(file) => void imports.importFile(file)} accept=".json,application/json">
              {(props) => (
                <Button {...props} variant="default" loading={imports.busy}>
                  Import
                </Button>
              )}
            </FileButton>
          </>
        }
      />
      <Paper withBorder>
        <ListBody
          isPending={list.isPending}
          error={list.error}
          hasData={list.data !== undefined}
          empty={!rows.length}
          loadingLabel="Loading inverters"
          errorTitle="The inverters could not be loaded"
          emptyText={emptyText(params)}
        >
          <LibraryTable
            label="Inverters"
            columns={COLUMNS}
            rows={rows}
            getRowId={(row) => row.id}
            sort={params.sort}
            order={params.order}
            onSort={(key) => setParams(toggleSort(params, key as SortKey))}
            selected={selection.ids}
            onSelectedChange={selection.set}
            onRowClick={(row) => navigate(inverterPath(row))}
          />
        </ListBody>
      </Paper>
      <ListFooter
        total={list.data?.total}
        page={params.page}
        pageSize={PAGE_SIZE}
        noun={INVERTER_NOUN}
        onPage={(page) => setParams({ ...params, page })}
        extra={list.isFetching ? ' · updating…' : ''}
      />
    </Stack>
  );
}
