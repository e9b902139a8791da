/**
 * Asset kinds, asset / project / prediction statuses and run states (spec 1 §3-4; spec 3 enum catalog).
 */
import type { DefinitionSpec } from './types.ts';

/** Spec 1 asset type (0 = All, used by filters). */
export const AssetTypeEnum = {
  type: 'AssetTypeEnum',
  aliases: ['AssetType'],
  values: [
    { id: 0, name: 'All' },
    { id: 1, name: 'Project' },
    { id: 2, name: 'Module' },
    { id: 3, name: 'Inverter' },
    { id: 4, name: 'Weather' },
    { id: 5, name: 'Prediction' },
  ],
} as const satisfies DefinitionSpec;

/** Spec 3 entity type: the `type` of status-change items (spec 4 §1: `type: 5` for predictions). */
export const EntityType = {
  type: 'EntityType',
  values: [
    { id: 1, name: 'Project' },
    { id: 2, name: 'Module' },
    { id: 3, name: 'Inverter' },
    { id: 4, name: 'Weather' },
    { id: 5, name: 'Prediction' },
    { id: 6, name: 'MultiJunction' },
  ],
} as const satisfies DefinitionSpec;

/**
 * Status of library assets (modules, inverters, weather). Spec 1 adds "a string-sizing status";
 * it takes id 10, the id of String-Sizing among prediction statuses, whose 1 and 2 it shares.
 */
export const LibraryStatusEnum = {
  type: 'LibraryStatusEnum',
  aliases: ['AssetStatusEnum', 'AssetStatus'],
  values: [
    { id: 0, name: 'Unknown', aliases: ['UNKNOWN'] },
    { id: 1, name: 'DraftPrivate', label: 'Draft-Private', aliases: ['DRAFT_PRIVATE'] },
    { id: 2, name: 'DraftShared', label: 'Draft-Shared', aliases: ['DRAFT_SHARED'] },
    { id: 3, name: 'Active', aliases: ['ACTIVE'] },
    { id: 4, name: 'Retired', aliases: ['RETIRED'] },
    { id: 5, name: 'Global', aliases: ['GLOBAL'] },
    { id: 6, name: 'GlobalRetired', label: 'Global-Retired', aliases: ['GLOBAL_RETIRED'] },
    { id: 10, name: 'StringSizing', label: 'String-Sizing', aliases: ['STRING_SIZING'] },
  ],
} as const satisfies DefinitionSpec;

/** Spec 1 and the OpenAPI schema say VoltagePro 2; the Definitions example says StringSize. */
export const ProjectStatusEnum = {
  type: 'ProjectStatusEnum',
  aliases: ['ProjectStatus'],
  values: [
    { id: 0, name: 'Active' },
    { id: 1, name: 'Archived' },
    { id: 2, name: 'VoltagePro', label: 'Voltage Pro', aliases: ['StringSize'] },
  ],
} as const satisfies DefinitionSpec;

export const PredictionStatusEnum = {
  type: 'PredictionStatusEnum',
  aliases: ['PredictionStatus'],
  values: [
    { id: 1, name: 'DraftPrivate', label: 'Draft-Private', aliases: ['DRAFT_PRIVATE'] },
    { id: 2, name: 'DraftShared', label: 'Draft-Shared', aliases: ['DRAFT_SHARED'] },
    { id: 3, name: 'Analysis' },
    { id: 4, name: 'Bid' },
    { id: 5, name: 'Contract' },
    { id: 6, name: 'Development' },
    { id: 7, name: 'AsBuilt', label: 'As-Built', aliases: ['As Built'] },
    { id: 8, name: 'Warranty' },
    { id: 9, name: 'Archived' },
    { id: 10, name: 'StringSizing', label: 'String-Sizing', aliases: ['STRING_SIZING'] },
  ],
} as const satisfies DefinitionSpec;

/** Run state of predictions, reports and shade scenes (spec 1 §4). */
export const ProcessingStatusEnum = {
  type: 'ProcessingStatusEnum',
  aliases: ['ProcessingStatus'],
  values: [
    { id: 0, name: 'None' },
    { id: 1, name: 'Queued' },
    { id: 2, name: 'Running' },
    { id: 3, name: 'Success' },
    { id: 4, name: 'Error' },
    { id: 5, name: 'Cancelled' },
  ],
} as const satisfies DefinitionSpec;

/** Weather download state (spec 1 §3). */
export const DownloadStatusEnum = {
  type: 'DownloadStatusEnum',
  aliases: ['DownloadStatus'],
  values: [
    { id: 0, name: 'None' },
    { id: 1, name: 'Queued' },
    { id: 2, name: 'Downloading' },
    { id: 3, name: 'Success' },
    { id: 4, name: 'Error' },
    { id: 5, name: 'Cancelled' },
  ],
} as const satisfies DefinitionSpec;

export const PredictionProcessingStep = {
  type: 'PredictionProcessingStep',
  values: [
    { id: 0, name: 'Unknown' },
    { id: 1, name: 'None' },
    { id: 2, name: 'InitializeFromDatabase' },
    { id: 3, name: 'PrePrediction' },
    { id: 4, name: 'PreparePrediction' },
    { id: 5, name: 'PrepareWeather' },
    { id: 6, name: 'PrepareWeatherDetail' },
    { id: 7, name: 'ExecuteDiffuseDecompModel' },
    { id: 8, name: 'PreparePowerPlant' },
    { id: 9, name: 'PrepareBlocks' },
    { id: 10, name: 'PrepareArrays' },
    { id: 11, name: 'PrepareInverters' },
    { id: 12, name: 'PrepareDCFields' },
    { id: 13, name: 'PrepareModules' },
    { id: 14, name: 'InitializeResults' },
    { id: 15, name: 'MainPrediction' },
    { id: 16, name: 'MainOuterPredictionLoop' },
    { id: 17, name: 'FormattingWeatherFileForMultiYear' },
    { id: 18, name: 'DCFieldCalculationLogic' },
    { id: 19, name: 'InverterCalculationLogic' },
    { id: 20, name: 'ArrayCalculationLogic' },
    { id: 21, name: 'BlockCalculationLogic' },
    { id: 22, name: 'PowerPlantCalculationLogic' },
    { id: 23, name: 'ESSCalculationLogic' },
    { id: 24, name: 'StructureShadingLogic' },
    { id: 25, name: 'AggregateResults' },
    { id: 26, name: 'PostPrediction' },
    { id: 27, name: 'CalculatePredictionParameters' },
    { id: 28, name: 'CalculatePlantCharactersitics' },
    { id: 29, name: 'CalculateLocationParameters' },
    { id: 30, name: 'CalculateResultSummary' },
    { id: 31, name: 'CalculateBlockResultSummaries' },
    { id: 32, name: 'CalculateDetailedOutputs' },
    { id: 33, name: 'StoreResults' },
    { id: 34, name: 'HandleNodalData' },
    { id: 35, name: 'ExportCSV' },
    { id: 36, name: 'ExportJSON' },
    { id: 37, name: 'CreatePredictionStatistics' },
    { id: 38, name: 'Completed' },
  ],
} as const satisfies DefinitionSpec;

/** Logic versions of the calculation chain (3-10 in Definitions; 11-13 in the OpenAPI schema). */
export const PredictionVersionEnum = {
  type: 'PredictionVersionEnum',
  values: [
    { id: 3, name: 'Version 3', key: 'Version3' },
    { id: 4, name: 'Version 4', key: 'Version4' },
    { id: 5, name: 'Version 5', key: 'Version5' },
    { id: 6, name: 'Version 6', key: 'Version6' },
    { id: 7, name: 'Version 7', key: 'Version7' },
    { id: 8, name: 'Version 8', key: 'Version8' },
    { id: 9, name: 'Version 9', key: 'Version9' },
    { id: 10, name: 'Version 10', key: 'Version10' },
    { id: 11, name: 'Version 11', key: 'Version11' },
    { id: 12, name: 'Version 12', key: 'Version12' },
    { id: 13, name: 'Version13Beta', label: 'Version 13 Beta' },
  ],
} as const satisfies DefinitionSpec;

export const STATUS_DEFINITIONS = [
  AssetTypeEnum,
  EntityType,
  LibraryStatusEnum,
  ProjectStatusEnum,
  PredictionStatusEnum,
  ProcessingStatusEnum,
  DownloadStatusEnum,
  PredictionProcessingStep,
  PredictionVersionEnum,
] as const;
