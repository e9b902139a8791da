/**
 * File side of `sunfield simulate`: the case file, its weather file and the CEC lists it names, read
 * from disk and parsed (the engine itself reads no file).
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  caseLibraryFiles,
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

/** @internal Reads a file as text; ISO-8859-1 when it is not valid UTF-8 (some weather files). */
function readText(file: string): string {
  const bytes = fs.readFileSync(file);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
}

const libraryCache = new Map<string, CecLibrary<CecModuleRecord> | CecLibrary<CecInverterRecord>>();

/** @internal A CEC list of the shared data directory, parsed once per process. */
function library(data: string, file: string, kind: 'module' | 'inverter') {
  const key = `${kind}:${path.join(data, file)}`;
  let lib = libraryCache.get(key);
  if (!lib) {
    const full = path.join(data, path.basename(file));
    if (!fs.existsSync(full))
      throw new InputError(`CEC ${kind} list not found: ${full} (set SUNFIELD_SHARED_DIR)`);
    const text = readText(full);
    lib = kind === 'module' ? parseCecModuleLibrary(text, file) : parseCecInverterLibrary(text, file);
    libraryCache.set(key, lib);
  }
  return lib;
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
  const weather = parseWeather(readText(weatherFile));
  const t1 = performance.now();
  const needed = caseLibraryFiles(caseJson);
  const libraries: CaseLibraries = {
    modules: new Map(
      needed.modules.map((f) => [f, library(data, f, 'module') as CecLibrary<CecModuleRecord>]),
    ),
    inverters: new Map(
      needed.inverters.map((f) => [f, library(data, f, 'inverter') as CecLibrary<CecInverterRecord>]),
    ),
  };
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
