/**
 * Precipitable water estimated from surface temperature and humidity (Gueymard 1994), for the spectral
 * models when the weather file has no precipitable water.
 */

/**
 * Saturation water-vapour pressure over water (Gueymard 1993, eq. 1) [mbar] at temperature tK [K]:
 * e_s = exp(22.330 − 49.140·(100/T) − 10.922·(100/T)² − 0.39015·T/100).
 */
function saturationPressure(tK: number): number {
  const r = 100 / tK;
  return Math.exp(22.33 - 49.14 * r - 10.922 * r * r - 0.39015 * (tK / 100));
}

/** @internal Precipitable water [cm] from temperature [°C] and vapour pressure e [mbar]. */
function fromVapourPressure(tempAir: number, e: number): number {
  const t = tempAir + 273.15;
  const theta = t / 273.15;
  const hv = 0.4976 + 1.5265 * theta + Math.exp(13.6897 * theta - 14.9188 * theta * theta * theta);
  const rhoV = (216.7 * e) / t;
  return 0.1 * hv * rhoV;
}

/** @internal Kernel of {@link gueymard94Pw}. */
export function gueymard94PwKernel(tempAir: number, relativeHumidity: number): number {
  return fromVapourPressure(tempAir, (relativeHumidity / 100) * saturationPressure(tempAir + 273.15));
}

/** @internal Kernel of {@link precipitableWaterFromDewPoint}. */
export function dewPointPwKernel(tempAir: number, tempDew: number): number {
  return fromVapourPressure(tempAir, saturationPressure(Math.min(tempDew, tempAir) + 273.15));
}

/**
 * Precipitable water from air temperature and relative humidity (Gueymard 1994).
 *
 * W = 0.1·Hv·ρv, with the apparent water-vapour scale height (eq. 4, T in K, θ = T/273.15)
 *   Hv = 0.4976 + 1.5265·θ + exp(13.6897·θ − 14.9188·θ³)  [km],
 * the surface vapour density (eq. 2) ρv = 216.7·(RH/100)·e_s/T [g/m³] and the saturation pressure
 *   e_s = exp(22.330 − 49.140·(100/T) − 10.922·(100/T)² − 0.39015·T/100)  [mbar] (Gueymard 1993).
 * About ±20 % for 1–3 cm (monthly-mean fit); the spectral models clip W to their own range.
 *
 * @param x.tempAir air temperature at the surface [°C]
 * @param x.relativeHumidity relative humidity at the surface RH [%]
 * @returns precipitable water W [cm]
 * @see C. Gueymard, "Analysis of monthly average atmospheric precipitable water and turbidity in Canada
 *      and northern United States," Solar Energy 53 (1994) 57–71, doi:10.1016/S0038-092X(94)90606-8
 * @see C. Gueymard, "Assessment of the accuracy and computing speed of simplified saturation vapor
 *      equations using a new reference dataset," J. Appl. Meteorol. 32 (1993) 1294–1300,
 *      doi:10.1175/1520-0450(1993)032<1294:AOTAAC>2.0.CO;2
 */
export function gueymard94Pw(x: { tempAir: number; relativeHumidity: number }): number {
  return gueymard94PwKernel(x.tempAir, x.relativeHumidity);
}

/**
 * Precipitable water from air temperature and dew point, by the same Gueymard (1994) relation with the
 * surface vapour pressure taken as the saturation pressure at the dew point:
 *   e = e_s(Td), ρv = 216.7·e/T, W = 0.1·Hv(T)·ρv,
 * which is the RH form with RH = 100·e_s(Td)/e_s(T). A dew point above the air temperature is limited
 * to it (saturation).
 *
 * @param x.tempAir air temperature T [°C]
 * @param x.tempDew dew-point temperature Td [°C]
 * @returns precipitable water W [cm]
 * @see C. Gueymard, Solar Energy 53 (1994) 57–71, doi:10.1016/S0038-092X(94)90606-8
 */
export function precipitableWaterFromDewPoint(x: { tempAir: number; tempDew: number }): number {
  return dewPointPwKernel(x.tempAir, x.tempDew);
}

/**
 * Series form of {@link gueymard94Pw}.
 * @param x.tempAir [°C]
 * @param x.relativeHumidity [%]
 * @param out caller-owned precipitable water [cm]
 */
export function gueymard94PwSeries(
  x: { tempAir: Float64Array; relativeHumidity: Float64Array },
  out: Float64Array,
): Float64Array {
  const t = x.tempAir;
  const rh = x.relativeHumidity;
  for (let i = 0; i < t.length; i++) out[i] = gueymard94PwKernel(t[i]!, rh[i]!);
  return out;
}

/**
 * Series form of {@link precipitableWaterFromDewPoint}.
 * @param x.tempAir [°C]
 * @param x.tempDew [°C]
 * @param out caller-owned precipitable water [cm]
 */
export function precipitableWaterFromDewPointSeries(
  x: { tempAir: Float64Array; tempDew: Float64Array },
  out: Float64Array,
): Float64Array {
  const t = x.tempAir;
  const td = x.tempDew;
  for (let i = 0; i < t.length; i++) out[i] = dewPointPwKernel(t[i]!, td[i]!);
  return out;
}
