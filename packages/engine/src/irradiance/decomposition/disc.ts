/**
 * DISC model (Maxwell 1987): DNI from GHI through the direct and global clearness indices.
 *
 * I0 = 1370·(r0/r)² (Spencer, the DISC code's solar constant), kt from {@link clearnessIndex}
 * (cos θz floored at 0.065, kt clipped to [0, 1]); AM = Kasten (1966) relative air mass, times P/101 325
 * when pressure-corrected (the NREL DISC code, the default), capped at 12 (the fit range):
 *   kt ≤ 0.6: a = 0.512 − 1.56·kt + 2.286·kt² − 2.222·kt³,  b = 0.37 + 0.962·kt,
 *             c = −0.28 + 0.932·kt − 2.048·kt²
 *   kt > 0.6: a = −5.743 + 21.77·kt − 27.49·kt² + 11.56·kt³, b = 41.4 − 118.5·kt + 66.05·kt² + 31.9·kt³,
 *             c = −47.01 + 184.2·kt − 222.0·kt² + 73.81·kt³
 *   ΔKn = a + b·exp(c·AM),  Knc = 0.866 − 0.122·AM + 0.0121·AM² − 0.000653·AM³ + 0.000014·AM⁴
 *   DNI = (Knc − ΔKn)·I0
 * DNI = 0 where θz > 87°, GHI < 0 or DNI < 0.
 * @see E. L. Maxwell, "A quasi-physical model for converting hourly global horizontal to direct normal
 *      insolation," SERI/TR-215-3087, Solar Energy Research Institute (1987)
 */
import { kasten1966Kernel, STANDARD_PRESSURE } from '../../atmosphere/airmass.ts';
import { extraterrestrialSpencer } from '../extraterrestrial.ts';
import { MAX_ZENITH, MIN_COS_ZENITH } from './clearnessIndex.ts';

/** Solar constant of the DISC code [W/m²]. */
export const DISC_SOLAR_CONSTANT = 1370;
/** Air mass cap of DISC's Kn fit. */
export const DISC_MAX_AIRMASS = 12;

/** Maxwell's Kn = Knc − ΔKn for kt and AM (AM capped at `maxAirmass`). @internal */
export function discKn(kt: number, airmass: number, maxAirmass: number): number {
  const am = Math.min(airmass, maxAirmass);
  let a: number, b: number, c: number;
  if (kt <= 0.6) {
    a = 0.512 + kt * (-1.56 + kt * (2.286 - 2.222 * kt));
    b = 0.37 + 0.962 * kt;
    c = -0.28 + kt * (0.932 - 2.048 * kt);
  } else {
    a = -5.743 + kt * (21.77 + kt * (-27.49 + 11.56 * kt));
    b = 41.4 + kt * (-118.5 + kt * (66.05 + 31.9 * kt));
    c = -47.01 + kt * (184.2 + kt * (-222.0 + 73.81 * kt));
  }
  const knc = 0.866 + am * (-0.122 + am * (0.0121 + am * (-0.000653 + 1.4e-5 * am)));
  return knc - (a + b * Math.exp(c * am));
}

/**
 * @internal Kernel. Inputs in `io`: [0] GHI [W/m²], [1] θz [°], [2] cos θz, [3] I0 [W/m²], [4] pressure
 * [Pa] (NaN: relative air mass), [5] floor of cos θz, [6] maximum zenith [°], [7] air-mass cap; outputs
 * over them: [0] DNI [W/m²], [1] kt, [2] AM (capped). One array for both so that the call passes no
 * number arguments (a double argument of a call that V8 does not inline is boxed on the heap).
 */
export function discKernel(io: Float64Array): void {
  const out = io;
  const ghi = io[0]!;
  const zenith = io[1]!;
  const cosZenith = io[2]!;
  const dniExtra = io[3]!;
  const pressure = io[4]!;
  const minCos = io[5]!;
  const maxZenith = io[6]!;
  const maxAirmass = io[7]!;
  let kt = ghi / (dniExtra * Math.max(cosZenith, minCos));
  if (kt < 0) kt = 0;
  else if (kt > 1) kt = 1;
  let am = kasten1966Kernel(zenith, cosZenith);
  if (pressure === pressure) am = (am * pressure) / STANDARD_PRESSURE;
  const dni = discKn(kt, am, maxAirmass) * dniExtra;
  out[0] = zenith > maxZenith || ghi < 0 || dni < 0 ? 0 : dni;
  out[1] = kt;
  out[2] = Math.min(am, maxAirmass);
}

/** Options of {@link disc}. */
export interface DiscParams {
  /** floor of cos θz in kt, default 0.065 */
  minCosZenith?: number;
  /** DNI = 0 beyond this zenith, default 87 [°] */
  maxZenith?: number;
  /** cap of the air mass in Kn, default 12 */
  maxAirmass?: number;
}

const OUT = new Float64Array(8);

/**
 * DISC direct normal irradiance from GHI (equations in this file's header).
 * @param x.ghi global horizontal irradiance [W/m²]
 * @param x.zenith true solar zenith θz [°]
 * @param x.dayOfYear day of year (1–366) for I0
 * @param x.pressure site pressure [Pa]; NaN uses the relative air mass (Maxwell's report)
 * @returns DNI [W/m²], kt [–], the air mass used [–]
 * @see E. L. Maxwell, SERI/TR-215-3087 (1987)
 */
export function disc(
  x: { ghi: number; zenith: number; dayOfYear: number; pressure: number },
  p: DiscParams = {},
): { dni: number; kt: number; airmass: number } {
  OUT[0] = x.ghi;
  OUT[1] = x.zenith;
  OUT[2] = Math.cos((x.zenith * Math.PI) / 180);
  OUT[3] = extraterrestrialSpencer({ dayOfYear: x.dayOfYear }, { solarConstant: DISC_SOLAR_CONSTANT });
  OUT[4] = x.pressure;
  OUT[5] = p.minCosZenith ?? MIN_COS_ZENITH;
  OUT[6] = p.maxZenith ?? MAX_ZENITH;
  OUT[7] = p.maxAirmass ?? DISC_MAX_AIRMASS;
  discKernel(OUT);
  return { dni: OUT[0]!, kt: OUT[1]!, airmass: OUT[2]! };
}
