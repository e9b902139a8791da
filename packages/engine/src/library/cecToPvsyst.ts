/**
 * The PVsyst-form single-diode parameters (spec 3 `Module` fields) of a CEC list module, so that a
 * library module may run with either model: the CEC six-parameter model it was fitted with, or the
 * PVsyst model of the product's 1-diode tab.
 *
 * At the reference conditions both models solve the same single-diode equation, so the CEC fit's
 * Rs, Rsh,ref and modified ideality factor carry over (γ = a_ref/(Ns·k·Tref/q)); Iph,ref and I0,ref
 * are recomputed from the list's Isc and Voc (`pvsystReference`, exact) and, when the CEC fit misses
 * the list's Pmp by more than 0.02 %, γ is re-solved at that Rs so that Pmp = Imp·Vmp, and when that
 * fails (a few entries whose CEC fit misses the list's own Isc by percents), Rs and γ are solved
 * anew from the ratings as the module generator does (`solveRsGamma`). The models
 * differ away from the reference: De Soto's Rsh ∝ 1/G and I0 ∝ T³·exp(Eg(T)/kT) against PVsyst's
 * exponential Rsh(G) and I0 ∝ T³·exp(q·Eg/(γk)·…). Two PVsyst parameters are therefore fitted to the
 * CEC model's behaviour: Rsh(0) (exponent 5.5) so that the relative efficiency at 200 W/m² and 25 °C
 * equals the CEC model's, and μγ so that dPmp/dT equals the list's γPmp (else the CEC model's).
 *
 * @see W. De Soto, S. A. Klein, W. A. Beckman, Solar Energy 80 (2006) 78–88,
 *      doi:10.1016/j.solener.2005.06.010 (CEC/De Soto model)
 * @see A. Mermoud, T. Lejeune, 25th EU PVSEC, Valencia (2010) (PVsyst model)
 */
import {
  bandgapOfTechnology,
  bracketRoot,
  context,
  fitMuGamma,
  solveRsGamma,
} from '../generator/singleDiodeFit.ts';
import { BOLTZMANN_EV, KELVIN } from '../module/desoto.ts';
import { moduleMpp } from '../module/moduleModel.ts';
import { pvsystReference, type PvsystParams } from '../module/pvsyst.ts';
import type { CecModuleRecord } from './cecCsv.ts';

/** Low irradiance at which the relative efficiency of the two models is matched [W/m²]. */
const LOW_LIGHT = 200;

/**
 * The PVsyst-form parameters of a CEC module and the spec 3 fields that hold them.
 * @param m the list's record
 * @param cellTechnologyType spec 3 CellTechnologyTypeEnum of the module (band gap: 1.121 c-Si as De
 *        Soto, 1.5 CdTe, 1.03 CIGS)
 * @returns `params` for the engine and `fields` in spec 3 names; undefined when the list's values
 *          are not usable (non-positive Isc, Voc, a_ref, …)
 */
export function cecToPvsyst(
  m: CecModuleRecord,
  cellTechnologyType: number,
): { params: PvsystParams; fields: Record<string, number> } | undefined {
  const ns = m.cellsInSeries;
  const ok = (x: number) => Number.isFinite(x) && x > 0;
  if (!(ok(ns) && ok(m.iScRef) && ok(m.vOcRef) && ok(m.aRef) && m.rS >= 0 && ok(m.rShRef))) return undefined;
  const vt = BOLTZMANN_EV * (25 + KELVIN);
  let rS = m.rS;
  const rShRef = m.rShRef;
  // c-Si keeps De Soto's 1.121 eV (the CEC model's default, which also reads `bandgapVoltage`).
  const egRef =
    cellTechnologyType === 6 || cellTechnologyType === 7 ? bandgapOfTechnology(cellTechnologyType) : 1.121;
  const build = (gammaRef: number, rSh0: number, muGamma: number): PvsystParams => {
    const ref = pvsystReference({ isc: m.iScRef, voc: m.vOcRef, rS, rShRef, gammaRef, cellsInSeries: ns });
    return {
      pvModel: 1,
      cellsInSeries: ns,
      gammaRef,
      muGamma,
      iLRef: ref.iLRef,
      iORef: ref.iORef,
      rS,
      rShRef,
      rSh0,
      rShExp: 5.5,
      alphaSc: m.alphaSc,
      egRef,
      irradianceRef: 1000,
      tempRef: 25,
    };
  };
  const pmp = (p: PvsystParams, g = 1000, t = 25) =>
    moduleMpp({ effectiveIrradiance: g, tempCell: t }, { model: 'pvsyst', ...p }).pmp;
  const target = m.iMpRef * m.vMpRef;
  let gamma = m.aRef / (ns * vt);
  const err = (g: number) => Math.abs(pmp(build(g, 4 * rShRef, 0)) / target - 1);
  let best = err(gamma);
  if (best > 2e-4) {
    // γ re-solved at the CEC Rs so that Pmp = Imp·Vmp: physical range first, then very low γ (lists
    // whose cell count is wrong).
    for (const [lo, hi] of [
      [0.3, 5],
      [0.05, 0.3],
    ] as const) {
      const g = bracketRoot((x) => pmp(build(x, 4 * rShRef, 0)) - target, lo, hi, 1e-10);
      const e = Number.isFinite(g) ? err(g) : Infinity;
      if (e < best) {
        best = e;
        gamma = g;
      }
      if (best < 2e-4) break;
    }
  }
  if (best > 1e-3) {
    // The CEC fit does not reproduce the list's own ratings (a few entries): solve Rs and γ anew.
    const sol = solveRsGamma(
      context({ isc: m.iScRef, voc: m.vOcRef, imp: m.iMpRef, vmp: m.vMpRef, cellsInSeries: ns }, rShRef),
    );
    if (Number.isFinite(sol.rs) && Number.isFinite(sol.gamma)) {
      const keep = rS;
      rS = sol.rs;
      if (err(sol.gamma) < best) gamma = sol.gamma;
      else rS = keep;
    }
  }
  // Relative efficiency of the CEC model at low light, 25 °C.
  const cec = {
    model: 'cec' as const,
    alphaSc: m.alphaSc,
    aRef: m.aRef,
    iLRef: m.iLRef,
    iORef: m.iORef,
    rS,
    rShRef,
    adjust: m.adjust,
  };
  const cecRef = moduleMpp({ effectiveIrradiance: 1000, tempCell: 25 }, cec).pmp;
  const cecLow = moduleMpp({ effectiveIrradiance: LOW_LIGHT, tempCell: 25 }, cec).pmp / cecRef;
  const rel = (rSh0: number) => {
    const q = build(gamma, rSh0, 0);
    return pmp(q, LOW_LIGHT) / pmp(q) - cecLow;
  };
  let rSh0 = bracketRoot(rel, rShRef, 50 * rShRef, 1e-4 * rShRef);
  if (!Number.isFinite(rSh0)) rSh0 = rel(rShRef) > 0 ? rShRef : 50 * rShRef;
  let p = build(gamma, rSh0, 0);
  let gammaPmp = m.gammaR;
  if (!Number.isFinite(gammaPmp)) {
    const hi = moduleMpp({ effectiveIrradiance: 1000, tempCell: 30 }, cec).pmp;
    const lo = moduleMpp({ effectiveIrradiance: 1000, tempCell: 20 }, cec).pmp;
    gammaPmp = (100 * (hi - lo)) / (10 * cecRef);
  }
  const muGamma = fitMuGamma(p, gammaPmp);
  p = { ...p, muGamma };
  return {
    params: p,
    fields: {
      shortCircuitCurrentAtSTC: m.iScRef,
      saturationCurrentAtSTC: p.iORef,
      seriesResistanceAtSTC: rS,
      shuntResistanceAtSTC: rShRef,
      darkShuntResistance: rSh0,
      exponentialDependencyOnShuntResistance: 5.5,
      diodeIdealityFactorAtSTC: gamma,
      linearTempDependenceOnGamma: muGamma,
      linearTempDependenceOnIsc: (100 * m.alphaSc) / m.iScRef,
      bandgapVoltage: egRef,
      referenceIrradiance: 1000,
      referenceTemperature: 25,
      numberOfCellsInParallel: 1,
    },
  };
}
