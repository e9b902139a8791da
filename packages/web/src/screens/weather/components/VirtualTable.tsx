/**
 * A virtualized table (@tanstack/react-virtual): only the rows in view are in the DOM, so a list of
 * thousands of assets or an 8,760- or 525,600-row weather series scrolls smoothly. Rows that are
 * not loaded yet show a placeholder; `onRangeChange` tells the owner which rows are in view so it
 * can fetch them. ARIA table roles keep it readable by assistive technology and by the tests.
 */
import { useEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Text } from '@mantine/core';

export interface VirtualColumn<T> {
  id: string;
  header: ReactNode;
  /** CSS grid track, e.g. '2fr' or '120px' */
  width: string;
  cell: (row: T, index: number) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** aria-sort of the header */
  sort?: 'ascending' | 'descending' | 'none';
}

export interface VirtualTableProps<T> {
  label: string;
  columns: VirtualColumn<T>[];
  count: number;
  getRow: (index: number) => T | undefined;
  rowHeight?: number;
  height?: number | string;
  onRangeChange?: (start: number, end: number) => void;
  onRowClick?: (row: T, index: number) => void;
  rowStyle?: (row: T, index: number) => CSSProperties | undefined;
  minWidth?: number;
}

const cellStyle = (align: string | undefined): CSSProperties => ({
  padding: '0 8px',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  textAlign: (align ?? 'left') as CSSProperties['textAlign'],
  display: 'flex',
  alignItems: 'center',
  justifyContent: align === 'right' ? 'flex-end' : align === 'center' ? 'center' : 'flex-start',
  fontSize: 14,
});

export function VirtualTable<T>({
  label,
  columns,
  count,
  getRow,
  rowHeight = 36,
  height = 480,
  onRangeChange,
  onRowClick,
  rowStyle,
  minWidth = 600,
}: VirtualTableProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? -1;
  const rangeRef = useRef(onRangeChange);
  useEffect(() => {
    rangeRef.current = onRangeChange;
  });
  useEffect(() => {
    if (last >= first) rangeRef.current?.(first, last);
  }, [first, last]);

  const template = columns.map((c) => c.width).join(' ');
  return (
    <div
      ref={scrollRef}
      role="table"
      aria-label={label}
      aria-rowcount={count + 1}
      style={{
        height,
        overflow: 'auto',
        position: 'relative',
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 4,
      }}
    >
      <div style={{ minWidth }}>
        <div
          role="rowgroup"
          style={{ position: 'sticky', top: 0, zIndex: 1, background: 'var(--mantine-color-gray-0)' }}
        >
          <div
            role="row"
            aria-rowindex={1}
            style={{
              display: 'grid',
              gridTemplateColumns: template,
              height: rowHeight + 4,
              borderBottom: '1px solid var(--mantine-color-gray-3)',
            }}
          >
            {columns.map((column) => (
              <div
                key={column.id}
                role="columnheader"
                aria-sort={column.sort}
                style={{ ...cellStyle(column.align), fontWeight: 700 }}
              >
                {column.header}
              </div>
            ))}
          </div>
        </div>
        <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const row = getRow(item.index);
            return (
              <div
                key={item.key}
                role="row"
                aria-rowindex={item.index + 2}
                onClick={row && onRowClick ? () => onRowClick(row, item.index) : undefined}
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  right: 0,
                  height: item.size,
                  transform: `translateY(${item.start}px)`,
                  display: 'grid',
                  gridTemplateColumns: template,
                  borderBottom: '1px solid var(--mantine-color-gray-2)',
                  cursor: onRowClick ? 'pointer' : undefined,
                  ...(row ? rowStyle?.(row, item.index) : undefined),
                }}
              >
                {row ? (
                  columns.map((column) => (
                    <div key={column.id} role="cell" style={cellStyle(column.align)}>
                      {column.cell(row, item.index)}
                    </div>
                  ))
                ) : (
                  <div role="cell" style={{ ...cellStyle('left'), gridColumn: '1 / -1' }}>
                    <Text size="sm" c="dimmed">
                      Loading…
                    </Text>
                  </div>
                )}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
