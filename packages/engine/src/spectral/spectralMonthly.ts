/**
 * Monthly spectral override: one spectral factor per calendar month (`monthlyFactors[].spectralShift`).
 */

/** @internal Factor for month m (1…12) from the 12 losses in %. */
export function spectralMonthlyKernel(month: number, lossPct: ArrayLike<number>): number {
  const l = lossPct[month - 1];
  return l === undefined ? Number.NaN : 1 - l / 100;
}

/**
 * Spectral factor from a loss per month (the product's "Monthly Override" spectral model).
 *
 * M = 1 − L_m/100, with L_m the loss of the step's month m (a negative loss is a gain).
 *
 * @param x.month calendar month of the step, 1…12 (a month outside gives NaN)
 * @param p.monthlyLoss the 12 spectral losses L, January first [%]
 * @returns spectral factor M [-]
 * @see spec 4 §2 "Spectral": "Monthly: U = 1 − L/100"
 */
export function spectralMonthly(x: { month: number }, p: { monthlyLoss: readonly number[] }): number {
  return spectralMonthlyKernel(x.month, p.monthlyLoss);
}

/**
 * Series form of {@link spectralMonthly}.
 * @param x.month month of each step, 1…12
 * @param p.monthlyLoss 12 losses [%]
 * @param out caller-owned output [-]
 */
export function spectralMonthlySeries(
  x: { month: ArrayLike<number> },
  p: { monthlyLoss: readonly number[] },
  out: Float64Array,
): Float64Array {
  const table = new Float64Array(13).fill(Number.NaN);
  for (let m = 1; m <= 12; m++) table[m] = spectralMonthlyKernel(m, p.monthlyLoss);
  const month = x.month;
  for (let i = 0; i < month.length; i++) {
    const m = month[i]!;
    out[i] = m >= 1 && m <= 12 ? table[m | 0]! : Number.NaN;
  }
  return out;
}
