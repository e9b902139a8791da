/**
 * The electrical model of a module (CEC, De Soto or PVsyst form) as a discriminated union, and its
 * maximum power point at operating conditions, for one step or a series.
 */
import {
  currentKernel,
  diodeVoltageKernel,
  MPP_IN,
  MPP_OUT,
  mppKernel,
  setMppInputs,
} from './diodeKernels.ts';
import {
  BOLTZMANN_EV,
  calcparamsCec,
  calcparamsDesoto,
  DESOTO_OUT,
  desotoKernel,
  KELVIN,
  type CecParams,
  type DesotoParams,
} from './desoto.ts';
import { calcparamsPvsyst, preparePvsyst, PVSYST_OUT, pvsystKernel, type PvsystParams } from './pvsyst.ts';
import { singleDiode, type SingleDiodeParams, type SingleDiodeResult } from './singleDiode.ts';

/** A module's electrical model with its reference parameters. */
export type ModuleModel =
  | ({ model: 'cec' } & CecParams)
  | ({ model: 'desoto' } & DesotoParams)
  | ({ model: 'pvsyst' } & PvsystParams);

/** Options of the module evaluation. */
export interface ModuleOptions {
  /**
   * series resistance added to the module's Rs, e.g. the DC wiring of its string per module
   * (`dcWiringResistance`) [Ω]; 0 by default
   */
  addedSeriesResistance?: number;
}

/** Operating conditions of one step. */
export interface ModuleConditions {
  /** effective irradiance reaching the cells S [W/m²] */
  effectiveIrradiance: number;
  /** cell temperature Tc [°C] */
  tempCell: number;
}

/**
 * Single-diode parameters of a module at operating conditions, by its model's translation
 * (`calcparamsCec`, `calcparamsDesoto` or `calcparamsPvsyst`), with an added series resistance.
 *
 * @param x effective irradiance [W/m²] (> 0) and cell temperature [°C]
 * @param m the module's model
 * @param opts added series resistance [Ω]
 * @returns the parameters at (S, Tc)
 * @see the translation functions for the equations and papers
 */
export function moduleParams(
  x: ModuleConditions,
  m: ModuleModel,
  opts: ModuleOptions = {},
): SingleDiodeParams {
  const p =
    m.model === 'cec'
      ? calcparamsCec(x, m)
      : m.model === 'desoto'
        ? calcparamsDesoto(x, m)
        : calcparamsPvsyst(x, m);
  p.resistanceSeries += opts.addedSeriesResistance ?? 0;
  return p;
}

/**
 * Maximum power point, Voc and Isc of one module at operating conditions: the model's translation,
 * then the single-diode solution (`singleDiode`). Night (S ≤ 0 or NaN) gives zeros.
 *
 * @param x effective irradiance [W/m²] and cell temperature [°C]
 * @param m the module's model
 * @param opts added series resistance [Ω]
 * @returns Pmp [W], Vmp [V], Imp [A], Voc [V], Isc [A] of one module
 * @see `calcparamsCec`, `calcparamsDesoto`, `calcparamsPvsyst`, `singleDiode`
 */
export function moduleMpp(x: ModuleConditions, m: ModuleModel, opts: ModuleOptions = {}): SingleDiodeResult {
  if (!(x.effectiveIrradiance > 0)) return { pmp: 0, vmp: 0, imp: 0, voc: 0, isc: 0 };
  return singleDiode(moduleParams(x, m, opts));
}

/** Caller-owned outputs of {@link moduleMppSeries}; `voc` and `isc` are filled only when given. */
export interface ModuleMppSeriesOut {
  /** power at the maximum power point [W] */
  pmp: Float64Array;
  /** voltage at the maximum power point [V] */
  vmp: Float64Array;
  /** current at the maximum power point [A] */
  imp: Float64Array;
  /** open-circuit voltage [V] */
  voc?: Float64Array;
  /** short-circuit current [A] */
  isc?: Float64Array;
}

/**
 * Series form of {@link moduleMpp}: fills the caller's arrays, allocates nothing per step.
 *
 * Night steps (S ≤ 0 or NaN) are skipped and give zeros; a missing cell temperature (NaN) in
 * daylight gives NaN for that step. The maximum-power-point search starts from the ideal-diode
 * estimate of the step corrected by the previous step's offset from it (the solution moves slowly
 * from step to step), so Newton's method usually needs two or three iterations. Voc and
 * Isc cost one more solve each, only when their arrays are given.
 *
 * @param x.effectiveIrradiance effective irradiance per step S [W/m²]
 * @param x.tempCell cell temperature per step Tc [°C], or one for every step (e.g. 25 °C for the
 *   temperature loss: the translation's temperature terms are then computed once)
 * @param m the module's model
 * @param out caller-owned Pmp [W], Vmp [V], Imp [A], and optionally Voc [V], Isc [A], of one module
 * @param opts added series resistance [Ω]
 */
export function moduleMppSeries(
  x: { effectiveIrradiance: Float64Array; tempCell: Float64Array | number },
  m: ModuleModel,
  out: ModuleMppSeriesOut,
  opts: ModuleOptions = {},
): ModuleMppSeriesOut {
  const s = x.effectiveIrradiance;
  const tc = typeof x.tempCell === 'number' ? undefined : x.tempCell;
  const t0 = typeof x.tempCell === 'number' ? x.tempCell : 0;
  const added = opts.addedSeriesResistance ?? 0;
  MPP_IN[7] = 0; // the guess offset, carried from step to step by `step`
  // One leaf function per case: moduleMppSeries is called with a temperature column (at Tc) and with a
  // number (25 °C) in every simulation, and with the three loops inside it V8's optimised code for the
  // one case was thrown away at the other, compiled again at each (25-31 ms, issue 17 warm-up).
  if (m.model === 'pvsyst') {
    const prep = preparePvsyst(m);
    pvsystMppLoop(s, tc, t0, prep, prep.rS + added, out);
    return out;
  }
  const c = desotoConstants(m);
  const rs = m.rS + added;
  if (!tc) {
    // One cell temperature: the terms of the kernel that depend on it alone (IL,ref + αsc·ΔT, I0, a)
    // once, from the kernel at S = Sref, where IL = (Sref/Sref)·(IL,ref + αsc·ΔT) exactly; per step
    // IL = (S/Sref)·(IL,ref + αsc·ΔT) and 1/Rsh = S/(Sref·Rsh,ref) with the kernel's own operations, so
    // the result is bit-identical to a column filled with that temperature.
    const { aRef, iLRef, iORef, rShRef } = m;
    desotoKernel(
      c.sRef,
      t0,
      c.alpha,
      aRef,
      iLRef,
      iORef,
      rShRef,
      c.egRef,
      c.egSlope,
      c.sRef,
      c.tRefK,
      c.eg1K,
    );
    desotoConstantMppLoop(
      s,
      c.sRef,
      DESOTO_OUT[0]!,
      DESOTO_OUT[1]!,
      DESOTO_OUT[3]!,
      c.sRef * rShRef,
      rs,
      out,
    );
    return out;
  }
  desotoMppLoop(s, tc, m, c, rs, out);
  return out;
}

/** @internal The PVsyst case of {@link moduleMppSeries}: per step the kernel at (S, Tc), then the MPP. */
function pvsystMppLoop(
  s: Float64Array,
  tc: Float64Array | undefined,
  t0: number,
  prep: ReturnType<typeof preparePvsyst>,
  rs: number,
  out: ModuleMppSeriesOut,
): void {
  const dmt = prep.dmt;
  const vbiM = prep.vbiM;
  for (let i = 0; i < s.length; i++) {
    const g = s[i]!;
    if (!(g > 0)) {
      night(out, i);
      continue;
    }
    pvsystKernel(g, tc ? tc[i]! : t0, prep);
    const iph = PVSYST_OUT[0]!;
    const i0 = PVSYST_OUT[1]!;
    const gsh = PVSYST_OUT[2]!;
    const a = PVSYST_OUT[3]!;
    setMppInputs(iph, i0, rs, gsh, a, dmt, vbiM);
    step(out, i);
  }
}

/** @internal The one-temperature case of {@link moduleMppSeries} (IL, I0 and a of that temperature given). */
function desotoConstantMppLoop(
  s: Float64Array,
  sRef: number,
  il: number,
  i0: number,
  a: number,
  shunt: number,
  rs: number,
  out: ModuleMppSeriesOut,
): void {
  for (let i = 0; i < s.length; i++) {
    const g = s[i]!;
    if (!(g > 0)) {
      night(out, i);
      continue;
    }
    setMppInputs((g / sRef) * il, i0, rs, g / shunt, a, 0, Infinity);
    step(out, i);
  }
}

/** @internal The CEC / De Soto case of {@link moduleMppSeries} with a cell temperature per step. */
function desotoMppLoop(
  s: Float64Array,
  tc: Float64Array,
  m: ({ model: 'cec' } & CecParams) | ({ model: 'desoto' } & DesotoParams),
  c: ReturnType<typeof desotoConstants>,
  rs: number,
  out: ModuleMppSeriesOut,
): void {
  const { egRef, tRefK, egSlope, sRef, eg1K, alpha } = c;
  const { aRef, iLRef, iORef, rShRef } = m;
  for (let i = 0; i < s.length; i++) {
    const g = s[i]!;
    if (!(g > 0)) {
      night(out, i);
      continue;
    }
    desotoKernel(g, tc[i]!, alpha, aRef, iLRef, iORef, rShRef, egRef, egSlope, sRef, tRefK, eg1K);
    const iph = DESOTO_OUT[0]!;
    const i0 = DESOTO_OUT[1]!;
    const gsh = DESOTO_OUT[2]!;
    const a = DESOTO_OUT[3]!;
    setMppInputs(iph, i0, rs, gsh, a, 0, Infinity);
    step(out, i);
  }
}

/** @internal The constants of `desotoKernel` for a CEC or De Soto module (αsc adjusted for CEC). */
function desotoConstants(m: ({ model: 'cec' } & CecParams) | ({ model: 'desoto' } & DesotoParams)) {
  const egRef = m.egRef ?? 1.121;
  const tRefK = (m.tempRef ?? 25) + KELVIN;
  return {
    egRef,
    tRefK,
    egSlope: egRef * (m.dEgdT ?? -0.0002677),
    sRef: m.irradianceRef ?? 1000,
    eg1K: egRef / (BOLTZMANN_EV * tRefK),
    alpha: m.model === 'cec' ? m.alphaSc * (1 - m.adjust / 100) : m.alphaSc,
  };
}

function night(out: ModuleMppSeriesOut, i: number): void {
  out.pmp[i] = 0;
  out.vmp[i] = 0;
  out.imp[i] = 0;
  if (out.voc) out.voc[i] = 0;
  if (out.isc) out.isc[i] = 0;
}

/**
 * One daylight step of the series from the inputs in `MPP_IN`; leaves the new guess offset in its slot 7
 * for the next step. A photocurrent ≤ 0 (a cell so cold that μIsc·ΔT cancels IL) gives zeros; a NaN
 * parameter (missing cell temperature) gives NaN.
 */
function step(out: ModuleMppSeriesOut, i: number): void {
  if (MPP_IN[0]! <= 0) {
    night(out, i);
    return;
  }
  mppKernel();
  const vd = MPP_OUT[0]!;
  const v = MPP_OUT[1]!;
  const c = MPP_OUT[2]!;
  out.pmp[i] = v * c;
  out.vmp[i] = v;
  out.imp[i] = c;
  if (vd !== vd) {
    if (out.voc) out.voc[i] = Number.NaN;
    if (out.isc) out.isc[i] = Number.NaN;
    return;
  }
  MPP_IN[7] = MPP_OUT[3]!;
  if (!out.voc && !out.isc) return;
  const iph = MPP_IN[0]!;
  const i0 = MPP_IN[1]!;
  const rs = MPP_IN[2]!;
  const gsh = MPP_IN[3]!;
  const a = MPP_IN[4]!;
  const dmt = MPP_IN[5]!;
  const vbiM = MPP_IN[6]!;
  if (out.voc) out.voc[i] = diodeVoltageKernel(iph, i0, gsh, a, dmt, vbiM, 0, vd);
  if (out.isc) out.isc[i] = currentKernel(iph, i0, rs, gsh, a, dmt, vbiM, 0);
}
