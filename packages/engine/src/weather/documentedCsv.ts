/**
 * Readers of the documented delimited exports of Solargis, Meteonorm and PVsyst. Each finds the
 * file's metadata and column header, maps the documented column names to series and units, and
 * reads the records with the generic delimited reader ({@link parseDelimited}).
 *
 * Solargis time series / TMY CSV (Solargis product guide "Time series and TMY data › Data format";
 * solargis.com/docs): '#'-prefixed metadata ('#Latitude: 48.61', '#Longitude: 20.83',
 *   '#Elevation: 318.0 m a.s.l.', '#Time reference: UTC+01', '#Time step: 15 min', summarization and
 *   TMY notes), then a ';'-separated header 'Date;Time;GHI;DNI;DIF;…;TEMP;…;WS;WD;RH;AP;PWAT…' and
 *   records 'DD.MM.YYYY;HH:MM;…' ('DD.MM' in TMY files). Stamps are in the stated time reference
 *   (UTC by default), at the centre of the summarization interval unless the metadata says "end"
 *   ("instantaneous" sub-hourly values are stamped at their instant). No-data value −9 for
 *   irradiance. Units: W/m², °C, hPa (AP), %, m/s, ° (WD), kg/m² (PWAT = mm of water).
 * Meteonorm hourly export (Meteonorm 8 handbook part I, "Output formats"; Meteonorm variable
 *   abbreviations): a site-name line, a line 'latitude, longitude, altitude, time zone', then a
 *   header of abbreviations — time 'y'/'Year', 'm', 'dm', 'h' (1–24, hour ending) and values
 *   G_Gh, G_Dh, G_Bn (W/m²), G_Gk (tilted), Ta, Td (°C), RH (%), FF (m/s), DD (°), p (hPa), RR (mm)
 *   — tab, space, ',' or ';' separated. Files without a year column are typical years. Longitude
 *   east positive and the time zone as a UTC offset (PV*SOL's variant, with east negative and a
 *   fifth value −30, is not recognised).
 * PVsyst CSV ("PVsyst standard format" hourly meteo export; PVsyst help › Meteo database › Import
 *   of ASCII meteo files / Export): '#'-prefixed (or 'key,value') metadata with Latitude,
 *   Longitude, Altitude and Time Zone, a header 'Year,Month,Day,Hour,Minute,GHI,DHI,…,Tamb,WindVel…'
 *   (PVsyst names GlobHor, DiffHor, BeamNor, GlobInc, T_Amb also accepted), an optional units line,
 *   then records stamped at the interval beginning in the site's legal standard time.
 */
import type { GenericColumnMapping, GenericCsvMapping, GenericUnit } from './genericCsv.ts';
import { parseDelimited } from './genericCsvParse.ts';
import { splitDelimited } from '../csv.ts';
import { checkWeatherText } from './text.ts';
import {
  WEATHER_DATA_PROVIDER,
  WeatherParseError,
  type WeatherData,
  type WeatherParseOptions,
  type WeatherSeriesKey,
} from './types.ts';

type Delimiter = GenericCsvMapping['delimiter'];
interface NameRule {
  /** names (case-insensitive, exact after trimming and dropping a bracketed unit) */
  names: readonly string[];
  key: WeatherSeriesKey;
  unit: GenericUnit;
  missingValue?: number;
}

/** The line's cells for a delimiter (space: runs of blanks). */
const cells = (line: string, d: Delimiter): string[] => splitDelimited(line, d);

/** A header cell without its bracketed unit: 'GHI [W/m2]' → 'ghi'. */
const bare = (h: string): string =>
  h
    .replace(/^#\s*/, '')
    .replace(/\s*[[(].*$/, '')
    .trim()
    .toLowerCase();

function delimiterOf(line: string): Delimiter {
  if (line.includes(';')) return ';';
  if (line.includes('\t')) return '\t';
  if (line.includes(',')) return ',';
  return ' ';
}

/** Unit written in a header cell or the units line, when it overrides the documented one. */
function statedUnit(cell: string, fallback: GenericUnit): GenericUnit {
  const u = cell.toLowerCase().replace(/\s+/g, '');
  if (/kwh\/m/.test(u)) return 'kWh/m2';
  if (/wh\/m/.test(u)) return 'Wh/m2';
  if (/kw\/m/.test(u)) return 'kW/m2';
  if (/mj\/m/.test(u)) return 'MJ/m2';
  if (/km\/h/.test(u)) return 'km/h';
  if (/°f|degf/.test(u)) return 'F';
  if (/kpa/.test(u)) return 'kPa';
  if (/\bpa\b|\(pa\)|\[pa\]/.test(u)) return 'Pa';
  return fallback;
}

interface Layout {
  lines: string[];
  headerAt: number;
  delimiter: Delimiter;
  header: string[];
  /** 0-based first data line */
  firstData: number;
  /** cells of the units line after the header, if any */
  units: string[] | null;
}

/** Finds the header line (first line whose cells satisfy `isHeader`) and the first data line. */
function layout(text: string, isHeader: (c: string[]) => boolean, format: string): Layout {
  const head = text.slice(0, 200_000);
  const lines = head.split('\n', 300).map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!.replace(/^#\s*/, '');
    if (l.trim() === '') continue;
    const d = delimiterOf(l);
    const c = cells(l, d);
    if (!isHeader(c)) continue;
    let first = i + 1;
    let units: string[] | null = null;
    while (first < lines.length) {
      const next = lines[first]!;
      if (next.trim() === '' || next.startsWith('#')) {
        first++;
        continue;
      }
      const nc = cells(next, d);
      if (nc.some((x) => /^-?\d/.test(x))) break;
      units = nc;
      first++;
    }
    return { lines, headerAt: i, delimiter: d, header: c, firstData: first, units };
  }
  throw new WeatherParseError(1, `no ${format} column header found`);
}

function mapColumns(l: Layout, rules: readonly NameRule[]): GenericColumnMapping[] {
  const out: GenericColumnMapping[] = [];
  const used = new Set<WeatherSeriesKey>();
  l.header.forEach((h, index) => {
    const b = bare(h);
    const rule = rules.find((r) => r.names.includes(b));
    if (!rule || used.has(rule.key)) return;
    used.add(rule.key);
    const unit = statedUnit(`${h} ${l.units?.[index] ?? ''}`, rule.unit);
    out.push({
      index,
      key: rule.key,
      unit,
      ...(rule.missingValue !== undefined && { missingValue: rule.missingValue }),
    });
  });
  if (!out.some((c) => c.key === 'ghi' || c.key === 'poa')) {
    throw new WeatherParseError(l.headerAt + 1, 'missing required column: global horizontal irradiance');
  }
  return out;
}

const indexOf = (header: readonly string[], names: readonly string[]): number =>
  header.findIndex((h) => names.includes(bare(h)));

/** A metadata number after a label ('Latitude: 46.2', '#Latitude,46.2', 'Latitude (°) 46.2'). */
function metaValue(lines: readonly string[], label: RegExp): number | undefined {
  for (const l of lines) {
    const m = label.exec(l);
    if (!m) continue;
    const rest = l.slice(m.index + m[0].length);
    const v = /[-+]?\d+(?:\.\d+)?/.exec(rest.replace(/^[^-+\d]*/, ''));
    if (v && Number.isFinite(Number(v[0]))) return Number(v[0]);
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Solargis

const SOLARGIS_RULES: readonly NameRule[] = [
  { names: ['ghi'], key: 'ghi', unit: 'W/m2', missingValue: -9 },
  { names: ['dni'], key: 'dni', unit: 'W/m2', missingValue: -9 },
  { names: ['dif'], key: 'dhi', unit: 'W/m2', missingValue: -9 },
  { names: ['gti'], key: 'poa', unit: 'W/m2', missingValue: -9 },
  { names: ['temp', 'tmp'], key: 'tempAir', unit: 'C' },
  { names: ['td'], key: 'tempDew', unit: 'C' },
  { names: ['ap'], key: 'pressure', unit: 'hPa' },
  { names: ['rh'], key: 'relativeHumidity', unit: '%' },
  { names: ['ws'], key: 'windSpeed', unit: 'm/s' },
  { names: ['wd'], key: 'windDirection', unit: 'deg' },
  { names: ['pwat'], key: 'precipitableWater', unit: 'mm' },
  { names: ['prec'], key: 'rainfall', unit: 'mm' },
  { names: ['alb', 'albedo'], key: 'albedo', unit: 'fraction' },
];

const isSolargisHeader = (c: string[]): boolean =>
  (bare(c[0] ?? '') === 'date' || bare(c[0] ?? '') === 'day') &&
  bare(c[1] ?? '') === 'time' &&
  c.some((x) => bare(x) === 'ghi' || bare(x) === 'gti');

/** True when the text looks like a Solargis CSV (a Solargis mention and a 'Date;Time;…GHI' header). */
export function isSolargisCsv(head: string): boolean {
  return /solargis/i.test(head) && /^#?\s*(Date|Day);Time;/m.test(head);
}

/**
 * Parses a Solargis time-series or TMY CSV (format in this file's header).
 * @throws WeatherParseError naming the line (no header, no GHI, bad date, text in a number, …)
 */
export function parseSolargis(text: string, options: WeatherParseOptions = {}): WeatherData {
  const body = checkWeatherText(text, options);
  const l = layout(body, isSolargisHeader, 'Solargis (Date;Time;GHI…)');
  const meta = l.lines.slice(0, l.headerAt).filter((x) => x.startsWith('#'));
  const joined = meta.join('\n');
  const ref = /time reference[^\n]*?(?:UTC|GMT)\s*([+-]\d{1,2})(?::(\d{2}))?/i.exec(joined);
  const refTz = ref ? Number(ref[1]) + (Number(ref[2] ?? 0) / 60) * Math.sign(Number(ref[1]) || 1) : 0;
  // Instantaneous values (Solargis' sub-hourly satellite data when the metadata says so) put the
  // sun at the stamp, as interval middle does, but are named for what they are (issue 17).
  const definition = /end of (the )?(summari[sz]ation|averaging)/i.test(joined)
    ? 'intervalEnd'
    : /instantaneous/i.test(joined)
      ? 'instantaneous'
      : 'intervalMiddle';
  const typical =
    /\b(TMY|typical)\b/i.test(joined) ||
    /^\d{1,2}\.\d{1,2}$/.test(cells(l.lines[l.firstData] ?? '', ';')[0] ?? '');
  const latitude = metaValue(meta, /latitude/i);
  const longitude = metaValue(meta, /longitude/i);
  const elevation = metaValue(meta, /(elevation|altitude)/i);
  const siteName = /site name\s*[:=]\s*(.+)/i.exec(joined)?.[1]?.trim() ?? '';
  const mapping: GenericCsvMapping = {
    delimiter: ';',
    headerRow: l.headerAt,
    firstDataRow: l.firstData,
    timestamp: { format: 'date time', order: 'dmy', dateColumn: 0, timeColumn: 1 },
    timeZone: refTz,
    timestampDefinition: definition,
    columns: mapColumns(l, SOLARGIS_RULES),
    ...(latitude !== undefined && { latitude }),
    ...(longitude !== undefined && { longitude }),
    ...(elevation !== undefined && { elevation }),
  };
  return parseDelimited(
    body,
    mapping,
    options,
    {
      format: 'solargis',
      source: /Solargis v[\d.]+/i.exec(joined)?.[0] ?? 'Solargis',
      dataProvider: WEATHER_DATA_PROVIDER.SolarGIS,
      weatherFormat: 11,
      name: siteName,
      stampUtcOffset: refTz,
      timeZone: refTz !== 0 ? refTz : undefined,
      ...(typical && { typicalYear: true }),
    },
    l.header,
  );
}

// ---------------------------------------------------------------------------------------------
// Meteonorm

const METEONORM_RULES: readonly NameRule[] = [
  { names: ['g_gh', 'gh'], key: 'ghi', unit: 'W/m2' },
  { names: ['g_dh', 'dh'], key: 'dhi', unit: 'W/m2' },
  { names: ['g_bn', 'bn'], key: 'dni', unit: 'W/m2' },
  { names: ['g_gk', 'gk'], key: 'poa', unit: 'W/m2' },
  { names: ['ta'], key: 'tempAir', unit: 'C' },
  { names: ['td'], key: 'tempDew', unit: 'C' },
  { names: ['rh'], key: 'relativeHumidity', unit: '%' },
  { names: ['ff'], key: 'windSpeed', unit: 'm/s' },
  { names: ['dd'], key: 'windDirection', unit: 'deg' },
  { names: ['p'], key: 'pressure', unit: 'hPa' },
  { names: ['rr'], key: 'rainfall', unit: 'mm' },
];

const isMeteonormHeader = (c: string[]): boolean =>
  c.some((x) => bare(x) === 'g_gh') && c.some((x) => ['h', 'hour', 'hy'].includes(bare(x)));

/** True when the text looks like a Meteonorm hourly export (a header with G_Gh and an hour column). */
export function isMeteonormText(head: string): boolean {
  return head
    .split('\n', 40)
    .some((l) => /(^|[\s,;])G_Gh([\s,;]|$)/.test(l) && /(^|[\s,;])(h|Hour|hy)([\s,;]|$)/.test(l));
}

/**
 * Parses a Meteonorm hourly export (format in this file's header).
 * @throws WeatherParseError naming the line
 */
export function parseMeteonorm(text: string, options: WeatherParseOptions = {}): WeatherData {
  const body = checkWeatherText(text, options);
  const l = layout(body, isMeteonormHeader, 'Meteonorm (m dm h G_Gh …)');
  const above = l.lines.slice(0, l.headerAt).filter((x) => x.trim() !== '');
  let name = '';
  let lat: number | undefined;
  let lon: number | undefined;
  let alt: number | undefined;
  let tz: number | undefined;
  for (const line of above) {
    const parts = line
      .replace(/^#\s*/, '')
      .trim()
      .split(/[\s,;]+/);
    if (
      lat === undefined &&
      parts.length >= 3 &&
      parts.slice(0, 3).every((p) => /^[-+]?\d+(\.\d+)?$/.test(p))
    ) {
      [lat, lon, alt] = parts.slice(0, 3).map(Number);
      if (parts[3] !== undefined && /^[-+]?\d+(\.\d+)?$/.test(parts[3])) tz = Number(parts[3]);
    } else if (name === '' && !/^\s*[-+\d]/.test(line))
      name = line.replace(/^#\s*/, '').replace(/"/g, '').trim();
  }
  lat ??= metaValue(above, /latitude/i);
  lon ??= metaValue(above, /longitude/i);
  alt ??= metaValue(above, /(altitude|elevation)/i);
  tz ??= metaValue(above, /time ?zone/i);
  const h = l.header;
  const iY = indexOf(h, ['y', 'year']);
  const iM = indexOf(h, ['m', 'month']);
  const iD = indexOf(h, ['dm', 'day', 'd']);
  const iH = indexOf(h, ['h', 'hour']);
  const iMin = indexOf(h, ['min', 'minute']);
  if (iM < 0 || iD < 0 || iH < 0) {
    throw new WeatherParseError(l.headerAt + 1, "missing required column: month 'm', day 'dm' and hour 'h'");
  }
  const mapping: GenericCsvMapping = {
    delimiter: l.delimiter,
    headerRow: l.headerAt,
    firstDataRow: l.firstData,
    timestamp: {
      format: 'ymdhm columns',
      ...(iY >= 0 && { year: iY }),
      month: iM,
      day: iD,
      hour: iH,
      ...(iMin >= 0 && { minute: iMin }),
    },
    timeZone: tz ?? 0,
    timestampDefinition: 'intervalEnd',
    columns: mapColumns(l, METEONORM_RULES),
    ...(lat !== undefined && { latitude: lat }),
    ...(lon !== undefined && { longitude: lon }),
    ...(alt !== undefined && { elevation: alt }),
  };
  return parseDelimited(
    body,
    mapping,
    options,
    {
      format: 'meteonorm',
      source: 'Meteonorm',
      dataProvider: WEATHER_DATA_PROVIDER.Meteonorm,
      weatherFormat: 3,
      name,
      stampUtcOffset: tz ?? 0,
      timeZone: tz,
      ...(iY < 0 && { typicalYear: true }),
    },
    l.header,
  );
}

// ---------------------------------------------------------------------------------------------
// PVsyst

const PVSYST_RULES: readonly NameRule[] = [
  { names: ['ghi', 'globhor', 'gh'], key: 'ghi', unit: 'W/m2' },
  { names: ['dhi', 'diffhor', 'dh'], key: 'dhi', unit: 'W/m2' },
  { names: ['dni', 'beamnor', 'bn'], key: 'dni', unit: 'W/m2' },
  { names: ['globinc', 'gpoa', 'poa'], key: 'poa', unit: 'W/m2' },
  { names: ['tamb', 't_amb', 'tair', 'temp'], key: 'tempAir', unit: 'C' },
  { names: ['tdew', 't_dew'], key: 'tempDew', unit: 'C' },
  { names: ['windvel', 'windspeed', 'ws'], key: 'windSpeed', unit: 'm/s' },
  { names: ['rh', 'humrel', 'relhum'], key: 'relativeHumidity', unit: '%' },
  { names: ['pressure', 'press'], key: 'pressure', unit: 'hPa' },
  { names: ['winddir'], key: 'windDirection', unit: 'deg' },
  { names: ['pwat', 'precipw'], key: 'precipitableWater', unit: 'cm' },
  { names: ['albedo'], key: 'albedo', unit: 'fraction' },
];

const isPvsystHeader = (c: string[]): boolean => {
  const b = c.map(bare);
  return (
    b.includes('year') &&
    b.includes('month') &&
    b.includes('day') &&
    b.includes('hour') &&
    (b.includes('ghi') || b.includes('globhor')) &&
    b.some((x) => ['tamb', 't_amb', 'windvel', 'globhor', 'diffhor'].includes(x))
  );
};

/** True when the text looks like a PVsyst CSV meteo file. */
export function isPvsystCsv(head: string): boolean {
  return head
    .split('\n', 120)
    .some(
      (l) =>
        isPvsystHeader(cells(l.replace(/^#\s*/, ''), delimiterOf(l))) &&
        /pvsyst|tamb|t_amb|windvel|globhor/i.test(l + head.slice(0, 4000)),
    );
}

/**
 * Parses a PVsyst CSV meteo file (format in this file's header).
 * @throws WeatherParseError naming the line
 */
export function parsePvsyst(text: string, options: WeatherParseOptions = {}): WeatherData {
  const body = checkWeatherText(text, options);
  const l = layout(body, isPvsystHeader, 'PVsyst (Year,Month,Day,Hour,…,GHI)');
  const above = l.lines.slice(0, l.headerAt);
  const latitude = metaValue(above, /latitude/i);
  const longitude = metaValue(above, /longitude/i);
  const elevation = metaValue(above, /(altitude|elevation)/i);
  const tz = metaValue(above, /time ?zone/i);
  const site =
    /^#?\s*(?:site|geographical site)\s*[,;:]\s*([^,;\n]+)/im.exec(above.join('\n'))?.[1]?.trim() ?? '';
  const source = /^#?\s*(?:data source|source)\s*[,;:]\s*([^,;\n]+)/im.exec(above.join('\n'))?.[1]?.trim();
  const h = l.header;
  const iMin = indexOf(h, ['minute', 'min']);
  const mapping: GenericCsvMapping = {
    delimiter: l.delimiter,
    headerRow: l.headerAt,
    firstDataRow: l.firstData,
    timestamp: {
      format: 'ymdhm columns',
      year: indexOf(h, ['year']),
      month: indexOf(h, ['month']),
      day: indexOf(h, ['day']),
      hour: indexOf(h, ['hour']),
      ...(iMin >= 0 && { minute: iMin }),
    },
    timeZone: tz ?? 0,
    timestampDefinition: 'intervalBegin',
    columns: mapColumns(l, PVSYST_RULES),
    ...(latitude !== undefined && { latitude }),
    ...(longitude !== undefined && { longitude }),
    ...(elevation !== undefined && { elevation }),
  };
  return parseDelimited(
    body,
    mapping,
    options,
    {
      format: 'pvsyst',
      source: source ? `PVsyst (${source})` : 'PVsyst',
      dataProvider: WEATHER_DATA_PROVIDER.Other,
      weatherFormat: null,
      name: site,
      stampUtcOffset: tz ?? 0,
      timeZone: tz,
      ...(/\b(TMY|typical)\b/i.test(above.join('\n')) && { typicalYear: true }),
    },
    l.header,
  );
}
