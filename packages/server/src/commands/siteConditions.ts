/**
 * Site conditions that Sunfield answers from the weather library the caller's company sees (its own
 * weather and the Global weather, as the library rules allow): the design temperatures that the
 * commercial product takes from ASHRAE stations (GET /ASHRAE, spec 2 §7.12), and the elevation of
 * GET /Geo/{lat}/{lng}/Elevation. Sunfield ships no ASHRAE station list and no elevation model, so
 * the nearest weather file stands in for the station: its hourly dry-bulb temperatures give the
 * design temperatures by the ASHRAE Handbook methods (engine `designTemperatures`), its header the
 * elevation.
 */
import { designTemperatures, type DesignTemperatures } from '@sunfield/engine/weather/designTemperatures.ts';
import type { AuthContext } from '../auth/context.ts';
import type { Db } from '../db/index.ts';
import { KM_PER_MILE } from '../lib/geo.ts';
import {
  loadWeatherSeries,
  weathersWithinRadius,
  type LoadedWeather,
  type WeatherListEntry,
} from '../models/weather.ts';
import { viewerOf } from './weatherAssets.ts';

/**
 * Default radius of the search for a design-condition source or an elevation [mi]: the default
 * search radius of spec 2 §9.2 (50), in the API's radius unit, statute miles (about 80 km).
 */
export const DEFAULT_SITE_SEARCH_RADIUS_MILES = 50;

/**
 * Shortest record that may stand in for a station [h]: about eleven months, so that the 99.6th
 * percentile and the annual extremes see every season (a few days of data would not).
 */
export const MIN_DESIGN_SOURCE_HOURS = 8000;

/** Prefix of the `stationName` of a derived answer; GetStation accepts the name with or without it. */
export const DERIVED_STATION_PREFIX = 'Derived from weather: ';

/** Weather files tried in turn when the nearest has no usable temperature. */
const CANDIDATES = 5;

export interface SitePoint {
  latitude: number;
  longitude: number;
}

/** A weather file chosen as the design-condition source, with what was derived from it. */
export interface DesignSource {
  entry: WeatherListEntry & { distanceKm: number };
  weather: LoadedWeather;
  design: DesignTemperatures;
}

/** The weather name a GetStation `stationName` designates (the derived prefix removed). */
export function weatherNameOfStation(stationName: string): string {
  const name = stationName.trim();
  return name.toLowerCase().startsWith(DERIVED_STATION_PREFIX.toLowerCase())
    ? name.slice(DERIVED_STATION_PREFIX.length).trim()
    : name;
}

/** Design temperatures of one stored weather; undefined when it has no finite temperature. */
async function deriveFrom(db: Db, entry: WeatherListEntry): Promise<DesignSource | undefined> {
  const weather = await loadWeatherSeries(db, entry.weather.id, ['tempAir']);
  if (!weather?.tempAir) return undefined;
  const meta = weather.meta;
  const design = designTemperatures(
    { time: weather.time, tempAir: weather.tempAir },
    {
      utcOffsetHours: Number.isFinite(meta.timeZone) ? meta.timeZone : 0,
      intervalMinutes: meta.intervalMinutes,
      timestampDefinition: meta.timestampDefinition,
      typicalYear: meta.typicalYear,
    },
  );
  if (!design) return undefined;
  return { entry: { ...entry, distanceKm: entry.distanceKm ?? 0 }, weather, design };
}

/**
 * The nearest weather the caller sees that can stand in for an ASHRAE station: within `radiusMiles`
 * of the point (any distance when `stationName` names it), with air temperatures over at least
 * {@link MIN_DESIGN_SOURCE_HOURS}; undefined when there is none.
 */
export async function nearestDesignSource(
  db: Db,
  auth: AuthContext,
  point: SitePoint,
  options: { radiusMiles: number; stationName?: string | undefined },
): Promise<DesignSource | undefined> {
  const name = options.stationName === undefined ? undefined : weatherNameOfStation(options.stationName);
  const entries = await weathersWithinRadius(
    db,
    viewerOf(auth),
    point,
    name === undefined ? options.radiusMiles * KM_PER_MILE : null,
    {
      withSeries: 'tempAir',
      minHours: MIN_DESIGN_SOURCE_HOURS,
      ...(name !== undefined ? { name } : {}),
      limit: CANDIDATES,
    },
  );
  for (const entry of entries) {
    const source = await deriveFrom(db, entry);
    if (source) return source;
  }
  return undefined;
}

/** The nearest weather the caller sees with a known elevation within `radiusMiles`, if any. */
export async function nearestElevationSource(
  db: Db,
  auth: AuthContext,
  point: SitePoint,
  radiusMiles: number,
): Promise<(WeatherListEntry & { distanceKm: number }) | undefined> {
  const [entry] = await weathersWithinRadius(db, viewerOf(auth), point, radiusMiles * KM_PER_MILE, {
    withElevation: true,
    limit: 1,
  });
  return entry ? { ...entry, distanceKm: entry.distanceKm ?? 0 } : undefined;
}
