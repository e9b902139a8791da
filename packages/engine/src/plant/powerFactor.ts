/**
 * Power factor: apparent and reactive power from active power.
 */

/**
 * Apparent power S = |P|/|pf|.
 * @param x.activePower active power P [W]
 * @param p.powerFactor power factor pf [-], 0 < |pf| ≤ 1
 * @returns apparent power [VA]
 */
export function apparentPower(x: { activePower: number }, p: { powerFactor: number }): number {
  return Math.abs(x.activePower) / Math.abs(p.powerFactor);
}

/**
 * Reactive power Q = P·tan φ = P·√(1 − pf²)/pf, signed like pf (negative pf = absorbing).
 * @param x.activePower active power P [W]
 * @param p.powerFactor power factor pf [-], 0 < |pf| ≤ 1
 * @returns reactive power [var]
 */
export function reactivePower(x: { activePower: number }, p: { powerFactor: number }): number {
  const pf = p.powerFactor;
  const a = Math.min(1, Math.abs(pf));
  return (Math.sign(pf) * x.activePower * Math.sqrt(1 - a * a)) / a;
}
