/**
 * The DC field's instant previews, computed in the browser by the engine and the domain's sizing rules
 * (no server round trip):
 *
 * 1. The string-voltage window (spec 2 §9.3): the string's open-circuit voltage at the 50-year minimum
 *    temperature (cold cells, 1000 W/m²) against the inverter's maximum absolute voltage, and its MPP
 *    voltage at the 99.6 % cooling design temperature (cells heated by the heat balance) against the
 *    inverter's minimum voltage — domain `seriesStringLimits` and `seriesStringProblem`; the string's
 *    MPP voltage at the cold condition is also shown against the inverter's maximum MPP voltage.
 * 2. One clear-sky day of the field: sun position by NREL SPA (Reda & Andreas 2004), extraterrestrial
 *    irradiance by Spencer (1971), relative air mass by Kasten & Young (1989), clear sky by Ineichen &
 *    Perez (2002) with a Linke turbidity of 3, the field's orientation (fixed tilt, seasonal tilt, or a
 *    single-axis tracker with its limits and backtracking: Lorenzo et al. 2011, Anderson & Mikofski 2020),
 *    transposition by the prediction's model (Perez 1990 or Hay–Davies), the beam's ASHRAE incidence
 *    modifier, the month's soiling, cell temperature by the heat balance (Faiman 2008) at a fixed air
 *    temperature and wind, and the module's single-diode maximum power point (its CEC, De Soto or PVsyst
 *    parameters; PVWatts from its rating and power coefficient when it has none). DC power is the
 *    modules' MPP power before DC losses, clipping and the inverter: a preview, not the run's figures.
 *
 * Every function here is pure; the React parts only debounce their inputs and draw the results.
 */
import {
  airmassRelative,
  alt2pres,
  ashraeIam,
  extraterrestrialSpencer,
  fixedTilt,
  heatBalanceCell,
  ineichen,
  moduleMpp,
  pvwattsDc,
  singleAxis,
  spa,
  SPA_DEFAULT_DELTA_T,
  totalIrradiance,
  PEREZ_MODELS,
  type PerezModel,
  type SkyDiffuseModel,
} from '@sunfield/engine';
import {
  formatNumber,
  heatBalanceEfficiency,
  moduleElectricalModel,
  moduleVoltages,
  seriesStringLimits,
  seriesStringProblem,
  STRING_SIZING_HEAT_BALANCE,
  STRING_SIZING_IRRADIANCE,
  type SeriesStringLimits,
  type StringSizingModule,
} from '@sunfield/domain';

type Json = Record<string, unknown>;

const finite = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : undefined;

// ————————————————————————————————————————— string window —————————————————————————————————————————

/** Why the window cannot be drawn yet. */
export type StringWindowMissing =
  | 'module'
  | 'inverter'
  | 'min50Year'
  | 'cool996'
  | 'modulesWiredInSeries'
  | 'inverterVoltages'
  | 'moduleVoltages';

export const STRING_WINDOW_MISSING_TEXT: Record<StringWindowMissing, string> = {
  module: 'Pick a module to see the string voltage window.',
  inverter: 'Pick an inverter to see the string voltage window.',
  min50Year: 'The prediction has no 50-year minimum temperature (site data).',
  cool996: 'The prediction has no 99.6 % cooling design temperature (site data).',
  modulesWiredInSeries: 'Enter the modules wired in series.',
  inverterVoltages: 'The inverter has no minimum or maximum absolute voltage.',
  moduleVoltages: 'The module has no open-circuit or MPP voltage at STC and no single-diode parameters.',
};

export type StringWindowStatus = 'ok' | 'tooLong' | 'tooShort' | 'noFit';

/** The string-voltage window of a DC field on its inverter. */
export interface StringWindowPreview {
  status: StringWindowStatus;
  /** message of the status: the domain's text for a string outside the window */
  message: string;
  modulesWiredInSeries: number;
  limits: SeriesStringLimits;
  /** string voltages [V]: Voc at the cold condition, Vmp at the hot condition, Vmp at the cold condition */
  stringVocCold: number;
  stringVmpHot: number;
  stringVmpCold: number;
  /** string Voc and Vmp at STC (25 °C, 1000 W/m²) [V] */
  stringVocStc: number;
  stringVmpStc: number;
  /** inverter's maximum MPP voltage [V], when its record has one */
  maxMppVoltage: number | null;
  /** the cold string's MPP voltage is above the inverter's MPP range (the inverter then works off its MPP) */
  aboveMppRange: boolean;
}

export interface StringWindowInputs {
  field: Json;
  module: Json | null | undefined;
  inverter: Json | null | undefined;
  site: { min50Year?: number | null; cool996?: number | null };
}

/**
 * The string-voltage window of a DC field (see the file comment), or what is missing to compute it.
 * @param x.field the DC field (modulesWiredInSeries and its heat-balance coefficients)
 * @param x.module the library module record (spec 3 names)
 * @param x.inverter the library inverter record: minVoltage, maxMPPVoltage, maxAbsoluteVoltage [V]
 * @param x.site min50Year and cool996 of the prediction [°C]
 * @returns the window, or `{ missing }`
 */
export function stringWindowPreview(
  x: StringWindowInputs,
): StringWindowPreview | { missing: StringWindowMissing } {
  if (!x.module) return { missing: 'module' };
  if (!x.inverter) return { missing: 'inverter' };
  const min50Year = finite(x.site.min50Year);
  const cool996 = finite(x.site.cool996);
  if (min50Year === undefined) return { missing: 'min50Year' };
  if (cool996 === undefined) return { missing: 'cool996' };
  const n = finite(x.field.modulesWiredInSeries);
  if (n === undefined || n < 1) return { missing: 'modulesWiredInSeries' };
  const maxAbsoluteVoltage = finite(x.inverter.maxAbsoluteVoltage);
  const minVoltage = finite(x.inverter.minVoltage);
  if (maxAbsoluteVoltage === undefined || minVoltage === undefined || !(maxAbsoluteVoltage > 0))
    return { missing: 'inverterVoltages' };
  const module = x.module as StringSizingModule;
  const limits = seriesStringLimits({
    site: { min50Year, cool996 },
    inverter: { maxAbsoluteVoltage, minVoltage },
    module,
    thermal: x.field,
  });
  if (!(limits.vocAtMin > 0) || !(limits.vmpAtHot > 0)) return { missing: 'moduleVoltages' };
  const tempRef = finite(module.referenceTemperature) ?? 25;
  const cold = moduleVoltages(
    { tempCell: limits.tempCellCold, irradiance: STRING_SIZING_IRRADIANCE },
    module,
  );
  const stc = moduleVoltages({ tempCell: tempRef, irradiance: STRING_SIZING_IRRADIANCE }, module);
  const maxMppVoltage = finite(x.inverter.maxMPPVoltage) ?? null;
  const stringVmpCold = n * cold.vmp;
  const problem = seriesStringProblem({ modulesWiredInSeries: n, limits });
  const status: StringWindowStatus = !limits.feasible
    ? 'noFit'
    : problem?.limit === 'maximum'
      ? 'tooLong'
      : problem?.limit === 'minimum'
        ? 'tooShort'
        : 'ok';
  const message =
    problem?.message ??
    (limits.feasible
      ? `${n} modules in series fit the inverter window (${limits.minModulesInSeries} to ${limits.maxModulesInSeries}).`
      : `No string length fits this inverter: at least ${limits.minModulesInSeries} modules are needed for its minimum voltage, at most ${limits.maxModulesInSeries} are allowed by its maximum voltage.`);
  return {
    status: problem ? status : limits.feasible ? 'ok' : 'noFit',
    message: limits.feasible ? message : (problem?.message ?? message),
    modulesWiredInSeries: n,
    limits,
    stringVocCold: n * limits.vocAtMin,
    stringVmpHot: n * limits.vmpAtHot,
    stringVmpCold,
    stringVocStc: n * stc.voc,
    stringVmpStc: n * stc.vmp,
    maxMppVoltage,
    aboveMppRange: maxMppVoltage !== null && maxMppVoltage > 0 && stringVmpCold > maxMppVoltage,
  };
}

/** Text of the MPP-range note (not a spec text: the window of spec 2 §9.3 has only its two limits). */
export function mppRangeNote(w: StringWindowPreview): string | null {
  if (!w.aboveMppRange || w.maxMppVoltage === null) return null;
  return (
    `At the 50-year minimum temperature the string MPP voltage (${formatNumber(w.stringVmpCold)} V) is above ` +
    `the inverter maximum MPP voltage of ${formatNumber(w.maxMppVoltage)} V: on cold mornings the inverter works off the MPP.`
  );
}

// ————————————————————————————————————————— clear-sky day —————————————————————————————————————————

/** Orientation of a DC field for the preview. */
export type PreviewMounting =
  | { type: 'fixed'; surfaceTilt: number; surfaceAzimuth: number }
  | {
      type: 'tracker';
      axisAzimuth: number;
      axisTilt: number;
      minAngle: number;
      maxAngle: number;
      backtrack: boolean;
      gcr: number;
      /** the ratio was not given: a typical 0.4 is used */
      gcrAssumed: boolean;
      /** angles come from a time series in the run; the preview backtracks instead */
      timeSeriesControl: boolean;
    };

/** Ground coverage ratio used when a tracker field has none (a typical value). */
export const PREVIEW_DEFAULT_GCR = 0.4;

/** Default tilt by latitude (spec 2 §9.3), as the engine applies it to a field without one. */
function defaultTilt(latitude: number): number {
  const a = Math.abs(latitude);
  return a < 5 ? 5 : a < 15 ? 10 : a < 25 ? 15 : a < 35 ? 20 : 25;
}

/**
 * The field's orientation in a month, with the engine's defaults for absent values (engine
 * `simulate/resolveDcField.ts`): fixed tilt by latitude, azimuth 180 north of the equator (0 south),
 * tracker axis azimuth 180, axis tilt 0, limits ±60°, backtracking; seasonal tilt takes the month's tilt.
 * @param field the DC field (trackingType, moduleTilt, moduleAzimuth, tracker fields, GCR)
 * @param latitude project latitude [°]
 * @param month 1–12
 */
export function previewMounting(field: Json, latitude: number, month: number): PreviewMounting {
  const type = finite(field.trackingType) ?? 0;
  const azimuth = finite(field.moduleAzimuth);
  if (type === 1) {
    const gcrGiven = finite(field.groundCoverageRatio);
    const cbw = finite(field.collectorBandwidth);
    const pitch = finite(field.postToPostSpacing);
    const gcr =
      gcrGiven !== undefined && gcrGiven > 0
        ? gcrGiven
        : cbw !== undefined && pitch !== undefined && pitch > 0
          ? cbw / pitch
          : undefined;
    const control = finite(field.trackingBacktrackingType) ?? 1;
    const min = finite(field.minimumTrackingLimitAngleD) ?? -60;
    return {
      type: 'tracker',
      axisAzimuth: azimuth ?? 180,
      axisTilt: finite(field.trackerPitchAngleD) ?? 0,
      // the minimum limit is stored negative (spec 1 §5); a positive one is read as its negative
      minAngle: -Math.abs(min),
      maxAngle: Math.abs(finite(field.maximumTrackingLimitAngleD) ?? 60),
      backtrack: control !== 0,
      gcr: gcr ?? PREVIEW_DEFAULT_GCR,
      gcrAssumed: gcr === undefined,
      timeSeriesControl: control === 2,
    };
  }
  const surfaceAzimuth = azimuth ?? (latitude >= 0 ? 180 : 0);
  if (type === 2 && Array.isArray(field.monthlySeasonalTiltFactors)) {
    const entry = (field.monthlySeasonalTiltFactors as Json[]).find((f) => f.month === month);
    const tilt = finite(entry?.tilt);
    if (tilt !== undefined) return { type: 'fixed', surfaceTilt: tilt, surfaceAzimuth };
  }
  return {
    type: 'fixed',
    surfaceTilt: finite(field.moduleTilt) ?? defaultTilt(latitude),
    surfaceAzimuth,
  };
}

export interface ClearSkyDayInputs {
  site: {
    latitude: number;
    longitude: number;
    /** [m] */
    elevation: number;
    /** standard-time offset from UTC [h] */
    timeZone: number;
  };
  /** month 1–12; the day is the 21st (the solstices and near the equinoxes) */
  month: number;
  field: Json;
  module: Json | null | undefined;
  /** prediction fields: transpositionModel, perezCoefficients, monthlyFactors (albedo, soilingLoss) */
  prediction: Json;
  /** steps per day (288 = 5 min; at most 288) */
  steps?: number;
  /** air temperature of the day [°C] and wind speed [m/s] for the cell temperature */
  tempAir?: number;
  windSpeed?: number;
  /** Linke turbidity of the clear sky */
  linkeTurbidity?: number;
}

export type DcPowerMethod = 'singleDiode' | 'pvwatts' | 'none';

export interface ClearSkyDay {
  /** local standard time of each step, hours after midnight (middle of the step) */
  hours: Float64Array;
  /** clear-sky GHI, POA irradiance [W/m²] */
  ghi: Float64Array;
  poa: Float64Array;
  /** cell temperature [°C] (NaN at night) */
  tempCell: Float64Array;
  /** the field's DC power [kW] (NaN when it cannot be computed) */
  dcPower: Float64Array;
  /** daily sums: GHI and POA insolation [kWh/m²], DC energy [kWh] */
  ghiInsolation: number;
  poaInsolation: number;
  dcEnergy: number;
  /** peak DC power [kW] */
  dcPeak: number;
  /** modules in the field (series × strings) */
  moduleCount: number;
  method: DcPowerMethod;
  mounting: PreviewMounting;
  /** the day computed: year-month-day (a non-leap year) */
  date: { year: number; month: number; day: number };
  albedo: number;
  soilingLoss: number;
  transposition: 'perez' | 'haydavies';
}

export const PREVIEW_YEAR = 2023;
export const PREVIEW_DAY = 21;
export const PREVIEW_TEMP_AIR = 25;
export const PREVIEW_WIND_SPEED = 1;
const MAX_STEPS = 288;

function monthFactor(prediction: Json, month: number, key: 'albedo' | 'soilingLoss'): number | undefined {
  const list = prediction.monthlyFactors;
  if (!Array.isArray(list)) return undefined;
  const entry = (list as Json[]).find((f) => f.month === month);
  return finite(entry?.[key]);
}

function skyModel(prediction: Json): SkyDiffuseModel {
  if (prediction.transpositionModel === 0) return { model: 'haydavies' };
  const pc = prediction.perezCoefficients;
  const coefficients: PerezModel =
    typeof pc === 'string' && (PEREZ_MODELS as readonly string[]).includes(pc)
      ? (pc as PerezModel)
      : 'allsitescomposite1990';
  return { model: 'perez', coefficients };
}

/**
 * One clear-sky day of a DC field (see the file comment). Night steps give 0 irradiance and power.
 * @returns the series and daily sums; computing 288 steps takes a few milliseconds
 */
export function clearSkyDay(x: ClearSkyDayInputs): ClearSkyDay {
  const steps = Math.min(MAX_STEPS, Math.max(24, Math.round(x.steps ?? MAX_STEPS)));
  const stepHours = 24 / steps;
  const month = Math.min(12, Math.max(1, Math.round(x.month)));
  const { latitude, longitude, timeZone } = x.site;
  const elevation = Number.isFinite(x.site.elevation) ? x.site.elevation : 0;
  const pressure = alt2pres({ altitude: elevation });
  const tempAir = x.tempAir ?? PREVIEW_TEMP_AIR;
  const windSpeed = x.windSpeed ?? PREVIEW_WIND_SPEED;
  const tl = x.linkeTurbidity ?? 3;
  const albedo = monthFactor(x.prediction, month, 'albedo') ?? 0.2;
  const soilingLoss = monthFactor(x.prediction, month, 'soilingLoss') ?? 0;
  const sky = skyModel(x.prediction);
  const mounting = previewMounting(x.field, latitude, month);
  const module = (x.module ?? null) as (StringSizingModule & Json) | null;
  const electrical = module ? moduleElectricalModel(module) : undefined;
  const pdc0 = finite(module?.stcMaxPower);
  const gamma = finite(module?.stcPowerTempCoef);
  const method: DcPowerMethod = electrical
    ? 'singleDiode'
    : pdc0 !== undefined && pdc0 > 0
      ? 'pvwatts'
      : 'none';
  const b0 = finite(module?.ashraeiamB0) ?? 0.05;
  const f = x.field;
  const d = STRING_SIZING_HEAT_BALANCE;
  const thermal = {
    alpha: finite(f.heatAbsorptionCoefAlphaT) ?? finite(module?.heatAbsorptionCoefAlphaT) ?? d.alpha,
    uC: finite(f.heatBalanceConductiveCoef) ?? finite(module?.heatBalanceConductiveCoef) ?? d.uC,
    uV: finite(f.heatBalanceConvectiveCoef) ?? finite(module?.heatBalanceConvectiveCoef) ?? d.uV,
    efficiency: module ? heatBalanceEfficiency(module) : 0,
  };
  const series = finite(f.modulesWiredInSeries) ?? 0;
  const strings = finite(f.numberOfSeriesStringsWiredInParallel) ?? 0;
  const moduleCount = series * strings;
  const tempRef = finite(module?.referenceTemperature) ?? 25;

  const hours = new Float64Array(steps);
  const ghi = new Float64Array(steps);
  const poa = new Float64Array(steps);
  const tempCell = new Float64Array(steps).fill(Number.NaN);
  const dcPower = new Float64Array(steps);
  const dayStart = Date.UTC(PREVIEW_YEAR, month - 1, PREVIEW_DAY) - timeZone * 3_600_000;
  const doy =
    (Date.UTC(PREVIEW_YEAR, month - 1, PREVIEW_DAY) - Date.UTC(PREVIEW_YEAR, 0, 1)) / 86_400_000 + 1;
  const dniExtra = extraterrestrialSpencer({ dayOfYear: doy });
  let ghiSum = 0;
  let poaSum = 0;
  let dcSum = 0;
  let dcPeak = 0;
  for (let i = 0; i < steps; i++) {
    const h = (i + 0.5) * stepHours;
    hours[i] = h;
    if (method === 'none' || moduleCount <= 0) dcPower[i] = Number.NaN;
    const sun = spa({
      time: dayStart + h * 3_600_000,
      latitude,
      longitude,
      altitude: elevation,
      pressure,
      temperature: tempAir,
      deltaT: SPA_DEFAULT_DELTA_T,
    });
    if (!(sun.apparentZenith < 90)) continue;
    const am = airmassRelative({ zenith: sun.apparentZenith }, { model: 'kastenYoung1989' });
    const cs = ineichen({
      apparentZenith: sun.apparentZenith,
      airmassAbsolute: (am * pressure) / 101_325,
      linkeTurbidity: tl,
      altitude: elevation,
      dniExtra,
    });
    if (!(cs.ghi > 0)) continue;
    ghi[i] = cs.ghi;
    const sunPos = { solarZenith: sun.apparentZenith, solarAzimuth: sun.azimuth };
    const plane =
      mounting.type === 'fixed'
        ? fixedTilt(sunPos, mounting)
        : singleAxis(sunPos, { ...mounting, crossAxisTilt: 0 });
    if (!Number.isFinite(plane.surfaceTilt)) continue;
    const irr = totalIrradiance(
      {
        surfaceTilt: plane.surfaceTilt,
        surfaceAzimuth: plane.surfaceAzimuth,
        solarZenith: sun.apparentZenith,
        solarAzimuth: sun.azimuth,
        dni: cs.dni,
        ghi: cs.ghi,
        dhi: cs.dhi,
        dniExtra,
        airmassRelative: am,
        albedo,
      },
      sky,
    );
    const g = Math.max(0, irr.poaGlobal);
    poa[i] = g;
    ghiSum += cs.ghi;
    poaSum += g;
    const tc = heatBalanceCell({ poaGlobal: g, tempAir, windSpeed }, thermal);
    tempCell[i] = tc;
    if (method === 'none' || moduleCount <= 0) continue;
    const iam = ashraeIam({ aoi: plane.aoi }, { b0 });
    const effective = (irr.poaDirect * iam + irr.poaDiffuse) * (1 - soilingLoss / 100);
    const pmp = electrical
      ? moduleMpp({ effectiveIrradiance: effective, tempCell: tc }, electrical).pmp
      : pvwattsDc(
          { effectiveIrradiance: effective, tempCell: tc },
          { pdc0: pdc0!, gammaPdc: (gamma ?? -0.4) / 100, tempRef },
        );
    const kw = (Math.max(0, pmp) * moduleCount) / 1000;
    dcPower[i] = kw;
    dcSum += kw;
    if (kw > dcPeak) dcPeak = kw;
  }
  const computed = method !== 'none' && moduleCount > 0;
  return {
    hours,
    ghi,
    poa,
    tempCell,
    dcPower,
    ghiInsolation: (ghiSum * stepHours) / 1000,
    poaInsolation: (poaSum * stepHours) / 1000,
    dcEnergy: computed ? dcSum * stepHours : Number.NaN,
    dcPeak: computed ? dcPeak : Number.NaN,
    moduleCount,
    method,
    mounting,
    date: { year: PREVIEW_YEAR, month, day: PREVIEW_DAY },
    albedo,
    soilingLoss,
    transposition: sky.model === 'perez' ? 'perez' : 'haydavies',
  };
}

/** The month the day picker starts on: June north of the equator, December south (the summer solstice). */
export function defaultPreviewMonth(latitude: number): number {
  return latitude >= 0 ? 6 : 12;
}

/**
 * Standard-time offset of a site [h]: the prediction's, else the project's, else longitude/15 rounded.
 */
export function siteTimeZone(prediction: Json, project: Json): number {
  return (
    finite(prediction.timeZone) ??
    finite(project.timeZone) ??
    Math.round((finite(project.longitude) ?? 0) / 15)
  );
}
