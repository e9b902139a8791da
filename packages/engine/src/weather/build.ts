/**
 * Column storage filled by the parsers and the checks common to every format once the records are
 * read: interval from the timestamps, regularity, typical-year detection, missing values, required
 * series, time zone and the metadata of `WeatherData`.
 */
import { civilFromDays, MS_PER_DAY, MS_PER_HOUR, MS_PER_MINUTE } from '../time/calendar.ts';
import type { TimestampDefinition } from '../time/weatherTimestamps.ts';
import { isoLocal } from './text.ts';
import {
  REQUIRED_SERIES,
  WEATHER_FILE_COLUMN_TYPE,
  WEATHER_PARSE_DEFAULTS,
  WeatherParseError,
  type WeatherColumnInfo,
  type WeatherData,
  type WeatherFileFormat,
  type WeatherMeta,
  type WeatherParseOptions,
  type WeatherSeriesKey,
  type WeatherWarning,
} from './types.ts';

/** Preallocated columns for up to `capacity` records; parsers write `time[n]`, `col[n]`, then `n++`. */
export class SeriesBuilder {
  n = 0;
  readonly time: Float64Array;
  /** 1-based file line of each record (for messages) */
  readonly lines: Int32Array;
  readonly columns = new Map<WeatherSeriesKey, { data: Float64Array; info: WeatherColumnInfo }>();

  constructor(
    readonly capacity: number,
    options: WeatherParseOptions = {},
  ) {
    const maxRows = options.maxRows ?? WEATHER_PARSE_DEFAULTS.maxRows;
    if (capacity > maxRows) {
      throw new WeatherParseError(
        0,
        `${capacity.toLocaleString('en')} records exceed the ${maxRows.toLocaleString('en')} accepted`,
      );
    }
    this.time = new Float64Array(capacity);
    this.lines = new Int32Array(capacity);
  }

  /** Allocates (NaN-filled) the column of `key`, read from the file column `source` in `fileUnit`. */
  column(key: WeatherSeriesKey, source: string, fileUnit: string): Float64Array {
    const existing = this.columns.get(key);
    if (existing) return existing.data;
    const data = new Float64Array(this.capacity).fill(NaN);
    this.columns.set(key, {
      data,
      info: { key, columnType: WEATHER_FILE_COLUMN_TYPE[key] ?? null, source, fileUnit },
    });
    return data;
  }
}

/** What a parser knows about the file besides its records. */
export interface FileFacts {
  format: WeatherFileFormat;
  source: string;
  dataProvider: number;
  weatherFormat: number | null;
  name: string;
  stationCode: string;
  latitude: number;
  longitude: number;
  elevation: number;
  /** the site's standard UTC offset [h]; undefined → estimated from the longitude, with a warning */
  timeZone: number | undefined;
  stampUtcOffset: number;
  timestampDefinition: TimestampDefinition;
  sunOffsetMinutes?: number;
  /** known from the header; undefined → typical when the years go back or jump by a month or more */
  typicalYear?: boolean;
  /** interval the header states [min], used when the records cannot tell (one record) */
  statedIntervalMinutes?: number;
  /** true for files that always hold whole years (NREL TMY3, TMY2, PVGIS TMY, NSRDB PSM, EPW 1/1–12/31) */
  wholeYears?: boolean;
  /** line of the column header (for messages about a whole column) */
  headerLine: number;
  /** last line read (for messages about the end of the file) */
  lastLine: number;
  poaTilt?: number;
  poaAzimuth?: number;
  windSensorHeight?: number;
  warnings: WeatherWarning[];
}

const mean = (values: Float64Array): number => {
  let s = 0;
  let k = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v === v) {
      s += v;
      k++;
    }
  }
  return k > 0 ? s / k : NaN;
};

/** Interval [min] as the most frequent step between consecutive stamps (1–1440 min). */
function detectInterval(time: Float64Array, facts: FileFacts, lines: Int32Array): number {
  const hist = new Int32Array(1441);
  for (let i = 1; i < time.length; i++) {
    const d = (time[i]! - time[i - 1]!) / MS_PER_MINUTE;
    if (d >= 1 && d <= 1440 && Number.isInteger(d)) hist[d]!++;
  }
  let best = 0;
  for (let d = 1; d <= 1440; d++) if (hist[d]! > hist[best]!) best = d;
  if (best === 0 || hist[best] === 0) {
    if (time.length === 1 && facts.statedIntervalMinutes !== undefined) return facts.statedIntervalMinutes;
    throw new WeatherParseError(
      lines[Math.min(1, time.length - 1)]!,
      time.length === 1
        ? 'a single record: the interval cannot be determined'
        : 'timestamps do not advance by whole minutes: the interval cannot be determined',
    );
  }
  if (best > 60) {
    throw new WeatherParseError(
      lines[1]!,
      `records are ${best} minutes apart; weather must have intervals of 1 to 60 minutes`,
    );
  }
  if (facts.statedIntervalMinutes !== undefined && facts.statedIntervalMinutes !== best) {
    facts.warnings.push({
      line: 0,
      message: `header states ${facts.statedIntervalMinutes}-minute data, the timestamps are ${best} minutes apart (used)`,
    });
  }
  return best;
}

/** Turns the filled builder into `WeatherData`, checking what every format must satisfy. */
export function finishWeather(b: SeriesBuilder, facts: FileFacts): WeatherData {
  const n = b.n;
  if (n === 0) throw new WeatherParseError(facts.lastLine, 'no data records');
  const trim = (a: Float64Array): Float64Array => (n === a.length ? a : a.slice(0, n));
  const time = trim(b.time);
  const lines = b.lines;
  const warnings = facts.warnings;
  const interval = detectInterval(time, facts, lines);
  const stepMs = interval * MS_PER_MINUTE;

  // Years of the interval starts in the file's clock.
  const toStart =
    facts.timestampDefinition === 'intervalEnd'
      ? -stepMs
      : facts.timestampDefinition === 'intervalMiddle'
        ? -stepMs / 2
        : 0;
  const clock = facts.stampUtcOffset * MS_PER_HOUR + toStart;
  const years = new Set<number>();
  let prevDays = NaN;
  let year = 0;
  let yearWentBack = false;
  const yearOf = new Int16Array(n);
  for (let i = 0; i < n; i++) {
    const days = Math.floor((time[i]! + clock) / MS_PER_DAY);
    if (days !== prevDays) {
      const y = civilFromDays(days).year;
      if (i > 0 && y < year) yearWentBack = true;
      year = y;
      prevDays = days;
      years.add(y);
    }
    yearOf[i] = year;
  }
  // A typical year takes each month from another year: the years go back, or jump by a month or more.
  let monthJump = false;
  for (let i = 1; i < n && !monthJump; i++)
    monthJump = yearOf[i] !== yearOf[i - 1] && time[i]! - time[i - 1]! > 27 * MS_PER_DAY;
  const typicalYear = facts.typicalYear ?? (yearWentBack || monthJump);

  // Regularity: gaps and steps that do not advance (typical years restart at month boundaries).
  let gaps = 0;
  let firstGap = 0;
  let back = 0;
  let firstBack = 0;
  for (let i = 1; i < n; i++) {
    const d = time[i]! - time[i - 1]!;
    if (d === stepMs) continue;
    if (typicalYear && yearOf[i] !== yearOf[i - 1]) continue;
    if (d > stepMs) {
      if (gaps++ === 0) firstGap = lines[i]!;
    } else if (back++ === 0) firstBack = lines[i]!;
  }
  if (gaps > 0)
    warnings.push({ line: firstGap, message: `${gaps} gaps in the timestamps (first before this line)` });
  if (back > 0) {
    warnings.push({
      line: firstBack,
      message: `${back} timestamps repeat or go back (duplicates or out of order; first at this line)`,
    });
  }
  const perYear = 525_600 / interval;
  if (facts.wholeYears && n < perYear) {
    throw new WeatherParseError(
      facts.lastLine,
      `file ends after ${n} records; a year of ${interval}-minute data has ${perYear}: truncated`,
    );
  }

  // Series: required ones always present, optional ones only when they hold values.
  const out: Partial<Record<WeatherSeriesKey, Float64Array>> = {};
  const columns: WeatherColumnInfo[] = [];
  for (const [key, { data, info }] of b.columns) {
    const col = trim(data);
    let missing = 0;
    let first = -1;
    let nonZero = false;
    for (let i = 0; i < n; i++) {
      const v = col[i]!;
      if (v !== v) {
        if (missing++ === 0) first = i;
      } else if (v !== 0) nonZero = true;
    }
    const required = (REQUIRED_SERIES as readonly string[]).includes(key);
    if (missing === n) {
      warnings.push({ line: facts.headerLine, message: `column '${info.source}' has no values` });
      if (!required) continue;
    } else if (!nonZero && (key === 'precipitableWater' || key === 'albedo')) {
      warnings.push({
        line: facts.headerLine,
        message: `column '${info.source}' is 0 in every record (no data): not used`,
      });
      continue;
    } else if (missing > 0) {
      warnings.push({
        line: lines[first]!,
        message: `${key}: ${missing} missing values (first at this line)`,
      });
    }
    out[key] = col;
    columns.push(info);
  }
  const hasValues = (k: WeatherSeriesKey): boolean => out[k] !== undefined && !Number.isNaN(mean(out[k]));
  if (!hasValues('ghi') && !hasValues('poa')) {
    throw new WeatherParseError(
      facts.headerLine,
      'no irradiance: the file has no GHI or plane-of-array values',
    );
  }
  for (const key of REQUIRED_SERIES) {
    if (out[key]) continue;
    out[key] = new Float64Array(n).fill(NaN);
    const why = key === 'tempAir' ? ' (a prediction needs air temperature)' : '';
    warnings.push({ line: facts.headerLine, message: `file has no ${key} column: NaN${why}` });
  }

  let timeZone = facts.timeZone;
  if (timeZone === undefined) {
    timeZone = Number.isFinite(facts.longitude) ? Math.round(facts.longitude / 15) : 0;
    warnings.push({
      line: 0,
      message: Number.isFinite(facts.longitude)
        ? `file states no time zone: UTC${timeZone >= 0 ? '+' : ''}${timeZone} estimated from the longitude`
        : 'file states neither time zone nor location: UTC assumed',
    });
  }
  if (!Number.isFinite(facts.latitude)) {
    warnings.push({ line: 0, message: 'file states no location: latitude, longitude and elevation are NaN' });
  }

  const meta: WeatherMeta = {
    format: facts.format,
    source: facts.source,
    dataProvider: facts.dataProvider,
    weatherFormat: facts.weatherFormat,
    name: facts.name,
    stationCode: facts.stationCode,
    latitude: facts.latitude,
    longitude: facts.longitude,
    elevation: facts.elevation,
    timeZone,
    stampUtcOffset: facts.stampUtcOffset,
    intervalMinutes: interval,
    timestampDefinition: facts.timestampDefinition,
    sunOffsetMinutes: facts.sunOffsetMinutes ?? 0,
    startDate: isoLocal(time[0]!, timeZone),
    endDate: isoLocal(time[n - 1]!, timeZone),
    years: [...years].sort((a, c) => a - c),
    typicalYear,
    rowCount: n,
    columns,
  };
  if (facts.poaTilt !== undefined) meta.poaTilt = facts.poaTilt;
  if (facts.poaAzimuth !== undefined) meta.poaAzimuth = facts.poaAzimuth;
  if (facts.windSensorHeight !== undefined) meta.windSensorHeight = facts.windSensorHeight;
  return {
    meta,
    time,
    ghi: out.ghi!,
    dni: out.dni!,
    dhi: out.dhi!,
    tempAir: out.tempAir!,
    windSpeed: out.windSpeed!,
    pressure: out.pressure!,
    ...(out.poa && { poa: out.poa }),
    ...(out.tempDew && { tempDew: out.tempDew }),
    ...(out.relativeHumidity && { relativeHumidity: out.relativeHumidity }),
    ...(out.windDirection && { windDirection: out.windDirection }),
    ...(out.precipitableWater && { precipitableWater: out.precipitableWater }),
    ...(out.albedo && { albedo: out.albedo }),
    ...(out.rainfall && { rainfall: out.rainfall }),
    warnings,
  };
}
