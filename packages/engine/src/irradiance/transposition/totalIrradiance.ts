/**
 * Plane-of-array irradiance: beam, sky diffuse by a chosen transposition model, ground-reflected.
 */
import { cosAoiKernel } from '../../geometry/aoi.ts';
import { haydavies } from './haydavies.ts';
import { isotropic } from './isotropic.ts';
import { klucher } from './klucher.ts';
import { perez } from './perez.ts';
import type { PerezModel } from './perezCoefficients.ts';
import { reindlTransposition } from './reindl.ts';
import { groundReflected } from './groundReflected.ts';

const DEG = Math.PI / 180;

/** Sky-diffuse transposition model (`transpositionModel`: Hay 0 = 'haydavies', Perez 1 = 'perez'). */
export type SkyDiffuseModel =
  | { model: 'isotropic' }
  | { model: 'haydavies' }
  | { model: 'perez'; coefficients: PerezModel }
  | { model: 'klucher' }
  | { model: 'reindl' };

/** Plane-of-array irradiance and its parts [W/m²]. */
export interface TotalIrradianceResult {
  poaGlobal: number;
  /** beam on the plane, max(0, In·cos θi) */
  poaDirect: number;
  /** sky diffuse + ground-reflected */
  poaDiffuse: number;
  poaSkyDiffuse: number;
  poaGroundDiffuse: number;
}

/**
 * Irradiance on a tilted plane, the sum of three parts:
 *
 *   Epoa = max(0, In·cos θi) + Ed(model) + ρ·Gh·(1 − cos β)/2
 *
 * with the sky diffuse Ed of the chosen model ({@link isotropic}, {@link haydavies}, {@link perez},
 * {@link klucher}, {@link reindlTransposition}) and the ground-reflected part of {@link groundReflected}. No
 * shading, horizon or night handling: see planeOfArray.ts for the chain form.
 *
 * @param x.surfaceTilt plane tilt β [°]
 * @param x.surfaceAzimuth plane azimuth [°]
 * @param x.solarZenith solar zenith θz [°]
 * @param x.solarAzimuth solar azimuth [°]
 * @param x.dni direct normal irradiance In [W/m²]
 * @param x.ghi global horizontal irradiance Gh [W/m²]
 * @param x.dhi diffuse horizontal irradiance Dh [W/m²]
 * @param x.dniExtra extraterrestrial normal irradiance I0 [W/m²] (Hay–Davies, Reindl, Perez)
 * @param x.airmassRelative relative air mass [-] (Perez)
 * @param x.albedo ground reflectance ρ [-]
 * @param p sky-diffuse model, see {@link SkyDiffuseModel}
 * @returns global, direct, diffuse, sky-diffuse and ground-reflected irradiance on the plane [W/m²]
 * @see J. A. Duffie, W. A. Beckman, Solar Engineering of Thermal Processes, 4th ed., Wiley (2013), §2.15–2.16,
 *      doi:10.1002/9781118671603
 */
export function totalIrradiance(
  x: {
    surfaceTilt: number;
    surfaceAzimuth: number;
    solarZenith: number;
    solarAzimuth: number;
    dni: number;
    ghi: number;
    dhi: number;
    dniExtra: number;
    airmassRelative: number;
    albedo: number;
  },
  p: SkyDiffuseModel,
): TotalIrradianceResult {
  const cosAoi = cosAoiKernel(
    x.surfaceTilt * DEG,
    x.surfaceAzimuth * DEG,
    x.solarZenith * DEG,
    x.solarAzimuth * DEG,
  );
  const beam = x.dni * cosAoi;
  const poaDirect = beam > 0 ? beam : 0;
  let poaSkyDiffuse: number;
  switch (p.model) {
    case 'isotropic':
      poaSkyDiffuse = isotropic(x);
      break;
    case 'haydavies':
      poaSkyDiffuse = haydavies(x).poaSkyDiffuse;
      break;
    case 'perez':
      poaSkyDiffuse = perez(x, p).poaSkyDiffuse;
      break;
    case 'klucher':
      poaSkyDiffuse = klucher(x);
      break;
    case 'reindl':
      poaSkyDiffuse = reindlTransposition(x);
      break;
  }
  const poaGroundDiffuse = groundReflected(x, x);
  const poaDiffuse = poaSkyDiffuse + poaGroundDiffuse;
  return { poaGlobal: poaDirect + poaDiffuse, poaDirect, poaDiffuse, poaSkyDiffuse, poaGroundDiffuse };
}
