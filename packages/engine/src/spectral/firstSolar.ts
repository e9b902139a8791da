/**
 * First Solar two-parameter spectral correction (precipitable water and absolute air mass).
 */

/** Coefficients b0…b5 of the Lee & Panchula form. */
export type FirstSolarCoefficients = readonly [number, number, number, number, number, number];

/**
 * Published coefficient sets (spec 4 §2; Lee & Panchula 2016 and PVLIB-MATLAB `pvl_FSspeccorr`).
 * `cdte` is the First Solar Series 4-2 and later set (the S7 module file's `spectral2B0…5`);
 * `cdteSeries4` is the earlier CdTe set; `multiSi` is the same set as `polySi`.
 */
export const FIRST_SOLAR_SPECTRAL_COEFFICIENTS = {
  cdte: [0.86273, -0.038948, -0.012506, 0.098871, 0.084658, -0.0042948],
  cdteSeries4: [0.79418, -0.049883, -0.013402, 0.16766, 0.083377, -0.0044007],
  monoSi: [0.85914, -0.02088, -0.0058853, 0.12029, 0.026814, -0.001781],
  polySi: [0.8409, -0.027539, -0.0079224, 0.1357, 0.038024, -0.0021218],
  multiSi: [0.8409, -0.027539, -0.0079224, 0.1357, 0.038024, -0.0021218],
  cigs: [0.85252, -0.022314, -0.0047216, 0.13666, 0.013342, -0.0008945],
  aSi: [1.12094, -0.04762, -0.0083627, -0.10443, 0.098382, -0.0033818],
} as const satisfies Record<string, FirstSolarCoefficients>;

/** Coefficients and the input limits of the two-parameter model. */
export interface FirstSolarParams {
  coefficients: FirstSolarCoefficients;
  /** Water below this is raised to it [cm]; default 0.1. */
  minPrecipitableWater?: number;
  /** Water above this gives NaN (unless `clipHighPrecipitableWater`) [cm]; default 8. */
  maxPrecipitableWater?: number;
  /** Air mass is clipped to [minAirmass, maxAirmass] [-]; defaults 0.58 and 10. */
  minAirmass?: number;
  maxAirmass?: number;
  /** Clip water above the maximum to it instead of returning NaN; default false (the reference). */
  clipHighPrecipitableWater?: boolean;
}

/** @internal Kernel shared by the scalar and series forms. */
export function firstSolarKernel(
  w: number,
  am: number,
  c: FirstSolarCoefficients,
  wMin: number,
  wMax: number,
  amMin: number,
  amMax: number,
  clipHigh: boolean,
): number {
  if (w < wMin) w = wMin;
  else if (w > wMax) {
    if (!clipHigh) return Number.NaN;
    w = wMax;
  }
  if (am < amMin) am = amMin;
  else if (am > amMax) am = amMax;
  const sw = Math.sqrt(w);
  const sam = Math.sqrt(am);
  return c[0] + c[1] * am + c[2] * w + c[3] * sam + c[4] * sw + c[5] * (am / sw);
}

/**
 * Spectral mismatch factor from precipitable water and absolute air mass (First Solar, Lee & Panchula).
 *
 * M = b0 + b1·AMa + b2·W + b3·√AMa + b4·√W + b5·AMa/√W
 *
 * Inputs are limited as in the reference: W < 0.1 cm is raised to 0.1 cm; W > 8 cm gives NaN (or is
 * clipped to 8 cm with `clipHighPrecipitableWater`); AMa is clipped to [0.58, 10]. NaN inputs give NaN.
 * With no water data at all the product uses M = 1 (spec 4 §2); that choice belongs to the caller.
 *
 * @param x.precipitableWater precipitable water W [cm]
 * @param x.airmassAbsolute pressure-corrected (absolute) air mass AMa [-]
 * @param p coefficients b0…b5 (see {@link FIRST_SOLAR_SPECTRAL_COEFFICIENTS}) and optional limits
 * @returns spectral mismatch factor M [-]
 * @see M. Lee, A. Panchula, "Spectral correction for photovoltaic module performance based on air mass
 *      and precipitable water," IEEE 43rd PVSC (2016), doi:10.1109/PVSC.2016.7749836
 */
export function firstSolar(
  x: { precipitableWater: number; airmassAbsolute: number },
  p: FirstSolarParams,
): number {
  return firstSolarKernel(
    x.precipitableWater,
    x.airmassAbsolute,
    p.coefficients,
    p.minPrecipitableWater ?? 0.1,
    p.maxPrecipitableWater ?? 8,
    p.minAirmass ?? 0.58,
    p.maxAirmass ?? 10,
    p.clipHighPrecipitableWater ?? false,
  );
}

/**
 * Series form of {@link firstSolar}.
 * @param x.precipitableWater W [cm]
 * @param x.airmassAbsolute AMa [-]
 * @param p coefficients and limits
 * @param out caller-owned output [-]
 */
export function firstSolarSeries(
  x: { precipitableWater: Float64Array; airmassAbsolute: Float64Array },
  p: FirstSolarParams,
  out: Float64Array,
): Float64Array {
  const c = p.coefficients;
  const wMin = p.minPrecipitableWater ?? 0.1;
  const wMax = p.maxPrecipitableWater ?? 8;
  const amMin = p.minAirmass ?? 0.58;
  const amMax = p.maxAirmass ?? 10;
  const clip = p.clipHighPrecipitableWater ?? false;
  const w = x.precipitableWater;
  const am = x.airmassAbsolute;
  for (let i = 0; i < w.length; i++)
    out[i] = firstSolarKernel(w[i]!, am[i]!, c, wMin, wMax, amMin, amMax, clip);
  return out;
}
