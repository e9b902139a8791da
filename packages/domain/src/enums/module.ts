/**
 * PV module and inverter enumerations (spec 1 §3; spec 3 enum catalog).
 */
import type { DefinitionSpec } from './types.ts';

/** Spec 1 labels; the catalog's lower-case names are aliases. Mixed 8 is catalog-only. */
export const CellTechnologyTypeEnum = {
  type: 'CellTechnologyTypeEnum',
  aliases: ['CellTechnologyType', 'CellTechnology'],
  values: [
    { id: 1, name: 'NTypeMonoCSi', label: 'N-type mono c-Si', aliases: ['n-type mono c-Si'] },
    { id: 2, name: 'PTypeMonoPERC', label: 'P-type mono PERC', aliases: ['p-type mono c-Si PERC'] },
    { id: 3, name: 'PTypeMonoBSF', label: 'P-type mono BSF', aliases: ['p-type mono c-Si BSF'] },
    { id: 4, name: 'PolyPERC', label: 'Poly PERC', aliases: ['poly c-Si PERC'] },
    { id: 5, name: 'PolyBSF', label: 'Poly BSF', aliases: ['poly c-Si BSF'] },
    { id: 6, name: 'CdTe' },
    { id: 7, name: 'CIGS' },
    { id: 8, name: 'Mixed' },
  ],
} as const satisfies DefinitionSpec;

export const ConstructionTypeEnum = {
  type: 'ConstructionTypeEnum',
  aliases: ['ConstructionType'],
  values: [
    { id: 1, name: 'GlassGlass', label: 'Glass-Glass' },
    { id: 2, name: 'GlassBacksheet', label: 'Glass-Backsheet' },
  ],
} as const satisfies DefinitionSpec;

export const CellDesignType = {
  type: 'CellDesignType',
  aliases: ['CellDesign'],
  values: [
    { id: 0, name: 'FullCell', label: 'Full Cell Technology' },
    { id: 1, name: 'HalfCell', label: 'Half Cell Technology' },
    { id: 2, name: 'NotApplicable', label: 'N/A' },
    { id: 3, name: 'NoneSpecified', label: 'None Specified' },
  ],
} as const satisfies DefinitionSpec;

export const FacialityEnum = {
  type: 'FacialityEnum',
  aliases: ['Faciality'],
  values: [
    { id: 0, name: 'Monofacial' },
    { id: 1, name: 'Bifacial' },
  ],
} as const satisfies DefinitionSpec;

/** Single-diode model of a module (spec 1: single-diode model). */
export const PvModelType = {
  type: 'PvModelType',
  aliases: ['SingleDiodeModel'],
  values: [
    { id: 0, name: 'OneDiodeRecombination', label: '1-Diode Recombination' },
    { id: 1, name: 'OneDiode', label: '1-Diode' },
    {
      id: 3,
      name: 'OneDiodeRecombinationNonlinearTemp',
      label: '1-Diode Recombination Non-Linear Temp',
    },
  ],
} as const satisfies DefinitionSpec;

/**
 * Spec 1 (which wins) numbers these like the direct-beam shading models; the catalog's
 * `0=None, 1=Linear, 2=Fractional Electrical Shading` conflicts and is not served (its name for the
 * fractional response stays as an alias of 3).
 */
export const ModuleShadingResponse = {
  type: 'ModuleShadingResponse',
  values: [
    { id: 0, name: 'Linear' },
    { id: 1, name: 'None' },
    {
      id: 3,
      name: 'FractionalEffect',
      label: 'Fractional effect',
      aliases: ['Fractional Electrical Shading'],
    },
    { id: 5, name: 'ModuleFileDefined', label: 'Module-file-defined' },
    { id: 6, name: 'StepFractional', label: 'Step fractional' },
  ],
} as const satisfies DefinitionSpec;

export const SpectralResponseEnum = {
  type: 'SpectralResponseEnum',
  values: [
    { id: 0, name: 'No Spectral Shift', key: 'NoSpectralShift' },
    { id: 1, name: 'FS Series 4 & Earlier', key: 'FSSeries4AndEarlier' },
    { id: 2, name: 'FS Series 4-2 & Later', key: 'FSSeries42AndLater' },
    { id: 3, name: 'Sandia' },
  ],
} as const satisfies DefinitionSpec;

export const ModuleDegradationModel = {
  type: 'ModuleDegradationModel',
  values: [
    { id: 0, name: 'Unspecified' },
    { id: 1, name: 'Linear' },
    { id: 2, name: 'Non-Linear', key: 'NonLinear' },
  ],
} as const satisfies DefinitionSpec;

export const ModuleDurability = {
  type: 'ModuleDurability',
  values: [
    { id: 0, name: 'Standard' },
    { id: 1, name: 'Quality' },
    { id: 2, name: 'High' },
  ],
} as const satisfies DefinitionSpec;

export const ModuleOrientation = {
  type: 'ModuleOrientation',
  values: [
    { id: 0, name: 'Landscape' },
    { id: 1, name: 'Portrait' },
  ],
} as const satisfies DefinitionSpec;

/** Where module / inverter data came from. 'PlantPredict' (the rebuilt product) is shown as Sunfield. */
export const DataSourceType = {
  type: 'DataSourceType',
  values: [
    { id: 1, name: 'Manufacturer' },
    { id: 2, name: 'PVsyst' },
    { id: 3, name: 'University of Geneva', key: 'UniversityOfGeneva' },
    { id: 4, name: 'Photon' },
    { id: 5, name: 'Sandia Database', key: 'SandiaDatabase' },
    { id: 6, name: 'Custom' },
    { id: 7, name: 'PlantPredict', label: 'Sunfield' },
  ],
} as const satisfies DefinitionSpec;

export const InverterType = {
  type: 'InverterType',
  values: [
    { id: 0, name: 'Unspecified' },
    { id: 1, name: 'String' },
    { id: 2, name: 'Central' },
  ],
} as const satisfies DefinitionSpec;

export const JunctionType = {
  type: 'JunctionType',
  values: [
    { id: 0, name: 'Parallel' },
    { id: 1, name: 'Series' },
  ],
} as const satisfies DefinitionSpec;

export const MODULE_DEFINITIONS = [
  CellTechnologyTypeEnum,
  ConstructionTypeEnum,
  CellDesignType,
  FacialityEnum,
  PvModelType,
  ModuleShadingResponse,
  SpectralResponseEnum,
  ModuleDegradationModel,
  ModuleDurability,
  ModuleOrientation,
  DataSourceType,
  InverterType,
  JunctionType,
] as const;
