/**
 * EnergyPlus weather files (EPW).
 *
 * Layout (EnergyPlus "Auxiliary Programs", Weather Converter: EnergyPlus Weather File (EPW) Data
 * Dictionary): eight header lines —
 *   LOCATION,city,state,country,source,WMO,latitude [°],longitude [°, east +],time zone [h],elevation [m]
 *   DESIGN CONDITIONS / TYPICAL/EXTREME PERIODS / GROUND TEMPERATURES / HOLIDAYS/DAYLIGHT SAVINGS /
 *   COMMENTS 1 / COMMENTS 2 /
 *   DATA PERIODS,count,records per hour,name,start weekday,start M/D,end M/D
 * then one record per interval: year, month, day, hour (1–24), minute, flags, dry bulb [°C],
 * dew point [°C], RH [%], pressure [Pa], ETR, ETRN, horizontal IR, GHI, DNI, DHI [Wh/m² over the
 * interval = mean W/m²], illuminances, wind direction [°], wind speed [m/s], sky cover, visibility,
 * ceiling, present weather, precipitable water [mm], AOD, snow, days since snow, albedo, liquid
 * precipitation depth [mm] and quantity [h]. Hour h is the interval ENDING at h:00 local standard
 * time; with several records per hour, minute m is the end of the sub-interval (h−1):m.
 * Missing codes: 99.9 °C, 999 %, 999999 Pa, 9999 W/m², 999 for wind, water and albedo.
 *
 * PVGIS exports its TMY as EPW with the hours in UTC (the records equal its CSV's `time(UTC)` rows,
 * hour 1 = 00:00–01:00 UTC) although LOCATION gives the site's zone, and says in COMMENTS
 * "Irradiance Time Offset (h): x": the irradiance stands for the instant stamp + x. Such files are
 * read in UTC with that offset in `sunOffsetMinutes`, and a warning.
 */
import { finishWeather, SeriesBuilder } from './build.ts';
import { bindColumns, readRecords, type ColumnSpec } from './columns.ts';
import {
  checkLocation,
  checkTimeZone,
  checkWeatherText,
  civilDays,
  countLines,
  instant,
  int,
  LineReader,
  metaNumber,
  splitFields,
} from './text.ts';
import {
  WEATHER_DATA_PROVIDER,
  WeatherParseError,
  type WeatherData,
  type WeatherParseOptions,
} from './types.ts';

const EPW_COLUMNS: readonly ColumnSpec[] = [
  { key: 'tempAir', names: ['6'], fileUnit: 'C', missing: 99.9 },
  { key: 'tempDew', names: ['7'], fileUnit: 'C', missing: 99.9 },
  { key: 'relativeHumidity', names: ['8'], fileUnit: '%', missing: 999 },
  { key: 'pressure', names: ['9'], fileUnit: 'Pa', missing: 999999 },
  { key: 'ghi', names: ['13'], fileUnit: 'Wh/m2', missing: 9999 },
  { key: 'dni', names: ['14'], fileUnit: 'Wh/m2', missing: 9999 },
  { key: 'dhi', names: ['15'], fileUnit: 'Wh/m2', missing: 9999 },
  { key: 'windDirection', names: ['20'], fileUnit: 'degrees', missing: 999 },
  { key: 'windSpeed', names: ['21'], fileUnit: 'm/s', missing: 999 },
  { key: 'precipitableWater', names: ['28'], fileUnit: 'mm', scale: 0.1, missing: 999 },
  { key: 'albedo', names: ['32'], fileUnit: '-', missing: 999 },
];

/** Names of the EPW fields bound above, for messages and `meta.columns`. */
const EPW_FIELD_NAMES: Record<string, string> = {
  '6': 'Dry Bulb Temperature',
  '7': 'Dew Point Temperature',
  '8': 'Relative Humidity',
  '9': 'Atmospheric Station Pressure',
  '13': 'Global Horizontal Radiation',
  '14': 'Direct Normal Radiation',
  '15': 'Diffuse Horizontal Radiation',
  '20': 'Wind Direction',
  '21': 'Wind Speed',
  '28': 'Precipitable Water',
  '32': 'Albedo',
};

const clean = (s: string | undefined): string => {
  const t = (s ?? '').trim();
  return t === '-' || t.toLowerCase() === 'unknown' ? '' : t;
};

/**
 * Parses an EnergyPlus weather file (EPW; EnergyPlus Auxiliary Programs, EPW data dictionary) into
 * columns.
 * Stamps: local standard time of LOCATION, interval end (hour 1–24); pressure already Pa;
 * precipitable water mm → cm; missing codes → NaN. PVGIS EPW exports: see the module comment.
 * @param text the whole file
 * @throws WeatherParseError naming the line (no LOCATION or DATA PERIODS, bad coordinates, wrong
 *         delimiter, text in a number, invalid date, truncated record, a whole year cut short)
 */
export function parseEpw(text: string, options: WeatherParseOptions = {}): WeatherData {
  const body = checkWeatherText(text, options);
  const r = new LineReader(body);
  const locLine = r.require('the LOCATION line');
  if (!locLine.startsWith('LOCATION')) throw new WeatherParseError(1, "an EPW file starts with 'LOCATION,'");
  const loc = splitFields(locLine, 1, 10);
  const latitude = metaNumber(loc[6], 1, 'latitude');
  const longitude = metaNumber(loc[7], 1, 'longitude');
  const timeZone = metaNumber(loc[8], 1, 'time zone');
  checkLocation(latitude, longitude, 1);
  checkTimeZone(timeZone, 1);
  let offsetHours: number | undefined;
  let periods: string[] | undefined;
  while (periods === undefined) {
    const s = r.next();
    if (s === null || r.line > 20) {
      throw new WeatherParseError(
        Math.min(r.line, 8),
        "missing 'DATA PERIODS' header line (line 8 of an EPW)",
      );
    }
    const m = /Irradiance Time Offset \(h\):\s*(-?[\d.]+)/.exec(s);
    if (m && s.startsWith('COMMENTS')) offsetHours = Number(m[1]);
    if (s.startsWith('DATA PERIODS')) periods = splitFields(s, r.line, 3);
  }
  const periodsLine = r.line;
  const perHour = int(periods[2]!.trim(), periodsLine, 'records per hour');
  if (!(perHour >= 1 && perHour <= 60 && 60 % perHour === 0)) {
    throw new WeatherParseError(periodsLine, `${perHour} records per hour: must divide 60`);
  }
  const wholeYear = periods[5]?.replace(/\s/g, '') === '1/1' && periods[6]?.replace(/\s/g, '') === '12/31';

  const pvgis = offsetHours !== undefined;
  const stampOffset = pvgis ? 0 : timeZone;
  const warnings = pvgis
    ? [
        {
          line: 7,
          message:
            `PVGIS EPW: hours read in UTC (LOCATION time zone ${timeZone} is the site's); ` +
            `irradiance stands for the stamp ${offsetHours! >= 0 ? '+' : ''}${offsetHours} h`,
        },
      ]
    : [];
  const b = new SeriesBuilder(Math.max(0, countLines(body) - periodsLine), options);
  const header = Array.from({ length: 33 }, (_, i) => String(i));
  const bound = bindColumns(b, header, EPW_COLUMNS);
  for (const col of bound) col.name = EPW_FIELD_NAMES[col.name]!;
  for (const [, c] of b.columns) c.info.source = EPW_FIELD_NAMES[c.info.source]!;
  readRecords(r, b, bound, 22, (c) => {
    const line = c.line;
    const days = civilDays(c.int(0, 'year'), c.int(1, 'month'), c.int(2, 'day'), line);
    const hour = c.int(3, 'hour');
    if (hour < 1 || hour > 24) throw new WeatherParseError(line, `hour ${hour} is outside 1…24`);
    let minutes = hour * 60;
    if (perHour > 1) {
      const minute = c.int(4, 'minute');
      if (minute < 0 || minute > 60) throw new WeatherParseError(line, `minute ${minute} is outside 0…60`);
      minutes = (hour - 1) * 60 + minute;
    }
    return instant(days, minutes, stampOffset);
  });
  const region = [clean(loc[1]), clean(loc[2]), clean(loc[3])].filter(Boolean).join(', ');
  return finishWeather(b, {
    format: 'epw',
    source: `EPW ${clean(loc[4]) || 'weather file'}`,
    dataProvider: pvgis ? WEATHER_DATA_PROVIDER.PVGIS : WEATHER_DATA_PROVIDER.EnergyPlus,
    weatherFormat: 6,
    name: region,
    stationCode: clean(loc[5]),
    latitude,
    longitude,
    elevation: metaNumber(loc[9], 1, 'elevation'),
    timeZone,
    stampUtcOffset: stampOffset,
    timestampDefinition: 'intervalEnd',
    sunOffsetMinutes: pvgis ? offsetHours! * 60 + 30 / perHour : 0,
    statedIntervalMinutes: 60 / perHour,
    wholeYears: wholeYear,
    headerLine: periodsLine,
    lastLine: r.line,
    warnings,
  });
}
