/**
 * The nodal export options of a plant (pure, unit-tested): which nodes keep their time series in a
 * run (spec 3 `ExportOptions`: `exportSystem`, `exportESS`, `blockExportOptions[{name, exportBlock,
 * exportArrays, exportInverters, exportDCFields}]`; stored per block as `nodalExportOptions`).
 *
 * The page keeps the flags in its own state and saves them with PUT …/PowerPlant/ExportOptions, apart
 * from the prediction's Save. After a save they are folded into the draft plant only when the draft
 * already has unsaved changes (it stays dirty; its next Save then sends the same flags instead of the
 * old ones). A clean draft is not touched: the prediction reloads and takes the saved flags in, so a
 * save of the export options never makes the prediction dirty.
 */
import type { Json, PowerPlant } from '../../model/types.ts';

export type BlockFlagKey = 'exportBlock' | 'exportArrays' | 'exportInverters' | 'exportDCFields';

export const BLOCK_FLAG_COLUMNS: readonly { key: BlockFlagKey; label: string }[] = [
  { key: 'exportBlock', label: 'Block' },
  { key: 'exportArrays', label: 'Arrays' },
  { key: 'exportInverters', label: 'Inverters' },
  { key: 'exportDCFields', label: 'DC fields' },
];

export interface BlockFlags extends Record<BlockFlagKey, boolean> {
  /** the block's name (its number) */
  name: number;
  repeater: number;
}

export interface ExportFlags {
  exportSystem: boolean;
  exportESS: boolean;
  blocks: BlockFlags[];
}

const flag = (value: unknown): boolean => value === true;

/** The flags stored in a plant (false where unset). */
export function exportFlagsOf(plant: PowerPlant | null): ExportFlags {
  const blocks = (plant?.blocks ?? []).map((block, i): BlockFlags => {
    const options = (block.nodalExportOptions ?? {}) as Json;
    const name = typeof block.name === 'number' ? block.name : Number(block.name);
    return {
      name: Number.isFinite(name) ? name : i + 1,
      repeater: typeof block.repeater === 'number' ? block.repeater : 1,
      exportBlock: flag(options.exportBlock),
      exportArrays: flag(options.exportArrays),
      exportInverters: flag(options.exportInverters),
      exportDCFields: flag(options.exportDCFields),
    };
  });
  return { exportSystem: flag(plant?.exportSystem), exportESS: flag(plant?.exportESS), blocks };
}

export function setBlockFlag(
  flags: ExportFlags,
  index: number,
  key: BlockFlagKey,
  value: boolean,
): ExportFlags {
  return { ...flags, blocks: flags.blocks.map((b, i) => (i === index ? { ...b, [key]: value } : b)) };
}

/** One column for every block (the header's check box). */
export function setColumn(flags: ExportFlags, key: BlockFlagKey, value: boolean): ExportFlags {
  return { ...flags, blocks: flags.blocks.map((b) => (b[key] === value ? b : { ...b, [key]: value })) };
}

/** How many blocks have a flag on. */
export const columnCount = (flags: ExportFlags, key: BlockFlagKey): number =>
  flags.blocks.reduce((n, b) => n + (b[key] ? 1 : 0), 0);

export function sameFlags(a: ExportFlags, b: ExportFlags): boolean {
  if (a.exportSystem !== b.exportSystem || a.exportESS !== b.exportESS) return false;
  if (a.blocks.length !== b.blocks.length) return false;
  return a.blocks.every((x, i) => {
    const y = b.blocks[i]!;
    return x.name === y.name && BLOCK_FLAG_COLUMNS.every(({ key }) => x[key] === y[key]);
  });
}

/** The body of PUT …/PowerPlant/ExportOptions. */
export function exportOptionsPayload(flags: ExportFlags): Json {
  return {
    exportSystem: flags.exportSystem,
    exportESS: flags.exportESS,
    blockExportOptions: flags.blocks.map((b) => ({
      name: b.name,
      exportBlock: b.exportBlock,
      exportArrays: b.exportArrays,
      exportInverters: b.exportInverters,
      exportDCFields: b.exportDCFields,
    })),
  };
}

/**
 * The plant with the flags folded in (as the server stores them: each block by name, its other
 * nodal options kept). Blocks whose flags are unchanged stay the same objects.
 */
export function foldExportFlags(plant: PowerPlant, flags: ExportFlags): PowerPlant {
  const byName = new Map(flags.blocks.map((b) => [b.name, b]));
  const blocks = plant.blocks.map((block) => {
    const name = typeof block.name === 'number' ? block.name : Number(block.name);
    const wanted = byName.get(name);
    if (!wanted) return block;
    const options = (block.nodalExportOptions ?? {}) as Json;
    if (BLOCK_FLAG_COLUMNS.every(({ key }) => flag(options[key]) === wanted[key] && key in options))
      return block;
    const next: Json = { ...options };
    for (const { key } of BLOCK_FLAG_COLUMNS) next[key] = wanted[key];
    return { ...block, nodalExportOptions: next };
  });
  return { ...plant, exportSystem: flags.exportSystem, exportESS: flags.exportESS, blocks };
}

const blocksText = (n: number): string => `${n} block${n === 1 ? '' : 's'}`;

/** What a run keeps, in words: 'A run keeps the series of the system, 3 of 300 blocks, the arrays of 1 block.' */
export function exportSummary(flags: ExportFlags): string {
  const parts: string[] = [];
  if (flags.exportSystem) parts.push('the system');
  if (flags.exportESS) parts.push('the energy storage');
  const total = flags.blocks.length;
  const blocks = columnCount(flags, 'exportBlock');
  if (blocks > 0) parts.push(blocks === total ? `every block (${total})` : `${blocks} of ${total} blocks`);
  for (const { key, label } of BLOCK_FLAG_COLUMNS.slice(1)) {
    const n = columnCount(flags, key);
    if (n > 0)
      parts.push(`the ${label === 'DC fields' ? 'DC fields' : label.toLowerCase()} of ${blocksText(n)}`);
  }
  if (parts.length === 0) return 'A run keeps no nodal series (the plant’s own results are always kept).';
  return `A run keeps the series of ${parts.join(', ')}.`;
}
