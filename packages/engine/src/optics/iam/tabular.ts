/**
 * Tabular incidence-angle modifier: a natural cubic spline through (angle, factor) points.
 */

/** The module's `iamFactors` table: angles of incidence [°] and their modifiers [-], any order. */
export interface TabularIamParams {
  angles: readonly number[];
  factors: readonly number[];
}

/** @internal A spline ready for evaluation: knots, values and second derivatives. */
export interface CompiledSpline {
  x: Float64Array;
  y: Float64Array;
  m: Float64Array;
}

const compiled = new WeakMap<TabularIamParams, CompiledSpline>();

/**
 * @internal Natural cubic spline (second derivative 0 at both ends) through the table, solved once by
 * the tridiagonal (Thomas) algorithm and cached per table object.
 */
export function compileTabularIam(p: TabularIamParams): CompiledSpline {
  const hit = compiled.get(p);
  if (hit) return hit;
  if (p.angles.length !== p.factors.length || p.angles.length === 0) {
    throw new RangeError('tabular IAM: angles and factors must be non-empty and of equal length');
  }
  const order = p.angles.map((_, i) => i).sort((a, b) => p.angles[a]! - p.angles[b]!);
  const n = order.length;
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    x[i] = p.angles[order[i]!]!;
    y[i] = p.factors[order[i]!]!;
    if (i > 0 && !(x[i]! > x[i - 1]!)) throw new RangeError('tabular IAM: angles must be distinct');
  }
  const m = new Float64Array(n);
  if (n > 2) {
    // Interior equations: h[i-1]·m[i-1] + 2(h[i-1]+h[i])·m[i] + h[i]·m[i+1] = 6·(Δ[i] − Δ[i-1]).
    const c = new Float64Array(n);
    const d = new Float64Array(n);
    for (let i = 1; i < n - 1; i++) {
      const h0 = x[i]! - x[i - 1]!;
      const h1 = x[i + 1]! - x[i]!;
      const rhs = 6 * ((y[i + 1]! - y[i]!) / h1 - (y[i]! - y[i - 1]!) / h0);
      const diag = 2 * (h0 + h1) - h0 * c[i - 1]!;
      c[i] = h1 / diag;
      d[i] = (rhs - h0 * d[i - 1]!) / diag;
    }
    for (let i = n - 2; i >= 1; i--) m[i] = d[i]! - c[i]! * m[i + 1]!;
  }
  const s = { x, y, m };
  compiled.set(p, s);
  return s;
}

/** @internal Kernel: evaluates the compiled spline at |aoi|, holds the end values, caps to [0, 1]. */
export function tabularIamKernel(aoi: number, s: CompiledSpline): number {
  if (Number.isNaN(aoi)) return Number.NaN;
  const t = Math.abs(aoi);
  if (t >= 90) return 0;
  const { x, y, m } = s;
  const n = x.length;
  let v: number;
  if (t <= x[0]!) v = y[0]!;
  else if (t >= x[n - 1]!) v = y[n - 1]!;
  else {
    let lo = 0;
    let hi = n - 1;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (x[mid]! > t) hi = mid;
      else lo = mid;
    }
    const h = x[hi]! - x[lo]!;
    const a = (x[hi]! - t) / h;
    const b = 1 - a;
    v = a * y[lo]! + b * y[hi]! + (((a * a * a - a) * m[lo]! + (b * b * b - b) * m[hi]!) * (h * h)) / 6;
  }
  return v < 0 ? 0 : v > 1 ? 1 : v;
}

/**
 * Incidence-angle modifier interpolated in a table by a natural cubic spline, capped to [0, 1].
 *
 * On each interval [θi, θi+1] (h = θi+1 − θi, A = (θi+1 − θ)/h, B = 1 − A):
 * IAM(θ) = A·yi + B·yi+1 + ((A³ − A)·Mi + (B³ − B)·Mi+1)·h²/6, with the second derivatives M from the
 * continuity of the first derivative and M = 0 at both ends (natural spline). Outside the table the end
 * values are held; |θ| ≥ 90° gives 0; the result is capped at 1 (a spline may overshoot near 0°) and
 * floored at 0. The spline is not monotone-preserving (the product specifies a plain cubic spline).
 *
 * @param x.aoi angle of incidence θ [°]; symmetric in its sign
 * @param p the table: `angles` [°] and `factors` [-]
 * @returns incidence-angle modifier [-]
 * @see W. H. Press et al., Numerical Recipes, 3rd ed., Cambridge University Press (2007), §3.3
 *      (cubic spline interpolation), ISBN 978-0-521-88068-8
 */
export function tabularIam(x: { aoi: number }, p: TabularIamParams): number {
  return tabularIamKernel(x.aoi, compileTabularIam(p));
}

/**
 * Series form of {@link tabularIam}; the spline is solved once per table object.
 * @param x.aoi angles of incidence [°]
 * @param p the table
 * @param out caller-owned output [-]
 */
export function tabularIamSeries(
  x: { aoi: Float64Array },
  p: TabularIamParams,
  out: Float64Array,
): Float64Array {
  const s = compileTabularIam(p);
  const aoi = x.aoi;
  for (let i = 0; i < aoi.length; i++) out[i] = tabularIamKernel(aoi[i]!, s);
  return out;
}
