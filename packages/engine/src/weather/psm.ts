/**
 * NREL NSRDB Physical Solar Model (PSM v3 and v4) CSV downloads, and the same tables without their
 * metadata lines (as pvlib writes them).
 *
 * Layout (NSRDB data download API, PSM v3/v4 CSV; developer.nrel.gov/docs/solar/nsrdb):
 *   line 1  metadata names: Source, Location ID, City, State, Country, Latitude, Longitude,
 *           Time Zone, Elevation, Local Time Zone, … units …, Version
 *   line 2  their values
 *   line 3  column names: Year, Month, Day, Hour, Minute, GHI, DNI, DHI, Temperature, Dew Point,
 *           Relative Humidity, Pressure, Wind Speed, Wind Direction, Precipitable Water,
 *           Surface Albedo, … in any order (only the requested attributes)
 *   data    5-, 10-, 15-, 30- or 60-minute records.
 * "Time Zone" is the UTC offset of the stamps (0 when downloaded in UTC, the API default),
 * "Local Time Zone" the site's standard offset. Pressure in the "Pressure Units" (mbar → Pa).
 *
 * What a stamp marks: an instant. The PSM derives each record from one satellite image (GOES) and
 * computes GHI = DNI·cos z + DHI with the sun at the stamp: the values are instantaneous at the stamp,
 * not means over the interval that follows it (Sengupta et al. 2018, "The National Solar Radiation
 * Data Base (NSRDB)", Renew. Sust. Energy Rev. 89:51–60; NSRDB documentation and data-download API
 * notes, nsrdb.nrel.gov and developer.nrel.gov/docs/solar/nsrdb). The file's own Solar Zenith
 * Angle column is the sun at the stamp (within 0.1° of SPA at the stamp, test
 * weather.psmTimestamps), and the three components close (GHI = DNI·cos z + DHI) with the sun at the
 * stamp, not at stamp + Δt/2. So v3 and v4, 5-, 30- and 60-minute data and the typical years
 * (stamped HH:30, the PSM value of that instant) are all read as instantaneous: the sun at the stamp.
 * Reading 30-minute v3 data as interval begin (sun at stamp + 15 min, as this reader did before)
 * moves a fixed plane's annual POA by 0.65 % and its hourly values by 3.7 % nRMSE (issue 17).
 */
import { splitCsvLine } from '../csv.ts';
import { finishWeather, SeriesBuilder } from './build.ts';
import { bindColumns, findColumn, readRecords, requireColumn, type ColumnSpec } from './columns.ts';
import {
  checkLocation,
  checkTimeZone,
  checkWeatherText,
  civilDays,
  countLines,
  instant,
  LineReader,
  metaNumber,
  splitFields,
} from './text.ts';
import type { TimestampDefinition } from '../time/weatherTimestamps.ts';
import {
  WEATHER_DATA_PROVIDER,
  WeatherParseError,
  type WeatherData,
  type WeatherParseOptions,
} from './types.ts';

const PRESSURE_SCALE: Record<string, number> = { mbar: 100, hpa: 100, mb: 100, pa: 1, kpa: 1000 };

function psmColumns(pressureUnit: string): ColumnSpec[] {
  const scale = PRESSURE_SCALE[pressureUnit.toLowerCase()];
  if (scale === undefined) throw new WeatherParseError(2, `unknown pressure unit '${pressureUnit}'`);
  return [
    { key: 'ghi', names: ['GHI'], fileUnit: 'W/m2' },
    { key: 'dni', names: ['DNI'], fileUnit: 'W/m2' },
    { key: 'dhi', names: ['DHI'], fileUnit: 'W/m2' },
    { key: 'tempAir', names: ['Temperature'], fileUnit: 'C' },
    { key: 'tempDew', names: ['Dew Point'], fileUnit: 'C' },
    { key: 'relativeHumidity', names: ['Relative Humidity'], fileUnit: '%' },
    { key: 'pressure', names: ['Pressure'], fileUnit: pressureUnit, scale },
    { key: 'windSpeed', names: ['Wind Speed'], fileUnit: 'm/s' },
    { key: 'windDirection', names: ['Wind Direction'], fileUnit: 'Degrees' },
    { key: 'precipitableWater', names: ['Precipitable Water'], fileUnit: 'cm' },
    { key: 'albedo', names: ['Surface Albedo'], fileUnit: '-' },
  ];
}

/** Reads the records after a Year, Month, Day, Hour[, Minute] header. */
function readPsmRecords(
  r: LineReader,
  b: SeriesBuilder,
  header: string[],
  headerLine: number,
  pressureUnit: string,
  stampTz: number,
): void {
  const iy = requireColumn(header, ['Year'], headerLine);
  const im = requireColumn(header, ['Month'], headerLine);
  const id = requireColumn(header, ['Day'], headerLine);
  const ih = requireColumn(header, ['Hour'], headerLine);
  const imin = findColumn(header, ['Minute']);
  requireColumn(header, ['GHI'], headerLine);
  const bound = bindColumns(b, header, psmColumns(pressureUnit));
  const minFields = Math.max(iy, im, id, ih, imin, ...bound.map((c) => c.index)) + 1;
  readRecords(r, b, bound, minFields, (c) => {
    const hour = c.int(ih, 'Hour');
    const minute = imin >= 0 ? c.int(imin, 'Minute') : 0;
    if (hour < 0 || hour > 23 || minute < 0 || minute > 59) {
      throw new WeatherParseError(c.line, `time ${hour}:${minute} is outside 0:00…23:59`);
    }
    const days = civilDays(c.int(iy, 'Year'), c.int(im, 'Month'), c.int(id, 'Day'), c.line);
    return instant(days, hour * 60 + minute, stampTz);
  });
}

/**
 * Parses an NSRDB PSM v3 or v4 CSV download (NSRDB PSM documentation, developer.nrel.gov) into
 * columns: stamps in the header's "Time Zone"
 * (UTC or local standard time), the site's zone from "Local Time Zone"; instantaneous stamps (the
 * module comment); pressure to Pa.
 * @param text the whole file
 * @throws WeatherParseError naming the line (metadata without Latitude/Longitude/Time Zone, missing
 *         Year…Hour or GHI column, wrong delimiter, text in a number, invalid date, truncated record)
 */
export function parsePsm(text: string, options: WeatherParseOptions = {}): WeatherData {
  const body = checkWeatherText(text, options);
  const r = new LineReader(body);
  const names = splitFields(r.require('the metadata names'), 1, 3, true).map((s) => s.trim());
  const values = splitCsvLine(r.require('the metadata values'));
  const metaOf = (name: string): string | undefined => {
    const i = names.indexOf(name);
    return i >= 0 ? values[i]?.trim() : undefined;
  };
  for (const name of ['Latitude', 'Longitude', 'Time Zone']) {
    if (!names.includes(name)) throw new WeatherParseError(1, `missing metadata field '${name}'`);
  }
  const latitude = metaNumber(metaOf('Latitude'), 2, 'Latitude');
  const longitude = metaNumber(metaOf('Longitude'), 2, 'Longitude');
  const stampTz = metaNumber(metaOf('Time Zone'), 2, 'Time Zone');
  const localTz = metaOf('Local Time Zone')
    ? metaNumber(metaOf('Local Time Zone'), 2, 'Local Time Zone')
    : stampTz;
  checkLocation(latitude, longitude, 2);
  checkTimeZone(stampTz, 2);
  checkTimeZone(localTz, 2);
  const elevation = metaOf('Elevation') ? metaNumber(metaOf('Elevation'), 2, 'Elevation') : NaN;
  const version = metaOf('Version') ?? '';
  const v4 = /^v?4/.test(version);
  const header = splitFields(r.require('the column header'), 3, 5);
  const b = new SeriesBuilder(Math.max(0, countLines(body) - 3), options);
  readPsmRecords(r, b, header, 3, metaOf('Pressure Units') || 'mbar', stampTz);
  const definition: TimestampDefinition = 'instantaneous';
  const place = ['City', 'State', 'Country'].map(metaOf).filter((s) => s && s !== '-');
  const id = metaOf('Location ID') ?? '';
  return finishWeather(b, {
    format: v4 ? 'psm4' : 'psm3',
    source: `${metaOf('Source') || 'NSRDB'} PSM ${version}`.trim(),
    dataProvider: WEATHER_DATA_PROVIDER.NSRDB,
    weatherFormat: null,
    name: place.length > 0 ? place.join(', ') : `NSRDB ${id}`.trim(),
    stationCode: id,
    latitude,
    longitude,
    elevation,
    timeZone: localTz,
    stampUtcOffset: stampTz,
    timestampDefinition: definition,
    wholeYears: true,
    headerLine: 3,
    lastLine: r.line,
    warnings: [],
  });
}

/**
 * Parses an NSRDB PSM table without its two metadata lines (an index or ISO-time column, then Year,
 * Month, Day, Hour, Minute and the variables). Location unknown (NaN, with a warning); the stamps'
 * zone comes from an ISO offset in the first column, else UTC is assumed (with a warning).
 * @param text the whole file
 * @throws WeatherParseError as {@link parsePsm}
 */
export function parsePsmTable(text: string, options: WeatherParseOptions = {}): WeatherData {
  const body = checkWeatherText(text, options);
  const r = new LineReader(body);
  const header = splitFields(r.require('the column header'), 1, 5);
  const first = body.slice(body.indexOf('\n') + 1, body.indexOf('\n') + 200).split(',')[0] ?? '';
  const zone = /([+-])(\d{2}):?(\d{2})\s*$/.exec(first);
  const stampTz = zone ? (zone[1] === '-' ? -1 : 1) * (Number(zone[2]) + Number(zone[3]) / 60) : 0;
  const b = new SeriesBuilder(Math.max(0, countLines(body) - 1), options);
  readPsmRecords(r, b, header, 1, 'mbar', stampTz);
  return finishWeather(b, {
    format: 'psmTable',
    source: 'NSRDB PSM (table without metadata)',
    dataProvider: WEATHER_DATA_PROVIDER.NSRDB,
    weatherFormat: null,
    name: '',
    stationCode: '',
    latitude: NaN,
    longitude: NaN,
    elevation: NaN,
    timeZone: zone ? stampTz : undefined,
    stampUtcOffset: stampTz,
    timestampDefinition: 'instantaneous',
    headerLine: 1,
    lastLine: r.line,
    warnings: [],
  });
}
