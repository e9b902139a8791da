/**
 * The principal branch W₀ of the Lambert W function, w·e^w = x, for the explicit solutions of the
 * single-diode equation.
 */

const BRANCH_POINT = -1 / Math.E;

/**
 * Principal branch of the Lambert W function: the w ≥ −1 with w·e^w = x.
 *
 * Starting values: the series about the branch point −1/e (w ≈ −1 + p − p²/3 + 11p³/72 with
 * p = √(2(e·x + 1))) for x < −0.32, Winitzki's approximation w ≈ ln(1 + x)·(1 − ln(1 + ln(1 + x))/
 * (2 + ln(1 + x))) up to x = 3, and the asymptotic w ≈ L₁ − L₂ + L₂/L₁ (L₁ = ln x, L₂ = ln L₁)
 * above; then Halley's iteration on f(w) = w·e^w − x to full double precision (≤ 4 steps). Large
 * arguments go through {@link lambertW0Exp} on ln x.
 *
 * @param x argument, x ≥ −1/e [-]
 * @returns W₀(x) [-]; NaN below −1/e
 * @see R. M. Corless, G. H. Gonnet, D. E. G. Hare, D. J. Jeffrey, D. E. Knuth, "On the Lambert W
 *      function," Adv. Comput. Math. 5 (1996) 329–359, doi:10.1007/BF02124750
 */
export function lambertW0(x: number): number {
  if (x === 0) return 0;
  if (!(x >= BRANCH_POINT)) {
    // Round-off can put e·x + 1 a few ulps below zero at the branch point itself.
    return x > BRANCH_POINT - 1e-15 ? -1 : Number.NaN;
  }
  if (x === Infinity) return Infinity;
  if (x > 1e3) return lambertW0Exp(Math.log(x));
  let w: number;
  if (x < -0.32) {
    const p = Math.sqrt(Math.max(0, 2 * (Math.E * x + 1)));
    w = -1 + p - (p * p) / 3 + (11 / 72) * p * p * p;
    if (p < 1e-7) return w;
  } else if (x < 3) {
    const l = Math.log1p(x);
    w = l * (1 - Math.log1p(l) / (2 + l));
  } else {
    const l1 = Math.log(x);
    const l2 = Math.log(l1);
    w = l1 - l2 + l2 / l1;
  }
  for (let k = 0; k < 20; k++) {
    const ew = Math.exp(w);
    const f = w * ew - x;
    const w1 = w + 1;
    const dw = f / (ew * w1 - ((w + 2) * f) / (2 * w1));
    w -= dw;
    if (Math.abs(dw) <= 4e-16 * (1 + Math.abs(w))) break;
  }
  return w;
}

/**
 * W₀(e^L) without forming e^L, for the arguments of the single-diode equation that overflow a double
 * (e.g. (I0·Rsh/a)·exp(Rsh·(IL + I0)/a) with Rsh·IL/a in the thousands).
 *
 * For L > 2 solves w + ln w = L (the logarithm of w·e^w = e^L) by Newton's method from
 * w₀ = L − ln L + ln L/L; below, evaluates {@link lambertW0} directly.
 *
 * @param logX the natural logarithm L of the argument [-]
 * @returns W₀(e^L) [-]
 * @see R. M. Corless et al., Adv. Comput. Math. 5 (1996) 329–359, doi:10.1007/BF02124750
 */
export function lambertW0Exp(logX: number): number {
  if (!(logX > 2)) return lambertW0(Math.exp(logX));
  if (logX === Infinity) return Infinity;
  const l2 = Math.log(logX);
  let w = logX - l2 + l2 / logX;
  for (let k = 0; k < 20; k++) {
    const dw = ((w + Math.log(w) - logX) * w) / (w + 1);
    w -= dw;
    if (Math.abs(dw) <= 4e-16 * w) break;
  }
  return w;
}
