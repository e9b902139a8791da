/**
 * Result summary of a simulation year and of the prediction (spec 3 `PredictionResultSummaryYear`,
 * `SummaryFactor`, `MonthlySums`, `PredictionResultSummary`): energy, specific yield, performance
 * ratio, capacity factor and their P-values, from the loss-tree accumulators of the year.
 *
 * Energy conventions (from the OA example of `GET …/ResultSummary`, spec 4 S3): `totalEnergy` is the
 * signed plant energy with night consumption [kWh]; the specific yields, PR, capacity factor,
 * `plantNetEnergy` and `monthlySums.energySums` use the energy delivered (steps with P > 0); the night
 * consumption is reported as `nighttimeLosses`. With the example's figures: SY_DC = 54.899 MWh/1.95 MWp
 * = 28.15 kWh/kWp, PR = 28.15/35.23 = 79.9 %, CF = 54.899 MWh/(1.5 MW·96 h) = 38.1 %.
 */
import { DEGRADATION_MODEL, DEGRADATION_MODEL_NAMES, type Degradation } from '../lifetime/degradation.ts';
import type { AnnualRate } from '../lifetime/annualRates.ts';
import { MONTH_ABBREVIATIONS } from '../time/calendar.ts';
import { lossTree, lossTreeEnergies, type LossTreeAccumulator } from './lossTree.ts';
import type {
  BlockResultSummaryYear,
  MonthlyFactorsResult,
  PredictionResultSummaryYear,
  SummaryFactor,
} from './summaryTypes.ts';
import {
  combinedUncertainty,
  P_VALUES,
  pValueFactor,
  resultSummaryUncertainty,
  type UncertaintyComponents,
} from './uncertainty.ts';

/** Reference irradiance of the performance ratio, G_STC [W/m²]. */
export const G_STC = 1000;

/**
 * Performance ratio (IEC 61724-1).
 *
 *   PR = Y_f/Y_r,  Y_f = E/P0 [kWh/kWp],  Y_r = H_POA/G_STC [h]
 *
 * The product's variant (spec 4, OA example `performanceRatio` = `specificYieldDC`/`poAInsolation`):
 * E is the energy delivered at the point of interconnection (night consumption excluded), H_POA the
 * front plane-of-array irradiation after transposition and before shading and soiling, P0 the DC
 * rating at STC; the rear irradiance of bifacial plants is not in Y_r (IEC 61724-1:2021 also defines a
 * bifacial variant, not used here).
 *
 * @param x.energy E [Wh]
 * @param x.poaInsolation H_POA [Wh/m²]
 * @param p.dcCapacity P0 [W]
 * @returns PR [-] (0 when H_POA or P0 is 0)
 * @see IEC 61724-1:2021, Photovoltaic system performance – Part 1: Monitoring, §10 (yields and
 *      performance ratio)
 */
export function performanceRatio(
  x: { energy: number; poaInsolation: number },
  p: { dcCapacity: number },
): number {
  const reference = (x.poaInsolation / G_STC) * p.dcCapacity;
  return reference > 0 ? x.energy / reference : 0;
}

/**
 * Specific yield: energy per unit of rated power, Y = E/P [kWh/kW = h] (IEC 61724-1 final yield Y_f
 * for P = P0; per AC kW for `specificYieldAC`).
 * @param x.energy E [Wh]
 * @param p.capacity rated power P [W] (DC at STC, or AC)
 * @returns specific yield [kWh/kW] (0 when P is 0)
 * @see IEC 61724-1:2021 §10
 */
export function specificYield(x: { energy: number }, p: { capacity: number }): number {
  return p.capacity > 0 ? x.energy / p.capacity : 0;
}

/**
 * AC capacity factor: CF = E/(P_AC·T), with T the hours of the period simulated.
 * @param x.energy E [Wh]
 * @param x.hours T [h]
 * @param p.acCapacity P_AC [W]
 * @returns CF [-] (0 when P_AC·T is 0)
 */
export function capacityFactor(x: { energy: number; hours: number }, p: { acCapacity: number }): number {
  const d = p.acCapacity * x.hours;
  return d > 0 ? x.energy / d : 0;
}

const MONTH_NAMES = MONTH_ABBREVIATIONS;

/** Parameters of {@link predictionResultSummaryYear}. */
export interface SummaryYearParams {
  /** Calendar year and year of operation (1-based). */
  year: number;
  yearIndex: number;
  /** Plant DC rating at STC, P0 [W]. */
  dcCapacity: number;
  /** Plant AC rating [W]. */
  acCapacity: number;
  /** Number of arrays (Σ arrays × repeaters) for `arrayNetEnergy`. */
  numArrays: number;
  /** Uncertainty components [%]; the year's P-values use one year (N = 1). */
  uncertainty: UncertaintyComponents;
  /** P-values to report [%], default {@link P_VALUES}. */
  pValues?: readonly number[];
  /** Input monthly factors (`Prediction.monthlyFactors`), echoed with the month's spectral loss. */
  monthlyFactors?: readonly { month: number; soilingLoss?: number | null; albedo?: number | null }[];
  hasESSSystem?: boolean;
  hasBifacial?: boolean;
  useSunSolveParameters?: boolean;
  /** Time-of-delivery factor, default −1 (none). */
  todFactor?: number;
}

/** @internal "1.23 %" for the report strings, " - " when not applicable. */
function reportPercent(value: number, applicable: boolean): string {
  return applicable ? `${value.toFixed(2)} %` : ' - ';
}

/**
 * The summary factors of a year for each P-value X (spec 3 `SummaryFactor`).
 *
 * With f_irr = 1 − z_X·σ_irr and f_tot = 1 − z_X·σ_total (`pValueFactor`, N = 1 year):
 * ghiSum = H_GHI·f_irr, poAInsolation = H_POA·f_irr; the delivered energy E⁺·f_tot gives
 * `plantNetEnergy`, `arrayNetEnergy` (÷ arrays), `specificYieldDC` (÷ P0), `specificYieldAC` (÷ P_AC),
 * `acCapacityFactor` (÷ P_AC·T) and `performanceRatio` = SY_DC,X/(H_POA,X/G_STC); `plantGrossEnergy` and
 * `totalBoSLoss` scale with f_tot; `nighttimeLosses` and `max3hrShortCircuitCurrent` do not depend on
 * the resource and are not scaled [inf].
 *
 * @param acc the year's loss-tree accumulators
 * @param p see {@link SummaryYearParams}
 * @returns one factor set per P-value
 */
export function summaryFactors(acc: LossTreeAccumulator, p: SummaryYearParams): SummaryFactor[] {
  const en = lossTreeEnergies(acc, p);
  const sigma = combinedUncertainty(p.uncertainty);
  let delivered = 0;
  let night = 0;
  let gross = 0;
  let hours = 0;
  let essPv = 0;
  let essBattery = 0;
  let essAux = 0;
  for (let m = 0; m < 12; m++) {
    delivered += acc.finalPositive[m]!;
    night += acc.finalNegative[m]!;
    gross += acc.grossPositive[m]!;
    hours += acc.hours[m]!;
    essPv += acc.essPv[m]!;
    essBattery += acc.essBattery[m]!;
    essAux += acc.essAuxiliary[m]!;
  }
  return (p.pValues ?? P_VALUES).map((x): SummaryFactor => {
    const fIrr = pValueFactor({ pValue: x }, { sigma: sigma.irradiance });
    const fTot = pValueFactor({ pValue: x }, { sigma: sigma.total });
    const energy = delivered * fTot;
    const poa = en.poaInsolation * fIrr;
    return {
      pValue: x,
      pValueString: `P${x}`,
      ghiSum: (en.ghiInsolation * fIrr) / 1000,
      poAInsolation: poa / 1000,
      specificYieldDC: specificYield({ energy }, { capacity: p.dcCapacity }),
      specificYieldAC: specificYield({ energy }, { capacity: p.acCapacity }),
      performanceRatio: performanceRatio({ energy, poaInsolation: poa }, p) * 100,
      acCapacityFactor: capacityFactor({ energy, hours }, p) * 100,
      max3hrShortCircuitCurrent: acc.max3hrShortCircuitCurrent,
      arrayNetEnergy: p.numArrays > 0 ? energy / p.numArrays / 1e9 : 0,
      plantNetEnergy: energy / 1e9,
      plantGrossEnergy: (gross * fTot) / 1e9,
      totalBoSLoss: (en.balanceOfSystemLoss * fTot) / 1e6,
      nighttimeLosses: -night / 1e6,
      todFactor: p.todFactor ?? -1,
      hasESSSystem: p.hasESSSystem ?? false,
      esspvEnergy: (essPv * fTot) / 1e6,
      essBatteryEnergy: (essBattery * fTot) / 1e6,
      essAuxLoss: essAux / 1e6,
    };
  });
}

/**
 * One year of the result summary (spec 3 `PredictionResultSummaryYear`), from the year's loss-tree
 * accumulators: the loss tree ({@link lossTree}, % relative to the previous stage, + loss / − gain),
 * `totalEnergy` = signed Σ P·Δt [kWh], `monthlySums` (energy delivered per month [MWh], GHI per month
 * [Wh/m²]; the months add up to the year's `plantNetEnergy`·1000 and `ghiSum`·1000), `monthlyFactors`
 * (inputs echoed, `spectralShift` = the month's spectral loss), `summaryFactors` per P-value
 * ({@link summaryFactors}), the ESS figures and `backsideEffPOA` [kWh/m²].
 *
 * @param acc the year's accumulators (after `accumulateLossTree`)
 * @param p see {@link SummaryYearParams}
 * @returns the year, without database ids
 * @see spec 3 `PredictionResultSummaryYear`, `SummaryFactor`, `MonthlySums`, `TTLResultSummary`;
 *      spec 4 §1 "ResultSummary"
 */
export function predictionResultSummaryYear(
  acc: LossTreeAccumulator,
  p: SummaryYearParams,
): PredictionResultSummaryYear {
  const tree = lossTree(acc, p);
  const en = lossTreeEnergies(acc, p);
  const monthlyFactors: MonthlyFactorsResult[] = MONTH_NAMES.map((monthName, m) => {
    const input = p.monthlyFactors?.find((f) => f.month === m + 1);
    return {
      month: m + 1,
      monthName,
      soilingLoss: input?.soilingLoss ?? 0,
      albedo: input?.albedo ?? 0,
      spectralShift:
        acc.hours[m]! > 0 ? lossTree(acc, { dcCapacity: p.dcCapacity, months: 1 << m }).spectralLoss : 0,
    };
  });
  let essPv = 0;
  let essBattery = 0;
  for (let m = 0; m < 12; m++) {
    essPv += acc.essPv[m]!;
    essBattery += acc.essBattery[m]!;
  }
  const ess = p.hasESSSystem ?? false;
  const sunSolve = p.useSunSolveParameters ?? false;
  return {
    year: p.year,
    yearIndex: p.yearIndex,
    yearIndexString: `Year ${p.yearIndex}`,
    totalEnergy: en.finalEnergy / 1000,
    monthlyFactors,
    summaryFactors: summaryFactors(acc, p),
    ...tree,
    monthlySums: {
      energySums: MONTH_NAMES.map((_, m) => ({ month: m + 1, sum: acc.finalPositive[m]! / 1e6 })),
      ghiSums: MONTH_NAMES.map((_, m) => ({ month: m + 1, sum: acc.sums[m]! })),
    },
    hasESSSystem: ess,
    esspvEnergy: essPv / 1e6,
    essBatteryEnergy: essBattery / 1e6,
    backsideEffPOA: en.rearEffectiveInsolation / 1000,
    reportESSDCRoundtripEfficiencyLoss: reportPercent(tree.essdcRoundtripEfficiencyLoss, ess),
    reportESSHVACLoss: reportPercent(tree.esshvacLoss, ess),
    reportESSInverterEfficiencyLoss: reportPercent(tree.essInverterEfficiencyLoss, ess),
    reportESSMVTransformersLoss: reportPercent(tree.essmvTransformersLoss, ess),
    showBacksideEffPOA: p.hasBifacial ?? false,
    useSunSolveParameters: sunSolve,
    reportSunSolveTransmissionGainLoss: reportPercent(tree.sunSolveTransmissionGainLoss, sunSolve),
  };
}

/**
 * One year of a block's summary (spec 3 `BlockResultSummaryYear`) from the block's own accumulators:
 * the same tree and factors as {@link predictionResultSummaryYear}, with `backSideIrradiance` and
 * `blockName`/`blockNetEnergy` [GWh] in the factors (as in the OA example).
 * @param acc the block's accumulators for the year
 * @param p see {@link SummaryYearParams}, plus the block `name`
 */
export function blockResultSummaryYear(
  acc: LossTreeAccumulator,
  p: SummaryYearParams & { name: number },
): BlockResultSummaryYear {
  const y = predictionResultSummaryYear(acc, { ...p, hasESSSystem: false });
  return {
    year: y.year,
    yearIndex: y.yearIndex,
    yearIndexString: y.yearIndexString,
    totalEnergy: y.totalEnergy,
    transpositionOnPlane: y.transpositionOnPlane,
    correctedTranspositionOnPlane: y.correctedTranspositionOnPlane,
    farShadingLoss: y.farShadingLoss,
    nearShadingLoss: y.nearShadingLoss,
    elecShadingLoss: y.elecShadingLoss,
    soilingLoss: y.soilingLoss,
    iamFactorLoss: y.iamFactorLoss,
    spectralLoss: y.spectralLoss,
    moduleIrradianceLoss: y.moduleIrradianceLoss,
    moduleTemperatureLoss: y.moduleTemperatureLoss,
    moduleQualityLoss: y.moduleQualityLoss,
    lidLoss: y.lidLoss,
    moduleMismatchLoss: y.moduleMismatchLoss,
    moduleBackMismatchLoss: y.moduleBackMismatchLoss,
    biFacialityLoss: y.biFacialityLoss,
    structureShadingLoss: y.structureShadingLoss,
    sunSolveTransmissionGainLoss: y.sunSolveTransmissionGainLoss,
    backSideIrradiance: y.backsideIrradiance,
    dcWiringLoss: y.dcWiringLoss,
    dcHealthLoss: y.dcHealthLoss,
    inverterEfficiencyLoss: y.inverterEfficiencyLoss,
    inverterLimitationLoss: y.inverterLimitationLoss,
    degradationLoss: y.degradationLoss,
    leTIDLoss: y.leTIDLoss,
    inverterCoolingLoss: y.inverterCoolingLoss,
    trackerMotorLoss: y.trackerMotorLoss,
    dataAcquisitionAuxLoss: y.dataAcquisitionAuxLoss,
    mvTransformersLoss: y.mvTransformersLoss,
    acCollectionLinesLoss: y.acCollectionLinesLoss,
    backsideEffPOA: y.backsideEffPOA,
    summaryFactors: y.summaryFactors.map((f) => ({
      blockName: p.name,
      pValue: f.pValue,
      pValueString: f.pValueString,
      ghiSum: f.ghiSum,
      poAInsolation: f.poAInsolation,
      specificYieldDC: f.specificYieldDC,
      specificYieldAC: f.specificYieldAC,
      performanceRatio: f.performanceRatio,
      acCapacityFactor: f.acCapacityFactor,
      arrayNetEnergy: f.arrayNetEnergy,
      blockNetEnergy: f.plantNetEnergy,
      totalBoSLoss: f.totalBoSLoss,
      nighttimeLosses: f.nighttimeLosses,
      todFactor: f.todFactor,
    })),
  };
}

/**
 * The `PredictionResultSummary` fields the engine can derive (the server adds names, dates, project
 * and weather metadata and ids): model and degradation settings, the uncertainty terms as fractions,
 * sizes, the years, and the lifetime total.
 *
 * `degradationRate` = linear rate/100 (OA example: 0.005 for 0.5 %/yr); `dcSize`, `acSize` [MW];
 * `dcacRatio` = P0/P_AC; `lifetimeEnergy` = Σ `totalEnergy` over the years [kWh] (not an API field).
 *
 * @param p.years the simulated years ({@link predictionResultSummaryYear})
 * @param p.degradation the prediction's model; p.letidRates its LeTID schedule when enabled
 * @param p.uncertainty components [%]
 * @param p.dcCapacity P0 [W]; p.acCapacity [W]; p.numArrays
 * @param p.lgiaLimit LGIA limit [W] or null ('Off')
 * @param p.availabilityLoss [%]; p.powerFactor [-]
 * @returns the fields, with spec 3 names
 */
export function predictionResultSummaryFields(p: {
  years: readonly PredictionResultSummaryYear[];
  degradation: Degradation;
  linearDegradationRate?: number | null;
  nonLinearDegradationRates?: readonly AnnualRate[] | null;
  letidRates?: readonly AnnualRate[] | null;
  uncertainty: UncertaintyComponents;
  dcCapacity: number;
  acCapacity: number;
  numArrays: number;
  lgiaLimit?: number | null;
  availabilityLoss?: number | null;
  powerFactor?: number | null;
  hasESSSystem?: boolean;
  hasBifacial?: boolean;
}) {
  const id = DEGRADATION_MODEL[p.degradation.model];
  const rate = 'rate' in p.degradation ? p.degradation.rate : (p.linearDegradationRate ?? 0);
  const lifetimeEnergy = p.years.reduce((s, y) => s + y.totalEnergy, 0);
  return {
    degradationModel: DEGRADATION_MODEL_NAMES[id],
    degradationRate: rate / 100,
    nonLinearDegradationRates: p.nonLinearDegradationRates ?? null,
    lightAndElevationTemperatureDegradationRates: p.letidRates ?? null,
    leTIDRates: p.letidRates ?? null,
    useLeTID: (p.letidRates?.length ?? 0) > 0,
    ...resultSummaryUncertainty(p.uncertainty),
    yearRepeater: p.years.length,
    acSize: p.acCapacity / 1e6,
    dcSize: p.dcCapacity / 1e6,
    numArrays: p.numArrays,
    dcacRatio: p.acCapacity > 0 ? p.dcCapacity / p.acCapacity : 0,
    lgiaLimitation: p.lgiaLimit != null && p.lgiaLimit > 0 ? String(p.lgiaLimit / 1e6) : 'Off',
    availabilityLoss: p.availabilityLoss ?? 0,
    powerFactor: p.powerFactor ?? 1,
    predictionHasESS: p.hasESSSystem ?? false,
    hasBifacial: p.hasBifacial ?? false,
    years: p.years,
    lifetimeEnergy,
  };
}
