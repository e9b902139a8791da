/**
 * NOAA SURFRAD daily station files (`sssyyjjj.dat`).
 *
 * Layout (NOAA GML, "Description of SURFRAD daily data files", README): line 1 station name;
 * line 2 latitude [°], longitude [° WEST positive: all stations are in the United States],
 * elevation [m] "m version n"; then one record per minute (3 minutes before 2009), space
 * separated: year, day of year, month, day, hour, minute (UTC), decimal time, solar zenith, then
 * value/QC-flag pairs: dw_solar (GHI), uw_solar, direct_n (DNI), diffuse (DHI), dw_ir, dw_casetemp,
 * dw_dometemp, uw_ir, uw_casetemp, uw_dometemp, uvb, par, netsolar, netir, totalnet [W/m²],
 * temp [°C], rh [%], windspd [m/s], winddir [°], pressure [mbar]. Missing: −9999.9.
 * The stamp is the END of the minute: the file's zenith column is the sun 30 s before the stamp
 * (checked against SPA on `slv16001.dat`).
 */
import { finishWeather, SeriesBuilder } from './build.ts';
import {
  checkLocation,
  checkWeatherText,
  civilDays,
  countLines,
  instant,
  int,
  LineReader,
  num,
} from './text.ts';
import {
  WEATHER_DATA_PROVIDER,
  WeatherParseError,
  type WeatherData,
  type WeatherParseOptions,
  type WeatherSeriesKey,
} from './types.ts';

/** Token index, series, name and unit of the SURFRAD values used. */
const SURFRAD_FIELDS: readonly [number, WeatherSeriesKey, string, string, number][] = [
  [8, 'ghi', 'dw_solar', 'W/m2', 1],
  [12, 'dni', 'direct_n', 'W/m2', 1],
  [14, 'dhi', 'diffuse', 'W/m2', 1],
  [38, 'tempAir', 'temp', 'C', 1],
  [40, 'relativeHumidity', 'rh', '%', 1],
  [42, 'windSpeed', 'windspd', 'm/s', 1],
  [44, 'windDirection', 'winddir', 'degrees', 1],
  [46, 'pressure', 'pressure', 'mbar', 100],
];

/**
 * Parses a NOAA SURFRAD daily file (NOAA GML SURFRAD README) into columns: UTC stamps at the end
 * of each minute, pressure
 * mbar → Pa, −9999.9 → NaN, longitude turned east-positive.
 * @param text the whole file
 * @throws WeatherParseError naming the line (bad location line, short record, text in a number,
 *         invalid date)
 */
export function parseSurfrad(text: string, options: WeatherParseOptions = {}): WeatherData {
  const body = checkWeatherText(text, options);
  const r = new LineReader(body);
  const name = r.require('the station name').trim();
  const loc = r.require('the location line').trim().split(/\s+/);
  const latitude = num(loc[0] ?? '', 2, 'latitude');
  const lonWest = num(loc[1] ?? '', 2, 'longitude');
  const elevation = num(loc[2] ?? '', 2, 'elevation');
  if (loc.length < 3 || [latitude, lonWest, elevation].some(Number.isNaN)) {
    throw new WeatherParseError(2, "expected 'latitude longitude elevation m version n'");
  }
  const longitude = lonWest > 0 ? -lonWest : lonWest;
  checkLocation(latitude, longitude, 2);
  const b = new SeriesBuilder(Math.max(0, countLines(body) - 2), options);
  const cols = SURFRAD_FIELDS.map(([index, key, field, unit, scale]) => ({
    index,
    field,
    scale,
    data: b.column(key, field, unit),
  }));
  const { time, lines } = b;
  let n = 0;
  for (let s = r.next(); s !== null; s = r.next()) {
    const line = r.line;
    const t = s.trim();
    if (t.length === 0) {
      if (r.restIsBlank()) break;
      throw new WeatherParseError(line, 'blank line inside the data');
    }
    const f = t.split(/\s+/);
    if (f.length < 48)
      throw new WeatherParseError(line, `${f.length} values where 48 are expected: truncated record`);
    const days = civilDays(
      int(f[0]!, line, 'year'),
      int(f[2]!, line, 'month'),
      int(f[3]!, line, 'day'),
      line,
    );
    const minutes = int(f[4]!, line, 'hour') * 60 + int(f[5]!, line, 'minute');
    time[n] = instant(days, minutes, 0);
    for (const c of cols) {
      const v = num(f[c.index]!, line, c.field);
      c.data[n] = v === -9999.9 ? NaN : v * c.scale;
    }
    lines[n] = line;
    n++;
  }
  b.n = n;
  return finishWeather(b, {
    format: 'surfrad',
    source: 'NOAA SURFRAD',
    dataProvider: WEATHER_DATA_PROVIDER.Other,
    weatherFormat: null,
    name,
    stationCode: '',
    latitude,
    longitude,
    elevation,
    timeZone: undefined,
    stampUtcOffset: 0,
    timestampDefinition: 'intervalEnd',
    headerLine: 2,
    lastLine: r.line,
    warnings: [],
  });
}
