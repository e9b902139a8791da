/**
 * Walking a power plant (spec 3 `PVPlant` → `blocks` → `arrays` → `inverters` → `dcFields`): every node
 * with its path, its label ("Block 1 › Array 2 › Inverter A › DC field 3") and the product of the
 * repeaters above and at it; and the plant's totals (DC and AC capacity, counts with repeaters).
 */

type Json = Record<string, unknown>;

export type PlantLevel = 'block' | 'array' | 'inverter' | 'dcField';

/** The children list of each level. */
export const CHILDREN: Readonly<Record<PlantLevel, 'arrays' | 'inverters' | 'dcFields' | null>> = {
  block: 'arrays',
  array: 'inverters',
  inverter: 'dcFields',
  dcField: null,
};

const LABEL: Readonly<Record<PlantLevel, string>> = {
  block: 'Block',
  array: 'Array',
  inverter: 'Inverter',
  dcField: 'DC field',
};

export interface PlantNodeVisit {
  level: PlantLevel;
  node: Json;
  /** dotted path as the API's modelState writes it: `blocks.0.arrays.1` */
  path: string;
  /** `Block 1 › Array 2` (names, else positions) */
  label: string;
  /** the product of the repeaters of this node and its ancestors */
  multiplicity: number;
  /** the ancestors, block first */
  ancestors: Json[];
}

/** The value when it is a finite number, else undefined. */
export const finiteNumber = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

export const asList = (value: unknown): Json[] =>
  Array.isArray(value) ? value.filter((v): v is Json => v !== null && typeof v === 'object') : [];

const repeaterOf = (node: Json): number =>
  typeof node.repeater === 'number' && Number.isFinite(node.repeater) && node.repeater > 0
    ? node.repeater
    : 1;

/** The node's label part: `Block 3`, `Inverter A` (its name, else its position from 1). */
export function nodeLabel(level: PlantLevel, node: Json, index: number): string {
  const name = node.name;
  const shown = typeof name === 'number' || (typeof name === 'string' && name !== '') ? name : index + 1;
  return `${LABEL[level]} ${shown}`;
}

/** Calls `visit` for every node, parents before children. */
export function walkPlant(plant: Json, visit: (v: PlantNodeVisit) => void): void {
  const levels: PlantLevel[] = ['block', 'array', 'inverter', 'dcField'];
  const go = (list: Json[], depth: number, path: string, label: string, mult: number, ancestors: Json[]) => {
    const level = levels[depth]!;
    list.forEach((node, i) => {
      const p = `${path}.${i}`;
      const l = label ? `${label} › ${nodeLabel(level, node, i)}` : nodeLabel(level, node, i);
      const m = mult * repeaterOf(node);
      visit({ level, node, path: p, label: l, multiplicity: m, ancestors });
      const child = CHILDREN[level];
      if (child) go(asList(node[child]), depth + 1, `${p}.${child}`, l, m, [...ancestors, node]);
    });
  };
  go(asList(plant.blocks), 0, 'blocks', '', 1, []);
}

/** How many ids a plant's nodes, transformers and transmission lines take (a save, a clone). */
export function plantIdCount(plant: Json): number {
  let n = asList(plant.transformers).length + asList(plant.transmissionLines).length;
  walkPlant(plant, () => n++);
  return n;
}

/** The DC power of one DC field [kW]: its `fieldDcPower`, else strings × modules in series × rating. */
export function dcFieldPowerKw(field: Json): number {
  if (typeof field.fieldDcPower === 'number' && Number.isFinite(field.fieldDcPower))
    return field.fieldDcPower;
  const strings = field.numberOfSeriesStringsWiredInParallel;
  const series = field.modulesWiredInSeries;
  const rating = field.plannedModuleRating;
  if (typeof strings === 'number' && typeof series === 'number' && typeof rating === 'number')
    return (strings * series * rating) / 1000;
  return 0;
}

export interface PlantTotals {
  /** Σ DC field power × repeaters [kW] */
  dcCapacityKw: number;
  /** Σ inverter setpoints × repeaters [kW] */
  acCapacityKw: number;
  /** DC:AC ratio (0 without AC) */
  dcAcRatio: number;
  /** nodes as listed (without repeaters) */
  blocks: number;
  arrays: number;
  inverters: number;
  dcFields: number;
  /** inverters and modules with repeaters */
  inverterCount: number;
  moduleCount: number;
}

/** The plant's totals. */
export function plantTotals(plant: Json): PlantTotals {
  const t: PlantTotals = {
    dcCapacityKw: 0,
    acCapacityKw: 0,
    dcAcRatio: 0,
    blocks: 0,
    arrays: 0,
    inverters: 0,
    dcFields: 0,
    inverterCount: 0,
    moduleCount: 0,
  };
  walkPlant(plant, ({ level, node, multiplicity }) => {
    if (level === 'block') t.blocks++;
    else if (level === 'array') t.arrays++;
    else if (level === 'inverter') {
      t.inverters++;
      t.inverterCount += multiplicity;
      if (typeof node.setpointkW === 'number') t.acCapacityKw += multiplicity * node.setpointkW;
    } else {
      t.dcFields++;
      t.dcCapacityKw += multiplicity * dcFieldPowerKw(node);
      const strings = node.numberOfSeriesStringsWiredInParallel;
      const series = node.modulesWiredInSeries;
      if (typeof strings === 'number' && typeof series === 'number')
        t.moduleCount += multiplicity * strings * series;
    }
  });
  t.dcAcRatio = t.acCapacityKw > 0 ? t.dcCapacityKw / t.acCapacityKw : 0;
  return t;
}

/** The ids of the library modules and inverters a plant uses, each once. */
export function plantEquipmentIds(plant: Json): { modules: number[]; inverters: number[] } {
  const modules = new Set<number>();
  const inverters = new Set<number>();
  walkPlant(plant, ({ level, node }) => {
    if (level === 'inverter' && typeof node.inverterId === 'number') inverters.add(node.inverterId);
    if (level === 'dcField' && typeof node.moduleId === 'number') modules.add(node.moduleId);
  });
  return { modules: [...modules], inverters: [...inverters] };
}

/** The power factor of the plant: the repeater-weighted mean over its inverters (spec 4 §1), 1 without any. */
export function meanPowerFactor(plant: Json): number {
  let sum = 0;
  let count = 0;
  walkPlant(plant, ({ level, node, multiplicity }) => {
    if (level !== 'inverter') return;
    const pf = typeof node.powerFactor === 'number' ? node.powerFactor : 1;
    sum += pf * multiplicity;
    count += multiplicity;
  });
  return count > 0 ? sum / count : 1;
}
