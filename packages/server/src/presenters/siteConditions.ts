/**
 * Site conditions as the API shows them: the spec 3 `Ashrae` shape (all 12 fields) of a design
 * source derived from a weather file, and the elevation answer of GET /Geo/{lat}/{lng}/Elevation.
 */
import { ASHRAE_FIELDS, withEveryField } from '@sunfield/domain/api/specFields.ts';
import { DERIVED_STATION_PREFIX, type DesignSource } from '../commands/siteConditions.ts';
import { KM_PER_MILE } from '../lib/geo.ts';
import type { WeatherListEntry } from '../models/weather.ts';

/** How the derived values were computed (the `derivation` of the answer). */
export const DESIGN_DERIVATION =
  'Derived from the hourly dry-bulb temperature of a weather file by the methods of the ASHRAE ' +
  'Handbook—Fundamentals, ch. 14: cool996 is the 99.6th percentile of the hourly values (0.4 % ' +
  'cooling design dry-bulb); min50Year and max50Year are the 50-year return-period extremes ' +
  'M ∓ I·F (Gumbel, F = 2.592) of the annual minima and maxima, which are the annual extremes ' +
  'themselves (I = 0) when the file holds one year; minAnnualMeanDBTemp is the mean of the annual ' +
  'minima.';

const round = (x: number, digits: number): number | null => {
  if (!Number.isFinite(x)) return null;
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};

const finiteOrNull = (x: number | null | undefined): number | null =>
  x === null || x === undefined || !Number.isFinite(x) ? null : x;

/**
 * spec 3 Ashrae from a derived source. Temperatures [°C] to 0.01; `distance` in metres (the web
 * client of the product divides ASHRAE distances by 1000, spec 2 §9.2), `distanceKm` beside it;
 * `version` the AshraeVersionEnum id asked for. Extra fields: `derived: true`, `weatherId`,
 * `weatherName`, `distanceKm`, `maxAnnualMeanDBTemp`, `yearsOfRecord` (sample years of the annual
 * extremes: 1 for a typical year), `typicalYear` (the file's own flag), `derivation`.
 */
export function presentAshrae(source: DesignSource, version: number): Record<string, unknown> {
  const { entry, weather, design } = source;
  const row = entry.weather;
  const stationCode = weather.meta.stationCode.trim();
  return withEveryField(ASHRAE_FIELDS, {
    stationName: `${DERIVED_STATION_PREFIX}${row.name}`,
    wmo: stationCode || null,
    cool996: round(design.cool996, 2),
    min50Year: round(design.minReturnPeriod, 2),
    max50Year: round(design.maxReturnPeriod, 2),
    distance: round(entry.distanceKm * 1000, 0),
    latitude: row.latitude,
    longitude: row.longitude,
    minAnnualMeanDBTemp: round(design.minAnnualMean, 2),
    version,
    elevation: finiteOrNull(row.elevation),
    timeZone: finiteOrNull(row.timeZone),
    derived: true,
    weatherId: row.id,
    weatherName: row.name,
    distanceKm: round(entry.distanceKm, 3),
    maxAnnualMeanDBTemp: round(design.maxAnnualMean, 2),
    yearsOfRecord: design.years.length,
    typicalYear: weather.meta.typicalYear,
    derivation: DESIGN_DERIVATION,
  });
}

/**
 * GET /Geo/{lat}/{lng}/Elevation: `elevation` [m] of the nearest weather file, with where it came
 * from (`source`, `weatherId`, `weatherName`) and how far that file lies (`distance` [mi], the API's
 * radius unit, and `distanceKm`).
 */
export function presentElevation(entry: WeatherListEntry & { distanceKm: number }): Record<string, unknown> {
  const row = entry.weather;
  return {
    elevation: row.elevation,
    source: `Weather file: ${row.name}`,
    weatherId: row.id,
    weatherName: row.name,
    latitude: row.latitude,
    longitude: row.longitude,
    distance: round(entry.distanceKm / KM_PER_MILE, 3),
    distanceKm: round(entry.distanceKm, 3),
  };
}
