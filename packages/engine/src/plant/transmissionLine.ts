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

/** Design currents [A] below and above which the end resistances apply (spec 2 §9.3). */
export const LINE_CURRENT_LOW = 145;
export const LINE_CURRENT_HIGH = 1200;

/**
 * Coefficients c0…c6 of the sixth-degree polynomial R(t) = Σ cₖ·tᵏ, t = (I′ − 145)/1055 (the same
 * polynomial in the design current I′, written in a variable that runs from 0 at 145 A to 1 at 1200 A
 * so that its coefficients are of order 1 instead of 1e-18). The product's coefficients are not shown
 * (spec 2 §9.3); these are a least-squares fit to the Southwire ACSR table (AC resistance at 75 °C in
 * Ω/1000 ft against ampacity at 75 °C conductor, 25 °C ambient, 2 ft/s wind, in sun, emissivity 0.5;
 * Swan 140 A to Dipper 1229 A, 40 conductors), each point weighted by 1/R (relative error), with
 * R(145) = 0.477 and R(1200) = 0.0165 imposed so that the curve meets the constants at both ends
 * (c0 = 0.477, Σcₖ = 0.0165). It falls monotonically from 145 to 1200 A (its only real stationary point
 * is at 1206 A); root-mean-square relative error 3.2 %, largest 8.6 % (Partridge 26/7 beside Waxwing
 * 18/1, two strandings of the same size: the table's own scatter).
 * @see Southwire Company, "ACSR Aluminum Conductor Steel Reinforced, bare" data sheet (AC resistance at
 *      75 °C, ampacity); transcribed in github.com/kersulis/TemporalInstanton.jl
 *      src/conductor_assignment/ACSR_assignment.jl (downloaded from southwire.com 2014-05-27)
 */
export const LINE_RESISTANCE_POLYNOMIAL = [
  0.477, -3.82881684819, 15.4026691937, -33.9850306191, 41.5003749597, -26.2681257653, 6.71842907919,
] as const;

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
 * Resistance of the conductor chosen for a design current I′ (the estimate with its 1.045 margin,
 * spec 2 §9.3): 0.477 Ω/1000 ft below 145 A, 0.0165 above 1200 A, otherwise the sixth-degree
 * polynomial {@link LINE_RESISTANCE_POLYNOMIAL} (145 and 1200 A included), rounded to 5 decimals as in
 * the product. The constants are those of bare overhead ACSR conductors: #4 Swan (140 A) has
 * 0.515 Ω/1000 ft at 75 °C in the Southwire table; 0.0165 lies between Bittern (1184 A, 0.0171) and
 * Dipper (1229 A, 0.0162).
 * @param x.current design current I′ [A]
 * @returns resistance [Ω per 1000 ft], 5 decimals; NaN when the current is NaN
 */
export function conductorResistance(x: { current: number }): number {
  const i = x.current;
  if (Number.isNaN(i)) return Number.NaN;
  if (i < LINE_CURRENT_LOW) return LINE_RESISTANCE_AT_145_A;
  if (i > LINE_CURRENT_HIGH) return LINE_RESISTANCE_AT_1200_A;
  const t = (i - LINE_CURRENT_LOW) / (LINE_CURRENT_HIGH - LINE_CURRENT_LOW);
  const c = LINE_RESISTANCE_POLYNOMIAL;
  let r: number = c[6];
  for (let k = 5; k >= 0; k--) r = r * t + c[k]!;
  return Math.round(r * 1e5) / 1e5;
}

/**
 * Default resistance of a transmission line's conductor from the current it carries (spec 2 §9.3):
 * {@link conductorResistance} of I′ = 1.045·I; a current that is not a number (no voltage) gets the
 * smallest conductor's 0.477.
 * @param x.current estimated line current I [A] (see {@link lineCurrent}), before the 1.045 margin
 * @returns resistance per phase conductor [Ω per 1000 ft]
 */
export function defaultLineResistance(x: { current: number }): number {
  const i = LINE_CURRENT_MARGIN * x.current;
  return i >= 0 ? conductorResistance({ current: i }) : LINE_RESISTANCE_AT_145_A;
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
