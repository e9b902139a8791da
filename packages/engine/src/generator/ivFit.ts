/**
 * Module generator fits to measurements (spec 2 §7.8 `Generator/ProcessKeyIVPoints` and
 * `…/ProcessIVCurves`): the PVsyst-form single-diode parameters that best reproduce key IV points
 * (Isc, Voc, Imp, Vmp at several irradiances and temperatures) or full IV curves, by nonlinear least
 * squares (Levenberg–Marquardt with Marquardt's diagonal scaling, forward-difference Jacobian).
 *
 * Fitted: Iph,ref, ln I0,ref, γref, Rs, ln Rsh,ref, ln Rsh(0), μγ, μIsc (8 unknowns); fixed: Ns, the
 * band gap (by technology), the Rsh exponent 5.5, d²/μτ and Vbi, the reference conditions
 * (1000 W/m², 25 °C). Start: the default generator applied to the measurement nearest STC (scaled to
 * 1000 W/m²), with αIsc and γPmp estimated from the measurements when they span temperature. Unknowns
 * that the data do not constrain (Rsh(0) from a single irradiance, μγ and μIsc from a single
 * temperature) stay near the start, as Marquardt's damping leaves them.
 *
 * @see K. Levenberg, Q. Appl. Math. 2 (1944) 164–168; D. W. Marquardt, J. SIAM 11 (1963) 431–441
 * @see A. Mermoud, T. Lejeune, 25th EU PVSEC, Valencia (2010) (the model)
 */
import { moduleMpp } from '../module/moduleModel.ts';
import { calcparamsPvsyst, type PvsystParams } from '../module/pvsyst.ts';
import { singleDiodeCurrent } from '../module/singleDiode.ts';
import { keyPointsFromCurve } from './ivCurves.ts';
import {
  bandgapOfTechnology,
  generateSingleDiodeDefault,
  pvsystTempCoefficients,
  type SingleDiodeFit,
  type SingleDiodeRecord,
} from './singleDiodeFit.ts';

/** One row of key IV points (the key-IV template). */
export interface KeyIvRow {
  /** irradiance [W/m²] and cell temperature [°C] */
  irradiance: number;
  temperature: number;
  isc: number;
  voc: number;
  imp: number;
  vmp: number;
}

/** One measured IV curve (the full-IV template groups rows by irradiance and temperature). */
export interface IvCurveRows {
  irradiance: number;
  temperature: number;
  voltage: number[];
  current: number[];
}

/** What the fits need besides the measurements. */
export interface IvFitOptions {
  cellsInSeries: number;
  /** spec 3 CellTechnologyTypeEnum (band gap) */
  cellTechnologyType?: number;
  /** recombination parameter d²/μτ [V] and built-in voltage per cell [V] (thin film), fixed */
  d2MuTau?: number;
  builtInVoltage?: number;
  /** iterations, default 200 */
  maxIterations?: number;
}

/** Result of a measurement fit: the model, and its fit to the measurements. */
export interface IvFit extends SingleDiodeFit {
  /** root-mean-square of the residuals (relative for key points, /Isc for curves) [-] */
  rms: number;
  /** largest relative error over the measurements of Pmp, Voc and Isc [-] */
  maxError: { pmp: number; voc: number; isc: number };
  iterations: number;
}

const N = 8;

function toParams(th: Float64Array, o: IvFitOptions): PvsystParams {
  const dmt = o.d2MuTau ?? 0;
  return {
    pvModel: dmt > 0 ? 0 : 1,
    cellsInSeries: o.cellsInSeries,
    iLRef: th[0]!,
    iORef: Math.exp(th[1]!),
    gammaRef: th[2]!,
    rS: th[3]!,
    rShRef: Math.exp(th[4]!),
    rSh0: Math.exp(th[5]!),
    rShExp: 5.5,
    muGamma: th[6]!,
    alphaSc: th[7]!,
    egRef: bandgapOfTechnology(o.cellTechnologyType),
    d2MuTau: dmt,
    builtInVoltage: o.builtInVoltage ?? 0.9,
    irradianceRef: 1000,
    tempRef: 25,
  };
}

function fromParams(p: PvsystParams): Float64Array {
  return Float64Array.from([
    p.iLRef,
    Math.log(p.iORef),
    p.gammaRef,
    p.rS,
    Math.log(p.rShRef),
    Math.log(p.rSh0 ?? p.rShRef),
    p.muGamma ?? 0,
    p.alphaSc,
  ]);
}

/** Solves A·x = b (n×n, row-major) by Gaussian elimination with partial pivoting; NaN if singular. */
function solve(a: Float64Array, b: Float64Array, n: number): Float64Array {
  const m = Float64Array.from(a);
  const x = Float64Array.from(b);
  for (let c = 0; c < n; c++) {
    let piv = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r * n + c]!) > Math.abs(m[piv * n + c]!)) piv = r;
    if (piv !== c) {
      for (let k = 0; k < n; k++) {
        const t = m[c * n + k]!;
        m[c * n + k] = m[piv * n + k]!;
        m[piv * n + k] = t;
      }
      const t = x[c]!;
      x[c] = x[piv]!;
      x[piv] = t;
    }
    const d = m[c * n + c]!;
    for (let r = c + 1; r < n; r++) {
      const f = m[r * n + c]! / d;
      if (f === 0) continue;
      for (let k = c; k < n; k++) m[r * n + k]! -= f * m[c * n + k]!;
      x[r]! -= f * x[c]!;
    }
  }
  for (let r = n - 1; r >= 0; r--) {
    let s = x[r]!;
    for (let k = r + 1; k < n; k++) s -= m[r * n + k]! * x[k]!;
    x[r] = s / m[r * n + r]!;
  }
  return x;
}

/**
 * Levenberg–Marquardt on residuals r(θ): steps δ = −(JᵀJ + λ·diag(JᵀJ))⁻¹·Jᵀr, λ divided by 3 after
 * a successful step and multiplied by 4 otherwise; stops when the relative decrease of the sum of
 * squares is below 1e-14 or λ exceeds 1e12.
 */
function levenberg(
  res: (th: Float64Array, out: Float64Array) => boolean,
  th0: Float64Array,
  m: number,
  maxIt: number,
  valid: (th: Float64Array) => boolean,
): { th: Float64Array; ss: number; iterations: number } {
  let th = Float64Array.from(th0);
  const r = new Float64Array(m);
  const rt = new Float64Array(m);
  const jac = new Float64Array(m * N);
  const ss = (v: Float64Array) => v.reduce((s, x) => s + x * x, 0);
  if (!res(th, r)) throw new RangeError('IV fit: the starting model cannot be evaluated');
  let s0 = ss(r);
  let lambda = 1e-3;
  let it = 0;
  for (; it < maxIt; it++) {
    for (let k = 0; k < N; k++) {
      const h = 1e-7 * Math.max(Math.abs(th[k]!), k === 6 ? 1e-4 : k === 7 ? 1e-4 : 1e-2);
      const tk = Float64Array.from(th);
      tk[k]! += h;
      if (!res(tk, rt)) rt.set(r);
      for (let i = 0; i < m; i++) jac[i * N + k] = (rt[i]! - r[i]!) / h;
    }
    const jtj = new Float64Array(N * N);
    const jtr = new Float64Array(N);
    for (let i = 0; i < m; i++)
      for (let a = 0; a < N; a++) {
        const ja = jac[i * N + a]!;
        if (ja === 0) continue;
        jtr[a]! += ja * r[i]!;
        for (let b = 0; b < N; b++) jtj[a * N + b]! += ja * jac[i * N + b]!;
      }
    let improved = false;
    while (lambda < 1e12) {
      const aug = Float64Array.from(jtj);
      for (let a = 0; a < N; a++) aug[a * N + a] = jtj[a * N + a]! * (1 + lambda) + 1e-30;
      const delta = solve(
        aug,
        jtr.map((x) => -x),
        N,
      );
      const trial = th.map((x, k) => x + delta[k]!);
      if (delta.every(Number.isFinite) && valid(trial) && res(trial, rt)) {
        const s1 = ss(rt);
        if (s1 < s0) {
          const rel = (s0 - s1) / Math.max(s0, 1e-300);
          th = trial;
          r.set(rt);
          s0 = s1;
          lambda = Math.max(1e-12, lambda / 3);
          improved = true;
          if (rel < 1e-14) return { th, ss: s0, iterations: it + 1 };
          break;
        }
      }
      lambda *= 4;
    }
    if (!improved) break;
  }
  return { th, ss: s0, iterations: it };
}

const validTheta = (th: Float64Array) =>
  th[0]! > 0 && th[2]! > 0.05 && th[2]! < 10 && th[3]! >= 0 && Math.abs(th[6]!) < 0.05;

/** Start of a fit from key points: the default generator at the point nearest STC. */
function start(rows: readonly KeyIvRow[], o: IvFitOptions): PvsystParams {
  let best = rows[0]!;
  for (const r of rows)
    if (
      Math.abs(r.irradiance - 1000) + 10 * Math.abs(r.temperature - 25) <
      Math.abs(best.irradiance - 1000) + 10 * Math.abs(best.temperature - 25)
    )
      best = r;
  const s = 1000 / best.irradiance;
  // temperature coefficients from rows at the same irradiance as the best one, when they span T
  const same = rows.filter(
    (r) => Math.abs(r.irradiance - best.irradiance) < 1 && Math.abs(r.temperature - best.temperature) > 2,
  );
  let alphaIscPct: number | undefined;
  let gammaPmpPct: number | undefined;
  if (same.length > 0) {
    const r = same.reduce((a, b) => (Math.abs(b.temperature - 25) < Math.abs(a.temperature - 25) ? b : a));
    const dt = r.temperature - best.temperature;
    alphaIscPct = (100 * (r.isc / best.isc - 1)) / dt;
    gammaPmpPct = (100 * ((r.imp * r.vmp) / (best.imp * best.vmp) - 1)) / dt;
  }
  return generateSingleDiodeDefault({
    isc: best.isc * s,
    voc: best.voc,
    imp: best.imp * s,
    vmp: best.vmp,
    cellsInSeries: o.cellsInSeries,
    ...(o.cellTechnologyType !== undefined ? { cellTechnologyType: o.cellTechnologyType } : {}),
    ...(alphaIscPct !== undefined && Number.isFinite(alphaIscPct) ? { alphaIscPct } : {}),
    ...(gammaPmpPct !== undefined && Number.isFinite(gammaPmpPct) ? { gammaPmpPct } : {}),
    ...(o.d2MuTau !== undefined ? { d2MuTau: o.d2MuTau } : {}),
    ...(o.builtInVoltage !== undefined ? { builtInVoltage: o.builtInVoltage } : {}),
  }).params;
}

function checkRows(rows: readonly KeyIvRow[]): void {
  if (rows.length === 0) throw new RangeError('IV fit: no measurements');
  for (const r of rows) {
    const ok = [r.irradiance, r.isc, r.voc, r.imp, r.vmp].every((x) => Number.isFinite(x) && x > 0);
    if (!ok || !Number.isFinite(r.temperature) || !(r.imp < r.isc && r.vmp < r.voc))
      throw new RangeError(`IV fit: impossible key points at ${r.irradiance} W/m², ${r.temperature} °C`);
  }
}

function finishFit(
  p: PvsystParams,
  rows: readonly KeyIvRow[],
  ss: number,
  m: number,
  iterations: number,
): IvFit {
  const maxError = { pmp: 0, voc: 0, isc: 0 };
  for (const r of rows) {
    const k = moduleMpp(
      { effectiveIrradiance: r.irradiance, tempCell: r.temperature },
      { model: 'pvsyst', ...p },
    );
    maxError.pmp = Math.max(maxError.pmp, Math.abs(k.pmp / (r.imp * r.vmp) - 1));
    maxError.voc = Math.max(maxError.voc, Math.abs(k.voc / r.voc - 1));
    maxError.isc = Math.max(maxError.isc, Math.abs(k.isc / r.isc - 1));
  }
  const ref = moduleMpp({ effectiveIrradiance: 1000, tempCell: 25 }, { model: 'pvsyst', ...p });
  const record: SingleDiodeRecord = {
    numberOfCellsInSeries: p.cellsInSeries,
    referenceIrradiance: 1000,
    referenceTemperature: 25,
    pvModel: (p.pvModel === 0 ? 0 : 1) as 0 | 1,
    shortCircuitCurrentAtSTC: ref.isc,
    saturationCurrentAtSTC: p.iORef,
    seriesResistanceAtSTC: p.rS,
    shuntResistanceAtSTC: p.rShRef,
    darkShuntResistance: p.rSh0 ?? p.rShRef,
    exponentialDependencyOnShuntResistance: p.rShExp ?? 5.5,
    diodeIdealityFactorAtSTC: p.gammaRef,
    linearTempDependenceOnGamma: p.muGamma ?? 0,
    linearTempDependenceOnIsc: (100 * p.alphaSc) / ref.isc,
    bandgapVoltage: p.egRef ?? 1.12,
    recombinationParameter: p.d2MuTau ?? 0,
    builtInVoltage: p.builtInVoltage ?? 0.9,
  };
  return {
    params: p,
    record,
    reference: ref,
    tempCoefficients: pvsystTempCoefficients(p),
    errors: { pmp: 0, voc: 0, isc: 0, vmp: 0, imp: 0 },
    warnings:
      maxError.pmp > 0.01
        ? [`Pmp of the measurements reproduced within ${(100 * maxError.pmp).toFixed(1)} % only`]
        : [],
    rms: Math.sqrt(ss / Math.max(1, m)),
    maxError,
    iterations,
  };
}

/**
 * Fits the PVsyst-form parameters to key IV points (`ProcessKeyIVPoints`): residuals are the
 * relative errors of Isc, Voc, Pmp and Vmp at each row's irradiance and temperature.
 * @param rows key points, at least one (several irradiances and temperatures constrain all unknowns)
 * @param o cells in series, technology, fixed recombination values
 * @returns the fitted model (with `record` in spec 3 names) and its errors on the rows
 * @throws RangeError for impossible rows
 */
export function fitKeyIvPoints(rows: readonly KeyIvRow[], o: IvFitOptions): IvFit {
  checkRows(rows);
  const m = 4 * rows.length;
  const res = (th: Float64Array, out: Float64Array): boolean => {
    const p = toParams(th, o);
    for (let j = 0; j < rows.length; j++) {
      const r = rows[j]!;
      const k = moduleMpp(
        { effectiveIrradiance: r.irradiance, tempCell: r.temperature },
        { model: 'pvsyst', ...p },
      );
      out[4 * j] = k.isc / r.isc - 1;
      out[4 * j + 1] = k.voc / r.voc - 1;
      out[4 * j + 2] = k.pmp / (r.imp * r.vmp) - 1;
      out[4 * j + 3] = k.vmp / r.vmp - 1;
    }
    return out.every(Number.isFinite);
  };
  const fit = levenberg(res, fromParams(start(rows, o)), m, o.maxIterations ?? 200, validTheta);
  return finishFit(toParams(fit.th, o), rows, fit.ss, m, fit.iterations);
}

/**
 * Fits the PVsyst-form parameters to full IV curves (`ProcessIVCurves`): residuals are the current
 * errors at each measured voltage, divided by the curve's Isc (points with V < 0 or I < 0 are left
 * out, and at most 200 points per curve are used, evenly picked).
 * @param curves measured curves, voltages ascending
 * @param o cells in series, technology, fixed recombination values
 * @returns the fitted model and its errors on the curves' key points
 * @throws RangeError for curves with fewer than 3 usable points
 */
export function fitIvCurves(curves: readonly IvCurveRows[], o: IvFitOptions): IvFit {
  if (curves.length === 0) throw new RangeError('IV fit: no curves');
  const used = curves.map((c) => {
    const idx: number[] = [];
    for (let k = 0; k < Math.min(c.voltage.length, c.current.length); k++)
      if (
        c.voltage[k]! >= 0 &&
        c.current[k]! >= 0 &&
        Number.isFinite(c.voltage[k]!) &&
        Number.isFinite(c.current[k]!)
      )
        idx.push(k);
    if (idx.length < 3)
      throw new RangeError(
        `IV fit: the curve at ${c.irradiance} W/m², ${c.temperature} °C has fewer than 3 points`,
      );
    const step = Math.max(1, Math.ceil(idx.length / 200));
    const pick = idx.filter((_, j) => j % step === 0);
    return { c, v: pick.map((k) => c.voltage[k]!), i: pick.map((k) => c.current[k]!) };
  });
  const rows: KeyIvRow[] = used.map(({ c }) => ({
    irradiance: c.irradiance,
    temperature: c.temperature,
    ...keyPointsFromCurve(c.voltage, c.current),
  }));
  checkRows(rows);
  const m = used.reduce((s, u) => s + u.v.length, 0);
  const res = (th: Float64Array, out: Float64Array): boolean => {
    const p = toParams(th, o);
    let j = 0;
    for (let n = 0; n < used.length; n++) {
      const u = used[n]!;
      const sd = calcparamsPvsyst({ effectiveIrradiance: u.c.irradiance, tempCell: u.c.temperature }, p);
      const isc = rows[n]!.isc;
      for (let k = 0; k < u.v.length; k++)
        out[j++] = (singleDiodeCurrent({ voltage: u.v[k]! }, sd) - u.i[k]!) / isc;
    }
    return out.every(Number.isFinite);
  };
  const fit = levenberg(res, fromParams(start(rows, o)), m, o.maxIterations ?? 200, validTheta);
  return finishFit(toParams(fit.th, o), rows, fit.ss, m, fit.iterations);
}
