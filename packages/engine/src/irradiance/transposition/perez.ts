/**
 * Perez anisotropic sky-diffuse model (1990 form, every published coefficient set).
 */
import { cosAoiKernel } from '../../geometry/aoi.ts';
import { type PerezModel, perezCoefficientArray } from './perezCoefficients.ts';

const DEG = Math.PI / 180;
/** κ of the clearness ε for a zenith in radians [-]. */
const KAPPA = 1.041;
/** cos 85°: floor of b = max(cos 85°, cos θz). */
const COS85 = Math.cos(85 * DEG);

/** @internal Length of {@link perezKernel}'s input and output array. */
export const PEREZ_IO_LENGTH = 9;

/**
 * @internal Kernel. Inputs in `r`: r[0] DHI, r[1] DNI, r[2] I0 [W/m²], r[3] relative air mass [-],
 * r[4] zenith [rad], r[5] cos θz, r[6] cos θi, r[7] cos β, r[8] sin β [-]. Outputs over them: the isotropic, circumsolar and
 * horizon components [W/m²] in r[0..2] and the circumsolar brightness coefficient F1 [-] in r[3] (0
 * where all components are 0). One array for both, so that the call passes no number arguments (the
 * kernel is too large for V8 to inline; each double argument of a call that is not inlined is boxed).
 * @param coef flat coefficient array of {@link perezCoefficientArray}
 */
export function perezKernel(coef: Float64Array, r: Float64Array): void {
  const dhi = r[0]!;
  const dni = r[1]!;
  const dniExtra = r[2]!;
  const airmassRelative = r[3]!;
  const zenithRad = r[4]!;
  const cosZenith = r[5]!;
  const cosAoi = r[6]!;
  const cosTilt = r[7]!;
  const sinTilt = r[8]!;
  // Every comparison is made and every output written on each call, whatever the path (one store of
  // each output, constants chosen on the rare paths): a comparison or store that V8 had not seen run
  // before optimising the kernel (a clearness bin, a zero DHI, a non-positive sum first met in the
  // afternoon) threw the optimised code away in a 1-minute year's first run, twice, with the calls
  // until it was compiled again in baseline code (issue 17). Same values as the branches it replaces.
  let iso = 0;
  let circ = 0;
  let hor = 0;
  let f1 = 0;
  if (dhi > 0) {
    const kz3 = KAPPA * zenithRad * zenithRad * zenithRad;
    const eps = ((dhi + dni) / dhi + kz3) / (1 + kz3);
    // the bin of ε: 0 below 1.065, …, 42 from 6.2 (and for NaN)
    let bin = 42;
    if (eps < 6.2) bin = 36;
    if (eps < 4.5) bin = 30;
    if (eps < 2.8) bin = 24;
    if (eps < 1.95) bin = 18;
    if (eps < 1.5) bin = 12;
    if (eps < 1.23) bin = 6;
    if (eps < 1.065) bin = 0;
    const delta = (dhi * airmassRelative) / dniExtra;
    f1 = coef[bin]! + coef[bin + 1]! * delta + coef[bin + 2]! * zenithRad;
    if (f1 < 0) f1 = 0;
    const f2 = coef[bin + 3]! + coef[bin + 4]! * delta + coef[bin + 5]! * zenithRad;
    const a = cosAoi > 0 ? cosAoi : 0;
    const b = cosZenith > COS85 ? cosZenith : COS85;
    iso = dhi * (1 - f1) * 0.5 * (1 + cosTilt);
    circ = (dhi * f1 * a) / b;
    hor = dhi * f2 * sinTilt;
    const sum = iso + circ + hor;
    const positive = sum > 0;
    const notPositive = sum <= 0;
    if (!positive) {
      const v = notPositive ? 0 : Number.NaN;
      iso = circ = hor = f1 = v;
    }
  }
  r[0] = iso;
  r[1] = circ;
  r[2] = hor;
  r[3] = f1;
}

const scratch = new Float64Array(PEREZ_IO_LENGTH);

/** @internal Writes the inputs of {@link perezKernel} into `r` (small enough to be inlined). */
export function perezInputs(
  dhi: number,
  dni: number,
  dniExtra: number,
  airmassRelative: number,
  zenithRad: number,
  cosZenith: number,
  cosAoi: number,
  cosTilt: number,
  sinTilt: number,
  r: Float64Array,
): void {
  r[0] = dhi;
  r[1] = dni;
  r[2] = dniExtra;
  r[3] = airmassRelative;
  r[4] = zenithRad;
  r[5] = cosZenith;
  r[6] = cosAoi;
  r[7] = cosTilt;
  r[8] = sinTilt;
}

/** Sky-diffuse irradiance on a tilted plane and its three Perez components [W/m²]. */
export interface PerezResult {
  poaSkyDiffuse: number;
  poaIsotropic: number;
  poaCircumsolar: number;
  poaHorizon: number;
}

/**
 * Sky-diffuse irradiance on a tilted plane by the Perez model (Perez et al. 1990, eq. 9 and Table 6):
 *
 *   Ed = Dh·[(1 − F1)·(1 + cos β)/2 + F1·a/b + F2·sin β]
 *
 * with a = max(0, cos θi), b = max(cos 85°, cos θz), the brightness Δ = Dh·m/I0, the clearness
 * ε = [(Dh + In)/Dh + κZ³]/(1 + κZ³) (Z the zenith in radians, κ = 1.041), and, in the coefficient row
 * of ε's bin, F1 = max[0, f11 + f12·Δ + f13·Z], F2 = f21 + f22·Δ + f23·Z. The three terms are the
 * isotropic, circumsolar and horizon-band components. When their sum is ≤ 0 (or Dh ≤ 0) all are 0.
 *
 * @param x.surfaceTilt plane tilt β [°]
 * @param x.surfaceAzimuth plane azimuth [°]
 * @param x.solarZenith solar zenith θz [°] (the chain passes the apparent zenith)
 * @param x.solarAzimuth solar azimuth [°]
 * @param x.dhi diffuse horizontal irradiance Dh [W/m²]
 * @param x.dni direct normal irradiance In [W/m²]
 * @param x.dniExtra extraterrestrial normal irradiance I0 [W/m²]
 * @param x.airmassRelative relative optical air mass m [-] (not pressure-corrected)
 * @param p.coefficients coefficient set, see {@link PerezModel}
 * @returns sky diffuse and its isotropic, circumsolar and horizon components [W/m²]
 * @see R. Perez, P. Ineichen, R. Seals, J. Michalsky, R. Stewart, "Modeling daylight availability and
 *      irradiance components from direct and global irradiance," Solar Energy 44 (1990) 271–289,
 *      doi:10.1016/0038-092X(90)90055-H
 */
export function perez(
  x: {
    surfaceTilt: number;
    surfaceAzimuth: number;
    solarZenith: number;
    solarAzimuth: number;
    dhi: number;
    dni: number;
    dniExtra: number;
    airmassRelative: number;
  },
  p: { coefficients: PerezModel },
): PerezResult {
  const z = x.solarZenith * DEG;
  const tilt = x.surfaceTilt * DEG;
  const cosAoi = cosAoiKernel(tilt, x.surfaceAzimuth * DEG, z, x.solarAzimuth * DEG);
  perezInputs(
    x.dhi,
    x.dni,
    x.dniExtra,
    x.airmassRelative,
    z,
    Math.cos(z),
    cosAoi,
    Math.cos(tilt),
    Math.sin(tilt),
    scratch,
  );
  perezKernel(perezCoefficientArray(p.coefficients), scratch);
  const poaIsotropic = scratch[0]!;
  const poaCircumsolar = scratch[1]!;
  const poaHorizon = scratch[2]!;
  return {
    poaSkyDiffuse: poaIsotropic + poaCircumsolar + poaHorizon,
    poaIsotropic,
    poaCircumsolar,
    poaHorizon,
  };
}

/**
 * Series form of {@link perez}; allocation-free. Takes cos θi from the mounting model (which has it)
 * instead of the surface and solar azimuths.
 * @param x.surfaceTilt plane tilt per step [°]
 * @param x.cosAoi cosine of the angle of incidence per step [-]
 * @param x.solarZenith solar zenith per step [°]
 * @param x.dhi diffuse horizontal irradiance [W/m²]
 * @param x.dni direct normal irradiance [W/m²]
 * @param x.dniExtra extraterrestrial normal irradiance [W/m²]
 * @param x.airmassRelative relative air mass [-]
 * @param p.coefficients coefficient set
 * @param out caller-owned components [W/m²]; poaSkyDiffuse is optional
 */
export function perezSeries(
  x: {
    surfaceTilt: Float64Array;
    cosAoi: Float64Array;
    solarZenith: Float64Array;
    dhi: Float64Array;
    dni: Float64Array;
    dniExtra: Float64Array;
    airmassRelative: Float64Array;
  },
  p: { coefficients: PerezModel },
  out: {
    poaIsotropic: Float64Array;
    poaCircumsolar: Float64Array;
    poaHorizon: Float64Array;
    poaSkyDiffuse?: Float64Array;
  },
): void {
  const coef = perezCoefficientArray(p.coefficients);
  const { surfaceTilt, cosAoi, solarZenith, dhi, dni, dniExtra, airmassRelative } = x;
  const { poaIsotropic, poaCircumsolar, poaHorizon, poaSkyDiffuse } = out;
  const r = scratch;
  for (let i = 0; i < solarZenith.length; i++) {
    const z = solarZenith[i]! * DEG;
    const cosTilt = Math.cos(surfaceTilt[i]! * DEG);
    const sinTilt = Math.sqrt(1 - cosTilt * cosTilt);
    perezInputs(
      dhi[i]!,
      dni[i]!,
      dniExtra[i]!,
      airmassRelative[i]!,
      z,
      Math.cos(z),
      cosAoi[i]!,
      cosTilt,
      sinTilt,
      r,
    );
    perezKernel(coef, r);
    poaIsotropic[i] = r[0]!;
    poaCircumsolar[i] = r[1]!;
    poaHorizon[i] = r[2]!;
    if (poaSkyDiffuse !== undefined) poaSkyDiffuse[i] = r[0]! + r[1]! + r[2]!;
  }
}
