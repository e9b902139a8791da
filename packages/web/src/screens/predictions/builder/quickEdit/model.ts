/**
 * The Quick Edit table's model (pure): the plant as one row per DC field (its path of block, array,
 * inverter and field names and repeaters, its main values, its inverter's DC:AC), and one cell edit
 * applied to the plant:
 *
 * - immutably with structural sharing: only the edited path (plant → block → array → inverter →
 *   field) gets new objects, every other node keeps its identity (the editor's `dirty` is a reference
 *   comparison; memoized rows of untouched fields do not re-render);
 * - with the Block Array Builder's rules for the edited field only (builder/model/fieldRules.ts:
 *   domain `calculatePlant` on a one-inverter plant holding the edited field: module defaults when the
 *   module changes, the string window at min50Year/cool996, strings ↔ DC power, table, rows, pitch,
 *   post height). Locked fields are never overwritten; typing a value that has a lock locks it, as
 *   in the builder.
 */
import {
  dcAcRatioWarning,
  azimuthWarning,
  dcFieldPowerKw,
  finiteNumber,
  MAX_REPEATER,
  TRACKER_DEFAULTS,
  type PlantCalculationContext,
} from '@sunfield/domain';
import type { Json, PowerPlant } from '../../model/types.ts';
import {
  editDcField,
  editInverter,
  pickModule,
  type RuleContext,
  type RuleResult,
} from '../model/fieldRules.ts';

const num = finiteNumber;
const list = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);
const repeaterOf = (node: Json): number => {
  const r = num(node.repeater);
  return r !== undefined && r > 0 ? r : 1;
};

/** Indices of a DC field in the plant. */
export interface FieldPath {
  block: number;
  array: number;
  inverter: number;
  field: number;
}

/** One DC field of the plant with what the table shows of its ancestors. */
export interface QuickEditRow {
  /** `b.a.i.f` indices, stable while the plant's shape does not change */
  key: string;
  path: FieldPath;
  /** `B1 › A1 › Inv A › DC 1` (names, else positions) */
  label: string;
  block: Json;
  array: Json;
  inverter: Json;
  field: Json;
  /** Σ DC power × repeater of the inverter's fields [kW] */
  inverterDcKw: number;
  /** the inverter's DC:AC ratio (NaN without a setpoint) */
  dcAcRatio: number;
  /** block × array × inverter × field repeaters */
  multiplicity: number;
}

const nameOf = (node: Json, index: number): string => {
  const n = node.name;
  return typeof n === 'number' || (typeof n === 'string' && n !== '') ? String(n) : String(index + 1);
};

/** The DC:AC ratio of an inverter node: Σ field DC power × field repeater / setpoint. */
export function inverterDcAc(inverter: Json): { dcKw: number; ratio: number } {
  let dcKw = 0;
  for (const f of list(inverter.dcFields)) dcKw += dcFieldPowerKw(f) * repeaterOf(f);
  const setpoint = num(inverter.setpointkW);
  return { dcKw, ratio: setpoint !== undefined && setpoint > 0 ? dcKw / setpoint : Number.NaN };
}

/** Every DC field of the plant as a row, in tree order. */
export function plantRows(plant: PowerPlant | null): QuickEditRow[] {
  const rows: QuickEditRow[] = [];
  if (!plant) return rows;
  list(plant.blocks).forEach((block, b) => {
    list(block.arrays).forEach((array, a) => {
      list(array.inverters).forEach((inverter, i) => {
        const { dcKw, ratio } = inverterDcAc(inverter);
        list(inverter.dcFields).forEach((field, f) => {
          rows.push({
            key: `${b}.${a}.${i}.${f}`,
            path: { block: b, array: a, inverter: i, field: f },
            label: `B${nameOf(block, b)} › A${nameOf(array, a)} › Inv ${nameOf(inverter, i)} › DC ${nameOf(field, f)}`,
            block,
            array,
            inverter,
            field,
            inverterDcKw: dcKw,
            dcAcRatio: ratio,
            multiplicity: repeaterOf(block) * repeaterOf(array) * repeaterOf(inverter) * repeaterOf(field),
          });
        });
      });
    });
  });
  return rows;
}

export type PlantLevelName = 'block' | 'array' | 'inverter' | 'field';

const replaceAt = <T>(items: readonly T[], index: number, item: T): T[] => {
  const copy = items.slice();
  copy[index] = item;
  return copy;
};

/**
 * The plant with one node replaced: new objects only on the path to it (structural sharing).
 * @param plant the plant
 * @param path where (indices below `level` are ignored)
 * @param level the node's level
 * @param change the new node from the old one (must return a new object to change it)
 */
export function updateNode(
  plant: PowerPlant,
  path: FieldPath,
  level: PlantLevelName,
  change: (node: Json) => Json,
): PowerPlant {
  const block = plant.blocks[path.block];
  if (!block) return plant;
  if (level === 'block')
    return { ...plant, blocks: replaceAt(plant.blocks, path.block, change(block) as typeof block) };
  const array = block.arrays[path.array];
  if (!array) return plant;
  let newArray: typeof array;
  if (level === 'array') newArray = change(array) as typeof array;
  else {
    const inverter = array.inverters[path.inverter];
    if (!inverter) return plant;
    let newInverter: typeof inverter;
    if (level === 'inverter') newInverter = change(inverter) as typeof inverter;
    else {
      const field = inverter.dcFields[path.field];
      if (!field) return plant;
      newInverter = {
        ...inverter,
        dcFields: replaceAt(inverter.dcFields, path.field, change(field) as typeof field),
      };
    }
    newArray = { ...array, inverters: replaceAt(array.inverters, path.inverter, newInverter) };
  }
  const newBlock = { ...block, arrays: replaceAt(block.arrays, path.array, newArray) };
  return { ...plant, blocks: replaceAt(plant.blocks, path.block, newBlock) };
}

/** What the rules need besides the plant. */
export interface QuickEditContext {
  latitude: number;
  site: PlantCalculationContext['site'];
  /** the plant's `useCoolingTemp` (inverter kVA at the cooling design temperature) */
  useCoolingTemp?: boolean;
  /** library records by id (the plant's embedded ones and any fetched) */
  modules: ReadonlyMap<number, Json>;
  inverters: ReadonlyMap<number, Json>;
}

/** The Block Array Builder's rule context over the Quick Edit's records. */
function ruleContext(ctx: QuickEditContext): RuleContext {
  return {
    latitude: ctx.latitude,
    site: ctx.site,
    useCoolingTemp: ctx.useCoolingTemp === true,
    moduleOf: (field) => {
      const id = num(field.moduleId);
      return id !== undefined ? ctx.modules.get(id) : undefined;
    },
    inverterOf: (node) => {
      const id = num(node.inverterId);
      return id !== undefined ? ctx.inverters.get(id) : undefined;
    },
  };
}

/** The table's editable values. */
export type QuickEditKey =
  | 'blockRepeater'
  | 'arrayRepeater'
  | 'inverterRepeater'
  | 'fieldRepeater'
  | 'moduleId'
  | 'fieldDcPower'
  | 'modulesWiredInSeries'
  | 'numberOfSeriesStringsWiredInParallel'
  | 'moduleTilt'
  | 'moduleAzimuth'
  | 'groundCoverageRatio'
  | 'trackingType'
  | 'postHeight'
  | 'setpointkW'
  | 'dcAcRatio';

/** Range of each value (the API's, spec 3); integers where the API wants them. */
export const QUICK_EDIT_LIMITS: Record<
  QuickEditKey,
  { min: number; max: number; integer?: boolean; above?: boolean }
> = {
  blockRepeater: { min: 1, max: MAX_REPEATER, integer: true },
  arrayRepeater: { min: 1, max: MAX_REPEATER, integer: true },
  inverterRepeater: { min: 1, max: MAX_REPEATER, integer: true },
  fieldRepeater: { min: 1, max: MAX_REPEATER, integer: true },
  moduleId: { min: 1, max: Number.MAX_SAFE_INTEGER, integer: true },
  fieldDcPower: { min: 0, max: 10_000_000, above: true },
  modulesWiredInSeries: { min: 1, max: 1_000, integer: true },
  numberOfSeriesStringsWiredInParallel: { min: 0, max: 100_000_000, above: true },
  moduleTilt: { min: 0, max: 90 },
  moduleAzimuth: { min: 0, max: 360 },
  groundCoverageRatio: { min: 0, max: 1, above: true },
  trackingType: { min: 0, max: 2, integer: true },
  postHeight: { min: 0, max: 50 },
  setpointkW: { min: 0, max: 100_000, above: true },
  dcAcRatio: { min: 0, max: 100, above: true },
};

/** Why a typed value is refused, or null. */
export function quickEditError(key: QuickEditKey, value: number): string | null {
  const l = QUICK_EDIT_LIMITS[key];
  if (!Number.isFinite(value)) return 'Enter a number.';
  if (l.integer && !Number.isInteger(value)) return 'Enter a whole number.';
  if (l.above ? value <= l.min : value < l.min)
    return l.above ? `Must be greater than ${l.min}.` : `Must be at least ${l.min}.`;
  if (value > l.max) return `Must be at most ${l.max}.`;
  return null;
}

/** The lock shown beside a value (typing the value turns it on, as in the builder). */
export const LOCK_OF: Partial<Record<QuickEditKey, string>> = {
  modulesWiredInSeries: 'lockModulesWiredInSeries',
  numberOfSeriesStringsWiredInParallel: 'lockNumberOfSeriesStringsWiredInParallel',
  moduleAzimuth: 'lockModuleAzimuth',
  postHeight: 'lockPostHeight',
};

/**
 * One cell edit applied to the plant (see the file comment). Values are in the stored units (kW, m, °).
 * DC-field values go through the Block Array Builder's `editDcField` (typing a value that has a lock
 * locks it; typing the DC power unlocks the strings, the GCR the pitch), a module through
 * `pickModule`, the setpoint and the DC:AC ratio through `editInverter` (a ratio scales the
 * inverter's DC fields to it) — so both screens apply the same rules.
 * @param plant the plant
 * @param path the row's DC field
 * @param key what was edited
 * @param value the new value (a module id for `moduleId`; the record must be in `ctx.modules`)
 * @returns the new plant (the same object when nothing changed or the value is refused) and the notices
 */
export function applyQuickEdit(
  plant: PowerPlant,
  path: FieldPath,
  key: QuickEditKey,
  value: number,
  ctx: QuickEditContext,
): { plant: PowerPlant; notices: string[]; error: string | null } {
  const error = quickEditError(key, value);
  if (error) return { plant, notices: [], error };
  const inverter = plant.blocks[path.block]?.arrays[path.array]?.inverters[path.inverter];
  const field = inverter?.dcFields[path.field];
  if (!inverter || !field) return { plant, notices: [], error: null };
  const unchanged = { plant, notices: [], error: null };
  const set = (level: PlantLevelName, k: string) =>
    updateNode(plant, path, level, (node) => (node[k] === value ? node : { ...node, [k]: value }));
  const withInverter = (r: RuleResult) => ({
    plant: updateNode(plant, path, 'inverter', () => r.inverter),
    notices: r.notices,
    error: null,
  });
  const rules = ruleContext(ctx);
  switch (key) {
    case 'blockRepeater':
      return { plant: set('block', 'repeater'), notices: [], error: null };
    case 'arrayRepeater':
      return { plant: set('array', 'repeater'), notices: [], error: null };
    case 'inverterRepeater':
      return { plant: set('inverter', 'repeater'), notices: [], error: null };
    case 'fieldRepeater':
      return { plant: set('field', 'repeater'), notices: [], error: null };
    case 'setpointkW':
      if (inverter.setpointkW === value) return unchanged;
      return withInverter(editInverter(inverter, { setpointkW: value }, rules));
    case 'dcAcRatio':
      if (!(num(inverter.setpointkW)! > 0)) return { ...unchanged, error: 'The inverter has no setpoint.' };
      return withInverter(editInverter(inverter, { dcacRatio: value }, rules));
    case 'moduleId': {
      const module = ctx.modules.get(value);
      if (!module) return { ...unchanged, error: 'The module is not loaded yet.' };
      if (field.moduleId === value) return unchanged;
      return withInverter(pickModule(inverter, path.field, module, rules));
    }
    default: {
      if (field[key] === value) return unchanged;
      const patch: Json = { [key]: value };
      if (key === 'trackingType' && value === 1)
        for (const [k, v] of Object.entries(TRACKER_DEFAULTS)) if (field[k] == null) patch[k] = v;
      return withInverter(editDcField(inverter, path.field, patch, rules));
    }
  }
}

/** The warnings of a row (spec 2 §8.4 texts): the inverter's DC:AC and the hemisphere azimuth. */
export function rowWarnings(
  row: QuickEditRow,
  latitude: number,
): { dcAc: string | null; azimuth: string | null } {
  const azimuth = num(row.field.moduleAzimuth);
  const tracking = num(row.field.trackingType) ?? 0;
  return {
    dcAc: dcAcRatioWarning(row.dcAcRatio),
    azimuth: azimuth !== undefined && tracking !== 1 ? azimuthWarning(latitude, azimuth) : null,
  };
}

/** Library records a plant embeds (`field.module`, `inverter.inverter`), by id. */
export function embeddedRecords(plant: PowerPlant | null): {
  modules: Map<number, Json>;
  inverters: Map<number, Json>;
} {
  const modules = new Map<number, Json>();
  const inverters = new Map<number, Json>();
  for (const block of list(plant?.blocks))
    for (const array of list(block.arrays))
      for (const inverter of list(array.inverters)) {
        const rec = inverter.inverter as Json | null | undefined;
        const id = num(rec?.id);
        if (rec && id !== undefined && id === num(inverter.inverterId)) inverters.set(id, rec);
        for (const field of list(inverter.dcFields)) {
          const m = field.module as Json | null | undefined;
          const mid = num(m?.id);
          if (m && mid !== undefined && mid === num(field.moduleId)) modules.set(mid, m);
        }
      }
  return { modules, inverters };
}

/** Ids the plant uses that have no embedded record (to fetch). */
export function missingRecordIds(
  plant: PowerPlant | null,
  known: { modules: ReadonlyMap<number, Json>; inverters: ReadonlyMap<number, Json> },
): { modules: number[]; inverters: number[] } {
  const modules = new Set<number>();
  const inverters = new Set<number>();
  for (const row of plantRows(plant)) {
    const mid = num(row.field.moduleId);
    if (mid !== undefined && !known.modules.has(mid)) modules.add(mid);
    const iid = num(row.inverter.inverterId);
    if (iid !== undefined && !known.inverters.has(iid)) inverters.add(iid);
  }
  return { modules: [...modules], inverters: [...inverters] };
}

// ————————————————————————————————————————— sort and filter —————————————————————————————————————————

export type SortDirection = 'asc' | 'desc';
export interface QuickEditSort {
  column: string;
  direction: SortDirection;
}

/**
 * Rows whose label or module name contains the text (case-insensitive), sorted by a column value
 * (numbers; missing values last), else in tree order.
 */
export function visibleRows(
  rows: readonly QuickEditRow[],
  filter: string,
  sort: QuickEditSort | null,
  sortValue: (row: QuickEditRow, column: string) => number | string | undefined,
): QuickEditRow[] {
  const text = filter.trim().toLowerCase();
  const kept = text
    ? rows.filter((r) => {
        const module = (r.field.module as Json | null | undefined)?.name;
        return (
          r.label.toLowerCase().includes(text) ||
          (typeof module === 'string' && module.toLowerCase().includes(text))
        );
      })
    : rows.slice();
  if (!sort) return kept;
  const sign = sort.direction === 'asc' ? 1 : -1;
  return kept
    .map((row, index) => ({ row, index, value: sortValue(row, sort.column) }))
    .sort((a, b) => {
      if (a.value === undefined && b.value === undefined) return a.index - b.index;
      if (a.value === undefined) return 1;
      if (b.value === undefined) return -1;
      const c =
        typeof a.value === 'number' && typeof b.value === 'number'
          ? a.value - b.value
          : String(a.value).localeCompare(String(b.value));
      return c !== 0 ? sign * c : a.index - b.index;
    })
    .map((x) => x.row);
}
