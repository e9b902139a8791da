/**
 * The input of the loss tree: per-step plant-level columns of one simulation year, one per stage of
 * the chain (see `lossTree.ts`), and the loss fields they report.
 */

/**
 * Per-step plant-level columns of one simulation year (all the same length). Irradiance is the
 * plant's DC-rating-weighted mean over its DC fields [W/m²]; power is the plant total [W] (each DC
 * field × its repeaters). Every column but `month`, `ghi`, `poa` and one final AC column is optional:
 * a missing stage equals the stage before it (no loss).
 */
export interface LossTreeColumns {
  /** Calendar month of each step, 1–12 (`monthSeries`); steps with another value are skipped. */
  month: ArrayLike<number>;
  /** Global horizontal irradiance [W/m²]. */
  ghi: Float64Array;
  /** Front plane-of-array irradiance after transposition, before any shading [W/m²] → `transpositionOnPlane`. */
  poa: Float64Array;
  /** Informational POA (e.g. measured POA with `useMeteoPOAI`) → `correctedTranspositionOnPlane`, not a chain stage. */
  poaCorrected?: Float64Array;
  /** After horizon (far) shading [W/m²] → `farShadingLoss`. */
  poaAfterFarShading?: Float64Array;
  /** After near (row) shading of beam, sky and ground light [W/m²] → `nearShadingLoss`. */
  poaAfterNearShading?: Float64Array;
  /** After the electrical effect of shading, irradiance-equivalent [W/m²] → `elecShadingLoss`. */
  poaAfterElectricalShading?: Float64Array;
  /** After soiling [W/m²] → `soilingLoss`. */
  poaAfterSoiling?: Float64Array;
  /** After the incidence-angle modifier [W/m²] → `iamFactorLoss`. */
  poaAfterIam?: Float64Array;
  /** After the spectral correction: effective front irradiance [W/m²] → `spectralLoss`. */
  poaAfterSpectral?: Float64Array;
  /** Rear irradiance reaching the cells before structure shading [W/m²] → `backsideIrradiance` (a gain, < 0). */
  rearIrradiance?: Float64Array;
  /** Rear after structure shading [W/m²] → `structureShadingLoss`. */
  rearAfterStructureShading?: Float64Array;
  /** Rear after back-side mismatch [W/m²] → `moduleBackMismatchLoss`. */
  rearAfterBackMismatch?: Float64Array;
  /** Rear after the SunSolve transmission gain [W/m²] → `sunSolveTransmissionGainLoss`. */
  rearAfterTransmissionGain?: Float64Array;
  /** Effective rear irradiance, × bifaciality φ [W/m²] → `biFacialityLoss`. */
  rearEffective?: Float64Array;
  /** DC power at the effective irradiance and 25 °C cells [W] → `moduleIrradianceLoss` (vs P0·G_eff/1000). */
  dcAfterIrradiance?: Float64Array;
  /** DC power at the cell temperature [W] → `moduleTemperatureLoss`. */
  dcAfterTemperature?: Float64Array;
  /** [W] → `moduleQualityLoss`. */
  dcAfterQuality?: Float64Array;
  /** [W] → `lidLoss`. */
  dcAfterLid?: Float64Array;
  /** [W] → `moduleMismatchLoss`. */
  dcAfterMismatch?: Float64Array;
  /** [W] → `dcWiringLoss`. */
  dcAfterWiring?: Float64Array;
  /** [W] → `dcHealthLoss`. */
  dcAfterHealth?: Float64Array;
  /** DC degradation (Linear/Non-Linear DC) [W] → `degradationLoss`. */
  dcAfterDegradation?: Float64Array;
  /** DC LeTID [W] → `leTIDLoss`. */
  dcAfterLetid?: Float64Array;
  /** Inverter AC output before its power limit [W] → `inverterEfficiencyLoss`. */
  acInverterOutput?: Float64Array;
  /** Inverter AC output after the limit (clipping, setpoint, kVA) [W] → `inverterLimitationLoss`. */
  acAfterLimitation?: Float64Array;
  /** AC degradation (Linear/Stepped AC) [W] → `degradationLoss`. */
  acAfterDegradation?: Float64Array;
  /** AC LeTID [W] → `leTIDLoss`. */
  acAfterLetid?: Float64Array;
  /** After the inverter cooling load [W] → `inverterCoolingLoss`. */
  acAfterCooling?: Float64Array;
  /** After the tracker motors [W] → `trackerMotorLoss`. */
  acAfterTrackerMotors?: Float64Array;
  /** After data acquisition and other auxiliary loads [W] → `dataAcquisitionAuxLoss`. */
  acAfterAuxiliary?: Float64Array;
  /** After the array (MV) transformers [W] → `mvTransformersLoss`. */
  acAfterMvTransformers?: Float64Array;
  /** After AC collection [W] → `acCollectionLinesLoss`. */
  acAfterCollection?: Float64Array;
  /** After each plant transformer or line, in ordinal order [W] → `transformerTransmissionLineLoss`. */
  plantElements?: readonly { type: string; power: Float64Array }[];
  /** After availability [W] → `availabilityLoss`. */
  acAfterAvailability?: Float64Array;
  /** After the LGIA limit [W] → `lgiaLimitationLoss`. */
  acAfterLgia?: Float64Array;
  /** ESS stages, cumulative plant output [W] → `essdcRoundtripEfficiencyLoss`, `essInverterEfficiencyLoss`,
   *  `essmvTransformersLoss`, `esshvacLoss`. */
  acAfterEssRoundTrip?: Float64Array;
  acAfterEssInverter?: Float64Array;
  acAfterEssMvTransformers?: Float64Array;
  acAfterEssHvac?: Float64Array;
  /** PV energy delivered through the ESS and battery discharge [W] (→ `esspvEnergy`, `essBatteryEnergy`). */
  essPvPower?: Float64Array;
  essBatteryPower?: Float64Array;
  /** ESS auxiliary consumption [W] (→ `essAuxLoss`). */
  essAuxiliaryPower?: Float64Array;
  /** Short-circuit current of one module [A] (→ `max3hrShortCircuitCurrent`). */
  moduleShortCircuitCurrent?: Float64Array;
}

/** The loss fields of `PredictionResultSummaryYear` that are chain stages. */
export type LossField =
  | 'transpositionOnPlane'
  | 'farShadingLoss'
  | 'nearShadingLoss'
  | 'elecShadingLoss'
  | 'soilingLoss'
  | 'iamFactorLoss'
  | 'spectralLoss'
  | 'backsideIrradiance'
  | 'structureShadingLoss'
  | 'moduleBackMismatchLoss'
  | 'sunSolveTransmissionGainLoss'
  | 'biFacialityLoss'
  | 'moduleIrradianceLoss'
  | 'moduleTemperatureLoss'
  | 'moduleQualityLoss'
  | 'lidLoss'
  | 'moduleMismatchLoss'
  | 'dcWiringLoss'
  | 'dcHealthLoss'
  | 'degradationLoss'
  | 'leTIDLoss'
  | 'inverterEfficiencyLoss'
  | 'inverterLimitationLoss'
  | 'inverterCoolingLoss'
  | 'trackerMotorLoss'
  | 'dataAcquisitionAuxLoss'
  | 'mvTransformersLoss'
  | 'acCollectionLinesLoss'
  | 'availabilityLoss'
  | 'lgiaLimitationLoss'
  | 'essdcRoundtripEfficiencyLoss'
  | 'essInverterEfficiencyLoss'
  | 'essmvTransformersLoss'
  | 'esshvacLoss';
