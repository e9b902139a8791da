/**
 * Generic delimited weather files: {@link inspectGenericCsv} guesses delimiter, header row, the
 * series and units of each column and the timestamp columns, for the import screen to confirm;
 * {@link parseGenericCsv} reads the file with the confirmed mapping.
 */
import type { TimestampDefinition } from '../time/weatherTimestamps.ts';
import type { WeatherSeriesKey } from './types.ts';

/** Units a generic column may be given in (converted to the canonical unit of its series). */
export type GenericUnit =
  | 'W/m2'
  | 'kW/m2'
  | 'Wh/m2'
  | 'kWh/m2'
  | 'J/cm2'
  | 'MJ/m2'
  | 'C'
  | 'F'
  | 'K'
  | 'm/s'
  | 'km/h'
  | 'mph'
  | 'kn'
  | '%'
  | 'fraction'
  | 'Pa'
  | 'hPa'
  | 'kPa'
  | 'mbar'
  | 'bar'
  | 'atm'
  | 'mmHg'
  | 'deg'
  | 'cm'
  | 'mm'
  | 'in'
  | '-';

/** How the timestamp of a record is written. */
export type GenericTimestamp =
  /** one column, ISO 8601 ('2019-01-01T00:00', '2019-01-01 00:00:00', optional offset/Z) */
  | { format: 'iso'; column: number }
  /** one column 'YYYY-MM-DD HH:MM' / 'DD/MM/YYYY HH:MM' / 'MM/DD/YYYY HH:MM' / 'DD.MM.YYYY HH:MM' */
  | { format: 'ymd' | 'dmy' | 'mdy'; column: number }
  /** date and time in two columns, date order as given */
  | { format: 'date time'; order: 'ymd' | 'dmy' | 'mdy'; dateColumn: number; timeColumn: number }
  /** separate numeric columns; minute optional (0); hour may run 1–24; no year: a typical year */
  | {
      format: 'ymdhm columns';
      year?: number;
      month: number;
      day: number;
      hour: number;
      minute?: number;
    }
  /** Excel serial day number (1900 date system) */
  | { format: 'excel serial'; column: number }
  /** seconds since 1970-01-01T00:00Z */
  | { format: 'unix'; column: number };

/** One column of the file mapped to a series, in a unit. */
export interface GenericColumnMapping {
  index: number;
  key: WeatherSeriesKey;
  unit: GenericUnit;
  /** this column's missing-value code (overrides the mapping's) */
  missingValue?: number;
}

/** What the user confirms on the import screen. */
export interface GenericCsvMapping {
  delimiter: ',' | ';' | '\t' | '|' | ' ';
  /** 0-based line of the column names (−1: no header; data start at `firstDataRow`) */
  headerRow: number;
  /** 0-based first data line (default headerRow + 1) */
  firstDataRow?: number;
  /** ',' when numbers are written '12,5' (only with a delimiter other than ',') */
  decimal?: '.' | ',';
  timestamp: GenericTimestamp;
  /** UTC offset of the stamps [h] when they carry none (the site's standard time, or 0 for UTC) */
  timeZone: number;
  /** site standard-time offset [h], default `timeZone` */
  siteTimeZone?: number;
  timestampDefinition: TimestampDefinition;
  columns: GenericColumnMapping[];
  latitude?: number;
  longitude?: number;
  elevation?: number;
  name?: string;
  /** values equal to this code are missing (e.g. −9999) */
  missingValue?: number;
}

/** A column as {@link inspectGenericCsv} sees it. */
export interface GenericColumnGuess {
  index: number;
  header: string;
  guessedKey: WeatherSeriesKey | null;
  guessedUnit: GenericUnit | null;
  /** numeric share of the sampled cells (0–1) */
  numeric: number;
}

/** The guesses of {@link inspectGenericCsv}. */
export interface GenericCsvInspection {
  delimiter: GenericCsvMapping['delimiter'];
  decimal: '.' | ',';
  headerRow: number;
  firstDataRow: number;
  columns: GenericColumnGuess[];
  /** the timestamp layout guessed, null when none is recognised */
  timestamp: GenericTimestamp | null;
  /** metadata found in comment lines above the header */
  latitude: number | null;
  longitude: number | null;
  elevation: number | null;
  timeZone: number | null;
  /** the first data rows, split */
  sampleRows: string[][];
  /** a mapping assembled from the guesses (for the screen's defaults) */
  mapping: GenericCsvMapping | null;
}

export { inspectGenericCsv } from './genericCsvInspect.ts';
export { parseGenericCsv } from './genericCsvParse.ts';
