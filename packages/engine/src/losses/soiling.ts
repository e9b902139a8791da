/**
 * Soiling: the fraction of plane-of-array irradiance that passes the dirt on the glass.
 */

/** @internal Kernel: factor from a loss in %; a missing value (NaN) counts as clean; limited to [0, 1]. */
export function soilingKernel(lossPct: number): number {
  if (Number.isNaN(lossPct)) return 1;
  const u = 1 - lossPct / 100;
  return u < 0 ? 0 : u > 1 ? 1 : u;
}

/**
 * Soiling factor from a soiling loss.
 *
 * U = 1 − S/100, limited to [0, 1]. The chain multiplies beam, sky-diffuse and ground-reflected
 * plane-of-array irradiance by U after shading and before the incidence-angle modifier (spec 4 §2), so
 * it acts as a factor on the effective irradiance. A missing value (NaN) in a weather column is
 * treated as no soiling (0 %), so a gap in the column cannot blank a sunny step; the weather import
 * reports gaps.
 *
 * @param x.soilingLoss soiling loss S [%]
 * @returns soiling factor U [-]
 * @see spec 4 §2 "Soiling": "U = 1 − S/100, applied to beam, sky and ground after shading and before
 *      IAM"; S from monthly values or the weather column `soilingLoss` (a product definition, no paper)
 */
export function soiling(x: { soilingLoss: number }): number {
  return soilingKernel(x.soilingLoss);
}

/**
 * Soiling factor per step from the weather file's `soilingLoss` column (soiling model "Weather File").
 * @param x.soilingLoss S per step [%]
 * @param out caller-owned soiling factors U [-]
 */
export function soilingSeries(x: { soilingLoss: Float64Array }, out: Float64Array): Float64Array {
  const s = x.soilingLoss;
  for (let i = 0; i < s.length; i++) out[i] = soilingKernel(s[i]!);
  return out;
}

/**
 * Soiling factor per step from 12 monthly losses (soiling model "Constant Monthly",
 * `monthlyFactors[].soilingLoss`).
 * @param x.month calendar month of each step, 1…12 (a month outside gives NaN)
 * @param p.monthlyLoss the 12 soiling losses, January first [%]
 * @param out caller-owned soiling factors U [-]
 */
export function soilingMonthlySeries(
  x: { month: ArrayLike<number> },
  p: { monthlyLoss: readonly number[] },
  out: Float64Array,
): Float64Array {
  const table = new Float64Array(13).fill(Number.NaN);
  for (let m = 1; m <= 12; m++) table[m] = soilingKernel(p.monthlyLoss[m - 1] ?? Number.NaN);
  const month = x.month;
  for (let i = 0; i < month.length; i++) {
    const m = month[i]!;
    out[i] = m >= 1 && m <= 12 ? table[m | 0]! : Number.NaN;
  }
  return out;
}
