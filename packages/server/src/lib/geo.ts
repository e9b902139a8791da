/**
 * Offline geography: time zone, country and great-circle distance for a point, with no network call.
 *
 * - Time zone: `geo-tz` (timezone-boundary-builder polygons). We use its `all` data set, which keeps
 *   every IANA zone apart: the default data set merges zones that agree since 1970 and answers
 *   Europe/Brussels for Amsterdam. At sea it answers the nautical zones `Etc/GMT±h`.
 * - Country: `country-coder` (ISO 3166 borders, including territorial waters, with UN M49 groups).
 * - Standard offset: from the Intl time-zone data of the runtime.
 * - Elevation: none offline (no elevation model is shipped).
 */
import { find as findTimeZones } from 'geo-tz/all';
import { borders, featuresContaining } from 'country-coder';

/** Mean radius of the earth [km] (spec 2 §9.2) and the haversine distance, shared with the web. */
export { EARTH_RADIUS_KM, haversineDistanceKm } from '@sunfield/domain';
/** One statute mile [km]. */
export const KM_PER_MILE = 1.609344;

export interface GeoPoint {
  /** [°], −90..90 */
  latitude: number;
  /** [°], −180..180 */
  longitude: number;
}

export interface GeoLocation {
  country: string | null;
  countryCode: string | null;
  /** A territory of the country when the point lies in one (Puerto Rico, Greenland, Canary Islands). */
  stateProvince: string | null;
  stateProvinceCode: string | null;
  /** No gazetteer offline: always null. */
  locality: string | null;
  /** The smallest UN M49 region around the country ("Northern America", "Western Europe"). */
  region: string | null;
}

export interface GeoTimeZone {
  timeZone: string | null;
  /** Standard-time offset from UTC [h] (no daylight saving). */
  standardOffsetFromUTC: number | null;
}

export const isValidLatitude = (value: number): boolean =>
  Number.isFinite(value) && value >= -90 && value <= 90;
export const isValidLongitude = (value: number): boolean =>
  Number.isFinite(value) && value >= -180 && value <= 180;

/** The IANA time zone at a point; a nautical `Etc/GMT±h` zone at sea. */
export function timeZoneAt(point: GeoPoint): string | null {
  if (!isValidLatitude(point.latitude) || !isValidLongitude(point.longitude)) return null;
  const zones = findTimeZones(point.latitude, point.longitude);
  return zones[0] ?? null;
}

/**
 * One formatter per zone, reused: building an Intl.DateTimeFormat loads the zone's rules (three
 * of them cost ~0.5 ms on a busy 2-core machine), and every project save asked for three. Only valid zones are kept, and the
 * map is emptied past a bound (names are matched case-insensitively, so variants could add up).
 */
const offsetFormatters = new Map<string, Intl.DateTimeFormat>();
const standardOffsets = new Map<string, number>();
const MAX_CACHED_ZONES = 2_000;

function offsetFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    if (offsetFormatters.size >= MAX_CACHED_ZONES) offsetFormatters.clear();
    offsetFormatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    offsetFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Offset of a zone from UTC at an instant [h], e.g. −6 for America/Denver in July. */
export function offsetAt(timeZone: string, instant: Date): number {
  const part = offsetFormatter(timeZone)
    .formatToParts(instant)
    .find((p) => p.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{1,2}):?(\d{2})?/.exec(part ?? '');
  if (!match) return 0; // "GMT" alone: UTC
  const sign = match[1] === '-' ? -1 : 1;
  return sign * (Number(match[2]) + Number(match[3] ?? 0) / 60);
}

/**
 * Standard-time offset of a zone [h]: the smaller of its offsets on 1 January and 1 July of the
 * given year, so that daylight saving time is left out in both hemispheres. Kept per zone and year.
 */
export function standardOffsetHours(timeZone: string, year = new Date().getUTCFullYear()): number | null {
  const key = `${timeZone}|${year}`;
  const known = standardOffsets.get(key);
  if (known !== undefined) return known;
  if (!isValidTimeZone(timeZone)) return null;
  const january = offsetAt(timeZone, new Date(Date.UTC(year, 0, 1, 12)));
  const july = offsetAt(timeZone, new Date(Date.UTC(year, 6, 1, 12)));
  const offset = Math.min(january, july);
  if (standardOffsets.size >= MAX_CACHED_ZONES) standardOffsets.clear();
  standardOffsets.set(key, offset);
  return offset;
}

export function timeZoneInfoAt(point: GeoPoint): GeoTimeZone {
  const timeZone = timeZoneAt(point);
  return { timeZone, standardOffsetFromUTC: timeZone ? standardOffsetHours(timeZone) : null };
}

/** Country and region of a point, best effort and offline. At sea: all null. */
export function locationAt(point: GeoPoint): GeoLocation {
  const empty: GeoLocation = {
    country: null,
    countryCode: null,
    stateProvince: null,
    stateProvinceCode: null,
    locality: null,
    region: null,
  };
  if (!isValidLatitude(point.latitude) || !isValidLongitude(point.longitude)) return empty;
  // Smallest first: territory, country, M49 sub-regions, region, world.
  const features = featuresContaining([point.longitude, point.latitude]);
  const country = features.find((f) => f.properties.level === 'country');
  if (!country) return empty;
  const territory = features.find(
    (f) =>
      (f.properties.level === 'territory' || f.properties.level === 'subterritory') &&
      f.properties.iso1A2 !== 'FX', // "Metropolitan France" is France itself
  );
  const region = features.find(
    (f) => f.properties.level === 'intermediateRegion' || f.properties.level === 'subregion',
  );
  return {
    country: country.properties.nameEn,
    countryCode: country.properties.iso1A2 ?? null,
    stateProvince: territory?.properties.nameEn ?? null,
    stateProvinceCode: territory?.properties.iso1A2 ?? null,
    locality: null,
    region: region?.properties.nameEn ?? null,
  };
}

export interface Country {
  name: string;
  /** ISO 3166-1 alpha-2 */
  code: string;
}

let countryList: Country[] | undefined;

/** ISO 3166-1 countries and territories (with Antarctica and Kosovo), sorted by name. */
export function countries(): Country[] {
  countryList ??= borders.features
    .filter(
      (f) => f.properties.iso1A2 && ['country', 'territory', 'region'].includes(f.properties.level ?? ''),
    )
    .map((f) => ({ name: f.properties.nameEn, code: f.properties.iso1A2 as string }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return countryList;
}
