/**
 * The power plant of a prediction as the API reads and shows it (spec 3 `PVPlant` → `PVBlock` →
 * `PVArray` → `PVInverter` → `PVDCField`, with `Transformer`, `TransmissionLine`, `ESSSystem`,
 * `ESSInputs`, `GroundObject`, `SeasonalTiltMonthlyFactor`, `NodalExportConfiguration`).
 *
 * Each `…_KEYS` list is the entity's spec 3 field list in spec order: the API shows every one of them
 * (null where unset). The schemas read the input fields, each with the range a physical device can
 * have (units of the API: kW, kVA, MW, MVA, kV, V, W, %, m, degrees with azimuth N = 0, E = 90);
 * results, joined records (`module`, `inverter`, time-series records) and computed sizes are shown
 * but never read. Keys match case- and underscore-insensitively (see `fields.ts`). Every field is
 * optional here: what a save requires and the defaults of absent fields are the builder's rules.
 */
import { z } from 'zod';
import { MONTH_KEYS } from '@sunfield/engine';
import {
  DCFieldBacktrackingType,
  DCFieldTrackingTypeEnum,
  ESSChargeAlgorithm,
  ESSDispatchCustomCommand,
  IrradianceOptimizationType,
  PowerPlantDesignType,
  ShadeAlgorithm,
  TableType,
  WindStowType,
  DCFieldObjectSide,
} from '../enums/plant.ts';
import { DCFieldModuleTemperatureModelType } from '../enums/models.ts';
import { ModuleOrientation } from '../enums/module.ts';
import {
  bool,
  dateTime,
  entity,
  enumOf,
  id,
  int,
  list,
  num,
  numberList,
  outputOnly,
  positive,
  specKeys,
  text,
} from './fields.ts';
import type { DefinitionSpec } from '../enums/types.ts';
import { withEngineValues } from './ranges.ts';

/** Most steps a time series of a node may have (one leap year of 1-minute steps). */
export const MAX_SERIES_STEPS = 527_040;
/** Most blocks, arrays per block, inverters per array and DC fields per inverter. */
export const PLANT_LIMITS = {
  blocks: 2000,
  arrays: 500,
  inverters: 26,
  dcFields: 500,
  nodes: 20_000,
} as const;
/** Largest repeater of a node. */
export const MAX_REPEATER = 100_000;

// ---------------------------------------------------------------------------------------------
// Small entities

export const TRANSFORMER_KEYS = specKeys(
  'id:int, rating:num, highSideVoltage:num, noLoadLoss:num, fullLoadLoss:num, ordinal:int',
);
/** spec 3 Transformer: rating [MVA], high-side voltage [kV], losses [% of rating], ordinal (1 = nearest the plant). */
export const transformerSchema = entity(
  {
    id: id(),
    rating: positive(10_000, 'MVA'),
    highSideVoltage: positive(1_500, 'kV'),
    noLoadLoss: num(0, 100, '%'),
    fullLoadLoss: num(0, 100, '%'),
    ordinal: int(1, 1000),
  },
  TRANSFORMER_KEYS,
);

export const TRANSMISSION_LINE_KEYS = specKeys(
  'id:int, length:num, resistance:num, numberOfConductorsPerPhase:int, ordinal:int',
);
/** spec 3 TransmissionLine: length [km], resistance [Ω per 1000 ft] (null: computed), conductors per phase. */
export const transmissionLineSchema = entity(
  {
    id: id(),
    length: num(0, 2_000, 'km'),
    resistance: num(0, 100, 'Ω/1000 ft'),
    numberOfConductorsPerPhase: int(1, 20),
    ordinal: int(1, 1000),
  },
  TRANSMISSION_LINE_KEYS,
);

export const GROUND_KEYS = specKeys('edgeOffset:num, calculate:bool, color:str, slope:num, slopeAzimuth:num');
/** spec 3 GroundObject: edge offset [m], slope [°] and its azimuth [°], colour (`#rrggbb`). */
export const groundSchema = entity(
  {
    edgeOffset: num(0, 10_000, 'm'),
    calculate: bool(),
    color: z
      .string({ error: 'Must be a colour such as #afaea4.' })
      .regex(/^#[0-9a-fA-F]{6}$/, { error: 'Must be a colour such as #afaea4.' })
      .nullish(),
    slope: num(0, 45, '°'),
    slopeAzimuth: num(0, 360, '°'),
  },
  GROUND_KEYS,
);

export const SEASONAL_TILT_KEYS = specKeys('id:int, month:int, tilt:num, monthName:str');
export const seasonalTiltSchema = entity(
  { id: id(), month: int(1, 12), tilt: num(0, 90, '°'), monthName: text(20) },
  SEASONAL_TILT_KEYS,
);

export const NODAL_EXPORT_KEYS = specKeys(
  'id:int, exportBlock:bool, exportArrays:bool, exportInverters:bool, exportDCFields:bool',
);
export const nodalExportSchema = entity(
  {
    id: id(),
    exportBlock: bool(),
    exportArrays: bool(),
    exportInverters: bool(),
    exportDCFields: bool(),
  },
  NODAL_EXPORT_KEYS,
);

/** A shade object standing on a DC field (spec 1 §3 "Shade object"; not in spec 3). */
export const SHADE_OBJECT_KEYS = [
  'uuid',
  'name',
  'width',
  'height',
  'depth',
  'rotationX',
  'rotationY',
  'rotationZ',
  'matchGroundSlope',
  'dcFieldSide',
  'offset',
  'shift',
  'heightShift',
  'color',
  'isSelected',
] as const;
export const shadeObjectSchema = entity(
  {
    uuid: text(64),
    name: text(200),
    width: num(0, 10_000, 'm'),
    height: num(0, 1_000, 'm'),
    depth: num(0, 10_000, 'm'),
    rotationX: num(-360, 360, '°'),
    rotationY: num(-360, 360, '°'),
    rotationZ: num(-360, 360, '°'),
    matchGroundSlope: bool(),
    dcFieldSide: enumOf(DCFieldObjectSide),
    offset: num(-10_000, 10_000, 'm'),
    shift: num(-10_000, 10_000, 'm'),
    heightShift: num(-1_000, 1_000, 'm'),
    color: text(20),
    isSelected: bool(),
  },
  SHADE_OBJECT_KEYS,
);

// ---------------------------------------------------------------------------------------------
// Energy storage

const MONTHS = MONTH_KEYS;
const HOURS = Array.from({ length: 24 }, (_, h) => `hour${h}`);

/** spec 3 ESSDispatchTableMonth: hour0…hour23, each true when the battery discharges in that hour. */
const dispatchMonthSchema = entity({ id: id(), ...Object.fromEntries(HOURS.map((hour) => [hour, bool()])) }, [
  'id',
  ...HOURS,
]);
/** spec 3 ESSDispatchTable: one month of 24 hours per month name. */
export const dispatchTableSchema = entity(
  { id: id(), ...Object.fromEntries(MONTHS.map((month) => [month, dispatchMonthSchema.nullish()])) },
  ['id', ...MONTHS],
);

export const ESS_DISPATCH_CUSTOM_KEYS = specKeys(
  'id:int, essDispatchCustomInfoId:int, index:int, command:ESSDispatchCustomCommand, inverterCapacityPct:num',
);
export const ESS_DISPATCH_CUSTOM_INFO_KEYS = specKeys(
  'id:int, fileName:str, uploadedTimeStamp:str(dt), dispatchCustom:ESSDispatchCustom[]',
);
export const essDispatchCustomInfoSchema = entity(
  {
    id: id(),
    fileName: text(260),
    uploadedTimeStamp: dateTime(),
    dispatchCustom: list(
      entity(
        {
          id: id(),
          essDispatchCustomInfoId: id(),
          index: int(0, MAX_SERIES_STEPS),
          command: enumOf(ESSDispatchCustomCommand),
          inverterCapacityPct: num(0, 100, '%'),
        },
        ESS_DISPATCH_CUSTOM_KEYS,
      ),
      MAX_SERIES_STEPS,
    ),
  },
  ESS_DISPATCH_CUSTOM_INFO_KEYS,
);

export const ESS_INPUTS_KEYS = specKeys(
  'id:int, inverterCapacity:num, nameplateEnergyCapacity:num, usableEnergyCapacityYear1:num, usableEnergyCapacityCalendarDeg:num, usableEnergyCapacityCycleDeg:num, roundtripDCEfficiencyYear1:num, roundtripDCEfficiencyCalendarDeg:num, roundtripDCEfficiencyCycleDeg:num, hvacNoLoadLoss:num, hvacFullLoadLoss:num, mvNoLoadLoss:num, mvFullLoadLoss:num, mvCapacity:num, inverterEfficiency:num, factor:num, chargeAlgorithm:ESSChargeAlgorithm, dispatchTable:ESSDispatchTable, essDispatchCustomInfo:ESSDispatchCustomInfo',
);
/**
 * spec 3 ESSInputs: inverter capacity [MW], energy capacities [MWh], degradation [%/yr], efficiencies
 * and losses [%], MV transformer capacity [MVA], nameplate/usable factor [-].
 */
export const essInputsSchema = entity(
  {
    id: id(),
    inverterCapacity: positive(100_000, 'MW'),
    nameplateEnergyCapacity: num(0, 1_000_000, 'MWh'),
    usableEnergyCapacityYear1: num(0, 1_000_000, 'MWh'),
    usableEnergyCapacityCalendarDeg: num(0, 100, '%/yr'),
    usableEnergyCapacityCycleDeg: num(0, 100, '%/yr'),
    roundtripDCEfficiencyYear1: num(0, 100, '%'),
    roundtripDCEfficiencyCalendarDeg: num(0, 100, '%/yr'),
    roundtripDCEfficiencyCycleDeg: num(0, 100, '%/yr'),
    hvacNoLoadLoss: num(0, 100, '%'),
    hvacFullLoadLoss: num(0, 100, '%'),
    mvNoLoadLoss: num(0, 100, '%'),
    mvFullLoadLoss: num(0, 100, '%'),
    mvCapacity: num(0, 100_000, 'MVA'),
    inverterEfficiency: num(0, 100, '%'),
    factor: positive(10),
    chargeAlgorithm: enumOf(ESSChargeAlgorithm),
    dispatchTable: dispatchTableSchema.nullish(),
    essDispatchCustomInfo: essDispatchCustomInfoSchema.nullish(),
    /** spec 1 §3: a custom 8760 dispatch (the product's upload), kept as given. */
    custom8760: numberList(-100, 100, MAX_SERIES_STEPS, '%'),
  },
  ESS_INPUTS_KEYS,
);

export const ESS_SYSTEM_KEYS = specKeys(
  'id:int, essInputs:ESSInputs, pvsCombinedOutput:num, resultList:ESSCalculationResultDetail[]',
);
export const essSystemSchema = entity(
  {
    id: id(),
    essInputs: essInputsSchema.nullish(),
    pvsCombinedOutput: outputOnly(),
    resultList: outputOnly(),
  },
  ESS_SYSTEM_KEYS,
);

// ---------------------------------------------------------------------------------------------
// The hierarchy

const repeater = () => int(1, MAX_REPEATER);
/** Block, array and DC field names: whole numbers (the builder offers 1 to 100; imports may go higher). */
const nodeNumber = () => int(1, 100_000);

export const DC_FIELD_KEYS = specKeys(
  'repeater:int, id:int, description:str, name:int, moduleId:int, module:Module, trackingType:DCFieldTrackingTypeEnum, moduleOrientation:ModuleOrientation, irradianceOptimization:bool, irradianceOptimizationType:IrradianceOptimizationType, rotationSpeed:num, nonIdealityFactor:num, tablesRemovedForPCS:num, transverseSlope:num, baselineSlope:num, northSouthRoadWidth:num, eastWestRoadWidth:num, modulesHigh:int, modulesWide:int, lateralIntermoduleGap:num, verticalIntermoduleGap:num, fieldLength:num, fieldWidth:num, collectorBandwidth:num, tableLength:num, tablesPerRow:num, postToPostSpacing:num, numberOfRows:num, tableToTableSpacing:num, moduleAzimuth:num, moduleTilt:num, trackingBacktrackingType:DCFieldBacktrackingType, trackerPitchAngleD:num, minimumTrackingLimitAngleD:num, maximumTrackingLimitAngleD:num, nightTimeStowAngleD:num, trackerStowAngle:num, windStowType:WindStowType, arrayTechnologiesWindStowType:ArrayTechnologiesWindStowType, windStowThreshold:num, stowDwellTime:int, windStowAngle:num, isWindStowed:bool, minutesBelowThreshold:num, postHeight:num, structureShading:num, backSideMismatch:num, fieldDcPower:num, modulesWiredInSeries:int, numberOfSeriesStringsWiredInParallel:num, plannedModuleRating:num, modTempModel:DCFieldModuleTemperatureModelType, sandiaConductiveCoef:num, sandiaConvectiveCoef:num, cellToModuleTempDiff:num, heatBalanceConductiveCoef:num, heatBalanceConvectiveCoef:num, nominalOperatingCellTemperature:num, transmittanceAbsorptance:num, moduleMismatchCoefficient:num, moduleQuality:num, lightInducedDegradation:num, trackerLoadLoss:num, dcWiringLossAtSTC:num, dcHealth:num, inverterIdShadeSource:str, useSunSolveParameters:bool, sunSolveStructureShading:num, sunSolveCombinedMismatch:num, sunSolveTransmissionGain:num, useTimeSeriesBifacialParameters:bool, sunSolveBifacialTimeSeriesId:int, sunSolveBifacialTimeSeries:SunSolveBifacialTimeSeries, monthlySeasonalTiltFactors:SeasonalTiltMonthlyFactor[], resultList:DCFieldCalculationResultDetail[], effectiveResistanceAtSTC:num, totalModuleArea:num, uiamd:num, uiamg:num, ushD:num, ushG:num, moduleSurfaceTemperatureTimeSeriesId:int, moduleSurfaceTemperatureTimeSeries:TimeSeries, useModuleSurfaceTempTimeSeries:bool, moduleSurfaceTempTimeSeriesDetails:num[], trackingAngleTimeSeriesId:int, trackingAngleTimeSeries:TimeSeries, trackingAngleTimeSeriesDetails:num[], windStowData:ArrayWindStowResponse, skyDiffuseIAM:KeyValuePair<double,double>[], groundDiffuseIAM:KeyValuePair<double,double>[], inverterTranspositions:SiteInverterTransposition[], transpositionTimeSeries:ShadeTranspositionTimeSeries[], groundCoverageRatio:num, calculateDCFields:bool, shadeObjects:DCFieldObject[], tableType:TableType, drawableFieldObjects:DrawableFieldObject[], shadingAlgorithm:ShadeAlgorithm, linearShadowFactors:ShadingFactor[], electricalShadowFactors:ShadingFactor[], applyTrackingTimeSeries:bool, ground:GroundObject, lockModuleAzimuth:bool, lockModulesHigh:bool, lockPostHeight:bool, lockModulesWide:bool, lockNumberOfSeriesStringsWiredInParallel:bool, lockModulesWiredInSeries:bool, lockPostToPostSpacing:bool, lockMwAc:bool, lockNumberOfRows:bool, lockBacksideMismatch:bool',
);

/**
 * Sunfield's DC-field fields beyond spec 3: the coefficients of the engine's cell-temperature models
 * (modTempModel 100 Faiman: U0 [W/m²K], U1 [W·s/m³K]; 101 PVsyst: the module efficiency η [-] beside
 * the heat-balance Uc, Uv and α; 102 Fuentes: with `nominalOperatingCellTemperature` as the installed
 * NOCT, the module and wind-measurement heights [m], emissivity and absorptance [-], the characteristic
 * length [m]); and the DC power model (`DC_POWER_MODELS`).
 */
export const DC_FIELD_EXTRAS = [
  'faimanU0',
  'faimanU1',
  'moduleEfficiency',
  'fuentesModuleHeight',
  'fuentesWindHeight',
  'fuentesEmissivity',
  'fuentesAbsorption',
  'fuentesCharacteristicLength',
  'dcPowerModel',
  'pvwattsDcRating',
  'pvwattsGamma',
  'pvwattsSystemLoss',
] as const;

/**
 * The DC power model of a DC field (engine field `dcPowerModel`, no product field): the module's own 0,
 * or NREL's PVWatts DC model 1 (Dobos 2014) with `pvwattsDcRating` [kW], `pvwattsGamma` [%/°C] and
 * `pvwattsSystemLoss` [%], so a plant can be stated the way PVWatts states it.
 */
export const DC_POWER_MODELS = {
  type: 'DcPowerModelType',
  values: [
    { id: 0, name: 'Module', label: "The module's own" },
    { id: 1, name: 'PVWatts', label: 'PVWatts' },
  ],
} as const satisfies DefinitionSpec;

/**
 * DCFieldModuleTemperatureModelType with the engine's Faiman (100), PVsyst with an explicit module
 * efficiency (101) and Fuentes (102).
 */
export const DC_FIELD_TEMPERATURE_MODELS = withEngineValues(DCFieldModuleTemperatureModelType, [
  { id: 100, name: 'Faiman' },
  { id: 101, name: 'PVsyst' },
  { id: 102, name: 'Fuentes' },
]);

/** The lock flags of a DC field (spec 1 §3): a locked field is never overwritten by a calculation. */
export const DC_FIELD_LOCKS = DC_FIELD_KEYS.filter((key) => key.startsWith('lock'));

/**
 * spec 3 PVDCField (113). Geometry in m, module dimensions come from the module; angles in degrees
 * (tilt 0 horizontal, azimuth N = 0); powers: `fieldDcPower` [kW], `plannedModuleRating` [W];
 * losses in %; thermal: Sandia a [-] and b [s/m], heat-balance Uc [W/m²K] and Uv [W·s/m³K], NOCT [°C].
 */
export const dcFieldSchema = entity(
  {
    repeater: repeater(),
    id: id(),
    description: text(),
    name: nodeNumber(),
    moduleId: id(),
    module: outputOnly(),
    trackingType: enumOf(DCFieldTrackingTypeEnum),
    moduleOrientation: enumOf(ModuleOrientation),
    irradianceOptimization: bool(),
    irradianceOptimizationType: enumOf(IrradianceOptimizationType),
    rotationSpeed: num(0, 100, '°/min'),
    nonIdealityFactor: num(0, 10),
    tablesRemovedForPCS: num(0, 1_000_000),
    transverseSlope: num(-45, 45, '°'),
    baselineSlope: num(-45, 45, '°'),
    northSouthRoadWidth: num(0, 1_000, 'm'),
    eastWestRoadWidth: num(0, 1_000, 'm'),
    modulesHigh: int(1, 50),
    modulesWide: int(1, 10_000),
    lateralIntermoduleGap: num(0, 10, 'm'),
    verticalIntermoduleGap: num(0, 10, 'm'),
    fieldLength: num(0, 100_000, 'm'),
    fieldWidth: num(0, 100_000, 'm'),
    collectorBandwidth: num(0, 100, 'm'),
    tableLength: num(0, 100_000, 'm'),
    tablesPerRow: num(0, 10_000_000),
    postToPostSpacing: num(0, 1_000, 'm'),
    numberOfRows: num(0, 10_000_000),
    tableToTableSpacing: num(0, 1_000, 'm'),
    moduleAzimuth: num(0, 360, '°'),
    moduleTilt: num(0, 90, '°'),
    trackingBacktrackingType: enumOf(DCFieldBacktrackingType),
    trackerPitchAngleD: num(-45, 45, '°'),
    minimumTrackingLimitAngleD: num(-90, 90, '°'),
    maximumTrackingLimitAngleD: num(0, 90, '°'),
    nightTimeStowAngleD: num(-90, 90, '°'),
    trackerStowAngle: num(-90, 90, '°'),
    windStowType: enumOf(WindStowType),
    arrayTechnologiesWindStowType: int(0, 100),
    windStowThreshold: num(0, 100, 'm/s'),
    stowDwellTime: int(0, 1_440, ' min'),
    windStowAngle: num(-90, 90, '°'),
    isWindStowed: bool(),
    minutesBelowThreshold: num(0, 1_440, 'min'),
    postHeight: num(0, 50, 'm'),
    structureShading: num(0, 100, '%'),
    backSideMismatch: num(0, 100, '%'),
    fieldDcPower: num(0, 10_000_000, 'kW'),
    modulesWiredInSeries: int(1, 1_000),
    numberOfSeriesStringsWiredInParallel: num(0, 100_000_000),
    plannedModuleRating: positive(10_000, 'W'),
    modTempModel: enumOf(DC_FIELD_TEMPERATURE_MODELS),
    sandiaConductiveCoef: num(-20, 0),
    sandiaConvectiveCoef: num(-1, 0, 's/m'),
    cellToModuleTempDiff: num(0, 30, '°C'),
    heatBalanceConductiveCoef: num(0, 200, 'W/m²K'),
    heatBalanceConvectiveCoef: num(0, 100, 'W·s/m³K'),
    nominalOperatingCellTemperature: num(20, 100, '°C'),
    transmittanceAbsorptance: num(0, 1),
    moduleMismatchCoefficient: num(0, 100, '%'),
    moduleQuality: num(-100, 100, '%'),
    lightInducedDegradation: num(0, 100, '%'),
    trackerLoadLoss: num(0, 100, '%'),
    dcWiringLossAtSTC: num(0, 100, '%'),
    dcHealth: num(0, 100, '%'),
    inverterIdShadeSource: text(200),
    useSunSolveParameters: bool(),
    sunSolveStructureShading: num(0, 100, '%'),
    sunSolveCombinedMismatch: num(0, 100, '%'),
    sunSolveTransmissionGain: num(-100, 100, '%'),
    useTimeSeriesBifacialParameters: bool(),
    sunSolveBifacialTimeSeriesId: id(),
    sunSolveBifacialTimeSeries: outputOnly(),
    monthlySeasonalTiltFactors: list(seasonalTiltSchema, 12),
    resultList: outputOnly(),
    effectiveResistanceAtSTC: outputOnly(),
    totalModuleArea: outputOnly(),
    uiamd: num(0, 1),
    uiamg: num(0, 1),
    ushD: num(0, 1),
    ushG: num(0, 1),
    moduleSurfaceTemperatureTimeSeriesId: id(),
    moduleSurfaceTemperatureTimeSeries: outputOnly(),
    useModuleSurfaceTempTimeSeries: bool(),
    moduleSurfaceTempTimeSeriesDetails: numberList(-90, 150, MAX_SERIES_STEPS, '°C'),
    trackingAngleTimeSeriesId: id(),
    trackingAngleTimeSeries: outputOnly(),
    trackingAngleTimeSeriesDetails: numberList(-90, 90, MAX_SERIES_STEPS, '°'),
    windStowData: outputOnly(),
    skyDiffuseIAM: outputOnly(),
    groundDiffuseIAM: outputOnly(),
    inverterTranspositions: outputOnly(),
    transpositionTimeSeries: outputOnly(),
    groundCoverageRatio: positive(1),
    calculateDCFields: bool(),
    shadeObjects: list(shadeObjectSchema, 1_000),
    tableType: enumOf(TableType),
    drawableFieldObjects: outputOnly(),
    shadingAlgorithm: enumOf(ShadeAlgorithm),
    linearShadowFactors: outputOnly(),
    electricalShadowFactors: outputOnly(),
    applyTrackingTimeSeries: bool(),
    ground: groundSchema.nullish(),
    lockModuleAzimuth: bool(),
    lockModulesHigh: bool(),
    lockPostHeight: bool(),
    lockModulesWide: bool(),
    lockNumberOfSeriesStringsWiredInParallel: bool(),
    lockModulesWiredInSeries: bool(),
    lockPostToPostSpacing: bool(),
    lockMwAc: bool(),
    lockNumberOfRows: bool(),
    lockBacksideMismatch: bool(),
    faimanU0: num(0, 200, 'W/m²K'),
    faimanU1: num(0, 100, 'W·s/m³K'),
    moduleEfficiency: num(0, 0.5),
    fuentesModuleHeight: num(0, 100, 'm'),
    fuentesWindHeight: num(0, 200, 'm'),
    fuentesEmissivity: num(0, 1),
    fuentesAbsorption: num(0, 1),
    fuentesCharacteristicLength: num(0, 10, 'm'),
    dcPowerModel: enumOf(DC_POWER_MODELS),
    pvwattsDcRating: num(0, 10_000_000, 'kW'),
    pvwattsGamma: num(-2, 0.5, '%/°C'),
    pvwattsSystemLoss: num(0, 99, '%'),
  },
  [...DC_FIELD_KEYS, ...DC_FIELD_EXTRAS],
);
export type DcFieldInput = z.output<typeof dcFieldSchema>;

export const INVERTER_NODE_KEYS = specKeys(
  'repeater:int, id:int, description:str, name:str, resultList:InverterCalculationResultDetail[], dcFields:PVDCField[], inverterId:int, inverter:Inverter, setpointkW:num, powerFactor:num, designDerate:num, kVARating:num, totalModuleArea:num, derateTimeSeriesId:int, derateTimeSeries:TimeSeries, useDerateTimeSeries:bool, derateTimeSeriesDetails:num[], setPointTimeSeriesId:int, setPointTimeSeries:TimeSeries, useSetPointTimeSeries:bool, setPointTimeSeriesDetails:num[], vmppAdjustmentTimeSeriesId:int, vmppAdjustmentTimeSeries:TimeSeries, useVMPPTimeSeriesAdjustment:bool, imppAdjustmentTimeSeriesId:int, imppAdjustmentTimeSeries:TimeSeries, useIMPPTimeSeriesAdjustment:bool, vmppTimeSeriesDetails:num[], imppTimeSeriesDetails:num[], dcacRatio:num',
);
/** Sunfield's fields of an inverter node beyond spec 3 (spec 1 §3 "Power plant inverter"). */
export const INVERTER_NODE_EXTRAS = ['outputVoltage'] as const;

/** Inverter node names: A to Z (spec 1 §5). */
export const INVERTER_NAME_PATTERN = /^[A-Z]$/;

/**
 * spec 3 PVInverter (30): setpoint [kW], power factor (0, 1], design derate [-] (P_set = derate ×
 * P_rated, spec 4 §2), kVA rating [kVA], time series per step: setpoint [kW], derate [-], Vmpp [V],
 * Impp [A].
 */
export const inverterNodeSchema = entity(
  {
    repeater: repeater(),
    id: id(),
    description: text(),
    name: z
      .string({ error: 'Must be a letter from A to Z.' })
      .transform((value) => value.trim().toUpperCase())
      .refine((value) => INVERTER_NAME_PATTERN.test(value), { error: 'Must be a letter from A to Z.' })
      .nullish(),
    resultList: outputOnly(),
    dcFields: list(dcFieldSchema, PLANT_LIMITS.dcFields),
    inverterId: id(),
    inverter: outputOnly(),
    setpointkW: positive(100_000, 'kW'),
    powerFactor: positive(1),
    designDerate: num(0, 1.5),
    kVARating: positive(100_000, 'kVA'),
    totalModuleArea: outputOnly(),
    derateTimeSeriesId: id(),
    derateTimeSeries: outputOnly(),
    useDerateTimeSeries: bool(),
    derateTimeSeriesDetails: numberList(0, 1.5, MAX_SERIES_STEPS),
    setPointTimeSeriesId: id(),
    setPointTimeSeries: outputOnly(),
    useSetPointTimeSeries: bool(),
    setPointTimeSeriesDetails: numberList(0, 100_000, MAX_SERIES_STEPS, 'kW'),
    vmppAdjustmentTimeSeriesId: id(),
    vmppAdjustmentTimeSeries: outputOnly(),
    useVMPPTimeSeriesAdjustment: bool(),
    imppAdjustmentTimeSeriesId: id(),
    imppAdjustmentTimeSeries: outputOnly(),
    useIMPPTimeSeriesAdjustment: bool(),
    vmppTimeSeriesDetails: numberList(0, 10_000, MAX_SERIES_STEPS, 'V'),
    imppTimeSeriesDetails: numberList(0, 100_000, MAX_SERIES_STEPS, 'A'),
    dcacRatio: num(0, 10),
    outputVoltage: num(0, 100_000, 'V'),
  },
  [...INVERTER_NODE_KEYS, ...INVERTER_NODE_EXTRAS],
);
export type InverterNodeInput = z.output<typeof inverterNodeSchema>;

export const ARRAY_KEYS = specKeys(
  'repeater:int, id:int, description:str, name:int, resultList:ArrayCalculationResultDetail[], inverters:PVInverter[], acCollectionLoss:num, dasLoad:num, coolingLoad:num, additionalLosses:num, matchTotalInverterkVA:bool, transformerEnabled:bool, transformerkVARating:num, transformerHighSideVoltage:num, transformerNoLoadLoss:num, transformerFullLoadLoss:num, totalModules:int, totalModuleArea:num, trackerMotorLosses:num',
);
/** Sunfield's fields of an array beyond spec 3 (spec 1 §3 "Array"). */
export const ARRAY_EXTRAS = ['additionalNightLosses'] as const;

/**
 * spec 3 PVArray (19): AC collection loss [%], data-acquisition, cooling and additional loads [W],
 * MV transformer rating [kVA], high-side voltage [kV], no-load and full-load losses [% of rating],
 * tracker motor consumption [MWh/MWp/yr].
 */
export const arraySchema = entity(
  {
    repeater: repeater(),
    id: id(),
    description: text(),
    name: nodeNumber(),
    resultList: outputOnly(),
    inverters: list(inverterNodeSchema, PLANT_LIMITS.inverters),
    acCollectionLoss: num(0, 100, '%'),
    dasLoad: num(0, 10_000_000, 'W'),
    coolingLoad: num(0, 10_000_000, 'W'),
    additionalLosses: num(0, 10_000_000, 'W'),
    matchTotalInverterkVA: bool(),
    transformerEnabled: bool(),
    transformerkVARating: positive(10_000_000, 'kVA'),
    transformerHighSideVoltage: positive(1_500, 'kV'),
    transformerNoLoadLoss: num(0, 100, '%'),
    transformerFullLoadLoss: num(0, 100, '%'),
    totalModules: outputOnly(),
    totalModuleArea: outputOnly(),
    trackerMotorLosses: num(0, 1_000, 'MWh/MWp/yr'),
    additionalNightLosses: num(0, 10_000_000, 'W'),
  },
  [...ARRAY_KEYS, ...ARRAY_EXTRAS],
);
export type ArrayInput = z.output<typeof arraySchema>;

export const BLOCK_KEYS = specKeys(
  'repeater:int, id:int, description:str, name:int, nodalExportOptions:NodalExportConfiguration, resultList:BlockCalculationResultDetail[], arrays:PVArray[], energizationDate:str(dt), useEnergizationDate:bool, numberOfModules:num, totalModuleArea:num',
);
/** spec 3 PVBlock (11). */
export const blockSchema = entity(
  {
    repeater: repeater(),
    id: id(),
    description: text(),
    name: nodeNumber(),
    nodalExportOptions: nodalExportSchema.nullish(),
    resultList: outputOnly(),
    arrays: list(arraySchema, PLANT_LIMITS.arrays),
    energizationDate: dateTime(),
    useEnergizationDate: bool(),
    numberOfModules: outputOnly(),
    totalModuleArea: outputOnly(),
  },
  BLOCK_KEYS,
);
export type BlockInput = z.output<typeof blockSchema>;

export const POWER_PLANT_KEYS = specKeys(
  'id:int, resultList:PowerPlantCalculationResultDetail[], blocks:PVBlock[], transformers:Transformer[], transmissionLines:TransmissionLine[], ess:ESSSystem, esS_Id:int, exportSystem:bool, exportESS:bool, lgiaLimitTimeSeriesId:int, lgiaLimitTimeSeries:TimeSeries, useLGIALimitTimeSeries:bool, lgiaLimitTimeSeriesDetails:num[], powerFactor:num, lgiaLimitation:num, nighttimeDisconnect:bool, availabilityLoss:num, useCoolingTemp:bool, desiredDCACRatio:num, powerPlantDesignType:PowerPlantDesignType, customArrayConfig:str, useCustomArrayConfig:bool, totalModuleArea:num, maxMVTransformerVoltage:num, maximumPlantOutput:num',
);

/**
 * spec 3 PVPlant (25): LGIA limit [MWac] (and its time series [MW]), availability loss [%], power
 * factor (the repeater-weighted mean of the inverters' when absent), desired DC:AC ratio.
 */
export const powerPlantSchema = entity(
  {
    id: id(),
    resultList: outputOnly(),
    blocks: list(blockSchema, PLANT_LIMITS.blocks),
    transformers: list(transformerSchema, 50),
    transmissionLines: list(transmissionLineSchema, 50),
    ess: essSystemSchema.nullish(),
    esS_Id: outputOnly(),
    exportSystem: bool(),
    exportESS: bool(),
    lgiaLimitTimeSeriesId: id(),
    lgiaLimitTimeSeries: outputOnly(),
    useLGIALimitTimeSeries: bool(),
    lgiaLimitTimeSeriesDetails: numberList(0, 100_000, MAX_SERIES_STEPS, 'MW'),
    powerFactor: num(0, 1),
    lgiaLimitation: num(0, 100_000, 'MW'),
    nighttimeDisconnect: bool(),
    availabilityLoss: num(0, 100, '%'),
    useCoolingTemp: bool(),
    desiredDCACRatio: num(0, 10),
    powerPlantDesignType: enumOf(PowerPlantDesignType),
    customArrayConfig: text(100_000),
    useCustomArrayConfig: bool(),
    totalModuleArea: outputOnly(),
    maxMVTransformerVoltage: outputOnly(),
    maximumPlantOutput: outputOnly(),
  },
  POWER_PLANT_KEYS,
);
export type PowerPlantInput = z.output<typeof powerPlantSchema>;

/** spec 3 ExportOptions and BlockExportOption: which nodes keep time series (the nodal export). */
export const EXPORT_OPTIONS_KEYS = specKeys(
  'exportSystem:bool, exportESS:bool, blockExportOptions:BlockExportOption[]',
);
export const BLOCK_EXPORT_OPTION_KEYS = specKeys(
  'name:int, exportBlock:bool, exportArrays:bool, exportInverters:bool, exportDCFields:bool',
);
export const exportOptionsSchema = entity(
  {
    exportSystem: bool(),
    exportESS: bool(),
    blockExportOptions: list(
      entity(
        {
          name: nodeNumber(),
          exportBlock: bool(),
          exportArrays: bool(),
          exportInverters: bool(),
          exportDCFields: bool(),
        },
        BLOCK_EXPORT_OPTION_KEYS,
      ),
      PLANT_LIMITS.blocks,
    ),
  },
  EXPORT_OPTIONS_KEYS,
);
export type ExportOptionsInput = z.output<typeof exportOptionsSchema>;
