/**
 * The per-block nodal export flags as a virtualized table (a plant may have hundreds of blocks): one
 * row per block with its Block, Arrays, Inverters and DC fields check boxes, and a header check box
 * per column that sets it for every block.
 */
import { Checkbox } from '@mantine/core';
import { useMemo } from 'react';
import { VirtualTable, type VirtualColumn } from '../../../weather/components/VirtualTable.tsx';
import {
  BLOCK_FLAG_COLUMNS,
  columnCount,
  type BlockFlagKey,
  type BlockFlags,
  type ExportFlags,
} from './exportOptionsModel.ts';

const ROW_HEIGHT = 36;

export function ExportOptionsTable({
  flags,
  disabled,
  onFlag,
  onColumn,
}: {
  flags: ExportFlags;
  disabled: boolean;
  onFlag: (index: number, key: BlockFlagKey, value: boolean) => void;
  onColumn: (key: BlockFlagKey, value: boolean) => void;
}) {
  const total = flags.blocks.length;
  const columns = useMemo((): VirtualColumn<BlockFlags>[] => {
    const flagColumns = BLOCK_FLAG_COLUMNS.map(({ key, label }): VirtualColumn<BlockFlags> => {
      const on = columnCount(flags, key);
      return {
        id: key,
        width: '1fr',
        align: 'center',
        header: (
          <Checkbox
            label={label}
            checked={total > 0 && on === total}
            indeterminate={on > 0 && on < total}
            disabled={disabled || total === 0}
            aria-label={`Export ${label.toLowerCase()} of every block`}
            onChange={(event) => onColumn(key, event.currentTarget.checked)}
          />
        ),
        cell: (row, index) => (
          <Checkbox
            checked={row[key]}
            disabled={disabled}
            aria-label={`Export ${label.toLowerCase()} of block ${row.name}`}
            onChange={(event) => onFlag(index, key, event.currentTarget.checked)}
          />
        ),
      };
    });
    return [
      { id: 'name', header: 'Name', width: '1fr', cell: (row) => `Block ${row.name}` },
      {
        id: 'repeater',
        header: 'Repeater',
        width: '0.8fr',
        align: 'right',
        cell: (row) => `× ${row.repeater}`,
      },
      ...flagColumns,
    ];
  }, [flags, total, disabled, onFlag, onColumn]);

  return (
    <VirtualTable
      label="Nodal export options by block"
      columns={columns}
      count={total}
      getRow={(index) => flags.blocks[index]}
      rowHeight={ROW_HEIGHT}
      height={Math.min(480, (total + 1) * ROW_HEIGHT + 8)}
      minWidth={640}
    />
  );
}
