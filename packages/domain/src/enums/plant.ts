/**
 * Power plant, tracking, time series, batch and storage enumerations (spec 1 §3; spec 3 enum catalog).
 */
import type { DefinitionSpec } from './types.ts';

/** Spec 1 mounting: FixedTilt 0, Tracker 1, SeasonalTilt 2. */
export const DCFieldTrackingTypeEnum = {
  type: 'DCFieldTrackingTypeEnum',
  aliases: ['MountingTypeEnum', 'Mounting', 'TrackingType'],
  values: [
    { id: 0, name: 'FixedTilt', label: 'Fixed Tilt' },
    { id: 1, name: 'Tracker', label: 'Horizontal Tracker', aliases: ['HorizontalTracker'] },
    { id: 2, name: 'SeasonalTilt', label: 'Seasonal Tilt' },
  ],
} as const satisfies DefinitionSpec;

/** Tracking type of a whole prediction: 'multiple' (Mixed) when DC fields differ (spec 1 §3). */
export const PredictionItemStatisticsTrackingTypeEnum = {
  type: 'PredictionItemStatisticsTrackingTypeEnum',
  values: [
    { id: 0, name: 'Fixed Tilt', key: 'FixedTilt' },
    { id: 1, name: 'Horizontal Tracker', key: 'Tracker' },
    { id: 2, name: 'Seasonal Tilt', key: 'SeasonalTilt' },
    { id: 3, name: 'Mixed', aliases: ['Multiple'] },
  ],
} as const satisfies DefinitionSpec;

export const DCFieldBacktrackingType = {
  type: 'DCFieldBacktrackingType',
  aliases: ['BacktrackingType'],
  values: [
    { id: 0, name: 'TrueTracking', label: 'True-Tracking' },
    { id: 1, name: 'Backtracking' },
    { id: 2, name: 'TimeSeries', label: 'Time-Series' },
  ],
} as const satisfies DefinitionSpec;

export const DefaultDCFieldBacktrackingType = {
  type: 'DefaultDCFieldBacktrackingType',
  values: [
    { id: 0, name: 'True-Tracking', key: 'TrueTracking' },
    { id: 1, name: 'Backtracking' },
  ],
} as const satisfies DefinitionSpec;

export const ShadeAlgorithm = {
  type: 'ShadeAlgorithm',
  values: [
    { id: 0, name: '2D(default)', key: 'TwoD', aliases: ['V2DDefault'] },
    { id: 1, name: 'Infinite Rows', key: 'InfiniteRows', aliases: ['InfiniteLengthRows'] },
    { id: 2, name: '3D', key: 'ThreeD', aliases: ['V3DDeprecated'] },
  ],
} as const satisfies DefinitionSpec;

export const TableType = {
  type: 'TableType',
  values: [
    { id: 0, name: 'Flat' },
    { id: 1, name: 'Sloped' },
  ],
} as const satisfies DefinitionSpec;

/** The side of a DC field a shade object stands on. */
export const DCFieldObjectSide = {
  type: 'DCFieldObjectSide',
  values: [
    { id: 1, name: 'One' },
    { id: 2, name: 'Two' },
    { id: 3, name: 'Three' },
    { id: 4, name: 'Four' },
  ],
} as const satisfies DefinitionSpec;

export const Axis = {
  type: 'Axis',
  values: [
    { id: 0, name: 'X' },
    { id: 1, name: 'Y' },
    { id: 2, name: 'Z' },
  ],
} as const satisfies DefinitionSpec;

export const MapBuilderCreateDCOptions = {
  type: 'MapBuilderCreateDCOptions',
  values: [
    { id: 0, name: 'Arrays' },
    { id: 1, name: 'Tables' },
  ],
} as const satisfies DefinitionSpec;

export const PowerPlantDesignType = {
  type: 'PowerPlantDesignType',
  values: [
    { id: 0, name: 'Simple' },
    { id: 1, name: 'Advanced' },
  ],
} as const satisfies DefinitionSpec;

export const IrradianceOptimizationType = {
  type: 'IrradianceOptimizationType',
  values: [
    { id: 0, name: 'None' },
    { id: 1, name: 'PlantPredict', label: 'Sunfield' },
    { id: 2, name: 'ArrayTechnologies', label: 'Array Technologies' },
  ],
} as const satisfies DefinitionSpec;

export const WindStowType = {
  type: 'WindStowType',
  values: [
    { id: 0, name: 'Disabled' },
    { id: 1, name: 'PlantPredict', label: 'Sunfield' },
    { id: 2, name: 'ArrayTechnologies', label: 'Array Technologies' },
  ],
} as const satisfies DefinitionSpec;

export const TrackerRotationModel = {
  type: 'TrackerRotationModel',
  values: [
    { id: 0, name: 'RepresentativeDCField', label: 'Representative DC Field' },
    { id: 1, name: 'TimeSeriesSchedule', label: 'Time Series Schedule' },
    { id: 2, name: 'TerrainAwareBacktracking', label: 'Terrain-Aware Backtracking' },
  ],
} as const satisfies DefinitionSpec;

/**
 * Spec 1 "limit types" (which win for names) are the catalog's TimeSeriesType; the catalog's names
 * LGIALimit, IMPPAdjustment and VMPPAdjustment stay as aliases.
 */
export const TimeSeriesType = {
  type: 'TimeSeriesType',
  aliases: ['LimitTypeEnum', 'LimitType'],
  values: [
    { id: 0, name: 'InverterSetPoint', label: 'Inverter Set Point' },
    { id: 1, name: 'InverterDerate', label: 'Inverter Derate' },
    { id: 2, name: 'TrackingAngle', label: 'Tracking Angle' },
    { id: 3, name: 'ModuleSurfaceTemperature', label: 'Module Surface Temperature' },
    { id: 4, name: 'LGIAlimit', label: 'LGIA Limit', aliases: ['LGIALimit'] },
    { id: 5, name: 'CurrentMaxAdjustment', label: 'IMPP Adjustment', aliases: ['IMPPAdjustment'] },
    { id: 6, name: 'VoltageMaxAdjustment', label: 'VMPP Adjustment', aliases: ['VMPPAdjustment'] },
  ],
} as const satisfies DefinitionSpec;

export const BatchStepVariableTypeEnum = {
  type: 'BatchStepVariableTypeEnum',
  aliases: ['BatchStepVariable'],
  values: [
    { id: 1, name: 'DCAC Ratio', label: 'DC:AC Ratio', key: 'DcAcRatio' },
    { id: 2, name: 'GCR', label: 'GCR %' },
    { id: 3, name: 'Tilt Angle', key: 'TiltAngle' },
    { id: 4, name: 'Azimuth' },
    { id: 5, name: 'Post Height', key: 'PostHeight' },
  ],
} as const satisfies DefinitionSpec;

export const ESSChargeAlgorithm = {
  type: 'ESSChargeAlgorithm',
  values: [
    { id: 0, name: 'LGIA Excess', key: 'LgiaExcess' },
    { id: 1, name: 'Energy Available', key: 'EnergyAvailable' },
    { id: 2, name: 'Custom' },
  ],
} as const satisfies DefinitionSpec;

export const ESSDispatchCustomCommand = {
  type: 'ESSDispatchCustomCommand',
  values: [
    { id: 0, name: 'None' },
    { id: 1, name: 'Discharge' },
    { id: 2, name: 'Charge' },
  ],
} as const satisfies DefinitionSpec;

export const EvalType = {
  type: 'EvalType',
  values: [
    { id: 0, name: 'FieldEval' },
    { id: 1, name: 'GroupEval' },
    { id: 2, name: 'TabRepeat' },
  ],
} as const satisfies DefinitionSpec;

/** Spec 1 "loss kinds for transformers and transmission": the `type` of `transformerTransmissionLineLoss`. */
export const TransformerTransmissionLossTypeEnum = {
  type: 'TransformerTransmissionLossTypeEnum',
  aliases: ['LossKind'],
  values: [
    { id: 0, name: 'Transformer' },
    { id: 1, name: 'TransmissionLine', label: 'Transmission Line' },
  ],
} as const satisfies DefinitionSpec;

export const PLANT_DEFINITIONS = [
  DCFieldTrackingTypeEnum,
  PredictionItemStatisticsTrackingTypeEnum,
  DCFieldBacktrackingType,
  DefaultDCFieldBacktrackingType,
  ShadeAlgorithm,
  TableType,
  DCFieldObjectSide,
  Axis,
  MapBuilderCreateDCOptions,
  PowerPlantDesignType,
  IrradianceOptimizationType,
  WindStowType,
  TrackerRotationModel,
  TimeSeriesType,
  BatchStepVariableTypeEnum,
  ESSChargeAlgorithm,
  ESSDispatchCustomCommand,
  EvalType,
  TransformerTransmissionLossTypeEnum,
] as const;
