/**
 * Electrical effect of row-to-row beam shading: the module shading response.
 */

/**
 * Module shading response (`directBeamShadingModel` / `moduleShadingResponse`):
 * - 'linear' (0): the electrical loss equals the beam loss;
 * - 'none' (1): shading is ignored (no beam loss, no electrical loss);
 * - 'fractional' (3): a minimum loss on each shaded electrical unit, units from modules high and
 *   orientation;
 * - 'stepFractional' (6): the same with a given number of fractions of the row.
 */
export type ElectricalShading =
  | { response: 'linear' }
  | { response: 'none' }
  | {
      response: 'fractional';
      /** fractional effect E (`electricalShadingFractionalEffect`) [%], 0–100 */
      fractionalEffect: number;
      /** modules stacked across the collector width M (`modulesHigh`) [-] */
      modulesHigh: number;
      /** module orientation (`moduleOrientation`) */
      orientation: 'portrait' | 'landscape';
      /** bypass-diode substrings per module, stacked across a landscape module [-] (3) */
      substrings?: number;
    }
  | {
      response: 'stepFractional';
      /** fractional effect E [%], 0–100 */
      fractionalEffect: number;
      /** number of equal fractions N of the collector width (`numberOfModuleFractions`) [-] */
      fractions: number;
    };

/** Shaded share of an electrical unit above which it counts as shaded ("more than 1 %", spec 4 §2). */
export const SHADED_UNIT_THRESHOLD = 0.01;

/**
 * @internal Kernel: electrical factor on the front beam for a shaded fraction f, E in [0, 1] and N
 * units (N = 0 for linear, E = 0 too); 'none' is handled by the caller.
 */
export function electricalShadingKernel(f: number, effect: number, units: number): number {
  if (!(f > 0)) return 1;
  if (f >= 1) return 0;
  if (units <= 0 || effect === 0) return 1 - f;
  const shadedUnits = f * units;
  const full = Math.floor(shadedUnits);
  const part = shadedUnits - full;
  let sum = units - full; // fully shaded units give 0, the others 1 for now
  if (part > 0) {
    const step = part > SHADED_UNIT_THRESHOLD ? 0 : 1 - part;
    sum += (1 - effect) * (1 - part) + effect * step - 1;
  }
  return sum / units;
}

/** @internal (E in [0, 1], N) of a response; N = 0 means linear. */
export function electricalShadingConstants(p: ElectricalShading): { effect: number; units: number } {
  switch (p.response) {
    case 'linear':
    case 'none':
      return { effect: 0, units: 0 };
    case 'fractional':
      return {
        effect: p.fractionalEffect / 100,
        units: p.orientation === 'portrait' ? p.modulesHigh : p.modulesHigh * (p.substrings ?? 3),
      };
    case 'stepFractional':
      return { effect: p.fractionalEffect / 100, units: p.fractions };
  }
}

/**
 * Electrical shading factor U_shd,B,elec: the factor on the front beam irradiance (and on circumsolar
 * light treated as beam) that stands for the power lost to a row-to-row shadow covering the fraction f
 * of the collector width from its lower edge.
 *
 * - linear: U = 1 − f;  none: U = 1.
 * - fractional / step fractional. The collector width holds N electrical units stacked from the lower
 *   edge: modules in portrait have their bypass-diode substrings running up the module, so a shadow on
 *   the module's lower cells reaches every substring and a unit is a whole module (N = M, modules
 *   high); in landscape the substrings are stacked across the width (N = M·substrings, 3 by default);
 *   step fractional takes N = the number of fractions. Unit i (from the bottom) is shaded over
 *   s_i = clamp(f·N − i, 0, 1). A unit whose shaded share exceeds 1 % loses the share E of its power
 *   on top of the linear loss, the product's "minimum loss of E on each shaded row of modules":
 *     U_i = (1 − E)·(1 − s_i) + E·(s_i > 0.01 ? 0 : 1 − s_i),   U = (1/N)·Σ U_i.
 *   E = 100 % takes a shaded unit to 0 once more than 1 % of it is shaded; E = 75 % leaves 25 % of the
 *   linear factor (spec 4 §2, "A"). E = 0 is linear.
 *   This unit-by-unit reading is ours: the product's exact formula was not published (spec 4 §2).
 *
 * @param x.shadedFraction beam shaded fraction f of the collector width [-] (see {@link rowShadedFraction})
 * @param p module shading response, see {@link ElectricalShading}
 * @returns electrical shading factor on the front beam [-], in [0, 1 − f] (1 for 'none')
 * @see spec 4 §2 "Electrical effect of shading" (PlantPredict V12 documentation, electrical_shading_effect)
 */
export function electricalShadingFactor(x: { shadedFraction: number }, p: ElectricalShading): number {
  if (p.response === 'none') return 1;
  const k = electricalShadingConstants(p);
  return electricalShadingKernel(x.shadedFraction, k.effect, k.units);
}

/**
 * Series form of {@link electricalShadingFactor}; allocation-free.
 * @param x.shadedFraction shaded fraction per step [-]
 * @param p module shading response
 * @param out caller-owned electrical shading factor [-]
 */
export function electricalShadingFactorSeries(
  x: { shadedFraction: Float64Array },
  p: ElectricalShading,
  out: Float64Array,
): void {
  const f = x.shadedFraction;
  if (p.response === 'none') {
    out.fill(1, 0, f.length);
    return;
  }
  const { effect, units } = electricalShadingConstants(p);
  for (let i = 0; i < f.length; i++) out[i] = electricalShadingKernel(f[i]!, effect, units);
}
