/**
 * PV module API shape (spec 3: Module (106 fields), IAMFactor (3), MetastabilityProperties (14),
 * NonLinearDegradationRate (3), EfficiencyDetails (3)) as zod schemas, with the save rules of spec 1
 * §5: a monofacial module drops its transmission and bifaciality factors, null-valued fields are
 * omitted, and a module-file-defined shading response needs a shading table.
 *
 * Every field but `name` may be null or absent: the API accepts partial assets and the stored record
 * omits nulls. Every number has the range a physical module can have (`ranges.ts`: cells in series a
 * whole number from 1, STC powers, currents and voltages > 0 and bounded, resistances ≥ 0, factors
 * within [0, 1] or [0, 100] %), and every enumeration accepts only its members.
 */
import { z } from 'zod';
import {
  CellDesignType,
  CellTechnologyTypeEnum,
  ConstructionTypeEnum,
  DataSourceType,
  FacialityEnum,
  ModuleDegradationModel,
  ModuleOrientation,
  ModuleShadingResponse,
  PvModelType,
  SpectralResponseEnum,
} from '../enums/module.ts';
import { LibraryStatusEnum } from '../enums/status.ts';
import { enumOf } from './fields.ts';
import { physical, physicalList, physicalRequired, withEngineValues } from './ranges.ts';

const id = z.union([physicalRequired.recordId(), z.string().max(100)]);
const str = z.string().nullish();
const bool = z.boolean().nullish();
const dateTime = z.string().nullish();

/** PvModelType with the engine's library models: CEC six-parameter 100 and De Soto 101. */
export const MODULE_PV_MODELS = withEngineValues(PvModelType, [
  { id: 100, name: 'CEC', label: 'CEC 6-parameter' },
  { id: 101, name: 'DeSoto', label: 'De Soto' },
]);

/** spec 3 IAMFactor (3): incidence angle [°] and the modifier [-]. */
export const iamFactorSchema = z.object({
  id: id.nullish(),
  incidenceAngle: physicalRequired.incidenceAngle(),
  factor: physicalRequired.iamFactor(),
});
export type IAMFactor = z.infer<typeof iamFactorSchema>;

/** spec 3 MetastabilityProperties (14): voltage scale factor and coefficients c0…c11. */
export const metastabilityPropertiesSchema = z.object({
  id: id.nullish(),
  metastabilityVoltageScaleFactor: physical.coefficient(),
  c0: physical.coefficient(),
  c1: physical.coefficient(),
  c2: physical.coefficient(),
  c3: physical.coefficient(),
  c4: physical.coefficient(),
  c5: physical.coefficient(),
  c6: physical.coefficient(),
  c7: physical.coefficient(),
  c8: physical.coefficient(),
  c9: physical.coefficient(),
  c10: physical.coefficient(),
  c11: physical.coefficient(),
});
export type MetastabilityProperties = z.infer<typeof metastabilityPropertiesSchema>;

/** spec 3 NonLinearDegradationRate (3): operating year (1 = first) and its rate [%/yr]. */
export const nonLinearDegradationRateSchema = z.object({
  id: id.nullish(),
  year: physicalRequired.degradationYear(),
  degradationRate: physicalRequired.degradationRate(),
});
export type NonLinearDegradationRate = z.infer<typeof nonLinearDegradationRateSchema>;

/**
 * spec 3 EfficiencyDetails (3), the effective irradiance response: irradiance [W/m²], cell
 * temperature [°C] and the relative efficiency there [%] (η(G)/η(1000 W/m²), as the module generator
 * returns it).
 */
export const efficiencyDetailsSchema = z.object({
  id: id.nullish(),
  irradiance: physicalRequired.irradiance(),
  temperature: physical.cellTemperature(),
  relativeEfficiency: physicalRequired.relativeEfficiency(),
});
export type EfficiencyDetails = z.infer<typeof efficiencyDetailsSchema>;

/**
 * One point of a module's electrical shading table (spec 1 `electricalShadingInputTable`; not in
 * spec 3): the shaded fraction of the module [%] and the power loss it causes [%].
 */
export const electricalShadingPointSchema = z.object({
  id: id.nullish(),
  shadedFraction: physicalRequired.percent(),
  powerLoss: physicalRequired.percent(),
});
export type ElectricalShadingPoint = z.infer<typeof electricalShadingPointSchema>;

/** The CEC six-parameter fit a library module may carry (engine `cecParameters`, not in spec 3). */
export const cecParametersSchema = z.object({
  alphaSc: physicalRequired.cecAlphaSc(),
  aRef: physicalRequired.cecARef(),
  iLRef: physicalRequired.cecLightCurrent(),
  iORef: physicalRequired.cecSaturationCurrent(),
  rS: physicalRequired.seriesResistance(),
  rShRef: physicalRequired.shuntResistance(),
  adjust: physicalRequired.cecAdjust(),
});
export type CecParameters = z.infer<typeof cecParametersSchema>;

/** The fields every library asset shares (spec 3, first 12 fields). */
const assetHead = {
  id: id.nullish(),
  name: z.string().trim().min(1).max(200),
  description: str,
  companyId: id.nullish(),
  company: z.unknown().optional(),
  ownerId: id.nullish(),
  owner: z.unknown().optional(),
  createdDate: dateTime,
  lastModified: dateTime,
  lastModifiedById: id.nullish(),
  lastModifiedBy: z.unknown().optional(),
  status: enumOf(LibraryStatusEnum),
};

/**
 * spec 3 Module (106), in spec order, plus the product's non-spec-3 fields at the end. Each number has
 * its physical range (`ranges.ts`), each enumeration its members.
 */
export const moduleSchema = z.object({
  ...assetHead,
  model: str,
  manufacturer: str,
  /** [mm] */
  length: physical.moduleDimension(),
  /** [mm] */
  width: physical.moduleDimension(),
  /** [kg] */
  weight: physical.moduleWeight(),
  defaultOrientation: enumOf(ModuleOrientation),
  numberOfCellsInSeries: physical.cellsInSeries(),
  numberOfCellsInParallel: physical.cellsInParallel(),
  stcShortCircuitCurrent: physical.moduleCurrent(),
  stcOpenCircuitVoltage: physical.moduleVoltage(),
  stcmppCurrent: physical.moduleCurrent(),
  stcmppVoltage: physical.moduleVoltage(),
  stcMaxPower: physical.modulePower(),
  /** [%/K] */
  stcPowerTempCoef: physical.moduleTempCoefficient(),
  stcShortCircuitCurrentTempCoef: physical.moduleTempCoefficient(),
  stcOpenCircuitVoltageTempCoef: physical.moduleTempCoefficient(),
  /** [%] */
  stcEfficiency: physical.percent(),
  minTolerance: physical.tolerance(),
  maxTolerance: physical.tolerance(),
  cellTechnologyType: enumOf(CellTechnologyTypeEnum),
  constructionType: enumOf(ConstructionTypeEnum),
  faciality: enumOf(FacialityEnum),
  bifacialityFactor: physical.bifacialityFactor(),
  transmissionFactor: physical.fraction(),
  backSideMismatch: physical.percent(),
  dataSource: enumOf(DataSourceType),
  lightInducedDegradation: physical.percent(),
  moduleQuality: physical.signedPercent(),
  moduleMismatchCoefficient: physical.signedPercent(),
  heatBalanceConvectiveCoef: physical.heatBalanceConvective(),
  heatBalanceConductiveCoef: physical.heatBalanceConductive(),
  sandiaConductiveCoef: physical.sandiaA(),
  sandiaConvectiveCoef: physical.sandiaB(),
  cellToModuleTempDiff: physical.cellToModuleDeltaT(),
  saturationCurrentAtSTC: physical.saturationCurrent(),
  seriesResistanceAtSTC: physical.seriesResistance(),
  shuntResistanceAtSTC: physical.shuntResistance(),
  diodeIdealityFactorAtSTC: physical.diodeIdealityFactor(),
  exponentialDependencyOnShuntResistance: physical.shuntExponent(),
  darkShuntResistance: physical.shuntResistance(),
  linearTempDependenceOnGamma: physical.gammaTempCoefficient(),
  shortCircuitCurrentAtSTC: physical.moduleCurrent(),
  recombinationParameter: physical.recombination(),
  builtInVoltage: physical.builtInVoltage(),
  bandgapVoltage: physical.bandgap(),
  /** [%/K] */
  linearTempDependenceOnIsc: physical.moduleTempCoefficient(),
  heatAbsorptionCoefAlphaT: physical.fraction(),
  referenceIrradiance: physical.referenceIrradiance(),
  referenceTemperature: physical.referenceTemperature(),
  aGamma: physical.coefficient(),
  bGamma: physical.coefficient(),
  cGamma: physical.coefficient(),
  dGamma: physical.coefficient(),
  spectralResponse: enumOf(SpectralResponseEnum),
  /** PvModelType 0, 1, 3; 100 (CEC) and 101 (De Soto) are the engine's library models */
  pvModel: enumOf(MODULE_PV_MODELS),
  useDefaultSandiaIAM: bool,
  useDefaultTabularIAM: bool,
  sandiaSpectralA0: physical.coefficient(),
  sandiaSpectralA1: physical.coefficient(),
  sandiaSpectralA2: physical.coefficient(),
  sandiaSpectralA3: physical.coefficient(),
  sandiaSpectralA4: physical.coefficient(),
  sandiaIAMB0: physical.coefficient(),
  sandiaIAMB1: physical.coefficient(),
  sandiaIAMB2: physical.coefficient(),
  sandiaIAMB3: physical.coefficient(),
  sandiaIAMB4: physical.coefficient(),
  sandiaIAMB5: physical.coefficient(),
  ashraeiamB0: physical.fraction(),
  spectral2B0: physical.coefficient(),
  spectral2B1: physical.coefficient(),
  spectral2B2: physical.coefficient(),
  spectral2B3: physical.coefficient(),
  spectral2B4: physical.coefficient(),
  spectral2B5: physical.coefficient(),
  iamFactors: z.array(iamFactorSchema).max(200).nullish(),
  degradationModel: enumOf(ModuleDegradationModel),
  linearDegradationRate: physical.degradationRate(),
  nonLinearDegradationRates: z.array(nonLinearDegradationRateSchema).max(100).nullish(),
  cellDesignType: enumOf(CellDesignType),
  useAntiReflectiveCoating: bool,
  refractiveIndex: physical.refractiveIndex(),
  refractiveIndexOfARC: physical.refractiveIndex(),
  glazingExtinctionCoef: physical.glazingExtinction(),
  glazingThickness: physical.glazingThickness(),
  sandiaAFactors: physicalList('coefficient', 20),
  sandiaBFactors: physicalList('coefficient', 20),
  powerAtSTC: physical.modulePower(),
  powerAtSTCExcludingWiringLosses: physical.modulePower(),
  effectiveIrradianceResponse: z.array(efficiencyDetailsSchema).max(200).nullish(),
  electricalShadingFractionalEffect: physical.percent(),
  moduleShadingResponse: enumOf(ModuleShadingResponse),
  isMetastable: bool,
  metastabilityProperties: metastabilityPropertiesSchema.nullish(),
  // Product fields outside spec 3 (spec 1 §3 entity and new-module defaults; engine library fit).
  electricalShadingInputTable: z.array(electricalShadingPointSchema).max(1000).nullish(),
  nominalOperatingCellTemperature: physical.noct(),
  transmittanceAbsorptance: physical.fraction(),
  useMetastability: bool,
  cecParameters: cecParametersSchema.nullish(),
});
export type Module = z.infer<typeof moduleSchema>;

/** Body of POST/PUT /Module: the module without id, status and ownership (the server sets them). */
export const moduleSaveSchema = moduleSchema.omit({
  id: true,
  status: true,
  companyId: true,
  company: true,
  ownerId: true,
  owner: true,
  createdDate: true,
  lastModified: true,
  lastModifiedById: true,
  lastModifiedBy: true,
});
export type ModuleSave = z.infer<typeof moduleSaveSchema>;

/** FacialityEnum Monofacial. */
const MONOFACIAL = 0;
/** ModuleShadingResponse Module-file-defined (spec 1 §3 enumeration), the user-defined table. */
export const MODULE_FILE_DEFINED_SHADING = 5;

/**
 * Removes null and undefined values from an object and from the objects and arrays nested in it.
 * Arrays keep their length; null items of arrays are dropped.
 */
function omitNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((v) => v !== null && v !== undefined).map(omitNulls);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== null && v !== undefined) out[k] = omitNulls(v);
    return out;
  }
  return value;
}

/**
 * A module as saved (spec 1 §5): a monofacial module (faciality 0 or absent) drops
 * `transmissionFactor` and `bifacialityFactor`; null-valued fields are omitted, at any depth.
 * @param m the module as edited
 * @returns a new object; `m` is not changed
 */
export function prepareModuleForSave<T extends Record<string, unknown>>(m: T): Partial<T> {
  const out = omitNulls(m) as Record<string, unknown>;
  if ((out.faciality ?? MONOFACIAL) === MONOFACIAL) {
    delete out.transmissionFactor;
    delete out.bifacialityFactor;
  }
  return out as Partial<T>;
}

/**
 * The save error of spec 1 §5 / spec 2: a module whose shading response is user-defined
 * (Module-file-defined, 5) and whose shading table is empty cannot be saved.
 * @param m the module's name, shading response and table
 * @returns `'{name} could not be saved. Shading Table values are required.'`, or null when it may be saved
 */
export function moduleShadingTableError(m: {
  name?: string | null;
  moduleShadingResponse?: number | null;
  electricalShadingInputTable?: readonly unknown[] | null;
}): string | null {
  if (m.moduleShadingResponse !== MODULE_FILE_DEFINED_SHADING) return null;
  if (m.electricalShadingInputTable && m.electricalShadingInputTable.length > 0) return null;
  return `${m.name ?? ''} could not be saved. Shading Table values are required.`;
}
