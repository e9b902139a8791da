/**
 * Extraterrestrial irradiance on a plane normal to the sun, from the day of year (Spencer 1971).
 *
 * Γ = 2π·(doy − 1)/365 [rad]
 * (r0/r)² = 1.00011 + 0.034221·cos Γ + 0.00128·sin Γ + 0.000719·cos 2Γ + 0.000077·sin 2Γ
 * dniExtra = S·(r0/r)²,  S = 1366.1 W/m² by default
 *
 * Day of year: 1 = 1 January, counted in local standard time of the timestamps (what the reference
 * does with `times.dayofyear`); see `time/calendar.ts` `dayOfYear`.
 * @see J. W. Spencer, "Fourier series representation of the position of the sun," Search 2(5) (1971)
 *      172; coefficients as in J. A. Duffie, W. A. Beckman, Solar Engineering of Thermal Processes,
 *      4th ed., Wiley (2013), Eq. 1.4.1b, doi:10.1002/9781118671603
 */

/** Solar constant of the reference (pvlib `get_extra_radiation`) [W/m²]. */
export const SOLAR_CONSTANT = 1366.1;

function spencerFactor(dayOfYear: number): number {
  const g = ((2 * Math.PI) / 365) * (dayOfYear - 1);
  return (
    1.00011 +
    0.034221 * Math.cos(g) +
    0.00128 * Math.sin(g) +
    0.000719 * Math.cos(2 * g) +
    0.000077 * Math.sin(2 * g)
  );
}

/**
 * Extraterrestrial normal irradiance by Spencer (1971): dniExtra = S·(r0/r)².
 * @param x.dayOfYear day of year, 1–366 (fractional values are used as given)
 * @param p.solarConstant S [W/m²], default 1366.1
 * @returns extraterrestrial irradiance normal to the sun [W/m²]
 * @see J. W. Spencer, Search 2(5) (1971) 172
 */
export function extraterrestrialSpencer(
  x: { dayOfYear: number },
  p: { solarConstant?: number } = {},
): number {
  return (p.solarConstant ?? SOLAR_CONSTANT) * spencerFactor(x.dayOfYear);
}

/** Series form of {@link extraterrestrialSpencer}: out[i] = S·(r0/r)²(dayOfYear[i]) [W/m²]. */
export function extraterrestrialSpencerSeries(
  dayOfYear: Float64Array,
  p: { solarConstant?: number },
  out: Float64Array,
): Float64Array {
  const s = p.solarConstant ?? SOLAR_CONSTANT;
  let lastDoy = NaN;
  let last = NaN;
  for (let i = 0; i < dayOfYear.length; i++) {
    const d = dayOfYear[i]!;
    if (d !== lastDoy) {
      lastDoy = d;
      last = s * spencerFactor(d);
    }
    out[i] = last;
  }
  return out;
}
