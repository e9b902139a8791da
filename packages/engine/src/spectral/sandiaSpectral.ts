/**
 * Sandia (SAPM) air-mass spectral function f1.
 */

/** Coefficients a0…a4 of f1(AMa) (`sandiaSpectralA0…A4`). */
export interface SandiaSpectralParams {
  a0: number;
  a1: number;
  a2: number;
  a3: number;
  a4: number;
}

/** @internal Kernel shared by the scalar and series forms (Horner evaluation). */
export function sandiaSpectralKernel(
  am: number,
  a0: number,
  a1: number,
  a2: number,
  a3: number,
  a4: number,
): number {
  const f = a0 + am * (a1 + am * (a2 + am * (a3 + am * a4)));
  return f < 0 ? 0 : f;
}

/**
 * Spectral factor of the Sandia Array Performance Model, a polynomial in absolute air mass.
 *
 * f1(AMa) = a0 + a1·AMa + a2·AMa² + a3·AMa³ + a4·AMa⁴, floored at 0. NaN air mass gives NaN.
 *
 * @param x.airmassAbsolute pressure-corrected air mass AMa [-]
 * @param p coefficients a0 [-] … a4 [-]
 * @returns spectral factor f1 [-]
 * @see D. L. King, W. E. Boyson, J. A. Kratochvil, "Photovoltaic Array Performance Model," SAND2004-3535
 *      (2004), eq. 5, doi:10.2172/919131
 */
export function sandiaSpectral(x: { airmassAbsolute: number }, p: SandiaSpectralParams): number {
  return sandiaSpectralKernel(x.airmassAbsolute, p.a0, p.a1, p.a2, p.a3, p.a4);
}

/**
 * Series form of {@link sandiaSpectral}.
 * @param x.airmassAbsolute AMa [-]
 * @param p coefficients
 * @param out caller-owned output [-]
 */
export function sandiaSpectralSeries(
  x: { airmassAbsolute: Float64Array },
  p: SandiaSpectralParams,
  out: Float64Array,
): Float64Array {
  const { a0, a1, a2, a3, a4 } = p;
  const am = x.airmassAbsolute;
  for (let i = 0; i < am.length; i++) out[i] = sandiaSpectralKernel(am[i]!, a0, a1, a2, a3, a4);
  return out;
}
