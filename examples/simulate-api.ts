/**
 * The engine's `simulate` called directly, without the CLI: reads an example case, its weather file and
 * the CEC lists it names, runs the simulation and prints the year's energies and a few columns.
 *
 *   node --import tsx examples/simulate-api.ts [examples/greensboro_tracker_cec.json]
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  caseLibraryFiles,
  parseCecInverterLibrary,
  parseCecModuleLibrary,
  parseWeather,
  simulate,
  type CaseLibraries,
} from '@sunfield/engine';
import { sharedDir } from '../scripts/sharedDir.ts';

const caseFile = path.resolve(
  process.argv[2] ?? path.join(import.meta.dirname, 'greensboro_tracker_cec.json'),
);
const caseJson = JSON.parse(fs.readFileSync(caseFile, 'utf8')) as { weather: { file: string } };
const data = path.join(sharedDir(), 'data');

// The engine reads no file: the caller reads the weather and the lists the case names.
const weather = parseWeather(
  fs.readFileSync(path.resolve(path.dirname(caseFile), caseJson.weather.file), 'utf8'),
);
const files = caseLibraryFiles(caseJson);
const libraries: CaseLibraries = {
  modules: new Map(
    files.modules.map((f) => [f, parseCecModuleLibrary(fs.readFileSync(path.join(data, f), 'utf8'), f)]),
  ),
  inverters: new Map(
    files.inverters.map((f) => [f, parseCecInverterLibrary(fs.readFileSync(path.join(data, f), 'utf8'), f)]),
  ),
};

const result = simulate(caseJson, weather, { libraries });
const year = result.years[0]!;
console.log(
  `${result.summary.predictionName}: DC ${(year.dcEnergy / 1000).toFixed(1)} kWh, AC ${(year.acEnergy / 1000).toFixed(1)} kWh`,
);
console.log(
  `PR ${year.summary.summaryFactors[0]!.performanceRatio.toFixed(2)} %, temperature loss ${year.summary.moduleTemperatureLoss.toFixed(2)} %`,
);

// Every stage is a column: the brightest hour of the year, from the optics chain to the point of interconnection.
const field = result.dcFields[0]!;
let best = 0;
for (let i = 0; i < result.length; i++)
  if (field.optics.poaGlobal[i]! > field.optics.poaGlobal[best]!) best = i;
console.log(
  `brightest hour ${new Date(result.time[best]!).toISOString()}: POA ${field.optics.poaGlobal[best]!.toFixed(1)} W/m², ` +
    `cell ${field.tempCell[best]!.toFixed(1)} °C, DC ${field.dcPower[best]!.toFixed(0)} W, ` +
    `AC ${result.plant.power[best]!.toFixed(0)} W`,
);
