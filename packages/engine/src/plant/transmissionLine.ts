/**
 * Transmission-line I²R loss, and the product's default line resistance (spec 2 §9.3).
 */

/** The length to which a line's `resistance` refers: 1000 ft [m] (spec 4: "Ω per 1000 ft", "Ω/300 m"). */
export const LINE_RESISTANCE_LENGTH = 304.8;

/** Safety factor on the estimated current before choosing a conductor (spec 2 §9.3) [-]. */
export const LINE_CURRENT_MARGIN = 1.045;

/** Resistance below the smallest tabulated current (145 A) and above the largest (1200 A) [Ω/1000 ft]. */
export const LINE_RESISTANCE_AT_145_A = 0.477;
export const LINE_RESISTANCE_AT_1200_A = 0.0165;

/** Exponent of the default resistance power law R ∝ I^−k fixed by the two end points [-] (≈ 1.592). */
export const LINE_RESISTANCE_EXPONENT =
  Math.log(LINE_RESISTANCE_AT_145_A / LINE_RESISTANCE_AT_1200_A) / Math.log(1200 / 145);

/**
 * Three-phase current at an apparent power and line-to-line voltage, I = S/(√3·V).
 * @param x.apparentPower apparent power S [VA]
 * @param x.voltage line-to-line voltage V [V]
 * @returns line current [A]
 */
export function lineCurrent(x: { apparentPower: number; voltage: number }): number {
  return x.apparentPower / (Math.sqrt(3) * x.voltage);
}

/**
 * Default resistance of a transmission line's conductor, from the current it must carry (spec 2 §9.3).
 *
 * I′ = 1.045·I; I′ < 145 A gives 0.477 Ω/1000 ft; I′ > 1200 A gives 0.0165 Ω/1000 ft; in between the
 * product uses a sixth-degree polynomial whose coefficients are not published. Here it is replaced by
 * the documented physical default R = 0.477·(I′/145)^−k with k = ln(0.477/0.0165)/ln(1200/145) ≈ 1.592,
 * which meets both end values. The exponent is the one of the IEEE 738 steady-state heat balance of a
 * bare overhead conductor sized to its ampacity: I²·R = q_c (forced convection, q_c ∝ D^0.52) with
 * R ∝ 1/D² gives I ∝ D^1.26 and R ∝ I^−1.59 (radiation and the constant of the convection correlation
 * make this approximate). It gives, e.g., about 0.026 Ω/1000 ft at 900 A, close to the 75 °C AC
 * resistance of aluminium conductors of that ampacity (795 kcmil ACSR). Rounded to 5 decimals, as in
 * the product.
 *
 * @param x.current estimated line current I [A] (see {@link lineCurrent}), before the 1.045 margin
 * @returns resistance per phase conductor [Ω per 1000 ft]
 * @see IEEE Std 738, "IEEE Standard for Calculating the Current-Temperature Relationship of Bare
 *      Overhead Conductors"
 */
export function defaultLineResistance(x: { current: number }): number {
  const i = LINE_CURRENT_MARGIN * x.current;
  let r: number;
  if (!(i >= 145)) r = LINE_RESISTANCE_AT_145_A;
  else if (i > 1200) r = LINE_RESISTANCE_AT_1200_A;
  else r = LINE_RESISTANCE_AT_145_A * Math.pow(i / 145, -LINE_RESISTANCE_EXPONENT);
  return Math.round(r * 1e5) / 1e5;
}

/** A line's geometry (spec 3 `TransmissionLine` in engine units). */
export interface LineParams {
  /** Route length [km]. */
  lengthKm: number;
  /** Conductor resistance [Ω per 1000 ft]. */
  resistance: number;
  /** Conductors in parallel per phase [-]. */
  numberOfConductorsPerPhase: number;
  /** Line-to-line voltage [V]. */
  voltage: number;
}

/**
 * Per-phase resistance of a line: Rph = r·(1000·L/304.8)/n [Ω], with r [Ω/1000 ft], L [km], n
 * conductors per phase.
 * @param p line parameters
 * @returns resistance per phase [Ω]
 */
export function linePhaseResistance(p: Omit<LineParams, 'voltage'>): number {
  return (
    (p.resistance * ((1000 * p.lengthKm) / LINE_RESISTANCE_LENGTH)) /
    Math.max(1, p.numberOfConductorsPerPhase)
  );
}

/**
 * Joule loss of a three-phase line.
 *
 * S = |P|/pf, I = S/(√3·V), Ploss = 3·I²·Rph = S²·Rph/V².
 *
 * @param x.power active power carried [W]
 * @param p line parameters and the flow's power factor `powerFactor` [-] (default 1)
 * @returns loss [W]
 */
export function lineLoss(x: { power: number }, p: LineParams & { powerFactor?: number }): number {
  const s = x.power / (p.powerFactor ?? 1);
  return (s * s * linePhaseResistance(p)) / (p.voltage * p.voltage);
}
