/**
 * Erbs diffuse-fraction correlation: DHI and DNI from GHI.
 *
 * kt from {@link clearnessIndex} (cos θz floored at 0.065, kt clipped to [0, 1]), then
 *   DF = 1 − 0.09·kt                                              kt ≤ 0.22
 *   DF = 0.9511 − 0.1604·kt + 4.388·kt² − 16.638·kt³ + 12.336·kt⁴  0.22 < kt ≤ 0.80
 *   DF = 0.165                                                     kt > 0.80
 *   DHI = DF·GHI,  DNI = (GHI − DHI)/cos θz
 * and DNI = 0, DHI = GHI where θz > 87°, GHI < 0 or DNI < 0 (closure kept: GHI = DHI + DNI·cos θz).
 * @see D. G. Erbs, S. A. Klein, J. A. Duffie, "Estimation of the diffuse radiation fraction for hourly,
 *      daily and monthly-average global radiation," Solar Energy 28(4) (1982) 293–302, Eq. 1,
 *      doi:10.1016/0038-092X(82)90302-4
 */
import { clearnessIndexKernel, MAX_ZENITH, MIN_COS_ZENITH } from './clearnessIndex.ts';

const D2R = Math.PI / 180;

/** DNI and DHI from a decomposition model, with the clearness index it used. */
export interface Decomposition {
  /** direct normal irradiance [W/m²] */
  dni: number;
  /** diffuse horizontal irradiance [W/m²] */
  dhi: number;
  /** clearness index kt [–] */
  kt: number;
}

/** Options shared by the diffuse-fraction models. */
export interface DecompositionLimits {
  /** floor of cos θz in kt, default 0.065 */
  minCosZenith?: number;
  /** DNI = 0 beyond this zenith, default 87 [°] */
  maxZenith?: number;
}

/** Erbs diffuse fraction DF(kt) (Eq. 1). */
export function erbsDiffuseFraction(kt: number): number {
  if (kt <= 0.22) return 1 - 0.09 * kt;
  if (kt <= 0.8) return 0.9511 + kt * (-0.1604 + kt * (4.388 + kt * (-16.638 + kt * 12.336)));
  return 0.165;
}

/**
 * Writes DNI, DHI, kt of a diffuse fraction `df` to out[0..2], applying the limits (DNI = 0 and
 * DHI = GHI beyond maxZenith, for GHI < 0 or DNI < 0). @internal
 */
export function applyDiffuseFraction(
  ghi: number,
  zenith: number,
  kt: number,
  df: number,
  maxZenith: number,
  out: Float64Array,
): void {
  const dhi = df * ghi;
  const dni = (ghi - dhi) / Math.cos(zenith * D2R);
  if (zenith > maxZenith || ghi < 0 || dni < 0) {
    out[0] = 0;
    out[1] = ghi;
  } else {
    out[0] = dni;
    out[1] = dhi;
  }
  out[2] = kt;
}

function erbsKernel(
  ghi: number,
  zenith: number,
  dniExtra: number,
  minCos: number,
  maxZenith: number,
  out: Float64Array,
): void {
  const kt = clearnessIndexKernel(ghi, zenith, dniExtra, minCos, 1);
  applyDiffuseFraction(ghi, zenith, kt, erbsDiffuseFraction(kt), maxZenith, out);
}

const OUT = new Float64Array(3);

/**
 * Erbs decomposition of GHI into DNI and DHI (equations in this file's header).
 * @param x.ghi global horizontal irradiance [W/m²]
 * @param x.zenith true solar zenith θz [°]
 * @param x.dniExtra extraterrestrial normal irradiance I0 [W/m²] (reference: Spencer, 1366.1 W/m²)
 * @returns DNI, DHI [W/m²] and kt [–]
 * @see D. G. Erbs, S. A. Klein, J. A. Duffie, Solar Energy 28 (1982) 293–302,
 *      doi:10.1016/0038-092X(82)90302-4
 */
export function erbs(
  x: { ghi: number; zenith: number; dniExtra: number },
  p: DecompositionLimits = {},
): Decomposition {
  erbsKernel(x.ghi, x.zenith, x.dniExtra, p.minCosZenith ?? MIN_COS_ZENITH, p.maxZenith ?? MAX_ZENITH, OUT);
  return { dni: OUT[0]!, dhi: OUT[1]!, kt: OUT[2]! };
}

/** Series form of {@link erbs}; `dniExtra` constant or per step. */
export function erbsSeries(
  x: { ghi: Float64Array; zenith: Float64Array; dniExtra: number | Float64Array },
  p: DecompositionLimits,
  out: { dni: Float64Array; dhi: Float64Array; kt?: Float64Array },
): { dni: Float64Array; dhi: Float64Array } {
  const minCos = p.minCosZenith ?? MIN_COS_ZENITH;
  const maxZ = p.maxZenith ?? MAX_ZENITH;
  const i0 = x.dniExtra;
  for (let i = 0; i < x.ghi.length; i++) {
    erbsKernel(x.ghi[i]!, x.zenith[i]!, typeof i0 === 'number' ? i0 : i0[i]!, minCos, maxZ, OUT);
    out.dni[i] = OUT[0]!;
    out.dhi[i] = OUT[1]!;
    if (out.kt) out.kt[i] = OUT[2]!;
  }
  return out;
}
