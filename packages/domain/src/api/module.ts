/**
 * PV module API shape (spec 3: Module (106 fields), IAMFactor (3), MetastabilityProperties (14),
 * NonLinearDegradationRate (3), EfficiencyDetails (3)) as zod schemas, with the save rules of spec 1
 * §5: a monofacial module drops its transmission and bifaciality factors, null-valued fields are
 * omitted, and a module-file-defined shading response needs a shading table.
 *
 * Every field but `name` may be null or absent: the API accepts partial assets and the stored record
 * omits nulls. Numeric ranges are those the physics needs (cells in series an integer ≥ 1, powers,
 * currents and voltages at STC > 0, resistances ≥ 0, factors within [0, 1] or [0, 100] %).
 */
import { z } from 'zod';

const id = z.union([z.number().int(), z.string()]);
const num = z.number().nullish();
const str = z.string().nullish();
const bool = z.boolean().nullish();
const dateTime = z.string().nullish();
/** An enum id of the spec 3 catalogue. */
const enumId = z.number().int().nullish();
const positive = z.number().positive().nullish();
const nonNegative = z.number().min(0).nullish();
const percent = z.number().min(0).max(100).nullish();
const fraction = z.number().min(0).max(1).nullish();

/** spec 3 IAMFactor (3): incidence angle [°] and the modifier [-]. */
export const iamFactorSchema = z.object({
  id: id.nullish(),
  incidenceAngle: z.number().min(0).max(90),
  factor: z.number().min(0).max(1.5),
});
export type IAMFactor = z.infer<typeof iamFactorSchema>;

/** spec 3 MetastabilityProperties (14): voltage scale factor and coefficients c0…c11. */
export const metastabilityPropertiesSchema = z.object({
  id: id.nullish(),
  metastabilityVoltageScaleFactor: num,
  c0: num,
  c1: num,
  c2: num,
  c3: num,
  c4: num,
  c5: num,
  c6: num,
  c7: num,
  c8: num,
  c9: num,
  c10: num,
  c11: num,
});
export type MetastabilityProperties = z.infer<typeof metastabilityPropertiesSchema>;

/** spec 3 NonLinearDegradationRate (3): operating year (1 = first) and its rate [%/yr]. */
export const nonLinearDegradationRateSchema = z.object({
  id: id.nullish(),
  year: z.number().int().min(0).max(100),
  degradationRate: z.number().min(-100).max(100),
});
export type NonLinearDegradationRate = z.infer<typeof nonLinearDegradationRateSchema>;

/**
 * spec 3 EfficiencyDetails (3), the effective irradiance response: irradiance [W/m²], cell
 * temperature [°C] and the relative efficiency there [%] (η(G)/η(1000 W/m²), as the module generator
 * returns it).
 */
export const efficiencyDetailsSchema = z.object({
  id: id.nullish(),
  irradiance: z.number().min(0).max(2000),
  temperature: z.number().min(-60).max(120).nullish(),
  relativeEfficiency: z.number().min(0).max(200),
});
export type EfficiencyDetails = z.infer<typeof efficiencyDetailsSchema>;

/**
 * One point of a module's electrical shading table (spec 1 `electricalShadingInputTable`; not in
 * spec 3): the shaded fraction of the module [%] and the power loss it causes [%].
 */
export const electricalShadingPointSchema = z.object({
  id: id.nullish(),
  shadedFraction: z.number().min(0).max(100),
  powerLoss: z.number().min(0).max(100),
});
export type ElectricalShadingPoint = z.infer<typeof electricalShadingPointSchema>;

/** The CEC six-parameter fit a library module may carry (engine `cecParameters`, not in spec 3). */
export const cecParametersSchema = z.object({
  alphaSc: z.number(),
  aRef: z.number().positive(),
  iLRef: z.number().positive(),
  iORef: z.number().positive(),
  rS: z.number().min(0),
  rShRef: z.number().positive(),
  adjust: z.number(),
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
  status: enumId,
};

/** spec 3 Module (106), in spec order, plus the product's non-spec-3 fields at the end. */
export const moduleSchema = z.object({
  ...assetHead,
  model: str,
  manufacturer: str,
  /** [mm] */
  length: positive,
  /** [mm] */
  width: positive,
  /** [kg] */
  weight: nonNegative,
  defaultOrientation: enumId,
  numberOfCellsInSeries: z.number().int().min(1).nullish(),
  numberOfCellsInParallel: z.number().int().min(1).nullish(),
  stcShortCircuitCurrent: positive,
  stcOpenCircuitVoltage: positive,
  stcmppCurrent: positive,
  stcmppVoltage: positive,
  stcMaxPower: positive,
  /** [%/K] */
  stcPowerTempCoef: num,
  stcShortCircuitCurrentTempCoef: num,
  stcOpenCircuitVoltageTempCoef: num,
  /** [%] */
  stcEfficiency: percent,
  minTolerance: num,
  maxTolerance: num,
  cellTechnologyType: enumId,
  constructionType: enumId,
  faciality: enumId,
  bifacialityFactor: fraction,
  transmissionFactor: fraction,
  backSideMismatch: percent,
  dataSource: enumId,
  lightInducedDegradation: percent,
  moduleQuality: num,
  moduleMismatchCoefficient: num,
  heatBalanceConvectiveCoef: nonNegative,
  heatBalanceConductiveCoef: nonNegative,
  sandiaConductiveCoef: num,
  sandiaConvectiveCoef: num,
  cellToModuleTempDiff: num,
  saturationCurrentAtSTC: nonNegative,
  seriesResistanceAtSTC: nonNegative,
  shuntResistanceAtSTC: positive,
  diodeIdealityFactorAtSTC: positive,
  exponentialDependencyOnShuntResistance: nonNegative,
  darkShuntResistance: positive,
  linearTempDependenceOnGamma: num,
  shortCircuitCurrentAtSTC: positive,
  recombinationParameter: nonNegative,
  builtInVoltage: nonNegative,
  bandgapVoltage: positive,
  linearTempDependenceOnIsc: num,
  heatAbsorptionCoefAlphaT: fraction,
  referenceIrradiance: positive,
  referenceTemperature: num,
  aGamma: num,
  bGamma: num,
  cGamma: num,
  dGamma: num,
  spectralResponse: enumId,
  /** PvModelType 0, 1, 3; 100 (CEC) and 101 (De Soto) are the engine's library models */
  pvModel: enumId,
  useDefaultSandiaIAM: bool,
  useDefaultTabularIAM: bool,
  sandiaSpectralA0: num,
  sandiaSpectralA1: num,
  sandiaSpectralA2: num,
  sandiaSpectralA3: num,
  sandiaSpectralA4: num,
  sandiaIAMB0: num,
  sandiaIAMB1: num,
  sandiaIAMB2: num,
  sandiaIAMB3: num,
  sandiaIAMB4: num,
  sandiaIAMB5: num,
  ashraeiamB0: z.number().min(0).max(1).nullish(),
  spectral2B0: num,
  spectral2B1: num,
  spectral2B2: num,
  spectral2B3: num,
  spectral2B4: num,
  spectral2B5: num,
  iamFactors: z.array(iamFactorSchema).max(200).nullish(),
  degradationModel: enumId,
  linearDegradationRate: z.number().min(-100).max(100).nullish(),
  nonLinearDegradationRates: z.array(nonLinearDegradationRateSchema).max(100).nullish(),
  cellDesignType: enumId,
  useAntiReflectiveCoating: bool,
  refractiveIndex: positive,
  refractiveIndexOfARC: positive,
  glazingExtinctionCoef: nonNegative,
  glazingThickness: nonNegative,
  sandiaAFactors: z.array(z.number()).max(20).nullish(),
  sandiaBFactors: z.array(z.number()).max(20).nullish(),
  powerAtSTC: positive,
  powerAtSTCExcludingWiringLosses: positive,
  effectiveIrradianceResponse: z.array(efficiencyDetailsSchema).max(200).nullish(),
  electricalShadingFractionalEffect: percent,
  moduleShadingResponse: enumId,
  isMetastable: bool,
  metastabilityProperties: metastabilityPropertiesSchema.nullish(),
  // Product fields outside spec 3 (spec 1 §3 entity and new-module defaults; engine library fit).
  electricalShadingInputTable: z.array(electricalShadingPointSchema).max(1000).nullish(),
  nominalOperatingCellTemperature: num,
  transmittanceAbsorptance: fraction,
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
