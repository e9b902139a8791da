/**
 * Long-term degradation of a PV plant: the five models of the product (spec 3 `DegradationModel`:
 * 0 None, 1 Stepped AC, 2 Linear AC, 3 Linear DC, 4 Non-Linear DC) as a cumulative loss U(τ) [%]
 * of the age τ of the block [yr], and the derate factor D = 1 − U/100 that the chain multiplies in.
 *
 * Where it applies (spec 4 §2 "Degradation"): Linear and Non-Linear DC scale the DC power before the
 * inverter (so they change clipping); Linear and Stepped AC scale the array AC power after summing
 * its inverters and before the auxiliary loads. Output is 0 before the energization date (see
 * `yearRepeater.ts`).
 *
 * Time base: τ is counted from the block's energization date (or the prediction start when the block
 * has none) in decimal calendar years (see `lifetimeFactorsSeries`).
 *
 * The product documents the rate inputs but not the exact time functions (spec 4 D: Linear "a
 * continuous-time function", Stepped "reduced by the linear annual degradation rate at a discrete
 * point in time", Non-Linear "per-year rates starting at year 0"); the functions below are our
 * reading, marked [inf] where they go beyond the text.
 */
import {
  annualRatesLossKernel,
  prepareAnnualRates,
  type AnnualRate,
  type PreparedAnnualRates,
} from './annualRates.ts';

/** spec 3 `DegradationModel` (integer enum of `Prediction.degradationModel`). */
export const DEGRADATION_MODEL = {
  none: 0,
  steppedAc: 1,
  linearAc: 2,
  linearDc: 3,
  nonLinearDc: 4,
} as const;

/** Display names of {@link DEGRADATION_MODEL} (the `GET /Definitions` catalog; `ResultSummary.degradationModel`). */
export const DEGRADATION_MODEL_NAMES = [
  'None',
  'Stepped AC',
  'Linear AC',
  'Linear DC',
  'Non-Linear DC',
] as const;

/** A degradation model with its parameters. */
export type Degradation =
  | { model: 'none' }
  | {
      model: 'linearAc' | 'linearDc' | 'steppedAc';
      /** Annual rate r (`linearDegradationRate`) [%/yr]. */
      rate: number;
      /** `firstYearDegradation`: the first year of operation already degrades (see {@link degradationLoss}). */
      firstYearDegradation: boolean;
    }
  | {
      model: 'nonLinearDc';
      /** `nonLinearDegradationRates`, year 0 = first year of operation [%/yr]. */
      rates: readonly AnnualRate[];
    };

/** A {@link Degradation} with its rate schedule prepared once for the hot loop. */
export type PreparedDegradation = Degradation & { schedule?: PreparedAnnualRates };

const MODEL_BY_ID = ['none', 'steppedAc', 'linearAc', 'linearDc', 'nonLinearDc'] as const;

/**
 * Degradation model of a prediction from its spec 3 fields.
 * @param p.degradationModel `Prediction.degradationModel` (0–4, see {@link DEGRADATION_MODEL})
 * @param p.linearDegradationRate annual rate [%/yr] (linear and stepped models)
 * @param p.firstYearDegradation flag of the linear and stepped models
 * @param p.nonLinearDegradationRates per-year rates (non-linear model) [%/yr]
 * @returns the model; an unknown id throws
 */
export function degradationFromPrediction(p: {
  degradationModel: number;
  linearDegradationRate?: number | null;
  firstYearDegradation?: boolean | null;
  nonLinearDegradationRates?: readonly AnnualRate[] | null;
}): Degradation {
  const model = MODEL_BY_ID[p.degradationModel];
  if (model === undefined) throw new RangeError(`unknown degradationModel ${p.degradationModel}`);
  if (model === 'none') return { model };
  if (model === 'nonLinearDc') return { model, rates: p.nonLinearDegradationRates ?? [] };
  return { model, rate: p.linearDegradationRate ?? 0, firstYearDegradation: p.firstYearDegradation ?? false };
}

/**
 * Degradation of one DC field: the prediction's model, or the module's own rates ("module-defined"
 * degradation, spec 3 `Module.degradationModel` 1 Linear / 2 Non-Linear with its
 * `linearDegradationRate` and `nonLinearDegradationRates`).
 *
 * Where the loss applies (DC or AC) is always the prediction's choice; the module only supplies the
 * rates, and only when the prediction's model is a DC one (3 or 4) and `useModuleDegradation` is set:
 * module Linear → Linear DC at the module's rate (keeping the prediction's `firstYearDegradation`),
 * module Non-Linear → Non-Linear DC with the module's schedule. A module with model 0 (Unspecified),
 * or an AC model on the prediction, keeps the prediction's ("fixed") degradation. [inf]: the notes do
 * not say how the product chooses between the two.
 *
 * @param prediction the prediction's model (from {@link degradationFromPrediction})
 * @param module the module's `degradationModel` (0/1/2), `linearDegradationRate` [%/yr] and
 *   `nonLinearDegradationRates` [%/yr]
 * @param p.useModuleDegradation take the module's rates when it defines them
 * @returns the field's model
 */
export function degradationForDcField(
  prediction: Degradation,
  module: {
    degradationModel?: number | null;
    linearDegradationRate?: number | null;
    nonLinearDegradationRates?: readonly AnnualRate[] | null;
  },
  p: { useModuleDegradation: boolean },
): Degradation {
  if (!p.useModuleDegradation || degradationApplication(prediction) !== 'dc') return prediction;
  const firstYearDegradation = 'firstYearDegradation' in prediction ? prediction.firstYearDegradation : false;
  if (module.degradationModel === 1) {
    return { model: 'linearDc', rate: module.linearDegradationRate ?? 0, firstYearDegradation };
  }
  if (module.degradationModel === 2)
    return { model: 'nonLinearDc', rates: module.nonLinearDegradationRates ?? [] };
  return prediction;
}

/**
 * Where a model applies: `'dc'` (Linear DC, Non-Linear DC: DC power before the inverter), `'ac'`
 * (Linear AC, Stepped AC: array AC after its inverters, before auxiliary loads) or `'none'`.
 */
export function degradationApplication(p: Degradation): 'none' | 'dc' | 'ac' {
  switch (p.model) {
    case 'none':
      return 'none';
    case 'linearDc':
    case 'nonLinearDc':
      return 'dc';
    case 'linearAc':
    case 'steppedAc':
      return 'ac';
  }
}

/** Prepares a model for {@link degradationLossKernel} (builds the non-linear schedule once). */
export function prepareDegradation(p: Degradation): PreparedDegradation {
  return p.model === 'nonLinearDc' ? { ...p, schedule: prepareAnnualRates(p.rates) } : p;
}

/** @internal Kernel: cumulative loss U [%] of a prepared model at age τ [yr]. */
export function degradationLossKernel(ageYears: number, p: PreparedDegradation): number {
  switch (p.model) {
    case 'none':
      return 0;
    case 'linearAc':
    case 'linearDc': {
      const clock = p.firstYearDegradation ? ageYears : ageYears - 1;
      return clock > 0 ? p.rate * clock : 0;
    }
    case 'steppedAc': {
      const clock = p.firstYearDegradation ? ageYears : ageYears - 1;
      return clock >= 0 ? p.rate * (Math.floor(clock) + 1) : 0;
    }
    case 'nonLinearDc': {
      const s = p.schedule ?? prepareAnnualRates(p.rates);
      return annualRatesLossKernel(ageYears, s.rate, s.cumulative);
    }
  }
}

/**
 * Cumulative degradation loss at an age of the block.
 *
 * With r the annual rate [%/yr], τ the age [yr] and the clock c = τ if `firstYearDegradation`, else
 * c = τ − 1 (the first year of operation is then free of degradation [inf]):
 * - Linear AC, Linear DC (continuous in time):  U = r·max(0, c)
 * - Stepped AC (constant within each year of age, stepping at each anniversary):
 *   U = r·(⌊c⌋ + 1) for c ≥ 0, else 0 — so year k of operation (k = 1, 2, …) loses r·k with the flag
 *   and r·(k − 1) without it
 * - Non-Linear DC, rates r₀, r₁, … (year j = ⌊τ⌋ runs at r_j; the last rate goes on):
 *   U = Σ_{i<j} r_i + r_j·(τ − j); `firstYearDegradation` does not apply (r₀ is the first year)
 * - None: U = 0.
 *
 * For τ ≤ 0 (not yet energized) U = 0; the energization itself is applied separately.
 *
 * @param x.ageYears age τ since energization [yr]
 * @param p the model (see {@link Degradation})
 * @returns cumulative loss U [%]
 * @see spec 4 §2 "Degradation" and D "Degradation Losses (AC Applied)", "(DC Applied)"; spec 3
 *      `DegradationModel`, `NonLinearDegradationRate`
 */
export function degradationLoss(x: { ageYears: number }, p: Degradation): number {
  return degradationLossKernel(x.ageYears, p);
}

/**
 * Degradation derate factor at an age: D = 1 − U/100, limited to [0, 1]
 * (U from {@link degradationLoss}; a negative schedule cannot raise output above 1).
 * @param x.ageYears age τ since energization [yr]
 * @param p the model
 * @returns derate factor D [-]
 */
export function degradationFactor(x: { ageYears: number }, p: Degradation): number {
  return derateKernel(degradationLossKernel(x.ageYears, p));
}

/** @internal Kernel: D = 1 − U/100 limited to [0, 1]. */
export function derateKernel(lossPercent: number): number {
  const d = 1 - lossPercent / 100;
  return d < 0 ? 0 : d > 1 ? 1 : d;
}

/**
 * Mean derate factor over year k of operation (ages k − 1 … k), e.g. for annual summaries.
 *
 * D̄_k = 1 − U(k − ½)/100: every model is linear or constant within each year of age, so the time
 * average over the year equals the mid-year value.
 *
 * Hand case, Linear DC 0.5 %/yr with `firstYearDegradation`: D̄₁ = 0.9975, D̄₂₅ = 1 − 0.005·24.5 = 0.8775.
 *
 * @param x.yearIndex year of operation k (1 = first year)
 * @param p the model
 * @returns mean derate factor over the year [-]
 */
export function degradationYearMean(x: { yearIndex: number }, p: Degradation): number {
  return derateKernel(degradationLossKernel(x.yearIndex - 0.5, p));
}
