/**
 * Default resistance of a plant's transmission lines (spec 2 §9.3 and spec 1 §5): a current estimate
 * from the preceding transformer (or from the plant's largest array voltage and AC power when none
 * precedes), times 1.045, picks a bare overhead conductor's resistance in Ω per 1000 ft (spec 4 §2
 * "Lines: I²R, using km, Ω per 1000 ft"; SDK `add_transmission_line`: "Ohms/300m").
 */
import { roundResistance } from '../format.ts';

/** Margin on the estimated line current (spec 2 §9.3) [-]. */
export const TRANSMISSION_LINE_CURRENT_MARGIN = 1.045;
/** Below this design current the resistance is {@link TRANSMISSION_LINE_RESISTANCE_LOW} (spec 2 §9.3) [A]. */
export const TRANSMISSION_LINE_CURRENT_LOW = 145;
/** Above this design current the resistance is {@link TRANSMISSION_LINE_RESISTANCE_HIGH} (spec 2 §9.3) [A]. */
export const TRANSMISSION_LINE_CURRENT_HIGH = 1200;
/** Resistance of the smallest conductor (spec 2 §9.3) [Ω/1000 ft]. */
export const TRANSMISSION_LINE_RESISTANCE_LOW = 0.477;
/** Resistance of the largest conductor (spec 2 §9.3) [Ω/1000 ft]. */
export const TRANSMISSION_LINE_RESISTANCE_HIGH = 0.0165;

/**
 * Coefficients c0…c6 of the sixth-degree polynomial R(t) = Σ cₖ·tᵏ, t = (I − 145)/1055 (the same
 * polynomial in I, written in a variable that runs from 0 at 145 A to 1 at 1200 A, whose coefficients
 * are of order 1 instead of 1e-18). The product's coefficients are not shown (spec 2 §9.3); these are
 * a least-squares fit, written here, to the Southwire ACSR table (AC resistance at 75 °C in Ω/1000 ft
 * against ampacity at 75 °C conductor, 25 °C ambient, 2 ft/s wind, in sun, emissivity 0.5; Swan 140 A
 * to Dipper 1229 A, 40 conductors), each point weighted by 1/R (relative error), with R(145) = 0.477
 * and R(1200) = 0.0165 imposed so that the curve meets the constants at both ends (c0 = 0.477,
 * Σcₖ = 0.0165). It falls monotonically from 145 to 1200 A (its only real stationary point is at
 * 1206 A); root-mean-square relative error 3.2 %, largest 8.6 % (Partridge 26/7 beside Waxwing 18/1,
 * two strandings of the same size: the table's own scatter).
 */
export const TRANSMISSION_LINE_RESISTANCE_POLYNOMIAL = [
  0.477, -3.82881684819, 15.4026691937, -33.9850306191, 41.5003749597, -26.2681257653, 6.71842907919,
] as const;

/**
 * Line current of a three-phase power (the current estimate of spec 2 §9.3).
 *
 *   I = S / (√3 · V) · 1000
 *
 * @param x.apparentPowerMva power S: the transformer's rating [MVA], or the plant's AC power [MW]
 * @param x.voltageKv line-to-line voltage V: the transformer's high-side voltage, or the plant's
 *   largest array (MV transformer) voltage [kV]
 * @returns current [A]; NaN when the voltage is not positive
 */
export function threePhaseCurrent(x: { apparentPowerMva: number; voltageKv: number }): number {
  if (!(x.voltageKv > 0)) return Number.NaN;
  return (1000 * x.apparentPowerMva) / (Math.sqrt(3) * x.voltageKv);
}

/**
 * Resistance of the conductor for a design current (spec 2 §9.3): 0.477 below 145 A, 0.0165 above
 * 1200 A, otherwise the sixth-degree polynomial {@link TRANSMISSION_LINE_RESISTANCE_POLYNOMIAL}
 * (145 and 1200 A included), rounded to 5 decimals (spec 2 §9.2).
 *
 * The constants are those of bare overhead ACSR conductors: #4 Swan (140 A) has 0.515 Ω/1000 ft at
 * 75 °C in the Southwire table, and 0.0165 lies between Bittern (1184 A, 0.0171) and Dipper (1229 A,
 * 0.0162).
 * @param x.current design current, the estimate times 1.045 [A]
 * @returns resistance [Ω/1000 ft], 5 decimals; NaN when the current is NaN
 * @see Southwire Company, "ACSR Aluminum Conductor Steel Reinforced, bare" data sheet (AC resistance at
 *      75 °C, ampacity); transcribed in github.com/kersulis/TemporalInstanton.jl
 *      src/conductor_assignment/ACSR_assignment.jl (downloaded from southwire.com 2014-05-27)
 */
export function conductorResistance(x: { current: number }): number {
  const i = x.current;
  if (Number.isNaN(i)) return Number.NaN;
  if (i < TRANSMISSION_LINE_CURRENT_LOW) return TRANSMISSION_LINE_RESISTANCE_LOW;
  if (i > TRANSMISSION_LINE_CURRENT_HIGH) return TRANSMISSION_LINE_RESISTANCE_HIGH;
  const t =
    (i - TRANSMISSION_LINE_CURRENT_LOW) / (TRANSMISSION_LINE_CURRENT_HIGH - TRANSMISSION_LINE_CURRENT_LOW);
  const c = TRANSMISSION_LINE_RESISTANCE_POLYNOMIAL;
  let r = c[6];
  for (let k = 5; k >= 0; k--) r = r * t + c[k]!;
  return roundResistance(r);
}

/**
 * Resistance of a transmission line from the power and voltage it carries (spec 2 §9.3): the current
 * {@link threePhaseCurrent}, times 1.045, into {@link conductorResistance}.
 * @param x.apparentPowerMva the preceding transformer's rating [MVA], or the plant's AC power [MW]
 * @param x.voltageKv that transformer's high-side voltage, or the plant's largest array voltage [kV]
 * @returns resistance [Ω/1000 ft], 5 decimals
 */
export function transmissionLineResistance(x: { apparentPowerMva: number; voltageKv: number }): number {
  return conductorResistance({ current: threePhaseCurrent(x) * TRANSMISSION_LINE_CURRENT_MARGIN });
}

/** A transformer of the plant (spec 3 `Transformer`). */
export interface PlantTransformer {
  ordinal: number;
  /** [MVA] */
  rating: number;
  /** [kV] */
  highSideVoltage: number;
}

/** A transmission line's computed resistance, {@link transmissionLineResistances}. */
export interface TransmissionLineResistance {
  ordinal: number;
  /** design current: the estimate times 1.045 [A] */
  current: number;
  /** [Ω/1000 ft], 5 decimals */
  resistance: number;
  /** the ordinal of the transformer the estimate came from; null: the plant's figures */
  transformerOrdinal: number | null;
}

/**
 * Resistance of each transmission line of a plant (spec 2 §9.3, spec 1 §5). The elements run in
 * ordinal order from the plant (1) to the meter (spec 4 §1 `add_transformer`); a line takes the
 * nearest transformer before it (the largest smaller ordinal: the voltage it carries, even with other
 * lines between), else the plant's largest array voltage and AC power.
 * @param x.transformers the plant's transformers: ordinal, rating [MVA], highSideVoltage [kV]
 * @param x.transmissionLines the plant's lines (their ordinals)
 * @param x.maxMVTransformerVoltage the largest array (MV transformer high-side) voltage [kV]
 * @param x.acPowerMw the plant's AC power [MW] (kW/1000, spec 2 §9.2)
 * @returns one entry per line, in the lines' order
 */
export function transmissionLineResistances(x: {
  transformers: readonly PlantTransformer[];
  transmissionLines: readonly { ordinal: number }[];
  maxMVTransformerVoltage: number;
  acPowerMw: number;
}): TransmissionLineResistance[] {
  return x.transmissionLines.map((line) => {
    let before: PlantTransformer | undefined;
    for (const t of x.transformers)
      if (t.ordinal < line.ordinal && (!before || t.ordinal > before.ordinal)) before = t;
    const power = before
      ? { apparentPowerMva: before.rating, voltageKv: before.highSideVoltage }
      : { apparentPowerMva: x.acPowerMw, voltageKv: x.maxMVTransformerVoltage };
    const current = threePhaseCurrent(power) * TRANSMISSION_LINE_CURRENT_MARGIN;
    return {
      ordinal: line.ordinal,
      current,
      resistance: conductorResistance({ current }),
      transformerOrdinal: before ? before.ordinal : null,
    };
  });
}
