/**
 * `simulate(case, weather, options)`: a whole plant over a weather series, for every simulated year
 * (spec 4 §2 "Calculation chain"). Each distinct optics set-up runs the optics chain once, each distinct
 * DC field its temperature and diode model once, each distinct inverter and array once per year and
 * lifetime; the plant multiplies them by the repeaters (block → array → inverter → DC field). The result
 * keeps every stage as columns per node (first year) and the loss tree and energies of every year.
 */
import {
  identicalOpticsColumns,
  runOptics,
  sharedOpticsColumns,
  type SharedOpticsSource,
} from '../chain/optics.ts';
import { allocateOpticsWithScratch, opticsResult, type OpticsResult } from '../chain/opticsSeries.ts';
import { prepareOptics, workColumns } from '../chain/prepareOptics.ts';
import { prepareYearRepeater, yearStartInstant } from '../lifetime/yearRepeater.ts';
import {
  accumulateLossTree,
  createLossTree,
  lossTreeEnergies,
  resetLossTree,
  type LossTreeColumns,
} from '../results/lossTree.ts';
import { predictionResultSummaryYear } from '../results/summary.ts';
import { civilFromDays, MS_PER_DAY, MS_PER_HOUR } from '../time/calendar.ts';
import { midIntervalShiftMs } from '../time/weatherTimestamps.ts';
import type { WeatherData } from '../weather/types.ts';
import {
  evaluateDcField,
  evaluateModule,
  moduleKey,
  type DcFieldResult,
  type ModuleAt25,
  type ModuleColumns,
} from './dcField.ts';
import type { CaseLibraries } from './libraryRefs.ts';
import type { ArrayResult, InverterResult } from './nodes.ts';
import { resolveCase, type ResolvedCase } from './resolveCase.ts';
import { resultColumn, Scratch, zeroColumn } from './scratch.ts';
import { plantStages, type PlantStages } from './stages.ts';
import { buildSummary, type ResultSummary, type YearEnergies } from './summary.ts';
import { prepareWeather, type SimulationWeather } from './weatherInput.ts';
import { YearRunner, type BlockResult, type PlantYearColumns } from './year.ts';

/** Options of {@link simulate}. */
export interface SimulateOptions {
  /** parsed CEC lists for modules and inverters given by name (see `caseLibraryFiles`) */
  libraries?: CaseLibraries;
  /** weather name for the summary */
  weatherName?: string;
  /**
   * Called as the work advances: after each DC field's optics, then after each DC field's module
   * model, and after each simulated year, with the fraction done (0–1) and the stage. The optics take
   * the first quarter of the work, the modules the second and the years the rest, split evenly (a
   * rough but monotonic measure).
   */
  onProgress?: (fraction: number, stage: 'dcFields' | 'years') => void;
  /**
   * An earlier result that the caller is done with: this simulation may take its columns for its own
   * result and overwrite them (`scratch.ts`; `sunfield simulate --repeat`). The earlier result must not
   * be read afterwards. Each result is recycled at most once; a result of another length gives nothing.
   */
  recycle?: SimulationResult;
}

/** The result of a simulation: the case as resolved, the weather, every stage per node, every year. */
export interface SimulationResult {
  readonly case: ResolvedCase;
  readonly weather: SimulationWeather;
  /** number of steps of a year and their length [h] */
  readonly length: number;
  readonly stepHours: number;
  /** timestamps of the steps as the weather file defines them (typical years in `coercedYear`) [ms] */
  readonly time: Float64Array;
  /** local standard time hour 0–23 of each step's middle */
  readonly hour: Uint8Array;
  /** distinct DC fields, with their optics, temperature and DC columns (one instance each) */
  readonly dcFields: readonly DcFieldResult[];
  /** the first simulated year: distinct inverters and arrays (one instance each), blocks, plant */
  readonly inverters: readonly InverterResult[];
  readonly arrays: readonly ArrayResult[];
  readonly blocks: readonly BlockResult[];
  readonly plant: PlantYearColumns;
  /** plant-level stage columns up to the DC outputs (year-independent) */
  readonly stages: PlantStages;
  /** energies and loss tree of every simulated year */
  readonly years: readonly YearEnergies[];
  /** the spec 3 `PredictionResultSummary` */
  readonly summary: ResultSummary;
  readonly warnings: readonly string[];
  readonly defaultsApplied: readonly string[];
}

/**
 * @internal Σ of a column. The loops over steps are in helpers like this one, not in `simulate`
 * itself: a loop makes its function hot, and optimising `simulate` with everything it inlines cost
 * V8 100-170 ms of compilation, twice, within the first ten runs (issue 17, warm-up).
 */
function sumColumn(c: Float64Array): number {
  let s = 0;
  for (let i = 0; i < c.length; i++) s += c[i]!;
  return s;
}

/** @internal Energy per month × local hour [Wh] (12·24, month-major) of a power column [W]. */
function monthHourSums(
  power: Float64Array,
  month: Uint8Array,
  hour: Uint8Array,
  stepHours: number,
): Float64Array {
  const out = new Float64Array(12 * 24);
  for (let i = 0; i < power.length; i++) {
    const m = month[i]!;
    if (m >= 1 && m <= 12) out[(m - 1) * 24 + hour[i]!]! += power[i]! * stepHours;
  }
  return out;
}

/**
 * @internal The loss tree's columns of a year: the plant stages up to the DC outputs and the year's
 * AC columns. One object literal, so that every year and every simulation passes `accumulateLossTree`
 * objects of one shape (a spread of the two made a new one each time, and its optimised code was
 * thrown away at every call: issue 17, warm-up).
 */
function lossTreeColumns(s: PlantStages, p: PlantYearColumns): LossTreeColumns {
  const ess = p.ess?.stages;
  return {
    month: s.month,
    ghi: s.ghi,
    poa: s.poa,
    poaAfterFarShading: s.poaAfterFarShading,
    poaAfterNearShading: s.poaAfterNearShading,
    poaAfterElectricalShading: s.poaAfterElectricalShading,
    poaAfterSoiling: s.poaAfterSoiling,
    poaAfterIam: s.poaAfterIam,
    poaAfterSpectral: s.poaAfterSpectral,
    rearIrradiance: s.rearIrradiance,
    rearAfterStructureShading: s.rearAfterStructureShading,
    rearAfterBackMismatch: s.rearAfterBackMismatch,
    rearEffective: s.rearEffective,
    dcAfterIrradiance: s.dcAfterIrradiance,
    dcAfterTemperature: s.dcAfterTemperature,
    dcAfterQuality: s.dcAfterQuality,
    dcAfterLid: s.dcAfterLid,
    dcAfterMismatch: s.dcAfterMismatch,
    dcAfterWiring: s.dcAfterWiring,
    dcAfterHealth: s.dcAfterHealth,
    dcAfterDegradation: p.dcAfterDegradation,
    dcAfterLetid: p.dcAfterLetid,
    acInverterOutput: p.acInverterOutput,
    acAfterLimitation: p.acAfterLimitation,
    acAfterDegradation: p.acAfterDegradation,
    acAfterLetid: p.acAfterLetid,
    acAfterCooling: p.acAfterCooling,
    acAfterTrackerMotors: p.acAfterTrackerMotors,
    acAfterAuxiliary: p.acAfterAuxiliary,
    acAfterMvTransformers: p.acAfterMvTransformers,
    acAfterCollection: p.acAfterCollection,
    plantElements: p.plantElements,
    acAfterAvailability: p.acAfterAvailability,
    acAfterLgia: p.acAfterLgia,
    acAfterEssRoundTrip: ess?.[0],
    acAfterEssInverter: ess?.[1],
    acAfterEssMvTransformers: ess?.[2],
    acAfterEssHvac: ess?.[3],
    moduleShortCircuitCurrent: s.moduleShortCircuitCurrent,
  };
}

/**
 * @internal The run's warnings: the case's, the weather file's lines, the weather preparation's. Out
 * of `simulate`, whose optimised code a warning list of another shape threw away at its end.
 */
function runWarnings(
  fromCase: readonly string[],
  fromFile: WeatherData['warnings'],
  fromWeather: readonly string[],
): readonly string[] {
  const out = [...fromCase];
  for (const x of fromFile) out.push(`weather line ${x.line}: ${x.message}`);
  out.push(...fromWeather);
  return Object.freeze(out);
}

/** @internal Local-standard-time hour of each step's middle. */
function hours(time: Float64Array, shift: number, utcOffsetHours: number): Uint8Array {
  const out = new Uint8Array(time.length);
  const off = utcOffsetHours * MS_PER_HOUR + shift;
  for (let i = 0; i < time.length; i++) {
    const t = time[i]! + off;
    out[i] = Math.floor((t - Math.floor(t / MS_PER_DAY) * MS_PER_DAY) / MS_PER_HOUR);
  }
  return out;
}

/**
 * Simulates a plant.
 *
 * Steps (spec 4 §2): the optics chain of each distinct DC field set-up (`runOptics`: sun, decomposition,
 * tracking, transposition, horizon, near shading, soiling, IAM, spectral, rear); per distinct DC field
 * the cell temperature, the DC loss factors, the module MPP with the wiring and the strings
 * (`evaluateDcField`); per year and block lifetime the inverters and arrays (`YearRunner`); the plant's
 * transformers and lines, availability, LGIA and storage; the loss tree and the summary with P-values
 * (`results/`).
 *
 * @param caseModel the case (spec 3 names, see `SimulationCase`), unvalidated
 * @param weather the parsed weather file (`parseWeather`)
 * @param options parsed libraries and names
 * @returns the result (see {@link SimulationResult})
 * @throws CaseValidationError naming every invalid field; RangeError for unusable weather
 */
export function simulate(
  caseModel: unknown,
  weatherFile: WeatherData,
  options: SimulateOptions = {},
): SimulationResult {
  const scratch = Scratch.begin(options.recycle);
  try {
    const result = run(caseModel, weatherFile, options, scratch);
    scratch.keep(result);
    return result;
  } finally {
    scratch.end();
  }
}

/** @internal {@link simulate} with the scratch columns it lends (`scratch.ts`). */
function run(
  caseModel: unknown,
  weatherFile: WeatherData,
  options: SimulateOptions,
  scratch: Scratch,
): SimulationResult {
  const rc = resolveCase(caseModel, weatherFile, options.libraries ?? {});
  // The case's `weather.timestampDefinition` overrides what the reader assumed (issue 17).
  const weather =
    rc.timestampDefinition === weatherFile.meta.timestampDefinition
      ? weatherFile
      : { ...weatherFile, meta: { ...weatherFile.meta, timestampDefinition: rc.timestampDefinition } };
  const tz = rc.project.timeZone;
  const w = prepareWeather(weather, { utcOffsetHours: tz, coerceYear: rc.coerceYear });
  const n = w.time.length;
  if (n === 0) throw new RangeError('the weather has no records');
  const plant = rc.plant;
  // Distinct optics and DC fields, with their instance counts.
  const nodes: {
    d: (typeof plant.blocks)[number]['arrays'][number]['inverters'][number]['dcFields'][number];
    count: number;
  }[] = [];
  for (const b of plant.blocks)
    for (const a of b.arrays)
      for (const i of a.inverters)
        for (const d of i.dcFields)
          nodes.push({ d, count: b.repeater * a.repeater * i.repeater * d.repeater });
  const optics = new Map<string, OpticsResult>();
  const modules = new Map<string, { module: ModuleColumns; at25: ModuleAt25 }>();
  const fields = new Map<string, DcFieldResult>();
  const fieldsAt25 = new Map<string, ModuleAt25>();
  // The chain's intermediate columns and work arrays, zero-filled as new ones would be: transient
  // columns, which the result columns of the module, DC fields, plant stages, inverters and arrays
  // take once every chain has run (scratch.ts). The module at 25 °C is in intermediates no result
  // column took yet, which the result columns after the plant's DC stages take (`Scratch.lend`).
  const transient = (k: number) => scratch.transient(k);
  const lend = (k: number) => scratch.lend(k);
  // The first optics run lends its sun, horizontal irradiance and spectral columns to the other mountings.
  let firstOptics: SharedOpticsSource | undefined;
  const progress = options.onProgress;
  let done = 0;
  for (const { d } of nodes) {
    if (!optics.has(d.opticsKey)) {
      const prepared = prepareOptics(d.choices, rc.site, d.geometry);
      const ow = d.trackingAngle ? { ...w.optics, trackingAngle: d.trackingAngle } : w.optics;
      // Columns equal to the first run's (sun, horizontal irradiance, spectral) are that run's own arrays.
      const shared = firstOptics ? sharedOpticsColumns(prepared, ow, firstOptics) : {};
      // A run that shares the first one's sun works in that run's scratch (runOptics, borrowedWork).
      if (shared.sunTime === undefined) prepared.work = workColumns(n, transient, prepared);
      // Columns the chain fills alike for these choices are one array (identicalOpticsColumns).
      const same = identicalOpticsColumns(prepared);
      const columns = allocateOpticsWithScratch(n, shared, transient, resultColumn, same, zeroColumn);
      const out = runOptics(prepared, ow, columns, firstOptics);
      firstOptics ??= { prepared, weather: ow, out };
      optics.set(d.opticsKey, opticsResult(out));
    }
    progress?.((0.25 * ++done) / nodes.length, 'dcFields');
  }
  // No chain runs again: its intermediate columns become the result columns asked for from here on.
  scratch.endTransient();
  done = 0;
  for (const { d, count } of nodes) {
    const o = optics.get(d.opticsKey)!;
    let r = fields.get(d.dcKey);
    if (!r) {
      const mk = moduleKey(d);
      let m = modules.get(mk);
      if (!m) {
        m = evaluateModule(d, o, w, lend);
        modules.set(mk, m);
      }
      r = evaluateDcField(d, o, m.module);
      fields.set(d.dcKey, r);
      fieldsAt25.set(d.dcKey, m.at25);
    }
    progress?.(0.25 + (0.25 * ++done) / nodes.length, 'dcFields');
    r.paths.push(d.path);
    r.instances += count;
  }
  const dcFields = [...fields.values()];
  const stages = plantStages(
    dcFields,
    plant.dcCapacity,
    dcFields.map((f) => fieldsAt25.get(f.key)!),
  );
  // The module at 25 °C is read no more: the inverter, array and plant columns may take its columns.
  scratch.endTransient();
  // Years.
  const shift = midIntervalShiftMs({
    definition: weather.meta.timestampDefinition,
    intervalMinutes: weather.meta.intervalMinutes,
  });
  const firstMid = civilFromDays(Math.floor((w.time[0]! + shift + tz * MS_PER_HOUR) / MS_PER_DAY));
  const startYear = firstMid.year;
  const plan = prepareYearRepeater(
    { times: w.time },
    { startYear, yearRepeater: rc.prediction.yearRepeater, utcOffsetHours: tz },
  );
  const hour = hours(w.time, shift, tz);
  const yearFraction = (n * w.intervalHours) / 8760;
  const runner = new YearRunner(plant, rc.prediction, fields, stages.dcAfterHealth, plan, {
    stepHours: w.intervalHours,
    tempAir: w.tempAir,
    month: stages.month,
    hour,
    yearStart: yearStartInstant({ year: startYear }, { utcOffsetHours: tz }),
    yearFraction,
  });
  const acc = createLossTree({ elementCount: plant.elements.length });
  const u = rc.prediction.uncertainty;
  const uncertainty = {
    errorSpaVar: u.spaVar,
    errorModelAcc: u.modelAcc,
    errorIntAnnVar: u.intAnnVar,
    errorSensAcc: u.sensAcc,
    errorMonAcc: u.monAcc,
  };
  const numArrays = plant.blocks.reduce(
    (s, b) => s + b.arrays.reduce((t, a) => t + b.repeater * a.repeater, 0),
    0,
  );
  const monthlyFactors = rc.prediction.monthlyAlbedo.map((albedo, m) => ({
    month: m + 1,
    albedo,
    soilingLoss: rc.prediction.monthlySoiling[m]!,
  }));
  const first = runner.run(plan.years[0]!.year);
  let scratchYear: ReturnType<YearRunner['run']> | undefined;
  const years: YearEnergies[] = [];
  for (const y of plan.years) {
    const res = y.yearIndex === 1 ? first : (scratchYear = runner.run(y.year, scratchYear));
    resetLossTree(acc);
    accumulateLossTree(lossTreeColumns(stages, res.plant), { stepHours: w.intervalHours }, acc);
    const dc = sumColumn(res.plant.dcAfterLetid);
    const blockEnergy = res.blocks.map((b) => sumColumn(b.power) * w.intervalHours);
    const monthHourEnergy = monthHourSums(res.plant.power, stages.month, hour, w.intervalHours);
    const energies = lossTreeEnergies(acc, { dcCapacity: plant.dcCapacity });
    years.push({
      yearIndex: y.yearIndex,
      year: y.year,
      dcEnergy: dc * w.intervalHours,
      acEnergy: energies.finalEnergy,
      acEnergyPositive: acc.finalPositive.reduce((a, v) => a + v, 0),
      ghiInsolation: energies.ghiInsolation,
      poaInsolation: energies.poaInsolation,
      monthHourEnergy,
      blockEnergy,
      summary: predictionResultSummaryYear(acc, {
        year: y.year,
        yearIndex: y.yearIndex,
        dcCapacity: plant.dcCapacity,
        acCapacity: plant.acCapacity,
        numArrays,
        uncertainty,
        pValues: rc.prediction.pValues,
        monthlyFactors,
        hasESSSystem: plant.ess !== undefined,
        hasBifacial: stages.rearEffective !== undefined,
      }),
    });
    progress?.(0.5 + (0.5 * years.length) / plan.years.length, 'years');
  }
  const summary = buildSummary(rc, years, {
    start: w.time[0]!,
    end: w.time[n - 1]!,
    irradiation: {
      ghi: sumColumn(stages.ghi) * w.intervalHours,
      dni: sumColumn(stages.dni) * w.intervalHours,
      dhi: sumColumn(stages.dhi) * w.intervalHours,
    },
    weatherName: options.weatherName ?? weather.meta.name,
    dcFields,
  });
  return Object.freeze({
    case: rc,
    weather: w,
    length: n,
    stepHours: w.intervalHours,
    time: w.time,
    hour,
    dcFields: Object.freeze(dcFields),
    inverters: Object.freeze(first.inverters),
    arrays: Object.freeze(first.arrays),
    blocks: Object.freeze(first.blocks),
    plant: first.plant,
    stages,
    years: Object.freeze(years),
    summary,
    warnings: runWarnings(rc.warnings, weather.warnings, w.warnings),
    defaultsApplied: Object.freeze(rc.defaultsApplied),
  });
}
