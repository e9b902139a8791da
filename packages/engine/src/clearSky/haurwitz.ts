/**
 * Haurwitz clear-sky global horizontal irradiance.
 * GHI = 1098·cos θz·exp(−0.059/cos θz) for cos θz > 0, else 0.
 * @see B. Haurwitz, "Insolation in relation to cloudiness and cloud density," Journal of Meteorology 2
 *      (1945) 154–166, doi:10.1175/1520-0469(1945)002<0154:IIRTCA>2.0.CO;2; M. Reno, C. Hansen,
 *      J. Stein, "Global horizontal irradiance clear sky models: implementation and analysis,"
 *      SAND2012-2389 (2012), doi:10.2172/1039404
 */

const D2R = Math.PI / 180;

function haurwitzKernel(apparentZenith: number): number {
  const c = Math.cos(apparentZenith * D2R);
  return c > 0 ? 1098 * c * Math.exp(-0.059 / c) : 0;
}

/**
 * Haurwitz clear-sky GHI = 1098·cos θz·e^(−0.059/cos θz).
 * @param x.apparentZenith refraction-corrected solar zenith θz [°]
 * @returns clear-sky GHI [W/m²]; 0 with the sun below the horizon
 * @see B. Haurwitz, J. Meteorology 2 (1945) 154–166
 */
export function haurwitz(x: { apparentZenith: number }): number {
  return haurwitzKernel(x.apparentZenith);
}

/** Series form of {@link haurwitz}. */
export function haurwitzSeries(apparentZenith: Float64Array, out: Float64Array): Float64Array {
  for (let i = 0; i < apparentZenith.length; i++) out[i] = haurwitzKernel(apparentZenith[i]!);
  return out;
}
