/**
 * Binding of a CSV header to the series of a `SeriesBuilder`, and the per-record loop that fills
 * them. A spec names the file column (exactly, or by prefix with a trailing '*'), its unit in the
 * file, the factor to the canonical unit and the file's missing-value code.
 */
import type { SeriesBuilder } from './build.ts';
import { num, splitFields, type LineReader } from './text.ts';
import { WeatherParseError, type WeatherSeriesKey } from './types.ts';

/** How one series is found in a header and converted. */
export interface ColumnSpec {
  key: WeatherSeriesKey;
  /** header names; 'GHI (*' matches any name starting with 'GHI (' */
  names: readonly string[];
  fileUnit: string;
  /** canonical = file value × scale (default 1) */
  scale?: number;
  /** the file's missing-value code (NaN in the result) */
  missing?: number;
}

/** A bound column: where it is in each record and where it goes. */
export interface BoundColumn {
  index: number;
  name: string;
  data: Float64Array;
  scale: number;
  missing: number;
}

/** Index of the first header name matching one of `names` (exact, or prefix with '*'), else −1. */
export function findColumn(header: readonly string[], names: readonly string[]): number {
  for (const name of names) {
    const prefix = name.endsWith('*') ? name.slice(0, -1) : null;
    const i = header.findIndex((h) => (prefix === null ? h.trim() === name : h.trim().startsWith(prefix)));
    if (i >= 0) return i;
  }
  return -1;
}

/** Like {@link findColumn} but throws, naming the missing column, when it is absent. */
export function requireColumn(header: readonly string[], names: readonly string[], lineNo: number): number {
  const i = findColumn(header, names);
  if (i < 0) {
    throw new WeatherParseError(lineNo, `missing required column '${names[0]!.replace('*', '…')}'`);
  }
  return i;
}

/** Allocates and binds the series of `specs` found in `header`. */
export function bindColumns(
  b: SeriesBuilder,
  header: readonly string[],
  specs: readonly ColumnSpec[],
): BoundColumn[] {
  const bound: BoundColumn[] = [];
  for (const spec of specs) {
    const index = findColumn(header, spec.names);
    if (index < 0) continue;
    const name = header[index]!.trim();
    bound.push({
      index,
      name,
      data: b.column(spec.key, name, spec.fileUnit),
      scale: spec.scale ?? 1,
      missing: spec.missing ?? NaN,
    });
  }
  return bound;
}

const POW10 = Array.from({ length: 16 }, (_, k) => 10 ** k);

/**
 * The fields of the current line of a `LineReader`, located in place (no substrings): field k is
 * `text.slice(start(k), end(k))`. Numbers are parsed from the character codes, with `num` as the
 * fallback for anything unusual (exponents, blanks, long mantissas, missing tokens, text).
 */
export class RecordCursor {
  private readonly starts: Int32Array;
  private readonly ends: Int32Array;
  readonly text: string;

  constructor(
    readonly reader: LineReader,
    /** fields located on each line (the minimum a record must have) */
    readonly need: number,
  ) {
    this.starts = new Int32Array(need);
    this.ends = new Int32Array(need);
    this.text = reader.text;
  }

  get line(): number {
    return this.reader.line;
  }

  start(k: number): number {
    return this.starts[k]!;
  }

  end(k: number): number {
    return this.ends[k]!;
  }

  /** Locates the first `need` fields of the current line; returns how many exist (≤ need). */
  split(): number {
    const text = this.text;
    const end = this.reader.lineEnd;
    const need = this.need;
    let p = this.reader.lineStart;
    let k = 0;
    while (k < need) {
      this.starts[k] = p;
      const c = text.indexOf(',', p);
      if (c < 0 || c >= end) {
        this.ends[k++] = end;
        break;
      }
      this.ends[k++] = c;
      p = c + 1;
    }
    return k;
  }

  /** Field k as a number: empty → NaN, text → WeatherParseError naming `column`. */
  num(k: number, column: string): number {
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
    for (; i < e; i++) {
      c = text.charCodeAt(i);
      if (c >= 48 && c <= 57) {
        mant = mant * 10 + (c - 48);
        digits++;
        if (dot) frac++;
      } else if (c === 46 && !dot) dot = true;
      else break;
    }
    if (i === e && digits > 0 && digits <= 15) {
      const v = frac === 0 ? mant : mant / POW10[frac]!;
      return neg ? -v : v;
    }
    return num(text.slice(s, e), this.reader.line, column);
  }

  /** Field k as a whole number that must be present. */
  int(k: number, column: string): number {
    const v = this.num(k, column);
    if (!Number.isInteger(v)) {
      const f = this.reader.text.slice(this.starts[k], this.ends[k]);
      throw new WeatherParseError(this.reader.line, `${column}: '${f.slice(0, 24)}' is not a whole number`);
    }
    return v;
  }
}

/**
 * Reads comma-separated records until the end of the text (trailing blank lines allowed), calling
 * `stamp(cursor)` for each record's timestamp [ms] and filling the bound columns.
 * @param minFields fields every record must have (fewer: truncated or wrong delimiter)
 * @param stop optional test on the current line that ends the data (e.g. PVGIS's legend)
 */
export function readRecords(
  r: LineReader,
  b: SeriesBuilder,
  bound: readonly BoundColumn[],
  minFields: number,
  stamp: (c: RecordCursor) => number,
  stop?: (r: LineReader) => boolean,
): void {
  const { time, lines } = b;
  const cursor = new RecordCursor(r, Math.max(minFields, ...bound.map((col) => col.index + 1)));
  const need = cursor.need;
  let n = b.n;
  while (r.advance()) {
    if (stop?.(r)) break;
    if (r.currentIsBlank()) {
      if (r.restIsBlank()) break;
      throw new WeatherParseError(r.line, 'blank line inside the data');
    }
    if (n >= b.capacity) throw new WeatherParseError(r.line, 'more records than lines counted');
    if (cursor.split() < need) splitFields(r.current(), r.line, need);
    time[n] = stamp(cursor);
    for (let k = 0; k < bound.length; k++) {
      const col = bound[k]!;
      const v = cursor.num(col.index, col.name);
      col.data[n] = v === col.missing ? NaN : v * col.scale;
    }
    lines[n] = r.line;
    n++;
  }
  b.n = n;
}
