/**
 * Module generator: the reference parameters of the PVsyst-form single-diode model from datasheet
 * values (Isc, Voc, Imp, Vmp at STC, cells in series, temperature coefficients), by default or with
 * some parameters fixed by the user (spec 2 §7.8 `Generator/GenerateSingleDiodeParametersDefault`
 * and `…Advanced`).
 *
 * Method (PVsyst documentation, "PV module – Standard one-diode model" and "Parameters
 * determination"; Mermoud & Lejeune 2010): with Rsh,ref (and Rsh(0), its exponent) set, the
 * equation at short circuit and at open circuit gives Iph,ref and I0,ref for any (Rs, γ)
 * (`pvsystReference`); γ is then the value for which the curve passes through (Vmp, Imp), and Rs the
 * value for which that point is the maximum power point (dP/dV = 0), so Isc, Voc, Imp, Vmp and Pmp
 * are all reproduced. This is the reference-condition part of De Soto et al. (2006), whose five
 * equations (Isc, Voc, MPP on the curve, dP/dV = 0, temperature coefficient) fix five unknowns.
 * With Rs fixed by the user, γ is chosen so that the model's maximum power equals Imp·Vmp; with γ
 * fixed, Rs so. The temperature coefficient of γ (μγ) is chosen so that the model's dPmp/dT at the
 * reference equals the datasheet's γPmp (PVsyst's use of μγ), and μIsc = αIsc·Isc.
 *
 * @see A. Mermoud, T. Lejeune, "Performance assessment of a simulation model for PV modules of any
 *      available technology," 25th EU PVSEC, Valencia (2010)
 * @see W. De Soto, S. A. Klein, W. A. Beckman, "Improvement and validation of a model for
 *      photovoltaic array performance," Solar Energy 80 (2006) 78–88, doi:10.1016/j.solener.2005.06.010
 */
import { BOLTZMANN_EV, KELVIN } from '../module/desoto.ts';
import { moduleMpp } from '../module/moduleModel.ts';
import { pvsystReference, type PvsystParams } from '../module/pvsyst.ts';
import type { SingleDiodeResult } from '../module/singleDiode.ts';

/** Datasheet values of a module at reference conditions (STC by default). */
export interface Datasheet {
  /** short-circuit current [A] */
  isc: number;
  /** open-circuit voltage [V] */
  voc: number;
  /** current and voltage at the maximum power point [A], [V] */
  imp: number;
  vmp: number;
  /** cells in series Ns [-] */
  cellsInSeries: number;
  /** temperature coefficient of Isc αIsc [%/K]; 0.05 by default */
  alphaIscPct?: number;
  /** temperature coefficient of Voc βVoc [%/K] (reported back, not fitted: the model's follows from Eg, γ, μγ) */
  betaVocPct?: number;
  /** temperature coefficient of Pmp γPmp [%/K]; μγ = 0 when absent */
  gammaPmpPct?: number;
  /** spec 3 CellTechnologyTypeEnum (6 CdTe, 7 CIGS, others c-Si); 1 by default */
  cellTechnologyType?: number;
  /** reference irradiance [W/m²], default 1000, and cell temperature [°C], default 25 */
  irradianceRef?: number;
  tempRef?: number;
  /** band gap [eV]; by technology by default (1.12 c-Si, 1.5 CdTe, 1.03 CIGS) */
  bandgap?: number;
  /** recombination parameter d²/μτ of the module [V] (pvModel 0); 0 by default */
  d2MuTau?: number;
  /** built-in voltage per cell [V]; 0.9 by default */
  builtInVoltage?: number;
}

/** Parameters the user may fix in the advanced generator (spec 3 names in brackets). */
export interface FixedParameters {
  /** `seriesResistanceAtSTC` [Ω] */
  rS?: number;
  /** `shuntResistanceAtSTC` [Ω] */
  rShRef?: number;
  /** `darkShuntResistance` [Ω] */
  rSh0?: number;
  /** `exponentialDependencyOnShuntResistance` [-] */
  rShExp?: number;
  /** `diodeIdealityFactorAtSTC` [-] */
  gammaRef?: number;
  /** `linearTempDependenceOnGamma` [1/K] */
  muGamma?: number;
}

/** The single-diode fields of a spec 3 Module the generator fills. */
export interface SingleDiodeRecord {
  pvModel: 0 | 1;
  numberOfCellsInSeries: number;
  referenceIrradiance: number;
  referenceTemperature: number;
  shortCircuitCurrentAtSTC: number;
  saturationCurrentAtSTC: number;
  seriesResistanceAtSTC: number;
  shuntResistanceAtSTC: number;
  darkShuntResistance: number;
  exponentialDependencyOnShuntResistance: number;
  diodeIdealityFactorAtSTC: number;
  linearTempDependenceOnGamma: number;
  /** [%/K] */
  linearTempDependenceOnIsc: number;
  bandgapVoltage: number;
  recombinationParameter: number;
  builtInVoltage: number;
}

/** Result of a generator fit. */
export interface SingleDiodeFit {
  /** parameters for `calcparamsPvsyst` / `moduleMpp` */
  params: PvsystParams;
  /** the same in spec 3 Module names */
  record: SingleDiodeRecord;
  /** the model's key points at the reference conditions */
  reference: SingleDiodeResult;
  /** the model's temperature coefficients at the reference [%/K] */
  tempCoefficients: { pmp: number; voc: number; isc: number };
  /** relative errors of the model against the datasheet (model/datasheet − 1) [-] */
  errors: { pmp: number; voc: number; isc: number; vmp: number; imp: number };
  /** what could not be met (empty when all datasheet values are reproduced) */
  warnings: string[];
}

/** Band gap by CellTechnologyTypeEnum [eV] (spec 1 §3 defaults): CdTe 1.5, CIGS 1.03, else 1.12. */
export function bandgapOfTechnology(cellTechnologyType: number | undefined): number {
  return cellTechnologyType === 6 ? 1.5 : cellTechnologyType === 7 ? 1.03 : 1.12;
}

/**
 * Default shunt resistances by technology (a product rule [inf], sized on PVsyst files: c-Si
 * Rsh,ref ≈ 80·Voc/Isc with Rsh(0) = 4·Rsh,ref, e.g. 285 Ω / 1140 Ω for a 49.9 V, 14 A module whose
 * PAN file gives 300 / 2000 Ω; CdTe Rsh,ref = 150·Voc/Isc, Rsh(0) = 1.05·Rsh,ref, as First Solar's
 * 11 500 / 12 000 Ω; CIGS 100·Voc/Isc and 4×). Exponent 5.5 (PVsyst's default).
 * @returns Rsh,ref [Ω], Rsh(0) [Ω], exponent [-]
 */
export function defaultShuntResistance(d: { isc: number; voc: number; cellTechnologyType?: number }): {
  rShRef: number;
  rSh0: number;
  rShExp: number;
} {
  const r = d.voc / d.isc;
  const t = d.cellTechnologyType;
  if (t === 6) return { rShRef: 150 * r, rSh0: 157.5 * r, rShExp: 5.5 };
  if (t === 7) return { rShRef: 100 * r, rSh0: 400 * r, rShExp: 5.5 };
  return { rShRef: 80 * r, rSh0: 320 * r, rShExp: 5.5 };
}

/** Resolved constants of one fit. */
export interface Ctx {
  isc: number;
  voc: number;
  imp: number;
  vmp: number;
  ns: number;
  tRef: number;
  vt: number;
  dmt: number;
  vbi: number;
  rShRef: number;
}

/** Iph, I0 for (Rs, γ) from Isc and Voc; the residual of I(Vmp) = Imp; and dP/dV at (Vmp, Imp). */
function residuals(c: Ctx, rs: number, gamma: number): { iph: number; i0: number; fI: number; dP: number } {
  const { iLRef: iph, iORef: i0 } = pvsystReference({
    isc: c.isc,
    voc: c.voc,
    rS: rs,
    rShRef: c.rShRef,
    gammaRef: gamma,
    cellsInSeries: c.ns,
    d2MuTau: c.dmt,
    builtInVoltage: c.vbi,
    tempRef: c.tRef,
  });
  const a = c.ns * gamma * c.vt;
  const vd = c.vmp + c.imp * rs;
  const e = i0 * Math.exp(vd / a);
  const gsh = 1 / c.rShRef;
  const vbiM = c.ns * c.vbi;
  const rec = c.dmt > 0 ? (iph * c.dmt) / (vbiM - vd) : 0;
  const drec = c.dmt > 0 ? (iph * c.dmt) / ((vbiM - vd) * (vbiM - vd)) : 0;
  const fI = iph - (e - i0) - vd * gsh - rec - c.imp;
  const gd = e / a + gsh + drec;
  const didv = -gd / (1 + rs * gd);
  return { iph, i0, fI, dP: c.imp + c.vmp * didv };
}

/**
 * Root of f on [lo, hi] by the Illinois variant of regula falsi (bracketing, superlinear); NaN
 * without a sign change or when f is not finite inside.
 */
export function bracketRoot(f: (x: number) => number, lo: number, hi: number, tol: number): number {
  let a = lo;
  let b = hi;
  let fa = f(a);
  let fb = f(b);
  if (fa === 0) return a;
  if (fb === 0) return b;
  if (!(fa * fb < 0)) return Number.NaN;
  let side = 0;
  let prev = Number.NaN;
  for (let k = 0; k < 200; k++) {
    let c = (a * fb - b * fa) / (fb - fa);
    if (!(c > Math.min(a, b) && c < Math.max(a, b))) c = 0.5 * (a + b);
    const fc = f(c);
    if (!Number.isFinite(fc)) return Number.NaN;
    if (fc === 0 || Math.abs(b - a) < tol || Math.abs(c - prev) < tol) return c;
    prev = c;
    if (fc * fb > 0) {
      b = c;
      fb = fc;
      if (side === -1) fa /= 2;
      side = -1;
    } else {
      a = c;
      fa = fc;
      if (side === 1) fb /= 2;
      side = 1;
    }
  }
  return 0.5 * (a + b);
}
const root = bracketRoot;

/**
 * γ bracket [-]: wide, so that lists whose cell count is wrong (γ·Ns still right) can be fitted.
 */
const GAMMA_LO = 0.05;
const GAMMA_HI = 5;

/** γ for which the curve passes through (Vmp, Imp), at a given Rs. */
function gammaThroughMpp(c: Ctx, rs: number): number {
  return root((g) => residuals(c, rs, g).fI, GAMMA_LO, GAMMA_HI, 1e-12);
}

/** The model's parameters from Rs, γ and the rest. */
function buildParams(
  c: Ctx,
  d: Datasheet,
  rs: number,
  gamma: number,
  sh: { rShRef: number; rSh0: number; rShExp: number },
  muGamma: number,
): PvsystParams {
  const { iLRef, iORef } = pvsystReference({
    isc: c.isc,
    voc: c.voc,
    rS: rs,
    rShRef: sh.rShRef,
    gammaRef: gamma,
    cellsInSeries: c.ns,
    d2MuTau: c.dmt,
    builtInVoltage: c.vbi,
    tempRef: c.tRef,
  });
  return {
    pvModel: c.dmt > 0 ? 0 : 1,
    cellsInSeries: c.ns,
    gammaRef: gamma,
    muGamma,
    iLRef,
    iORef,
    rS: rs,
    rShRef: sh.rShRef,
    rSh0: sh.rSh0,
    rShExp: sh.rShExp,
    alphaSc: ((d.alphaIscPct ?? 0.05) / 100) * d.isc,
    egRef: d.bandgap ?? bandgapOfTechnology(d.cellTechnologyType),
    d2MuTau: c.dmt,
    builtInVoltage: c.vbi,
    irradianceRef: d.irradianceRef ?? 1000,
    tempRef: c.tRef,
  };
}

/** Maximum power of the model at the reference conditions [W]. */
function pmpAtRef(p: PvsystParams): number {
  return moduleMpp(
    { effectiveIrradiance: p.irradianceRef ?? 1000, tempCell: p.tempRef ?? 25 },
    { model: 'pvsyst', ...p },
  ).pmp;
}

/**
 * Temperature coefficients of a PVsyst-form model at its reference irradiance: central differences
 * over ±5 K around the reference temperature.
 * @param p reference parameters
 * @returns dPmp/dT, dVoc/dT, dIsc/dT relative to the reference values [%/K]
 */
export function pvsystTempCoefficients(p: PvsystParams): { pmp: number; voc: number; isc: number } {
  const g = p.irradianceRef ?? 1000;
  const t = p.tempRef ?? 25;
  const m = { model: 'pvsyst' as const, ...p };
  const r0 = moduleMpp({ effectiveIrradiance: g, tempCell: t }, m);
  const hi = moduleMpp({ effectiveIrradiance: g, tempCell: t + 5 }, m);
  const lo = moduleMpp({ effectiveIrradiance: g, tempCell: t - 5 }, m);
  return {
    pmp: (100 * (hi.pmp - lo.pmp)) / (10 * r0.pmp),
    voc: (100 * (hi.voc - lo.voc)) / (10 * r0.voc),
    isc: (100 * (hi.isc - lo.isc)) / (10 * r0.isc),
  };
}

/**
 * μγ for which the model's dPmp/dT equals a target, by the secant method (the coefficient is nearly
 * linear in μγ); 0 when no target is given.
 * @param p parameters (μγ is replaced)
 * @param gammaPmpPct target [%/K]
 * @returns μγ [1/K]
 */
export function fitMuGamma(p: PvsystParams, gammaPmpPct: number | undefined): number {
  if (gammaPmpPct === undefined || !Number.isFinite(gammaPmpPct)) return p.muGamma ?? 0;
  const c = (mu: number) => pvsystTempCoefficients({ ...p, muGamma: mu }).pmp - gammaPmpPct;
  let x0 = 0;
  let x1 = -5e-4;
  let f0 = c(x0);
  let f1 = c(x1);
  for (let k = 0; k < 8 && Math.abs(f1) > 1e-6 && f1 !== f0; k++) {
    const x2 = x1 - (f1 * (x1 - x0)) / (f1 - f0);
    x0 = x1;
    f0 = f1;
    x1 = Math.max(-0.01, Math.min(0.01, x2));
    f1 = c(x1);
  }
  return Number.isFinite(x1) ? x1 : 0;
}

function check(d: Datasheet): void {
  const ok = (x: number) => Number.isFinite(x) && x > 0;
  if (!(ok(d.isc) && ok(d.voc) && ok(d.imp) && ok(d.vmp) && ok(d.cellsInSeries)))
    throw new RangeError('generator: Isc, Voc, Imp, Vmp and cells in series must be positive numbers');
  if (!(d.imp < d.isc && d.vmp < d.voc))
    throw new RangeError('generator: Imp must be below Isc and Vmp below Voc');
}

function finish(p: PvsystParams, d: Datasheet, warnings: string[]): SingleDiodeFit {
  const reference = moduleMpp(
    { effectiveIrradiance: p.irradianceRef ?? 1000, tempCell: p.tempRef ?? 25 },
    { model: 'pvsyst', ...p },
  );
  const errors = {
    pmp: reference.pmp / (d.imp * d.vmp) - 1,
    voc: reference.voc / d.voc - 1,
    isc: reference.isc / d.isc - 1,
    vmp: reference.vmp / d.vmp - 1,
    imp: reference.imp / d.imp - 1,
  };
  if (Math.abs(errors.pmp) > 1e-3)
    warnings.push(`Pmp reproduced within ${(100 * errors.pmp).toFixed(2)} % only`);
  const record: SingleDiodeRecord = {
    pvModel: p.pvModel === 0 ? 0 : 1,
    numberOfCellsInSeries: p.cellsInSeries,
    referenceIrradiance: p.irradianceRef ?? 1000,
    referenceTemperature: p.tempRef ?? 25,
    shortCircuitCurrentAtSTC: d.isc,
    saturationCurrentAtSTC: p.iORef,
    seriesResistanceAtSTC: p.rS,
    shuntResistanceAtSTC: p.rShRef,
    darkShuntResistance: p.rSh0 ?? p.rShRef,
    exponentialDependencyOnShuntResistance: p.rShExp ?? 5.5,
    diodeIdealityFactorAtSTC: p.gammaRef,
    linearTempDependenceOnGamma: p.muGamma ?? 0,
    linearTempDependenceOnIsc: (100 * p.alphaSc) / d.isc,
    bandgapVoltage: p.egRef ?? 1.12,
    recombinationParameter: p.d2MuTau ?? 0,
    builtInVoltage: p.builtInVoltage ?? 0.9,
  };
  return { params: p, record, reference, tempCoefficients: pvsystTempCoefficients(p), errors, warnings };
}

export function context(d: Datasheet, rShRef: number): Ctx {
  const tRef = d.tempRef ?? 25;
  return {
    isc: d.isc,
    voc: d.voc,
    imp: d.imp,
    vmp: d.vmp,
    ns: d.cellsInSeries,
    tRef,
    vt: BOLTZMANN_EV * (tRef + KELVIN),
    dmt: d.d2MuTau ?? 0,
    vbi: d.builtInVoltage ?? 0.9,
    rShRef,
  };
}

/**
 * Rs and γ that reproduce Isc, Voc and the maximum power point (Vmp, Imp) exactly, for a set shunt
 * resistance: γ(Rs) puts (Vmp, Imp) on the curve, and Rs makes dP/dV vanish there (scan of
 * [0, (Voc − Vmp)/Imp] for a sign change, then regula falsi).
 * @returns Rs [Ω] and γ [-], or NaN when the datasheet point cannot be the maximum of any curve
 */
export function solveRsGamma(c: Ctx): { rs: number; gamma: number } {
  const rsMax = (c.voc - c.vmp) / c.imp;
  const dP = (rs: number) => {
    const g = gammaThroughMpp(c, rs);
    return Number.isFinite(g) ? residuals(c, rs, g).dP : Number.NaN;
  };
  const n = 24;
  let prevX = 0;
  let prevF = dP(0);
  for (let k = 1; k <= n; k++) {
    const x = (rsMax * k) / n;
    const f = dP(x);
    if (Number.isFinite(prevF) && Number.isFinite(f) && prevF * f <= 0) {
      const rs = root(dP, prevX, x, 1e-12 * rsMax);
      return { rs, gamma: gammaThroughMpp(c, rs) };
    }
    prevX = x;
    prevF = f;
  }
  return { rs: Number.NaN, gamma: Number.NaN };
}

/** γ at a fixed Rs so that the model's Pmp equals Imp·Vmp (Pmp falls as γ rises). */
function gammaForPmp(
  c: Ctx,
  d: Datasheet,
  rs: number,
  sh: { rShRef: number; rSh0: number; rShExp: number },
): number {
  const target = d.imp * d.vmp;
  return root((g) => pmpAtRef(buildParams(c, d, rs, g, sh, 0)) - target, GAMMA_LO, GAMMA_HI, 1e-10);
}

/** Rs at a fixed γ so that the model's Pmp equals Imp·Vmp (Pmp falls as Rs rises). */
function rsForPmp(
  c: Ctx,
  d: Datasheet,
  gamma: number,
  sh: { rShRef: number; rSh0: number; rShExp: number },
): number {
  const target = d.imp * d.vmp;
  const rsMax = (d.voc - d.vmp) / d.imp;
  return root((rs) => pmpAtRef(buildParams(c, d, rs, gamma, sh, 0)) - target, 0, rsMax, 1e-12 * rsMax);
}

/**
 * Default generator (`GenerateSingleDiodeParametersDefault`): shunt resistances from the technology
 * ({@link defaultShuntResistance}), Rs and γ solved so that Isc, Voc, Imp, Vmp (and so Pmp) are
 * reproduced, μγ so that γPmp is, μIsc = αIsc·Isc, Eg by technology. When no (Rs ≥ 0, γ) can make
 * the datasheet point a maximum, Rs = 0 and γ reproduces Pmp (a warning says so).
 * @param d datasheet values
 * @returns the fit, with the model's key points and errors
 * @throws RangeError for impossible datasheet values
 */
export function generateSingleDiodeDefault(d: Datasheet): SingleDiodeFit {
  return generateSingleDiodeAdvanced(d, {});
}

/**
 * Advanced generator (`GenerateSingleDiodeParametersAdvanced`): the user fixes any of Rs, Rsh,ref,
 * Rsh(0), the Rsh exponent, γ and μγ; the rest is solved. Rsh values not given come from the
 * technology. Rs and γ both free: both solved as in {@link generateSingleDiodeDefault}; Rs fixed: γ
 * so that Pmp = Imp·Vmp; γ fixed: Rs so; both fixed: only Iph and I0 (Isc and Voc exact, Pmp as it
 * falls). μγ fixed or fitted to γPmp.
 * @param d datasheet values
 * @param fixed the parameters the user set
 * @returns the fit
 * @throws RangeError for impossible datasheet values
 */
export function generateSingleDiodeAdvanced(d: Datasheet, fixed: FixedParameters): SingleDiodeFit {
  check(d);
  const def = defaultShuntResistance(d);
  const rShRef = fixed.rShRef ?? def.rShRef;
  const sh = {
    rShRef,
    rSh0: fixed.rSh0 ?? (fixed.rShRef !== undefined ? (def.rSh0 / def.rShRef) * rShRef : def.rSh0),
    rShExp: fixed.rShExp ?? def.rShExp,
  };
  const c = context(d, rShRef);
  const warnings: string[] = [];
  let rs: number;
  let gamma: number;
  if (fixed.rS !== undefined && fixed.gammaRef !== undefined) {
    rs = fixed.rS;
    gamma = fixed.gammaRef;
  } else if (fixed.rS !== undefined) {
    rs = fixed.rS;
    gamma = gammaForPmp(c, d, rs, sh);
    if (!Number.isFinite(gamma)) {
      warnings.push('no diode ideality factor reproduces Pmp with this series resistance');
      gamma = gammaThroughMpp(c, rs);
    }
  } else if (fixed.gammaRef !== undefined) {
    gamma = fixed.gammaRef;
    rs = rsForPmp(c, d, gamma, sh);
    if (!Number.isFinite(rs)) {
      warnings.push('no series resistance reproduces Pmp with this diode ideality factor');
      rs = 0;
    }
  } else {
    ({ rs, gamma } = solveRsGamma(c));
    if (!Number.isFinite(rs)) {
      warnings.push('the maximum power point cannot be reproduced exactly; Rs set to 0');
      rs = 0;
      gamma = gammaForPmp(c, d, 0, sh);
    }
  }
  if (!Number.isFinite(gamma))
    throw new RangeError('generator: no single-diode model fits these datasheet values');
  const base = buildParams(c, d, rs, gamma, sh, 0);
  const muGamma = fixed.muGamma ?? fitMuGamma(base, d.gammaPmpPct);
  return finish({ ...base, muGamma }, d, warnings);
}
