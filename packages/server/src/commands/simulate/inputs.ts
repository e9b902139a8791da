/**
 * File side of `sunfield simulate`: the case file, its weather file and the CEC lists it names, read
 * from disk and parsed (the engine itself reads no file).
 */
import { isUtf8 } from 'node:buffer';
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import {
  caseLibraryNames,
  cecListRows,
  findCecRecord,
  LibraryLookupError,
  LibraryParseError,
  parseCecInverterLibrary,
  parseCecModuleLibrary,
  parseWeather,
  type CaseLibraries,
  type CecInverterRecord,
  type CecLibrary,
  type CecModuleRecord,
  type WeatherData,
} from '@sunfield/engine';
import { sharedDir } from '../../../../../scripts/sharedDir.ts';
import { utf8Text } from '../../lib/utf8Text.ts';
import { cachedInput } from './inputCache.ts';

/** A case read from disk, with everything it needs parsed. */
export interface LoadedCase {
  caseFile: string;
  caseJson: Record<string, unknown>;
  weatherFile: string;
  weather: WeatherData;
  libraries: CaseLibraries;
  /** milliseconds spent reading and parsing: case, weather, libraries */
  timings: { weather: number; libraries: number };
}

/** A problem with the input files, reported without a stack trace. */
export class InputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InputError';
  }
}

/** @internal The weather path: `--weather`, else the case's `weather.file` relative to the case file, else the same name in the shared data directory. */
function weatherPath(
  caseFile: string,
  caseJson: Record<string, unknown>,
  override: string | undefined,
  data: string,
): string {
  if (override !== undefined) return path.resolve(override);
  const w = caseJson.weather as { file?: unknown } | undefined;
  if (typeof w?.file !== 'string')
    throw new InputError('no weather file: give weather.file in the case or --weather FILE');
  const beside = path.resolve(path.dirname(caseFile), w.file);
  if (fs.existsSync(beside)) return beside;
  const shared = path.join(data, path.basename(w.file));
  if (fs.existsSync(shared)) return shared;
  throw new InputError(`weather file not found: ${beside} (nor ${shared})`);
}

/**
 * @internal The text of a file's bytes: UTF-8 without its byte-order mark when they are valid UTF-8
 * (lib/utf8Text.ts), else Windows-1252 (WHATWG's "latin1", some weather files).
 */
function decodeText(bytes: Buffer): string {
  return utf8Text(bytes) ?? new TextDecoder('latin1').decode(bytes);
}

/** @internal Reads a file as text ({@link decodeText}). */
function readText(file: string): string {
  return decodeText(fs.readFileSync(file));
}

type AnyLibrary = CecLibrary<CecModuleRecord> | CecLibrary<CecInverterRecord>;

/**
 * A CEC list as read once per process: its bytes, whether they are UTF-8, their Latin-1 view (each
 * byte one character; the byte-order mark left out) and, once something needs the whole list, its
 * text.
 *
 * Why a Latin-1 view: the list is 3.8 MB with accented names, so as UTF-8 it decodes to a two-byte
 * string (the fatal decode took 30-37 ms of a ~380 ms hourly `simulate`); its Latin-1 view is a copy
 * of the bytes into a one-byte string (~12 ms) and is enough to pick the rows of a few names
 * ({@link pickRows}).
 */
interface ListBytes {
  bytes: Buffer;
  utf8: boolean;
  view: string;
  text?: string;
}

const listCache = new Map<string, ListBytes>();

/** @internal Where a CEC list named in a case is: by its name, in the shared data directory. */
const listPath = (data: string, file: string): string => path.join(data, path.basename(file));

/** @internal A CEC list from the shared data directory, read once per process. */
function listBytes(data: string, file: string, kind: 'module' | 'inverter'): ListBytes {
  const full = listPath(data, file);
  let list = listCache.get(full);
  if (list === undefined) {
    if (!fs.existsSync(full))
      throw new InputError(`CEC ${kind} list not found: ${full} (set SUNFIELD_SHARED_DIR)`);
    const bytes = fs.readFileSync(full);
    const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
    const utf8 = isUtf8(bytes);
    list = { bytes, utf8, view: utf8 ? bytes.toString('latin1', bom) : '' };
    listCache.set(full, list);
  }
  return list;
}

/** @internal A CEC list's whole text. */
function listText(data: string, file: string, kind: 'module' | 'inverter'): string {
  const list = listBytes(data, file, kind);
  list.text ??= decodeText(list.bytes);
  return list.text;
}

/** A name as its UTF-8 bytes read one byte to a character, as in a list's Latin-1 view. */
const latin1View = (name: string): string => Buffer.from(name, 'utf8').toString('latin1');

/**
 * @internal The header lines and the rows of some names (engine `cecListRows`), picked in the list's
 * Latin-1 view with the names in the same view and decoded as UTF-8 afterwards: the normalising
 * that `cecListRows` compares by touches ASCII characters only, which are the same bytes in both.
 * A name whose row the view misses (one ending in non-ASCII white space, which `trim` removes from
 * the text but not from its view) finds no row here and is looked up in the whole list.
 */
function pickRows(data: string, file: string, kind: 'module' | 'inverter', names: Set<string>): string {
  return cachedInput(
    'cec-rows',
    [listPath(data, file)],
    JSON.stringify([kind, ...[...names].sort()]),
    () => {
      const list = listBytes(data, file, kind);
      if (!list.utf8) return cecListRows(listText(data, file, kind), names);
      const rows = cecListRows(list.view, [...names].map(latin1View));
      return Buffer.from(rows, 'latin1').toString('utf8');
    },
    (rows) => Buffer.from(rows, 'utf8'),
    (bytes) => bytes.toString('utf8'),
  );
}

/** @internal Parses a CEC list's text (whole, or the rows `cecListRows` kept). */
function parseList(text: string, file: string, kind: 'module' | 'inverter'): AnyLibrary {
  return kind === 'module' ? parseCecModuleLibrary(text, file) : parseCecInverterLibrary(text, file);
}

/** @internal Whether the name is found (uniquely) in the list. */
function finds(lib: AnyLibrary | undefined, name: string): boolean {
  if (!lib) return false;
  try {
    findCecRecord(lib as CecLibrary<CecModuleRecord | CecInverterRecord>, name);
    return true;
  } catch (e) {
    if (e instanceof LibraryLookupError) return false;
    throw e;
  }
}

/**
 * @internal The CEC lists a case needs, each parsed to the rows of the names the case gives
 * (`cecListRows`: the module list is 3.8 MB, and the case needs one row of it). A name found in none
 * of its lists has its lists parsed whole, so that the engine's message suggests the closest names
 * as before; an ambiguous name is as ambiguous in the rows as in the list.
 */
function caseLists(caseJson: Record<string, unknown>, data: string): CaseLibraries {
  const entries = caseLibraryNames(caseJson);
  const wanted = new Map<string, { kind: 'module' | 'inverter'; names: Set<string> }>();
  for (const e of entries)
    for (const f of e.files) {
      const key = `${e.kind}:${f}`;
      const w = wanted.get(key) ?? { kind: e.kind, names: new Set<string>() };
      w.names.add(e.name);
      wanted.set(key, w);
    }
  const lists = new Map<string, AnyLibrary>();
  for (const [key, w] of wanted) {
    const file = key.slice(w.kind.length + 1);
    try {
      lists.set(key, parseList(pickRows(data, file, w.kind, w.names), file, w.kind));
    } catch (e) {
      // No row of these names (or an unreadable list): the whole list answers as it always did.
      if (!(e instanceof LibraryParseError)) throw e;
      lists.set(key, parseList(listText(data, file, w.kind), file, w.kind));
    }
  }
  for (const e of entries)
    if (!e.files.some((f) => finds(lists.get(`${e.kind}:${f}`), e.name)))
      for (const f of e.files) lists.set(`${e.kind}:${f}`, parseList(listText(data, f, e.kind), f, e.kind));
  const modules = new Map<string, CecLibrary<CecModuleRecord>>();
  const inverters = new Map<string, CecLibrary<CecInverterRecord>>();
  for (const [key, lib] of lists) {
    if (key.startsWith('module:'))
      modules.set(key.slice('module:'.length), lib as CecLibrary<CecModuleRecord>);
    else inverters.set(key.slice('inverter:'.length), lib as CecLibrary<CecInverterRecord>);
  }
  return { modules, inverters };
}

/**
 * Reads a case, its weather and the CEC lists it refers to.
 * @param caseFile path of CASE.json
 * @param opts `weather`: a weather file replacing the case's; `env` for `SUNFIELD_SHARED_DIR`
 * @returns the parsed inputs
 * @throws InputError for a missing or unreadable file; the weather parser's `WeatherParseError`
 */
export function loadCase(
  caseFile: string,
  opts: { weather?: string; env?: NodeJS.ProcessEnv } = {},
): LoadedCase {
  const file = path.resolve(caseFile);
  if (!fs.existsSync(file)) throw new InputError(`case file not found: ${file}`);
  let caseJson: Record<string, unknown>;
  try {
    caseJson = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch (e) {
    throw new InputError(`${file}: not valid JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  if (caseJson === null || typeof caseJson !== 'object' || Array.isArray(caseJson))
    throw new InputError(`${file}: the case must be a JSON object`);
  const data = path.join(sharedDir(opts.env), 'data');
  const weatherFile = weatherPath(file, caseJson, opts.weather, data);
  if (!fs.existsSync(weatherFile)) throw new InputError(`weather file not found: ${weatherFile}`);
  const t0 = performance.now();
  const weather = cachedInput(
    'weather',
    [weatherFile],
    '',
    () => parseWeather(readText(weatherFile)),
    (w) => v8.serialize(w),
    (bytes) => v8.deserialize(bytes) as WeatherData,
  );
  const t1 = performance.now();
  const libraries = caseLists(caseJson, data);
  const t2 = performance.now();
  return {
    caseFile: file,
    caseJson,
    weatherFile,
    weather,
    libraries,
    timings: { weather: t1 - t0, libraries: t2 - t1 },
  };
}
