/**
 * Text primitives shared by the weather-file parsers: a line reader that tracks 1-based line
 * numbers, strict number fields, comma splitting with a wrong-delimiter diagnosis, and the date and
 * time fields of the formats. Everything either returns a value or throws a `WeatherParseError`
 * naming the line; nothing guesses silently.
 */
import { splitCsvLine } from '../csv.ts';
import { civilFromDays, daysFromCivil, MS_PER_DAY, MS_PER_HOUR } from '../time/calendar.ts';
import { WEATHER_PARSE_DEFAULTS, WeatherParseError, type WeatherParseOptions } from './types.ts';

/**
 * Refuses text that is too large or binary and strips a byte-order mark.
 * @returns the text without BOM
 */
export function checkWeatherText(text: string, options: WeatherParseOptions = {}): string {
  const maxChars = options.maxChars ?? WEATHER_PARSE_DEFAULTS.maxChars;
  if (typeof text !== 'string') throw new WeatherParseError(0, 'weather input must be text');
  if (text.length > maxChars) {
    throw new WeatherParseError(
      0,
      `file of ${text.length.toLocaleString('en')} characters is larger than the ${maxChars.toLocaleString('en')} accepted`,
    );
  }
  if (text.trim().length === 0) throw new WeatherParseError(1, 'file is empty');
  const probe = Math.min(text.length, 8192);
  let control = 0;
  let line = 1;
  for (let i = 0; i < probe; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) line++;
    else if (c === 0) throw new WeatherParseError(line, 'file is binary (NUL byte), not a text weather file');
    else if (c < 9 || (c > 13 && c < 32)) control++;
  }
  if (control > probe / 100) throw new WeatherParseError(1, 'file is binary, not a text weather file');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Number of lines of a text (newlines, plus one for a last line without newline). */
export function countLines(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return text.length > 0 && text.charCodeAt(text.length - 1) !== 10 ? n + 1 : n;
}

/**
 * Reads a text line by line (LF or CRLF). `line` is the 1-based number of the last line read;
 * `advance()` only locates it (`lineStart`…`lineEnd` in `text`), `next()` also returns it.
 */
export class LineReader {
  private pos = 0;
  line = 0;
  lineStart = 0;
  lineEnd = 0;
  constructor(readonly text: string) {}

  /** Moves to the next line; false at the end of the text. */
  advance(): boolean {
    const text = this.text;
    if (this.pos >= text.length) return false;
    let nl = text.indexOf('\n', this.pos);
    if (nl < 0) nl = text.length;
    this.lineStart = this.pos;
    this.lineEnd = nl > this.pos && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
    this.pos = nl + 1;
    this.line++;
    return true;
  }

  /** The current line without its line ending. */
  current(): string {
    return this.text.slice(this.lineStart, this.lineEnd);
  }

  /** The next line without its line ending, or null at the end of the text. */
  next(): string | null {
    return this.advance() ? this.current() : null;
  }

  /** True when the current line is empty or blank. */
  currentIsBlank(): boolean {
    if (this.lineStart === this.lineEnd) return true;
    const c = this.text.charCodeAt(this.lineStart);
    return (c === 32 || c === 9) && this.current().trim().length === 0;
  }

  /** True when nothing but blank lines remains. */
  restIsBlank(): boolean {
    return this.text.slice(this.pos).trim().length === 0;
  }

  /** The next line, throwing when the text ends first. */
  require(what: string): string {
    const s = this.next();
    if (s === null) throw new WeatherParseError(this.line, `file ends before ${what}: truncated`);
    return s;
  }
}

/** Names the delimiter a line seems to use instead of a comma, or '' if none. */
function otherDelimiter(line: string): string {
  if (line.includes(';')) return ';';
  if (line.includes('\t')) return 'tab';
  if (line.includes('|')) return '|';
  return '';
}

/**
 * Splits a comma-separated line and checks it has at least `minFields` fields; otherwise throws,
 * saying whether another delimiter was used or the line is cut short.
 */
export function splitFields(line: string, lineNo: number, minFields: number, quoted = false): string[] {
  const fields = quoted ? splitCsvLine(line) : line.split(',');
  if (fields.length >= minFields) return fields;
  const other = fields.length <= 2 ? otherDelimiter(line) : '';
  if (other) {
    throw new WeatherParseError(lineNo, `values are separated by '${other}'; this format uses commas`);
  }
  throw new WeatherParseError(
    lineNo,
    line.length === 0
      ? `empty line where a record with ${minFields} fields was expected: truncated file?`
      : `${fields.length} fields where at least ${minFields} are expected: truncated or malformed record`,
  );
}

const MISSING_TOKENS = new Set(['nan', 'na', 'n/a', 'null', 'none', '-']);

function clip(s: string): string {
  return s.length > 24 ? `${s.slice(0, 24)}…` : s;
}

/**
 * A numeric field: empty or blank → NaN (missing), 'NaN'/'NA'/'N/A'/'null' → NaN, a finite number →
 * its value, anything else throws "text in a number" for `column` at `lineNo`.
 */
export function num(field: string, lineNo: number, column: string): number {
  if (field.length === 0) return NaN;
  const v = +field;
  if (v - v === 0) return v === 0 && field.indexOf('0') < 0 ? NaN : v;
  if (MISSING_TOKENS.has(field.trim().toLowerCase())) return NaN;
  throw new WeatherParseError(lineNo, `${column}: '${clip(field)}' is not a number`);
}

/** An integer field that must be present (dates and times). */
export function int(field: string, lineNo: number, column: string): number {
  const v = +field;
  if (field.length === 0 || !Number.isInteger(v)) {
    throw new WeatherParseError(lineNo, `${column}: '${clip(field)}' is not a whole number`);
  }
  return v;
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days since 1970-01-01 of a checked civil date. */
export function civilDays(year: number, month: number, day: number, lineNo: number): number {
  if (
    !(year >= 1800 && year <= 2200) ||
    !(month >= 1 && month <= 12) ||
    !(day >= 1 && day <= DAYS_IN_MONTH[month - 1]!) ||
    (month === 2 && day === 29 && !(year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)))
  ) {
    throw new WeatherParseError(lineNo, `invalid date ${year}-${month}-${day}`);
  }
  return daysFromCivil(year, month, day);
}

function digit(s: string, i: number): number {
  const d = s.charCodeAt(i) - 48;
  return d >= 0 && d <= 9 ? d : NaN;
}

/** Days since 1970-01-01 of an 'MM/DD/YYYY' (or 'M/D/YYYY') date in `s` (or its from…to part). */
export function parseMdy(s: string, lineNo: number, from = 0, to = s.length): number {
  let m: number, d: number, y: number;
  if (to - from === 10 && s.charCodeAt(from + 2) === 47 && s.charCodeAt(from + 5) === 47) {
    m = digit(s, from) * 10 + digit(s, from + 1);
    d = digit(s, from + 3) * 10 + digit(s, from + 4);
    y = digit(s, from + 6) * 1000 + digit(s, from + 7) * 100 + digit(s, from + 8) * 10 + digit(s, from + 9);
  } else {
    const p = s.slice(from, to).split('/');
    m = p.length === 3 ? +p[0]! : NaN;
    d = p.length === 3 ? +p[1]! : NaN;
    y = p.length === 3 ? +p[2]! : NaN;
  }
  if (!Number.isInteger(m) || !Number.isInteger(d) || !Number.isInteger(y)) {
    throw new WeatherParseError(lineNo, `'${clip(s.slice(from, to))}' is not a date MM/DD/YYYY`);
  }
  return civilDays(y, m, d, lineNo);
}

/** Minutes after midnight of an 'HH:MM' time (00:00–24:00) in `s` (or its from…to part). */
export function parseHm(s: string, lineNo: number, from = 0, to = s.length): number {
  let h: number, mi: number;
  if (to - from === 5 && s.charCodeAt(from + 2) === 58) {
    h = digit(s, from) * 10 + digit(s, from + 1);
    mi = digit(s, from + 3) * 10 + digit(s, from + 4);
  } else {
    const p = s.slice(from, to).trim().split(':');
    h = p.length >= 2 ? +p[0]! : NaN;
    mi = p.length >= 2 ? +p[1]! : NaN;
  }
  if (!Number.isInteger(h) || !Number.isInteger(mi) || h < 0 || mi < 0 || mi > 59 || h * 60 + mi > 1440) {
    throw new WeatherParseError(lineNo, `'${clip(s.slice(from, to))}' is not a time HH:MM`);
  }
  return h * 60 + mi;
}

/** Instant of local standard time given as days since 1970-01-01 and minutes after midnight. */
export function instant(days: number, minutes: number, utcOffsetHours: number): number {
  return days * MS_PER_DAY + minutes * 60_000 - utcOffsetHours * MS_PER_HOUR;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** ISO 8601 text of an instant in a fixed UTC offset: `2017-01-01T00:30:00-07:00`. */
export function isoLocal(time: number, utcOffsetHours: number): string {
  if (!Number.isFinite(time)) return '';
  const local = time + utcOffsetHours * MS_PER_HOUR;
  const days = Math.floor(local / MS_PER_DAY);
  const { year, month, day } = civilFromDays(days);
  const secs = Math.round((local - days * MS_PER_DAY) / 1000);
  const sign = utcOffsetHours < 0 ? '-' : '+';
  const off = Math.round(Math.abs(utcOffsetHours) * 60);
  return (
    `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(Math.floor(secs / 3600))}:` +
    `${pad(Math.floor(secs / 60) % 60)}:${pad(secs % 60)}${sign}${pad(Math.floor(off / 60))}:${pad(off % 60)}`
  );
}

/** Metadata number of a header field, throwing when it is not a finite number. */
export function metaNumber(value: string | undefined, lineNo: number, what: string): number {
  const v = value === undefined ? NaN : +value.trim();
  if (value === undefined || value.trim() === '' || !Number.isFinite(v)) {
    throw new WeatherParseError(lineNo, `${what}: '${clip(value ?? '')}' is not a number`);
  }
  return v;
}

/** Checks a location and throws on impossible coordinates. */
export function checkLocation(lat: number, lon: number, lineNo: number): void {
  if (!(Math.abs(lat) <= 90)) throw new WeatherParseError(lineNo, `latitude ${lat} is outside −90…90`);
  if (!(Math.abs(lon) <= 180)) throw new WeatherParseError(lineNo, `longitude ${lon} is outside −180…180`);
}

/** Checks a standard-time UTC offset [h]. */
export function checkTimeZone(tz: number, lineNo: number): void {
  if (!(Math.abs(tz) <= 14)) throw new WeatherParseError(lineNo, `time zone ${tz} h is outside −14…14`);
}
