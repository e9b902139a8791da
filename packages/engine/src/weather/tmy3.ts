/**
 * NREL TMY3 files and SolarAnywhere time series in TMY3 format.
 *
 * Layout (Wilcox & Marion, "Users Manual for TMY3 Data Sets", NREL/TP-581-43156, 2008):
 *   line 1  site: station code, "station name", state, time zone [h from UTC], latitude [°],
 *           longitude [°, east positive], elevation [m] (SolarAnywhere adds a quoted description:
 *           "Data Version … / Type: Timeseries / … / Time Resolution: 60 minutes / Averaging Method:
 *           End of Period / …")
 *   line 2  column names: Date (MM/DD/YYYY), Time (HH:MM), ETR, ETRN, GHI (W/m^2), its source and
 *           uncertainty, DNI, DHI, …, Dry-bulb (C), Dew-point (C), RHum (%), Pressure (mbar),
 *           Wdir (degrees), Wspd (m/s), …, Pwat (cm), AOD, Alb (unitless), Lprecip…
 *   data    one record per hour in local standard time; the time is the END of the hour
 *           (01:00 … 24:00; irradiance is the energy received in the 60 minutes before it).
 *           Missing values are −9900. SolarAnywhere writes 00:00 of the next day for 24:00 and
 *           leaves columns it does not provide empty.
 * A TMY3 is a typical year: each month comes from a different year, and the stamps keep those
 * years (the result is flagged `typicalYear`).
 */
import { finishWeather, SeriesBuilder } from './build.ts';
import { bindColumns, readRecords, requireColumn, type ColumnSpec } from './columns.ts';
import {
  checkLocation,
  checkTimeZone,
  checkWeatherText,
  countLines,
  instant,
  LineReader,
  metaNumber,
  parseHm,
  parseMdy,
  splitFields,
} from './text.ts';
import type { TimestampDefinition } from '../time/weatherTimestamps.ts';
import {
  WEATHER_DATA_PROVIDER,
  WeatherParseError,
  type WeatherData,
  type WeatherParseOptions,
} from './types.ts';

/** The site line shared by TMY3 and the SolarAnywhere formats. */
export interface SiteLine {
  stationCode: string;
  name: string;
  timeZone: number;
  latitude: number;
  longitude: number;
  elevation: number;
  /** SolarAnywhere description fields ("Type" → "Timeseries", …); empty for NREL files */
  info: Map<string, string>;
}

/** Reads line 1 of a TMY3 or SolarAnywhere file (see the module comment). */
export function parseSiteLine(line: string, lineNo: number): SiteLine {
  const f = splitFields(line, lineNo, 7, true);
  const latitude = metaNumber(f[4], lineNo, 'latitude');
  const longitude = metaNumber(f[5], lineNo, 'longitude');
  const timeZone = metaNumber(f[3], lineNo, 'time zone');
  checkLocation(latitude, longitude, lineNo);
  checkTimeZone(timeZone, lineNo);
  const info = new Map<string, string>();
  for (const part of (f[7] ?? '').split(' / ')) {
    const colon = part.indexOf(':');
    if (colon > 0) info.set(part.slice(0, colon).trim(), part.slice(colon + 1).trim());
  }
  const place = f[1]!.trim().replace(/\s+/g, ' ');
  const state = f[2]!.trim();
  const code = f[0]!.trim();
  return {
    stationCode: code === '0' ? '' : code,
    name: state && state !== 'NA' && state !== '-' ? `${place}, ${state}` : place,
    timeZone,
    latitude,
    longitude,
    elevation: metaNumber(f[6], lineNo, 'elevation'),
    info,
  };
}

/** Timestamp definition, typical-year flag and interval from a SolarAnywhere description. */
export function solarAnywhereFacts(info: Map<string, string>): {
  definition: TimestampDefinition;
  typicalYear: boolean;
  intervalMinutes: number | undefined;
  source: string;
} {
  const averaging = (info.get('Averaging Method') ?? 'End of Period').toLowerCase();
  const definition: TimestampDefinition = averaging.includes('begin')
    ? 'intervalBegin'
    : averaging.includes('cent') || averaging.includes('mid')
      ? 'intervalMiddle'
      : 'intervalEnd';
  const type = info.get('Type') ?? '';
  const resolution = /(\d+)\s*min/i.exec(info.get('Time Resolution') ?? '');
  const version = info.get('Data Version');
  return {
    definition,
    typicalYear: /typical/i.test(type),
    intervalMinutes: resolution ? Number(resolution[1]) : undefined,
    source: `SolarAnywhere${version ? ` ${version}` : ''}${type ? ` ${type}` : ''}`,
  };
}

const TMY3_COLUMNS: readonly ColumnSpec[] = [
  { key: 'ghi', names: ['GHI (*'], fileUnit: 'W/m^2', missing: -9900 },
  { key: 'dni', names: ['DNI (*'], fileUnit: 'W/m^2', missing: -9900 },
  { key: 'dhi', names: ['DHI (*'], fileUnit: 'W/m^2', missing: -9900 },
  { key: 'tempAir', names: ['Dry-bulb (*'], fileUnit: 'C', missing: -9900 },
  { key: 'tempDew', names: ['Dew-point (*'], fileUnit: 'C', missing: -9900 },
  { key: 'relativeHumidity', names: ['RHum (*'], fileUnit: '%', missing: -9900 },
  { key: 'pressure', names: ['Pressure (*'], fileUnit: 'mbar', scale: 100, missing: -9900 },
  { key: 'windDirection', names: ['Wdir (*'], fileUnit: 'degrees', missing: -9900 },
  { key: 'windSpeed', names: ['Wspd (*'], fileUnit: 'm/s', missing: -9900 },
  { key: 'precipitableWater', names: ['Pwat (*'], fileUnit: 'cm', missing: -9900 },
  { key: 'albedo', names: ['Alb (*'], fileUnit: 'unitless', missing: -9900 },
];

/**
 * Parses an NREL TMY3 file (or a SolarAnywhere time series in TMY3 format) into columns.
 * Stamps: local standard time, interval end (TMY3 user manual NREL/TP-581-43156; SolarAnywhere:
 * its "Averaging Method"); pressure mbar → Pa (×100); −9900 → NaN.
 * @param text the whole file
 * @throws WeatherParseError naming the line: bad site line, missing column, wrong delimiter, text in
 *         a number, invalid date, truncated record or (NREL) fewer than 8760 records
 */
export function parseTmy3(text: string, options: WeatherParseOptions = {}): WeatherData {
  const body = checkWeatherText(text, options);
  const r = new LineReader(body);
  const site = parseSiteLine(r.require('the site line'), r.line);
  const headerLine = r.require('the column header');
  const header = splitFields(headerLine, r.line, 10);
  const iDate = requireColumn(header, ['Date (*'], r.line);
  const iTime = requireColumn(header, ['Time (*'], r.line);
  for (const name of ['GHI (*', 'DNI (*', 'DHI (*', 'Dry-bulb (*', 'Wspd (*', 'Pressure (*']) {
    requireColumn(header, [name], r.line);
  }
  const solarAnywhere = site.info.size > 0;
  const sa = solarAnywhereFacts(site.info);
  const b = new SeriesBuilder(Math.max(0, countLines(body) - 2), options);
  const bound = bindColumns(b, header, TMY3_COLUMNS);
  const tz = site.timeZone;
  readRecords(r, b, bound, header.length, (c) => {
    const days = parseMdy(c.text, c.line, c.start(iDate), c.end(iDate));
    return instant(days, parseHm(c.text, c.line, c.start(iTime), c.end(iTime)), tz);
  });
  if (b.n === 0) throw new WeatherParseError(r.line, 'no data records after the header');
  return finishWeather(b, {
    format: 'tmy3',
    source: solarAnywhere ? `${sa.source} (TMY3 format)` : 'NREL NSRDB TMY3',
    dataProvider: solarAnywhere ? WEATHER_DATA_PROVIDER.CleanPowerResearch : WEATHER_DATA_PROVIDER.NREL,
    weatherFormat: solarAnywhere ? 10 : 2,
    name: site.name,
    stationCode: site.stationCode,
    latitude: site.latitude,
    longitude: site.longitude,
    elevation: site.elevation,
    timeZone: tz,
    stampUtcOffset: tz,
    timestampDefinition: solarAnywhere ? sa.definition : 'intervalEnd',
    typicalYear: solarAnywhere ? sa.typicalYear || undefined : true,
    statedIntervalMinutes: solarAnywhere ? sa.intervalMinutes : 60,
    wholeYears: !solarAnywhere,
    headerLine: 2,
    lastLine: r.line,
    warnings: [],
  });
}
