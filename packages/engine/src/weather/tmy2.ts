/**
 * NREL TMY2 files (fixed-width text).
 *
 * Layout (Marion & Urban, "User's Manual for TMY2s", NREL/TP-463-7668, 1995, Tables 3-1 and 3-2;
 * field positions are 1-based columns):
 *   header  002–006 WBAN, 008–029 city, 031–032 state, 034–036 time zone [h], 038 N/S,
 *           040–041 latitude [°], 043–044 [′], 046 E/W, 048–050 longitude [°], 052–053 [′],
 *           056–059 elevation [m]
 *   record  002–003 year (2 digits), 004–005 month, 006–007 day, 008–009 hour (1–24, local
 *           standard time, END of the hour: radiation received in the 60 minutes before it),
 *           018–021 GHI, 024–027 DNI, 030–033 DHI [Wh/m²], 068–071 dry bulb [0.1 °C],
 *           074–077 dew point [0.1 °C], 080–082 RH [%], 085–088 pressure [mbar],
 *           091–093 wind direction [°], 096–098 wind speed [0.1 m/s], 124–126 precipitable
 *           water [mm]; each value is followed by a source and an uncertainty flag.
 * A missing value is all nines in its field. TMY2 is a typical year (months from 1961–1990).
 */
import { finishWeather, SeriesBuilder } from './build.ts';
import {
  checkLocation,
  checkTimeZone,
  checkWeatherText,
  civilDays,
  countLines,
  instant,
  LineReader,
} from './text.ts';
import {
  WEATHER_DATA_PROVIDER,
  WeatherParseError,
  type WeatherData,
  type WeatherParseOptions,
  type WeatherSeriesKey,
} from './types.ts';

/**
 * An integer in the 1-based columns from…to of a fixed-width line; with `nineIsMissing`, a field
 * of all nines gives NaN.
 */
function fixed(
  s: string,
  from: number,
  to: number,
  lineNo: number,
  what: string,
  nineIsMissing = false,
): number {
  let v = 0;
  let sign = 1;
  let digits = 0;
  let nines = true;
  for (let i = from - 1; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      v = v * 10 + (c - 48);
      digits++;
      if (c !== 57) nines = false;
    } else if (c === 45 && digits === 0) sign = -1;
    else if (c !== 32 || digits > 0) {
      throw new WeatherParseError(
        lineNo,
        `${what} (columns ${from}–${to}): '${s.slice(from - 1, to)}' is not a number`,
      );
    }
  }
  if (digits === 0) throw new WeatherParseError(lineNo, `${what} (columns ${from}–${to}) is empty`);
  return nineIsMissing && nines && sign > 0 ? NaN : sign * v;
}

/** Series of a TMY2 record: columns from–to, scale to canonical unit, unit in the file. */
const TMY2_FIELDS: readonly [WeatherSeriesKey, number, number, number, string, string][] = [
  ['ghi', 18, 21, 1, 'Wh/m2', 'Global horizontal radiation'],
  ['dni', 24, 27, 1, 'Wh/m2', 'Direct normal radiation'],
  ['dhi', 30, 33, 1, 'Wh/m2', 'Diffuse horizontal radiation'],
  ['tempAir', 68, 71, 0.1, '0.1 C', 'Dry bulb temperature'],
  ['tempDew', 74, 77, 0.1, '0.1 C', 'Dew point temperature'],
  ['relativeHumidity', 80, 82, 1, '%', 'Relative humidity'],
  ['pressure', 85, 88, 100, 'mbar', 'Atmospheric pressure'],
  ['windDirection', 91, 93, 1, 'degrees', 'Wind direction'],
  ['windSpeed', 96, 98, 0.1, '0.1 m/s', 'Wind speed'],
  ['precipitableWater', 124, 126, 0.1, 'mm', 'Precipitable water'],
];

/**
 * Parses an NREL TMY2 file into columns (NREL/TP-463-7668): stamps in local standard time at the
 * interval end (hour 1–24), tenths converted (°C, m/s), pressure mbar → Pa, precipitable water
 * mm → cm, all-nines fields → NaN.
 * @param text the whole file
 * @throws WeatherParseError naming the line (bad header, short record, text in a field, invalid
 *         date, fewer than 8760 records)
 */
export function parseTmy2(text: string, options: WeatherParseOptions = {}): WeatherData {
  const body = checkWeatherText(text, options);
  const r = new LineReader(body);
  const h = r.require('the header');
  if (h.length < 59) throw new WeatherParseError(1, `TMY2 header has ${h.length} characters; 59 expected`);
  const hemi = (c: string | undefined, pos: string, neg: string, what: string): number => {
    if (c === pos) return 1;
    if (c === neg) return -1;
    throw new WeatherParseError(1, `${what} hemisphere '${c}' in column ${what === 'latitude' ? 38 : 46}`);
  };
  const latitude =
    hemi(h[37], 'N', 'S', 'latitude') *
    (fixed(h, 40, 41, 1, 'latitude') + fixed(h, 43, 44, 1, 'latitude minutes') / 60);
  const longitude =
    hemi(h[45], 'E', 'W', 'longitude') *
    (fixed(h, 48, 50, 1, 'longitude') + fixed(h, 52, 53, 1, 'longitude minutes') / 60);
  const timeZone = fixed(h, 34, 36, 1, 'time zone');
  checkLocation(latitude, longitude, 1);
  checkTimeZone(timeZone, 1);
  const b = new SeriesBuilder(Math.max(0, countLines(body) - 1), options);
  const cols = TMY2_FIELDS.map(([key, from, to, scale, unit, name]) => ({
    data: b.column(key, `${name} (columns ${from}–${to})`, unit),
    from,
    to,
    scale,
    name,
  }));
  const { time, lines } = b;
  let n = 0;
  for (let s = r.next(); s !== null; s = r.next()) {
    const line = r.line;
    if (s.trim().length === 0) {
      if (r.restIsBlank()) break;
      throw new WeatherParseError(line, 'blank line inside the data');
    }
    if (s.length < 126) {
      throw new WeatherParseError(
        line,
        `record has ${s.length} characters; a TMY2 record has 142: truncated`,
      );
    }
    const year = 1900 + fixed(s, 2, 3, line, 'year');
    const days = civilDays(year, fixed(s, 4, 5, line, 'month'), fixed(s, 6, 7, line, 'day'), line);
    const hour = fixed(s, 8, 9, line, 'hour');
    if (!(hour >= 1 && hour <= 24)) throw new WeatherParseError(line, `hour ${hour} is outside 1…24`);
    time[n] = instant(days, hour * 60, timeZone);
    for (let c = 0; c < cols.length; c++) {
      const col = cols[c]!;
      col.data[n] = fixed(s, col.from, col.to, line, col.name, true) * col.scale;
    }
    lines[n] = line;
    n++;
  }
  b.n = n;
  const city = h.slice(7, 29).trim();
  const state = h.slice(30, 32).trim();
  return finishWeather(b, {
    format: 'tmy2',
    source: 'NREL TMY2 (NSRDB 1961–1990)',
    dataProvider: WEATHER_DATA_PROVIDER.NREL,
    weatherFormat: null,
    name: state ? `${city}, ${state}` : city,
    stationCode: h.slice(1, 6).trim(),
    latitude,
    longitude,
    elevation: fixed(h, 56, 59, 1, 'elevation'),
    timeZone,
    stampUtcOffset: timeZone,
    timestampDefinition: 'intervalEnd',
    typicalYear: true,
    statedIntervalMinutes: 60,
    wholeYears: true,
    headerLine: 1,
    lastLine: r.line,
    warnings: [],
  });
}
