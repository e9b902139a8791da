/**
 * The plant as a tree (blocks → arrays → inverters → DC fields) with each node's repeater and its DC
 * and AC size. Only the selected path is expanded, and the rows are virtualized
 * (@tanstack/react-virtual) and memoized on the node object: after an edit, which copies only the
 * path to the edited node, the other rows are not rendered again, so a plant of hundreds of blocks
 * stays responsive. Arrow keys move the selection; Home and End go to the first and last row.
 */
import { Group, Text, UnstyledButton } from '@mantine/core';
import { formatNumber, kwToMw } from '@sunfield/domain';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import type { Json, PowerPlant } from '../model/types.ts';
import { asNodes, childrenOf, nodeSize, titleOf, type Selection } from './model/plantEdit.ts';

const ROW_HEIGHT = 34;

interface TreeRow {
  key: string;
  depth: number;
  path: number[];
  node: Json;
  index: number;
  hasChildren: boolean;
  expanded: boolean;
  /** siblings in the list (aria-setsize) */
  setSize: number;
}

/** The visible rows: every block, and the children of the nodes on the selected path. */
export function visibleRows(plant: PowerPlant, selection: Selection | null): TreeRow[] {
  const rows: TreeRow[] = [];
  const go = (list: Json[], depth: number, parent: number[]) => {
    list.forEach((node, index) => {
      const path = [...parent, index];
      const children = childrenOf(node, depth);
      const expanded = !!selection && depth < 3 && path.every((v, i) => selection.path[i] === v);
      rows.push({
        key: path.join('.'),
        depth,
        path,
        node,
        index,
        hasChildren: children.length > 0,
        expanded,
        setSize: list.length,
      });
      if (expanded) go(children, depth + 1, path);
    });
  };
  go(asNodes(plant.blocks), 0, []);
  return rows;
}

const sizeText = (kw: number) => `${formatNumber(kwToMw(kw), 3)} MW`;

interface RowProps {
  node: Json;
  depth: number;
  index: number;
  rowKey: string;
  hasChildren: boolean;
  expanded: boolean;
  selected: boolean;
  onPath: boolean;
  position: number;
  count: number;
  onSelect: (key: string) => void;
}

const Row = memo(function Row(props: RowProps) {
  const { node, depth, index, rowKey, selected, onPath } = props;
  const title = titleOf(depth, node, index);
  const size = nodeSize(node, depth);
  const repeater = typeof node.repeater === 'number' && node.repeater > 1 ? node.repeater : null;
  return (
    <UnstyledButton
      role="treeitem"
      aria-label={title}
      aria-level={depth + 1}
      aria-selected={selected}
      aria-expanded={props.hasChildren ? props.expanded : undefined}
      aria-posinset={props.position}
      aria-setsize={props.count}
      data-key={rowKey}
      tabIndex={selected ? 0 : -1}
      onClick={() => props.onSelect(rowKey)}
      style={{
        display: 'flex',
        alignItems: 'center',
        width: '100%',
        height: ROW_HEIGHT,
        paddingLeft: 8 + depth * 18,
        paddingRight: 8,
        borderRadius: 4,
        background: selected
          ? 'var(--mantine-color-blue-light)'
          : onPath
            ? 'var(--mantine-color-gray-light)'
            : undefined,
      }}
    >
      <Group gap={6} wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
        <Text span size="xs" c="dimmed" w={10} aria-hidden>
          {props.hasChildren ? (props.expanded ? '▾' : '▸') : ''}
        </Text>
        <Text span size="sm" fw={selected ? 600 : 400} truncate>
          {title}
        </Text>
        {repeater !== null && (
          <Text span size="xs" c="dimmed" title="Repeater">
            ×{repeater}
          </Text>
        )}
      </Group>
      <Text span size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {sizeText(size.dcKw)} DC{depth < 3 ? ` · ${sizeText(size.acKw)} AC` : ''}
      </Text>
    </UnstyledButton>
  );
});

export interface PlantTreeProps {
  plant: PowerPlant;
  selection: Selection | null;
  onSelect: (path: number[]) => void;
  height?: number;
}

export function PlantTree({ plant, selection, onSelect, height = 520 }: PlantTreeProps) {
  const rows = useMemo(() => visibleRows(plant, selection), [plant, selection]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const selectedKey = selection ? selection.path.slice(0, selection.depth + 1).join('.') : null;
  const selectedIndex = rows.findIndex((r) => r.key === selectedKey);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const selectRef = useRef(onSelect);
  selectRef.current = onSelect;
  const focusAfterKey = useRef(false);

  // Keep the selected row in view, and focused after keyboard moves.
  useEffect(() => {
    if (selectedIndex < 0) return;
    virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
    if (focusAfterKey.current) {
      focusAfterKey.current = false;
      requestAnimationFrame(() => {
        scrollRef.current?.querySelector<HTMLElement>(`[data-key="${selectedKey}"]`)?.focus();
      });
    }
  }, [selectedIndex, selectedKey, virtualizer]);

  const handleSelect = useMemo(() => (key: string) => selectRef.current(key.split('.').map(Number)), []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = rowsRef.current.length - 1;
    let target: number | null = null;
    if (event.key === 'ArrowDown') target = Math.min(last, selectedIndex + 1);
    else if (event.key === 'ArrowUp') target = Math.max(0, selectedIndex - 1);
    else if (event.key === 'Home') target = 0;
    else if (event.key === 'End') target = last;
    if (target === null || target < 0 || target === selectedIndex) return;
    event.preventDefault();
    focusAfterKey.current = true;
    onSelect(rowsRef.current[target]!.path);
  }

  const total = virtualizer.getTotalSize();
  return (
    <div
      ref={scrollRef}
      role="tree"
      aria-label="Power plant"
      onKeyDown={onKeyDown}
      style={{
        height: Math.min(height, Math.max(ROW_HEIGHT, total) + 2),
        overflow: 'auto',
        position: 'relative',
      }}
    >
      <div style={{ height: total, position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          const onPath =
            !!selection && row.depth < selection.depth && row.path.every((v, i) => selection.path[i] === v);
          return (
            <div
              key={row.key}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                transform: `translateY(${item.start}px)`,
              }}
            >
              <Row
                node={row.node}
                depth={row.depth}
                index={row.index}
                rowKey={row.key}
                hasChildren={row.hasChildren}
                expanded={row.expanded}
                selected={row.key === selectedKey}
                onPath={onPath}
                position={row.index + 1}
                count={row.setSize}
                onSelect={handleSelect}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}
