/**
 * PVGIS (European Commission JRC) CSV outputs: the typical meteorological year (tool `tmy`) and
 * the hourly radiation time series (tool `seriescalc`).
 *
 * Layout (PVGIS 5 user manual and API documentation, "TMY" and "Hourly radiation" outputs):
 *   header  'Latitude (decimal degrees): 45.000', 'Longitude …', 'Elevation (m): 250.0',
 *           'Irradiance Time Offset (h): 0.1761' (since 2024; the irradiance stands for the
 *           instant stamp + offset), TMY: the months table 'month,year'; hourly: 'Radiation
 *           database:', 'Slope: 30 deg.', 'Azimuth: 0 deg.' (0 = south, 90 = west)
 *   columns TMY: time(UTC), T2m [°C], RH [%], G(h), Gb(n), Gd(h), IR(h) [W/m²], WS10m [m/s at
 *           10 m], WD10m [°], SP [Pa]; hourly: time, G(i) or Gb(i), Gd(i), Gr(i) [W/m², plane of
 *           array], H_sun, T2m, WS10m, Int
 *   data    'YYYYMMDD:HHMM' in UTC, one record per hour, until a blank line and the legend.
 * Values are instantaneous values at the stamp, not hourly means: PVGIS takes each hour's value
 * from one satellite image (SARAH: the scan of HH:10 or so, which the 'Irradiance Time Offset' of
 * PVGIS 5.3 states exactly; PVGIS user manual, "Hourly radiation" and "TMY" outputs; pvlib
 * `get_pvgis_hourly`, `get_pvgis_tmy` notes). So the stamps are read as instantaneous, the sun at
 * stamp + irradiance time offset.
 * Time zone: PVGIS writes every stamp in UTC ('time(UTC)', user manual) and states no site zone, so
 * the site's zone is taken as UTC too (months, hours and days of the summaries in UTC), not guessed
 * from the longitude; a project's own time zone still applies when a case runs on the file.
 */
import { finishWeather, SeriesBuilder, type FileFacts } from './build.ts';
import {
  bindColumns,
  findColumn,
  readRecords,
  requireColumn,
  type BoundColumn,
  type ColumnSpec,
} from './columns.ts';
import { checkWeatherText, civilDays, countLines, instant, LineReader, splitFields } from './text.ts';
import {
  WEATHER_DATA_PROVIDER,
  WeatherParseError,
  type WeatherData,
  type WeatherParseOptions,
} from './types.ts';

/** PVGIS variables and the series they fill. */
export const PVGIS_COLUMNS: readonly ColumnSpec[] = [
  { key: 'ghi', names: ['G(h)'], fileUnit: 'W/m2' },
  { key: 'dni', names: ['Gb(n)'], fileUnit: 'W/m2' },
  { key: 'dhi', names: ['Gd(h)'], fileUnit: 'W/m2' },
  { key: 'poa', names: ['G(i)'], fileUnit: 'W/m2' },
  { key: 'tempAir', names: ['T2m'], fileUnit: 'degree Celsius' },
  { key: 'relativeHumidity', names: ['RH'], fileUnit: '%' },
  { key: 'windSpeed', names: ['WS10m'], fileUnit: 'm/s' },
  { key: 'windDirection', names: ['WD10m'], fileUnit: 'degree' },
  { key: 'pressure', names: ['SP'], fileUnit: 'Pa' },
];

/** Components whose sum is the plane-of-array irradiance when G(i) is not given. */
export const PVGIS_POA_PARTS = ['Gb(i)', 'Gd(i)', 'Gr(i)'] as const;

const d = (s: string, i: number): number => {
  const c = s.charCodeAt(i) - 48;
  return c >= 0 && c <= 9 ? c : NaN;
};

/** Instant of a PVGIS 'YYYYMMDD:HHMM' stamp (UTC) in `s` (or its from…to part). */
export function pvgisStamp(s: string, lineNo: number, from = 0, to = s.length): number {
  if (to - from !== 13 || s.charCodeAt(from + 8) !== 58) {
    throw new WeatherParseError(
      lineNo,
      `'${s.slice(from, Math.min(to, from + 24))}' is not a PVGIS time YYYYMMDD:HHMM`,
    );
  }
  const f = from;
  const year = d(s, f) * 1000 + d(s, f + 1) * 100 + d(s, f + 2) * 10 + d(s, f + 3);
  const hour = d(s, f + 9) * 10 + d(s, f + 10);
  const minute = d(s, f + 11) * 10 + d(s, f + 12);
  if (!(hour <= 23 && minute <= 59)) {
    throw new WeatherParseError(lineNo, `'${s.slice(from, to)}' has an invalid time of day`);
  }
  const days = civilDays(year, d(s, f + 4) * 10 + d(s, f + 5), d(s, f + 6) * 10 + d(s, f + 7), lineNo);
  return instant(days, hour * 60 + minute, 0);
}

/** The facts common to PVGIS files; location NaN when the file does not give it. */
export function pvgisFacts(
  x: {
    tmy: boolean;
    json: boolean;
    latitude?: number;
    longitude?: number;
    elevation?: number;
    offsetHours?: number;
    source: string;
    tilt?: number;
    azimuthPvgis?: number;
  },
  headerLine: number,
  lastLine: number,
): FileFacts {
  const warnings = [];
  if (x.tmy && x.offsetHours === undefined) {
    warnings.push({
      line: 0,
      message: 'no irradiance time offset in the file: irradiance taken at the stamp',
    });
  }
  return {
    format: x.tmy ? (x.json ? 'pvgisTmyJson' : 'pvgisTmyCsv') : x.json ? 'pvgisHourlyJson' : 'pvgisHourlyCsv',
    source: x.source,
    dataProvider: WEATHER_DATA_PROVIDER.PVGIS,
    weatherFormat: 15,
    name: '',
    stationCode: '',
    latitude: x.latitude ?? NaN,
    longitude: x.longitude ?? NaN,
    elevation: x.elevation ?? NaN,
    timeZone: 0, // what PVGIS writes (see the module comment)
    stampUtcOffset: 0,
    timestampDefinition: 'instantaneous',
    sunOffsetMinutes: (x.offsetHours ?? 0) * 60,
    typicalYear: x.tmy || undefined,
    statedIntervalMinutes: 60,
    wholeYears: x.tmy,
    headerLine,
    lastLine,
    windSensorHeight: 10,
    ...(x.tilt !== undefined && { poaTilt: x.tilt }),
    ...(x.azimuthPvgis !== undefined && { poaAzimuth: (((180 + x.azimuthPvgis) % 360) + 360) % 360 }),
    warnings,
  };
}

/** Adds the POA components into the 'poa' series (G(i) = Gb(i) + Gd(i) + Gr(i)). */
export function sumPoaParts(poa: Float64Array, parts: readonly Float64Array[], n: number): void {
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (const p of parts) s += p[i]!;
    poa[i] = s;
  }
}

/** The number after 'Name (unit):' in the header; throws when the value is not a number. */
const metaValue = (meta: Map<string, [string, number]>, prefix: string): number | undefined => {
  for (const [k, [v, line]] of meta) {
    if (!k.startsWith(prefix)) continue;
    const x = parseFloat(v);
    if (!Number.isFinite(x)) throw new WeatherParseError(line, `${k}: '${v.slice(0, 24)}' is not a number`);
    return x;
  }
  return undefined;
};

/**
 * Parses a PVGIS CSV output (TMY or hourly radiation; PVGIS API documentation) into columns: UTC
 * stamps (site zone UTC) read as
 * instantaneous, irradiance time offset in `meta.sunOffsetMinutes`, plane-of-array irradiance
 * G(i) (or Gb(i) + Gd(i) + Gr(i)) in `poa` with the plane in `meta.poaTilt`/`poaAzimuth`.
 * @param text the whole file
 * @throws WeatherParseError naming the line (no 'time' header, wrong delimiter, text in a number,
 *         invalid stamp, truncated record, a TMY with fewer than 8760 records)
 */
export function parsePvgisCsv(text: string, options: WeatherParseOptions = {}): WeatherData {
  const body = checkWeatherText(text, options);
  const r = new LineReader(body);
  const meta = new Map<string, [string, number]>();
  let headerText: string | undefined;
  while (headerText === undefined) {
    const s = r.next();
    if (s === null || r.line > 60)
      throw new WeatherParseError(r.line, "no PVGIS column header 'time(UTC),…'");
    if (/^time\s*(\(|,|;|\t)/.test(s)) headerText = s;
    else {
      const colon = s.indexOf(':');
      if (colon > 0) meta.set(s.slice(0, colon).trim(), [s.slice(colon + 1).trim(), r.line]);
    }
  }
  const headerLine = r.line;
  const header = splitFields(headerText, headerLine, 2);
  const iTime = requireColumn(header, ['time*'], headerLine);
  const tmy = header[iTime]!.trim().startsWith('time(UTC)') && findColumn(header, ['G(h)']) >= 0;
  const b = new SeriesBuilder(Math.max(0, countLines(body) - headerLine), options);
  const bound = bindColumns(b, header, PVGIS_COLUMNS);
  const partIdx = PVGIS_POA_PARTS.map((p) => findColumn(header, [p]));
  const parts: BoundColumn[] = [];
  if (findColumn(header, ['G(i)']) < 0 && partIdx.every((i) => i >= 0)) {
    for (const [k, index] of partIdx.entries()) {
      parts.push({
        index,
        name: PVGIS_POA_PARTS[k]!,
        data: new Float64Array(b.capacity),
        scale: 1,
        missing: NaN,
      });
    }
  }
  // The data end at a blank line or the legend ('T2m: 2-m air temperature …', 'PVGIS (c) …').
  const isEnd = (lr: LineReader): boolean => {
    const c = lr.text.charCodeAt(lr.lineStart);
    if (c >= 48 && c <= 57) return false;
    const s = lr.current();
    return s.trim() === '' || s.includes(':') || s.startsWith('PVGIS');
  };
  readRecords(
    r,
    b,
    [...bound, ...parts],
    header.length,
    (c) => pvgisStamp(c.text, c.line, c.start(iTime), c.end(iTime)),
    isEnd,
  );
  for (let s = r.next(); s !== null; s = r.next()) {
    if (/^\d{8}:\d{4}/.test(s))
      throw new WeatherParseError(r.line, 'records continue after the end of the data');
  }
  if (parts.length > 0) {
    sumPoaParts(
      b.column('poa', PVGIS_POA_PARTS.join(' + '), 'W/m2'),
      parts.map((p) => p.data),
      b.n,
    );
  }
  const db = meta.get('Radiation database')?.[0];
  return finishWeather(
    b,
    pvgisFacts(
      {
        tmy,
        json: false,
        latitude: metaValue(meta, 'Latitude'),
        longitude: metaValue(meta, 'Longitude'),
        elevation: metaValue(meta, 'Elevation'),
        offsetHours: metaValue(meta, 'Irradiance Time Offset'),
        source: `PVGIS ${tmy ? 'TMY' : 'hourly radiation'}${db ? ` (${db})` : ''}`,
        tilt: metaValue(meta, 'Slope'),
        azimuthPvgis: metaValue(meta, 'Azimuth'),
      },
      headerLine,
      b.n > 0 ? b.lines[b.n - 1]! : headerLine,
    ),
  );
}
