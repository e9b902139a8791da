/** A column header that sorts the list; aria-sort tells assistive technology the current order. */
import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ListParams, SortKey } from '../model/params.ts';

interface Props {
  sortKey: SortKey;
  params: ListParams;
  onSort: (key: SortKey) => void;
  children: ReactNode;
}

export function SortableHeader({ sortKey, params, onSort, children }: Props) {
  const active = params.sort === sortKey;
  const ariaSort = active ? (params.order === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <Table.Th aria-sort={ariaSort}>
      <UnstyledButton onClick={() => onSort(sortKey)} style={{ font: 'inherit', fontWeight: 700 }}>
        <Group gap={4} wrap="nowrap">
          {children}
          <Text component="span" size="xs" c={active ? undefined : 'dimmed'} aria-hidden>
            {active ? (params.order === 'asc' ? '▲' : '▼') : '↕'}
          </Text>
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
