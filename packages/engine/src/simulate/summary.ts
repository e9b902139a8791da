/**
 * The result summary of a simulation in the shape of spec 3 `PredictionResultSummary`: the years and
 * sizes from `results/summary.ts` (`predictionResultSummaryYear`, `predictionResultSummaryFields`: loss
 * tree, monthly sums, summary factors per P-value, uncertainty terms, with their units), plus what the
 * case knows: model names, the project, the weather, the modules and the inverters. Ids, users,
 * reports, the batch and financial parts are the server's and are left out.
 */
import { SpectralShiftModel } from '../chain/choices.ts';
import { degradationFromPrediction } from '../lifetime/degradation.ts';
import { predictionResultSummaryFields } from '../results/summary.ts';
import type { PredictionResultSummaryYear } from '../results/summaryTypes.ts';
import { MS_PER_HOUR } from '../time/calendar.ts';
import type { DcFieldResult } from './dcField.ts';
import { CircumsolarTreatmentType, enumName } from './enums.ts';
import type { ResolvedCase } from './resolveCase.ts';

/** Summary names of the transposition models (spec 3's Hay and Perez, the engine's 100–102). */
const TRANSPOSITION: Record<number, string> = {
  0: 'Hay',
  1: 'Perez',
  100: 'Isotropic',
  101: 'Reindl',
  102: 'Klucher',
};

/** Summary names of the cell-temperature models (spec 3's 0–3, the engine's 100–102). */
const TEMPERATURE: Record<number, string> = {
  0: 'Heat Balance',
  1: 'Sandia',
  2: 'NOCT',
  3: 'DC Field Defined',
  100: 'Faiman',
  101: 'PVsyst',
  102: 'Fuentes',
};

/**
 * The prediction's cell-temperature model; with 3 (DC-field defined) and a DC field on one of the
 * engine's models, the DC fields' distinct models follow in parentheses ("DC Field Defined (Fuentes)").
 */
function temperatureModelName(choice: number, fields: readonly DcFieldResult[]): string {
  const name = TEMPERATURE[choice] ?? '';
  if (choice !== 3) return name;
  const kinds = new Set(fields.map((f) => f.settings.temperatureModel));
  if (![...kinds].some((k) => k >= 100)) return name;
  return `${name} (${[...kinds].map((k) => TEMPERATURE[k] ?? String(k)).join(', ')})`;
}

/** Energies of one simulated year, and its `PredictionResultSummaryYear`. */
export interface YearEnergies {
  yearIndex: number;
  year: number;
  /** DC energy at the inverter inputs (after degradation) [Wh] */
  dcEnergy: number;
  /** signed AC energy at the point of interconnection (night consumption included) [Wh] */
  acEnergy: number;
  /** energy delivered (steps with P > 0) [Wh] */
  acEnergyPositive: number;
  /** GHI and front POA (transposed, before shading) irradiation [Wh/m²] */
  ghiInsolation: number;
  poaInsolation: number;
  /**
   * Energy at the point of interconnection by month and local standard hour of the step's middle,
   * `[(month − 1)·24 + hour]`, signed (night consumption included) [Wh]
   */
  monthHourEnergy: Float64Array;
  /** energy of one instance of each block, in the plant's block order, signed [Wh] */
  blockEnergy: number[];
  summary: PredictionResultSummaryYear;
}

/** spec 3 `PredictionResultSummary` as `simulate` fills it. */
export type ResultSummary = ReturnType<typeof predictionResultSummaryFields> & {
  predictionName: string;
  toolName: string;
  toolVersion: string;
  start: string;
  end: string;
  decompositionModel: string;
  transpositionModel: string;
  perezCoefficients: string;
  incModel: string;
  airMassModel: string;
  moduleTemperatureModel: string;
  circumsolarTreatment: string;
  directShadingModel: string;
  diffuseShadingModel: string;
  spectralShiftModel: string;
  useWeatherDNI: boolean;
  useMeteoPOAI: boolean;
  soilingModel: string;
  projectName: string;
  projectLat: number;
  projectLon: number;
  projectLatLon: string;
  projectElev: number;
  timeZone: number;
  weatherName: string;
  weatherGHI: number;
  weatherDHI: number;
  weatherDNI: number;
  moduleResultSummaries: {
    name: string;
    wattage: number;
    efficiency: number;
    faciality: string;
    bifacialityFactor: number;
  }[];
  inverterResultSummaries: { name: string; kWRating: number; kVARating: number; powerFactor: number }[];
  blockResultSummaries: BlockResultSummary[];
  trackingType: string;
  avgGCR: number;
  avgTiltAngle: number;
  avgAzimuth: number;
};

/**
 * spec 3 `BlockResultSummary` as the engine fills it: one instance of the block (its `repeater` says
 * how many the plant has), sizes in MW, averages weighted by DC rating, and per year the block's energy
 * at its arrays' outputs (after the array transformers and AC collection, before the plant's own
 * transformers, lines, availability and LGIA) [kWh]. The per-block loss tree is not computed.
 */
export interface BlockResultSummary {
  name: number;
  repeater: number;
  acSize: number;
  dcSize: number;
  numArrays: number;
  dcacRatio: number;
  trackingType: string;
  avgTiltAngle: number;
  avgAzimuth: number;
  avgGCR: number;
  energizationDate: string | null;
  years: { year: number; yearIndex: number; yearIndexString: string; totalEnergy: number }[];
}

const DECOMPOSITION = ['Erbs', 'Reindl', 'DIRINT', 'None'];
const TRACKING = ['Fixed Tilt', 'Horizontal Tracker', 'Seasonal Tilt'];
const INC: Record<number, string> = {
  2: 'Sandia',
  3: 'ASHRAE',
  4: 'None',
  5: 'Tabular IAM',
  6: 'Physical IAM',
};
const SHADING: Record<number, string> = {
  0: 'Linear',
  1: 'None',
  3: 'Fractional Electrical Shading',
  5: 'Module File Defined Shading',
  6: 'Step Fractional Electrical Shading',
};

/** ISO local standard time without offset ("2026-01-01T01:00:00"), as the API writes dates. */
export function isoLocal(t: number, utcOffsetHours: number): string {
  return new Date(t + utcOffsetHours * MS_PER_HOUR).toISOString().slice(0, 19);
}

/**
 * Builds the summary.
 * @param rc the resolved case
 * @param years the simulated years
 * @param x first and last timestamps [ms], weather name, the distinct DC fields, the irradiation
 * @returns the summary (plain JSON)
 */
export function buildSummary(
  rc: ResolvedCase,
  years: readonly YearEnergies[],
  x: {
    start: number;
    end: number;
    weatherName: string;
    dcFields: readonly DcFieldResult[];
    /** GHI, DNI, DHI used, summed over the first year [Wh/m²] */
    irradiation: { ghi: number; dni: number; dhi: number };
  },
): ResultSummary {
  const p = rc.prediction;
  const plant = rc.plant;
  const u = p.uncertainty;
  const fields = x.dcFields;
  const weight = (d: DcFieldResult) => (d.instances * d.settings.dcCapacity) / plant.dcCapacity;
  const types = new Set(fields.map((d) => d.settings.geometry.mounting.type));
  const modules = new Map<string, DcFieldResult['settings']['module']>();
  for (const d of fields) modules.set(d.settings.module.name, d.settings.module);
  const inverters = new Map<
    string,
    { name: string; kWRating: number; kVARating: number; powerFactor: number }
  >();
  let numArrays = 0;
  for (const b of plant.blocks)
    for (const a of b.arrays) {
      numArrays += b.repeater * a.repeater;
      for (const i of a.inverters)
        inverters.set(i.inverterName, {
          name: i.inverterName,
          kWRating: i.acRating / 1000,
          kVARating: i.apparentPower / 1000,
          powerFactor: i.params.powerFactor ?? 1,
        });
    }
  const mean = (f: (d: DcFieldResult) => number) => fields.reduce((s, d) => s + weight(d) * f(d), 0);
  const tilt = (d: DcFieldResult) => {
    const m = d.settings.geometry.mounting;
    return m.type === 0 ? m.surfaceTilt : m.type === 2 ? m.monthlyTilt.reduce((a, b) => a + b, 0) / 12 : 0;
  };
  const azimuth = (d: DcFieldResult) => {
    const m = d.settings.geometry.mounting;
    return m.type === 1 ? m.axisAzimuth : m.surfaceAzimuth;
  };
  const blockResultSummaries: BlockResultSummary[] = plant.blocks.map((b, k) => {
    const mine = fields.filter((f) => f.paths.some((q) => q.startsWith(`${b.path}.`)));
    let dc = 0;
    for (const f of mine)
      dc += f.paths.filter((q) => q.startsWith(`${b.path}.`)).length * f.settings.dcCapacity;
    const share = (f: DcFieldResult) =>
      dc > 0 ? (f.paths.filter((q) => q.startsWith(`${b.path}.`)).length * f.settings.dcCapacity) / dc : 0;
    const avg = (g: (f: DcFieldResult) => number) => mine.reduce((a, f) => a + share(f) * g(f), 0);
    const ac = b.arrays.reduce((a, arr) => a + arr.repeater * arr.acRating, 0);
    const kinds = new Set(mine.map((f) => f.settings.geometry.mounting.type));
    return {
      name: Number.isFinite(Number(b.name)) ? Number(b.name) : k + 1,
      repeater: b.repeater,
      acSize: ac / 1e6,
      dcSize: b.arrays.reduce((a, arr) => a + arr.repeater * arr.dcCapacity, 0) / 1e6,
      numArrays: b.arrays.reduce((a, arr) => a + arr.repeater, 0),
      dcacRatio: ac > 0 ? b.arrays.reduce((a, arr) => a + arr.repeater * arr.dcCapacity, 0) / ac : 0,
      trackingType: kinds.size === 1 ? (TRACKING[[...kinds][0]!] ?? '') : 'Mixed',
      avgTiltAngle: avg(tilt),
      avgAzimuth: avg(azimuth),
      avgGCR: avg((f) => f.settings.groundCoverageRatio ?? 0),
      energizationDate: b.energization !== undefined ? isoLocal(b.energization, rc.project.timeZone) : null,
      years: years.map((y) => ({
        year: y.year,
        yearIndex: y.yearIndex,
        yearIndexString: `Year ${y.yearIndex}`,
        totalEnergy: (y.blockEnergy[k] ?? 0) / 1000,
      })),
    };
  });
  const d = p.degradation;
  const { latitude, longitude } = rc.project;
  return {
    predictionName: p.name,
    toolName: 'Sunfield',
    toolVersion: '0.1.0',
    start: isoLocal(x.start, rc.project.timeZone),
    end: isoLocal(x.end, rc.project.timeZone),
    decompositionModel: p.useMeteoPOAI ? 'GTI-DIRINT' : (DECOMPOSITION[p.decompositionModel] ?? ''),
    transpositionModel: TRANSPOSITION[p.transposition.model] ?? '',
    perezCoefficients: p.transposition.model === 1 ? p.transposition.coefficients : '',
    incModel: INC[p.incAngleModel] ?? '',
    airMassModel: p.airMass === 0 ? 'Bird-Hulstrom' : 'Kasten-Sandia',
    moduleTemperatureModel: temperatureModelName(p.modTempModel, fields),
    circumsolarTreatment: enumName(CircumsolarTreatmentType, p.circumsolar),
    directShadingModel: SHADING[p.directBeamShadingModel] ?? '',
    diffuseShadingModel: p.diffuseShadingModel === 1 ? 'Schaar-Panchula' : 'None',
    spectralShiftModel: enumName(SpectralShiftModel, p.spectralShiftModel),
    useWeatherDNI: p.decompositionModel === 3,
    useMeteoPOAI: p.useMeteoPOAI,
    soilingModel: ['Constant Monthly', 'Weather File', 'None'][p.soilingModel] ?? '',
    projectName: rc.project.name,
    projectLat: latitude,
    projectLon: longitude,
    projectLatLon: `${latitude}, ${longitude}`,
    projectElev: rc.project.elevation,
    timeZone: rc.project.timeZone,
    weatherName: x.weatherName,
    weatherGHI: x.irradiation.ghi / 1000,
    weatherDHI: x.irradiation.dhi / 1000,
    weatherDNI: x.irradiation.dni / 1000,
    moduleResultSummaries: [...modules.values()].map((m) => ({
      name: m.name,
      wattage: m.stc.pmp,
      efficiency: 100 * m.efficiency,
      faciality: m.bifacial ? 'Bifacial' : 'Monofacial',
      bifacialityFactor: m.bifacial?.bifacialityFactor ?? 0,
    })),
    inverterResultSummaries: [...inverters.values()],
    blockResultSummaries,
    trackingType: types.size === 1 ? (TRACKING[[...types][0]!] ?? '') : 'Mixed',
    avgGCR: mean((f) => f.settings.groundCoverageRatio ?? 0),
    avgTiltAngle: mean(tilt),
    avgAzimuth: mean(azimuth),
    ...predictionResultSummaryFields({
      years: years.map((y) => y.summary),
      degradation: degradationFromPrediction({
        degradationModel: d.model,
        linearDegradationRate: d.linearRate,
        firstYearDegradation: d.firstYear,
        nonLinearDegradationRates: d.nonLinearRates,
      }),
      linearDegradationRate: d.linearRate,
      nonLinearDegradationRates: d.nonLinearRates,
      letidRates: d.leTidRates.length > 0 ? d.leTidRates : null,
      uncertainty: {
        errorSpaVar: u.spaVar,
        errorModelAcc: u.modelAcc,
        errorIntAnnVar: u.intAnnVar,
        errorSensAcc: u.sensAcc,
        errorMonAcc: u.monAcc,
      },
      dcCapacity: plant.dcCapacity,
      acCapacity: plant.acCapacity,
      numArrays,
      lgiaLimit: plant.lgiaLimit ?? null,
      availabilityLoss: plant.availabilityLoss,
      powerFactor: plant.powerFactor,
      hasESSSystem: plant.ess !== undefined,
      hasBifacial: fields.some((f) => f.settings.module.bifacial !== undefined),
    }),
  };
}
