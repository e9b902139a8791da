/**
 * What POST /Weather/Parse answers about a parsed file (spec 2 §7.10 "Parse (returns
 * weatherFileInfo)"), with the names of spec 3 Weather where a field has one.
 */
import { MS_PER_MINUTE } from '../time/calendar.ts';
import { isoLocal } from './text.ts';
import { weatherPeriod } from './typicalYear.ts';
import {
  WEATHER_FILE_COLUMN_TYPE,
  WEATHER_SERIES_UNITS,
  WEATHER_TIMESTAMP_DEFINITION,
  type WeatherData,
  type WeatherFileFormat,
  type WeatherSeriesKey,
  type WeatherWarning,
} from './types.ts';

/** One series of the file: its key, canonical unit, the file's name and unit for it. */
export interface WeatherFileInfoColumn {
  key: WeatherSeriesKey;
  /** spec 3 WeatherFileColumnTypeEnum id, null when the series has none */
  columnType: number | null;
  /** canonical unit after conversion */
  unit: string;
  /** unit in the file */
  fileUnit: string;
  /** the column's header (or position) in the file */
  header: string;
}

/** The answer of POST /Weather/Parse (spec 2 §7.10 weatherFileInfo). */
export interface WeatherFileInfo {
  format: WeatherFileFormat;
  /** spec 3 Weather.format (WeatherFormat id), null when none fits */
  weatherFormat: number | null;
  /** spec 3 Weather.dataProvider (WeatherDataProvider id) */
  dataProvider: number;
  /** spec 3 Weather.source */
  source: string;
  /** spec 3 Weather.stationName (the name the file gives) */
  name: string;
  stationCode: string;
  latitude: number | null;
  longitude: number | null;
  elevation: number | null;
  /** site standard-time UTC offset [h] (spec 3 Weather.timeZone) */
  timeZone: number;
  /** interval [min] (spec 3 Weather.timeInterval) */
  timeInterval: number;
  /** spec 3 WeatherTimestampDefinitionEnum id */
  timestampDefinition: number;
  /** ISO local with offset, first and last record */
  firstTimestamp: string;
  lastTimestamp: string;
  /**
   * spec 3 Weather.startDate / endDate: the period a run covers (`weatherPeriod`): the first and last
   * stamps, for a typical year moved to the year it is simulated in (1990; 1992 with 29 February)
   */
  startDate: string;
  endDate: string;
  stationName: string;
  /** end − start + one interval [min] (spec 2 §9.3) */
  durationMinutes: number;
  rowCount: number;
  years: number[];
  typicalYear: boolean;
  columns: WeatherFileInfoColumn[];
  warnings: WeatherWarning[];
}

const finiteOrNull = (v: number): number | null => (Number.isFinite(v) ? v : null);

/**
 * The weatherFileInfo of a parsed file: format, provider, place, time zone, interval, timestamp
 * definition, series with their file names and units, first/last stamps and the duration
 * (end − start + one interval, spec 2 §9.3).
 */
export function weatherFileInfo(data: WeatherData): WeatherFileInfo {
  const m = data.meta;
  const n = data.time.length;
  const first = n > 0 ? data.time[0]! : NaN;
  const last = n > 0 ? data.time[n - 1]! : NaN;
  const period = weatherPeriod(data);
  return {
    format: m.format,
    weatherFormat: m.weatherFormat,
    dataProvider: m.dataProvider,
    source: m.source,
    name: m.name,
    stationCode: m.stationCode,
    latitude: finiteOrNull(m.latitude),
    longitude: finiteOrNull(m.longitude),
    elevation: finiteOrNull(m.elevation),
    timeZone: m.timeZone,
    timeInterval: m.intervalMinutes,
    timestampDefinition: WEATHER_TIMESTAMP_DEFINITION[m.timestampDefinition],
    firstTimestamp: isoLocal(first, m.timeZone),
    lastTimestamp: isoLocal(last, m.timeZone),
    startDate: isoLocal(period?.start ?? NaN, m.timeZone),
    endDate: isoLocal(period?.end ?? NaN, m.timeZone),
    stationName: m.name,
    durationMinutes: weatherDurationMinutes(data),
    rowCount: n,
    years: [...m.years],
    typicalYear: m.typicalYear,
    columns: m.columns.map((c) => ({
      key: c.key,
      columnType: WEATHER_FILE_COLUMN_TYPE[c.key] ?? null,
      unit: WEATHER_SERIES_UNITS[c.key],
      fileUnit: c.fileUnit,
      header: c.source,
    })),
    warnings: data.warnings,
  };
}

/**
 * Weather duration [min] = end − start + one interval (spec 2 §9.3). For a typical year whose
 * stamps jump between source years, the record count × interval instead.
 */
export function weatherDurationMinutes(data: WeatherData): number {
  const n = data.time.length;
  if (n === 0) return 0;
  const step = data.meta.intervalMinutes;
  if (data.meta.typicalYear) return n * step;
  return (data.time[n - 1]! - data.time[0]!) / MS_PER_MINUTE + step;
}
