/**
 * Fixtures of the simulate tests: the CEC lists and the Greensboro TMY3 file of ../shared/data (read
 * once), the example cases of examples/, and the reference systems' hourly CSV.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  parseCecInverterLibrary,
  parseCecModuleLibrary,
  type CecInverterRecord,
  type CecLibrary,
  type CecModuleRecord,
} from '../src/library/cecCsv.ts';
import type { CaseLibraries } from '../src/simulate/libraryRefs.ts';
import { parseWeather } from '../src/weather/parseWeather.ts';
import type { WeatherData } from '../src/weather/types.ts';
import { SHARED_DIR } from './golden.ts';

export const MODULE_LIST = 'sam-library-cec-modules-2021-12-01.csv';
export const INVERTER_LIST_2019 = 'sam-library-cec-inverters-2019-03-05.csv';
export const INVERTER_LIST_2022 = 'sam-library-cec-inverters-2022-02-18.csv';

const read = (file: string) => fs.readFileSync(path.join(SHARED_DIR, 'data', file), 'utf8');

let modules: CecLibrary<CecModuleRecord> | undefined;
const inverters = new Map<string, CecLibrary<CecInverterRecord>>();

/** The CEC module list and both inverter lists, parsed once. */
export function cecLibraries(): CaseLibraries {
  modules ??= parseCecModuleLibrary(read(MODULE_LIST), MODULE_LIST);
  for (const f of [INVERTER_LIST_2019, INVERTER_LIST_2022])
    if (!inverters.has(f)) inverters.set(f, parseCecInverterLibrary(read(f), f));
  return { modules: new Map([[MODULE_LIST, modules]]), inverters };
}

let greensboro: WeatherData | undefined;
/** The Greensboro NC TMY3 year (723170TYA.CSV), parsed once. */
export function greensboroWeather(): WeatherData {
  greensboro ??= parseWeather(read('723170TYA.CSV'));
  return greensboro;
}

/** An example case of examples/ (parsed JSON, a fresh copy each call). */
export function exampleCase(name: string): Record<string, unknown> {
  const file = path.resolve(import.meta.dirname, '../../../examples', `${name}.json`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
}

/** A reference system's summary.json. */
export function referenceSummary(name: string): Record<string, number> {
  const file = path.join(SHARED_DIR, 'reference', 'systems', `${name}.summary.json`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, number>;
}

/**
 * A small inline case: one fixed DC field of CEC modules on one Sandia inverter, every model and loss
 * at its default unless `edit` changes it (a deep copy is edited).
 */
export function smallCase(edit?: (c: SmallCase) => void): SmallCase {
  const c: SmallCase = {
    project: { latitude: 36.1, longitude: -79.95, elevation: 273, timeZone: -5 },
    prediction: { directBeamShadingModel: 1 },
    powerPlant: {
      blocks: [
        {
          arrays: [
            {
              inverters: [
                {
                  inverter: { library: INVERTER_LIST_2019, name: 'SMA America: SB7.7-1SP-US-40 [240V]' },
                  dcFields: [
                    {
                      module: 'CSI Solar Co., Ltd. CS3U-400MS',
                      modulesWiredInSeries: 8,
                      numberOfSeriesStringsWiredInParallel: 2,
                      moduleTilt: 25,
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  };
  edit?.(c);
  return c;
}

/** The shape of {@link smallCase} (loose, for edits in tests). */
export interface SmallCase {
  project: Record<string, unknown>;
  prediction: Record<string, unknown>;
  powerPlant: {
    blocks: {
      repeater?: number;
      arrays: {
        repeater?: number;
        [k: string]: unknown;
        inverters: {
          repeater?: number;
          inverter: unknown;
          [k: string]: unknown;
          dcFields: Record<string, unknown>[];
        }[];
      }[];
      [k: string]: unknown;
    }[];
    [k: string]: unknown;
  };
  [k: string]: unknown;
}
