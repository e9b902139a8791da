/**
 * Ground-reflected irradiance on a tilted plane, isotropic ground, with monthly albedo.
 */

const DEG = Math.PI / 180;

/** @internal Kernel: ρ·Gh·(1 − cos β)/2 [W/m²]. */
export function groundReflectedKernel(ghi: number, albedo: number, cosTilt: number): number {
  return ghi * albedo * 0.5 * (1 - cosTilt);
}

/**
 * Irradiance reflected by an infinite, isotropically (Lambertian) reflecting horizontal ground onto a
 * plane tilted β, which sees the fraction (1 − cos β)/2 of the ground:
 *
 *   Er = ρ·Gh·(1 − cos β)/2
 *
 * @param x.ghi global horizontal irradiance Gh [W/m²]
 * @param x.surfaceTilt plane tilt β [°]
 * @param p.albedo ground reflectance ρ [-]
 * @returns ground-reflected irradiance on the plane [W/m²]
 * @see B. Y. H. Liu, R. C. Jordan, "The long-term average performance of flat-plate solar-energy
 *      collectors," Solar Energy 7 (1963) 53–74, doi:10.1016/0038-092X(63)90006-9
 */
export function groundReflected(x: { ghi: number; surfaceTilt: number }, p: { albedo: number }): number {
  return groundReflectedKernel(x.ghi, p.albedo, Math.cos(x.surfaceTilt * DEG));
}

/**
 * Series form of {@link groundReflected} with one albedo per calendar month (`monthlyFactors[].albedo`),
 * or per step when `x.albedo` is given (a weather file's albedo column, `useWeatherFileAlbedoData`).
 * @param x.ghi global horizontal irradiance [W/m²]
 * @param x.surfaceTilt plane tilt per step [°]
 * @param x.month calendar month of each step, 1–12 [-]
 * @param x.albedo optional albedo per step [-]; overrides the monthly values where finite
 * @param p.monthlyAlbedo twelve albedos, January first [-]
 * @param out caller-owned ground-reflected irradiance [W/m²]
 */
export function groundReflectedSeries(
  x: { ghi: Float64Array; surfaceTilt: Float64Array; month: Uint8Array; albedo?: Float64Array },
  p: { monthlyAlbedo: readonly number[] },
  out: Float64Array,
): void {
  if (p.monthlyAlbedo.length !== 12) throw new Error('groundReflectedSeries: monthlyAlbedo needs 12 values');
  const monthly = Float64Array.from(p.monthlyAlbedo);
  const { ghi, surfaceTilt, month, albedo } = x;
  for (let i = 0; i < ghi.length; i++) {
    let rho = monthly[month[i]! - 1]!;
    if (albedo !== undefined) {
      const a = albedo[i]!;
      if (a === a) rho = a;
    }
    out[i] = groundReflectedKernel(ghi[i]!, rho, Math.cos(surfaceTilt[i]! * DEG));
  }
}
