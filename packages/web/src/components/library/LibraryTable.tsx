/**
 * A virtualized, sortable, selectable table for the library lists (modules, inverters): only the
 * rows in view (plus a few) are in the DOM, so thousands of rows scroll smoothly. Rows are fixed
 * height; spacer rows above and below keep the scroll height (@tanstack/react-virtual).
 *
 * Props: `columns` (header, cell renderer, optional sort key), `rows`, `getRowId`, the current sort,
 * `selected` ids with `onSelectedChange` (a checkbox column appears when given), `onRowClick`, and
 * `onEndReached` for infinite scroll (called when the last rows come into view).
 */
import { Checkbox, Table, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import { SortButton } from '../list/SortHeader.tsx';

export interface LibraryColumn<T> {
  key: string;
  header: ReactNode;
  /** The list's sort key for this column; absent = not sortable. */
  sortKey?: string;
  render: (row: T) => ReactNode;
  width?: number | string;
  align?: 'left' | 'right' | 'center';
  /**
   * Text that may be long (names, manufacturers): cut with an ellipsis at `maxWidth` px (the whole
   * text in the tooltip `title`). Other columns (numbers, badges, dates) are never cut: they keep
   * their width, so the table scrolls sideways rather than hiding a status or the last column.
   */
  truncate?: { maxWidth: number; title: (row: T) => string | null };
}

export interface LibraryTableProps<T> {
  columns: LibraryColumn<T>[];
  rows: T[];
  getRowId: (row: T) => number;
  /** Accessible name of the table, e.g. 'Modules'. */
  label: string;
  sort?: string;
  order?: 'asc' | 'desc';
  onSort?: (sortKey: string) => void;
  selected?: readonly number[];
  onSelectedChange?: (ids: number[]) => void;
  onRowClick?: (row: T) => void;
  /** Called when the last rows are rendered (load the next page). */
  onEndReached?: () => void;
  /** Height of the scrolling area [px]; default 560. */
  height?: number;
  rowHeight?: number;
  minWidth?: number;
}

export function LibraryTable<T>({
  columns,
  rows,
  getRowId,
  label,
  sort,
  order,
  onSort,
  selected,
  onSelectedChange,
  onRowClick,
  onEndReached,
  height = 560,
  rowHeight = 41,
  minWidth = 900,
}: LibraryTableProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.length ? items[items.length - 1]!.index : -1;
  const endRef = useRef(onEndReached);
  endRef.current = onEndReached;
  useEffect(() => {
    if (rows.length && lastIndex >= rows.length - 5) endRef.current?.();
  }, [lastIndex, rows.length]);

  const selectable = selected !== undefined && onSelectedChange !== undefined;
  const chosen = new Set(selected ?? []);
  const allChosen = rows.length > 0 && rows.every((row) => chosen.has(getRowId(row)));
  const someChosen = rows.some((row) => chosen.has(getRowId(row)));
  const toggle = (id: number) => {
    if (!onSelectedChange) return;
    onSelectedChange(chosen.has(id) ? [...chosen].filter((x) => x !== id) : [...chosen, id]);
  };
  const toggleAll = () => {
    if (!onSelectedChange) return;
    onSelectedChange(allChosen ? [] : rows.map(getRowId));
  };

  const paddingTop = items.length ? items[0]!.start : 0;
  const paddingBottom = items.length ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;
  const span = columns.length + (selectable ? 1 : 0);
  const rowStyle: CSSProperties = { height: rowHeight, cursor: onRowClick ? 'pointer' : undefined };

  return (
    <div ref={scrollRef} style={{ height, overflow: 'auto' }} data-testid="library-table-scroll">
      <Table
        highlightOnHover
        stickyHeader
        verticalSpacing="xs"
        aria-label={label}
        aria-rowcount={rows.length + 1}
        style={{ minWidth }}
      >
        <Table.Thead>
          <Table.Tr>
            {selectable && (
              <Table.Th style={{ width: 40 }}>
                <Checkbox
                  aria-label="Select all rows"
                  checked={allChosen}
                  indeterminate={!allChosen && someChosen}
                  onChange={toggleAll}
                />
              </Table.Th>
            )}
            {columns.map((column) => {
              const active = column.sortKey !== undefined && column.sortKey === sort;
              const ariaSort = active ? (order === 'asc' ? 'ascending' : 'descending') : undefined;
              return (
                <Table.Th
                  key={column.key}
                  aria-sort={column.sortKey ? (ariaSort ?? 'none') : undefined}
                  style={{ width: column.width, textAlign: column.align, whiteSpace: 'nowrap' }}
                >
                  {column.sortKey && onSort ? (
                    <SortButton active={active} order={order} onClick={() => onSort(column.sortKey!)}>
                      {column.header}
                    </SortButton>
                  ) : (
                    column.header
                  )}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {paddingTop > 0 && (
            <tr aria-hidden>
              <td colSpan={span} style={{ height: paddingTop, padding: 0, border: 0 }} />
            </tr>
          )}
          {items.map((item) => {
            const row = rows[item.index]!;
            const id = getRowId(row);
            return (
              <Table.Tr
                key={id}
                aria-rowindex={item.index + 2}
                data-index={item.index}
                style={rowStyle}
                bg={chosen.has(id) ? 'var(--mantine-primary-color-light)' : undefined}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
              >
                {selectable && (
                  <Table.Td onClick={(event) => event.stopPropagation()}>
                    <Checkbox
                      aria-label={`Select row ${item.index + 1}`}
                      checked={chosen.has(id)}
                      onChange={() => toggle(id)}
                    />
                  </Table.Td>
                )}
                {columns.map((column) => (
                  <Table.Td key={column.key} style={{ textAlign: column.align, whiteSpace: 'nowrap' }}>
                    {column.truncate ? (
                      <Text
                        component="div"
                        size="sm"
                        truncate="end"
                        maw={column.truncate.maxWidth}
                        title={column.truncate.title(row) ?? undefined}
                      >
                        {column.render(row)}
                      </Text>
                    ) : (
                      column.render(row)
                    )}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
          {paddingBottom > 0 && (
            <tr aria-hidden>
              <td colSpan={span} style={{ height: paddingBottom, padding: 0, border: 0 }} />
            </tr>
          )}
        </Table.Tbody>
      </Table>
    </div>
  );
}
