/**
 * Per-year rate schedules (non-linear DC degradation, LeTID): the cumulative loss of a list of
 * annual rates, piecewise linear in the age of the plant.
 */

/** One year of a rate schedule (spec 3 `NonLinearDegradationRate`, `LightAndElevationTemperatureDegradation`). */
export interface AnnualRate {
  /** Year of operation, 0 = the first year after energization (spec 4 D: "per-year rates starting at year 0"). */
  year: number;
  /** Rate during that year [%/yr]; a negative rate is a recovery (e.g. LeTID regeneration). */
  degradationRate: number;
}

/**
 * A rate schedule prepared for the hot loop: `rate[j]` is the rate of year j [%/yr] and
 * `cumulative[j]` the loss reached at the start of year j [%], for j = 0 … length − 1; beyond the
 * last year the last rate goes on.
 */
export interface PreparedAnnualRates {
  rate: Float64Array;
  cumulative: Float64Array;
}

/**
 * Prepares a schedule: each listed `year` (rounded down, negative years ignored) sets the rate from
 * that year on, until the next listed year; years before the first listed one have rate 0; the last
 * rate continues after the list ends. A later entry for the same year replaces an earlier one.
 *
 * cumulative[0] = 0,  cumulative[j+1] = cumulative[j] + rate[j]
 *
 * @param rates the schedule (any order)
 * @returns the prepared schedule (at least one year)
 */
export function prepareAnnualRates(rates: readonly AnnualRate[] | null | undefined): PreparedAnnualRates {
  let last = -1;
  for (const r of rates ?? []) if (r.year >= 0 && Math.floor(r.year) > last) last = Math.floor(r.year);
  const n = Math.max(1, last + 1);
  const rate = new Float64Array(n).fill(Number.NaN);
  for (const r of rates ?? []) {
    if (r.year < 0 || !Number.isFinite(r.degradationRate)) continue;
    rate[Math.floor(r.year)] = r.degradationRate;
  }
  let current = 0;
  for (let j = 0; j < n; j++) {
    if (Number.isNaN(rate[j]!)) rate[j] = current;
    current = rate[j]!;
  }
  const cumulative = new Float64Array(n);
  for (let j = 1; j < n; j++) cumulative[j] = cumulative[j - 1]! + rate[j - 1]!;
  return { rate, cumulative };
}

/**
 * @internal Kernel: cumulative loss of a prepared schedule at an age τ [yr] (0 for τ ≤ 0).
 * U(τ) = C[j] + r[j]·(τ − j), j = ⌊τ⌋, with C and r extended by the last rate beyond the list.
 */
export function annualRatesLossKernel(
  ageYears: number,
  rate: Float64Array,
  cumulative: Float64Array,
): number {
  if (!(ageYears > 0)) return 0;
  const n = rate.length;
  const j = Math.floor(ageYears);
  if (j < n) return cumulative[j]! + rate[j]! * (ageYears - j);
  const lastRate = rate[n - 1]!;
  return cumulative[n - 1]! + lastRate * (ageYears - (n - 1));
}
