/**
 * Reads a delimited weather file with a confirmed {@link GenericCsvMapping}: the generic import, and
 * the engine of the Solargis, Meteonorm and PVsyst readers (which build the mapping from the file's
 * documented header). One pass over the text, fields located in place, numbers parsed from the
 * character codes; irradiation per interval converted once the interval is known.
 */
import { MS_PER_DAY, MS_PER_HOUR, MS_PER_MINUTE } from '../time/calendar.ts';
import { finishWeather, SeriesBuilder, type FileFacts } from './build.ts';
import type { GenericCsvMapping } from './genericCsv.ts';
import { isPerInterval, unitConversion } from './genericUnits.ts';
import { splitDelimited } from '../csv.ts';
import {
  checkLocation,
  checkTimeZone,
  checkWeatherText,
  civilDays,
  countLines,
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

const POW10 = Array.from({ length: 16 }, (_, k) => 10 ** k);
const DELIM_NAME: Record<string, string> = { ',': "','", ';': "';'", '\t': 'tab', '|': "'|'", ' ': 'space' };

/** Fields of the current line, located in place. */
class Fields {
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  count = 0;
  constructor(
    readonly text: string,
    readonly delimiter: number,
    size: number,
    readonly decimalComma: boolean,
  ) {
    this.starts = new Int32Array(size);
    this.ends = new Int32Array(size);
  }

  /** Locates up to `need` fields of text[from, to); returns how many exist. */
  split(from: number, to: number, need: number): number {
    const text = this.text;
    const d = this.delimiter;
    let p = from;
    let k = 0;
    if (d === 32) {
      while (p < to && text.charCodeAt(p) === 32) p++;
      while (k < need && p < to) {
        let e = p;
        while (e < to) {
          const c = text.charCodeAt(e);
          if (c === 32 || c === 9) break;
          e++;
        }
        this.starts[k] = p;
        this.ends[k++] = e;
        p = e;
        while (p < to && (text.charCodeAt(p) === 32 || text.charCodeAt(p) === 9)) p++;
      }
      this.count = k;
      return k;
    }
    const ch = String.fromCharCode(d);
    while (k < need) {
      let s = p;
      while (s < to && text.charCodeAt(s) === 32) s++;
      let e: number;
      let c: number;
      if (s < to && text.charCodeAt(s) === 34) {
        // A quoted field (RFC 4180, as splitCsvLine in csv.ts): it ends at the quote that is not
        // doubled, and may hold the delimiter; the delimiter is looked for after it.
        let q = s + 1;
        for (;;) {
          q = text.indexOf('"', q);
          if (q < 0 || q >= to) {
            q = to;
            break;
          }
          if (q + 1 < to && text.charCodeAt(q + 1) === 34) q += 2;
          else break;
        }
        c = q >= to ? -1 : text.indexOf(ch, q + 1);
        if (c < 0 || c >= to) c = to;
        s++;
        e = q;
      } else {
        c = text.indexOf(ch, p);
        if (c < 0 || c >= to) c = to;
        e = c;
      }
      // trim spaces
      while (s < e && text.charCodeAt(s) === 32) s++;
      while (e > s && text.charCodeAt(e - 1) === 32) e--;
      this.starts[k] = s;
      this.ends[k++] = e;
      if (c >= to) break;
      p = c + 1;
    }
    this.count = k;
    return k;
  }

  str(k: number): string {
    return this.text.slice(this.starts[k], this.ends[k]);
  }

  num(k: number, line: number, column: string): number {
    const text = this.text;
    const s = this.starts[k]!;
    const e = this.ends[k]!;
    if (s === e) return NaN;
    let i = s;
    let c = text.charCodeAt(i);
    const neg = c === 45;
    if (neg || c === 43) i++;
    let mant = 0;
    let digits = 0;
    let frac = 0;
    let dot = false;
    const dec = this.decimalComma ? 44 : 46;
    for (; i < e; i++) {
      c = text.charCodeAt(i);
      if (c >= 48 && c <= 57) {
        mant = mant * 10 + (c - 48);
        digits++;
        if (dot) frac++;
      } else if (c === dec && !dot) dot = true;
      else break;
    }
    if (i === e && digits > 0 && digits <= 15) {
      const v = frac === 0 ? mant : mant / POW10[frac]!;
      return neg ? -v : v;
    }
    const f = text.slice(s, e);
    return num(this.decimalComma ? f.replace(',', '.') : f, line, column);
  }
}

function two(text: string, i: number): number {
  const a = text.charCodeAt(i) - 48;
  const b = text.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : NaN;
}

/** Local-clock ms of 'H:MM[:SS]' at text[from, to) (hour 0–24); NaN when not a time. */
function clockMs(text: string, from: number, to: number): number {
  const t = text.slice(from, to).trim();
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/.exec(t);
  if (!m) return NaN;
  const h = +m[1]!;
  const mi = +m[2]!;
  const se = m[3] ? +m[3] : 0;
  if (h > 24 || mi > 59 || se > 59 || (h === 24 && (mi > 0 || se > 0))) return NaN;
  return ((h * 60 + mi) * 60 + se) * 1000;
}

/** Year given to dates written without one ('DD.MM', typical-year files): a non-leap year. */
export const YEARLESS_DATE_YEAR = 1990;

/**
 * Days since 1970 of a date in text[from, to) in the order given ('DD.MM' / 'MM/DD' without a year
 * take {@link YEARLESS_DATE_YEAR}); NaN when not a date.
 */
function dateDays(
  text: string,
  from: number,
  to: number,
  order: 'ymd' | 'dmy' | 'mdy',
  line: number,
): number {
  const p = text.slice(from, to).trim().split(/[-/.]/);
  if (p.length === 2 && p.every((x) => /^\d{1,2}$/.test(x))) {
    const [a, b] = p.map(Number) as [number, number];
    return order === 'dmy'
      ? civilDays(YEARLESS_DATE_YEAR, b, a, line)
      : civilDays(YEARLESS_DATE_YEAR, a, b, line);
  }
  if (p.length !== 3 || p.some((x) => !/^\d{1,4}$/.test(x))) return NaN;
  const [a, b, c] = p.map(Number) as [number, number, number];
  const [y, m, d] = order === 'ymd' ? [a, b, c] : order === 'dmy' ? [c, b, a] : [c, a, b];
  return civilDays(y, m, d, line);
}

type Stamp = (f: Fields, line: number) => number;

/** The record-stamp reader of a mapping: local ms (or UTC ms when the stamp carries an offset). */
function stampReader(m: GenericCsvMapping): { read: Stamp; need: number } {
  const ts = m.timestamp;
  const offsetMs = m.timeZone * MS_PER_HOUR;
  const bad = (f: Fields, k: number, line: number, what: string): never => {
    throw new WeatherParseError(line, `'${f.str(k).slice(0, 30)}' is not ${what}`);
  };
  switch (ts.format) {
    case 'iso':
      return {
        need: ts.column + 1,
        read: (f, line) => {
          const text = f.text;
          const s = f.starts[ts.column]!;
          const e = f.ends[ts.column]!;
          // YYYY-MM-DD[T ]HH:MM[:SS][Z|±HH[:MM]]
          const y = two(text, s) * 100 + two(text, s + 2);
          const mo = two(text, s + 5);
          const d = two(text, s + 8);
          const sep = text.charCodeAt(s + 10);
          if (
            e - s < 16 ||
            text.charCodeAt(s + 4) !== 45 ||
            text.charCodeAt(s + 7) !== 45 ||
            (sep !== 84 && sep !== 32) ||
            text.charCodeAt(s + 13) !== 58
          ) {
            return bad(f, ts.column, line, 'an ISO 8601 date-time (YYYY-MM-DDTHH:MM)');
          }
          const h = two(text, s + 11);
          const mi = two(text, s + 14);
          let p = s + 16;
          let sec = 0;
          if (p < e && text.charCodeAt(p) === 58) {
            sec = two(text, p + 1);
            p += 3;
            if (p < e && text.charCodeAt(p) === 46) {
              p++;
              while (p < e && text.charCodeAt(p) >= 48 && text.charCodeAt(p) <= 57) p++;
            }
          }
          let off = offsetMs;
          if (p < e) {
            const c = text.charCodeAt(p);
            if (c === 90 && p + 1 === e) off = 0;
            else if (c === 43 || c === 45) {
              const oh = two(text, p + 1);
              const om = e - p >= 5 ? two(text, e - 2) : 0;
              off = (c === 45 ? -1 : 1) * (oh * 60 + om) * MS_PER_MINUTE;
            } else off = NaN;
          }
          if (!(h <= 24 && mi <= 59 && sec <= 59) || off !== off || !(mo >= 1)) {
            return bad(f, ts.column, line, 'an ISO 8601 date-time (YYYY-MM-DDTHH:MM)');
          }
          const days = civilDays(y, mo, d, line);
          return days * MS_PER_DAY + ((h * 60 + mi) * 60 + sec) * 1000 - off;
        },
      };
    case 'ymd':
    case 'dmy':
    case 'mdy': {
      const order = ts.format;
      return {
        need: ts.column + 1,
        read: (f, line) => {
          const s = f.starts[ts.column]!;
          const e = f.ends[ts.column]!;
          let sp = f.text.indexOf(' ', s);
          if (sp < 0 || sp >= e) sp = f.text.indexOf('T', s);
          if (sp < 0 || sp >= e)
            return bad(f, ts.column, line, `a date and time (${order.toUpperCase()} HH:MM)`);
          const days = dateDays(f.text, s, sp, order, line);
          const ms = clockMs(f.text, sp + 1, e);
          if (days !== days || ms !== ms)
            return bad(f, ts.column, line, `a date and time (${order.toUpperCase()} HH:MM)`);
          return days * MS_PER_DAY + ms - offsetMs;
        },
      };
    }
    case 'date time':
      return {
        need: Math.max(ts.dateColumn, ts.timeColumn) + 1,
        read: (f, line) => {
          const days = dateDays(f.text, f.starts[ts.dateColumn]!, f.ends[ts.dateColumn]!, ts.order, line);
          if (days !== days) return bad(f, ts.dateColumn, line, `a date (${ts.order.toUpperCase()})`);
          const ms = clockMs(f.text, f.starts[ts.timeColumn]!, f.ends[ts.timeColumn]!);
          if (ms !== ms) return bad(f, ts.timeColumn, line, 'a time HH:MM');
          return days * MS_PER_DAY + ms - offsetMs;
        },
      };
    case 'ymdhm columns': {
      const cols = [ts.year ?? -1, ts.month, ts.day, ts.hour, ts.minute ?? -1];
      let lastKey = -1;
      let lastDays = 0;
      return {
        need: Math.max(...cols) + 1,
        read: (f, line) => {
          const y = ts.year === undefined ? YEARLESS_DATE_YEAR : f.num(ts.year, line, 'year');
          const mo = f.num(ts.month, line, 'month');
          const d = f.num(ts.day, line, 'day');
          const h = f.num(ts.hour, line, 'hour');
          const mi = ts.minute === undefined ? 0 : f.num(ts.minute, line, 'minute');
          if (!Number.isInteger(y) || !Number.isInteger(mo) || !Number.isInteger(d)) {
            throw new WeatherParseError(line, `invalid date ${y}-${mo}-${d}`);
          }
          if (!(h >= 0 && h <= 24 && mi >= 0 && mi < 60)) {
            throw new WeatherParseError(line, `invalid time ${h}:${mi}`);
          }
          const key = (y * 16 + mo) * 32 + d;
          if (key !== lastKey) {
            lastDays = civilDays(y, mo, d, line);
            lastKey = key;
          }
          return lastDays * MS_PER_DAY + (h * 60 + mi) * MS_PER_MINUTE - offsetMs;
        },
      };
    }
    case 'excel serial':
      return {
        need: ts.column + 1,
        read: (f, line) => {
          const v = f.num(ts.column, line, 'timestamp');
          if (!(v > 1)) return bad(f, ts.column, line, 'an Excel date serial number');
          // 1900 date system: serial 25569 = 1970-01-01; rounded to the second.
          return Math.round((v - 25569) * 86_400) * 1000 - offsetMs;
        },
      };
    case 'unix':
      return {
        need: ts.column + 1,
        read: (f, line) => {
          const v = f.num(ts.column, line, 'timestamp');
          if (!Number.isFinite(v)) return bad(f, ts.column, line, 'a Unix time [s]');
          return v * 1000;
        },
      };
  }
}

/** The most frequent step between stamps [min] (1–60), for the per-interval units. */
function modalStep(time: Float64Array, n: number): number {
  const hist = new Int32Array(61);
  for (let i = 1; i < n; i++) {
    const d = (time[i]! - time[i - 1]!) / MS_PER_MINUTE;
    if (d >= 1 && d <= 60 && Number.isInteger(d)) hist[d]!++;
  }
  let best = 60;
  for (let d = 1; d <= 60; d++) if (hist[d]! > hist[best]!) best = d;
  return best;
}

/** What a specific reader adds to the facts of a delimited file. */
export type DelimitedFacts = Partial<Omit<FileFacts, 'headerLine' | 'lastLine' | 'warnings'>> & {
  warnings?: FileFacts['warnings'];
};

/**
 * Reads a delimited file with a mapping. Exported for the format readers that build the mapping
 * from a documented header (Solargis, Meteonorm, PVsyst).
 * @param headers optional column names (for messages and the column info)
 */
export function parseDelimited(
  text: string,
  mapping: GenericCsvMapping,
  options: WeatherParseOptions,
  facts: DelimitedFacts,
  headers?: readonly string[],
): WeatherData {
  const body = checkWeatherText(text, options);
  const m = mapping;
  const delimiter = m.delimiter.charCodeAt(0);
  const decimalComma = m.decimal === ',' && m.delimiter !== ',';
  const firstData = m.firstDataRow ?? m.headerRow + 1;
  if (!(firstData >= 0)) throw new WeatherParseError(0, 'mapping: firstDataRow must be 0 or more');
  if (m.columns.length === 0) throw new WeatherParseError(0, 'mapping: no column is mapped to a series');
  checkTimeZone(m.timeZone, 0);
  const seen = new Set<WeatherSeriesKey>();
  for (const c of m.columns) {
    if (seen.has(c.key)) throw new WeatherParseError(0, `mapping: two columns are mapped to ${c.key}`);
    seen.add(c.key);
    if (unitConversion(c.key, c.unit, 60) === null) {
      throw new WeatherParseError(
        0,
        `mapping: unit '${c.unit}' does not fit ${c.key} (column ${c.index + 1})`,
      );
    }
  }
  const stamp = stampReader(m);
  const need = Math.max(stamp.need, ...m.columns.map((c) => c.index + 1));
  const r = new LineReader(body);
  let header: readonly string[] | undefined = headers;
  while (r.line < firstData) {
    const l = r.next();
    if (l === null) throw new WeatherParseError(r.line, 'file ends before the data: truncated');
    if (r.line === m.headerRow + 1 && header === undefined) {
      header = splitDelimited(l, m.delimiter);
    }
  }
  const nameOf = (k: number): string => header?.[k] || `column ${k + 1}`;
  const b = new SeriesBuilder(Math.max(0, countLines(body) - firstData), options);
  const cols = m.columns.map((c) => ({
    index: c.index,
    name: nameOf(c.index),
    unit: c.unit,
    key: c.key,
    missing: c.missingValue ?? m.missingValue ?? NaN,
    data: b.column(c.key, nameOf(c.index), c.unit),
  }));
  const f = new Fields(body, delimiter, need, decimalComma);
  const { time, lines } = b;
  let n = 0;
  while (r.advance()) {
    if (r.currentIsBlank()) {
      if (r.restIsBlank()) break;
      throw new WeatherParseError(r.line, 'blank line inside the data');
    }
    if (body.charCodeAt(r.lineStart) === 35) continue; // '#' comment
    if (n >= b.capacity) throw new WeatherParseError(r.line, 'more records than lines counted');
    const got = f.split(r.lineStart, r.lineEnd, need);
    if (got < need) {
      const line = r.current();
      const others = [',', ';', '\t', '|'].filter((d) => d !== m.delimiter && line.includes(d));
      throw new WeatherParseError(
        r.line,
        got <= 1 && others.length > 0
          ? `values are separated by ${DELIM_NAME[others[0]!]}, not ${DELIM_NAME[m.delimiter]}`
          : `${got} fields where ${need} are expected: truncated or malformed record`,
      );
    }
    time[n] = stamp.read(f, r.line);
    for (let k = 0; k < cols.length; k++) {
      const c = cols[k]!;
      const v = f.num(c.index, r.line, c.name);
      c.data[n] = v === c.missing ? NaN : v;
    }
    lines[n] = r.line;
    n++;
  }
  b.n = n;
  if (n === 0) throw new WeatherParseError(r.line, 'no data records');
  // Units, now that the interval is known.
  const step = modalStep(time, n);
  for (const c of cols) {
    const conv = unitConversion(c.key, c.unit, step)!;
    if (conv.scale === 1 && conv.offset === 0) continue;
    const d = c.data;
    for (let i = 0; i < n; i++) d[i] = d[i]! * conv.scale + conv.offset;
    if (isPerInterval(c.unit)) b.columns.get(c.key)!.info.fileUnit = `${c.unit} per ${step} min`;
  }
  const lat = m.latitude ?? NaN;
  const lon = m.longitude ?? NaN;
  if (Number.isFinite(lat) || Number.isFinite(lon)) checkLocation(lat, lon, 0);
  const stampsUtc = m.timestamp.format === 'unix';
  return finishWeather(b, {
    format: 'generic',
    source: 'Generic CSV',
    dataProvider: WEATHER_DATA_PROVIDER.Customer,
    weatherFormat: null,
    name: m.name ?? '',
    stationCode: '',
    latitude: lat,
    longitude: lon,
    elevation: m.elevation ?? NaN,
    timeZone: m.siteTimeZone ?? m.timeZone,
    stampUtcOffset: stampsUtc ? 0 : m.timeZone,
    timestampDefinition: m.timestampDefinition,
    ...(m.timestamp.format === 'ymdhm columns' && m.timestamp.year === undefined && { typicalYear: true }),
    ...facts,
    headerLine: m.headerRow + 1,
    lastLine: r.line,
    warnings: facts.warnings ?? [],
  });
}

/**
 * Parses a generic delimited weather file with the column mapping the user confirmed (from
 * {@link inspectGenericCsv}'s guesses): delimiter, header row, timestamp layout, time zone and
 * definition, and for each used column its series and unit.
 * @throws WeatherParseError naming the line and the problem (wrong delimiter, missing field, text in
 *         a number, invalid date, unit not fitting its series, no records)
 */
export function parseGenericCsv(
  text: string,
  mapping: GenericCsvMapping,
  options: WeatherParseOptions = {},
): WeatherData {
  return parseDelimited(text, mapping, options, {});
}
