/**
 * Conversion between the columnar `WeatherData` and the spec 3 `WeatherDetail` records of the API
 * (spec 4 §1 Weather: `weatherDetails[{index (1-based), timeStamp, GHI/DHI/DNI/POAI, temperature,
 * windspeed, relativeHumidity, dewpoint, pressure, precipitableWater (cm), soilingLoss (%),
 * albedoData}]`). Pressure in the records is in mbar (hPa) — our reading, spec 3 gives no unit; the
 * engine keeps Pa.
 */
import { parseIsoWithOffset } from '../time/calendar.ts';
import type { TimestampDefinition } from '../time/weatherTimestamps.ts';
import { finishWeather, SeriesBuilder } from './build.ts';
import { isoLocal } from './text.ts';
import {
  WEATHER_DATA_PROVIDER,
  WeatherParseError,
  type WeatherData,
  type WeatherSeriesKey,
} from './types.ts';

/** One spec 3 WeatherDetail (the fields the engine has; null where the series is absent). */
export interface WeatherDetailRecord {
  index: number;
  timeStamp: string;
  globalHorizontalIrradiance: number | null;
  directNormalIrradiance: number | null;
  diffuseHorizontalIrradiance: number | null;
  planeOfArrayIrradiance: number | null;
  temperature: number | null;
  windspeed: number | null;
  windDirection: number | null;
  relativeHumidity: number | null;
  dewpoint: number | null;
  /** [mbar] */
  pressure: number | null;
  /** [cm] */
  precipitableWater: number | null;
  /** [mm] */
  rainfall: number | null;
  albedoData: number | null;
}

const FIELDS: readonly [keyof WeatherDetailRecord, WeatherSeriesKey, number][] = [
  ['globalHorizontalIrradiance', 'ghi', 1],
  ['directNormalIrradiance', 'dni', 1],
  ['diffuseHorizontalIrradiance', 'dhi', 1],
  ['planeOfArrayIrradiance', 'poa', 1],
  ['temperature', 'tempAir', 1],
  ['windspeed', 'windSpeed', 1],
  ['windDirection', 'windDirection', 1],
  ['relativeHumidity', 'relativeHumidity', 1],
  ['dewpoint', 'tempDew', 1],
  ['pressure', 'pressure', 0.01],
  ['precipitableWater', 'precipitableWater', 1],
  ['rainfall', 'rainfall', 1],
  ['albedoData', 'albedo', 1],
];

/**
 * The records `start … start + count − 1` of a weather series as spec 3 WeatherDetail objects
 * (index 1-based, timeStamp ISO in the site's standard time).
 */
export function weatherDetails(
  data: WeatherData,
  start = 0,
  count = data.time.length - start,
): WeatherDetailRecord[] {
  const end = Math.min(data.time.length, start + Math.max(0, count));
  const cols = FIELDS.map(([field, key, scale]) => ({
    field,
    col: (data as unknown as Partial<Record<string, Float64Array>>)[key],
    scale,
  }));
  const out: WeatherDetailRecord[] = [];
  for (let i = Math.max(0, start); i < end; i++) {
    const r: Record<string, unknown> = {
      index: i + 1,
      timeStamp: isoLocal(data.time[i]!, data.meta.timeZone),
    };
    for (const { field, col, scale } of cols) {
      const v = col ? col[i]! : NaN;
      r[field] = v === v ? v * scale : null;
    }
    out.push(r as unknown as WeatherDetailRecord);
  }
  return out;
}

/** What a client states about detail records it sends (spec 3 Weather fields). */
export interface WeatherDetailsMeta {
  latitude: number;
  longitude: number;
  elevation: number;
  timeZone: number;
  timestampDefinition: TimestampDefinition;
  name?: string;
}

/**
 * Columns from spec 3 WeatherDetail records (e.g. POST /Weather with weatherDetails): stamps without
 * an offset are read in `meta.timeZone`.
 * @throws WeatherParseError naming the record (its 1-based position as the "line") when a stamp or a
 *         value is not valid
 */
export function weatherFromDetails(
  records: readonly Partial<WeatherDetailRecord>[],
  meta: WeatherDetailsMeta,
): WeatherData {
  const n = records.length;
  const b = new SeriesBuilder(n);
  const cols = FIELDS.filter(([field]) =>
    records.some((r) => r[field] !== undefined && r[field] !== null),
  ).map(([field, key, scale]) => ({
    field,
    data: b.column(key, field, key === 'pressure' ? 'mbar' : ''),
    scale,
  }));
  for (let i = 0; i < n; i++) {
    const r = records[i]!;
    let t = NaN;
    try {
      if (typeof r.timeStamp === 'string') t = parseIsoWithOffset(r.timeStamp, meta.timeZone);
    } catch {
      t = NaN;
    }
    if (!Number.isFinite(t))
      throw new WeatherParseError(i + 1, `weatherDetails[${i}].timeStamp is not a date-time`);
    b.time[i] = t;
    b.lines[i] = i + 1;
    for (const c of cols) {
      const v = r[c.field];
      if (v === null || v === undefined) continue;
      if (typeof v !== 'number' || !Number.isFinite(v)) {
        throw new WeatherParseError(i + 1, `weatherDetails[${i}].${c.field} is not a number`);
      }
      c.data[i] = v / c.scale;
    }
  }
  b.n = n;
  return finishWeather(b, {
    format: 'generic',
    source: 'API weatherDetails',
    dataProvider: WEATHER_DATA_PROVIDER.Customer,
    weatherFormat: null,
    name: meta.name ?? '',
    stationCode: '',
    latitude: meta.latitude,
    longitude: meta.longitude,
    elevation: meta.elevation,
    timeZone: meta.timeZone,
    stampUtcOffset: meta.timeZone,
    timestampDefinition: meta.timestampDefinition,
    headerLine: 0,
    lastLine: n,
    warnings: [],
  });
}
