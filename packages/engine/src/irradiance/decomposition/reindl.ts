/**
 * Reindl diffuse-fraction correlations (Reindl, Beckman & Duffie 1990): DHI and DNI from GHI, with the
 * solar elevation α and, in the full form, air temperature Ta [°C] and relative humidity φ [0–1].
 *
 * kt from {@link clearnessIndex} (cos θz floored at 0.065, clipped to [0, 1]); sin α = cos θz.
 * 'ktElevation' (the paper's correlation 2, the default of this engine):
 *   DF = 1.020 − 0.254·kt + 0.0123·sin α         kt ≤ 0.3,          DF ≤ 1.0
 *   DF = 1.400 − 1.749·kt + 0.177·sin α          0.3 < kt < 0.78,   0.1 ≤ DF ≤ 0.97
 *   DF = 0.486·kt − 0.182·sin α                  kt ≥ 0.78,         DF ≥ 0.1
 * 'ktElevationTempRh' (correlation 1):
 *   DF = 1.000 − 0.232·kt + 0.0239·sin α − 0.000682·Ta + 0.0195·φ     kt ≤ 0.3,        DF ≤ 1.0
 *   DF = 1.329 − 1.716·kt + 0.267·sin α − 0.00357·Ta + 0.106·φ        0.3 < kt < 0.78, 0.1 ≤ DF ≤ 0.97
 *   DF = 0.426·kt − 0.256·sin α + 0.00349·Ta + 0.0734·φ               kt ≥ 0.78,       DF ≥ 0.1
 * 'kt' (correlation 3): DF = 1.020 − 0.248·kt (≤ 1.0); 1.45 − 1.67·kt; 0.147.
 * Then DHI = DF·GHI, DNI = (GHI − DHI)/cos θz, with DNI = 0 and DHI = GHI beyond θz = 87°, for
 * GHI < 0 or DNI < 0 (same limits as Erbs). A missing Ta or φ (NaN) falls back to 'ktElevation' for
 * that step.
 * @see D. T. Reindl, W. A. Beckman, J. A. Duffie, "Diffuse fraction correlations," Solar Energy 45(1)
 *      (1990) 1–7, doi:10.1016/0038-092X(90)90060-P
 */
import { clearnessIndexKernel, MAX_ZENITH, MIN_COS_ZENITH } from './clearnessIndex.ts';
import { applyDiffuseFraction, type Decomposition, type DecompositionLimits } from './erbs.ts';

const D2R = Math.PI / 180;

/** Which Reindl correlation. */
export type ReindlVariant = 'kt' | 'ktElevation' | 'ktElevationTempRh';

/** Reindl diffuse fraction DF [–] (correlations in this file's header); rh as a fraction 0–1. */
export function reindlDiffuseFraction(
  variant: ReindlVariant,
  kt: number,
  sinAlpha: number,
  tempAir: number,
  rh: number,
): number {
  let v = variant;
  if (v === 'ktElevationTempRh' && !(tempAir === tempAir && rh === rh)) v = 'ktElevation';
  let df: number;
  if (v === 'kt') {
    if (kt <= 0.3) return Math.min(1.02 - 0.248 * kt, 1);
    return kt < 0.78 ? 1.45 - 1.67 * kt : 0.147;
  }
  if (v === 'ktElevation') {
    if (kt <= 0.3) return Math.min(1.02 - 0.254 * kt + 0.0123 * sinAlpha, 1);
    if (kt < 0.78) df = 1.4 - 1.749 * kt + 0.177 * sinAlpha;
    else return Math.max(0.486 * kt - 0.182 * sinAlpha, 0.1);
  } else {
    if (kt <= 0.3) return Math.min(1 - 0.232 * kt + 0.0239 * sinAlpha - 0.000682 * tempAir + 0.0195 * rh, 1);
    if (kt < 0.78) df = 1.329 - 1.716 * kt + 0.267 * sinAlpha - 0.00357 * tempAir + 0.106 * rh;
    else return Math.max(0.426 * kt - 0.256 * sinAlpha + 0.00349 * tempAir + 0.0734 * rh, 0.1);
  }
  return Math.min(Math.max(df, 0.1), 0.97);
}

function reindlKernel(
  variant: ReindlVariant,
  ghi: number,
  zenith: number,
  dniExtra: number,
  tempAir: number,
  rh: number,
  minCos: number,
  maxZenith: number,
  out: Float64Array,
): void {
  const kt = clearnessIndexKernel(ghi, zenith, dniExtra, minCos, 1);
  const df = reindlDiffuseFraction(variant, kt, Math.cos(zenith * D2R), tempAir, rh);
  applyDiffuseFraction(ghi, zenith, kt, df, maxZenith, out);
}

const OUT = new Float64Array(3);

/** Options of {@link reindl}. */
export interface ReindlParams extends DecompositionLimits {
  /** which correlation, default 'ktElevation' */
  variant?: ReindlVariant;
}

/**
 * Reindl decomposition of GHI into DNI and DHI (correlations in this file's header).
 * @param x.ghi global horizontal irradiance [W/m²]
 * @param x.zenith true solar zenith θz [°]
 * @param x.dniExtra extraterrestrial normal irradiance I0 [W/m²]
 * @param x.tempAir air temperature Ta [°C] ('ktElevationTempRh' only)
 * @param x.relativeHumidity relative humidity [%] ('ktElevationTempRh' only)
 * @returns DNI, DHI [W/m²] and kt [–]
 * @see D. T. Reindl, W. A. Beckman, J. A. Duffie, Solar Energy 45 (1990) 1–7,
 *      doi:10.1016/0038-092X(90)90060-P
 */
export function reindl(
  x: { ghi: number; zenith: number; dniExtra: number; tempAir?: number; relativeHumidity?: number },
  p: ReindlParams = {},
): Decomposition {
  reindlKernel(
    p.variant ?? 'ktElevation',
    x.ghi,
    x.zenith,
    x.dniExtra,
    x.tempAir ?? NaN,
    (x.relativeHumidity ?? NaN) / 100,
    p.minCosZenith ?? MIN_COS_ZENITH,
    p.maxZenith ?? MAX_ZENITH,
    OUT,
  );
  return { dni: OUT[0]!, dhi: OUT[1]!, kt: OUT[2]! };
}

/** Series form of {@link reindl}; `dniExtra` constant or per step, `tempAir` [°C] and `relativeHumidity` [%] per step. */
export function reindlSeries(
  x: {
    ghi: Float64Array;
    zenith: Float64Array;
    dniExtra: number | Float64Array;
    tempAir?: Float64Array;
    relativeHumidity?: Float64Array;
  },
  p: ReindlParams,
  out: { dni: Float64Array; dhi: Float64Array; kt?: Float64Array },
): { dni: Float64Array; dhi: Float64Array } {
  const variant = p.variant ?? 'ktElevation';
  const minCos = p.minCosZenith ?? MIN_COS_ZENITH;
  const maxZ = p.maxZenith ?? MAX_ZENITH;
  const { dniExtra: i0, tempAir: ta, relativeHumidity: rh } = x;
  for (let i = 0; i < x.ghi.length; i++) {
    reindlKernel(
      variant,
      x.ghi[i]!,
      x.zenith[i]!,
      typeof i0 === 'number' ? i0 : i0[i]!,
      ta ? ta[i]! : NaN,
      rh ? rh[i]! / 100 : NaN,
      minCos,
      maxZ,
      OUT,
    );
    out.dni[i] = OUT[0]!;
    out.dhi[i] = OUT[1]!;
    if (out.kt) out.kt[i] = OUT[2]!;
  }
  return out;
}
