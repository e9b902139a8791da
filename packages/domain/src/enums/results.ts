/**
 * Result views, exports and cost inputs (spec 1 §3; spec 3 enum catalog). Spec 1 lists the shade
 * result kinds, time steps and granularities without ids: they are numbered from 0 in its order.
 */
import type { DefinitionSpec } from './types.ts';

export const ShadeResultTypeEnum = {
  type: 'ShadeResultTypeEnum',
  aliases: ['ShadeResultKind', 'ShadeResultType'],
  values: [
    { id: 0, name: 'BeamIrradianceLoss', label: 'Beam Irradiance Loss' },
    { id: 1, name: 'ShadeElectricalEffectLoss', label: 'Shade Electrical Effect Loss' },
    { id: 2, name: 'TranspositionFactor', label: 'Transposition Factor' },
    { id: 3, name: 'CombinedLoss', label: 'Combined Loss' },
  ],
} as const satisfies DefinitionSpec;

export const TimeStepEnum = {
  type: 'TimeStepEnum',
  aliases: ['TimeStep'],
  values: [
    { id: 0, name: 'Hourly' },
    { id: 1, name: 'Daily' },
    { id: 2, name: 'Monthly' },
    { id: 3, name: 'Yearly' },
  ],
} as const satisfies DefinitionSpec;

export const ResultGranularityEnum = {
  type: 'ResultGranularityEnum',
  aliases: ['ResultGranularity'],
  values: [
    { id: 0, name: 'Day' },
    { id: 1, name: 'Month' },
    { id: 2, name: 'Year' },
    { id: 3, name: 'All' },
  ],
} as const satisfies DefinitionSpec;

/** The one batch export: the plant summary 8760 workbook (spec 2 §7.5). */
export const BatchExportTypeEnum = {
  type: 'BatchExportTypeEnum',
  aliases: ['BatchExportType'],
  values: [{ id: 0, name: 'PlantSummary8760', label: 'Plant Summary 8760' }],
} as const satisfies DefinitionSpec;

export const BOSInputMethod = {
  type: 'BOSInputMethod',
  values: [
    { id: 0, name: 'Manual Input', key: 'ManualInput' },
    { id: 1, name: 'BOS Calculation', key: 'BosCalculation' },
  ],
} as const satisfies DefinitionSpec;

export const EnergyInputMethod = {
  type: 'EnergyInputMethod',
  values: [
    { id: 0, name: 'Manual Input', key: 'ManualInput' },
    { id: 1, name: 'Map Extrapolation', key: 'MapExtrapolation' },
    { id: 2, name: 'Model 8760', key: 'Model8760' },
  ],
} as const satisfies DefinitionSpec;

export const RESULT_DEFINITIONS = [
  ShadeResultTypeEnum,
  TimeStepEnum,
  ResultGranularityEnum,
  BatchExportTypeEnum,
  BOSInputMethod,
  EnergyInputMethod,
] as const;
