/**
 * The PVsyst form of the single-diode model: translation of the reference parameters to operating
 * conditions (shunt resistance rising exponentially at low light, γ varying with temperature, I0 with
 * the band gap), the recombination term of thin-film cells (pvModel 0 and 3), and the reference
 * photocurrent and saturation current that reproduce a datasheet's Isc and Voc.
 */
import { BOLTZMANN_EV, KELVIN } from './desoto.ts';
import type { SingleDiodeParams } from './singleDiode.ts';

/**
 * Reference parameters of a module in the PVsyst form (spec 3 names in brackets).
 *
 * pvModel (`pvModel`, PvModelType): 0 one diode with recombination, γ linear in temperature;
 * 1 one diode, γ linear in temperature, no recombination term; 3 one diode with recombination and γ
 * a cubic polynomial of the cell temperature ("non-linear temperature"; spec 4 lists "α_γ or
 * polynomial" as the γ inputs, and the module carries `aGamma`…`dGamma`: read here as
 * γ(Tc) = a + b·Tc + c·Tc² + d·Tc³ with Tc in °C [inf]). Without `pvModel`, 0 when d²/μτ > 0, else 1.
 */
export interface PvsystParams {
  /** PvModelType: 0, 1 or 3 */
  pvModel?: 0 | 1 | 3;
  /** cells in series Ns (`numberOfCellsInSeries`) [-] */
  cellsInSeries: number;
  /** diode ideality factor per cell at Tref, γref (`diodeIdealityFactorAtSTC`) [-] */
  gammaRef: number;
  /** linear temperature coefficient of γ, μγ (`linearTempDependenceOnGamma`) [1/K]; 0 by default */
  muGamma?: number;
  /** pvModel 3: [a, b, c, d] of γ(Tc) = a + b·Tc + c·Tc² + d·Tc³, Tc in °C (`aGamma`…`dGamma`) */
  gammaPolynomial?: readonly [number, number, number, number];
  /** photocurrent at reference conditions Iph,ref [A] (see {@link pvsystReference}) */
  iLRef: number;
  /** saturation current at reference conditions I0,ref (`saturationCurrentAtSTC`) [A] */
  iORef: number;
  /** series resistance Rs (`seriesResistanceAtSTC`) [Ω] */
  rS: number;
  /** shunt resistance at the reference irradiance Rsh,ref (`shuntResistanceAtSTC`) [Ω] */
  rShRef: number;
  /** shunt resistance in the dark Rsh(0) (`darkShuntResistance`) [Ω]; Rsh,ref (constant Rsh) by default */
  rSh0?: number;
  /** exponent of the shunt resistance's irradiance dependence (`exponentialDependencyOnShuntResistance`) [-]; 5.5 by default */
  rShExp?: number;
  /** temperature coefficient of the photocurrent μIsc (`linearTempDependenceOnIsc`) [A/K] */
  alphaSc: number;
  /** band gap Eg (`bandgapVoltage`) [eV]; 1.12 by default */
  egRef?: number;
  /** recombination parameter d²/μτ of the module (`recombinationParameter`) [V]; 0 by default */
  d2MuTau?: number;
  /** built-in voltage per cell Vbi (`builtInVoltage`) [V]; 0.9 by default */
  builtInVoltage?: number;
  /** reference irradiance Gref (`referenceIrradiance`) [W/m²]; 1000 by default */
  irradianceRef?: number;
  /** reference cell temperature Tref (`referenceTemperature`) [°C]; 25 by default */
  tempRef?: number;
}

/** @internal Constants of a module for {@link pvsystKernel}, computed once. */
export interface PvsystPrepared {
  ns: number;
  gammaRef: number;
  muGamma: number;
  poly: boolean;
  g0: number;
  g1: number;
  g2: number;
  g3: number;
  iLRef: number;
  iORef: number;
  rS: number;
  rShBase: number;
  rShSpan: number;
  rShExp: number;
  constantRsh: boolean;
  alphaSc: number;
  egRef: number;
  dmt: number;
  vbiM: number;
  sRef: number;
  tRef: number;
  tRefK: number;
}

/** Base of the shunt resistance, so that Rsh(Gref) = Rsh,ref exactly; 0 if that would be negative. */
function shuntBase(rShRef: number, rSh0: number, rShExp: number): number {
  const e = Math.exp(-rShExp);
  return Math.max(0, (rShRef - rSh0 * e) / (1 - e));
}

/** @internal Resolves the defaults and constants of a module once. */
export function preparePvsyst(p: PvsystParams): PvsystPrepared {
  const dmt = p.d2MuTau ?? 0;
  const pvModel = p.pvModel ?? (dmt > 0 ? 0 : 1);
  const rShExp = p.rShExp ?? 5.5;
  const rSh0 = p.rSh0 ?? p.rShRef;
  const constantRsh = !(rSh0 > 0) || rSh0 === p.rShRef;
  const rShBase = constantRsh ? p.rShRef : shuntBase(p.rShRef, rSh0, rShExp);
  const poly = pvModel === 3 && p.gammaPolynomial !== undefined;
  const [g0, g1, g2, g3] = p.gammaPolynomial ?? [0, 0, 0, 0];
  const rec = pvModel !== 1 && dmt > 0;
  const tRef = p.tempRef ?? 25;
  return {
    ns: p.cellsInSeries,
    gammaRef: p.gammaRef,
    muGamma: p.muGamma ?? 0,
    poly,
    g0,
    g1,
    g2,
    g3,
    iLRef: p.iLRef,
    iORef: p.iORef,
    rS: p.rS,
    rShBase,
    rShSpan: constantRsh ? 0 : rSh0 - rShBase,
    rShExp,
    constantRsh,
    alphaSc: p.alphaSc,
    egRef: p.egRef ?? 1.12,
    dmt: rec ? dmt : 0,
    vbiM: rec ? p.cellsInSeries * (p.builtInVoltage ?? 0.9) : Infinity,
    sRef: p.irradianceRef ?? 1000,
    tRef,
    tRefK: tRef + KELVIN,
  };
}

/** @internal Output slots of {@link pvsystKernel}: [iph, i0, gsh, a]. */
export const PVSYST_OUT = new Float64Array(4);

/** @internal Kernel of the PVsyst translation at (S, Tc); writes {@link PVSYST_OUT}. */
export function pvsystKernel(s: number, tempCell: number, m: PvsystPrepared): void {
  const dt = tempCell - m.tRef;
  const gamma = m.poly
    ? m.g0 + tempCell * (m.g1 + tempCell * (m.g2 + tempCell * m.g3))
    : m.gammaRef + m.muGamma * dt;
  const tk = tempCell + KELVIN;
  const tr = tk / m.tRefK;
  const ratio = s / m.sRef;
  PVSYST_OUT[0] = ratio * (m.iLRef + m.alphaSc * dt);
  PVSYST_OUT[1] =
    m.iORef * tr * tr * tr * Math.exp((m.egRef / (gamma * BOLTZMANN_EV)) * (1 / m.tRefK - 1 / tk));
  PVSYST_OUT[2] = m.constantRsh ? 1 / m.rShBase : 1 / (m.rShBase + m.rShSpan * Math.exp(-m.rShExp * ratio));
  PVSYST_OUT[3] = m.ns * gamma * BOLTZMANN_EV * tk;
}

/**
 * Shunt resistance of the PVsyst model at an irradiance.
 *
 * Rsh(G) = Rsh,base + (Rsh(0) − Rsh,base)·exp(−Rsh,exp·G/Gref),
 * Rsh,base = max[0, (Rsh,ref − Rsh(0)·e^(−Rsh,exp))/(1 − e^(−Rsh,exp))], so that Rsh(Gref) = Rsh,ref.
 *
 * @param x.effectiveIrradiance irradiance G [W/m²]
 * @param p Rsh,ref [Ω], Rsh(0) [Ω], Rsh,exp [-] (5.5 by default), Gref [W/m²]
 * @returns Rsh [Ω]
 * @see A. Mermoud, T. Lejeune, "Performance assessment of a simulation model for PV modules of any
 *      available technology," 25th EU PVSEC, Valencia (2010); PVsyst documentation, "PV module – Shunt
 *      resistance" (Sauer's exponential form)
 */
export function pvsystShuntResistance(
  x: { effectiveIrradiance: number },
  p: { rShRef: number; rSh0: number; rShExp?: number; irradianceRef?: number },
): number {
  const rShExp = p.rShExp ?? 5.5;
  const base = shuntBase(p.rShRef, p.rSh0, rShExp);
  return base + (p.rSh0 - base) * Math.exp((-rShExp * x.effectiveIrradiance) / (p.irradianceRef ?? 1000));
}

/**
 * Single-diode parameters at operating conditions, PVsyst form.
 *
 * Iph = (G/Gref)·[Iph,ref + μIsc·(Tc − Tref)]
 * γ = γref + μγ·(Tc − Tref)   (pvModel 0, 1);   γ = a + b·Tc + c·Tc² + d·Tc³   (pvModel 3)
 * a = Ns·γ·k·Tc/q
 * I0 = I0,ref·(Tc/Tref)³·exp[(q·Eg/(γ·k))·(1/Tref − 1/Tc)]
 * Rsh = Rsh,base + (Rsh(0) − Rsh,base)·exp(−Rsh,exp·G/Gref)   (see {@link pvsystShuntResistance})
 * Rs constant; recombination (pvModel 0, 3): d²/μτ and Ns·Vbi passed on, constant
 * (temperatures in kelvin inside the exponentials; k/q = 8.617333262e-5 V/K).
 *
 * @param x.effectiveIrradiance irradiance converted to photocurrent G [W/m²], > 0
 * @param x.tempCell cell temperature Tc [°C]
 * @param p reference parameters (see {@link PvsystParams})
 * @returns the parameters at (G, Tc), with the recombination term for pvModel 0 and 3
 * @see A. Mermoud, T. Lejeune, "Performance assessment of a simulation model for PV modules of any
 *      available technology," 25th EU PVSEC, Valencia (2010); J. Merten et al., "Improved equivalent
 *      circuit and analytical model for amorphous silicon solar cells and modules," IEEE Trans.
 *      Electron Devices 45 (1998) 423–429, doi:10.1109/16.658676
 */
export function calcparamsPvsyst(
  x: { effectiveIrradiance: number; tempCell: number },
  p: PvsystParams,
): SingleDiodeParams {
  const m = preparePvsyst(p);
  pvsystKernel(x.effectiveIrradiance, x.tempCell, m);
  const out: SingleDiodeParams = {
    photocurrent: PVSYST_OUT[0]!,
    saturationCurrent: PVSYST_OUT[1]!,
    resistanceSeries: m.rS,
    resistanceShunt: 1 / PVSYST_OUT[2]!,
    nNsVth: PVSYST_OUT[3]!,
  };
  if (m.dmt > 0) {
    out.d2MuTau = m.dmt;
    out.builtInVoltageModule = m.vbiM;
  }
  return out;
}

/**
 * Reference photocurrent and saturation current of the PVsyst model from a datasheet, for given Rs,
 * Rsh,ref, γref (and d²/μτ, Vbi): the equation at short circuit (0, Isc) and at open circuit
 * (Voc, 0), both linear in Iph and I0,
 *
 * Isc = Iph·[1 − (d²/μτ)/(Ns·Vbi − Isc·Rs)] − I0·[exp(Isc·Rs/a) − 1] − Isc·Rs/Rsh
 * 0   = Iph·[1 − (d²/μτ)/(Ns·Vbi − Voc)]    − I0·[exp(Voc/a) − 1]    − Voc/Rsh,   a = Ns·γ·k·Tref/q,
 *
 * solved together when Voc is given, or the first alone for Iph when I0 is given (the product's
 * module record stores I0 and Isc). This is how PVsyst determines Iph and I0 once Rs, Rsh and γ are
 * set.
 *
 * @param p Isc [A]; Voc [V] or I0 [A]; Rs, Rsh,ref [Ω]; γref, Ns [-]; d²/μτ [V]; Vbi [V]; Tref [°C]
 * @returns Iph,ref [A] and I0,ref [A]
 * @see A. Mermoud, T. Lejeune, 25th EU PVSEC (2010); PVsyst documentation, "PV module – Standard
 *      one-diode model"
 */
export function pvsystReference(p: {
  isc: number;
  voc?: number;
  i0?: number;
  rS: number;
  rShRef: number;
  gammaRef: number;
  cellsInSeries: number;
  d2MuTau?: number;
  builtInVoltage?: number;
  tempRef?: number;
}): { iLRef: number; iORef: number } {
  const a = p.cellsInSeries * p.gammaRef * BOLTZMANN_EV * ((p.tempRef ?? 25) + KELVIN);
  const dmt = p.d2MuTau ?? 0;
  const vbiM = p.cellsInSeries * (p.builtInVoltage ?? 0.9);
  const { isc, rS, rShRef } = p;
  const c1 = dmt > 0 ? 1 - dmt / (vbiM - isc * rS) : 1;
  const e1 = Math.expm1((isc * rS) / a);
  const b1 = isc * (1 + rS / rShRef);
  if (p.voc === undefined) {
    if (p.i0 === undefined) throw new Error('pvsystReference: give voc or i0');
    return { iLRef: (b1 + p.i0 * e1) / c1, iORef: p.i0 };
  }
  const voc = p.voc;
  const c2 = dmt > 0 ? 1 - dmt / (vbiM - voc) : 1;
  const e2 = Math.expm1(voc / a);
  const b2 = voc / rShRef;
  const det = e1 * c2 - c1 * e2;
  return { iLRef: (e1 * b2 - b1 * e2) / det, iORef: (c1 * b2 - c2 * b1) / det };
}
