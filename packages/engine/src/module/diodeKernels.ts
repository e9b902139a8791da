/**
 * @internal Solvers of the single-diode equation with the optional recombination term, written in
 * the diode voltage Vd = V + I·Rs, in which the current is explicit:
 *
 *   I(Vd) = Iph − I0·(e^(Vd/a) − 1) − Vd/Rsh − Iph·(d²/μτ)/(Vbi,m − Vd),   V = Vd − I·Rs
 *
 * (a = Ns·γ·k·T/q or the CEC nNsVth; Vbi,m = Ns·Vbi; the last term is absent when d²/μτ = 0). The
 * parameterisation is the one of J. W. Bishop, "Computer simulation of the effects of electrical
 * mismatches in photovoltaic cell interconnection circuits," Solar Cells 25 (1988) 73–89. Every
 * quantity and derivative costs one exponential, so Newton's method on dP/dVd for the maximum
 * power point is cheap; each solver keeps a bracket and falls back to bisection, so it cannot
 * diverge.
 *
 * Positional numbers in every kernel: iph [A], i0 [A], rs [Ω], gsh = 1/Rsh [S] (0 for an infinite
 * shunt resistance), a [V], dmt = d²/μτ [V] (0 without recombination), vbiM = Ns·Vbi [V].
 */

/**
 * Output slots of {@link mppKernel}: [0] Vd at the MPP [V], [1] Vmp [V], [2] Imp [A], [3] offset of
 * Vd from the ideal-diode estimate [V] (the next step's `offset`). Shared scratch, read right after
 * the call (the engine runs single-threaded per worker).
 */
export const MPP_OUT = new Float64Array(4);

/**
 * Input slots of {@link mppKernel}: [0] Iph [A], [1] I0 [A], [2] Rs [Ω], [3] 1/Rsh [S], [4] a [V],
 * [5] d²/μτ [V], [6] Ns·Vbi [V], [7] offset [V]. Shared scratch like {@link MPP_OUT}: numbers passed
 * through a typed array stay unboxed, while each number argument of a call that V8 does not inline is
 * a new heap number (about 3 MB of garbage per simulated year of a four-field plant).
 */
export const MPP_IN = new Float64Array(8);

/**
 * Writes the model's parameters into {@link MPP_IN} (slots 0–6; the offset in slot 7 is left as it is).
 * Small enough for V8 to inline at every hot call site, so its number arguments are not boxed.
 */
export function setMppInputs(
  iph: number,
  i0: number,
  rs: number,
  gsh: number,
  a: number,
  dmt: number,
  vbiM: number,
): void {
  MPP_IN[0] = iph;
  MPP_IN[1] = i0;
  MPP_IN[2] = rs;
  MPP_IN[3] = gsh;
  MPP_IN[4] = a;
  MPP_IN[5] = dmt;
  MPP_IN[6] = vbiM;
}

/** Halley's iteration on dP/dVd stops once its step is below this fraction of a. */
const MPP_STEP_TOL = 1e-3;

/**
 * Maximum power point: safeguarded Halley iteration on P'(Vd) = V'·I + V·I' = 0, with
 * P'' = V''·I + 2·V'·I' + V·I'' and P''' = V'''·I + 3·V''·I' + 3·V'·I'' + V·I''' (V = Vd − Rs·I, so
 * V⁽ᵏ⁾ = −Rs·I⁽ᵏ⁾ for k ≥ 2): step = −2·P'·P'' / (2·P''² − P'·P''') (E. Halley, 1694; the cubically
 * convergent member of Householder's family, A. S. Householder, "The Numerical Treatment of a Single
 * Nonlinear Equation", McGraw-Hill 1970, §4.4). Every derivative of the diode term is the same
 * exponential divided by a power of a, so the third derivative costs no transcendental call, and the
 * cubic convergence saves about half an exponential per solve over Newton's method.
 * The start is the ideal-diode maximum (Rs = 0, Rsh = ∞, no recombination), where
 * d(Vd·I)/dVd = 0 gives x + ln(1 + x) = L with x = Vd/a and L = ln(1 + Iph/I0), approximated by one
 * fixed-point step x ≈ L − ln(1 + L), plus `offset` (the series form passes the previous step's
 * offset from that estimate, which moves slowly). The bracket starts as [0, a·L] (capped at Ns·Vbi
 * with recombination): P' > 0 at Vd = 0 (V ≤ 0, I > 0, I' < 0) and P' < 0 where I ≤ 0, as at
 * Vd = a·L, where the diode alone carries Iph; a step that leaves the bracket is replaced by
 * bisection. Stops when the step is below 1e-3·a: Halley's error after that step is of order
 * (step/a)³·a ≈ 1e-9·a, the power at the maximum is second order in that error, and the last step's
 * I is carried to the new Vd to second order (I + I'·s + I''·s²/2), so Pmp, Vmp and Imp are within
 * ~1e-9 relative of the exact point. Writes {@link MPP_OUT}.
 *
 * Reads {@link MPP_IN}; its `offset` is added to the ideal-diode estimate of Vd [V] (0 without a
 * better guess), and a start outside the bracket is replaced by its midpoint.
 */
export function mppKernel(): void {
  const iph = MPP_IN[0]!;
  const i0 = MPP_IN[1]!;
  const rs = MPP_IN[2]!;
  const gsh = MPP_IN[3]!;
  const a = MPP_IN[4]!;
  const dmt = MPP_IN[5]!;
  const vbiM = MPP_IN[6]!;
  const offset = MPP_IN[7]!;
  const x = iph / i0;
  // ln(1 + x) by log1p only where 1 + x would round away digits of x (Math.log is the cheaper call).
  const l = x > 1 ? Math.log(1 + x) : Math.log1p(x);
  const base = a * (l - (l > 1 ? Math.log(1 + l) : Math.log1p(l)));
  let lo = 0;
  let hi = a * l;
  if (dmt > 0 && hi > vbiM) hi = vbiM;
  if (!(hi > lo)) {
    // NaN inputs (e.g. a missing cell temperature) give NaN, without iterating.
    MPP_OUT.fill(hi === 0 ? 0 : Number.NaN);
    return;
  }
  const guess = base + offset;
  const inva = 1 / a;
  let vd: number;
  let e: number;
  if (guess > lo && guess < hi) {
    // I0·e^(Vd/a) at the start without an exponential of Vd: e^(L − ln(1 + L)) = (1 + Iph/I0)/(1 + L),
    // so it is (I0 + Iph)/(1 + L)·e^(offset/a), whose exponential does not wait for the logarithms.
    vd = guess;
    e = ((i0 + iph) / (1 + l)) * Math.exp(offset * inva);
  } else {
    vd = 0.5 * (lo + hi);
    e = i0 * Math.exp(vd * inva);
  }
  const tol = MPP_STEP_TOL * a;
  const rec = dmt > 0;
  const kr = iph * dmt;
  const inva2 = inva * inva;
  let i = 0;
  let di = 0;
  let d2i = 0;
  let step = 0;
  for (let k = 0; k < 100; k++) {
    i = iph - e + i0 - vd * gsh;
    di = -e * inva - gsh;
    d2i = -e * inva2;
    let d3i = d2i * inva;
    if (rec) {
      // −Iph·d²/μτ/(Vbi,m − Vd) and its derivatives: −r·inv, −2·r·inv², −6·r·inv³
      const inv = 1 / (vbiM - vd);
      const r = kr * inv;
      const r1 = r * inv;
      const r2 = r1 * inv;
      i -= r;
      di -= r1;
      d2i -= 2 * r2;
      d3i -= 6 * r2 * inv;
    }
    const v = vd - rs * i;
    const dv = 1 - rs * di;
    const d2v = -rs * d2i;
    const dp = dv * i + v * di;
    const d2p = d2v * i + 2 * dv * di + v * d2i;
    const d3p = -rs * d3i * i + 3 * d2v * di + 3 * dv * d2i + v * d3i;
    if (dp > 0) lo = vd;
    else hi = vd;
    step = (-2 * dp * d2p) / (2 * d2p * d2p - dp * d3p);
    let next = vd + step;
    if (!(next > lo && next < hi)) {
      next = 0.5 * (lo + hi);
      step = next - vd;
    }
    vd = next;
    if (Math.abs(step) < tol || hi - lo < tol) break;
    e = i0 * Math.exp(vd * inva);
  }
  const imp = i + (di + 0.5 * d2i * step) * step;
  MPP_OUT[0] = vd;
  MPP_OUT[1] = vd - rs * imp;
  MPP_OUT[2] = imp;
  MPP_OUT[3] = vd - base;
}

/**
 * Diode voltage at which the terminal current is `itarget`: I(Vd) = itarget (for Voc, itarget = 0 and
 * Voc = Vd). Newton on h(x) = x − a·ln(1 + R(x)/I0), R(x) = Iph − itarget − x/Rsh − Iph·d²/μτ/(Vbi,m − x),
 * which is increasing and nearly linear (h' = 1 + a·(1/Rsh + R_rec')/(I0 + R) ≥ 1), so it converges in
 * two or three steps from x₀ = a·ln(1 + (Iph − itarget)/I0); exact in one without shunt and
 * recombination. Bracketed by [lo, x₀] (x₀ capped at Ns·Vbi, where the recombination term diverges).
 *
 * @param lo a Vd known to lie below the solution (e.g. Vd at the MPP for Voc) [V]
 */
export function diodeVoltageKernel(
  iph: number,
  i0: number,
  gsh: number,
  a: number,
  dmt: number,
  vbiM: number,
  itarget: number,
  lo: number,
): number {
  const net = iph - itarget;
  let hi = a * Math.log1p(net / i0);
  const rec = dmt > 0;
  if (rec && hi >= vbiM) hi = vbiM;
  if (gsh === 0 && !rec) return hi;
  let x = hi < vbiM || !rec ? hi : lo + 0.5 * (hi - lo);
  const kr = iph * dmt;
  for (let k = 0; k < 100; k++) {
    let rp = gsh;
    let r = net - x * gsh;
    if (rec) {
      const inv = 1 / (vbiM - x);
      r -= kr * inv;
      rp += kr * inv * inv;
    }
    const arg = i0 + r;
    let next: number;
    if (arg > 0) {
      const h = x - a * Math.log(arg / i0);
      if (h > 0) hi = x;
      else lo = x;
      next = x - h / (1 + (a * rp) / arg);
      if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
    } else {
      hi = x;
      next = 0.5 * (lo + hi);
    }
    const step = next - x;
    x = next;
    if (Math.abs(step) <= 1e-8 * Math.abs(x) + 1e-15 || hi - lo <= 1e-13 * hi) break;
  }
  return x;
}

/**
 * Terminal current at terminal voltage V: Newton on g(Vd) = Vd − Rs·I(Vd) − V, which is increasing
 * and convex (g' = 1 − Rs·I' ≥ 1, g'' = −Rs·I'' ≥ 0), started at Vd₀ = V + Rs·I(0) ≥ the root, so the
 * iterates decrease monotonically to the root. I = (Vd − V)/Rs, or I(V) directly when Rs = 0.
 * (Isc is the case V = 0.)
 */
export function currentKernel(
  iph: number,
  i0: number,
  rs: number,
  gsh: number,
  a: number,
  dmt: number,
  vbiM: number,
  voltage: number,
): number {
  const rec = dmt > 0;
  const kr = iph * dmt;
  if (rs === 0) {
    const v = voltage;
    return iph - i0 * Math.expm1(v / a) - v * gsh - (rec ? kr / (vbiM - v) : 0);
  }
  const inva = 1 / a;
  let vd = voltage + rs * (iph - (rec ? kr / vbiM : 0));
  if (rec && vd >= vbiM) vd = 0.5 * (voltage + vbiM);
  for (let k = 0; k < 100; k++) {
    const e = i0 * Math.exp(vd * inva);
    let i = iph - e + i0 - vd * gsh;
    let di = -e * inva - gsh;
    if (rec) {
      const inv = 1 / (vbiM - vd);
      i -= kr * inv;
      di -= kr * inv * inv;
    }
    const g = vd - rs * i - voltage;
    const step = -g / (1 - rs * di);
    vd += step;
    if (Math.abs(step) <= 1e-8 * Math.abs(vd) + 1e-14) break;
  }
  return (vd - voltage) / rs;
}
