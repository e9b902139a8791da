/**
 * The result-summary shapes of spec 3 with the API's JSON names (camelCase as listed, including the
 * irregular `poAInsolation`, `biFacialityLoss`, `leTIDLoss`, `essmvTransformersLoss`). Database ids
 * (`id`) are the server's and are left out. Units are those of the OA example of
 * `GET …/ResultSummary` (spec 4 S3), stated per field.
 */
import type { LossTree } from './lossTree.ts';

/** spec 3 `MonthlySum`. */
export interface MonthlySum {
  month: number;
  sum: number;
}

/** spec 3 `MonthlySums`: `energySums` [MWh] (energy delivered, night consumption excluded), `ghiSums` [Wh/m²]. */
export interface MonthlySums {
  energySums: MonthlySum[];
  ghiSums: MonthlySum[];
}

/** spec 3 `MonthlyFactors` as echoed in a result year. */
export interface MonthlyFactorsResult {
  month: number;
  /** "Jan" … "Dec". */
  monthName: string;
  /** Input soiling loss of the month [%]. */
  soilingLoss: number;
  /** Input albedo of the month [-]. */
  albedo: number;
  /** Spectral loss of the month from the loss tree [%] (+ loss, − gain). */
  spectralShift: number;
}

/** spec 3 `TTLResultSummary`: one plant transformer or transmission line, loss [%]. */
export interface TTLResultSummary {
  type: string;
  loss: number;
}

/** spec 3 `SummaryFactor`: the figures of one P-value. */
export interface SummaryFactor {
  pValue: number;
  /** "P50", "P90", … */
  pValueString: string;
  /** GHI irradiation [kWh/m²]. */
  ghiSum: number;
  /** Front POA irradiation (transposed, before shading) [kWh/m²]. */
  poAInsolation: number;
  /** Energy delivered per DC kWp [kWh/kWp]. */
  specificYieldDC: number;
  /** Energy delivered per AC kW [kWh/kW]. */
  specificYieldAC: number;
  /** [%] */
  performanceRatio: number;
  /** [%] */
  acCapacityFactor: number;
  /** Largest 3-hour mean module short-circuit current [A]. */
  max3hrShortCircuitCurrent: number;
  /** Energy delivered per array (plant / number of arrays) [GWh]. */
  arrayNetEnergy: number;
  /** Energy delivered at the point of interconnection, night consumption excluded [GWh]. */
  plantNetEnergy: number;
  /** Inverter output after limitation, production only [GWh]. */
  plantGrossEnergy: number;
  /** Balance-of-system loss, inverter output → last plant transformer or line [MWh]. */
  totalBoSLoss: number;
  /** Night consumption at the point of interconnection [MWh]. */
  nighttimeLosses: number;
  /** Time-of-delivery factor (−1: none). */
  todFactor: number;
  hasESSSystem: boolean;
  /** [MWh] */
  esspvEnergy: number;
  /** [MWh] */
  essBatteryEnergy: number;
  /** [MWh] */
  essAuxLoss: number;
}

/** spec 3 `PredictionResultSummaryYear` (without `id`): losses [%], + loss / − gain. */
export type PredictionResultSummaryYear = Omit<LossTree, 'transformerTransmissionLineLoss'> & {
  /** Calendar year. */
  year: number;
  /** Year of operation, 1-based. */
  yearIndex: number;
  /** "Year k". */
  yearIndexString: string;
  /** Signed plant energy, night consumption included [kWh]. */
  totalEnergy: number;
  monthlyFactors: MonthlyFactorsResult[];
  summaryFactors: SummaryFactor[];
  transformerTransmissionLineLoss: TTLResultSummary[];
  monthlySums: MonthlySums;
  hasESSSystem: boolean;
  /** [MWh] */
  esspvEnergy: number;
  /** [MWh] */
  essBatteryEnergy: number;
  /** Effective rear irradiation (× bifaciality) [kWh/m²]. */
  backsideEffPOA: number;
  reportESSDCRoundtripEfficiencyLoss: string;
  reportESSHVACLoss: string;
  reportESSInverterEfficiencyLoss: string;
  reportESSMVTransformersLoss: string;
  showBacksideEffPOA: boolean;
  useSunSolveParameters: boolean;
  reportSunSolveTransmissionGainLoss: string;
};

/** BlockSummaryFactor as in the OA example (`blockName`, `blockNetEnergy` [GWh]). */
export type BlockSummaryFactor = Omit<
  SummaryFactor,
  | 'plantNetEnergy'
  | 'plantGrossEnergy'
  | 'max3hrShortCircuitCurrent'
  | 'hasESSSystem'
  | 'esspvEnergy'
  | 'essBatteryEnergy'
  | 'essAuxLoss'
> & { blockName: number; blockNetEnergy: number };

/** spec 3 `BlockResultSummaryYear` (without `id`); note the spelling `backSideIrradiance`. */
export type BlockResultSummaryYear = Pick<
  PredictionResultSummaryYear,
  | 'year'
  | 'yearIndex'
  | 'yearIndexString'
  | 'totalEnergy'
  | 'transpositionOnPlane'
  | 'correctedTranspositionOnPlane'
  | 'farShadingLoss'
  | 'nearShadingLoss'
  | 'elecShadingLoss'
  | 'soilingLoss'
  | 'iamFactorLoss'
  | 'spectralLoss'
  | 'moduleIrradianceLoss'
  | 'moduleTemperatureLoss'
  | 'moduleQualityLoss'
  | 'lidLoss'
  | 'moduleMismatchLoss'
  | 'moduleBackMismatchLoss'
  | 'biFacialityLoss'
  | 'structureShadingLoss'
  | 'sunSolveTransmissionGainLoss'
  | 'dcWiringLoss'
  | 'dcHealthLoss'
  | 'inverterEfficiencyLoss'
  | 'inverterLimitationLoss'
  | 'degradationLoss'
  | 'leTIDLoss'
  | 'inverterCoolingLoss'
  | 'trackerMotorLoss'
  | 'dataAcquisitionAuxLoss'
  | 'mvTransformersLoss'
  | 'acCollectionLinesLoss'
  | 'backsideEffPOA'
> & { backSideIrradiance: number; summaryFactors: BlockSummaryFactor[] };
