/**
 * ASHRAE incidence-angle modifier.
 */

const DEG = Math.PI / 180;

/** @internal Kernel shared by the scalar and series forms. */
export function ashraeKernel(aoi: number, b0: number): number {
  if (!(Math.abs(aoi) < 90)) return Number.isNaN(aoi) ? Number.NaN : 0;
  const iam = 1 - b0 * (1 / Math.cos(aoi * DEG) - 1);
  return iam > 0 ? iam : 0;
}

/**
 * Incidence-angle modifier of the ASHRAE (Souka & Safwat) form.
 *
 * IAM(θ) = 1 − b0·(1/cos θ − 1), clipped below at 0; IAM = 0 for |θ| ≥ 90°.
 * The curve reaches 0 at θ = arccos(b0/(1 + b0)) (87.27° for b0 = 0.05).
 *
 * @param x.aoi angle of incidence θ on the module plane [°]; the model is symmetric in its sign
 * @param p.b0 ASHRAE coefficient b0 (`ashraeiamB0`) [-]; 0.05 is the product's default
 * @returns incidence-angle modifier [-], in [0, 1]
 * @see A. F. Souka, H. H. Safwat, "Determination of the optimum orientations for the double-exposure,
 *      flat-plate collector and its reflectors," Solar Energy 10 (1966) 170–174 (no DOI verified here)
 */
export function ashraeIam(x: { aoi: number }, p: { b0: number }): number {
  return ashraeKernel(x.aoi, p.b0);
}

/**
 * Series form of {@link ashraeIam}: fills `out[i]` with the modifier for `x.aoi[i]`.
 * @param x.aoi angles of incidence [°]
 * @param p.b0 ASHRAE coefficient [-]
 * @param out caller-owned output [-], same length as `x.aoi`
 */
export function ashraeIamSeries(
  x: { aoi: Float64Array },
  p: { b0: number },
  out: Float64Array,
): Float64Array {
  const aoi = x.aoi;
  const b0 = p.b0;
  for (let i = 0; i < aoi.length; i++) out[i] = ashraeKernel(aoi[i]!, b0);
  return out;
}
