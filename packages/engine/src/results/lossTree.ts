/**
 * The loss tree of spec 3 `PredictionResultSummaryYear`: one percentage per stage of the chain, each
 * relative to the stage before it, from per-step columns of one result (a view of the result, like
 * the nodal and 8760 exports).
 *
 * Sign convention (spec 4 §1 "ResultSummary", the raw API): L_k = (1 − E_k/E_{k−1})·100, positive for a
 * loss, negative for a gain (OA example: `transpositionOnPlane` −33.4, `nearShadingLoss` 3.42,
 * `spectralLoss` −1.01). The SDK's `get_results_summary(negate_losses=True)` and the UI show −L.
 *
 * Identity: with E₀ = H_GHI the first stage and the bridge from irradiation to energy written as the
 * nominal DC energy E_nom = H_eff·P0/G_STC (H_eff the effective front + rear irradiation, P0 the DC
 * rating at STC, G_STC = 1000 W/m²), the stages telescope:
 *
 *   E_final = H_GHI·(P0/G_STC)·Π_k (1 − L_k/100)      (equivalently Π (1 + ℓ_k) with ℓ = −L/100, the UI sign)
 *
 * exactly, for the year and for each month, whenever no stage energy is ≤ 0 (a stage after a zero or
 * negative one reports 0). A field that appears at two places (degradation and LeTID, DC or AC) is
 * the product of both: 1 − L = (1 − L_dc)(1 − L_ac).
 *
 * Stage energies are signed sums Σ x_i·Δt over the steps (irradiance in Wh/m², power in Wh), so night
 * consumption (inverter tare, auxiliary loads, transformer no-load) enters the AC stages.
 */

import type { LossField, LossTreeColumns } from './lossTreeColumns.ts';

export type { LossField, LossTreeColumns } from './lossTreeColumns.ts';

type StageColumn = Exclude<
  keyof LossTreeColumns,
  | 'month'
  | 'poaCorrected'
  | 'plantElements'
  | 'essPvPower'
  | 'essBatteryPower'
  | 'essAuxiliaryPower'
  | 'moduleShortCircuitCurrent'
>;
type Group = 'irr' | 'rear' | 'dc' | 'ac';

/** The chain in order: column, the loss field it reports (null for the GHI start), group. */
export const LOSS_TREE_STAGES: readonly { column: StageColumn; field: LossField | null; group: Group }[] = [
  { column: 'ghi', field: null, group: 'irr' },
  { column: 'poa', field: 'transpositionOnPlane', group: 'irr' },
  { column: 'poaAfterFarShading', field: 'farShadingLoss', group: 'irr' },
  { column: 'poaAfterNearShading', field: 'nearShadingLoss', group: 'irr' },
  { column: 'poaAfterElectricalShading', field: 'elecShadingLoss', group: 'irr' },
  { column: 'poaAfterSoiling', field: 'soilingLoss', group: 'irr' },
  { column: 'poaAfterIam', field: 'iamFactorLoss', group: 'irr' },
  { column: 'poaAfterSpectral', field: 'spectralLoss', group: 'irr' },
  { column: 'rearIrradiance', field: 'backsideIrradiance', group: 'rear' },
  { column: 'rearAfterStructureShading', field: 'structureShadingLoss', group: 'rear' },
  { column: 'rearAfterBackMismatch', field: 'moduleBackMismatchLoss', group: 'rear' },
  { column: 'rearAfterTransmissionGain', field: 'sunSolveTransmissionGainLoss', group: 'rear' },
  { column: 'rearEffective', field: 'biFacialityLoss', group: 'rear' },
  { column: 'dcAfterIrradiance', field: 'moduleIrradianceLoss', group: 'dc' },
  { column: 'dcAfterTemperature', field: 'moduleTemperatureLoss', group: 'dc' },
  { column: 'dcAfterQuality', field: 'moduleQualityLoss', group: 'dc' },
  { column: 'dcAfterLid', field: 'lidLoss', group: 'dc' },
  { column: 'dcAfterMismatch', field: 'moduleMismatchLoss', group: 'dc' },
  { column: 'dcAfterWiring', field: 'dcWiringLoss', group: 'dc' },
  { column: 'dcAfterHealth', field: 'dcHealthLoss', group: 'dc' },
  { column: 'dcAfterDegradation', field: 'degradationLoss', group: 'dc' },
  { column: 'dcAfterLetid', field: 'leTIDLoss', group: 'dc' },
  { column: 'acInverterOutput', field: 'inverterEfficiencyLoss', group: 'ac' },
  { column: 'acAfterLimitation', field: 'inverterLimitationLoss', group: 'ac' },
  { column: 'acAfterDegradation', field: 'degradationLoss', group: 'ac' },
  { column: 'acAfterLetid', field: 'leTIDLoss', group: 'ac' },
  { column: 'acAfterCooling', field: 'inverterCoolingLoss', group: 'ac' },
  { column: 'acAfterTrackerMotors', field: 'trackerMotorLoss', group: 'ac' },
  { column: 'acAfterAuxiliary', field: 'dataAcquisitionAuxLoss', group: 'ac' },
  { column: 'acAfterMvTransformers', field: 'mvTransformersLoss', group: 'ac' },
  { column: 'acAfterCollection', field: 'acCollectionLinesLoss', group: 'ac' },
  { column: 'acAfterAvailability', field: 'availabilityLoss', group: 'ac' },
  { column: 'acAfterLgia', field: 'lgiaLimitationLoss', group: 'ac' },
  { column: 'acAfterEssRoundTrip', field: 'essdcRoundtripEfficiencyLoss', group: 'ac' },
  { column: 'acAfterEssInverter', field: 'essInverterEfficiencyLoss', group: 'ac' },
  { column: 'acAfterEssMvTransformers', field: 'essmvTransformersLoss', group: 'ac' },
  { column: 'acAfterEssHvac', field: 'esshvacLoss', group: 'ac' },
];

const N_FIXED = LOSS_TREE_STAGES.length;
/** Index of the first stage after the plant elements (availability). */
const ELEMENTS_AT = LOSS_TREE_STAGES.findIndex((s) => s.column === 'acAfterAvailability');
const LAST_IRR = LOSS_TREE_STAGES.findIndex((s) => s.column === 'poaAfterSpectral');
const FIRST_DC = LOSS_TREE_STAGES.findIndex((s) => s.column === 'dcAfterIrradiance');
const FIRST_AC = LOSS_TREE_STAGES.findIndex((s) => s.column === 'acInverterOutput');
const LIMITATION = LOSS_TREE_STAGES.findIndex((s) => s.column === 'acAfterLimitation');
const BOS_FIRST = LOSS_TREE_STAGES.findIndex((s) => s.column === 'acAfterCooling');

/** Monthly accumulators of one simulation year (reusable: see {@link resetLossTree}). */
export interface LossTreeAccumulator {
  /** Number of plant elements (transformers and lines) the accumulator was made for. */
  elementCount: number;
  /** Σ column·Δt per stage and month, stage-major: [stage·12 + month − 1]; stages = fixed + elements. */
  sums: Float64Array;
  /** 1 where a stage column was given. */
  present: Uint8Array;
  /** Element types, in order. */
  elementTypes: string[];
  /** Σ max(final, 0)·Δt and Σ min(final, 0)·Δt per month [Wh]. */
  finalPositive: Float64Array;
  finalNegative: Float64Array;
  /** Σ max(inverter output after limitation, 0)·Δt per month [Wh]. */
  grossPositive: Float64Array;
  /** Σ POA-corrected·Δt per month [Wh/m²] (NaN-free; present flag in `poaCorrectedPresent`). */
  poaCorrected: Float64Array;
  poaCorrectedPresent: boolean;
  /** Σ ESS PV, battery and auxiliary power·Δt per month [Wh]. */
  essPv: Float64Array;
  essBattery: Float64Array;
  essAuxiliary: Float64Array;
  /** Hours per month [h]. */
  hours: Float64Array;
  /** Largest 3-hour mean module short-circuit current [A] (0 without the column). */
  max3hrShortCircuitCurrent: number;
  /** Scratch: chain values per stage. */
  chain: Float64Array;
}

/**
 * Creates the accumulators of a loss tree.
 * @param p.elementCount number of plant transformers and lines (`plantElements`), default 0
 * @returns zeroed accumulators
 */
export function createLossTree(p: { elementCount?: number } = {}): LossTreeAccumulator {
  const e = p.elementCount ?? 0;
  const stages = N_FIXED + e;
  return {
    elementCount: e,
    sums: new Float64Array(stages * 12),
    present: new Uint8Array(stages),
    elementTypes: Array.from({ length: e }, () => ''),
    finalPositive: new Float64Array(12),
    finalNegative: new Float64Array(12),
    grossPositive: new Float64Array(12),
    poaCorrected: new Float64Array(12),
    poaCorrectedPresent: false,
    essPv: new Float64Array(12),
    essBattery: new Float64Array(12),
    essAuxiliary: new Float64Array(12),
    hours: new Float64Array(12),
    max3hrShortCircuitCurrent: 0,
    chain: new Float64Array(stages + 2),
  };
}

/** Zeroes the accumulators for the next year. */
export function resetLossTree(acc: LossTreeAccumulator): LossTreeAccumulator {
  for (const a of [acc.sums, acc.finalPositive, acc.finalNegative, acc.grossPositive, acc.poaCorrected])
    a.fill(0);
  for (const a of [acc.essPv, acc.essBattery, acc.essAuxiliary, acc.hours, acc.chain]) a.fill(0);
  acc.present.fill(0);
  acc.poaCorrectedPresent = false;
  acc.max3hrShortCircuitCurrent = 0;
  return acc;
}

/** @internal Stage index of the k-th plant element. */
function stageIndex(k: number, elementCount: number): number {
  return k < ELEMENTS_AT ? k : k + elementCount;
}

/**
 * @internal The runs of equal valid months of a month column: [start, end, month index 0–11] per run
 * (steps with a month outside 1–12 belong to none). Weather series are in time order, so a year has
 * 12 runs or a few more.
 */
function monthRuns(month: ArrayLike<number>): Int32Array {
  const runs: number[] = [];
  let i = 0;
  const n = month.length;
  while (i < n) {
    const m = month[i]!;
    let k = i + 1;
    while (k < n && month[k] === m) k++;
    if (m >= 1 && m <= 12) runs.push(i, k, (m | 0) - 1);
    i = k;
  }
  return Int32Array.from(runs);
}

/**
 * @internal Adds Σ column·Δt per month into `target[offset + month − 1]`, run by run of equal months
 * (a local sum per run: the same additions in the same order as adding step by step into the target).
 */
function addMonthly(
  col: Float64Array,
  runs: Int32Array,
  dt: number,
  target: Float64Array,
  offset: number,
): void {
  for (let r = 0; r < runs.length; r += 3) {
    const j = offset + runs[r + 2]!;
    let s = target[j]!;
    const end = runs[r + 1]!;
    for (let i = runs[r]!; i < end; i++) s += col[i]! * dt;
    target[j] = s;
  }
}

/** @internal {@link addMonthly} of four columns in one pass, into target offsets oa … od. */
function addMonthly4(
  a: Float64Array,
  b: Float64Array,
  c: Float64Array,
  d: Float64Array,
  runs: Int32Array,
  dt: number,
  target: Float64Array,
  oa: number,
  ob: number,
  oc: number,
  od: number,
): void {
  for (let r = 0; r < runs.length; r += 3) {
    const m = runs[r + 2]!;
    let sa = target[oa + m]!;
    let sb = target[ob + m]!;
    let sc = target[oc + m]!;
    let sd = target[od + m]!;
    const end = runs[r + 1]!;
    for (let i = runs[r]!; i < end; i++) {
      sa += a[i]! * dt;
      sb += b[i]! * dt;
      sc += c[i]! * dt;
      sd += d[i]! * dt;
    }
    target[oa + m] = sa;
    target[ob + m] = sb;
    target[oc + m] = sc;
    target[od + m] = sd;
  }
}

/** @internal Whether two stages' 12 monthly sums held the same values (Object.is) before this accumulation. */
function sameStart(before: Float64Array, a: number, b: number): boolean {
  for (let m = 0; m < 12; m++) if (!Object.is(before[a + m], before[b + m])) return false;
  return true;
}

/**
 * Accumulates the columns of one simulation year (or a part of it) into the monthly sums: one pass
 * over each column, Σ x_i·Δt per month and stage, plus the positive and negative parts of the final
 * AC column, the gross inverter energy, hours per month and the 3-hour maximum module Isc.
 * Allocates nothing but the small index of the month runs.
 *
 * @param x the stage columns (see {@link LossTreeColumns})
 * @param p.stepHours step length Δt [h]
 * @param acc accumulators from {@link createLossTree} (with `elementCount` = number of `plantElements`)
 * @returns `acc`
 */
export function accumulateLossTree(
  x: LossTreeColumns,
  p: { stepHours: number },
  acc: LossTreeAccumulator,
): LossTreeAccumulator {
  const dt = p.stepHours;
  const month = x.month;
  const e = acc.elementCount;
  const elements = x.plantElements ?? [];
  if (elements.length !== e)
    throw new RangeError(`loss tree made for ${e} plant elements, got ${elements.length}`);
  let finalCol: Float64Array | undefined;
  const runs = monthRuns(month);
  // A column given for several stages (a stage that changes nothing in this plant is the previous
  // stage's column itself: no degradation, no LGIA limit …) is summed once: the other stage gets the
  // same sums, bit for bit, when its sums started from the same values (issue 17, speed).
  const before = acc.sums.slice();
  const summed = new Map<Float64Array, number>();
  const toSum: Float64Array[] = [];
  const sumAt: number[] = [];
  const copies: number[] = []; // pairs: stage, stage whose sums it takes
  for (let k = 0; k < N_FIXED + e; k++) {
    let col: Float64Array | undefined;
    if (k >= ELEMENTS_AT && k < ELEMENTS_AT + e) {
      const el = elements[k - ELEMENTS_AT]!;
      col = el.power;
      acc.elementTypes[k - ELEMENTS_AT] = el.type;
    } else {
      col = x[LOSS_TREE_STAGES[k < ELEMENTS_AT ? k : k - e]!.column];
    }
    if (!col) continue;
    acc.present[k] = 1;
    const same = summed.get(col);
    if (same !== undefined && sameStart(before, same * 12, k * 12)) copies.push(k, same);
    else {
      toSum.push(col);
      sumAt.push(k * 12);
      summed.set(col, k);
    }
    if (k >= stageIndex(FIRST_AC, e)) finalCol = col;
  }
  // Four columns a pass: four independent sums per step instead of one chain of additions (each
  // stage's sums are the same additions in the same order as one column at a time).
  let q = 0;
  for (; q + 4 <= toSum.length; q += 4)
    addMonthly4(
      toSum[q]!,
      toSum[q + 1]!,
      toSum[q + 2]!,
      toSum[q + 3]!,
      runs,
      dt,
      acc.sums,
      sumAt[q]!,
      sumAt[q + 1]!,
      sumAt[q + 2]!,
      sumAt[q + 3]!,
    );
  for (; q < toSum.length; q++) addMonthly(toSum[q]!, runs, dt, acc.sums, sumAt[q]!);
  for (let c = 0; c < copies.length; c += 2)
    acc.sums.copyWithin(copies[c]! * 12, copies[c + 1]! * 12, copies[c + 1]! * 12 + 12);
  if (x.poaCorrected) {
    addMonthly(x.poaCorrected, runs, dt, acc.poaCorrected, 0);
    acc.poaCorrectedPresent = true;
  }
  if (x.essPvPower) addMonthly(x.essPvPower, runs, dt, acc.essPv, 0);
  if (x.essBatteryPower) addMonthly(x.essBatteryPower, runs, dt, acc.essBattery, 0);
  if (x.essAuxiliaryPower) addMonthly(x.essAuxiliaryPower, runs, dt, acc.essAuxiliary, 0);
  finalAndGross(month, dt, finalCol, x.acAfterLimitation ?? x.acInverterOutput, acc);
  const isc = x.moduleShortCircuitCurrent;
  if (isc && isc.length > 0) maxThreeHourMean(isc, dt, acc);
  return acc;
}

/**
 * @internal Hours, the positive and negative parts of the final AC column and the positive gross
 * inverter output per month. The loops of {@link accumulateLossTree} are leaf functions: inside it they
 * made it hot, and V8 optimised it with `addMonthly` and more inlined (~13 ms of compilation in the
 * third simulation of a 1-minute year, issue 17 warm-up).
 */
function finalAndGross(
  month: ArrayLike<number>,
  dt: number,
  finalCol: Float64Array | undefined,
  gross: Float64Array | undefined,
  acc: LossTreeAccumulator,
): void {
  const { hours, finalPositive, finalNegative, grossPositive } = acc;
  for (let i = 0; i < month.length; i++) {
    const m = month[i]!;
    if (!(m >= 1 && m <= 12)) continue;
    const j = (m | 0) - 1;
    hours[j]! += dt;
    if (finalCol) {
      const v = finalCol[i]! * dt;
      if (v > 0) finalPositive[j]! += v;
      else finalNegative[j]! += v;
    }
    if (gross && gross[i]! > 0) grossPositive[j]! += gross[i]! * dt;
  }
}

/** @internal The largest 3-hour running mean of the module Isc into `acc.max3hrShortCircuitCurrent`. */
function maxThreeHourMean(isc: Float64Array, dt: number, acc: LossTreeAccumulator): void {
  const w = Math.max(1, Math.round(3 / dt));
  let s = 0;
  let max = acc.max3hrShortCircuitCurrent;
  for (let i = 0; i < isc.length; i++) {
    s += isc[i]!;
    if (i >= w) s -= isc[i - w]!;
    const mean = s / Math.min(i + 1, w);
    if (i + 1 >= Math.min(w, isc.length) && mean > max) max = mean;
  }
  acc.max3hrShortCircuitCurrent = max;
}

/** Stage energies of the chain for some months (see {@link lossTreeChain}). */
export interface LossTreeChain {
  /** Chain value after each stage (stages of {@link LOSS_TREE_STAGES} with the plant elements at
   *  their place): Wh/m² up to the rear stages, Wh after. Missing stages repeat the previous value. */
  values: Float64Array;
  /** Effective front + rear irradiation H_eff [Wh/m²] and the nominal DC energy H_eff·P0/1000 [Wh]. */
  effectiveIrradiation: number;
  nominalDc: number;
  /** Number of chain stages (fixed + plant elements). */
  stageCount: number;
}

/**
 * Chain values of the loss tree for the months selected by a 12-bit mask (bit m − 1 for month m;
 * 0xfff = the year): E_k = Σ over the months of the stage sums, where a missing stage repeats the
 * previous value; rear stages are H_front,eff + H_rear,k; the first DC stage follows the bridge
 * E_nom = H_eff·P0/G_STC with G_STC = 1000 W/m². Fills `acc.chain`.
 *
 * @param acc accumulated sums
 * @param p.dcCapacity plant DC rating at STC, P0 [W]
 * @param p.months month mask (default 0xfff)
 * @returns chain values and the bridge
 */
export function lossTreeChain(
  acc: LossTreeAccumulator,
  p: { dcCapacity: number; months?: number },
): LossTreeChain {
  const mask = p.months ?? 0xfff;
  const e = acc.elementCount;
  const stages = N_FIXED + e;
  const v = acc.chain;
  const monthSum = (k: number): number => {
    let s = 0;
    for (let m = 0; m < 12; m++) if (mask & (1 << m)) s += acc.sums[k * 12 + m]!;
    return s;
  };
  let front = 0;
  let rear = 0;
  let nominalDc = 0;
  let effective = 0;
  for (let k = 0; k < stages; k++) {
    const fixed = k < ELEMENTS_AT ? k : k >= ELEMENTS_AT + e ? k - e : -1;
    const group: Group = fixed >= 0 ? LOSS_TREE_STAGES[fixed]!.group : 'ac';
    const has = acc.present[k] === 1;
    if (group === 'irr') {
      v[k] = has ? monthSum(k) : k > 0 ? v[k - 1]! : 0;
      if (k === LAST_IRR) front = v[k]!;
    } else if (group === 'rear') {
      if (has) rear = monthSum(k);
      v[k] = front + rear;
      effective = v[k]!;
    } else {
      if (k === FIRST_DC) {
        nominalDc = (effective * p.dcCapacity) / 1000;
        v[k] = has ? monthSum(k) : nominalDc;
      } else v[k] = has ? monthSum(k) : v[k - 1]!;
    }
  }
  return { values: v, effectiveIrradiation: effective, nominalDc, stageCount: stages };
}

/** @internal L = (1 − E/E_prev)·100, 0 when E_prev ≤ 0. */
function relativeLoss(current: number, previous: number): number {
  return previous > 0 ? (1 - current / previous) * 100 : 0;
}

/** The loss fields of a year (or month), each [%], + loss / − gain, relative to the previous stage. */
export type LossTree = Record<LossField, number> & {
  /** Transposition of the informational corrected POA vs GHI [%] (= `transpositionOnPlane` without it). */
  correctedTranspositionOnPlane: number;
  /** Losses of the plant transformers and lines in ordinal order [%]. */
  transformerTransmissionLineLoss: { type: string; loss: number }[];
};

/**
 * The loss tree of the accumulated year (or of the months in a mask): each chain field
 * L_k = (1 − E_k/E_{k−1})·100 from {@link lossTreeChain}, fields appearing twice combined as
 * 1 − L = Π(1 − L_i/100); the first DC stage is relative to the nominal DC energy H_eff·P0/1000.
 *
 * @param acc accumulated sums
 * @param p.dcCapacity plant DC rating at STC, P0 [W]
 * @param p.months month mask (default 0xfff = the year)
 * @returns the loss fields [%]
 * @see spec 4 §1 "ResultSummary" (sign), spec 3 `PredictionResultSummaryYear`, `TTLResultSummary`
 */
export function lossTree(acc: LossTreeAccumulator, p: { dcCapacity: number; months?: number }): LossTree {
  const c = lossTreeChain(acc, p);
  const v = c.values;
  const e = acc.elementCount;
  const factors = new Map<LossField, number>();
  const ttl: { type: string; loss: number }[] = [];
  for (let k = 1; k < c.stageCount; k++) {
    const prev = k === stageIndex(FIRST_DC, e) ? c.nominalDc : v[k - 1]!;
    const loss = relativeLoss(v[k]!, prev);
    if (k >= ELEMENTS_AT && k < ELEMENTS_AT + e) {
      ttl.push({ type: acc.elementTypes[k - ELEMENTS_AT]!, loss });
      continue;
    }
    const field = LOSS_TREE_STAGES[k < ELEMENTS_AT ? k : k - e]!.field!;
    factors.set(field, (factors.get(field) ?? 1) * (1 - loss / 100));
  }
  const out = {} as Record<LossField, number>;
  for (const s of LOSS_TREE_STAGES) if (s.field) out[s.field] = (1 - (factors.get(s.field) ?? 1)) * 100;
  const ghi = v[0]!;
  let corrected = out.transpositionOnPlane;
  if (acc.poaCorrectedPresent) {
    let h = 0;
    for (let m = 0; m < 12; m++) if ((p.months ?? 0xfff) & (1 << m)) h += acc.poaCorrected[m]!;
    corrected = relativeLoss(h, ghi);
  }
  return { ...out, correctedTranspositionOnPlane: corrected, transformerTransmissionLineLoss: ttl };
}

/** Key energies of a loss-tree chain (for the summary). */
export interface LossTreeEnergies {
  /** H_GHI and H_POA (transposed front, before shading) [Wh/m²]. */
  ghiInsolation: number;
  poaInsolation: number;
  /** Effective rear irradiation (× φ) [Wh/m²]. */
  rearEffectiveInsolation: number;
  /** Signed final plant energy Σ P·Δt (after ESS when given) [Wh]. */
  finalEnergy: number;
  /** Energy of the balance of system: from the inverter output (after limitation, AC degradation and
   *  LeTID) to the output of the last plant transformer or line [Wh]. */
  balanceOfSystemLoss: number;
}

/**
 * Key energies of the accumulated year or months (see {@link LossTreeEnergies}).
 * @param acc accumulated sums
 * @param p.dcCapacity plant DC rating at STC [W]; p.months month mask (default the year)
 */
export function lossTreeEnergies(
  acc: LossTreeAccumulator,
  p: { dcCapacity: number; months?: number },
): LossTreeEnergies {
  const c = lossTreeChain(acc, p);
  const v = c.values;
  const e = acc.elementCount;
  const front = v[LAST_IRR]!;
  return {
    ghiInsolation: v[0]!,
    poaInsolation: v[1]!,
    rearEffectiveInsolation: c.effectiveIrradiation - front,
    finalEnergy: v[c.stageCount - 1]!,
    balanceOfSystemLoss: v[stageIndex(BOS_FIRST, e) - 1]! - v[ELEMENTS_AT + e - 1]!,
  };
}

/** @internal Index of the inverter-limitation stage (for tests and the summary). */
export const LOSS_TREE_INDEX = {
  lastIrradiance: LAST_IRR,
  firstDc: FIRST_DC,
  firstAc: FIRST_AC,
  limitation: LIMITATION,
} as const;
