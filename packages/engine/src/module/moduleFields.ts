/**
 * The module's electrical model from the product's module record (spec 3 `Module` field names).
 */
import { pvsystReference, type PvsystParams } from './pvsyst.ts';

/** The single-diode fields of a module record (spec 3 names; the record may hold null). */
export interface ModuleDiodeFields {
  pvModel?: number | null;
  numberOfCellsInSeries: number;
  stcShortCircuitCurrent?: number | null;
  shortCircuitCurrentAtSTC?: number | null;
  stcOpenCircuitVoltage?: number | null;
  saturationCurrentAtSTC?: number | null;
  seriesResistanceAtSTC: number;
  shuntResistanceAtSTC: number;
  darkShuntResistance?: number | null;
  exponentialDependencyOnShuntResistance?: number | null;
  diodeIdealityFactorAtSTC: number;
  linearTempDependenceOnGamma?: number | null;
  aGamma?: number | null;
  bGamma?: number | null;
  cGamma?: number | null;
  dGamma?: number | null;
  /** temperature coefficient of Isc [%/K] (the SDK copies `stcShortCircuitCurrentTempCoef` into it) */
  linearTempDependenceOnIsc?: number | null;
  stcShortCircuitCurrentTempCoef?: number | null;
  bandgapVoltage?: number | null;
  recombinationParameter?: number | null;
  builtInVoltage?: number | null;
  referenceIrradiance?: number | null;
  referenceTemperature?: number | null;
}

/**
 * Reference parameters of the PVsyst-form model from a module record.
 *
 * pvModel 0, 1 or 3 as stored (1 when absent); Rs, Rsh, Rsh(0) (Rsh when absent), exponent (5.5),
 * γ, μγ, the γ polynomial (pvModel 3), Eg (1.12 eV), d²/μτ and Vbi (0.9 V) as stored. μIsc [A/K] from
 * `linearTempDependenceOnIsc` [%/K] × Isc (the SDK fills that field from
 * `stcShortCircuitCurrentTempCoef`, in %/K). Iph,ref from Isc and the stored I0
 * (`saturationCurrentAtSTC`), or Iph,ref and I0,ref from Isc and Voc when I0 is missing
 * (`pvsystReference`).
 *
 * @param f the module record's fields
 * @returns parameters for `calcparamsPvsyst` and `moduleMppSeries`
 * @see A. Mermoud, T. Lejeune, "Performance assessment of a simulation model for PV modules of any
 *      available technology," 25th EU PVSEC, Valencia (2010)
 */
export function pvsystParamsFromModule(f: ModuleDiodeFields): PvsystParams {
  const pvModel = f.pvModel === 0 || f.pvModel === 3 ? f.pvModel : 1;
  const isc = f.shortCircuitCurrentAtSTC ?? f.stcShortCircuitCurrent;
  if (!(isc !== null && isc !== undefined && isc > 0))
    throw new Error('module: short-circuit current missing');
  const dmt = pvModel === 1 ? 0 : (f.recombinationParameter ?? 0);
  const vbi = f.builtInVoltage ?? 0.9;
  const tempRef = f.referenceTemperature ?? 25;
  const i0 = f.saturationCurrentAtSTC ?? undefined;
  const voc = f.stcOpenCircuitVoltage ?? undefined;
  const ref = pvsystReference({
    isc,
    ...(i0 !== undefined && i0 > 0 ? { i0 } : { voc }),
    rS: f.seriesResistanceAtSTC,
    rShRef: f.shuntResistanceAtSTC,
    gammaRef: f.diodeIdealityFactorAtSTC,
    cellsInSeries: f.numberOfCellsInSeries,
    d2MuTau: dmt,
    builtInVoltage: vbi,
    tempRef,
  });
  const muIscPct = f.linearTempDependenceOnIsc ?? f.stcShortCircuitCurrentTempCoef ?? 0;
  const out: PvsystParams = {
    pvModel,
    cellsInSeries: f.numberOfCellsInSeries,
    gammaRef: f.diodeIdealityFactorAtSTC,
    muGamma: f.linearTempDependenceOnGamma ?? 0,
    iLRef: ref.iLRef,
    iORef: ref.iORef,
    rS: f.seriesResistanceAtSTC,
    rShRef: f.shuntResistanceAtSTC,
    rSh0: f.darkShuntResistance ?? f.shuntResistanceAtSTC,
    rShExp: f.exponentialDependencyOnShuntResistance ?? 5.5,
    alphaSc: (muIscPct / 100) * isc,
    egRef: f.bandgapVoltage ?? 1.12,
    d2MuTau: dmt,
    builtInVoltage: vbi,
    irradianceRef: f.referenceIrradiance ?? 1000,
    tempRef,
  };
  if (pvModel === 3 && f.aGamma != null)
    out.gammaPolynomial = [f.aGamma, f.bGamma ?? 0, f.cGamma ?? 0, f.dGamma ?? 0];
  return out;
}
