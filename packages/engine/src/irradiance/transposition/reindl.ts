/**
 * Reindl anisotropic sky-diffuse model (transposition): Hay–Davies plus horizon brightening. Named
 * reindlTransposition to tell it from the Reindl decomposition model (irradiance/decomposition).
 */
import { cosAoiKernel } from '../../geometry/aoi.ts';
import { COS_ZENITH_FLOOR } from './haydavies.ts';

const DEG = Math.PI / 180;

/**
 * @internal Kernel of {@link reindlTransposition} split the way the chain shades the sky: writes the
 * isotropic part I = Dh·(1 − A)·(1 + cos β)/2 to r[0], the circumsolar part C = Dh·A·Rb to r[1] and the
 * horizon brightening H = I·√(Bh/Gh)·sin³(β/2) to r[2] (I + C + H is the model's sky diffuse; each part
 * floored at 0, so a sum that the scalar form floors at 0 is 0 here too).
 */
export function reindlKernel(
  dhi: number,
  dni: number,
  ghi: number,
  dniExtra: number,
  cosZenith: number,
  cosAoi: number,
  cosTilt: number,
  r: Float64Array,
): void {
  const rb = (cosAoi > 0 ? cosAoi : 0) / (cosZenith > COS_ZENITH_FLOOR ? cosZenith : COS_ZENITH_FLOOR);
  const ai = dni / dniExtra;
  const hb = dni * cosZenith > 0 ? dni * cosZenith : 0;
  const hbToGhi = ghi > 0 ? hb / ghi : 0;
  // sin(β/2) from cos β, β in [0°, 180°]
  const sHalf = Math.sqrt(Math.max(0, (1 - cosTilt) / 2));
  const iso = dhi * (1 - ai) * 0.5 * (1 + cosTilt);
  const circ = dhi * ai * rb;
  const hor = iso * Math.sqrt(hbToGhi) * sHalf * sHalf * sHalf;
  r[0] = iso > 0 ? iso : 0;
  r[1] = circ > 0 ? circ : 0;
  r[2] = hor > 0 ? hor : 0;
}

/**
 * Sky-diffuse irradiance on a tilted plane by Reindl et al. (1990):
 *
 *   Ed = Dh·[A·Rb + (1 − A)·(1 + cos β)/2·(1 + √(Bh/Gh)·sin³(β/2))]
 *
 * with A = In/I0, Rb = max(0, cos θi)/max(cos θz, 0.01745), Bh = max(0, In·cos θz) (√(Bh/Gh) = 0 when
 * Gh = 0); floored at 0.
 *
 * @param x.surfaceTilt plane tilt β [°]
 * @param x.surfaceAzimuth plane azimuth [°]
 * @param x.solarZenith solar zenith θz [°]
 * @param x.solarAzimuth solar azimuth [°]
 * @param x.dhi diffuse horizontal irradiance Dh [W/m²]
 * @param x.dni direct normal irradiance In [W/m²]
 * @param x.ghi global horizontal irradiance Gh [W/m²]
 * @param x.dniExtra extraterrestrial normal irradiance I0 [W/m²]
 * @returns sky-diffuse irradiance on the plane [W/m²]
 * @see D. T. Reindl, W. A. Beckman, J. A. Duffie, "Evaluation of hourly tilted surface radiation
 *      models," Solar Energy 45 (1990) 9–17, doi:10.1016/0038-092X(90)90061-G
 */
export function reindlTransposition(x: {
  surfaceTilt: number;
  surfaceAzimuth: number;
  solarZenith: number;
  solarAzimuth: number;
  dhi: number;
  dni: number;
  ghi: number;
  dniExtra: number;
}): number {
  const z = x.solarZenith * DEG;
  const tilt = x.surfaceTilt * DEG;
  const cosAoi = cosAoiKernel(tilt, x.surfaceAzimuth * DEG, z, x.solarAzimuth * DEG);
  const cosZ = Math.cos(z);
  const rb = (cosAoi > 0 ? cosAoi : 0) / (cosZ > COS_ZENITH_FLOOR ? cosZ : COS_ZENITH_FLOOR);
  const ai = x.dni / x.dniExtra;
  const hb = Math.max(x.dni * cosZ, 0);
  const hbToGhi = x.ghi === 0 ? 0 : hb / x.ghi;
  const sHalf = Math.sin(tilt / 2);
  const sky =
    x.dhi *
    (ai * rb + (1 - ai) * 0.5 * (1 + Math.cos(tilt)) * (1 + Math.sqrt(hbToGhi) * sHalf * sHalf * sHalf));
  return sky > 0 ? sky : 0;
}
