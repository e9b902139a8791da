/**
 * Modules and inverters of a case given by the name of a CEC list entry: which lists a case needs (so
 * that the caller reads only those files) and the entry as a record, with the case's edits applied.
 */
import {
  findCecRecord,
  LibraryLookupError,
  type CecInverterRecord,
  type CecLibrary,
  type CecModuleRecord,
} from '../library/cecCsv.ts';
import {
  cecInverterRecord,
  cecModuleRecord,
  DEFAULT_CEC_INVERTER_LISTS,
  DEFAULT_CEC_MODULE_LISTS,
} from '../library/cecRecords.ts';
import type { CaseReader, Json } from './read.ts';

/** Parsed lists by file name (as the case names them, e.g. `sam-library-cec-modules-2021-12-01.csv`). */
export interface CaseLibraries {
  modules?: ReadonlyMap<string, CecLibrary<CecModuleRecord>>;
  inverters?: ReadonlyMap<string, CecLibrary<CecInverterRecord>>;
}

/** @internal Calls `f` on every DC field's module and every inverter node's inverter value. */
function visit(caseJson: unknown, f: (kind: 'module' | 'inverter', v: unknown) => void): void {
  const plant = (caseJson as Json | null)?.powerPlant as Json | undefined;
  const list = (o: unknown, k: string): Json[] => {
    const v = (o as Json | null | undefined)?.[k];
    return Array.isArray(v) ? (v as Json[]) : [];
  };
  for (const b of list(plant, 'blocks'))
    for (const a of list(b, 'arrays'))
      for (const i of list(a, 'inverters')) {
        f('inverter', i?.inverter);
        for (const d of list(i, 'dcFields')) f('module', d?.module);
      }
}

/**
 * The CEC lists a case refers to: the files named by `library` keys, plus the default lists when a
 * module or an inverter is given by name alone ({@link DEFAULT_CEC_MODULE_LISTS},
 * {@link DEFAULT_CEC_INVERTER_LISTS}).
 * @param caseJson the case (unvalidated)
 * @returns file names of module lists and of inverter lists, each once
 */
export function caseLibraryFiles(caseJson: unknown): { modules: string[]; inverters: string[] } {
  const modules = new Set<string>();
  const inverters = new Set<string>();
  visit(caseJson, (kind, v) => {
    const set = kind === 'module' ? modules : inverters;
    if (typeof v === 'string')
      for (const f of kind === 'module' ? DEFAULT_CEC_MODULE_LISTS : DEFAULT_CEC_INVERTER_LISTS) set.add(f);
    else if (v !== null && typeof v === 'object' && typeof (v as Json).library === 'string')
      set.add((v as Json).library as string);
  });
  return { modules: [...modules], inverters: [...inverters] };
}

/** A CEC entry a case names: the name and the lists it is looked up in (the first holding it wins). */
export interface CaseLibraryName {
  kind: 'module' | 'inverter';
  name: string;
  files: readonly string[];
}

/**
 * The CEC entries a case names, each once: a name alone in the default lists
 * ({@link DEFAULT_CEC_MODULE_LISTS}, {@link DEFAULT_CEC_INVERTER_LISTS}), `{library, name}` in that
 * list. With it a caller can read only those rows of the lists (`cecListRows`).
 * @param caseJson the case (unvalidated)
 * @returns the entries
 */
export function caseLibraryNames(caseJson: unknown): CaseLibraryName[] {
  const out = new Map<string, CaseLibraryName>();
  visit(caseJson, (kind, v) => {
    let entry: CaseLibraryName | undefined;
    if (typeof v === 'string')
      entry = {
        kind,
        name: v,
        files: kind === 'module' ? DEFAULT_CEC_MODULE_LISTS : DEFAULT_CEC_INVERTER_LISTS,
      };
    else if (v !== null && typeof v === 'object') {
      const o = v as Json;
      if (typeof o.library === 'string' && typeof o.name === 'string')
        entry = { kind, name: o.name, files: [o.library] };
    }
    if (entry) out.set(JSON.stringify([entry.kind, entry.name, entry.files]), entry);
  });
  return [...out.values()];
}

/**
 * The record of a DC field's `module` or an inverter node's `inverter`: an object without `library`
 * as it is; a string: the entry of that name in the default lists (the first list holding it); an
 * object with `library` and `name`: that list's entry, its values replaced by the object's other keys
 * (a null value removes the entry's value, e.g. `"maxCurrent": null` for no current limit).
 * @param r the reader (errors name `path`)
 * @param v the value
 * @param path its path
 * @param kind which lists to search
 * @param libs the parsed lists
 * @returns the record, or undefined after an error
 */
export function libraryRecord(
  r: CaseReader,
  v: unknown,
  path: string,
  kind: 'module' | 'inverter',
  libs: CaseLibraries,
): Json | undefined {
  if (v === undefined || v === null) {
    r.error(path, 'is required: a record, a CEC list name, or {library, name}');
    return undefined;
  }
  const lists = (kind === 'module' ? libs.modules : libs.inverters) ?? new Map<string, CecLibrary<never>>();
  const convert = (rec: CecModuleRecord | CecInverterRecord) => convertedRecord(rec, kind);
  if (typeof v === 'string') {
    const files = kind === 'module' ? DEFAULT_CEC_MODULE_LISTS : DEFAULT_CEC_INVERTER_LISTS;
    let last = '';
    for (const [k, f] of files.entries()) {
      const lib = lists.get(f);
      if (!lib) continue;
      try {
        const rec = findCecRecord(lib as CecLibrary<CecModuleRecord | CecInverterRecord>, v);
        const converted = convert(rec);
        if (kind === 'inverter') {
          noteOlderEntries(r, rec.name, f, files.slice(k + 1), libs.inverters);
          noteListLimits(r, rec.name, f, converted, {});
        }
        return converted;
      } catch (e) {
        if (!(e instanceof LibraryLookupError)) throw e;
        last = e.message;
      }
    }
    r.error(path, last || `"${v}": no ${kind} list was loaded (${files.join(', ')})`);
    return undefined;
  }
  const o = r.object(v, path);
  if (!o) return undefined;
  if (o.library === undefined) return o;
  const file = r.string(o, 'library', path);
  const name = r.string(o, 'name', path);
  if (file === undefined || name === undefined) {
    if (name === undefined) r.error(`${path}.name`, 'is required with library');
    return undefined;
  }
  const lib = lists.get(file);
  if (!lib) {
    r.error(`${path}.library`, `"${file}" was not loaded`);
    return undefined;
  }
  try {
    const rec = findCecRecord(lib as CecLibrary<CecModuleRecord | CecInverterRecord>, name);
    const base = convert(rec);
    const edited: Json = { ...base };
    for (const [k, val] of Object.entries(o)) {
      if (k === 'library' || k === 'name') continue;
      if (val === null) delete edited[k];
      else edited[k] = val;
    }
    if (kind === 'inverter') noteListLimits(r, rec.name, file, base, o);
    return edited;
  } catch (e) {
    if (!(e instanceof LibraryLookupError)) throw e;
    r.error(`${path}.name`, e.message);
    return undefined;
  }
}

/**
 * The case records of the list entries converted so far (frozen, shared by every case that names the
 * entry): converting a CEC module fits its PVsyst-form parameters (`cecToPvsyst`, a root search), about
 * 0.2 ms of each simulation of an hourly year when repeated for every run (issue 17).
 */
const converted = new WeakMap<CecModuleRecord | CecInverterRecord, Json>();

/** @internal The case record of a list entry (see {@link converted}). */
function convertedRecord(rec: CecModuleRecord | CecInverterRecord, kind: 'module' | 'inverter'): Json {
  let c = converted.get(rec);
  if (c === undefined) {
    c = deepFreeze(
      kind === 'module'
        ? cecModuleRecord(rec as CecModuleRecord)
        : cecInverterRecord(rec as CecInverterRecord),
    );
    converted.set(rec, c);
  }
  return c;
}

/** @internal Freezes an object and every object or array it holds (typed arrays cannot be frozen). */
function deepFreeze<T>(o: T): T {
  if (o !== null && typeof o === 'object' && !ArrayBuffer.isView(o) && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o as object)) deepFreeze(v);
  }
  return o;
}

/** The DC limits of a case inverter record, in the order the run's log lists them. */
export const DC_LIMITS = [
  ['minVoltage', 'minimum MPPT voltage', 'V'],
  ['maxMPPVoltage', 'maximum MPPT voltage', 'V'],
  ['maxAbsoluteVoltage', 'maximum DC voltage', 'V'],
  ['maxCurrent', 'maximum DC current', 'A'],
] as const;

/** A line of the run's log of assumptions, before CaseReader.note joins it as "path = value". */
export interface AssumptionNote {
  path: string;
  value: string;
}

/**
 * The note that an inverter is the entry of the newest CEC list holding its name and that an older
 * list's entry of the same name is not used (issue 17; also the server's note for a Global inverter
 * seeded from the lists).
 * @param name the entry's name
 * @param used the list file whose entry is used
 * @param older the older list file with an entry of the same name
 */
export function olderEntryNote(name: string, used: string, older: string): AssumptionNote {
  return {
    path: `inverter "${name}"`,
    value: `the entry of ${used} (newest first); ${older} has an entry of the same name, not used`,
  };
}

/**
 * The note naming the DC limits (MPPT window, maximum voltage and current) an inverter took from a CEC
 * list, with their values (issue 17).
 * @param name the entry's name
 * @param file the list file
 * @param fromList the entry's record (the limits as the list gives them)
 * @param isOwn whether a limit is not the list's (the case gives or removes it): left out
 * @param why why the list's values were used, e.g. "the case does not give them"
 * @returns the note, or undefined when no limit comes from the list
 */
export function listLimitsNote(
  name: string,
  file: string,
  fromList: Json,
  isOwn: (key: string) => boolean,
  why: string,
): AssumptionNote | undefined {
  const taken: string[] = [];
  for (const [key, label, unit] of DC_LIMITS) {
    const x = fromList[key];
    if (isOwn(key) || typeof x !== 'number') continue;
    taken.push(`${label} ${x} ${unit}`);
  }
  if (taken.length === 0) return undefined;
  return { path: `inverter "${name}".DC limits`, value: `${taken.join(', ')} (from ${file}; ${why})` };
}

/**
 * @internal A default that changes a result (issue 17), in the run's log of assumptions: an inverter
 * named alone is the entry of the first default list holding it (the newest, 2022-02-18), and an older
 * list loaded with the case (2019-03-05) that has an entry of the same name is not used. Noted once
 * per inverter name.
 */
function noteOlderEntries(
  r: CaseReader,
  name: string,
  used: string,
  older: readonly string[],
  lists: ReadonlyMap<string, CecLibrary<CecInverterRecord>> | undefined,
): void {
  for (const f of older) {
    const lib = lists?.get(f);
    if (!lib) continue;
    let found: CecInverterRecord | undefined;
    try {
      found = findCecRecord(lib, name);
    } catch (e) {
      if (!(e instanceof LibraryLookupError)) throw e;
    }
    if (found) {
      const n = olderEntryNote(name, used, f);
      r.note(n.path, n.value);
    }
  }
}

/**
 * @internal A default that changes a result (issue 17): the DC limits (MPPT window, maximum voltage and
 * current) that an inverter taken from a CEC list gets from the list because the case does not give
 * them (`given`: the case's own keys beside `library` and `name`; a null removes a limit). Noted once
 * per inverter name, with the values.
 */
function noteListLimits(r: CaseReader, name: string, file: string, fromList: Json, given: Json): void {
  const n = listLimitsNote(name, file, fromList, (key) => key in given, 'the case does not give them');
  if (n) r.note(n.path, n.value);
}
