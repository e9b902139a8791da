/**
 * Model choices of a prediction (spec 1 §3; spec 3 enum catalog; spec 4 §1 "Key enums").
 */
import type { DefinitionSpec } from './types.ts';

export const TranspositionModelType = {
  type: 'TranspositionModelType',
  aliases: ['TranspositionModel'],
  values: [
    { id: 0, name: 'Hay' },
    { id: 1, name: 'Perez' },
  ],
} as const satisfies DefinitionSpec;

/** Spec 1: diffuse model Erbs 0, Reindl 1, Dirint 2, None 3. */
export const DiffuseDirectDecompModelType = {
  type: 'DiffuseDirectDecompModelType',
  aliases: ['DiffuseModel', 'DecompositionModel'],
  values: [
    { id: 0, name: 'Erbs' },
    { id: 1, name: 'Reindl' },
    { id: 2, name: 'Dirint', label: 'DIRINT' },
    { id: 3, name: 'None' },
  ],
} as const satisfies DefinitionSpec;

export const AirMassModelType = {
  type: 'AirMassModelType',
  values: [
    { id: 0, name: 'Bird-Hulstrom', key: 'BirdHulstrom' },
    { id: 1, name: 'Kasten-Sandia', key: 'KastenSandia' },
  ],
} as const satisfies DefinitionSpec;

/** Spec 1: HeatBalance 0, Sandia 1, NOCT 2, DC-field-defined 3 (2 and 3 from the OpenAPI schema). */
export const ModuleTemperatureModelType = {
  type: 'ModuleTemperatureModelType',
  aliases: ['ModuleTemperatureModel'],
  values: [
    { id: 0, name: 'HeatBalance', label: 'Heat Balance' },
    { id: 1, name: 'Sandia' },
    { id: 2, name: 'NOCT' },
    { id: 3, name: 'DCFieldDefined', label: 'DC-field-defined' },
  ],
} as const satisfies DefinitionSpec;

/** "An earlier set lacks the last one" (spec 1): the choice on a DC field or builder default. */
export const DCFieldModuleTemperatureModelType = {
  type: 'DCFieldModuleTemperatureModelType',
  values: [
    { id: 0, name: 'HeatBalance', label: 'Heat Balance' },
    { id: 1, name: 'Sandia' },
    { id: 2, name: 'NOCT' },
  ],
} as const satisfies DefinitionSpec;

/** IAM model: Sandia 2, ASHRAE 3, None 4, Tabular 5, Physical 6. */
export const IncidenceAngleModelType = {
  type: 'IncidenceAngleModelType',
  aliases: ['IAMModel', 'IncidenceAngleModel'],
  values: [
    { id: 2, name: 'Sandia' },
    { id: 3, name: 'ASHRAE' },
    { id: 4, name: 'None' },
    { id: 5, name: 'Tabular', label: 'Tabular IAM' },
    { id: 6, name: 'Physical', label: 'Physical IAM', aliases: ['PhysicalIAM'] },
  ],
} as const satisfies DefinitionSpec;

/** Catalog values plus 4 cSi3Diode (SDK, spec 4 §1) and 6 StepFractional (OpenAPI). */
export const DirectBeamShadingModel = {
  type: 'DirectBeamShadingModel',
  values: [
    { id: 0, name: 'Linear' },
    { id: 1, name: 'None' },
    { id: 2, name: '2 Dimension (retired)', key: 'TwoDimension', aliases: ['2D'] },
    {
      id: 3,
      name: 'Fractional Electrical Shading',
      key: 'FractionalElectricalShading',
      aliases: ['Fractional'],
    },
    { id: 4, name: 'cSi3Diode', key: 'CSi3Diode' },
    {
      id: 5,
      name: 'Module File Defined Shading',
      key: 'ModuleFileDefined',
      aliases: ['ModuleFileDefined'],
    },
    {
      id: 6,
      name: 'StepFractionalElectricalShading',
      label: 'Step Fractional Electrical Shading',
      key: 'StepFractional',
      aliases: ['StepFractional'],
    },
  ],
} as const satisfies DefinitionSpec;

export const DiffuseShadingModel = {
  type: 'DiffuseShadingModel',
  values: [
    { id: 0, name: 'None' },
    { id: 1, name: 'Schaar-Panchula', key: 'SchaarPanchula' },
  ],
} as const satisfies DefinitionSpec;

export const SoilingModelType = {
  type: 'SoilingModelType',
  values: [
    { id: 0, name: 'Constant Monthly', key: 'ConstantMonthly' },
    { id: 1, name: 'Weather File', key: 'WeatherFile' },
    { id: 2, name: 'None' },
  ],
} as const satisfies DefinitionSpec;

export const SpectralShiftModel = {
  type: 'SpectralShiftModel',
  values: [
    { id: 0, name: 'None' },
    { id: 1, name: '1-Param Pwat or Sandia', key: 'OneParamPwatOrSandia' },
    { id: 2, name: '2-Param Pwat and AM', key: 'TwoParamPwatAndAM' },
    { id: 3, name: 'Monthly Override', key: 'MonthlyOverride' },
  ],
} as const satisfies DefinitionSpec;

export const SpectralWeatherType = {
  type: 'SpectralWeatherType',
  values: [
    { id: 0, name: 'None' },
    { id: 1, name: 'Ngan-PWat', key: 'NganPWat' },
    { id: 2, name: 'Ngan-RH', key: 'NganRH' },
    { id: 3, name: 'Ngan-Dewpoint', key: 'NganDewpoint' },
  ],
} as const satisfies DefinitionSpec;

export const DegradationModel = {
  type: 'DegradationModel',
  values: [
    { id: 0, name: 'None' },
    { id: 1, name: 'Stepped AC', key: 'SteppedAC' },
    { id: 2, name: 'Linear AC', key: 'LinearAC' },
    { id: 3, name: 'Linear DC', key: 'LinearDC' },
    { id: 4, name: 'Non-Linear DC', key: 'NonLinearDC' },
  ],
} as const satisfies DefinitionSpec;

/** The catalog's name keeps its spelling ('Degredation') for scripts; the label is corrected. */
export const DefaultDegradation = {
  type: 'DefaultDegradation',
  values: [
    { id: 0, name: 'Module Defined', key: 'ModuleDefined' },
    {
      id: 1,
      name: 'Fixed Degredation Rate',
      label: 'Fixed Degradation Rate',
      key: 'FixedDegradationRate',
    },
  ],
} as const satisfies DefinitionSpec;

export const MarionDiffuseRegions = {
  type: 'MarionDiffuseRegions',
  values: [
    { id: 0, name: 'Sky' },
    { id: 1, name: 'Ground' },
  ],
} as const satisfies DefinitionSpec;

/**
 * Perez coefficient sets (spec 3 `PerezCoefficientsEnum`, numbering not published): the engine's sets
 * in the order of `PEREZ_MODELS` (Perez et al. 1990, Table 6, and the 1988 site sets).
 */
export const PerezCoefficientsEnum = {
  type: 'PerezCoefficientsEnum',
  aliases: ['PerezCoefficients'],
  values: [
    { id: 0, name: 'allsitescomposite1990', label: 'All sites composite 1990' },
    { id: 1, name: 'allsitescomposite1988', label: 'All sites composite 1988' },
    { id: 2, name: 'sandiacomposite1988', label: 'Sandia composite 1988' },
    { id: 3, name: 'usacomposite1988', label: 'USA composite 1988' },
    { id: 4, name: 'france1988', label: 'France 1988' },
    { id: 5, name: 'phoenix1988', label: 'Phoenix 1988' },
    { id: 6, name: 'elmonte1988', label: 'El Monte 1988' },
    { id: 7, name: 'osage1988', label: 'Osage 1988' },
    { id: 8, name: 'albuquerque1988', label: 'Albuquerque 1988' },
    { id: 9, name: 'capecanaveral1988', label: 'Cape Canaveral 1988' },
    { id: 10, name: 'albany1988', label: 'Albany 1988' },
  ],
} as const satisfies DefinitionSpec;

/**
 * Treatment of the circumsolar part of the sky diffuse (spec 3 `CircumsolarTreatmentType`, numbering
 * not published; the engine's): with the diffuse 0, as beam 1.
 */
export const CircumsolarTreatmentType = {
  type: 'CircumsolarTreatmentType',
  values: [
    { id: 0, name: 'Diffuse', label: 'With the diffuse' },
    { id: 1, name: 'Beam', label: 'As beam' },
  ],
} as const satisfies DefinitionSpec;

/**
 * How the DC wiring loss `dcWiringLossAtSTC` acts (a Sunfield choice, no product field): a series
 * resistance per module computed from Imp at STC 0 (the product, spec 4 §2), a constant fraction of the
 * DC power 1 (the pvlib reference systems' convention).
 */
export const DcWiringLossModel = {
  type: 'DcWiringLossModel',
  values: [
    { id: 0, name: 'SeriesResistance', label: 'Series resistance' },
    { id: 1, name: 'PowerFraction', label: 'Fraction of the power' },
  ],
} as const satisfies DefinitionSpec;

export const MODEL_DEFINITIONS = [
  TranspositionModelType,
  DiffuseDirectDecompModelType,
  AirMassModelType,
  ModuleTemperatureModelType,
  DCFieldModuleTemperatureModelType,
  IncidenceAngleModelType,
  DirectBeamShadingModel,
  DiffuseShadingModel,
  SoilingModelType,
  SpectralShiftModel,
  SpectralWeatherType,
  DegradationModel,
  DefaultDegradation,
  MarionDiffuseRegions,
  PerezCoefficientsEnum,
  CircumsolarTreatmentType,
  DcWiringLossModel,
] as const;
