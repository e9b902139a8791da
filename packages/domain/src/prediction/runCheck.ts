/**
 * What must hold before a prediction can run (spec 1 §4 "Running", spec 4 §1 Run): a weather file, a
 * plant with at least one DC field, a module and an inverter the user may use on every DC field and
 * inverter, and strings whose length fits the inverter's voltage window at the site's 50-year minimum
 * and 99.6 % cooling design temperatures (at 25 °C cells when the prediction has none). The answer is a `modelState`: keys name the field
 * (`powerPlant.blocks.0.arrays.0.inverters.0.dcFields.0.modulesWiredInSeries`), messages start with the
 * node's label ("Block 1 › Array 1 › Inverter A › DC Field 1") so a user knows where to look.
 */
import { formatNumber } from '../format.ts';
import { moduleVoltages, type StringSizingModule } from '../plant/moduleVoltage.ts';
import {
  seriesStringLimits,
  seriesStringProblem,
  STRING_SIZING_IRRADIANCE,
  type StringSizingThermal,
} from '../plant/stringWindow.ts';
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
  stcAboveMaximum: (label: string, n: number, voc: number, max: number) =>
    `${label}: Modules wired in series (${n}) exceeds the inverter window: at 25 °C cells the string ` +
    `open-circuit voltage would be ${formatNumber(n * voc)} V, above the inverter maximum voltage of ` +
    `${formatNumber(max)} V (the prediction has no site design temperatures: set min50Year and cool996).`,
  stcBelowMinimum: (label: string, n: number, vmp: number, min: number) =>
    `${label}: Modules wired in series (${n}) is below the inverter window: at 25 °C cells the string MPP ` +
    `voltage would be ${formatNumber(n * vmp)} V, below the inverter minimum voltage of ${formatNumber(min)} V ` +
    `(the prediction has no site design temperatures: set min50Year and cool996).`,
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
    if (!module || maxV === undefined || minV === undefined) return;
    if (min50 === undefined || cool === undefined) {
      // Without the site's design temperatures, at least the window at 25 °C cells (STC): a string
      // outside it is outside at any temperature the site will see on one side or the other.
      const stc = moduleVoltages(
        { tempCell: 25, irradiance: STRING_SIZING_IRRADIANCE },
        module as StringSizingModule,
      );
      if (stc.voc > 0 && series * stc.voc > maxV)
        add(`${key}.modulesWiredInSeries`, RUN_CHECK.stcAboveMaximum(label, series, stc.voc, maxV));
      else if (stc.vmp > 0 && series * stc.vmp < minV)
        add(`${key}.modulesWiredInSeries`, RUN_CHECK.stcBelowMinimum(label, series, stc.vmp, minV));
      return;
    }
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
