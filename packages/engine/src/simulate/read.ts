/**
 * Reading of an untyped JSON case field by field: each read names the field's path
 * (`powerPlant.blocks[0].arrays[0].inverters[0].dcFields[0].modulesWiredInSeries`), collects every
 * error instead of stopping at the first, and records the defaults it applied.
 */

/** A case that cannot be simulated: every problem found, each naming its field. */
export class CaseValidationError extends Error {
  readonly errors: readonly string[];
  constructor(errors: readonly string[]) {
    super(
      `the case has ${errors.length} error${errors.length === 1 ? '' : 's'}:\n` +
        errors.map((e) => `  - ${e}`).join('\n'),
    );
    this.name = 'CaseValidationError';
    this.errors = errors;
  }
}

/** A JSON object, read field by field. */
export type Json = Record<string, unknown>;

/** Limits of a number. */
export interface NumberRule {
  min?: number;
  max?: number;
  /** strictly greater than */
  above?: number;
  integer?: boolean;
}

function describe(r: NumberRule): string {
  const parts: string[] = [];
  if (r.integer) parts.push('an integer');
  else parts.push('a number');
  if (r.above !== undefined) parts.push(`> ${r.above}`);
  if (r.min !== undefined && r.max !== undefined) parts.push(`from ${r.min} to ${r.max}`);
  else if (r.min !== undefined) parts.push(`≥ ${r.min}`);
  else if (r.max !== undefined) parts.push(`≤ ${r.max}`);
  return parts.join(' ');
}

function show(v: unknown): string {
  const s = JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

/** Collects the errors and the applied defaults of one reading. */
export class CaseReader {
  readonly errors: string[] = [];
  readonly defaults: string[] = [];

  error(path: string, message: string): void {
    const e = `${path}: ${message}`;
    if (!this.errors.includes(e)) this.errors.push(e);
  }

  /** Notes a default applied to an absent field (listed in the result, once). */
  note(path: string, value: string): void {
    const d = `${path} = ${value}`;
    if (!this.defaults.includes(d)) this.defaults.push(d);
  }

  /** An object at `path`; undefined (with an error when `required`) otherwise. */
  object(v: unknown, path: string, required = true): Json | undefined {
    if (v === undefined || v === null) {
      if (required) this.error(path, 'is required');
      return undefined;
    }
    if (typeof v !== 'object' || Array.isArray(v)) {
      this.error(path, `must be an object (got ${show(v)})`);
      return undefined;
    }
    return v as Json;
  }

  /** An array at `o[key]`; [] when absent (with an error when `required`). */
  array(o: Json, key: string, path: string, required = false): unknown[] {
    const v = o[key];
    if (v === undefined || v === null) {
      if (required) this.error(`${path}.${key}`, 'is required');
      return [];
    }
    if (!Array.isArray(v)) {
      this.error(`${path}.${key}`, `must be an array (got ${show(v)})`);
      return [];
    }
    return v;
  }

  /** A number at `o[key]`, or undefined when absent or null (an error when `required` or invalid). */
  number(o: Json, key: string, path: string, rule: NumberRule = {}, required = false): number | undefined {
    const v = o[key];
    const p = `${path}.${key}`;
    if (v === undefined || v === null) {
      if (required) this.error(p, `is required (${describe(rule)})`);
      return undefined;
    }
    const ok =
      typeof v === 'number' &&
      Number.isFinite(v) &&
      (!rule.integer || Number.isInteger(v)) &&
      (rule.min === undefined || v >= rule.min) &&
      (rule.max === undefined || v <= rule.max) &&
      (rule.above === undefined || v > rule.above);
    if (!ok) {
      this.error(p, `must be ${describe(rule)} (got ${show(v)})`);
      return undefined;
    }
    return v as number;
  }

  /** A required number (NaN after an error, so reading goes on). */
  required(o: Json, key: string, path: string, rule: NumberRule = {}): number {
    return this.number(o, key, path, rule, true) ?? NaN;
  }

  /** A number with a default, noted when `noted` (model choices and losses). */
  numberOr(o: Json, key: string, path: string, dflt: number, rule: NumberRule = {}, noted = false): number {
    const v = this.number(o, key, path, rule);
    if (v !== undefined) return v;
    if (noted && !this.quiet) this.note(`${path}.${key}`, String(dflt));
    return dflt;
  }

  /** Suppresses the notes of defaults (for sub-records that repeat, e.g. the second DC field). */
  quiet = false;

  /** One of the values of an enum (frozen object of numbers); undefined when absent. */
  choice<T extends number>(
    o: Json,
    key: string,
    path: string,
    values: Readonly<Record<string, T>>,
    dflt: T,
    noted = true,
  ): T {
    const v = o[key];
    if (v === undefined || v === null) {
      if (noted && !this.quiet) this.note(`${path}.${key}`, `${dflt} (${nameOf(values, dflt)})`);
      return dflt;
    }
    const allowed = Object.values(values);
    if (typeof v !== 'number' || !allowed.includes(v as T)) {
      const list = Object.entries(values)
        .map(([k, n]) => `${n} ${k}`)
        .join(', ');
      this.error(`${path}.${key}`, `must be one of ${list} (got ${show(v)})`);
      return dflt;
    }
    return v as T;
  }

  /** A boolean; `dflt` when absent. */
  boolean(o: Json, key: string, path: string, dflt: boolean): boolean {
    const v = o[key];
    if (v === undefined || v === null) return dflt;
    if (typeof v !== 'boolean') {
      this.error(`${path}.${key}`, `must be true or false (got ${show(v)})`);
      return dflt;
    }
    return v;
  }

  /** A string; undefined when absent. */
  string(o: Json, key: string, path: string): string | undefined {
    const v = o[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'string') {
      this.error(`${path}.${key}`, `must be a string (got ${show(v)})`);
      return undefined;
    }
    return v;
  }

  /** A series of numbers (time-series details) of `length` values; undefined when absent. */
  series(o: Json, key: string, path: string, length: number): Float64Array | undefined {
    const v = o[key];
    if (v === undefined || v === null) return undefined;
    if (!Array.isArray(v) || v.some((x) => x !== null && typeof x !== 'number')) {
      this.error(`${path}.${key}`, 'must be an array of numbers (null = not set)');
      return undefined;
    }
    if (length > 0 && v.length !== length) {
      this.error(`${path}.${key}`, `has ${v.length} values, the weather ${length}`);
      return undefined;
    }
    return Float64Array.from(v as (number | null)[], (x) => (x === null ? NaN : x));
  }

  /** Throws {@link CaseValidationError} when any error was found. */
  check(): void {
    if (this.errors.length > 0) throw new CaseValidationError(this.errors);
  }
}

function nameOf(values: Readonly<Record<string, number>>, v: number): string {
  for (const [k, n] of Object.entries(values)) if (n === v) return k;
  return String(v);
}
