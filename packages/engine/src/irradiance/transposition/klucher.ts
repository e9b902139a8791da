/**
 * Klucher anisotropic sky-diffuse model.
 */
import { cosAoiKernel } from '../../geometry/aoi.ts';

const DEG = Math.PI / 180;

/**
 * @internal Kernel of {@link klucher} split the way the chain shades the sky: with I = Dh·(1 + cos β)/2,
 * writes I to r[0], the circumsolar term C = I·[1 + F·sin³(β/2)]·F·cos²θi·sin³θz to r[1] and the horizon
 * term H = I·F·sin³(β/2) to r[2]; I + C + H is Klucher's product form expanded.
 */
export function klucherKernel(
  dhi: number,
  ghi: number,
  cosZenith: number,
  cosAoi: number,
  cosTilt: number,
  r: Float64Array,
): void {
  const c = cosAoi > 0 ? cosAoi : 0;
  const ratio = dhi / ghi;
  const f = ratio === ratio && ghi !== 0 ? 1 - ratio * ratio : 0;
  const sHalf = Math.sqrt(Math.max(0, (1 - cosTilt) / 2));
  const s3 = sHalf * sHalf * sHalf;
  const sZ = Math.sqrt(Math.max(0, 1 - cosZenith * cosZenith));
  const iso = dhi * 0.5 * (1 + cosTilt);
  const hor = iso * f * s3;
  r[0] = iso;
  r[1] = (iso + hor) * f * c * c * sZ * sZ * sZ;
  r[2] = hor;
}

/**
 * Sky-diffuse irradiance on a tilted plane by Klucher (1979), the isotropic sky modulated by horizon
 * brightening and circumsolar terms that fade as the sky clouds over:
 *
 *   Ed = Dh·(1 + cos β)/2·[1 + F·sin³(β/2)]·[1 + F·cos²θi·sin³θz],  F = 1 − (Dh/Gh)²
 *
 * with cos θi floored at 0 and F = 0 when Gh = 0.
 *
 * @param x.surfaceTilt plane tilt β [°]
 * @param x.surfaceAzimuth plane azimuth [°]
 * @param x.solarZenith solar zenith θz [°]
 * @param x.solarAzimuth solar azimuth [°]
 * @param x.dhi diffuse horizontal irradiance Dh [W/m²]
 * @param x.ghi global horizontal irradiance Gh [W/m²]
 * @returns sky-diffuse irradiance on the plane [W/m²]
 * @see T. M. Klucher, "Evaluation of models to predict insolation on tilted surfaces," Solar Energy 23
 *      (1979) 111–114, doi:10.1016/0038-092X(79)90110-5
 */
export function klucher(x: {
  surfaceTilt: number;
  surfaceAzimuth: number;
  solarZenith: number;
  solarAzimuth: number;
  dhi: number;
  ghi: number;
}): number {
  const z = x.solarZenith * DEG;
  const tilt = x.surfaceTilt * DEG;
  let cosAoi = cosAoiKernel(tilt, x.surfaceAzimuth * DEG, z, x.solarAzimuth * DEG);
  if (cosAoi < 0) cosAoi = 0;
  const ratio = x.dhi / x.ghi;
  const f = ratio === ratio ? 1 - ratio * ratio : 0;
  const sHalf = Math.sin(tilt / 2);
  const sZ = Math.sin(z);
  return (
    x.dhi *
    0.5 *
    (1 + Math.cos(tilt)) *
    (1 + f * sHalf * sHalf * sHalf) *
    (1 + f * cosAoi * cosAoi * sZ * sZ * sZ)
  );
}
