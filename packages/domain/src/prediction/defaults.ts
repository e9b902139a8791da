/**
 * Defaults of a new prediction and of new power-plant nodes: spec 4 §1 (SDK defaults: uncertainty,
 * year repeater, array loads) and spec 1-2 (statuses, monthly factors, ASHRAE version, logic version),
 * then the company's default settings where it has them (`simulationSettings`,
 * `environmentalConditions`, `powerPlantBuilder`, `systemDetailSettings`).
 *
 * Every default equals what the engine assumes for an absent field (`packages/engine/src/simulate/
 * resolve*.ts`), so that filling it changes nothing in a run (a test checks it), except the logic
 * version: a new prediction takes the latest (12, spec 2 §9.2), while the engine reads a case without
 * one as version 11. Choices that depend on the weather (decomposition, spectral weather source) are left to
 * the weather rule (`weatherChoices`) and to the engine.
 */
import { MONTH_NAMES } from '../api/prediction.ts';

type Json = Record<string, unknown>;

/** The latest logic version: the highest whose name lacks alpha or beta (spec 2 §9.2): Version 12. */
export const LATEST_LOGIC_VERSION = 12;

/** Exceedance probabilities a new prediction reports [%]. */
export const DEFAULT_P_VALUES = [50, 75, 90, 95, 99] as const;

/** Default albedo (spec 2 §9.2). */
export const DEFAULT_ALBEDO = 0.2;

/** Twelve monthly factors: albedo 0.2, no soiling, no spectral shift. */
export function defaultMonthlyFactors(): Json[] {
  return MONTH_NAMES.map((monthName, i) => ({
    month: i + 1,
    monthName,
    albedo: DEFAULT_ALBEDO,
    soilingLoss: 0,
    spectralShift: 0,
  }));
}

/** Model choices and settings of a new prediction (spec 4 §1 and the engine's defaults). */
export const PREDICTION_DEFAULTS: Readonly<Json> = Object.freeze({
  status: 1,
  yearRepeater: 1,
  transpositionModel: 1,
  perezCoefficients: 0,
  circumsolarTreatment: 0,
  diffuseDirectDecompModelExecuted: false,
  useMeteoDni: false,
  useMeteoPOAI: false,
  useBacksidePOAI: false,
  useLeapYears: false,
  useWeatherFileAlbedoData: false,
  useMetastability: false,
  enableLeTID: false,
  airMassModel: 0,
  soilingModel: 0,
  modTempModel: 0,
  incAngleModel: 3,
  directBeamShadingModel: 0,
  degradationModel: 0,
  diffuseShadingModel: 0,
  linearDegradationRate: 0.5,
  firstYearDegradation: false,
  nonLinearDegradationRates: [],
  lightAndElevatedTemperatureDegradationRates: [],
  errorModelAcc: 2.9,
  errorSensAcc: 5,
  errorIntAnnVar: 3,
  errorMonAcc: 2,
  errorSpaVar: 2,
  spectralShiftModel: 0,
  horizonDetails: [],
  ashraeVersion: 1,
  pValues: [...DEFAULT_P_VALUES],
  isBatch: false,
  batchQualified: false,
  logicVersion: LATEST_LOGIC_VERSION,
  useMapBuilder: false,
  weatherLocked: false,
  isStringSizingPrediction: false,
  useSpectral30: false,
  dcWiringLossModel: 0,
});

/** Fields of the company's `simulationSettings` group (spec 3 SimulationSettings) a new prediction takes. */
const SIMULATION_SETTINGS_FIELDS = [
  'errorModelAcc',
  'errorSensAcc',
  'errorIntAnnVar',
  'errorMonAcc',
  'errorSpaVar',
  'transpositionModel',
  'diffuseDirectDecompModel',
  'useMeteoDni',
  'airMassModel',
  'soilingModel',
  'modTempModel',
  'spectralShiftModel',
  'incAngleModel',
  'directBeamShadingModel',
  'degradationModel',
  'diffuseShadingModel',
  'circumsolarTreatment',
  'linearDegradationRate',
  'firstYearDegradation',
] as const;

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Twelve monthly values from a company setting: a list of 12 numbers (January first) or a list of
 * `{month, value | albedo | soilingLoss}`; undefined when the setting has no usable value.
 */
export function monthlyValues(setting: unknown, key: 'albedo' | 'soilingLoss'): number[] | undefined {
  if (!Array.isArray(setting)) return undefined;
  const out = new Array<number | undefined>(12).fill(undefined);
  setting.forEach((entry, i) => {
    if (typeof entry === 'number' && i < 12) out[i] = entry;
    else if (isObject(entry)) {
      const month = typeof entry.month === 'number' ? entry.month : i + 1;
      const value = [entry[key], entry.value].find((v) => typeof v === 'number' && Number.isFinite(v));
      if (Number.isInteger(month) && month >= 1 && month <= 12 && typeof value === 'number')
        out[month - 1] = value;
    }
  });
  return out.every((v) => typeof v === 'number' && Number.isFinite(v)) ? (out as number[]) : undefined;
}

/**
 * A constant `albedo` [-] or `soilingLoss` [%] saved on a prediction (engine choices, issue 17) is the
 * value of every month: the engine fills only the months `monthlyFactors` leaves out, and a prediction
 * always holds twelve (a new one gets them from the defaults above), so a save that gives the constant
 * without monthly factors writes it into each stored month, and the run uses what the prediction shows.
 * Monthly factors sent with it stand as sent (the constant fills the months they leave out).
 * @param data the prediction's fields after the save's changes
 * @param request the fields the save gives
 * @returns the fields with the constants written into the monthly factors
 */
export function withConstantFactors(data: Readonly<Json>, request: Readonly<Json>): Json {
  const out: Json = { ...data };
  if (request.monthlyFactors !== undefined || !Array.isArray(out.monthlyFactors)) return out;
  const constants: Json = {};
  for (const key of ['albedo', 'soilingLoss'] as const)
    if (typeof request[key] === 'number' && Number.isFinite(request[key])) constants[key] = request[key];
  if (Object.keys(constants).length === 0) return out;
  out.monthlyFactors = (out.monthlyFactors as unknown[]).map((factor) =>
    isObject(factor) ? { ...factor, ...constants } : factor,
  );
  return out;
}

/**
 * The fields of a new prediction: the defaults above with the company's default settings over them
 * (`simulationSettings` for model choices and uncertainty, `environmentalConditions.monthlySoilingLoss`
 * and `monthlyAlbedo` for the monthly factors). Values of the wrong type are ignored.
 * @param companySettings the company's `defaultSettings` (may be empty)
 */
export function newPredictionDefaults(companySettings: Readonly<Json> | null | undefined): Json {
  const out: Json = structuredClone(PREDICTION_DEFAULTS) as Json;
  out.monthlyFactors = defaultMonthlyFactors();
  const simulation = companySettings?.simulationSettings;
  if (isObject(simulation)) {
    for (const key of SIMULATION_SETTINGS_FIELDS) {
      const value = simulation[key];
      if (typeof value === 'number' && Number.isFinite(value)) out[key] = value;
      else if (typeof value === 'boolean') out[key] = value;
    }
  }
  const environment = companySettings?.environmentalConditions;
  if (isObject(environment)) {
    const soiling = monthlyValues(environment.monthlySoilingLoss, 'soilingLoss');
    const albedo = monthlyValues(environment.monthlyAlbedo, 'albedo');
    out.monthlyFactors = (out.monthlyFactors as Json[]).map((factor, i) => ({
      ...factor,
      ...(albedo ? { albedo: albedo[i] } : {}),
      ...(soiling ? { soilingLoss: soiling[i] } : {}),
    }));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Weather

/** What a weather file holds, for the choices that follow it (spec 1 §4). */
export interface WeatherFacts {
  startDate: string | null;
  endDate: string | null;
  hasPoa: boolean;
  hasDniDhi: boolean;
  /** standard offset from UTC [h] */
  timeZone: number | null;
}

/**
 * The choices that follow a newly chosen weather file (spec 1 §4): start and end become the file's
 * dates; with plane-of-array irradiance, meteo POA is used with DIRINT decomposition and Perez
 * transposition; otherwise meteo POA is off, with no decomposition and Perez — except that a file
 * without DNI and DHI needs a decomposition, so it gets DIRINT (the engine refuses "None" there).
 */
export function weatherChoices(weather: WeatherFacts): Json {
  const out: Json = { transpositionModel: 1 };
  if (weather.startDate) out.start = weather.startDate;
  if (weather.endDate) out.end = weather.endDate;
  if (weather.hasPoa) {
    out.useMeteoPOAI = true;
    out.diffuseDirectDecompModel = 2;
  } else {
    out.useMeteoPOAI = false;
    out.diffuseDirectDecompModel = weather.hasDniDhi ? 3 : 2;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Power plant nodes

/** A new plant (spec 4 §1 PowerPlant; engine defaults). */
export const PLANT_DEFAULTS: Readonly<Json> = Object.freeze({
  transformers: [],
  transmissionLines: [],
  availabilityLoss: 0,
  nighttimeDisconnect: false,
  useCoolingTemp: false,
  useLGIALimitTimeSeries: false,
  exportSystem: false,
  exportESS: false,
});

export const BLOCK_DEFAULTS: Readonly<Json> = Object.freeze({ repeater: 1, useEnergizationDate: false });

/** A new array (spec 4 §1, the SDK's `add_array`). */
export const ARRAY_DEFAULTS: Readonly<Json> = Object.freeze({
  repeater: 1,
  acCollectionLoss: 1,
  dasLoad: 800,
  coolingLoad: 0,
  additionalLosses: 0,
  transformerEnabled: true,
  matchTotalInverterkVA: true,
  transformerHighSideVoltage: 34.5,
  transformerNoLoadLoss: 0.2,
  transformerFullLoadLoss: 0.7,
  trackerMotorLosses: 0,
});

/** A new inverter node: unity power factor, no derate (spec 4 §1-2). */
export const INVERTER_NODE_DEFAULTS: Readonly<Json> = Object.freeze({
  repeater: 1,
  powerFactor: 1,
  designDerate: 1,
  useDerateTimeSeries: false,
  useSetPointTimeSeries: false,
  useVMPPTimeSeriesAdjustment: false,
  useIMPPTimeSeriesAdjustment: false,
});

/** A new DC field (spec 4 §1 DCField defaults; spec 2 §9.2 gaps and ground). */
export const DC_FIELD_DEFAULTS: Readonly<Json> = Object.freeze({
  repeater: 1,
  lateralIntermoduleGap: 0.02,
  verticalIntermoduleGap: 0.02,
  dcWiringLossAtSTC: 1.5,
  dcHealth: 1,
  structureShading: 0,
  tablesRemovedForPCS: 0,
  trackerLoadLoss: 0,
  useModuleSurfaceTempTimeSeries: false,
  applyTrackingTimeSeries: false,
  useSunSolveParameters: false,
  useTimeSeriesBifacialParameters: false,
  irradianceOptimization: false,
});

/** Tracker defaults (spec 4 §1): limits ±60°, no night stow angle, no axis pitch. */
export const TRACKER_DEFAULTS: Readonly<Json> = Object.freeze({
  minimumTrackingLimitAngleD: -60,
  maximumTrackingLimitAngleD: 60,
  nightTimeStowAngleD: 0,
  trackerPitchAngleD: 0,
});

/**
 * Defaults of new plant nodes from the company's `powerPlantBuilder` settings (spec 3
 * PowerPlantBuilder) over the built-in ones: array losses and MV transformer; the inverter nodes'
 * power factor; DC wiring, DC health, tracker load loss, structure shading, tracking type, ground
 * coverage ratio, post height and temperature model of DC fields; tracker limits; the tilt of fixed
 * DC fields and the azimuth by hemisphere (`tilt`, `azimuth`: undefined leaves the latitude rules);
 * and a new plant's desired DC:AC ratio, its availability loss from `systemDetailSettings`
 * (spec 3 SystemDetailSettings), and the inputs of a new storage system from `essSettings` (spec 3
 * ESSSettings, the same names as ESSInputs).
 */
export interface BuilderDefaults {
  plant: Json;
  /** the inputs of a new storage system (`ess.essInputs`) from the company's `essSettings` */
  ess: Json;
  array: Json;
  inverter: Json;
  dcField: Json;
  tracker: Json;
  /** the tilt of a new fixed DC field [°] */
  tilt: number | undefined;
  /** the azimuth of a new DC field by hemisphere [°] */
  azimuth: { north: number | undefined; south: number | undefined };
}

export function companyBuilderDefaults(companySettings: Readonly<Json> | null | undefined): BuilderDefaults {
  const plant: Json = structuredClone(PLANT_DEFAULTS) as Json;
  const inverter: Json = { ...INVERTER_NODE_DEFAULTS };
  const array: Json = { ...ARRAY_DEFAULTS };
  const dcField: Json = { ...DC_FIELD_DEFAULTS };
  const tracker: Json = { ...TRACKER_DEFAULTS };
  const system = companySettings?.systemDetailSettings;
  if (
    isObject(system) &&
    typeof system.availabilityLoss === 'number' &&
    Number.isFinite(system.availabilityLoss)
  )
    plant.availabilityLoss = system.availabilityLoss;
  const ess: Json = {};
  const storage = companySettings?.essSettings;
  if (isObject(storage))
    for (const [key, value] of Object.entries(storage))
      if (key !== 'id' && typeof value === 'number' && Number.isFinite(value)) ess[key] = value;
  const builder = companySettings?.powerPlantBuilder;
  const azimuth: BuilderDefaults['azimuth'] = { north: undefined, south: undefined };
  if (!isObject(builder)) return { plant, ess, array, inverter, dcField, tracker, tilt: undefined, azimuth };
  const take = (target: Json, from: string, to = from) => {
    const value = builder[from];
    if (typeof value === 'number' && Number.isFinite(value)) target[to] = value;
  };
  take(array, 'acCollectionLoss');
  take(array, 'dasLoad');
  take(array, 'coolingLoad');
  take(array, 'transformerHighSideVoltage');
  take(array, 'transformerNoLoadLoss');
  take(array, 'transformerFullLoadLoss');
  take(dcField, 'dcWiringLossAtSTC');
  take(dcField, 'dcHealth');
  take(dcField, 'trackerLoadLoss');
  take(dcField, 'structureShading');
  take(tracker, 'minimumTrackingLimitAngleD');
  take(tracker, 'maximumTrackingLimitAngleD');
  if (typeof tracker.minimumTrackingLimitAngleD === 'number' && tracker.minimumTrackingLimitAngleD > 0)
    tracker.minimumTrackingLimitAngleD = -tracker.minimumTrackingLimitAngleD;
  take(inverter, 'powerFactor');
  take(dcField, 'dcFieldTrackingTypeEnum', 'trackingType');
  take(dcField, 'gcr', 'groundCoverageRatio');
  take(dcField, 'postHeight');
  take(dcField, 'modTempModel');
  take(plant, 'dcacRatio', 'desiredDCACRatio');
  const numberOf = (key: string): number | undefined => {
    const value = builder[key];
    return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  };
  azimuth.north = numberOf('northernHemisphereAzimuth') ?? numberOf('azimuth');
  azimuth.south = numberOf('southernHemisphereAzimuth') ?? numberOf('azimuth');
  return { plant, ess, array, inverter, dcField, tracker, tilt: numberOf('tiltAngle'), azimuth };
}

/** The azimuth of a new DC field at a latitude from the company's settings, if they give one. */
export function companyAzimuth(
  defaults: Pick<BuilderDefaults, 'azimuth'>,
  latitude: number,
): number | undefined {
  return latitude >= 0 ? defaults.azimuth.north : defaults.azimuth.south;
}

/** Fills the keys of `defaults` that `target` lacks (absent or null); returns `target`. */
export function fillAbsent(target: Json, defaults: Readonly<Json>): Json {
  for (const [key, value] of Object.entries(defaults)) {
    if (target[key] === undefined || target[key] === null)
      target[key] = typeof value === 'object' && value !== null ? structuredClone(value) : value;
  }
  return target;
}
