/**
 * Default resistance of a plant's transmission lines (spec 2 §9.3 and spec 1 §5): a current estimate
 * from the preceding transformer (or from the plant's largest array voltage and AC power when none
 * precedes), times 1.045, picks a bare overhead conductor's resistance in Ω per 1000 ft (spec 4 §2
 * "Lines: I²R, using km, Ω per 1000 ft"; SDK `add_transmission_line`: "Ohms/300m").
 */
import {
  conductorResistance as engineConductorResistance,
  LINE_CURRENT_HIGH,
  LINE_CURRENT_LOW,
  LINE_CURRENT_MARGIN,
  LINE_RESISTANCE_AT_1200_A,
  LINE_RESISTANCE_AT_145_A,
  LINE_RESISTANCE_POLYNOMIAL,
} from '@sunfield/engine';

/** Margin on the estimated line current (spec 2 §9.3) [-]. */
export const TRANSMISSION_LINE_CURRENT_MARGIN = LINE_CURRENT_MARGIN;
/** Below this design current the resistance is {@link TRANSMISSION_LINE_RESISTANCE_LOW} (spec 2 §9.3) [A]. */
export const TRANSMISSION_LINE_CURRENT_LOW = LINE_CURRENT_LOW;
/** Above this design current the resistance is {@link TRANSMISSION_LINE_RESISTANCE_HIGH} (spec 2 §9.3) [A]. */
export const TRANSMISSION_LINE_CURRENT_HIGH = LINE_CURRENT_HIGH;
/** Resistance of the smallest conductor (spec 2 §9.3) [Ω/1000 ft]. */
export const TRANSMISSION_LINE_RESISTANCE_LOW = LINE_RESISTANCE_AT_145_A;
/** Resistance of the largest conductor (spec 2 §9.3) [Ω/1000 ft]. */
export const TRANSMISSION_LINE_RESISTANCE_HIGH = LINE_RESISTANCE_AT_1200_A;
/** The conductor curve between them: the engine's fit to the Southwire ACSR table (its doc has the source). */
export const TRANSMISSION_LINE_RESISTANCE_POLYNOMIAL = LINE_RESISTANCE_POLYNOMIAL;

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
 * Resistance of the conductor for a design current (spec 2 §9.3), the engine's: the one curve that the
 * builder shows and a run uses.
 * @param x.current design current, the estimate times 1.045 [A]
 * @returns resistance [Ω/1000 ft], 5 decimals; NaN when the current is NaN
 */
export const conductorResistance = (x: { current: number }): number => engineConductorResistance(x);

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
