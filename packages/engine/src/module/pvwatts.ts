/**
 * PVWatts DC power: a module's power proportional to effective irradiance with a linear temperature
 * coefficient.
 */

/** @internal Kernel: P = (S/1000)·Pdc0·(1 + γ·(Tc − Tref)). */
export function pvwattsDcKernel(s: number, tempCell: number, pdc0: number, gamma: number, tempRef: number) {
  return (s / 1000) * pdc0 * (1 + gamma * (tempCell - tempRef));
}

/** PVWatts DC parameters. */
export interface PvwattsDcParams {
  /** DC power at 1000 W/m² and the reference temperature Pdc0 [W] */
  pdc0: number;
  /** temperature coefficient of power γ [1/K] (−0.0037, not −0.37) */
  gammaPdc: number;
  /** reference cell temperature Tref [°C]; 25 by default */
  tempRef?: number;
}

/**
 * DC power of the PVWatts model.
 *
 * P = (S/1000)·Pdc0·[1 + γ·(Tc − Tref)]
 *
 * @param x.effectiveIrradiance effective irradiance S [W/m²]
 * @param x.tempCell cell temperature Tc [°C]
 * @param p Pdc0 [W], γ [1/K], Tref [°C]
 * @returns DC power P [W]
 * @see A. P. Dobos, "PVWatts Version 5 Manual," NREL/TP-6A20-62641 (2014)
 */
export function pvwattsDc(x: { effectiveIrradiance: number; tempCell: number }, p: PvwattsDcParams): number {
  return pvwattsDcKernel(x.effectiveIrradiance, x.tempCell, p.pdc0, p.gammaPdc, p.tempRef ?? 25);
}

/**
 * Series form of {@link pvwattsDc}.
 * @param x.effectiveIrradiance [W/m²]; x.tempCell [°C]
 * @param p Pdc0 [W], γ [1/K], Tref [°C]
 * @param out caller-owned DC power [W]
 */
export function pvwattsDcSeries(
  x: { effectiveIrradiance: Float64Array; tempCell: Float64Array },
  p: PvwattsDcParams,
  out: Float64Array,
): Float64Array {
  const { effectiveIrradiance: s, tempCell: t } = x;
  const { pdc0, gammaPdc } = p;
  const tRef = p.tempRef ?? 25;
  for (let i = 0; i < s.length; i++) out[i] = pvwattsDcKernel(s[i]!, t[i]!, pdc0, gammaPdc, tRef);
  return out;
}
