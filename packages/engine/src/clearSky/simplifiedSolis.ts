/**
 * Simplified Solis clear-sky model (Ineichen 2008).
 *
 * With the aerosol optical depth at 700 nm τ (aod700), precipitable water w [cm] (raised to 0.2, the
 * model's lower limit), pressure P [Pa], P0 = 101 325 Pa, ln p = ln(P/P0) and the solar elevation h:
 *   I0′ = I0·[1.08·w^0.0051 + 0.97·w^0.032·τ + 0.12·w^0.56·τ² + 0.071·ln p]        (Eq. 5–6)
 *   DNI = I0′·exp(−τb / sin^b h),   GHI = I0′·exp(−τg / sin^g h)·sin h,   DHI = I0′·exp(−τd / sin^d h)
 *   τb = (1.82 + 0.056·ln w + 0.0071·ln²w)·τ + 0.33 + 0.045·ln w + 0.0096·ln²w + (0.0089·w + 0.13)·ln p
 *   b  = (0.00925·τ² + 0.0148·τ − 0.0172)·ln w − 0.7565·τ² + 0.5057·τ + 0.4557
 *   τg = (1.24 + 0.047·ln w + 0.0061·ln²w)·τ + 0.27 + 0.043·ln w + 0.0090·ln²w + (0.0079·w + 0.1)·ln p
 *   g  = −0.0147·ln w − 0.3079·τ² + 0.2846·τ + 0.3798
 *   τd = td4·τ⁴ + td3·τ³ + td2·τ² + td1·τ + td0 + tdp·ln p, with for τ < 0.05:
 *        td4 = 86·w − 13 800, td3 = −3.11·w + 79.4, td2 = −0.23·w + 74.8, td1 = 0.092·w − 8.86,
 *        td0 = 0.0042·w + 3.12, tdp = −0.83·(1 + τ)^−17.2; and for τ ≥ 0.05:
 *        td4 = −0.21·w + 11.6, td3 = 0.27·w − 20.7, td2 = −0.134·w + 15.5, td1 = 0.0554·w − 5.71,
 *        td0 = 0.0057·w + 2.94, tdp = −0.71·(1 + τ)^−15.0
 *   d  = −0.337·τ² + 0.63·τ + 0.116 + ln p/(18 + 152·τ)
 * sin h is floored at 1e−30 so that night gives 0, not NaN.
 * @see P. Ineichen, "A broadband simplified version of the Solis clear sky model," Solar Energy 82(8)
 *      (2008) 758–762, doi:10.1016/j.solener.2008.02.009
 */
import type { ClearSkyIrradiance } from './ineichen.ts';

const D2R = Math.PI / 180;
const P0 = 101325;

function solisKernel(
  apparentElevation: number,
  aod700: number,
  precipitableWater: number,
  pressure: number,
  dniExtra: number,
  out: Float64Array,
): void {
  const w = Math.max(precipitableWater, 0.2);
  const t = aod700;
  const t2 = t * t;
  const lw = Math.log(w);
  const lw2 = lw * lw;
  const lp = Math.log(pressure / P0);
  const i0p =
    dniExtra *
    (0.12 * Math.pow(w, 0.56) * t2 + 0.97 * Math.pow(w, 0.032) * t + 1.08 * Math.pow(w, 0.0051) + 0.071 * lp);
  const taub =
    (1.82 + 0.056 * lw + 0.0071 * lw2) * t + 0.33 + 0.045 * lw + 0.0096 * lw2 + (0.0089 * w + 0.13) * lp;
  const b = (0.00925 * t2 + 0.0148 * t - 0.0172) * lw - 0.7565 * t2 + 0.5057 * t + 0.4557;
  const taug =
    (1.24 + 0.047 * lw + 0.0061 * lw2) * t + 0.27 + 0.043 * lw + 0.009 * lw2 + (0.0079 * w + 0.1) * lp;
  const g = -0.0147 * lw - 0.3079 * t2 + 0.2846 * t + 0.3798;
  let td4: number, td3: number, td2: number, td1: number, td0: number, tdp: number;
  if (t < 0.05) {
    td4 = 86 * w - 13800;
    td3 = -3.11 * w + 79.4;
    td2 = -0.23 * w + 74.8;
    td1 = 0.092 * w - 8.86;
    td0 = 0.0042 * w + 3.12;
    tdp = -0.83 * Math.pow(1 + t, -17.2);
  } else {
    td4 = -0.21 * w + 11.6;
    td3 = 0.27 * w - 20.7;
    td2 = -0.134 * w + 15.5;
    td1 = 0.0554 * w - 5.71;
    td0 = 0.0057 * w + 2.94;
    tdp = -0.71 * Math.pow(1 + t, -15.0);
  }
  const taud = td4 * t2 * t2 + td3 * t2 * t + td2 * t2 + td1 * t + td0 + tdp * lp;
  const d = -0.337 * t2 + 0.63 * t + 0.116 + lp / (18 + 152 * t);
  const sinH = Math.max(1e-30, Math.sin(apparentElevation * D2R));
  out[0] = i0p * Math.exp(-taug / Math.pow(sinH, g)) * sinH;
  out[1] = i0p * Math.exp(-taub / Math.pow(sinH, b));
  out[2] = i0p * Math.exp(-taud / Math.pow(sinH, d));
}

const OUT = new Float64Array(3);

/**
 * Simplified Solis clear-sky GHI, DNI, DHI (equations in this file's header).
 * @param x.apparentElevation refraction-corrected solar elevation [°]
 * @param x.aod700 aerosol optical depth at 700 nm [–]
 * @param x.precipitableWater precipitable water [cm] (values below 0.2 are raised to 0.2)
 * @param x.pressure site pressure [Pa]
 * @param x.dniExtra extraterrestrial normal irradiance I0 [W/m²] (the paper uses 1364)
 * @returns clear-sky GHI, DNI, DHI [W/m²]; 0 with the sun below the horizon
 * @see P. Ineichen, Solar Energy 82 (2008) 758–762, doi:10.1016/j.solener.2008.02.009
 */
export function simplifiedSolis(x: {
  apparentElevation: number;
  aod700: number;
  precipitableWater: number;
  pressure: number;
  dniExtra: number;
}): ClearSkyIrradiance {
  solisKernel(x.apparentElevation, x.aod700, x.precipitableWater, x.pressure, x.dniExtra, OUT);
  return { ghi: OUT[0]!, dni: OUT[1]!, dhi: OUT[2]! };
}

/** Series form of {@link simplifiedSolis}; scalars are constant over the series. */
export function simplifiedSolisSeries(
  x: {
    apparentElevation: Float64Array;
    aod700: number | Float64Array;
    precipitableWater: number | Float64Array;
    pressure: number | Float64Array;
    dniExtra: number | Float64Array;
  },
  out: { ghi: Float64Array; dni: Float64Array; dhi: Float64Array },
): { ghi: Float64Array; dni: Float64Array; dhi: Float64Array } {
  const { aod700: a, precipitableWater: w, pressure: pr, dniExtra: i0 } = x;
  for (let i = 0; i < x.apparentElevation.length; i++) {
    solisKernel(
      x.apparentElevation[i]!,
      typeof a === 'number' ? a : a[i]!,
      typeof w === 'number' ? w : w[i]!,
      typeof pr === 'number' ? pr : pr[i]!,
      typeof i0 === 'number' ? i0 : i0[i]!,
      OUT,
    );
    out.ghi[i] = OUT[0]!;
    out.dni[i] = OUT[1]!;
    out.dhi[i] = OUT[2]!;
  }
  return out;
}
