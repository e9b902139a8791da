/**
 * The prediction as the API reads and shows it (spec 3 `Prediction` (127), `MonthlyFactors`,
 * `HorizonDetail`, `NonLinearDegradationRate`, `LightAndElevationTemperatureDegradation`).
 *
 * `PREDICTION_KEYS` is spec 3's field list in spec order: GET shows every one (null where unset), then
 * Sunfield's own fields (`PREDICTION_EXTRAS`). The schema reads the input fields with their physical
 * ranges and enumerations; processing state, results, joined records (`project`, `weather`,
 * `powerPlant`, …) and ownership are shown but never read. Keys match case- and
 * underscore-insensitively (`fields.ts`), so the SDK's `cool_996` and `useMeteoPoai` land on
 * `cool996` and `useMeteoPOAI`.
 */
import { z } from 'zod';
import { MONTH_ABBREVIATIONS } from '@sunfield/engine';
import {
  AirMassModelType,
  CircumsolarTreatmentType,
  DcWiringLossModel,
  DegradationModel,
  DiffuseDirectDecompModelType,
  DiffuseShadingModel,
  DirectBeamShadingModel,
  IncidenceAngleModelType,
  ModuleTemperatureModelType,
  PerezCoefficientsEnum,
  SoilingModelType,
  SpectralShiftModel,
  SpectralWeatherType,
  TranspositionModelType,
} from '../enums/models.ts';
import { MapBuilderCreateDCOptions } from '../enums/plant.ts';
import { PredictionStatusEnum, PredictionVersionEnum } from '../enums/status.ts';
import { AshraeVersionEnum } from '../enums/weather.ts';
import {
  bool,
  dateTime,
  emptyListAsAbsent,
  entity,
  enumOf,
  id,
  int,
  list,
  num,
  outputOnly,
  requiredText,
  specKeys,
  text,
} from './fields.ts';
import type { DefinitionSpec } from '../enums/types.ts';
import { withEngineValues } from './ranges.ts';

export const PREDICTION_NAME_MAX = 200;

/**
 * TranspositionModelType with the engine's isotropic sky (100), Reindl (101) and Klucher (102), which
 * the engine runs too; numbered past the product's Hay 0 and Perez 1 so its scripts keep their meaning.
 */
export const PREDICTION_TRANSPOSITION_MODELS = withEngineValues(TranspositionModelType, [
  { id: 100, name: 'Isotropic' },
  { id: 101, name: 'Reindl' },
  { id: 102, name: 'Klucher' },
]);

/**
 * ModuleTemperatureModelType with the engine's Faiman (100), PVsyst with an explicit module efficiency
 * (101) and Fuentes (102); their coefficients are the DC fields' (`DC_FIELD_EXTRAS`).
 */
export const PREDICTION_TEMPERATURE_MODELS = withEngineValues(ModuleTemperatureModelType, [
  { id: 100, name: 'Faiman' },
  { id: 101, name: 'PVsyst' },
  { id: 102, name: 'Fuentes' },
]);

/**
 * Source of DIRINT's precipitable water (engine field `dirintWaterSource`, numbered as
 * SpectralWeatherType): none 0, the weather file's column 1, from its dew point 3.
 */
export const DirintWaterSource = {
  type: 'DirintWaterSource',
  values: [
    { id: 0, name: 'None' },
    { id: 1, name: 'PrecipitableWater', label: 'Precipitable water column' },
    { id: 3, name: 'DewPoint', label: 'From the dew point' },
  ],
} as const satisfies DefinitionSpec;

export const MONTHLY_FACTORS_KEYS = specKeys(
  'id:int, month:int, monthName:str, soilingLoss:num, albedo:num, spectralShift:num',
);
/**
 * spec 3 MonthlyFactors: month 1–12, albedo [-], soiling and spectral losses [%] (negative: a gain,
 * as the SDK's example says).
 */
export const monthlyFactorsSchema = entity(
  {
    id: id(),
    month: z
      .number({ error: 'Must be a month from 1 to 12.' })
      .int({ error: 'Must be a month from 1 to 12.' })
      .min(1, { error: 'Must be a month from 1 to 12.' })
      .max(12, { error: 'Must be a month from 1 to 12.' }),
    monthName: text(20),
    soilingLoss: num(-100, 100, '%'),
    albedo: num(0, 1),
    spectralShift: num(-100, 100, '%'),
  },
  MONTHLY_FACTORS_KEYS,
);
export type MonthlyFactorsInput = z.output<typeof monthlyFactorsSchema>;

export const HORIZON_DETAIL_KEYS = specKeys('id:int, azimuth:num, elevation:num');
/** spec 3 HorizonDetail: azimuth [°] (N = 0, E = 90) and the horizon's elevation there [°]. */
export const horizonDetailSchema = entity(
  { id: id(), azimuth: num(0, 360, '°'), elevation: num(0, 90, '°') },
  HORIZON_DETAIL_KEYS,
);

export const DEGRADATION_RATE_KEYS = specKeys('id:int, year:int, degradationRate:num');
/** spec 3 NonLinearDegradationRate and LightAndElevationTemperatureDegradation: year (0 = the first year of operation, as the engine reads it) and its rate [%/yr]. */
export const degradationRateSchema = entity(
  { id: id(), year: int(0, 100), degradationRate: num(-100, 100, '%/yr') },
  DEGRADATION_RATE_KEYS,
);

/** A batch step variable (spec 1 §1: DC:AC ratio, GCR %, tilt, azimuth or post height; start, stop, step). */
export const BATCH_STEP_KEYS = ['id', 'batchStepVariableType', 'start', 'stop', 'step'] as const;
export const batchStepSchema = entity(
  {
    id: id(),
    batchStepVariableType: int(1, 5),
    start: num(-1_000_000, 1_000_000),
    stop: num(-1_000_000, 1_000_000),
    step: num(-1_000_000, 1_000_000),
  },
  BATCH_STEP_KEYS,
);

export const PREDICTION_KEYS = specKeys(
  'id:int, name:str, description:str, companyId:int, company:Company, ownerId:int, owner:ApplicationUser, createdDate:str(dt), lastModified:str(dt), lastModifiedById:int, lastModifiedBy:ApplicationUser, status:PredictionStatusEnum, start:str(dt), end:str(dt), lastPublishedDateToQueue:str(dt), startIndex:int, endIndex:int, yearRepeater:int, transpositionModel:TranspositionModelType, perezCoefficients:PerezCoefficientsEnum, diffuseDirectDecompModel:DiffuseDirectDecompModelType, circumsolarTreatment:CircumsolarTreatmentType, diffuseDirectDecompModelExecuted:bool, useMeteoDni:bool, useMeteoPOAI:bool, useBacksidePOAI:bool, useLeapYears:bool, useWeatherFileAlbedoData:bool, useMetastability:bool, enableLeTID:bool, airMassModel:AirMassModelType, soilingModel:SoilingModelType, modTempModel:ModuleTemperatureModelType, incAngleModel:IncidenceAngleModelType, directBeamShadingModel:DirectBeamShadingModel, degradationModel:DegradationModel, diffuseShadingModel:DiffuseShadingModel, linearDegradationRate:num, firstYearDegradation:bool, nonLinearDegradationRates:NonLinearDegradationRate[], lightAndElevatedTemperatureDegradationRates:LightAndElevationTemperatureDegradation[], errorModelAcc:num, errorSensAcc:num, errorIntAnnVar:num, errorMonAcc:num, errorSpaVar:num, siteResultList:SiteStructureCalculationResultDetail[], spectralShiftModel:SpectralShiftModel, spectralWeatherType:SpectralWeatherType, powerPlantId:int, powerPlant:PVPlant, monthlyFactors:MonthlyFactors[], horizonDetails:HorizonDetail[], ashraeStation:str, ashraeVersion:int, heat996:num, cool996:num, max50Year:num, min50Year:num, minAnnualMeanDBTemp:num, elevation:num, timeZone:num, weather:Weather, weatherId:int, project:Project, projectId:int, resultSummary:PredictionResultSummary, resultSummaryId:int, financialModelParameters:FinancialModelParameters, financialModelParametersId:int, cashflowSummaryResult:CashflowSummaryResult, cashflowSummaryResultId:int, shadeSceneProperties:ShadeSceneProperties, shadeScenePropertiesId:int, shadeEngineRunInfo:ShadeEngineRunInfo, shadeEngineRunInfo_Id:int, shadeEngineOutputData:ShadeEngineOutputData, shading3DModel:Shading3DModel, tabtEngineRunInfo:TABTEngineRunInfo, tabtEngineRunInfo_Id:int, percentComplete:num, processingStatus:ProcessingStatusEnum, processingStep:PredictionProcessingStep, processingMessage:str, resultDetail:PredictionResultDetail[], pValues:int[], isReadOnly:bool, pValuesString:str, nodalData:bool, hasTimeSeriesData:bool, isBatch:bool, batchPredictionId:int, childPredictions:Prediction[], batchStepVariable:BatchStepVariable[], batchQualified:bool, logicVersion:PredictionVersionEnum, mapKML:str, mapBuilderCreateDCAs:MapBuilderCreateDCOptions, useMapBuilder:bool, mapDesignData:MapData, scenePropertiesKey:str, setback:num, targetDC:num, weatherLocked:bool, electricalShadingFractionalEffect:num, numberOfModuleFractions:num, timeSeriesData:TimeSeries[], numOfBlocks:int, numOfWeatherDetails:int, hasObjectShading:bool, numOfShadingObjects:int, reports:Reports, reportsId:int, canImportAlbedoData:bool, isStringSizingPrediction:bool, queueMessageId:str, queuePopReceipt:str, runningOnVMName:str, runCompletedDateTimeUTC:str(dt), useSpectral30:bool, spectral30B0:num, spectral30B1:num, spectral30B2:num, spectral30B3:num, spectral30B4:num, spectral30B5:num, spectral30B6:num',
);

/**
 * Sunfield's fields beyond spec 3: the ASHRAE station's WMO number and distance (spec 1 §3 "Site
 * data"), the DC wiring loss model (an engine choice), DIRINT's Δkt′ switch and precipitable-water
 * source, a constant albedo [-] and soiling loss [%] for the months `monthlyFactors` does not give
 * (engine choices, see the engine's `resolvePrediction`), and `canEdit` (whether the caller may change it).
 */
export const PREDICTION_EXTRAS = [
  'ashraeWMO',
  'ashraeDistance',
  'dcWiringLossModel',
  'dirintUseDeltaKtPrime',
  'dirintWaterSource',
  'albedo',
  'soilingLoss',
] as const;

const temperature = (min: number, max: number) => num(min, max, '°C');

/**
 * spec 3 Prediction (127). Uncertainty terms [%]; degradation [%/yr]; design temperatures [°C];
 * elevation [m]; time zone: standard offset from UTC [h]; setback [m]; target DC [MW].
 */
export const predictionSchema = entity(
  {
    id: id(),
    name: requiredText(PREDICTION_NAME_MAX).optional(),
    description: text(),
    companyId: outputOnly(),
    company: outputOnly(),
    ownerId: outputOnly(),
    owner: outputOnly(),
    createdDate: outputOnly(),
    lastModified: outputOnly(),
    lastModifiedById: outputOnly(),
    lastModifiedBy: outputOnly(),
    status: enumOf(PredictionStatusEnum),
    start: dateTime(),
    end: dateTime(),
    lastPublishedDateToQueue: outputOnly(),
    startIndex: int(0, 100_000_000),
    endIndex: int(0, 100_000_000),
    yearRepeater: int(1, 50),
    transpositionModel: enumOf(PREDICTION_TRANSPOSITION_MODELS),
    perezCoefficients: enumOf(PerezCoefficientsEnum),
    diffuseDirectDecompModel: enumOf(DiffuseDirectDecompModelType),
    circumsolarTreatment: enumOf(CircumsolarTreatmentType),
    diffuseDirectDecompModelExecuted: bool(),
    useMeteoDni: bool(),
    useMeteoPOAI: bool(),
    useBacksidePOAI: bool(),
    useLeapYears: bool(),
    useWeatherFileAlbedoData: bool(),
    useMetastability: bool(),
    enableLeTID: bool(),
    airMassModel: enumOf(AirMassModelType),
    soilingModel: enumOf(SoilingModelType),
    modTempModel: enumOf(PREDICTION_TEMPERATURE_MODELS),
    incAngleModel: enumOf(IncidenceAngleModelType),
    directBeamShadingModel: enumOf(DirectBeamShadingModel),
    degradationModel: enumOf(DegradationModel),
    diffuseShadingModel: enumOf(DiffuseShadingModel),
    linearDegradationRate: num(-20, 20, '%/yr'),
    firstYearDegradation: bool(),
    nonLinearDegradationRates: list(degradationRateSchema, 100),
    lightAndElevatedTemperatureDegradationRates: list(degradationRateSchema, 100),
    errorModelAcc: num(0, 100, '%'),
    errorSensAcc: num(0, 100, '%'),
    errorIntAnnVar: num(0, 100, '%'),
    errorMonAcc: num(0, 100, '%'),
    errorSpaVar: num(0, 100, '%'),
    siteResultList: outputOnly(),
    spectralShiftModel: enumOf(SpectralShiftModel),
    spectralWeatherType: enumOf(SpectralWeatherType),
    powerPlantId: outputOnly(),
    powerPlant: outputOnly(),
    monthlyFactors: list(monthlyFactorsSchema, 12),
    horizonDetails: list(horizonDetailSchema, 3_600),
    ashraeStation: text(200),
    ashraeVersion: enumOf(AshraeVersionEnum),
    heat996: temperature(-90, 60),
    cool996: temperature(-60, 65),
    max50Year: temperature(-60, 70),
    min50Year: temperature(-90, 50),
    minAnnualMeanDBTemp: temperature(-90, 50),
    elevation: num(-500, 9_000, 'm'),
    timeZone: num(-12, 14, 'h'),
    weather: outputOnly(),
    weatherId: id(),
    project: outputOnly(),
    projectId: outputOnly(),
    resultSummary: outputOnly(),
    resultSummaryId: outputOnly(),
    financialModelParameters: outputOnly(),
    financialModelParametersId: outputOnly(),
    cashflowSummaryResult: outputOnly(),
    cashflowSummaryResultId: outputOnly(),
    shadeSceneProperties: outputOnly(),
    shadeScenePropertiesId: outputOnly(),
    shadeEngineRunInfo: outputOnly(),
    shadeEngineRunInfo_Id: outputOnly(),
    shadeEngineOutputData: outputOnly(),
    shading3DModel: outputOnly(),
    tabtEngineRunInfo: outputOnly(),
    tabtEngineRunInfo_Id: outputOnly(),
    percentComplete: outputOnly(),
    processingStatus: outputOnly(),
    processingStep: outputOnly(),
    processingMessage: outputOnly(),
    resultDetail: outputOnly(),
    // A prediction always has P-values; `[]` (all the SDK can send) keeps them.
    pValues: emptyListAsAbsent(
      z
        .array(
          z
            .number({ error: 'Each P-value must be a whole number from 1 to 99.' })
            .int({ error: 'Each P-value must be a whole number from 1 to 99.' })
            .min(1, { error: 'Each P-value must be a whole number from 1 to 99.' })
            .max(99, { error: 'Each P-value must be a whole number from 1 to 99.' }),
          { error: 'Must be a list of whole numbers from 1 to 99.' },
        )
        .max(20, { error: 'Must have at most 20 P-values.' })
        .refine((values) => new Set(values).size === values.length, { error: 'P-values must differ.' })
        .nullish(),
    ),
    isReadOnly: outputOnly(),
    pValuesString: outputOnly(),
    nodalData: outputOnly(),
    hasTimeSeriesData: outputOnly(),
    isBatch: bool(),
    batchPredictionId: id(),
    childPredictions: outputOnly(),
    batchStepVariable: list(batchStepSchema, 5),
    batchQualified: bool(),
    logicVersion: enumOf(PredictionVersionEnum),
    mapKML: text(5_000_000),
    mapBuilderCreateDCAs: enumOf(MapBuilderCreateDCOptions),
    useMapBuilder: bool(),
    mapDesignData: outputOnly(),
    scenePropertiesKey: text(200),
    setback: num(0, 10_000, 'm'),
    targetDC: num(0, 100_000, 'MW'),
    weatherLocked: bool(),
    electricalShadingFractionalEffect: num(0, 100, '%'),
    numberOfModuleFractions: int(1, 100),
    timeSeriesData: outputOnly(),
    numOfBlocks: outputOnly(),
    numOfWeatherDetails: outputOnly(),
    hasObjectShading: outputOnly(),
    numOfShadingObjects: outputOnly(),
    reports: outputOnly(),
    reportsId: outputOnly(),
    canImportAlbedoData: outputOnly(),
    isStringSizingPrediction: bool(),
    queueMessageId: outputOnly(),
    queuePopReceipt: outputOnly(),
    runningOnVMName: outputOnly(),
    runCompletedDateTimeUTC: outputOnly(),
    useSpectral30: bool(),
    spectral30B0: num(-100, 100),
    spectral30B1: num(-100, 100),
    spectral30B2: num(-100, 100),
    spectral30B3: num(-100, 100),
    spectral30B4: num(-100, 100),
    spectral30B5: num(-100, 100),
    spectral30B6: num(-100, 100),
    ashraeWMO: text(20),
    ashraeDistance: num(0, 20_100, 'km'),
    dcWiringLossModel: enumOf(DcWiringLossModel),
    dirintUseDeltaKtPrime: bool(),
    dirintWaterSource: enumOf(DirintWaterSource),
    albedo: num(0, 1),
    soilingLoss: num(-100, 100, '%'),
  },
  [...PREDICTION_KEYS, ...PREDICTION_EXTRAS],
);
export type PredictionInput = z.output<typeof predictionSchema>;

/** The stored fields of a prediction: the input fields without its id. */
export type PredictionFields = Omit<PredictionInput, 'id'>;

/** The 12 monthly factors' month names as the product writes them (`Jan` … `Dec`). */
export const MONTH_NAMES = MONTH_ABBREVIATIONS;
