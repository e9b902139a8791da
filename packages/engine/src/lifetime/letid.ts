/**
 * Light- and elevated-temperature-induced degradation (LeTID) of crystalline-silicon modules: a loss
 * that rises over the first years in the field and then regenerates.
 *
 * Two forms:
 * - `annualRates`: the product's per-year LeTID rates (spec 3 `leTIDRates`,
 *   `lightAndElevatedTemperatureDegradationRates`; spec 4 D "LeTID Annual Rates, per-year rates
 *   starting at year 0"), integrated like the non-linear degradation schedule; negative rates are the
 *   regeneration.
 * - `threeState`: the kinetic three-state defect model A → B → C (A: latent precursor, B:
 *   recombination-active, C: regenerated/passivated) with first-order transitions, whose closed-form
 *   solution gives a rise-then-decay loss from three parameters.
 *
 * LeTID applies at the same point as the prediction's degradation (DC for None, Linear DC and
 * Non-Linear DC; AC for Linear and Stepped AC) and is reported separately (`leTIDLoss`) [inf].
 */
import {
  annualRatesLossKernel,
  prepareAnnualRates,
  type AnnualRate,
  type PreparedAnnualRates,
} from './annualRates.ts';
import { derateKernel } from './degradation.ts';

/** A LeTID model with its parameters. */
export type Letid =
  | { model: 'none' }
  | {
      model: 'annualRates';
      /** Per-year rates, year 0 = first year of operation [%/yr]; negative = regeneration. */
      rates: readonly AnnualRate[];
    }
  | {
      model: 'threeState';
      /** Largest loss, reached at the peak age [%]. */
      peakLoss: number;
      /** Time constant of the degradation A → B, τd = 1/k_AB [yr]. */
      degradationTime: number;
      /** Time constant of the regeneration B → C, τr = 1/k_BC [yr]. */
      regenerationTime: number;
    };

/** A {@link Letid} prepared for the hot loop. */
export type PreparedLetid = Letid & { schedule?: PreparedAnnualRates; peakShape?: number };

/** @internal Shape f(τ) = |e^{−τ/τd} − e^{−τ/τr}| (or (τ/τ₀)·e^{−τ/τ₀} when τd = τr = τ₀); 0 for τ ≤ 0. */
function threeStateShape(ageYears: number, degradationTime: number, regenerationTime: number): number {
  if (!(ageYears > 0)) return 0;
  const k1 = 1 / degradationTime;
  const k2 = 1 / regenerationTime;
  if (Math.abs(k1 - k2) <= 1e-9 * (k1 + k2)) return ageYears * k1 * Math.exp(-k1 * ageYears);
  return (Math.exp(-k1 * ageYears) - Math.exp(-k2 * ageYears)) * Math.sign(k2 - k1);
}

/** @internal Peak age of the three-state shape: τ* = ln(k1/k2)/(k1 − k2) (τ₀ when k1 = k2). */
function threeStatePeakAge(degradationTime: number, regenerationTime: number): number {
  const k1 = 1 / degradationTime;
  const k2 = 1 / regenerationTime;
  if (Math.abs(k1 - k2) <= 1e-9 * (k1 + k2)) return degradationTime;
  return Math.log(k1 / k2) / (k1 - k2);
}

/** Prepares a LeTID model for {@link letidLossKernel} (schedule or peak normalisation computed once). */
export function prepareLetid(p: Letid): PreparedLetid {
  if (p.model === 'annualRates') return { ...p, schedule: prepareAnnualRates(p.rates) };
  if (p.model === 'threeState') {
    const peak = threeStatePeakAge(p.degradationTime, p.regenerationTime);
    return { ...p, peakShape: threeStateShape(peak, p.degradationTime, p.regenerationTime) };
  }
  return p;
}

/** @internal Kernel: LeTID loss L [%] of a prepared model at age τ [yr]. */
export function letidLossKernel(ageYears: number, p: PreparedLetid): number {
  switch (p.model) {
    case 'none':
      return 0;
    case 'annualRates': {
      const s = p.schedule ?? prepareAnnualRates(p.rates);
      const u = annualRatesLossKernel(ageYears, s.rate, s.cumulative);
      return u > 0 ? u : 0;
    }
    case 'threeState': {
      if (!(p.peakLoss > 0) || !(p.degradationTime > 0) || !(p.regenerationTime > 0)) return 0;
      const norm =
        p.peakShape ??
        threeStateShape(
          threeStatePeakAge(p.degradationTime, p.regenerationTime),
          p.degradationTime,
          p.regenerationTime,
        );
      return (p.peakLoss * threeStateShape(ageYears, p.degradationTime, p.regenerationTime)) / norm;
    }
  }
}

/**
 * LeTID loss at an age of the block.
 *
 * - `annualRates` l₀, l₁, … [%/yr]: L = max(0, Σ_{i<j} l_i + l_j·(τ − j)), j = ⌊τ⌋ (the last rate goes
 *   on after the list; the loss never turns into a gain).
 * - `threeState`: with k₁ = 1/τd (A → B) and k₂ = 1/τr (B → C), first-order kinetics from all defects
 *   in A give the fraction in the recombination-active state B (Bateman solution)
 *     N_B/N₀ = k₁/(k₂ − k₁)·(e^{−k₁τ} − e^{−k₂τ}),
 *   which peaks at τ* = ln(k₁/k₂)/(k₁ − k₂). Taking the power loss proportional to N_B (the
 *   small-loss limit, where the loss is linear in the added recombination),
 *     L(τ) = L_peak·f(τ)/f(τ*),  f(τ) = e^{−k₁τ} − e^{−k₂τ}
 *   (f(τ) = τ·e^{−τ/τ₀} when τd = τr = τ₀). L rises from 0, reaches L_peak at τ* and decays to 0.
 *   E.g. τd = 1 yr, τr = 5 yr: τ* = ln 5/0.8 = 2.012 yr; L(10 yr)/L_peak = 0.2529.
 * - `none`: L = 0.  For τ ≤ 0, L = 0.
 *
 * @param x.ageYears age τ since energization [yr]
 * @param p the model (see {@link Letid})
 * @returns LeTID loss L [%]
 * @see F. Kersten et al., "Degradation of multicrystalline silicon solar cells and modules after
 *      illumination at elevated temperature," Sol. Energy Mater. Sol. Cells 142 (2015) 83–86 (LeTID);
 *      A. Herguth, G. Hahn, "Kinetics of the boron-oxygen related defect in theory and experiment,"
 *      J. Appl. Phys. 108 (2010) 114509 (the three-state A–B–C defect model, used for LeTID since);
 *      A. N. McPherson, J. F. Karas, D. L. Young, I. L. Repins, "Excess carrier concentration in silicon
 *      devices and wafers: How bulk properties are expected to accelerate light and elevated
 *      temperature degradation," MRS Advances 7 (2022) 438–443, doi:10.1557/s43580-022-00222-5
 *      (three-state field kinetics); H. Bateman, "The solution of a system of differential equations
 *      occurring in the theory of radio-active transformations," Proc. Cambridge Philos. Soc. 15
 *      (1910) 423–427 (the closed form); spec 4 D for the per-year rates
 */
export function letidLoss(x: { ageYears: number }, p: Letid): number {
  return letidLossKernel(x.ageYears, p);
}

/**
 * LeTID derate factor at an age: D = 1 − L/100 limited to [0, 1] (L from {@link letidLoss}).
 * @param x.ageYears age τ since energization [yr]
 * @param p the model
 * @returns derate factor [-]
 */
export function letidFactor(x: { ageYears: number }, p: Letid): number {
  return derateKernel(letidLossKernel(x.ageYears, p));
}

/**
 * Mean LeTID derate factor over year k of operation (ages k − 1 … k).
 *
 * `annualRates` is linear within each year, so the mean is the mid-year value 1 − L(k − ½)/100;
 * `threeState` is averaged over the year by 8-point Gauss–Legendre quadrature.
 *
 * @param x.yearIndex year of operation k (1 = first year)
 * @param p the model
 * @returns mean derate factor [-]
 */
export function letidYearMean(x: { yearIndex: number }, p: Letid): number {
  if (p.model !== 'threeState') return derateKernel(letidLossKernel(x.yearIndex - 0.5, p));
  const q = prepareLetid(p);
  let sum = 0;
  for (let i = 0; i < GL8_NODES.length; i++) {
    const age = x.yearIndex - 0.5 + 0.5 * GL8_NODES[i]!;
    sum += 0.5 * GL8_WEIGHTS[i]! * derateKernel(letidLossKernel(age, q));
  }
  return sum;
}

/** 8-point Gauss–Legendre nodes and weights on [−1, 1]. */
const GL8_NODES = [
  -0.9602898564975363, -0.7966664774136267, -0.525532409916329, -0.1834346424956498, 0.1834346424956498,
  0.525532409916329, 0.7966664774136267, 0.9602898564975363,
] as const;
const GL8_WEIGHTS = [
  0.1012285362903763, 0.2223810344533745, 0.3137066458778873, 0.362683783378362, 0.362683783378362,
  0.3137066458778873, 0.2223810344533745, 0.1012285362903763,
] as const;
