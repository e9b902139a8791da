/**
 * The weather library table (virtualized): select, Name, Provider, Location, Period, Interval,
 * Annual GHI, Status, Owner, Last modified; a row downloading shows its progress bar.
 */
import { Anchor, Checkbox, Progress } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { SortButton, ariaSortOf } from '../../../components/list/SortHeader.tsx';
import { AssetStatusBadge } from '../components/AssetStatusBadge.tsx';
import { VirtualTable, type VirtualColumn } from '../components/VirtualTable.tsx';
import {
  downloadProgress,
  formatDate,
  formatDateTime,
  formatInterval,
  formatNumber,
  formatUtcOffset,
  providerLabel,
} from '../model/format.ts';
import type { LibraryParams, SortKey } from '../model/listParams.ts';
import { itemDistance, type DistanceUnit } from '../model/locationSearch.ts';
import type { WeatherListItem } from '../model/types.ts';

interface Props {
  items: WeatherListItem[];
  params?: LibraryParams;
  onSort?: (key: SortKey) => void;
  selected: number[];
  onSelect: (ids: number[]) => void;
  showDistance?: boolean;
  /** unit of the Distance column (default km) */
  distanceUnit?: DistanceUnit;
  label?: string;
}

function SortHeader({
  id,
  params,
  onSort,
  children,
}: {
  id: SortKey;
  params?: LibraryParams;
  onSort?: (k: SortKey) => void;
  children: string;
}) {
  if (!params || !onSort) return <>{children}</>;
  return (
    <SortButton active={params.sort === id} order={params.order} onClick={() => onSort(id)}>
      {children}
    </SortButton>
  );
}

const sortOf = (id: SortKey, params?: LibraryParams) =>
  params ? ariaSortOf(params.sort === id, params.order) : undefined;

export function WeatherTable({
  items,
  params,
  onSort,
  selected,
  onSelect,
  showDistance,
  distanceUnit = 'km',
  label = 'Weather files',
}: Props) {
  const navigate = useNavigate();
  const allSelected = items.length > 0 && items.every((item) => selected.includes(item.id));
  const toggle = (id: number) =>
    onSelect(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);

  const columns: VirtualColumn<WeatherListItem>[] = [
    {
      id: 'select',
      width: '44px',
      align: 'center',
      header: (
        <Checkbox
          aria-label="Select all"
          checked={allSelected}
          indeterminate={!allSelected && selected.length > 0}
          onChange={() => onSelect(allSelected ? [] : items.map((item) => item.id))}
        />
      ),
      cell: (row) => (
        <Checkbox
          aria-label={`Select ${row.name}`}
          checked={selected.includes(row.id)}
          onClick={(event) => event.stopPropagation()}
          onChange={() => toggle(row.id)}
        />
      ),
    },
    {
      id: 'name',
      width: 'minmax(220px, 3fr)',
      sort: sortOf('name', params),
      header: (
        <SortHeader id="name" params={params} onSort={onSort}>
          Name
        </SortHeader>
      ),
      cell: (row) => {
        const progress = downloadProgress(row.downloadInfo);
        return (
          <div style={{ width: '100%', overflow: 'hidden' }}>
            <Anchor
              component={Link}
              to={`/weather/${row.id}`}
              fw={500}
              size="sm"
              onClick={(e) => e.stopPropagation()}
            >
              {row.name}
            </Anchor>
            {progress !== null && (
              <Progress
                value={progress}
                size="sm"
                mt={2}
                aria-label={`Download progress of ${row.name}`}
                animated
              />
            )}
          </div>
        );
      },
    },
    {
      id: 'provider',
      width: 'minmax(110px, 1fr)',
      sort: sortOf('dataProvider', params),
      header: (
        <SortHeader id="dataProvider" params={params} onSort={onSort}>
          Provider
        </SortHeader>
      ),
      cell: (row) => providerLabel(row.dataProvider),
    },
    {
      id: 'location',
      width: '150px',
      header: 'Location',
      cell: (row) => `${formatNumber(row.latitude, 3)}, ${formatNumber(row.longitude, 3)}`,
    },
    { id: 'tz', width: '100px', header: 'Time zone', cell: (row) => formatUtcOffset(row.timeZone) },
    {
      id: 'period',
      width: '190px',
      sort: sortOf('startDate', params),
      header: (
        <SortHeader id="startDate" params={params} onSort={onSort}>
          Period
        </SortHeader>
      ),
      cell: (row) => `${formatDate(row.startDate)} – ${formatDate(row.endDate)}`,
    },
    { id: 'interval', width: '80px', header: 'Interval', cell: (row) => formatInterval(row.timeInterval) },
    {
      id: 'ghi',
      width: '120px',
      align: 'right',
      header: 'GHI (kWh/m²)',
      cell: (row) => formatNumber(row.ghiAnnual, 0),
    },
    ...(showDistance
      ? [
          {
            id: 'distance',
            width: '100px',
            align: 'right' as const,
            header: 'Distance',
            cell: (row: WeatherListItem) =>
              `${formatNumber(itemDistance(row, distanceUnit), 1)} ${distanceUnit}`,
          },
        ]
      : []),
    {
      id: 'status',
      width: '150px',
      sort: sortOf('status', params),
      header: (
        <SortHeader id="status" params={params} onSort={onSort}>
          Status
        </SortHeader>
      ),
      cell: (row) => <AssetStatusBadge status={row.status} />,
    },
    { id: 'owner', width: 'minmax(100px, 1fr)', header: 'Owner', cell: (row) => row.ownerName ?? '--' },
    {
      id: 'modified',
      width: '170px',
      sort: sortOf('lastModified', params),
      header: (
        <SortHeader id="lastModified" params={params} onSort={onSort}>
          Last modified
        </SortHeader>
      ),
      cell: (row) => formatDateTime(row.lastModified),
    },
  ];

  return (
    <VirtualTable
      label={label}
      columns={columns}
      count={items.length}
      getRow={(index) => items[index]}
      rowHeight={44}
      height={Math.min(560, 48 + items.length * 44 + 2)}
      minWidth={1500}
      onRowClick={(row) => navigate(`/weather/${row.id}`)}
    />
  );
}
