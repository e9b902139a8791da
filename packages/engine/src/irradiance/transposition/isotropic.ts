/**
 * Isotropic sky-diffuse model (Liu–Jordan).
 */

const DEG = Math.PI / 180;

/** @internal Kernel: Dh·(1 + cos β)/2 [W/m²]. */
export function isotropicKernel(dhi: number, cosTilt: number): number {
  return dhi * 0.5 * (1 + cosTilt);
}

/**
 * Sky-diffuse irradiance on a tilted plane under an isotropic sky: the plane sees the fraction
 * (1 + cos β)/2 of the sky dome (the sky view factor of a plane tilted β), so
 *
 *   Ed = Dh·(1 + cos β)/2
 *
 * @param x.dhi diffuse horizontal irradiance Dh [W/m²]
 * @param x.surfaceTilt plane tilt β [°]
 * @returns sky-diffuse irradiance on the plane [W/m²]
 * @see B. Y. H. Liu, R. C. Jordan, "The long-term average performance of flat-plate solar-energy
 *      collectors," Solar Energy 7 (1963) 53–74, doi:10.1016/0038-092X(63)90006-9
 */
export function isotropic(x: { dhi: number; surfaceTilt: number }): number {
  return isotropicKernel(x.dhi, Math.cos(x.surfaceTilt * DEG));
}

/**
 * Series form of {@link isotropic}; allocation-free.
 * @param x.dhi diffuse horizontal irradiance [W/m²]
 * @param x.surfaceTilt plane tilt per step [°]
 * @param out caller-owned sky diffuse on the plane [W/m²]
 */
export function isotropicSeries(
  x: { dhi: Float64Array; surfaceTilt: Float64Array },
  out: Float64Array,
): void {
  const { dhi, surfaceTilt } = x;
  for (let i = 0; i < dhi.length; i++) out[i] = isotropicKernel(dhi[i]!, Math.cos(surfaceTilt[i]! * DEG));
}
