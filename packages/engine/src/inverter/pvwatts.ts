/**
 * PVWatts inverter model (Dobos 2014).
 */

/** Parameters of the PVWatts inverter model. */
export interface PvwattsInverterParams {
  /** DC input limit Pdc0 [W]; the AC limit is Pac0 = ηnom·Pdc0. */
  pdc0: number;
  /** Nominal inverter efficiency ηnom [-]. */
  etaInvNom: number;
  /** Reference efficiency ηref of the CEC-weighted curve [-]; 0.9637 in PVWatts. */
  etaInvRef?: number;
}

/** Reference efficiency of the PVWatts part-load curve [-]. */
export const PVWATTS_ETA_INV_REF = 0.9637;

/** @internal Kernel: Pac from Pdc with ηnom/ηref folded into `scale`. */
export function pvwattsKernel(pDc: number, pdc0: number, scale: number, pac0: number): number {
  if (!(pDc > 0)) return 0;
  const zeta = pDc / pdc0;
  const pac = scale * (-0.0162 * zeta - 0.0059 / zeta + 0.9858) * pDc;
  return pac > pac0 ? pac0 : pac > 0 ? pac : 0;
}

/**
 * AC output by the PVWatts version 5 inverter model.
 *
 * ζ = Pdc/Pdc0,  η = (ηnom/ηref)·(−0.0162·ζ − 0.0059/ζ + 0.9858),  Pac = η·Pdc,
 * limited to 0 ≤ Pac ≤ Pac0 = ηnom·Pdc0. Pdc ≤ 0 gives 0 (the model has no night tare).
 *
 * @param x.pDc DC input power [W]
 * @param p.pdc0 DC input limit [W]
 * @param p.etaInvNom nominal efficiency [-]
 * @param p.etaInvRef reference efficiency [-], default 0.9637
 * @returns AC output power [W]
 * @see A. P. Dobos, "PVWatts Version 5 Manual," NREL Technical Report NREL/TP-6A20-62641 (2014)
 */
export function pvwattsInverter(x: { pDc: number }, p: PvwattsInverterParams): number {
  const ref = p.etaInvRef ?? PVWATTS_ETA_INV_REF;
  return pvwattsKernel(x.pDc, p.pdc0, p.etaInvNom / ref, p.etaInvNom * p.pdc0);
}

/**
 * Series form of {@link pvwattsInverter}.
 * @param x.pDc DC input powers [W]
 * @param p model parameters
 * @param out caller-owned AC power [W]
 */
export function pvwattsInverterSeries(
  x: { pDc: Float64Array },
  p: PvwattsInverterParams,
  out: Float64Array,
): Float64Array {
  const pDc = x.pDc;
  const scale = p.etaInvNom / (p.etaInvRef ?? PVWATTS_ETA_INV_REF);
  const pac0 = p.etaInvNom * p.pdc0;
  for (let i = 0; i < pDc.length; i++) out[i] = pvwattsKernel(pDc[i]!, p.pdc0, scale, pac0);
  return out;
}
