/**
 * SolarAnywhere (Clean Power Research) "SA format" CSV: time series and typical years.
 *
 * Layout (SolarAnywhere data file format, as downloaded from solaranywhere.com):
 *   line 1  site: id, "name", state, time zone [h], latitude [°], longitude [°], elevation [m],
 *           "Data Version: 3.6 / Type: Timeseries | Typical Year / … / Time Resolution: 5 minutes /
 *           Averaging Method: End of Period / …"
 *   line 2  column names: ObservationTime(LST), Global Horizontal Irradiance (GHI) W/m2, Direct
 *           Normal Irradiance (DNI) W/m2, AmbientTemperature (deg C), WindSpeed (m/s), Relative
 *           Humidity (%), Liquid Precipitation (kg/m2), …, ObservationTime(GMT), Diffuse Horizontal
 *           Irradiance (DIF) W/m2, …, Albedo, …
 *   data    'MM/DD/YYYY HH:MM' in local standard time (LST) — or UTC in the GMT column — stamped as
 *           the "Averaging Method" says (End of Period: the end of the interval); empty = missing.
 */
import { finishWeather, SeriesBuilder } from './build.ts';
import {
  bindColumns,
  findColumn,
  readRecords,
  requireColumn,
  type ColumnSpec,
  type RecordCursor,
} from './columns.ts';
import { checkWeatherText, countLines, instant, LineReader, parseHm, parseMdy, splitFields } from './text.ts';
import { parseSiteLine, solarAnywhereFacts } from './tmy3.ts';
import {
  WEATHER_DATA_PROVIDER,
  WeatherParseError,
  type WeatherData,
  type WeatherParseOptions,
} from './types.ts';

const SA_COLUMNS: readonly ColumnSpec[] = [
  { key: 'ghi', names: ['Global Horizontal Irradiance*'], fileUnit: 'W/m2' },
  { key: 'dni', names: ['Direct Normal Irradiance*'], fileUnit: 'W/m2' },
  { key: 'dhi', names: ['Diffuse Horizontal Irradiance*'], fileUnit: 'W/m2' },
  { key: 'tempAir', names: ['AmbientTemperature*'], fileUnit: 'deg C' },
  { key: 'windSpeed', names: ['WindSpeed*'], fileUnit: 'm/s' },
  { key: 'windDirection', names: ['WindDirection*'], fileUnit: 'degrees' },
  { key: 'relativeHumidity', names: ['Relative Humidity*'], fileUnit: '%' },
  { key: 'tempDew', names: ['DewPoint*', 'Dew Point*'], fileUnit: 'deg C' },
  { key: 'pressure', names: ['Pressure*'], fileUnit: 'mbar', scale: 100 },
  { key: 'rainfall', names: ['Liquid Precipitation*'], fileUnit: 'kg/m2' },
  { key: 'albedo', names: ['Albedo'], fileUnit: '-' },
];

/** Instant of the 'MM/DD/YYYY HH:MM' in field k of a record, in a UTC offset. */
function stampOf(c: RecordCursor, k: number, utcOffset: number): number {
  const from = c.start(k);
  const to = c.end(k);
  const space = c.text.indexOf(' ', from);
  if (space < 0 || space >= to) {
    throw new WeatherParseError(c.line, `'${c.text.slice(from, to)}' is not a date-time MM/DD/YYYY HH:MM`);
  }
  return instant(parseMdy(c.text, c.line, from, space), parseHm(c.text, c.line, space + 1, to), utcOffset);
}

/**
 * Parses a SolarAnywhere SA-format CSV (time series or typical year; SolarAnywhere data file
 * format) into columns.
 * Stamps from ObservationTime(LST) in the site's standard time (else ObservationTime(GMT) in UTC),
 * defined by the file's "Averaging Method"; liquid precipitation kg/m² = mm per interval.
 * @param text the whole file
 * @throws WeatherParseError naming the line (bad site line, missing time or GHI column, wrong
 *         delimiter, text in a number, invalid date, truncated record)
 */
export function parseSolarAnywhere(text: string, options: WeatherParseOptions = {}): WeatherData {
  const body = checkWeatherText(text, options);
  const r = new LineReader(body);
  const site = parseSiteLine(r.require('the site line'), r.line);
  const sa = solarAnywhereFacts(site.info);
  const header = splitFields(r.require('the column header'), r.line, 3);
  let iTime = findColumn(header, ['ObservationTime(LST)*']);
  const utc = iTime < 0;
  if (utc) iTime = requireColumn(header, ['ObservationTime(GMT)*', 'ObservationTime(LST)*'], r.line);
  requireColumn(header, ['Global Horizontal Irradiance*'], r.line);
  const b = new SeriesBuilder(Math.max(0, countLines(body) - 2), options);
  const bound = bindColumns(b, header, SA_COLUMNS);
  const offset = utc ? 0 : site.timeZone;
  readRecords(r, b, bound, header.length, (c) => stampOf(c, iTime, offset));
  return finishWeather(b, {
    format: 'solarAnywhere',
    source: sa.source,
    dataProvider: WEATHER_DATA_PROVIDER.CleanPowerResearch,
    weatherFormat: 8,
    name: site.name,
    stationCode: site.stationCode,
    latitude: site.latitude,
    longitude: site.longitude,
    elevation: site.elevation,
    timeZone: site.timeZone,
    stampUtcOffset: offset,
    timestampDefinition: sa.definition,
    typicalYear: sa.typicalYear || undefined,
    statedIntervalMinutes: sa.intervalMinutes,
    headerLine: 2,
    lastLine: r.line,
    warnings: [],
  });
}
