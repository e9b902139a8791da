/**
 * Sun position, extraterrestrial irradiance, air mass and Ineichen–Perez clear sky at the middle of
 * each weather interval, for the quality check, the tilted-plane sums and the synthetic year.
 * Solar position by NREL SPA (Reda & Andreas 2004) in its series form; I0 by Spencer (1971); relative
 * air mass by Kasten & Young (1989); clear sky by Ineichen & Perez (2002).
 */
import { airmassRelativeSeries, alt2pres } from '../atmosphere/airmass.ts';
import { ineichenSeries } from '../clearSky/ineichen.ts';
import { extraterrestrialSpencerSeries } from '../irradiance/extraterrestrial.ts';
import { SPA_DEFAULT_DELTA_T } from '../solarPosition/spa.ts';
import { spaSeries } from '../solarPosition/spaSeries.ts';
import { dayOfYearSeries } from '../time/calendar.ts';

/** Site of the geometry. */
export interface SunSite {
  latitude: number;
  longitude: number;
  /** [m] */
  elevation: number;
}

/** Per-step sun geometry and clear sky. */
export interface SunGeometry {
  /** zenith without refraction [°] */
  zenith: Float64Array;
  /** zenith with refraction [°] */
  apparentZenith: Float64Array;
  /** azimuth N = 0, E = 90 [°] */
  azimuth: Float64Array;
  /** cos of the zenith without refraction */
  cosZenith: Float64Array;
  /** extraterrestrial normal irradiance [W/m²] */
  dniExtra: Float64Array;
  /** relative air mass (Kasten–Young), NaN at night */
  airmass: Float64Array;
  /** Ineichen clear-sky GHI [W/m²], 0 at night */
  clearSkyGhi: Float64Array;
  /** Ineichen clear-sky DNI [W/m²] */
  clearSkyDni: Float64Array;
}

/**
 * Sun geometry at the given instants (mid-interval) for a site.
 * @param mid instants [ms since 1970-01-01T00:00Z]
 * @param linkeTurbidity Linke turbidity of the clear sky (default 3)
 */
export function sunGeometry(mid: Float64Array, site: SunSite, linkeTurbidity = 3): SunGeometry {
  const n = mid.length;
  const elevation = Number.isFinite(site.elevation) ? site.elevation : 0;
  const pressure = alt2pres({ altitude: elevation });
  const zenith = new Float64Array(n);
  const apparentZenith = new Float64Array(n);
  const azimuth = new Float64Array(n);
  const cosZenith = new Float64Array(n);
  spaSeries(
    mid,
    {
      latitude: site.latitude,
      longitude: site.longitude,
      altitude: elevation,
      pressure,
      temperature: 12,
      deltaT: SPA_DEFAULT_DELTA_T,
    },
    { zenith, apparentZenith, azimuth, cosZenith },
  );
  const doy = dayOfYearSeries(mid, 0, new Float64Array(n));
  const dniExtra = extraterrestrialSpencerSeries(doy, {}, new Float64Array(n));
  const airmass = airmassRelativeSeries(apparentZenith, { model: 'kastenYoung1989' }, new Float64Array(n));
  // Clear sky on the daytime steps only (gathered, computed, scattered back).
  let day = 0;
  for (let i = 0; i < n; i++) if (apparentZenith[i]! < 90) day++;
  const at = new Int32Array(day);
  const dz = new Float64Array(day);
  const dam = new Float64Array(day);
  const di0 = new Float64Array(day);
  for (let i = 0, k = 0; i < n; i++) {
    if (!(apparentZenith[i]! < 90)) continue;
    at[k] = i;
    dz[k] = apparentZenith[i]!;
    dam[k] = (airmass[i]! * pressure) / 101_325;
    di0[k++] = dniExtra[i]!;
  }
  const cg = new Float64Array(day);
  const cb = new Float64Array(day);
  ineichenSeries(
    { apparentZenith: dz, airmassAbsolute: dam, linkeTurbidity, altitude: elevation, dniExtra: di0 },
    {},
    { ghi: cg, dni: cb, dhi: new Float64Array(day) },
  );
  const clearSkyGhi = new Float64Array(n);
  const clearSkyDni = new Float64Array(n);
  for (let k = 0; k < day; k++) {
    const i = at[k]!;
    clearSkyGhi[i] = cg[k]! > 0 ? cg[k]! : 0;
    clearSkyDni[i] = cg[k]! > 0 ? cb[k]! : 0;
  }
  return { zenith, apparentZenith, azimuth, cosZenith, dniExtra, airmass, clearSkyGhi, clearSkyDni };
}
