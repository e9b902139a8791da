/**
 * Turns series already decoded from a provider's JSON or XML answer into the engine's `WeatherData`,
 * through the engine's own column builder and checks (`finishWeather`: interval, gaps, required
 * series, time zone), so a download is held to the same rules as an uploaded file. Also joins the
 * parts of a download that came in several requests (months, years) into one `WeatherData`.
 */
import { finishWeather, SeriesBuilder, type FileFacts } from '@sunfield/engine/weather/build.ts';
import type { TimestampDefinition } from '@sunfield/engine/time/weatherTimestamps.ts';
import type { WeatherData, WeatherFileFormat, WeatherSeriesKey } from '@sunfield/engine/weather/types.ts';
import { timeZoneInfoAt } from '../lib/geo.ts';
import { ProviderError } from './http.ts';

export interface SeriesColumn {
  /** Values in the engine's canonical unit (W/m², °C, Pa, m/s, °, %, cm, 0–1, mm). */
  data: ArrayLike<number>;
  /** Name of the field in the provider's answer. */
  source: string;
  /** Unit the provider gave it in, before conversion. */
  unit: string;
}

export interface DecodedSeries {
  /** Each record's time stamp [ms since 1970-01-01T00:00Z], as `timestampDefinition` says. */
  time: ArrayLike<number>;
  columns: Partial<Record<WeatherSeriesKey, SeriesColumn>>;
}

export interface SeriesFacts {
  provider: string;
  /**
   * The API the data came from. The engine's format list names files; downloads that arrive as JSON
   * or XML are labelled with the provider's API ('solcastApi', 'solargisApi', …).
   */
  format: string;
  source: string;
  dataProvider: number;
  weatherFormat: number | null;
  name: string;
  latitude: number;
  longitude: number;
  elevation: number;
  /** The site's standard UTC offset [h]; undefined → estimated from the longitude (with a warning). */
  timeZone: number | undefined;
  timestampDefinition: TimestampDefinition;
  typicalYear?: boolean;
  stationCode?: string;
  /** UTC offset [h] of the clock the provider writes its stamps in (default 0, UTC). */
  stampUtcOffset?: number;
}

/** Builds `WeatherData` from decoded series; a provider answer that fails the checks is a bad response. */
export function weatherFromSeries(series: DecodedSeries, facts: SeriesFacts): WeatherData {
  const n = series.time.length;
  if (n === 0) throw new ProviderError(facts.provider, 'badResponse', `${facts.provider} returned no data`);
  try {
    const b = new SeriesBuilder(n);
    for (let i = 0; i < n; i++) {
      b.time[i] = series.time[i]!;
      b.lines[i] = i + 1;
    }
    for (const [key, column] of Object.entries(series.columns) as [WeatherSeriesKey, SeriesColumn][]) {
      if (!column || column.data.length !== n) continue;
      const target = b.column(key, column.source, column.unit);
      for (let i = 0; i < n; i++) {
        const v = column.data[i]!;
        target[i] = Number.isFinite(v) ? v : NaN;
      }
    }
    b.n = n;
    const fileFacts: FileFacts = {
      format: facts.format as WeatherFileFormat,
      source: facts.source,
      dataProvider: facts.dataProvider,
      weatherFormat: facts.weatherFormat,
      name: facts.name,
      stationCode: facts.stationCode ?? '',
      latitude: facts.latitude,
      longitude: facts.longitude,
      elevation: facts.elevation,
      timeZone: facts.timeZone,
      stampUtcOffset: facts.stampUtcOffset ?? 0,
      timestampDefinition: facts.timestampDefinition,
      headerLine: 0,
      lastLine: n,
      warnings: [],
      ...(facts.typicalYear !== undefined ? { typicalYear: facts.typicalYear } : {}),
    };
    return finishWeather(b, fileFacts);
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    throw new ProviderError(
      facts.provider,
      'badResponse',
      `${facts.provider} returned data that cannot be used: ${(error as Error).message}`,
    );
  }
}

const SERIES_KEYS: readonly WeatherSeriesKey[] = [
  'ghi',
  'dni',
  'dhi',
  'poa',
  'tempAir',
  'tempDew',
  'relativeHumidity',
  'pressure',
  'windSpeed',
  'windDirection',
  'precipitableWater',
  'albedo',
  'rainfall',
];

/**
 * Joins consecutive parts of one download (same site and interval) into one `WeatherData`: series
 * present in any part are kept (NaN where a part lacks them), records in the parts' order.
 */
export function joinWeather(parts: readonly WeatherData[], provider: string): WeatherData {
  const first = parts[0];
  if (!first) throw new ProviderError(provider, 'badResponse', `${provider} returned no data`);
  if (parts.length === 1) return first;
  const n = parts.reduce((sum, part) => sum + part.time.length, 0);
  const time = new Float64Array(n);
  const columns: Partial<Record<WeatherSeriesKey, SeriesColumn>> = {};
  let offset = 0;
  for (const part of parts) {
    // Parts may state their stamps with different definitions only if the provider changed; the
    // first part's definition is the one of the whole.
    time.set(part.time, offset);
    for (const key of SERIES_KEYS) {
      const values = part[key];
      if (!values) continue;
      let column = columns[key];
      if (!column) {
        const info = part.meta.columns.find((c) => c.key === key);
        column = {
          data: new Float64Array(n).fill(NaN),
          source: info?.source ?? key,
          unit: info?.fileUnit ?? '',
        };
        columns[key] = column;
      }
      (column.data as Float64Array).set(values, offset);
    }
    offset += part.time.length;
  }
  const meta = first.meta;
  return weatherFromSeries(
    { time, columns },
    {
      provider,
      format: meta.format,
      source: meta.source,
      dataProvider: meta.dataProvider,
      weatherFormat: meta.weatherFormat,
      name: meta.name,
      stationCode: meta.stationCode,
      latitude: meta.latitude,
      longitude: meta.longitude,
      elevation: meta.elevation,
      timeZone: meta.timeZone,
      timestampDefinition: meta.timestampDefinition,
      stampUtcOffset: meta.stampUtcOffset,
      typicalYear: false,
    },
  );
}

/** Parses an ISO 8601 instant; NaN when it is not one. */
export function isoInstant(value: unknown): number {
  return typeof value === 'string' ? Date.parse(value) : NaN;
}

/** A number from JSON (numbers or numeric strings); NaN otherwise or for a provider's missing marker. */
export function jsonNumber(value: unknown, missing?: number): number {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  if (!Number.isFinite(n)) return NaN;
  return missing !== undefined && n === missing ? NaN : n;
}

/** UTC offset [h] of an ISO 8601 stamp ('…+01:00' → 1, '…Z' → 0), or undefined without one. */
export function isoOffsetHours(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  if (/Z$/i.test(value)) return 0;
  const m = /([+-])(\d{2}):?(\d{2})$/.exec(value);
  if (!m) return undefined;
  const hours = Number(m[2]) + Number(m[3]) / 60;
  return m[1] === '-' ? -hours : hours;
}

/** The site's standard UTC offset [h] from the time-zone map, for providers that answer in UTC only. */
export function siteStandardOffset(latitude: number, longitude: number): number | undefined {
  return timeZoneInfoAt({ latitude, longitude }).standardOffsetFromUTC ?? undefined;
}
