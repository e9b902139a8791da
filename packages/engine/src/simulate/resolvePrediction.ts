/**
 * The prediction of a case (spec 3 `Prediction`) resolved into the simulation's settings: the model
 * choices with their defaults, the monthly factors, the horizon, degradation, the year repeater and the
 * uncertainty components.
 *
 * Defaults of absent fields (each applied one is listed in the result's `defaultsApplied`):
 * - transpositionModel 1 Perez with the 1990 all-sites coefficients (also offered: 0 Hay–Davies and the
 *   engine's 100 isotropic, 101 Reindl, 102 Klucher); circumsolarTreatment 0 (diffuse);
 * - diffuseDirectDecompModel: 3 None when the weather has DNI and DHI, else 2 DIRINT (spec 1 §4: a file
 *   without plane-of-array irradiance gets no decomposition and Perez); useMeteoPOAI false;
 * - DIRINT (and GTI-DIRINT): dirintUseDeltaKtPrime true; dirintWaterSource the weather's dew point 3,
 *   else its precipitable water 1, else none 0;
 * - airMassModel 0 Bird–Hulstrom (the first value, as an API client that omits it gets);
 * - modTempModel 0 heat balance (spec 4 §2 "default"; also offered: the engine's 100 Faiman, 101 PVsyst
 *   with explicit η, 102 Fuentes, whose coefficients the DC fields give); incAngleModel 3 ASHRAE with
 *   the module's b0;
 * - spectralShiftModel 0 none; spectralWeatherType: the weather's precipitable water 1, else relative
 *   humidity 2, else dew point 3, else none 0 (spec 4 §2 "precipitable-water source");
 * - soilingModel 0 constant monthly; directBeamShadingModel 0 linear; diffuseShadingModel 0 none;
 *   electricalShadingFractionalEffect 50 % (spec 4 §2);
 * - monthlyFactors: albedo 0.2, soiling 0 %, spectral shift 0 % for every month not given; a constant
 *   `albedo` [-] or `soilingLoss` [%] of the prediction replaces the 0.2 and the 0 % (one value for the
 *   year without twelve monthly entries);
 * - degradationModel 0 none, linearDegradationRate 0.5 %/yr when a linear model is chosen without it
 *   (spec 4 §1, OA example); yearRepeater 1;
 * - uncertainty (spec 4 §1, SDK): errorSpaVar 2, errorModelAcc 2.9, errorIntAnnVar 3, errorSensAcc 5,
 *   errorMonAcc 2 [%]; pValues 50, 75, 90, 95, 99;
 * - dcWiringLossModel 0 (series resistance, spec 4 §2).
 */
import {
  AirMassModelType,
  DiffuseDirectDecompModelType,
  DiffuseShadingModel,
  DirectBeamShadingModel,
  IncidenceAngleModelType,
  SoilingModelType,
  SpectralShiftModel,
  SpectralWeatherType,
  TranspositionModelType,
  type DecompositionModelChoice,
  type TranspositionChoice,
} from '../chain/choices.ts';
import { PEREZ_MODELS, type PerezModel } from '../irradiance/transposition/perezCoefficients.ts';
import type { HorizonPoint } from '../shading/horizon.ts';
import {
  CircumsolarTreatmentType,
  DcWiringLossModel,
  DegradationModel,
  DirintWaterSourceType,
  ModuleTemperatureModelType,
} from './enums.ts';
import type { CaseReader, Json } from './read.ts';

/** Which optional columns the weather has (finite somewhere), for defaults and checks. */
export interface WeatherFacts {
  length: number;
  hasDniDhi: boolean;
  hasPoa: boolean;
  hasPrecipitableWater: boolean;
  hasRelativeHumidity: boolean;
  hasDewPoint: boolean;
  hasAlbedo: boolean;
}

/** The prediction's settings, resolved. */
export interface PredictionSettings {
  name: string;
  useMeteoPOAI: boolean;
  decomposition: DecompositionModelChoice;
  decompositionModel: DiffuseDirectDecompModelType;
  transposition: TranspositionChoice;
  airMass: AirMassModelType;
  circumsolar: CircumsolarTreatmentType;
  modTempModel: ModuleTemperatureModelType;
  incAngleModel: IncidenceAngleModelType;
  spectralShiftModel: SpectralShiftModel;
  spectralWeatherType: SpectralWeatherType;
  soilingModel: SoilingModelType;
  directBeamShadingModel: DirectBeamShadingModel;
  diffuseShadingModel: DiffuseShadingModel;
  /** E [%]; undefined: the module's, else 50 % */
  fractionalEffect: number | undefined;
  /** N for step-fractional shading (undefined: the DC field's modules high) */
  moduleFractions: number | undefined;
  useWeatherFileAlbedoData: boolean;
  /** 12 values, January first */
  monthlyAlbedo: number[];
  monthlySoiling: number[];
  monthlySpectral: number[];
  horizon: HorizonPoint[] | undefined;
  degradation: {
    model: DegradationModel;
    /** [%/yr] */
    linearRate: number;
    firstYear: boolean;
    /** per-year rates (year 0 = the first year of operation) [%/yr] */
    nonLinearRates: { year: number; degradationRate: number }[];
    /** LeTID per-year rates [%/yr]; empty when disabled */
    leTidRates: { year: number; degradationRate: number }[];
  };
  yearRepeater: number;
  /** [%] */
  uncertainty: { spaVar: number; modelAcc: number; intAnnVar: number; sensAcc: number; monAcc: number };
  pValues: number[];
  cool996: number | undefined;
  dcWiringLossModel: DcWiringLossModel;
  /** product logic version (3–13); ≥ 12 uses the quadratic AC collection loss */
  logicVersion: number;
}

/** @internal Twelve monthly values from `monthlyFactors[].key`, `dflt` for months not given. */
function monthly(
  r: CaseReader,
  list: unknown[],
  key: string,
  dflt: number,
  path: string,
  noted = true,
): number[] {
  const out = new Array<number>(12).fill(NaN);
  list.forEach((m, i) => {
    const p = `${path}.monthlyFactors[${i}]`;
    const o = r.object(m, p);
    if (!o) return;
    const month = r.required(o, 'month', p, { integer: true, min: 1, max: 12 });
    const v = r.number(o, key, p, key === 'albedo' ? { min: 0, max: 1 } : { min: -100, max: 100 });
    if (Number.isInteger(month) && v !== undefined) out[month - 1] = v;
  });
  if (noted && out.some((v) => Number.isNaN(v)))
    r.note(`${path}.monthlyFactors[].${key}`, `${dflt} where not given`);
  return out.map((v) => (Number.isNaN(v) ? dflt : v));
}

/** @internal A list of {year, degradationRate} (spec 3; year 0 = the first year of operation, spec 4 §2). */
function yearlyRates(
  r: CaseReader,
  o: Json,
  key: string,
  path: string,
): { year: number; degradationRate: number }[] {
  return r.array(o, key, path).flatMap((e, i) => {
    const p = `${path}.${key}[${i}]`;
    const x = r.object(e, p);
    if (!x) return [];
    return [
      {
        year: r.required(x, 'year', p, { integer: true, min: 0, max: 100 }),
        degradationRate: r.required(x, 'degradationRate', p, { min: -100, max: 100 }),
      },
    ];
  });
}

/**
 * DIRINT's options (engine fields of the prediction): `dirintUseDeltaKtPrime` (Perez et al. 1992's
 * stability index Δkt′ from the neighbouring steps; default true) and `dirintWaterSource`
 * ({@link DirintWaterSourceType}: none 0, the file's precipitable water 1, from its dew point 3; default
 * the dew point, else the precipitable water, else none). A source whose column the weather lacks is an
 * error.
 */
function dirintChoice(r: CaseReader, o: Json, path: string, w: WeatherFacts): DecompositionModelChoice {
  const useDeltaKtPrime = r.boolean(o, 'dirintUseDeltaKtPrime', path, true);
  if (o.dirintUseDeltaKtPrime === undefined && !r.quiet) r.note(`${path}.dirintUseDeltaKtPrime`, 'true');
  const dflt = w.hasDewPoint
    ? DirintWaterSourceType.DewPoint
    : w.hasPrecipitableWater
      ? DirintWaterSourceType.PrecipitableWater
      : DirintWaterSourceType.None;
  const source = r.choice(o, 'dirintWaterSource', path, DirintWaterSourceType, dflt);
  if (source === DirintWaterSourceType.DewPoint && !w.hasDewPoint)
    r.error(`${path}.dirintWaterSource`, '3 (dew point) needs a dew-point column in the weather file');
  if (source === DirintWaterSourceType.PrecipitableWater && !w.hasPrecipitableWater)
    r.error(
      `${path}.dirintWaterSource`,
      '1 (precipitable water) needs a precipitable-water column in the weather file',
    );
  const water =
    source === DirintWaterSourceType.DewPoint
      ? 'dewPoint'
      : source === DirintWaterSourceType.PrecipitableWater
        ? 'precipitableWater'
        : 'none';
  return { model: DiffuseDirectDecompModelType.Dirint, useDeltaKtPrime, water };
}

/**
 * Reads `prediction` (absent: every default).
 * @param r the reader collecting errors and defaults
 * @param v the prediction object
 * @param w what the weather holds
 * @returns the settings
 */
export function resolvePrediction(r: CaseReader, v: unknown, w: WeatherFacts): PredictionSettings {
  const path = 'prediction';
  const o = v === undefined ? {} : (r.object(v, path) ?? {});
  const useMeteoPOAI = r.boolean(o, 'useMeteoPOAI', path, false);
  if (useMeteoPOAI && !w.hasPoa)
    r.error(`${path}.useMeteoPOAI`, 'the weather file has no plane-of-array irradiance');
  const decompDefault =
    useMeteoPOAI || !w.hasDniDhi ? DiffuseDirectDecompModelType.Dirint : DiffuseDirectDecompModelType.None;
  const decompositionModel = r.choice(
    o,
    'diffuseDirectDecompModel',
    path,
    DiffuseDirectDecompModelType,
    decompDefault,
  );
  if (decompositionModel === DiffuseDirectDecompModelType.None && !w.hasDniDhi && !useMeteoPOAI)
    r.error(`${path}.diffuseDirectDecompModel`, '3 (None) needs DNI and DHI in the weather file');
  const decomposition: DecompositionModelChoice =
    decompositionModel === DiffuseDirectDecompModelType.Dirint
      ? dirintChoice(r, o, path, w)
      : { model: decompositionModel };
  const tModel = r.choice(
    o,
    'transpositionModel',
    path,
    TranspositionModelType,
    TranspositionModelType.Perez,
  );
  let coefficients: PerezModel = 'allsitescomposite1990';
  const pc = o.perezCoefficients;
  if (typeof pc === 'string' && (PEREZ_MODELS as string[]).includes(pc)) coefficients = pc as PerezModel;
  else if (typeof pc === 'number' && Number.isInteger(pc) && PEREZ_MODELS[pc] !== undefined)
    coefficients = PEREZ_MODELS[pc]!;
  else if (pc !== undefined && pc !== null)
    r.error(`${path}.perezCoefficients`, `must be one of ${PEREZ_MODELS.join(', ')} or its index`);
  const transposition: TranspositionChoice =
    tModel === TranspositionModelType.Perez ? { model: tModel, coefficients } : { model: tModel };
  const spectralShiftModel = r.choice(
    o,
    'spectralShiftModel',
    path,
    SpectralShiftModel,
    SpectralShiftModel.None,
  );
  const waterDefault = w.hasPrecipitableWater
    ? SpectralWeatherType.PrecipitableWater
    : w.hasRelativeHumidity
      ? SpectralWeatherType.RelativeHumidity
      : w.hasDewPoint
        ? SpectralWeatherType.DewPoint
        : SpectralWeatherType.None;
  const spectralWeatherType = r.choice(
    o,
    'spectralWeatherType',
    path,
    SpectralWeatherType,
    waterDefault,
    spectralShiftModel === SpectralShiftModel.OneParameter ||
      spectralShiftModel === SpectralShiftModel.TwoParameter,
  );
  const factors = r.array(o, 'monthlyFactors', path);
  // one value for every month that `monthlyFactors` does not give (engine fields, no product field)
  const constantAlbedo = r.number(o, 'albedo', path, { min: 0, max: 1 });
  const constantSoiling = r.number(o, 'soilingLoss', path, { min: -100, max: 100 });
  const soilingModel = r.choice(o, 'soilingModel', path, SoilingModelType, SoilingModelType.ConstantMonthly);
  if (soilingModel === SoilingModelType.WeatherFile)
    r.error(
      `${path}.soilingModel`,
      '1 (weather file) needs a soiling column, which no supported weather format has',
    );
  const useWeatherFileAlbedoData = r.boolean(o, 'useWeatherFileAlbedoData', path, false);
  if (useWeatherFileAlbedoData && !w.hasAlbedo)
    r.error(`${path}.useWeatherFileAlbedoData`, 'the weather file has no albedo column');
  const horizon = r.array(o, 'horizonDetails', path).flatMap((h, i) => {
    const p = `${path}.horizonDetails[${i}]`;
    const x = r.object(h, p);
    if (!x) return [];
    return [
      {
        azimuth: r.required(x, 'azimuth', p, { min: -360, max: 360 }),
        elevation: r.required(x, 'elevation', p, { min: -10, max: 90 }),
      },
    ];
  });
  const dModel = r.choice(o, 'degradationModel', path, DegradationModel, DegradationModel.None);
  const linear = dModel === DegradationModel.LinearAC || dModel === DegradationModel.LinearDC;
  const enableLeTID = r.boolean(o, 'enableLeTID', path, false);
  const pValues = r.array(o, 'pValues', path);
  return {
    name: r.string(o, 'name', path) ?? 'Prediction',
    useMeteoPOAI,
    decomposition,
    decompositionModel,
    transposition,
    airMass: r.choice(o, 'airMassModel', path, AirMassModelType, AirMassModelType.BirdHulstrom),
    circumsolar: r.choice(
      o,
      'circumsolarTreatment',
      path,
      CircumsolarTreatmentType,
      CircumsolarTreatmentType.Diffuse,
    ),
    modTempModel: r.choice(
      o,
      'modTempModel',
      path,
      ModuleTemperatureModelType,
      ModuleTemperatureModelType.HeatBalance,
    ),
    incAngleModel: r.choice(
      o,
      'incAngleModel',
      path,
      IncidenceAngleModelType,
      IncidenceAngleModelType.Ashrae,
    ),
    spectralShiftModel,
    spectralWeatherType,
    soilingModel,
    directBeamShadingModel: r.choice(
      o,
      'directBeamShadingModel',
      path,
      DirectBeamShadingModel,
      DirectBeamShadingModel.Linear,
    ),
    diffuseShadingModel: r.choice(
      o,
      'diffuseShadingModel',
      path,
      DiffuseShadingModel,
      DiffuseShadingModel.None,
    ),
    fractionalEffect: r.number(o, 'electricalShadingFractionalEffect', path, { min: 0, max: 100 }),
    moduleFractions: r.number(o, 'numberOfModuleFractions', path, { integer: true, min: 1, max: 100 }),
    useWeatherFileAlbedoData,
    monthlyAlbedo: monthly(r, factors, 'albedo', constantAlbedo ?? 0.2, path, constantAlbedo === undefined),
    monthlySoiling:
      soilingModel === SoilingModelType.ConstantMonthly
        ? monthly(r, factors, 'soilingLoss', constantSoiling ?? 0, path, constantSoiling === undefined)
        : new Array<number>(12).fill(0),
    monthlySpectral:
      spectralShiftModel === SpectralShiftModel.MonthlyOverride
        ? monthly(r, factors, 'spectralShift', 0, path)
        : new Array<number>(12).fill(0),
    horizon: horizon.length > 0 ? horizon : undefined,
    degradation: {
      model: dModel,
      linearRate:
        linear || dModel === DegradationModel.SteppedAC
          ? r.numberOr(o, 'linearDegradationRate', path, 0.5, { min: -100, max: 100 }, true)
          : 0,
      firstYear: r.boolean(o, 'firstYearDegradation', path, false),
      nonLinearRates: yearlyRates(r, o, 'nonLinearDegradationRates', path),
      leTidRates: enableLeTID ? yearlyRates(r, o, 'lightAndElevatedTemperatureDegradationRates', path) : [],
    },
    yearRepeater: r.numberOr(o, 'yearRepeater', path, 1, { integer: true, min: 1, max: 100 }),
    uncertainty: {
      spaVar: r.numberOr(o, 'errorSpaVar', path, 2, { min: 0, max: 100 }, true),
      modelAcc: r.numberOr(o, 'errorModelAcc', path, 2.9, { min: 0, max: 100 }, true),
      intAnnVar: r.numberOr(o, 'errorIntAnnVar', path, 3, { min: 0, max: 100 }, true),
      sensAcc: r.numberOr(o, 'errorSensAcc', path, 5, { min: 0, max: 100 }, true),
      monAcc: r.numberOr(o, 'errorMonAcc', path, 2, { min: 0, max: 100 }, true),
    },
    pValues:
      pValues.length > 0
        ? pValues.flatMap((p, i) => {
            if (typeof p === 'number' && p > 0 && p < 100) return [p];
            r.error(`${path}.pValues[${i}]`, 'must be a number between 0 and 100');
            return [];
          })
        : [50, 75, 90, 95, 99],
    cool996: r.number(o, 'cool996', path, { min: -60, max: 70 }),
    dcWiringLossModel: r.choice(
      o,
      'dcWiringLossModel',
      path,
      DcWiringLossModel,
      DcWiringLossModel.SeriesResistance,
    ),
    logicVersion: r.numberOr(o, 'logicVersion', path, 11, { integer: true, min: 3, max: 13 }),
  };
}
