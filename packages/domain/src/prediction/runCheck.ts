/**
 * What must hold before a prediction can run (spec 1 §4 "Running", spec 4 §1 Run): a weather file, a
 * plant with at least one DC field, a module and an inverter the user may use on every DC field and
 * inverter, and strings whose length fits the inverter's voltage window at the site's 50-year minimum
 * and 99.6 % cooling design temperatures. The answer is a `modelState`: keys name the field
 * (`powerPlant.blocks.0.arrays.0.inverters.0.dcFields.0.modulesWiredInSeries`), messages start with the
 * node's label ("Block 1 › Array 1 › Inverter A › DC Field 1") so a user knows where to look.
 */
import type { StringSizingModule } from '../plant/moduleVoltage.ts';
import { seriesStringLimits, seriesStringProblem, type StringSizingThermal } from '../plant/stringWindow.ts';
import { finiteNumber, walkPlant } from './plantTree.ts';

type Json = Record<string, unknown>;

export const RUN_CHECK = {
  noWeather: 'Choose a weather file for the prediction before running it.',
  weatherGone: 'The weather file of the prediction no longer exists or is not shared with you.',
  noPlant: 'The prediction has no power plant: build one before running it.',
  noDcFields: 'The power plant has no DC fields.',
  noModule: (label: string) => `${label}: choose a module.`,
  moduleGone: (label: string, id: number) =>
    `${label}: the module (id ${id}) no longer exists or is not shared with you.`,
  noInverter: (label: string) => `${label}: choose an inverter.`,
  inverterGone: (label: string, id: number) =>
    `${label}: the inverter (id ${id}) no longer exists or is not shared with you.`,
  noSeries: (label: string) => `${label}: modules wired in series must be a whole number of at least 1.`,
} as const;

export interface RunCheckInput {
  /** the prediction's weather id, and whether that weather can be read */
  weatherId: number | null | undefined;
  weatherFound: boolean;
  /** the stored plant, or undefined */
  plant: Json | undefined;
  /** library records the user may use, by id */
  modules: ReadonlyMap<number, Json>;
  inverters: ReadonlyMap<number, Json>;
  /** the prediction's site temperatures [°C] */
  site: { min50Year?: number | null; cool996?: number | null };
}

/** The problems that stop a run, by field; empty when it can run. */
export function runCheck(x: RunCheckInput): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (key: string, message: string) => (errors[key] ??= []).push(message);
  if (x.weatherId === null || x.weatherId === undefined) add('weatherId', RUN_CHECK.noWeather);
  else if (!x.weatherFound) add('weatherId', RUN_CHECK.weatherGone);
  if (!x.plant) {
    add('powerPlant', RUN_CHECK.noPlant);
    return errors;
  }
  let fields = 0;
  const min50 = finiteNumber(x.site.min50Year);
  const cool = finiteNumber(x.site.cool996);
  walkPlant(x.plant, ({ level, node, path, label, ancestors }) => {
    const key = `powerPlant.${path}`;
    if (level === 'inverter') {
      const id = finiteNumber(node.inverterId);
      if (id === undefined) add(`${key}.inverterId`, RUN_CHECK.noInverter(label));
      else if (!x.inverters.has(id)) add(`${key}.inverterId`, RUN_CHECK.inverterGone(label, id));
      return;
    }
    if (level !== 'dcField') return;
    fields++;
    const moduleId = finiteNumber(node.moduleId);
    const module = moduleId !== undefined ? x.modules.get(moduleId) : undefined;
    if (moduleId === undefined) add(`${key}.moduleId`, RUN_CHECK.noModule(label));
    else if (!module) add(`${key}.moduleId`, RUN_CHECK.moduleGone(label, moduleId));
    const series = finiteNumber(node.modulesWiredInSeries);
    if (series === undefined || series < 1 || !Number.isInteger(series)) {
      add(`${key}.modulesWiredInSeries`, RUN_CHECK.noSeries(label));
      return;
    }
    const inverterId = finiteNumber(ancestors[2]?.inverterId);
    const inverter = inverterId !== undefined ? x.inverters.get(inverterId) : undefined;
    const maxV = finiteNumber(inverter?.maxAbsoluteVoltage);
    const minV = finiteNumber(inverter?.minVoltage);
    if (!module || min50 === undefined || cool === undefined || maxV === undefined || minV === undefined)
      return;
    const limits = seriesStringLimits({
      site: { min50Year: min50, cool996: cool },
      inverter: { maxAbsoluteVoltage: maxV, minVoltage: minV },
      module: module as StringSizingModule,
      thermal: node as StringSizingThermal,
    });
    const problem = seriesStringProblem({ modulesWiredInSeries: series, limits });
    if (problem) add(`${key}.modulesWiredInSeries`, `${label}: ${problem.message}`);
  });
  if (fields === 0) add('powerPlant', RUN_CHECK.noDcFields);
  return errors;
}
