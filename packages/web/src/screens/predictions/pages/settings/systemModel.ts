/**
 * The plant's system after the blocks (pure, unit-tested): the high-voltage transformers and
 * transmission lines in ordinal order from the plant (1) to the meter (spec 3 `Transformer`,
 * `TransmissionLine`; spec 4 §1 `add_transformer`), each line's resistance from the current it carries
 * (domain `transmissionLineResistances`, spec 2 §9.3, 5 decimals), and the plant-level fields (LGIA,
 * availability, night disconnect, power factor …).
 *
 * A line's resistance is COMPUTED unless the user types another value: a line whose stored resistance
 * is blank or equal to the computed one (to 5 decimals) follows the computation, and every edit of
 * this page writes the new computed value into such lines (`withComputedResistances`), so the saved
 * plant holds the resistance a run uses. A blank resistance is also computed by the engine in a run,
 * with the same curve. Edits elsewhere (the builder changing the AC size) change the computed value
 * without writing it; the page then shows the stored and the computed value side by side with 'Use
 * computed'.
 */
import {
  meanPowerFactor,
  plantTotals,
  roundResistance,
  transmissionLineResistances,
  walkPlant,
  type TransmissionLineResistance,
} from '@sunfield/domain';
import type { Json, PowerPlant } from '../../model/types.ts';
import { finite, type Range } from './fieldRules.ts';

export interface TransformerRow extends Json {
  ordinal: number | null;
  /** [MVA] */
  rating: number | null;
  /** [kV] */
  highSideVoltage: number | null;
  /** [% of rating] */
  noLoadLoss: number | null;
  fullLoadLoss: number | null;
}

export interface LineRow extends Json {
  ordinal: number | null;
  /** [km] */
  length: number | null;
  /** [Ω per 1000 ft]; null: computed */
  resistance: number | null;
  numberOfConductorsPerPhase: number | null;
}

/** Ranges of domain api/powerPlant.ts (the API's). */
export const TRANSFORMER_RANGES = {
  ordinal: { min: 1, max: 1000, integer: true, required: true },
  rating: { min: 0, max: 10_000, minExclusive: true, required: true },
  highSideVoltage: { min: 0, max: 1_500, minExclusive: true, required: true },
  noLoadLoss: { min: 0, max: 100, required: true },
  fullLoadLoss: { min: 0, max: 100, required: true },
} as const satisfies Record<string, Range>;

export const LINE_RANGES = {
  ordinal: { min: 1, max: 1000, integer: true, required: true },
  length: { min: 0, max: 2_000, required: true },
  resistance: { min: 0, max: 100 },
  numberOfConductorsPerPhase: { min: 1, max: 20, integer: true, required: true },
} as const satisfies Record<string, Range>;

export const PLANT_RANGES = {
  lgiaLimitation: { min: 0, max: 100_000, minExclusive: true },
  availabilityLoss: { min: 0, max: 100 },
  powerFactor: { min: 0, max: 1, minExclusive: true },
  desiredDCACRatio: { min: 0, max: 10 },
} as const satisfies Record<string, Range>;

export const transformersOf = (plant: PowerPlant | null): TransformerRow[] =>
  Array.isArray(plant?.transformers) ? (plant.transformers as TransformerRow[]) : [];
export const linesOf = (plant: PowerPlant | null): LineRow[] =>
  Array.isArray(plant?.transmissionLines) ? (plant.transmissionLines as LineRow[]) : [];

/** The next free ordinal after every transformer and line. */
export function nextOrdinal(plant: PowerPlant | null): number {
  let max = 0;
  for (const e of [...transformersOf(plant), ...linesOf(plant)]) max = Math.max(max, finite(e.ordinal) ?? 0);
  return max + 1;
}

/** The largest array (MV transformer high-side) voltage of the plant [kV]; 0 without one. */
export function maxArrayVoltageKv(plant: PowerPlant | null): number {
  let max = 0;
  if (!plant) return max;
  walkPlant(plant, ({ level, node }) => {
    if (level === 'array' && node.transformerEnabled !== false)
      max = Math.max(max, finite(node.transformerHighSideVoltage) ?? 0);
  });
  return max;
}

/** The plant's AC size from its inverters' setpoints [MW]. */
export const plantAcMw = (plant: PowerPlant | null): number =>
  plant ? plantTotals(plant).acCapacityKw / 1000 : 0;

/** The computed resistance of each line (domain, spec 2 §9.3), in the lines' order. */
export function computedResistances(plant: PowerPlant | null): TransmissionLineResistance[] {
  const lines = linesOf(plant);
  if (lines.length === 0) return [];
  const computed = transmissionLineResistances({
    transformers: transformersOf(plant).flatMap((t) => {
      const ordinal = finite(t.ordinal);
      const rating = finite(t.rating);
      const highSideVoltage = finite(t.highSideVoltage);
      return ordinal !== null && rating !== null && highSideVoltage !== null
        ? [{ ordinal, rating, highSideVoltage }]
        : [];
    }),
    transmissionLines: lines.map((l) => ({ ordinal: finite(l.ordinal) ?? Number.NaN })),
    maxMVTransformerVoltage: maxArrayVoltageKv(plant),
    acPowerMw: plantAcMw(plant),
  });
  return computed.map((c) => ({
    ...c,
    resistance: Number.isFinite(c.resistance) ? roundResistance(c.resistance) : Number.NaN,
  }));
}

/** Whether a stored resistance follows the computation (blank, or equal to 5 decimals). */
export function followsComputation(stored: unknown, computed: number): boolean {
  const n = finite(stored);
  return n === null || (Number.isFinite(computed) && roundResistance(n) === computed);
}

/**
 * The plant `after` an edit of this page with its computed lines updated: every line that followed
 * the computation in `before` (or is blank, or is new) gets the resistance computed for `after`.
 * `from(i)` is the index in `before` of line i of `after` (the same index unless a line was removed;
 * undefined for a new line). The transmission line list is new only when a value changed.
 */
export function withComputedResistances(
  before: PowerPlant | null,
  after: PowerPlant,
  from: (index: number) => number | undefined = (index) => index,
): PowerPlant {
  const lines = linesOf(after);
  if (lines.length === 0) return after;
  const was = computedResistances(before);
  const now = computedResistances(after);
  const oldLines = linesOf(before);
  let changed = false;
  const next = lines.map((line, i) => {
    const k = from(i);
    const previous = k === undefined ? undefined : oldLines[k];
    const followed =
      previous === undefined ||
      finite(line.resistance) === null ||
      followsComputation(previous.resistance, was[k!]?.resistance ?? Number.NaN);
    const value = now[i]?.resistance;
    if (!followed || value === undefined || !Number.isFinite(value) || line.resistance === value) return line;
    changed = true;
    return { ...line, resistance: value };
  });
  return changed ? { ...after, transmissionLines: next } : after;
}

/** A finite number of the company's `systemDetailSettings` (spec 3 SystemDetailSettings), if set. */
const companyValue = (system: Readonly<Json> | null | undefined, key: string): number | null =>
  finite(system?.[key]);

/**
 * A new transformer after the last element: the company's system-detail defaults where it has them,
 * else its rating the plant's AC size in MVA (one decimal up, at least 0.1), 138 kV, the array
 * transformer's 0.2 / 0.7 % losses (domain ARRAY_DEFAULTS).
 */
export function newTransformer(plant: PowerPlant | null, system?: Readonly<Json> | null): TransformerRow {
  const mw = plantAcMw(plant);
  return {
    ordinal: nextOrdinal(plant),
    rating: companyValue(system, 'rating') ?? (mw > 0 ? Math.max(0.1, Math.ceil(mw * 10) / 10) : 1),
    highSideVoltage: companyValue(system, 'highSideVoltage') ?? 138,
    noLoadLoss: companyValue(system, 'noLoadLoss') ?? 0.2,
    fullLoadLoss: companyValue(system, 'fullLoadLoss') ?? 0.7,
  };
}

/**
 * A new line after the last element: the company's system-detail defaults where it has them, else
 * 1 km, one conductor per phase, its resistance computed.
 */
export const newLine = (plant: PowerPlant | null, system?: Readonly<Json> | null): LineRow => ({
  ordinal: nextOrdinal(plant),
  length: companyValue(system, 'length') ?? 1,
  resistance: companyValue(system, 'resistance'),
  numberOfConductorsPerPhase: companyValue(system, 'numberOfConductorsPerPhase') ?? 1,
});

type ListKey = 'transformers' | 'transmissionLines';

/** Every edit of the lists: a new plant with the computed lines updated. */
export function addElement(plant: PowerPlant, key: ListKey, system?: Readonly<Json> | null): PowerPlant {
  const row = key === 'transformers' ? newTransformer(plant, system) : newLine(plant, system);
  const list = key === 'transformers' ? transformersOf(plant) : linesOf(plant);
  const after = withComputedResistances(plant, { ...plant, [key]: [...list, row] }, (i) =>
    key === 'transmissionLines' && i === list.length ? undefined : i,
  );
  // A company resistance is a typed value: kept, not computed.
  if (key !== 'transmissionLines' || row.resistance === null) return after;
  const lines = linesOf(after);
  return {
    ...after,
    transmissionLines: lines.map((line, i) => (i === list.length ? { ...line, ...row } : line)),
  };
}

export function removeElement(plant: PowerPlant, key: ListKey, index: number): PowerPlant {
  const list = key === 'transformers' ? transformersOf(plant) : linesOf(plant);
  const after = { ...plant, [key]: list.filter((_, i) => i !== index) };
  return withComputedResistances(plant, after, (i) =>
    key === 'transmissionLines' && i >= index ? i + 1 : i,
  );
}

export function setElementValue(
  plant: PowerPlant,
  key: ListKey,
  index: number,
  field: string,
  value: number | null,
): PowerPlant {
  const list = key === 'transformers' ? transformersOf(plant) : linesOf(plant);
  const after = { ...plant, [key]: list.map((row, i) => (i === index ? { ...row, [field]: value } : row)) };
  // A resistance typed by the user is theirs: only the other lines follow the computation.
  if (key === 'transmissionLines' && field === 'resistance') return after;
  return withComputedResistances(plant, after);
}

/** 'Use computed' on one line: its resistance becomes the computed value. */
export function applyComputedResistance(plant: PowerPlant, index: number): PowerPlant {
  const value = computedResistances(plant)[index]?.resistance;
  if (value === undefined || !Number.isFinite(value)) return plant;
  return {
    ...plant,
    transmissionLines: linesOf(plant).map((row, i) => (i === index ? { ...row, resistance: value } : row)),
  };
}

/** Ordinals used twice among transformers and lines (a problem: the order is ambiguous). */
export function duplicateOrdinals(plant: PowerPlant | null): Set<number> {
  const seen = new Set<number>();
  const twice = new Set<number>();
  for (const e of [...transformersOf(plant), ...linesOf(plant)]) {
    const o = finite(e.ordinal);
    if (o === null) continue;
    if (seen.has(o)) twice.add(o);
    seen.add(o);
  }
  return twice;
}

/** The chain from the plant to the meter in ordinal order: 'Plant → T1 → L2 → Meter'. */
export function chainText(plant: PowerPlant | null): string {
  const elements = [
    ...transformersOf(plant).map((t) => ({ o: finite(t.ordinal), label: 'Transformer' })),
    ...linesOf(plant).map((l) => ({ o: finite(l.ordinal), label: 'Line' })),
  ]
    .filter((e): e is { o: number; label: string } => e.o !== null)
    .sort((a, b) => a.o - b.o || (a.label === 'Transformer' ? -1 : 1));
  return ['Plant', ...elements.map((e) => `${e.label} ${e.o}`), 'Point of interconnection'].join(' → ');
}

/** Plant facts shown beside the inputs. */
export function plantFacts(plant: PowerPlant | null): {
  acMw: number;
  dcMw: number;
  dcAcRatio: number;
  maxArrayVoltageKv: number;
  meanPowerFactor: number;
} {
  const totals = plant ? plantTotals(plant) : null;
  return {
    acMw: (totals?.acCapacityKw ?? 0) / 1000,
    dcMw: (totals?.dcCapacityKw ?? 0) / 1000,
    dcAcRatio: totals?.dcAcRatio ?? 0,
    maxArrayVoltageKv: maxArrayVoltageKv(plant),
    meanPowerFactor: plant ? meanPowerFactor(plant) : 1,
  };
}
