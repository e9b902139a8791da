/**
 * Clearness indices shared by the decomposition models.
 *
 * kt = GHI/(I0·max(cos θz, cos_min))  clipped to [0, kt_max]           (Maxwell 1987)
 * kt′ = kt/[1.031·exp(−1.4/(0.9 + 9.4/AM)) + 0.1]  clipped to [0, kt_max]  (Perez et al. 1992, Eq. 1)
 * The floor cos_min = 0.065 (θz ≈ 86.27°) keeps kt finite near the horizon.
 * @see E. L. Maxwell, "A quasi-physical model for converting hourly global horizontal to direct normal
 *      insolation," SERI/TR-215-3087 (1987)
 * @see R. Perez, P. Ineichen, E. Maxwell, R. Seals, A. Zelenka, "Dynamic global-to-direct irradiance
 *      conversion models," ASHRAE Transactions 98(1) (1992) 354–369
 */

const D2R = Math.PI / 180;

/** Default floor of cos θz in kt [–]. */
export const MIN_COS_ZENITH = 0.065;
/** Default zenith beyond which decomposition models give DNI = 0 [°]. */
export const MAX_ZENITH = 87;

/**
 * Global clearness index kt = GHI/(I0·max(cos θz, cos_min)), clipped to [0, kt_max].
 * @param x.ghi global horizontal irradiance [W/m²]
 * @param x.zenith true solar zenith θz [°]
 * @param x.dniExtra extraterrestrial normal irradiance I0 [W/m²]
 * @param p.minCosZenith cos_min, default 0.065
 * @param p.maxClearnessIndex kt_max, default 2
 * @returns kt [–]
 * @see E. L. Maxwell, SERI/TR-215-3087 (1987)
 */
export function clearnessIndex(
  x: { ghi: number; zenith: number; dniExtra: number },
  p: { minCosZenith?: number; maxClearnessIndex?: number } = {},
): number {
  return clearnessIndexKernel(
    x.ghi,
    x.zenith,
    x.dniExtra,
    p.minCosZenith ?? MIN_COS_ZENITH,
    p.maxClearnessIndex ?? 2,
  );
}

/** @internal positional kernel of {@link clearnessIndex}; NaN in gives NaN out. */
export function clearnessIndexKernel(
  ghi: number,
  zenith: number,
  dniExtra: number,
  minCos: number,
  max: number,
): number {
  const kt = ghi / (dniExtra * Math.max(Math.cos(zenith * D2R), minCos));
  if (kt !== kt) return NaN;
  return kt < 0 ? 0 : kt > max ? max : kt;
}

/**
 * Zenith-independent clearness index kt′ = kt/[1.031·exp(−1.4/(0.9 + 9.4/AM)) + 0.1], clipped to
 * [0, kt_max].
 * @param x.clearnessIndex kt [–]
 * @param x.airmass air mass AM (DIRINT: pressure-corrected) [–]
 * @param p.maxClearnessIndex kt_max, default 2
 * @returns kt′ [–]; NaN where AM is NaN
 * @see R. Perez et al., ASHRAE Transactions 98(1) (1992) 354–369, Eq. 1
 */
export function clearnessIndexZenithIndependent(
  x: { clearnessIndex: number; airmass: number },
  p: { maxClearnessIndex?: number } = {},
): number {
  return ktPrimeKernel(x.clearnessIndex, x.airmass, p.maxClearnessIndex ?? 2);
}

/** @internal positional kernel of {@link clearnessIndexZenithIndependent}. */
export function ktPrimeKernel(kt: number, airmass: number, max: number): number {
  const v = kt / (1.031 * Math.exp(-1.4 / (0.9 + 9.4 / airmass)) + 0.1);
  if (v !== v) return NaN;
  return v < 0 ? 0 : v > max ? max : v;
}
