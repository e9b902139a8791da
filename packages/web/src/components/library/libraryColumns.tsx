/**
 * The columns the module and inverter libraries share, so both read alike (issue 16): Name (a link),
 * Manufacturer, Model, then each library's own quantities with the unit in brackets, Status (never
 * cut), Owner (the person, or 'Global' for the Global library) and Last modified.
 */
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/dates.ts';
import { AssetStatusBadge } from './AssetStatusBadge.tsx';
import type { LibraryColumn } from './LibraryTable.tsx';

export interface LibraryRow {
  id: number;
  name: string;
  manufacturer: string | null;
  model: string | null;
  status: number;
  ownerId: string | null;
  ownerName: string | null;
  lastModified: string;
}

/** Who owns a library asset: the person, '--' when unknown, 'Global' for the Global library. */
export const ownerLabel = (row: Pick<LibraryRow, 'ownerId' | 'ownerName'>): string =>
  row.ownerName ?? (row.ownerId ? '--' : 'Global');

export function leadingColumns<T extends LibraryRow>(href: (row: T) => string): LibraryColumn<T>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      sortKey: 'name',
      truncate: { maxWidth: 300, title: (row) => row.name },
      render: (row) => (
        <Anchor
          component={Link}
          to={href(row)}
          fw={500}
          size="sm"
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
      truncate: { maxWidth: 180, title: (row) => row.manufacturer },
      render: (row) => row.manufacturer ?? '--',
    },
    {
      key: 'model',
      header: 'Model',
      sortKey: 'model',
      truncate: { maxWidth: 200, title: (row) => row.model },
      render: (row) => row.model ?? '--',
    },
  ];
}

export function trailingColumns<T extends LibraryRow>(): LibraryColumn<T>[] {
  return [
    {
      key: 'status',
      header: 'Status',
      sortKey: 'status',
      render: (row) => <AssetStatusBadge status={row.status} />,
    },
    {
      key: 'owner',
      header: 'Owner',
      truncate: { maxWidth: 160, title: (row) => ownerLabel(row) },
      render: (row) => ownerLabel(row),
    },
    {
      key: 'lastModified',
      header: 'Last modified',
      sortKey: 'lastModified',
      render: (row) => formatDateTime(row.lastModified),
    },
  ];
}
