/**
 * Guesses for a generic delimited weather file: delimiter, decimal mark, header row, the series and
 * unit of each column, the timestamp layout, the timestamp definition and location metadata written
 * in comment lines above the header. Only the first 400 lines are examined; the result is a proposal
 * the import screen shows for confirmation, never applied silently.
 */
import type {
  GenericColumnGuess,
  GenericCsvInspection,
  GenericCsvMapping,
  GenericTimestamp,
  GenericUnit,
} from './genericCsv.ts';
import { splitCsvLine, splitDelimited } from '../csv.ts';
import { checkWeatherText } from './text.ts';
import { WeatherParseError, type WeatherSeriesKey } from './types.ts';

type Delimiter = GenericCsvMapping['delimiter'];
const DELIMITERS: readonly Delimiter[] = [',', ';', '\t', '|'];

const splitLine = (line: string, d: Delimiter): string[] => splitDelimited(line, d);

/** Series guessed from a header name (first match wins; order matters). */
const KEY_PATTERNS: readonly [WeatherSeriesKey, RegExp][] = [
  ['tempDew', /dew/i],
  ['windDirection', /(wind.?dir|\bwd\b|wdir|\bdir\b|direction)/i],
  ['poa', /(\bpoa|\bgti\b|g\(i\)|gpoa|plane|tilt)/i],
  ['dni', /(\bdni|\bbni|direct|beam|gb\(n\)|\bdn\b|\bbn\b)/i],
  ['dhi', /(\bdhi|\bdif|diffuse|gd\(h\)|\bdh\b)/i],
  ['ghi', /(\bghi|g\(h\)|\bglob|global|\bgh\b|\bgsw|irradiance|radiation)/i],
  ['precipitableWater', /(pwat|precipitable|\bpw\b|water vapou?r)/i],
  ['rainfall', /(rain|precip)/i],
  ['albedo', /albedo/i],
  ['relativeHumidity', /(\brh\b|humid)/i],
  ['pressure', /(press|\bpres\b|\bsp\b|\bpa\b|\bp\b|mbar|hpa)/i],
  ['windSpeed', /(wind|\bws\b|\bws\d|windvel|\bff\b|\bvv\b)/i],
  ['tempAir', /(temp|\btamb|\bt2m|\btair|dry.?bulb|\bta\b|\bt\b|°c|deg ?c)/i],
];

const TIME_NAMES = /^(date|time|timestamp|datetime|date.?time|time.?stamp|utc|local.?time)/i;

function unitFromHeader(h: string, key: WeatherSeriesKey): GenericUnit | null {
  const u = h.toLowerCase().replace(/\s+/g, '');
  if (/kwh\/m/.test(u)) return 'kWh/m2';
  if (/wh\/m/.test(u)) return 'Wh/m2';
  if (/kw\/m/.test(u)) return 'kW/m2';
  if (/w\/m/.test(u)) return 'W/m2';
  if (/j\/cm/.test(u)) return 'J/cm2';
  if (/mj\/m/.test(u)) return 'MJ/m2';
  if (/(°f|degf|\(f\)|\[f\])/.test(u)) return 'F';
  if (/(\(k\)|\[k\]|kelvin)/.test(u)) return 'K';
  if (/(°c|degc|\(c\)|\[c\])/.test(u)) return 'C';
  if (/km\/h|kph/.test(u)) return 'km/h';
  if (/mph/.test(u)) return 'mph';
  if (/knot|\(kn\)|\[kn\]|\bkt\b/.test(u)) return 'kn';
  if (/m\/s/.test(u)) return 'm/s';
  if (/hpa/.test(u)) return 'hPa';
  if (/kpa/.test(u)) return 'kPa';
  if (/mbar|millibar/.test(u)) return 'mbar';
  if (/atm/.test(u)) return 'atm';
  if (/\(pa\)|\[pa\]/.test(u)) return 'Pa';
  if (/%/.test(u)) return '%';
  if (key === 'precipitableWater' && /mm/.test(u)) return 'mm';
  if (key === 'precipitableWater' && /cm/.test(u)) return 'cm';
  if (key === 'rainfall' && /mm/.test(u)) return 'mm';
  return null;
}

const median = (v: number[]): number => {
  const s = v.filter(Number.isFinite).sort((a, b) => a - b);
  return s.length > 0 ? s[Math.floor(s.length / 2)]! : NaN;
};

function defaultUnit(key: WeatherSeriesKey, values: number[]): GenericUnit {
  const med = median(values);
  const max = Math.max(...values.filter(Number.isFinite));
  switch (key) {
    case 'ghi':
    case 'dni':
    case 'dhi':
    case 'poa':
      return max > 0 && max < 1.6 ? 'kW/m2' : 'W/m2';
    case 'tempAir':
    case 'tempDew':
      return med > 200 ? 'K' : 'C';
    case 'windSpeed':
      return 'm/s';
    case 'relativeHumidity':
      return max <= 1 ? 'fraction' : '%';
    case 'albedo':
      return max > 1 ? '%' : 'fraction';
    case 'pressure':
      return med > 20_000 ? 'Pa' : med > 300 ? 'hPa' : med > 30 ? 'kPa' : 'atm';
    case 'windDirection':
      return 'deg';
    case 'precipitableWater':
      return med > 10 ? 'mm' : 'cm';
    case 'rainfall':
      return 'mm';
  }
}

const NUMBER = /^[-+]?(\d+([.,]\d*)?|[.,]\d+)([eE][-+]?\d+)?$/;
const ISO = /^\d{4}-\d{2}-\d{2}[T ]\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/;
const DATE_TIME = /^(\d{1,4})[-/.](\d{1,2})[-/.](\d{1,4})[ T](\d{1,2}):(\d{2})(:\d{2})?$/;
const DATE = /^(\d{1,4})[-/.](\d{1,2})[-/.](\d{1,4})$/;
const TIME = /^\d{1,2}:\d{2}(:\d{2})?$/;

/** Date order from sampled 'a-b-c' dates. */
function dateOrder(samples: string[][]): 'ymd' | 'dmy' | 'mdy' {
  let firstBig = false;
  let secondBig = false;
  let firstYear = false;
  for (const [a, b] of samples) {
    if (a!.length === 4) firstYear = true;
    if (+a! > 12) firstBig = true;
    if (+b! > 12) secondBig = true;
  }
  if (firstYear) return 'ymd';
  if (firstBig) return 'dmy';
  if (secondBig) return 'mdy';
  const sep = samples[0]?.[3] ?? '';
  return sep === '/' ? 'mdy' : 'dmy';
}

/**
 * A number after a label; negated when the label says west or south ('Long (deg W): 105.18').
 * Lines that start with the label are preferred ('Lat, Lon: 39.73, -105.18' is read last).
 */
function metaNumberNear(lines: string[], label: string): number | null {
  const anchored = new RegExp(`^[#\\s"]*(?:${label})[^-+\\d]{0,20}([-+]?\\d+(?:\\.\\d+)?)`, 'i');
  const loose = new RegExp(`(?:${label})[^-+\\d]{0,20}([-+]?\\d+(?:\\.\\d+)?)`, 'i');
  for (const re of [anchored, loose]) {
    for (const l of lines) {
      const m = re.exec(l);
      if (!m) continue;
      const v = Number(m[1]);
      const text = m[0];
      if (Number.isFinite(v)) return /\b(deg|°)\s*[WS]\b|\bwest\b|\bsouth\b/i.test(text) && v > 0 ? -v : v;
    }
  }
  return null;
}

/**
 * Inspects a generic delimited weather file and proposes a {@link GenericCsvMapping}.
 * @throws WeatherParseError when the text is empty, binary or has no delimited numeric rows
 */
export function inspectGenericCsv(text: string): GenericCsvInspection {
  const body = checkWeatherText(text);
  const head = body.slice(0, 400_000);
  const lines = head.split('\n', 400).map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  if (body.length > head.length && lines.length === head.split('\n').length) lines.pop(); // cut line
  const content = lines.filter((l) => l.trim() !== '' && !l.startsWith('#'));
  // Delimiter: the one giving the same field count (≥ 2) on most lines, most fields first.
  let delimiter: Delimiter = ' ';
  let fields = 0;
  let support = 0;
  for (const d of DELIMITERS) {
    const counts = new Map<number, number>();
    for (const l of content) {
      const c = splitCsvLine(l, d).length;
      if (c >= 2) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    for (const [c, k] of counts) {
      if (k > support || (k === support && c > fields)) {
        delimiter = d;
        fields = c;
        support = k;
      }
    }
  }
  if (support < Math.min(3, content.length) * 0.5 || fields < 2) {
    delimiter = ' ';
    fields = median(content.map((l) => l.trim().split(/\s+/).length));
    if (!(fields >= 2)) {
      throw new WeatherParseError(1, 'no delimited rows: expected values separated by , ; tab | or spaces');
    }
  }
  const isData = (l: string): boolean => {
    if (l.trim() === '' || l.startsWith('#')) return false;
    const f = splitLine(l, delimiter);
    if (f.length !== fields) return false;
    let numeric = 0;
    for (const x of f)
      if (NUMBER.test(x) || ISO.test(x) || DATE_TIME.test(x) || DATE.test(x) || TIME.test(x)) numeric++;
    return numeric >= Math.max(2, f.length * 0.6);
  };
  // First data row: the first of three data lines in a row (or the only ones).
  let firstDataRow = -1;
  for (let i = 0; i < lines.length; i++) {
    if (
      isData(lines[i]!) &&
      (i + 1 >= lines.length || isData(lines[i + 1]!) || lines[i + 1]!.trim() === '')
    ) {
      firstDataRow = i;
      break;
    }
  }
  if (firstDataRow < 0) {
    throw new WeatherParseError(1, `no rows of ${fields} numeric fields separated by '${delimiter}'`);
  }
  let headerRow = -1;
  for (let i = firstDataRow - 1; i >= 0; i--) {
    const l = lines[i]!;
    if (l.trim() === '') continue;
    if (splitLine(l.replace(/^#\s*/, ''), delimiter).length === fields) headerRow = i;
    break;
  }
  const header = headerRow >= 0 ? splitLine(lines[headerRow]!.replace(/^#\s*/, ''), delimiter) : [];
  const dataLines = lines.slice(firstDataRow).filter((l) => isData(l));
  const rows = dataLines.map((l) => splitLine(l, delimiter));
  const decimal: '.' | ',' =
    delimiter !== ',' && rows.some((r) => r.some((x) => /^-?\d+,\d+$/.test(x))) ? ',' : '.';
  const toNum = (x: string): number => (x === '' ? NaN : Number(decimal === ',' ? x.replace(',', '.') : x));

  // Timestamp layout.
  const names = header.map((h) => h.toLowerCase());
  const find = (re: RegExp): number => names.findIndex((h) => re.test(h));
  const allMatch = (k: number, re: RegExp): boolean =>
    rows.length > 0 && rows.every((r) => re.test(r[k] ?? ''));
  let timestamp: GenericTimestamp | null = null;
  const usedForTime = new Set<number>();
  const iY = find(/^(year|yyyy|yr)\b/);
  const iM = find(/^(month|mm|mo)\b/);
  const iD = find(/^(day|dd)\b/);
  const iH = find(/^(hour|hh|hr)\b/);
  const iMin = find(/^(minute|min|mi)\b/);
  if (iM >= 0 && iD >= 0 && iH >= 0) {
    timestamp = {
      format: 'ymdhm columns',
      ...(iY >= 0 && { year: iY }),
      month: iM,
      day: iD,
      hour: iH,
      ...(iMin >= 0 && { minute: iMin }),
    };
    [iY, iM, iD, iH, iMin].forEach((k) => k >= 0 && usedForTime.add(k));
  }
  for (let k = 0; k < fields && timestamp === null; k++) {
    if (allMatch(k, ISO)) timestamp = { format: 'iso', column: k };
    else if (allMatch(k, DATE_TIME)) {
      const parts = rows.map((r) => {
        const m = /^(\d{1,4})([-/.])(\d{1,2})[-/.](\d{1,4})/.exec(r[k]!)!;
        return [m[1]!, m[3]!, m[4]!, m[2]!];
      });
      timestamp = { format: dateOrder(parts), column: k };
    } else if (allMatch(k, DATE) && k + 1 < fields && allMatch(k + 1, TIME)) {
      const parts = rows.map((r) => {
        const m = /^(\d{1,4})([-/.])(\d{1,2})[-/.](\d{1,4})/.exec(r[k]!)!;
        return [m[1]!, m[3]!, m[4]!, m[2]!];
      });
      timestamp = { format: 'date time', order: dateOrder(parts), dateColumn: k, timeColumn: k + 1 };
      usedForTime.add(k + 1);
    }
    if (timestamp) usedForTime.add(k);
  }
  if (timestamp === null) {
    for (let k = 0; k < fields && timestamp === null; k++) {
      const v = rows.map((r) => toNum(r[k] ?? ''));
      const named = TIME_NAMES.test(names[k] ?? '') || /unix|epoch|serial/.test(names[k] ?? '');
      if (v.every((x) => x > 20_000 && x < 80_000) && (named || v.some((x) => !Number.isInteger(x)))) {
        timestamp = { format: 'excel serial', column: k };
      } else if (v.every((x) => x > 3e8 && x < 4.2e9 && Number.isInteger(x)) && named) {
        timestamp = { format: 'unix', column: k };
      }
      if (timestamp) usedForTime.add(k);
    }
  }

  // Series of the other columns.
  const taken = new Set<WeatherSeriesKey>();
  const columns: GenericColumnGuess[] = [];
  for (let k = 0; k < fields; k++) {
    const h = header[k] ?? '';
    const values = rows.map((r) => toNum(r[k] ?? ''));
    const numeric = rows.length > 0 ? values.filter((v) => !Number.isNaN(v)).length / rows.length : 0;
    let guessedKey: WeatherSeriesKey | null = null;
    if (!usedForTime.has(k) && numeric > 0.5 && h !== '') {
      for (const [key, re] of KEY_PATTERNS) {
        if (re.test(h) && !taken.has(key)) {
          guessedKey = key;
          break;
        }
      }
    }
    if (guessedKey) taken.add(guessedKey);
    const guessedUnit = guessedKey
      ? (unitFromHeader(h, guessedKey) ?? defaultUnit(guessedKey, values))
      : null;
    columns.push({ index: k, header: h, guessedKey, guessedUnit, numeric });
  }

  // Metadata in the lines above the header.
  const above = lines.slice(0, Math.max(0, headerRow >= 0 ? headerRow : firstDataRow));
  const latitude = metaNumberNear(above, 'lat(?:itude)?\\b');
  const longitude = metaNumberNear(above, 'lon(?:g(?:itude)?)?\\b');
  const elevation = metaNumberNear(above, 'elevation|elev\\b|altitude|height');
  const timeZone = metaNumberNear(above, 'time ?zone|utc|gmt');

  const mapped = columns.filter((c) => c.guessedKey !== null);
  const mapping: GenericCsvMapping | null =
    timestamp && mapped.some((c) => c.guessedKey === 'ghi' || c.guessedKey === 'poa')
      ? {
          delimiter,
          headerRow,
          firstDataRow,
          decimal,
          timestamp,
          timeZone: timeZone !== null && Math.abs(timeZone) <= 14 ? timeZone : 0,
          timestampDefinition: 'intervalEnd',
          columns: mapped.map((c) => ({ index: c.index, key: c.guessedKey!, unit: c.guessedUnit! })),
          ...(latitude !== null && Math.abs(latitude) <= 90 && { latitude }),
          ...(longitude !== null && Math.abs(longitude) <= 180 && { longitude }),
          ...(elevation !== null && { elevation }),
        }
      : null;
  return {
    delimiter,
    decimal,
    headerRow,
    firstDataRow,
    columns,
    timestamp,
    latitude,
    longitude,
    elevation,
    timeZone,
    sampleRows: rows.slice(0, 10),
    mapping,
  };
}
