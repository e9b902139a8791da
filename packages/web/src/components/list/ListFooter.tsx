/** The foot of a paged list: 'Showing 26–50 of 73 projects' (announced politely) and the pages. */
import { Group, Pagination, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { pageCount, rangeLabel, type Noun } from './listState.ts';

interface Props {
  /** The total when loaded; undefined while the first answer is pending (nothing is shown). */
  total: number | undefined;
  page: number;
  pageSize: number;
  noun: Noun;
  onPage: (page: number) => void;
  /** Said after the range, e.g. ' · updating…' or ', 2 selected'. */
  extra?: ReactNode;
}

export function ListFooter({ total, page, pageSize, noun, onPage, extra }: Props) {
  const pages = pageCount(total ?? 0, pageSize);
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed" aria-live="polite">
        {total === undefined ? '' : rangeLabel(page, total, pageSize, noun)}
        {total === undefined ? null : extra}
      </Text>
      {pages > 1 && (
        <Pagination total={pages} value={Math.min(page, pages)} onChange={onPage} aria-label="Pages" />
      )}
    </Group>
  );
}
