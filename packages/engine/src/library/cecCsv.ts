/**
 * Readers of the SAM component libraries in CSV form: the CEC module list (CEC six-parameter
 * single-diode fits) and the CEC inverter lists (Sandia inverter-model coefficients), as typed records
 * looked up by name. Pure: the caller reads the file and passes its text.
 *
 * The files have three header rows: the column names, their units (`Units,…`) and SAM's variable
 * names (`[0],…`). Rows are read defensively: a quoted field may hold commas, CRLF and a byte-order
 * mark are accepted, the columns are found by name (any order, extra columns ignored), and a row that
 * cannot be used (wrong number of fields, a required number missing or not a number) is skipped with a
 * warning naming its line, never read half-way.
 */
import { splitCsvLine } from '../csv.ts';

/** A module of the CEC list (SAM `CEC Modules.csv`), in its own units. */
export interface CecModuleRecord {
  /** the list's name, e.g. "CSI Solar Co._ Ltd. CS3U-400MS" */
  name: string;
  manufacturer: string;
  /** cell material: Mono-c-Si, Multi-c-Si, CdTe, CIGS, Thin Film, … */
  technology: string;
  bifacial: boolean;
  /** power at STC, Imp·Vmp [W] */
  stc: number;
  /** power at PVUSA test conditions [W] (NaN when absent) */
  ptc: number;
  /** module area A_c [m²] */
  area: number;
  /** length and width [m] (NaN when absent, as in about 40 % of the list) */
  length: number;
  width: number;
  /** cells in series N_s [-] */
  cellsInSeries: number;
  /** short-circuit current, open-circuit voltage, MPP current and voltage at STC [A, V] */
  iScRef: number;
  vOcRef: number;
  iMpRef: number;
  vMpRef: number;
  /** temperature coefficients of Isc [A/K] and Voc [V/K] */
  alphaSc: number;
  betaOc: number;
  /** nominal operating cell temperature [°C] */
  tNoct: number;
  /** modified ideality factor a_ref [V], photocurrent IL,ref [A], saturation current I0,ref [A] */
  aRef: number;
  iLRef: number;
  iORef: number;
  /** series and shunt resistance [Ω] */
  rS: number;
  rShRef: number;
  /** adjustment of the Isc temperature coefficient, Adjust [%] */
  adjust: number;
  /** temperature coefficient of Pmp γ [%/K] */
  gammaR: number;
  /** the list's version and date, e.g. "SAM 2021.12.02", "12/1/2021" */
  version: string;
  date: string;
}

/** An inverter of a CEC list (SAM `CEC Inverters.csv`), Sandia model coefficients in its own units. */
export interface CecInverterRecord {
  /** the list's name, e.g. "SMA America: SB7.7-1SP-US-40 [240V]" */
  name: string;
  /** AC voltage [V] */
  vac: number;
  /** Sandia coefficients: Pso [W], Paco [W], Pdco [W], Vdco [V], C0 [1/W], C1–C3 [1/V], Pnt [W] */
  pso: number;
  paco: number;
  pdco: number;
  vdco: number;
  c0: number;
  c1: number;
  c2: number;
  c3: number;
  pnt: number;
  /** maximum DC voltage [V] and current [A]; MPPT window [V] (NaN when absent) */
  vdcmax: number;
  idcmax: number;
  mpptLow: number;
  mpptHigh: number;
  /** CEC listing date */
  cecDate: string;
}

/** A note about a row that was skipped (1-based line). */
export interface LibraryWarning {
  line: number;
  message: string;
}

/** A parsed library: its records in file order, an index by exact name, and the skipped rows. */
export interface CecLibrary<R extends { name: string }> {
  /** where the text came from (a file name), for messages */
  source: string;
  records: readonly R[];
  byName: ReadonlyMap<string, R>;
  warnings: readonly LibraryWarning[];
}

/** A library file that cannot be read at all (not a CEC list, or no usable row). */
export class LibraryParseError extends Error {
  constructor(source: string, reason: string) {
    super(`${source}: ${reason}`);
    this.name = 'LibraryParseError';
  }
}

/** A name that is not in a library (the message lists the closest names). */
export class LibraryLookupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LibraryLookupError';
  }
}

/** How a column is read: a required number, an optional number (NaN when empty) or text. */
type ColumnKind = 'number' | 'optionalNumber' | 'text';

/** @internal Reads the rows of a CEC-format CSV into records, column by name. */
function parseTable<R extends { name: string }>(
  text: string,
  source: string,
  columns: Readonly<Record<string, readonly [keyof R & string, ColumnKind]>>,
): CecLibrary<R> {
  const lines = text.replace(/^\uFEFF/, '').split('\n');
  const header = splitCsvLine((lines[0] ?? '').replace(/\r$/, '')).map((h) => h.trim());
  if (header[0] !== 'Name')
    throw new LibraryParseError(source, 'line 1: expected a header starting with "Name"');
  const index = new Map<string, number>();
  for (const [col, _] of Object.entries(columns)) {
    const j = header.indexOf(col);
    if (j < 0) throw new LibraryParseError(source, `line 1: no column "${col}"`);
    index.set(col, j);
  }
  const records: R[] = [];
  const byName = new Map<string, R>();
  const warnings: LibraryWarning[] = [];
  for (let l = 1; l < lines.length; l++) {
    const line = lines[l]!.replace(/\r$/, '');
    if (line.trim() === '') continue;
    const f = splitCsvLine(line);
    if (l <= 2 && (f[0] === 'Units' || f[0] === '[0]')) continue;
    if (f.length !== header.length) {
      warnings.push({ line: l + 1, message: `${f.length} fields, the header has ${header.length}: skipped` });
      continue;
    }
    const rec: Record<string, unknown> = {};
    let bad = '';
    for (const [col, [key, kind]] of Object.entries(columns)) {
      const raw = f[index.get(col)!]!.trim();
      if (kind === 'text') rec[key] = raw;
      else {
        const v = raw === '' || raw.toLowerCase() === 'n/a' ? NaN : Number(raw);
        if (kind === 'number' && !Number.isFinite(v)) {
          bad = `column ${col} is ${raw === '' ? 'empty' : `"${raw}", not a number`}`;
          break;
        }
        rec[key] = v;
      }
    }
    const name = rec.name as string;
    if (!bad && name === '') bad = 'no name';
    if (!bad && byName.has(name)) bad = `duplicate name "${name}"`;
    if (bad) {
      warnings.push({ line: l + 1, message: `${bad}: skipped` });
      continue;
    }
    records.push(rec as R);
    byName.set(name, rec as R);
  }
  if (records.length === 0) throw new LibraryParseError(source, 'no usable row');
  return { source, records, byName, warnings };
}

const MODULE_COLUMNS = {
  Name: ['name', 'text'],
  Manufacturer: ['manufacturer', 'text'],
  Technology: ['technology', 'text'],
  Bifacial: ['bifacial', 'optionalNumber'],
  STC: ['stc', 'number'],
  PTC: ['ptc', 'optionalNumber'],
  A_c: ['area', 'number'],
  Length: ['length', 'optionalNumber'],
  Width: ['width', 'optionalNumber'],
  N_s: ['cellsInSeries', 'number'],
  I_sc_ref: ['iScRef', 'number'],
  V_oc_ref: ['vOcRef', 'number'],
  I_mp_ref: ['iMpRef', 'number'],
  V_mp_ref: ['vMpRef', 'number'],
  alpha_sc: ['alphaSc', 'number'],
  beta_oc: ['betaOc', 'number'],
  T_NOCT: ['tNoct', 'optionalNumber'],
  a_ref: ['aRef', 'number'],
  I_L_ref: ['iLRef', 'number'],
  I_o_ref: ['iORef', 'number'],
  R_s: ['rS', 'number'],
  R_sh_ref: ['rShRef', 'number'],
  Adjust: ['adjust', 'number'],
  gamma_r: ['gammaR', 'optionalNumber'],
  Version: ['version', 'text'],
  Date: ['date', 'text'],
} as const satisfies Record<string, readonly [keyof CecModuleRecord, ColumnKind]>;

const INVERTER_COLUMNS = {
  Name: ['name', 'text'],
  Vac: ['vac', 'optionalNumber'],
  Pso: ['pso', 'number'],
  Paco: ['paco', 'number'],
  Pdco: ['pdco', 'number'],
  Vdco: ['vdco', 'number'],
  C0: ['c0', 'number'],
  C1: ['c1', 'number'],
  C2: ['c2', 'number'],
  C3: ['c3', 'number'],
  Pnt: ['pnt', 'number'],
  Vdcmax: ['vdcmax', 'optionalNumber'],
  Idcmax: ['idcmax', 'optionalNumber'],
  Mppt_low: ['mpptLow', 'optionalNumber'],
  Mppt_high: ['mpptHigh', 'optionalNumber'],
  CEC_Date: ['cecDate', 'text'],
} as const satisfies Record<string, readonly [keyof CecInverterRecord, ColumnKind]>;

/**
 * Reads the CEC module list (SAM `CEC Modules.csv`, e.g. `sam-library-cec-modules-2021-12-01.csv`).
 * Rows with a non-physical fit (N_s, a_ref, IL, I0, Rsh or STC power ≤ 0, Rs < 0) are skipped with a
 * warning.
 * @param text the file's text
 * @param source the file's name, for messages
 * @returns the records and an index by exact name
 * @throws LibraryParseError when the header lacks a column or no row is usable
 */
export function parseCecModuleLibrary(text: string, source = 'CEC module list'): CecLibrary<CecModuleRecord> {
  const lib = parseTable<CecModuleRecord>(text, source, MODULE_COLUMNS);
  const warnings = [...lib.warnings];
  const records: CecModuleRecord[] = [];
  const byName = new Map<string, CecModuleRecord>();
  lib.records.forEach((r) => {
    r.bifacial = (r.bifacial as unknown) === 1; // read as a number (0/1)
    const ok =
      r.cellsInSeries > 0 &&
      r.aRef > 0 &&
      r.iLRef > 0 &&
      r.iORef > 0 &&
      r.rShRef > 0 &&
      r.rS >= 0 &&
      r.stc > 0;
    if (!ok) {
      warnings.push({ line: 0, message: `"${r.name}": non-physical single-diode fit: skipped` });
      return;
    }
    records.push(r);
    byName.set(r.name, r);
  });
  return { source, records, byName, warnings };
}

/**
 * Reads a CEC inverter list with Sandia coefficients (SAM `CEC Inverters.csv`, e.g.
 * `sam-library-cec-inverters-2019-03-05.csv`). Rows with Paco, Pdco or Vdco ≤ 0 are skipped.
 * @param text the file's text
 * @param source the file's name, for messages
 * @returns the records and an index by exact name
 * @throws LibraryParseError when the header lacks a column or no row is usable
 */
export function parseCecInverterLibrary(
  text: string,
  source = 'CEC inverter list',
): CecLibrary<CecInverterRecord> {
  const lib = parseTable<CecInverterRecord>(text, source, INVERTER_COLUMNS);
  const warnings = [...lib.warnings];
  const records = lib.records.filter((r) => {
    const ok = r.paco > 0 && r.pdco > 0 && r.vdco > 0;
    if (!ok) warnings.push({ line: 0, message: `"${r.name}": Paco, Pdco or Vdco not positive: skipped` });
    return ok;
  });
  return { source, records, byName: new Map(records.map((r) => [r.name, r])), warnings };
}

/**
 * A name as pvlib's `retrieve_sam` writes it: each of ` -.()[]:+/",` replaced by `_`. The SAM lists
 * themselves replace the comma of "Co., Ltd." by `_`, so "CSI Solar Co., Ltd. CS3U-400MS" and the
 * list's "CSI Solar Co._ Ltd. CS3U-400MS" normalise alike.
 * @param name a product name
 * @returns the normalised name
 */
export function normaliseLibraryName(name: string): string {
  return name.trim().replace(/[ \-.()[\]:+/",]/g, '_');
}

/**
 * The record of a name: the exact name first, else the one record whose normalised name
 * ({@link normaliseLibraryName}) matches.
 * @param lib a parsed library
 * @param name the product's name
 * @returns the record
 * @throws LibraryLookupError when no record (or more than one normalised match) fits; the message
 *         names up to five records that contain the name's longest word
 */
export function findCecRecord<R extends { name: string }>(lib: CecLibrary<R>, name: string): R {
  const exact = lib.byName.get(name);
  if (exact) return exact;
  const matches = normalisedIndex(lib).get(normaliseLibraryName(name)) ?? [];
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1)
    throw new LibraryLookupError(
      `"${name}" matches ${matches.length} entries of ${lib.source}: ${matches.map((r) => `"${r.name}"`).join(', ')}`,
    );
  throw new LibraryLookupError(`"${name}" is not in ${lib.source}${suggest(lib, name)}`);
}

const normalised = new WeakMap<object, Map<string, { name: string }[]>>();

/** @internal Records by normalised name, built once per library. */
function normalisedIndex<R extends { name: string }>(lib: CecLibrary<R>): Map<string, R[]> {
  let m = normalised.get(lib.records) as Map<string, R[]> | undefined;
  if (!m) {
    m = new Map();
    for (const r of lib.records) {
      const k = normaliseLibraryName(r.name);
      const list = m.get(k);
      if (list) list.push(r);
      else m.set(k, [r]);
    }
    normalised.set(lib.records, m);
  }
  return m;
}

/** @internal " (closest: …)": the five entries sharing the most words (of 2+ characters) with the name. */
function suggest(lib: CecLibrary<{ name: string }>, name: string): string {
  const words = (t: string) =>
    t
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length >= 2);
  const want = new Set(words(name));
  if (want.size === 0) return '';
  const scored: { name: string; score: number }[] = [];
  for (const r of lib.records) {
    let score = 0;
    for (const w of words(r.name)) if (want.has(w)) score++;
    if (score > 0) scored.push({ name: r.name, score });
  }
  scored.sort((a, b) => b.score - a.score || a.name.length - b.name.length || (a.name < b.name ? -1 : 1));
  const near = scored.slice(0, 5);
  return near.length > 0 ? ` (closest: ${near.map((r) => `"${r.name}"`).join(', ')})` : '';
}
