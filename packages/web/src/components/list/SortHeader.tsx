/**
 * Sortable column headers of the lists: the button with its arrow (▲ ascending, ▼ descending, ↕ not
 * sorted), and a Mantine table header cell carrying aria-sort so assistive technology and the tests
 * know the current order. Header text does not wrap ("Max power [W]" stays on one line).
 */
import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import type { SortOrder } from './listState.ts';

export type AriaSort = 'ascending' | 'descending' | 'none';

export const ariaSortOf = (active: boolean, order: SortOrder | undefined): AriaSort =>
  active ? (order === 'asc' ? 'ascending' : 'descending') : 'none';

export function SortButton({
  active,
  order,
  onClick,
  children,
}: {
  active: boolean;
  order: SortOrder | undefined;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <UnstyledButton onClick={onClick} style={{ font: 'inherit', fontWeight: 700, whiteSpace: 'nowrap' }}>
      <Group gap={4} wrap="nowrap">
        {children}
        <Text component="span" size="xs" c={active ? undefined : 'dimmed'} aria-hidden>
          {active ? (order === 'asc' ? '▲' : '▼') : '↕'}
        </Text>
      </Group>
    </UnstyledButton>
  );
}

/** A `<th>` that sorts the list by `sortKey`. */
export function SortableTh<K extends string>({
  sortKey,
  sort,
  order,
  onSort,
  children,
}: {
  sortKey: K;
  sort: K;
  order: SortOrder;
  onSort: (key: K) => void;
  children: ReactNode;
}) {
  const active = sort === sortKey;
  return (
    <Table.Th aria-sort={ariaSortOf(active, order)} style={{ whiteSpace: 'nowrap' }}>
      <SortButton active={active} order={order} onClick={() => onSort(sortKey)}>
        {children}
      </SortButton>
    </Table.Th>
  );
}
