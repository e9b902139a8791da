/**
 * The inverters and arrays of a plant over one simulation year (spec 4 §2 steps 15–17): DC inputs of
 * each distinct inverter node (its DC fields × repeaters, DC degradation and LeTID), the inverter, and
 * each distinct array (Σ inverters × repeaters, AC degradation and LeTID, auxiliary loads, MV
 * transformer, AC collection). Equal nodes of blocks with the same lifetime are evaluated once.
 */
import { inverterSeries } from '../inverter/inverter.ts';
import { arrayAcSeries } from '../plant/array.ts';
import { trackerMotorPower } from '../plant/auxiliaryLoads.ts';
import { dcFieldPowerAt, type DcFieldResult } from './dcField.ts';
import type { ArrayNode, InverterNode } from './resolvePlant.ts';
import { resultColumn, zeroColumn } from './scratch.ts';

/** An inverter node's DC input before degradation, summed over its DC fields (year-independent). */
export interface InverterInput {
  /** Σ repeater·P [W] */
  power: Float64Array;
  /** power-weighted mean MPP voltage [V] */
  voltage: Float64Array;
  /** the input's power at another voltage for step i [W] (one distinct DC field: its I–V curve) */
  powerAt: ((i: number, vDc: number) => number) | undefined;
}

/** One distinct inverter node over a year (one instance). */
export interface InverterResult {
  readonly key: string;
  readonly paths: string[];
  instances: number;
  readonly settings: InverterNode;
  /** DC power offered at its input, after DC degradation and LeTID [W] (the input's column when undegraded) */
  dcInput: Float64Array;
  /** AC output [W] (−night tare while off), DC power at the operating point [W], voltage [V] */
  readonly acPower: Float64Array;
  readonly dcPower: Float64Array;
  readonly vDc: Float64Array;
  /** operating region (`INVERTER_REGION`) */
  readonly region: Uint8Array;
  /** AC limit in force [W]; losses [W]: off-MPP (window, current), conversion, limitation */
  readonly acLimit: Float64Array;
  readonly offMppLoss: Float64Array;
  readonly efficiencyLoss: Float64Array;
  readonly clippingLoss: Float64Array;
}

/** One distinct array over a year (one instance). */
export interface ArrayResult {
  readonly key: string;
  readonly paths: string[];
  instances: number;
  readonly settings: ArrayNode;
  /** Σ inverters × repeaters: AC after limitation, and before it (gross) [W] */
  readonly inverterAc: Float64Array;
  readonly inverterGross: Float64Array;
  /** after AC degradation, and after AC LeTID (the input of the loads) [W] */
  readonly afterDegradation: Float64Array;
  readonly afterLetid: Float64Array;
  /** output after the loads, the MV transformer and AC collection [W] */
  readonly power: Float64Array;
  readonly auxiliaryLoss: Float64Array;
  readonly coolingLoss: Float64Array;
  readonly trackerMotorLoss: Float64Array;
  readonly transformerLoss: Float64Array;
  readonly collectionLoss: Float64Array;
}

/** Per-step factors of a block's lifetime in one year; undefined columns are 1. */
export interface YearFactors {
  /** applied to the DC input (DC degradation and LeTID), or undefined */
  dc: Float64Array | undefined;
  /** applied to the positive inverter AC: AC degradation alone, and with AC LeTID */
  acDegradation: Float64Array | undefined;
  acLetid: Float64Array | undefined;
}

/**
 * The DC input of an inverter node: P = Σ_f r_f·P_f, V = Σ r_f·P_f·V_f / P (the first field's V when
 * P = 0). DC fields with different voltages on one input are taken at the power-weighted voltage
 * (mismatch between them is not modelled). With one DC field the columns are the field's own (no copy
 * for one instance) and the power at another voltage comes from its I–V curve (`dcFieldPowerAt`);
 * with several, the inverter falls back to its piecewise-linear I–V approximation.
 */
export function inverterInput(
  node: InverterNode,
  fields: ReadonlyMap<string, DcFieldResult>,
  n: number,
): InverterInput {
  const list = node.dcFields.map((d) => ({ r: d.repeater, f: fields.get(d.dcKey)! }));
  if (list.length === 1) {
    const { r, f } = list[0]!;
    const power = r === 1 ? f.dcPower : f.dcPower.map((p) => r * p);
    return { power, voltage: f.dcVoltage, powerAt: (i, v) => r * dcFieldPowerAt(f, i, v) };
  }
  const power = new Float64Array(n);
  const voltage = new Float64Array(n);
  for (const { r, f } of list) {
    for (let i = 0; i < n; i++) {
      const p = r * f.dcPower[i]!;
      power[i]! += p;
      voltage[i]! += p * f.dcVoltage[i]!;
    }
  }
  const first = list[0]?.f;
  for (let i = 0; i < n; i++) {
    const p = power[i]!;
    if (p > 0) voltage[i]! /= p;
    else if (first) voltage[i] = first.dcVoltage[i]!;
  }
  return { power, voltage, powerAt: undefined };
}

/** Allocates the columns of an inverter result. */
export function allocateInverter(node: InverterNode, key: string, n: number): InverterResult {
  const f = () => resultColumn(n);
  return {
    key,
    paths: [],
    instances: 0,
    settings: node,
    dcInput: new Float64Array(0),
    acPower: f(),
    dcPower: f(),
    vDc: f(),
    region: new Uint8Array(n),
    acLimit: f(),
    offMppLoss: f(),
    efficiencyLoss: f(),
    clippingLoss: f(),
  };
}

/**
 * One inverter node over the year: its DC input × the DC factor, then `inverterSeries` (operating
 * point, conversion, limits, night tare) with the node's time-series overrides; outside the MPPT
 * window the power comes from the DC field's I–V curve when the input has one field.
 */
export function runInverter(
  input: InverterInput,
  factors: YearFactors,
  tempAir: Float64Array,
  out: InverterResult,
): void {
  const node = out.settings;
  const n = input.power.length;
  const g = factors.dc;
  if (g) {
    if (out.dcInput.length !== n || out.dcInput === input.power) out.dcInput = new Float64Array(n);
    for (let i = 0; i < n; i++) out.dcInput[i] = input.power[i]! * g[i]!;
  } else out.dcInput = input.power;
  const at = input.powerAt;
  inverterSeries(
    {
      pMp: out.dcInput,
      vMp: input.voltage,
      tempAir,
      ...(at && node.params.dcLimits
        ? { powerAtVoltage: g ? (i: number, v: number) => g[i]! * at(i, v) : at }
        : {}),
      ...(node.setpointSeries ? { setpointSeries: node.setpointSeries } : {}),
      ...(node.derateSeries ? { derateSeries: node.derateSeries } : {}),
      ...(node.maxVoltageSeries ? { maxVoltageSeries: node.maxVoltageSeries } : {}),
      ...(node.maxCurrentSeries ? { maxCurrentSeries: node.maxCurrentSeries } : {}),
    },
    node.params,
    out,
  );
}

/**
 * Allocates the columns of an array result; without AC degradation (`noAcFactors`) the columns after
 * degradation and LeTID are the inverter sum itself.
 */
export function allocateArray(
  node: ArrayNode,
  key: string,
  n: number,
  noAcFactors = false,
  inverters: readonly InverterResult[] = [],
): ArrayResult {
  const f = () => resultColumn(n);
  // runArray zero-fills the inverter sums itself before it adds to them. The AC sum of an array of one
  // inverter without repeater is that inverter's AC column (0 + 1·P = P: inverterSeries writes no −0).
  const sole = soleInverter(node, inverters);
  const inverterAc = sole ? sole.acPower : resultColumn(n, true);
  const afterLetid = noAcFactors ? inverterAc : f();
  const sums = {
    key,
    paths: [],
    instances: 0,
    settings: node,
    inverterAc,
    inverterGross: resultColumn(n, true),
    afterDegradation: noAcFactors ? inverterAc : f(),
    afterLetid,
  };
  if (noArrayLoads(node)) {
    // No load, transformer, collection loss or night disconnect: every loss is 0 (the simulation's
    // zero column) and the power is the input (p − 0 − 0 − 0 = p), which runArray then does not compute.
    const zero = zeroColumn(n);
    return {
      ...sums,
      power: afterLetid,
      auxiliaryLoss: zero,
      coolingLoss: zero,
      trackerMotorLoss: zero,
      transformerLoss: zero,
      collectionLoss: zero,
    };
  }
  return {
    ...sums,
    power: f(),
    auxiliaryLoss: f(),
    coolingLoss: f(),
    trackerMotorLoss: f(),
    transformerLoss: f(),
    collectionLoss: f(),
  };
}

/**
 * One array over the year: Σ its inverters × repeaters (AC and gross), AC degradation and LeTID on
 * positive power, then `arrayAcSeries` with the tracker-motor power of the year
 * (`trackerMotorPower`: specific consumption × DC capacity over the year's producing hours).
 * @param inverters the array's inverter results, in the order of its nodes
 * @param stepHours step length [h]
 */
export function runArray(
  inverters: readonly InverterResult[],
  factors: YearFactors,
  stepHours: number,
  yearFraction: number,
  out: ArrayResult,
): void {
  const node = out.settings;
  const ac = out.inverterAc;
  const gross = out.inverterGross;
  gross.fill(0);
  const sole = soleInverter(node, inverters);
  if (sole && ac === sole.acPower) addInverterGross(gross, sole.acPower, sole.clippingLoss);
  else {
    ac.fill(0);
    node.inverters.forEach((inv, k) => {
      const res = inverters[k]!;
      addInverterAc(ac, gross, inv.repeater, res.acPower, res.clippingLoss);
    });
  }
  const { acDegradation: gd, acLetid: gl } = factors;
  const own = out.afterLetid !== ac;
  const producing = acFactors(ac, gd, gl, own ? out.afterDegradation : undefined, out.afterLetid, stepHours);
  if (out.power === out.afterLetid) return;
  const motor = trackerMotorPower(
    { producingHours: producing / yearFraction },
    { trackerMotorLosses: node.trackerMotorLosses, dcCapacity: node.dcCapacity },
  );
  arrayAcSeries(
    { inverterAc: out.afterLetid },
    { ...node.params, trackerMotorPower: motor },
    {
      power: out.power,
      auxiliaryLoss: out.auxiliaryLoss,
      coolingLoss: out.coolingLoss,
      trackerMotorLoss: out.trackerMotorLoss,
      transformerLoss: out.transformerLoss,
      collectionLoss: out.collectionLoss,
    },
  );
}

/**
 * @internal ac += r·P_ac and gross += r·(P_ac + clipping) of one inverter. The loops of `runArray` are
 * leaf functions of typed arrays: inside it they made it hot, and V8 compiled it with `arrayAcSeries`
 * inlined and threw that code away at the next shape of its arguments (issue 17, warm-up).
 */
function addInverterAc(
  ac: Float64Array,
  gross: Float64Array,
  r: number,
  acPower: Float64Array,
  clippingLoss: Float64Array,
): void {
  for (let i = 0; i < ac.length; i++) {
    ac[i]! += r * acPower[i]!;
    gross[i]! += r * (acPower[i]! + clippingLoss[i]!);
  }
}

/**
 * The array takes nothing from its inverters' AC (no DAS, cooling, tracker-motor or additional load,
 * no transformer, no collection loss, no night disconnect): `arrayAcSeries` would give P − 0 − 0 − 0 = P
 * and losses of 0 (a collection loss 0·|P|/100 = +0 for finite P) at every step.
 */
export function noArrayLoads(node: ArrayNode): boolean {
  const p = node.params;
  return (
    p.dasLoad === 0 &&
    p.coolingLoad === 0 &&
    node.trackerMotorLosses === 0 &&
    p.additionalLosses === 0 &&
    p.additionalNightLosses === 0 &&
    p.transformer === undefined &&
    p.acCollectionLoss === 0 &&
    p.nighttimeDisconnect !== true
  );
}

/** @internal The inverter of an array of one inverter whose repeater is 1 (its AC column is the array's sum), or undefined. */
function soleInverter(node: ArrayNode, inverters: readonly InverterResult[]): InverterResult | undefined {
  return node.inverters.length === 1 && node.inverters[0]!.repeater === 1 ? inverters[0] : undefined;
}

/** @internal gross += P_ac + clipping of an array's one inverter (the same sum as {@link addInverterAc} with r = 1). */
function addInverterGross(gross: Float64Array, acPower: Float64Array, clippingLoss: Float64Array): void {
  for (let i = 0; i < gross.length; i++) gross[i]! += 1 * (acPower[i]! + clippingLoss[i]!);
}

/**
 * @internal AC degradation and LeTID on positive power into `afterDegradation` and `afterLetid` (not
 * written when `afterDegradation` is undefined: the columns are `ac` itself); returns the producing hours.
 */
function acFactors(
  ac: Float64Array,
  gd: Float64Array | undefined,
  gl: Float64Array | undefined,
  afterDegradation: Float64Array | undefined,
  afterLetid: Float64Array,
  stepHours: number,
): number {
  // The sum in a typed array, not a local: the loop runs in code compiled on the stack (OSR, one call
  // a simulation), where a double carried round the loop from a tagged start is boxed at every step
  // (a heap number a step of a 1-minute year; issue 17). The same additions in the same order.
  const producing = PRODUCING;
  producing[0] = 0;
  for (let i = 0; i < ac.length; i++) {
    const p = ac[i]!;
    const d = p > 0 && gd ? p * gd[i]! : p;
    const l = p > 0 && gl ? p * gl[i]! : d;
    if (afterDegradation) {
      afterDegradation[i] = d;
      afterLetid[i] = l;
    }
    if (l > 0) producing[0] += stepHours;
  }
  return producing[0];
}

/** @internal The accumulator of {@link acFactors}. */
const PRODUCING = new Float64Array(1);
