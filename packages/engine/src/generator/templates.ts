/**
 * The module generator's upload templates as text (CSV); the server reads XLSX uploads into the
 * same rows and calls {@link keyIvRowsFromTable} / {@link ivCurvesFromTable}.
 *
 * Key IV points template (one row per measurement):
 *
 *   Irradiance (W/m2),Temperature (C),Isc (A),Voc (V),Imp (A),Vmp (V)
 *   1000,25,14.00,49.90,13.11,41.96
 *   200,25,2.80,47.60,2.62,40.30
 *
 * Full IV curves template (one row per point; the rows of one curve share irradiance and
 * temperature, curves follow one another):
 *
 *   Irradiance (W/m2),Temperature (C),Voltage (V),Current (A)
 *   1000,25,0,14.00
 *   1000,25,0.5,13.999
 *   …
 *
 * Header names are matched case-insensitively, without what follows a space or bracket ("Isc (A)" =
 * "isc"); aliases: G / irradiance, T / temperature / cell temperature, V / voltage, I / current,
 * Ipmax / Imp, Vpmax / Vmp. Columns may come in any order; other columns are ignored. The separator
 * is a comma, a semicolon or a tab (the header's); with a semicolon or tab a decimal comma is
 * accepted. Blank lines and lines starting with '#' are skipped. At most 10 000 rows (key points)
 * or 200 000 rows (curves).
 */
import type { IvCurveRows, KeyIvRow } from './ivFit.ts';

/** A template that cannot be read: the message names the problem and the 1-based line. */
export class TemplateParseError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(line > 0 ? `line ${line}: ${message}` : message);
    this.name = 'TemplateParseError';
  }
}

const KEY_COLUMNS = ['irradiance', 'temperature', 'isc', 'voc', 'imp', 'vmp'] as const;
const CURVE_COLUMNS = ['irradiance', 'temperature', 'voltage', 'current'] as const;

const ALIASES: Record<string, string> = {
  g: 'irradiance',
  irr: 'irradiance',
  poa: 'irradiance',
  t: 'temperature',
  temp: 'temperature',
  tc: 'temperature',
  'cell temperature': 'temperature',
  'module temperature': 'temperature',
  v: 'voltage',
  i: 'current',
  ipmax: 'imp',
  vpmax: 'vmp',
  impp: 'imp',
  vmpp: 'vmp',
};

function canonical(name: string): string {
  const t = name
    .replace(/^\uFEFF/, '')
    .trim()
    .replace(/^"|"$/g, '')
    .toLowerCase()
    .replace(/\s*[([].*$/, '')
    .trim();
  return ALIASES[t] ?? ALIASES[t.split(/\s+/)[0]!] ?? t.split(/\s+/)[0]!;
}

/** Splits text into non-empty, non-comment lines with their 1-based numbers. */
function lines(text: string, maxRows: number): { n: number; s: string }[] {
  if (text.includes('\u0000')) throw new TemplateParseError('the file is binary, not a CSV text', 0);
  const out: { n: number; s: string }[] = [];
  const all = text.split(/\r\n|\r|\n/);
  for (let k = 0; k < all.length; k++) {
    const s = all[k]!.trim();
    if (s === '' || s.startsWith('#')) continue;
    out.push({ n: k + 1, s });
    if (out.length > maxRows + 1) throw new TemplateParseError(`more than ${maxRows} rows`, k + 1);
  }
  return out;
}

/**
 * Rows of a table (header first) as records of the named numeric columns.
 * @param table cells as text or numbers (an XLSX sheet, or CSV split by {@link splitTable})
 * @param columns required canonical columns
 * @param firstLine line number of the header, for messages
 */
function readTable<C extends string>(
  table: readonly (readonly (string | number | null | undefined)[])[],
  columns: readonly C[],
  lineOf: (row: number) => number,
  decimalComma: boolean,
): Record<C, number>[] {
  if (table.length === 0) throw new TemplateParseError('the file is empty', 0);
  const header = table[0]!.map((h) => canonical(String(h ?? '')));
  const index = {} as Record<C, number>;
  const missing: string[] = [];
  for (const c of columns) {
    const k = header.indexOf(c);
    if (k < 0) missing.push(c);
    index[c] = k;
  }
  if (missing.length) throw new TemplateParseError(`missing column(s): ${missing.join(', ')}`, lineOf(0));
  const out: Record<C, number>[] = [];
  for (let r = 1; r < table.length; r++) {
    const row = table[r]!;
    const rec = {} as Record<C, number>;
    for (const c of columns) {
      const cell = row[index[c]];
      let x: number;
      if (typeof cell === 'number') x = cell;
      else {
        let t = String(cell ?? '')
          .trim()
          .replace(/^"|"$/g, '');
        if (decimalComma) t = t.replace(',', '.');
        x = t === '' ? Number.NaN : Number(t);
      }
      if (!Number.isFinite(x))
        throw new TemplateParseError(`${c} is not a number ("${String(cell ?? '')}")`, lineOf(r));
      rec[c] = x;
    }
    out.push(rec);
  }
  return out;
}

/**
 * Splits CSV text into cells (separator from the header line: tab, semicolon or comma).
 * @returns the table, whether a decimal comma is allowed, and each row's 1-based line
 */
export function splitTable(
  text: string,
  maxRows: number,
): { table: string[][]; decimalComma: boolean; lines: number[] } {
  const ls = lines(text, maxRows);
  if (ls.length === 0) throw new TemplateParseError('the file is empty', 0);
  const head = ls[0]!.s;
  const sep = head.includes('\t') ? '\t' : head.includes(';') ? ';' : ',';
  return { table: ls.map((l) => l.s.split(sep)), decimalComma: sep !== ',', lines: ls.map((l) => l.n) };
}

/**
 * Key IV rows from a table (header + rows), e.g. an XLSX sheet read by the server.
 * @throws TemplateParseError naming the column and row
 */
export function keyIvRowsFromTable(
  table: readonly (readonly (string | number | null | undefined)[])[],
  lineOf: (row: number) => number = (r) => r + 1,
  decimalComma = false,
): KeyIvRow[] {
  if (table.length > 10_001) throw new TemplateParseError('more than 10000 rows', 0);
  const rows = readTable(table, KEY_COLUMNS, lineOf, decimalComma);
  if (rows.length === 0) throw new TemplateParseError('no measurements below the header', lineOf(0));
  rows.forEach((r, k) => {
    if (!(r.irradiance > 0 && r.isc > 0 && r.voc > 0 && r.imp > 0 && r.vmp > 0))
      throw new TemplateParseError('irradiance, Isc, Voc, Imp and Vmp must be positive', lineOf(k + 1));
    if (!(r.imp < r.isc && r.vmp < r.voc))
      throw new TemplateParseError('Imp must be below Isc and Vmp below Voc', lineOf(k + 1));
  });
  return rows;
}

/** Key IV points from the CSV template (see the file's documentation). */
export function parseKeyIvCsv(text: string): KeyIvRow[] {
  const { table, decimalComma, lines: ln } = splitTable(text, 10_000);
  return keyIvRowsFromTable(table, (r) => ln[r] ?? 0, decimalComma);
}

/**
 * IV curves from a table (header + rows): consecutive rows with the same irradiance and temperature
 * form one curve, sorted by voltage; a curve needs at least 3 points.
 * @throws TemplateParseError naming the column and row
 */
export function ivCurvesFromTable(
  table: readonly (readonly (string | number | null | undefined)[])[],
  lineOf: (row: number) => number = (r) => r + 1,
  decimalComma = false,
): IvCurveRows[] {
  if (table.length > 200_001) throw new TemplateParseError('more than 200000 rows', 0);
  const rows = readTable(table, CURVE_COLUMNS, lineOf, decimalComma);
  const curves: (IvCurveRows & { line: number })[] = [];
  rows.forEach((r, k) => {
    if (!(r.irradiance > 0)) throw new TemplateParseError('irradiance must be positive', lineOf(k + 1));
    const last = curves[curves.length - 1];
    if (last && last.irradiance === r.irradiance && last.temperature === r.temperature) {
      last.voltage.push(r.voltage);
      last.current.push(r.current);
    } else
      curves.push({
        irradiance: r.irradiance,
        temperature: r.temperature,
        voltage: [r.voltage],
        current: [r.current],
        line: lineOf(k + 1),
      });
  });
  if (curves.length === 0) throw new TemplateParseError('no curve below the header', lineOf(0));
  return curves.map((c) => {
    if (c.voltage.length < 3)
      throw new TemplateParseError(
        `the curve at ${c.irradiance} W/m², ${c.temperature} °C has fewer than 3 points`,
        c.line,
      );
    const order = c.voltage.map((_, k) => k).sort((a, b) => c.voltage[a]! - c.voltage[b]!);
    const voltage: number[] = [];
    const current: number[] = [];
    for (const k of order)
      if (voltage.length === 0 || c.voltage[k]! > voltage[voltage.length - 1]!) {
        voltage.push(c.voltage[k]!);
        current.push(c.current[k]!);
      }
    return { irradiance: c.irradiance, temperature: c.temperature, voltage, current };
  });
}

/** Full IV curves from the CSV template (see the file's documentation). */
export function parseIvCurvesCsv(text: string): IvCurveRows[] {
  const { table, decimalComma, lines: ln } = splitTable(text, 200_000);
  return ivCurvesFromTable(table, (r) => ln[r] ?? 0, decimalComma);
}
