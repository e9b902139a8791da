/**
 * First Solar one-parameter spectral correction in precipitable water (the product's "1-Param PWat"
 * model for FS Series 4 and earlier / Series 4-2 and later).
 */

/** Coefficients c0…c4 of M = c0 + c1·exp(c2·(W + c3)^c4). */
export interface FirstSolarPwatParams {
  c0: number;
  c1: number;
  c2: number;
  c3: number;
  c4: number;
}

/** @internal Kernel shared by the scalar and series forms. */
export function firstSolarPwatKernel(
  w: number,
  c0: number,
  c1: number,
  c2: number,
  c3: number,
  c4: number,
): number {
  if (w < 0.1) w = 0.1;
  else if (w > 8) w = 8;
  return c0 + c1 * Math.exp(c2 * Math.pow(w + c3, c4));
}

/**
 * Spectral mismatch factor from precipitable water alone (First Solar PWat form, spec 4 §2).
 *
 * M = c0 + c1·exp(c2·(W + c3)^c4), with W limited to [0.1, 8] cm like the two-parameter model.
 *
 * The form is the one the product documents; its coefficients were not published with it, so there is
 * no default set: they come with the module (the caller passes them).
 *
 * @param x.precipitableWater precipitable water W [cm]
 * @param p coefficients c0 [-], c1 [-], c2 [-], c3 [cm], c4 [-]
 * @returns spectral mismatch factor M [-]
 * @see spec 4 §2 "Spectral" (the form, "FS PWat models (Series ≤4, Series 4-2+)")
 * @see M. Lee, A. Panchula, IEEE 43rd PVSC (2016), doi:10.1109/PVSC.2016.7749836 (First Solar's
 *      two-parameter successor, {@link firstSolar})
 */
export function firstSolarPwat(x: { precipitableWater: number }, p: FirstSolarPwatParams): number {
  return firstSolarPwatKernel(x.precipitableWater, p.c0, p.c1, p.c2, p.c3, p.c4);
}

/**
 * Series form of {@link firstSolarPwat}.
 * @param x.precipitableWater W [cm]
 * @param p coefficients
 * @param out caller-owned output [-]
 */
export function firstSolarPwatSeries(
  x: { precipitableWater: Float64Array },
  p: FirstSolarPwatParams,
  out: Float64Array,
): Float64Array {
  const { c0, c1, c2, c3, c4 } = p;
  const w = x.precipitableWater;
  for (let i = 0; i < w.length; i++) out[i] = firstSolarPwatKernel(w[i]!, c0, c1, c2, c3, c4);
  return out;
}
