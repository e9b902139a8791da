/**
 * Hay–Davies anisotropic sky-diffuse model: isotropic background plus circumsolar.
 */
import { cosAoiKernel } from '../../geometry/aoi.ts';

const DEG = Math.PI / 180;
/**
 * Floor of cos θz in Rb = cos θi / cos θz (≈ cos 89°), which keeps Rb finite at sunrise and sunset. The
 * value is the one of the reference vectors (haydavies.json), so that they compare at rtol 1e-6.
 */
export const COS_ZENITH_FLOOR = 0.01745;

/** @internal Kernel: writes the isotropic and circumsolar components [W/m²] into r[0..1]. */
export function haydaviesKernel(
  dhi: number,
  dni: number,
  dniExtra: number,
  cosZenith: number,
  cosAoi: number,
  cosTilt: number,
  r: Float64Array,
): void {
  const ai = dni / dniExtra;
  const rb = (cosAoi > 0 ? cosAoi : 0) / (cosZenith > COS_ZENITH_FLOOR ? cosZenith : COS_ZENITH_FLOOR);
  const iso = dhi * (1 - ai) * 0.5 * (1 + cosTilt);
  const circ = dhi * ai * rb;
  r[0] = iso > 0 ? iso : iso <= 0 ? 0 : Number.NaN;
  r[1] = circ > 0 ? circ : circ <= 0 ? 0 : Number.NaN;
}

const scratch = new Float64Array(2);

/** Sky diffuse on a tilted plane and its Hay–Davies components [W/m²]. */
export interface HayDaviesResult {
  poaSkyDiffuse: number;
  poaIsotropic: number;
  poaCircumsolar: number;
}

/**
 * Sky-diffuse irradiance on a tilted plane by Hay & Davies (1980): a fraction A of the diffuse comes
 * from the sun's direction (circumsolar, projected like the beam), the rest from an isotropic sky:
 *
 *   Ed = Dh·[A·Rb + (1 − A)·(1 + cos β)/2],  A = In/I0,  Rb = max(0, cos θi)/max(cos θz, 0.01745)
 *
 * Each component is floored at 0.
 *
 * @param x.surfaceTilt plane tilt β [°]
 * @param x.surfaceAzimuth plane azimuth [°]
 * @param x.solarZenith solar zenith θz [°]
 * @param x.solarAzimuth solar azimuth [°]
 * @param x.dhi diffuse horizontal irradiance Dh [W/m²]
 * @param x.dni direct normal irradiance In [W/m²]
 * @param x.dniExtra extraterrestrial normal irradiance I0 [W/m²]
 * @returns sky diffuse and its isotropic and circumsolar components [W/m²]
 * @see J. E. Hay, J. A. Davies, "Calculation of the solar radiation incident on an inclined surface," in
 *      Proc. First Canadian Solar Radiation Data Workshop, J. E. Hay, T. K. Won (eds.), Ministry of
 *      Supply and Services Canada (1980) 59–72
 */
export function haydavies(x: {
  surfaceTilt: number;
  surfaceAzimuth: number;
  solarZenith: number;
  solarAzimuth: number;
  dhi: number;
  dni: number;
  dniExtra: number;
}): HayDaviesResult {
  const z = x.solarZenith * DEG;
  const tilt = x.surfaceTilt * DEG;
  const cosAoi = cosAoiKernel(tilt, x.surfaceAzimuth * DEG, z, x.solarAzimuth * DEG);
  haydaviesKernel(x.dhi, x.dni, x.dniExtra, Math.cos(z), cosAoi, Math.cos(tilt), scratch);
  const poaIsotropic = scratch[0]!;
  const poaCircumsolar = scratch[1]!;
  return { poaSkyDiffuse: poaIsotropic + poaCircumsolar, poaIsotropic, poaCircumsolar };
}

/**
 * Series form of {@link haydavies}; allocation-free, taking cos θi from the mounting model.
 * @param x.surfaceTilt plane tilt per step [°]
 * @param x.cosAoi cosine of the angle of incidence [-]
 * @param x.solarZenith solar zenith [°]
 * @param x.dhi diffuse horizontal irradiance [W/m²]
 * @param x.dni direct normal irradiance [W/m²]
 * @param x.dniExtra extraterrestrial normal irradiance [W/m²]
 * @param out caller-owned components [W/m²]
 */
export function haydaviesSeries(
  x: {
    surfaceTilt: Float64Array;
    cosAoi: Float64Array;
    solarZenith: Float64Array;
    dhi: Float64Array;
    dni: Float64Array;
    dniExtra: Float64Array;
  },
  out: { poaIsotropic: Float64Array; poaCircumsolar: Float64Array; poaSkyDiffuse?: Float64Array },
): void {
  const { surfaceTilt, cosAoi, solarZenith, dhi, dni, dniExtra } = x;
  const { poaIsotropic, poaCircumsolar, poaSkyDiffuse } = out;
  const r = scratch;
  for (let i = 0; i < solarZenith.length; i++) {
    const cosZ = Math.cos(solarZenith[i]! * DEG);
    haydaviesKernel(dhi[i]!, dni[i]!, dniExtra[i]!, cosZ, cosAoi[i]!, Math.cos(surfaceTilt[i]! * DEG), r);
    poaIsotropic[i] = r[0]!;
    poaCircumsolar[i] = r[1]!;
    if (poaSkyDiffuse !== undefined) poaSkyDiffuse[i] = r[0]! + r[1]!;
  }
}
