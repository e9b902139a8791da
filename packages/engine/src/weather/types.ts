/**
 * The columnar weather structure that every weather-file parser returns, its error type and the
 * enumerations of the API data model (spec 3: Weather, WeatherDetail, WeatherFormat,
 * WeatherDataProvider, WeatherTimestampDefinitionEnum, WeatherFileColumnTypeEnum).
 */
import type { TimestampDefinition } from '../time/weatherTimestamps.ts';

/** The weather-file formats the engine reads, recognised by content (see `detectWeatherFormat`). */
export type WeatherFileFormat =
  | 'tmy3'
  | 'tmy2'
  | 'epw'
  | 'psm3'
  | 'psm4'
  | 'psmTable'
  | 'pvgisTmyCsv'
  | 'pvgisTmyJson'
  | 'pvgisHourlyCsv'
  | 'pvgisHourlyJson'
  | 'solarAnywhere'
  | 'surfrad'
  | 'solargis'
  | 'meteonorm'
  | 'pvsyst'
  | 'generic'
  | 'synthetic';

/** Keys of the series a parser can fill; canonical units as in NOMENCLATURE.md. */
export type WeatherSeriesKey =
  | 'ghi'
  | 'dni'
  | 'dhi'
  | 'poa'
  | 'tempAir'
  | 'tempDew'
  | 'relativeHumidity'
  | 'pressure'
  | 'windSpeed'
  | 'windDirection'
  | 'precipitableWater'
  | 'albedo'
  | 'rainfall';

/** Series present in every result (NaN-filled, with a warning, when the file lacks them). */
export const REQUIRED_SERIES = ['ghi', 'dni', 'dhi', 'tempAir', 'windSpeed', 'pressure'] as const;

/** Canonical unit of each series after conversion. */
export const WEATHER_SERIES_UNITS: Readonly<Record<WeatherSeriesKey, string>> = {
  ghi: 'W/m2',
  dni: 'W/m2',
  dhi: 'W/m2',
  poa: 'W/m2',
  tempAir: 'C',
  tempDew: 'C',
  relativeHumidity: '%',
  pressure: 'Pa',
  windSpeed: 'm/s',
  windDirection: 'deg',
  precipitableWater: 'cm',
  albedo: '-',
  rainfall: 'mm',
};

/** spec 3 WeatherFileColumnTypeEnum id of each series that has one. */
export const WEATHER_FILE_COLUMN_TYPE: Readonly<Partial<Record<WeatherSeriesKey, number>>> = {
  ghi: 1,
  dni: 2,
  dhi: 3,
  tempAir: 4,
  windSpeed: 5,
  relativeHumidity: 6,
  precipitableWater: 7,
  rainfall: 8,
  pressure: 9,
  tempDew: 10,
  windDirection: 11,
  poa: 13,
};

/** spec 3 WeatherTimestampDefinitionEnum (0 = Undefined). */
export const WEATHER_TIMESTAMP_DEFINITION: Readonly<Record<TimestampDefinition, number>> = {
  intervalEnd: 1,
  intervalBegin: 2,
  intervalMiddle: 3,
  instantaneous: 4,
};

/** spec 3 WeatherDataProvider ids used by the parsers. */
export const WEATHER_DATA_PROVIDER = {
  NREL: 1,
  CleanPowerResearch: 6,
  EnergyPlus: 12,
  Other: 13,
  Meteonorm: 4,
  Customer: 14,
  NSRDB: 17,
  SolarGIS: 19,
  PVGIS: 23,
} as const;

/** A column found in the file: which series it fills and the name and unit the file gives it. */
export interface WeatherColumnInfo {
  key: WeatherSeriesKey;
  /** spec 3 WeatherFileColumnTypeEnum id, when the series has one */
  columnType: number | null;
  /** the column's name (or field position) in the file */
  source: string;
  /** unit in the file, before conversion to the canonical unit */
  fileUnit: string;
}

/** What the file says about itself, plus what the parser derived from the timestamps. */
export interface WeatherMeta {
  format: WeatherFileFormat;
  /** data set as the file names it ("NREL NSRDB TMY3", "NSRDB PSM v3.2.2", "PVGIS-SARAH3 / ERA5", …) */
  source: string;
  /** spec 3 WeatherDataProvider id */
  dataProvider: number;
  /** spec 3 WeatherFormat id where one fits, else null */
  weatherFormat: number | null;
  /** station or place name, '' when the file has none */
  name: string;
  /** station code (USAF, WBAN, WMO, NSRDB location id), '' when none */
  stationCode: string;
  /** [°], north positive; NaN when the file does not say */
  latitude: number;
  /** [°], east positive; NaN when the file does not say */
  longitude: number;
  /** [m]; NaN when the file does not say */
  elevation: number;
  /** the site's standard-time UTC offset [h] (estimated from longitude, with a warning, if absent) */
  timeZone: number;
  /** UTC offset in which the file writes its timestamps [h] (0 for UTC files) */
  stampUtcOffset: number;
  /** interval between records [min], 1–60 */
  intervalMinutes: number;
  /** what each timestamp marks within its interval */
  timestampDefinition: TimestampDefinition;
  /**
   * Minutes to add to the mid-interval instant (`sunInstant`) to reach the instant the irradiance
   * values stand for, when the file states one (PVGIS irradiance time offset); 0 otherwise.
   */
  sunOffsetMinutes: number;
  /** first stamp, ISO 8601 in the site's standard time (`1988-01-01T01:00:00-05:00`) */
  startDate: string;
  /** last stamp, same form */
  endDate: string;
  /** distinct calendar years of the stamps (site time), ascending */
  years: number[];
  /** a typical year (TMY, TGY, IWEC…): months from different years, stamps kept as in the file */
  typicalYear: boolean;
  /** plane of the `poa` series when the file gives one (PVGIS): tilt [°], azimuth [°, N = 0, E = 90] */
  poaTilt?: number;
  poaAzimuth?: number;
  /** height of the wind measurement [m] when the file says (PVGIS WS10m: 10) */
  windSensorHeight?: number;
  /** number of records */
  rowCount: number;
  /** the series found in the file */
  columns: WeatherColumnInfo[];
}

/** A note about the file that did not stop the parse (1-based line, 0 for the whole file). */
export interface WeatherWarning {
  line: number;
  message: string;
}

/**
 * A weather file as columns: one Float64Array per quantity, one element per record, NaN where the
 * file has no value. Units: irradiance W/m², temperature °C, pressure Pa, wind m/s, direction °
 * (N = 0, clockwise), relative humidity %, precipitable water cm, albedo 0–1, rainfall mm per interval.
 */
export interface WeatherData {
  meta: WeatherMeta;
  /** each record's timestamp as `meta.timestampDefinition` defines it [ms since 1970-01-01T00:00Z] */
  time: Float64Array;
  ghi: Float64Array;
  dni: Float64Array;
  dhi: Float64Array;
  tempAir: Float64Array;
  windSpeed: Float64Array;
  pressure: Float64Array;
  poa?: Float64Array;
  tempDew?: Float64Array;
  relativeHumidity?: Float64Array;
  windDirection?: Float64Array;
  precipitableWater?: Float64Array;
  albedo?: Float64Array;
  rainfall?: Float64Array;
  warnings: WeatherWarning[];
}

/**
 * A weather file that cannot be read: `line` is the 1-based line at fault (0 for the file as a
 * whole, e.g. its size), `reason` the problem; `message` is "line N: reason".
 */
export class WeatherParseError extends Error {
  readonly line: number;
  readonly reason: string;
  constructor(line: number, reason: string) {
    super(line > 0 ? `line ${line}: ${reason}` : reason);
    this.name = 'WeatherParseError';
    this.line = line;
    this.reason = reason;
  }
}

/** Limits that stop absurd inputs before they allocate memory. */
export interface WeatherParseOptions {
  /** longest text accepted [characters]; default 160 000 000 (a 200 MB upload is refused) */
  maxChars?: number;
  /** most records accepted; default 2 200 000 (four years of 1-minute data) */
  maxRows?: number;
}

/** Default limits of {@link WeatherParseOptions}. */
export const WEATHER_PARSE_DEFAULTS: Required<WeatherParseOptions> = {
  maxChars: 160_000_000,
  maxRows: 2_200_000,
};
