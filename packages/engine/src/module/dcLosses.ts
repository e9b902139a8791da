/**
 * DC-side losses of a DC field as small pure functions: the factors of module mismatch, light-induced
 * degradation, module quality and DC health (spec 4 §2 "DC system losses"), and the DC wiring loss as
 * an added series resistance.
 */

/** @internal Kernel: factor 1 − L/100 of a loss L [%] (a negative loss is a gain). */
export function lossFactorKernel(lossPercent: number): number {
  return 1 - lossPercent / 100;
}

/**
 * Factor of a loss given in percent.
 *
 * U = 1 − L/100 (a negative L, e.g. a module quality better than nameplate, gives U > 1)
 *
 * @param x.lossPercent loss L [%]
 * @returns factor U [-]
 */
export function lossFactor(x: { lossPercent: number }): number {
  return lossFactorKernel(x.lossPercent);
}

/** The DC-field losses that scale effective irradiance (spec 3 names), each in percent; absent = 0. */
export interface DcLossInputs {
  /** front-side module mismatch (`moduleMismatchCoefficient`) [%] */
  moduleMismatchCoefficient?: number | null;
  /** light-induced degradation (`lightInducedDegradation`) [%] */
  lightInducedDegradation?: number | null;
  /** module quality, negative when better than nameplate (`moduleQuality`) [%] */
  moduleQuality?: number | null;
  /** DC health (`dcHealth`) [%] */
  dcHealth?: number | null;
}

/** The factors of {@link dcLossFactors}, each U = 1 − L/100, and their product. */
export interface DcLossFactors {
  mismatch: number;
  lid: number;
  quality: number;
  dcHealth: number;
  /** mismatch·lid·quality·dcHealth */
  combined: number;
}

/**
 * DC system loss factors of a DC field: front mismatch, light-induced degradation, module quality and
 * DC health, each U = 1 − L/100, combined as a product (spec 4 §2: "combined into one coefficient
 * scaling effective irradiance before the diode model", product form [inf]).
 *
 * U = (1 − Lmm/100)·(1 − LID/100)·(1 − Lq/100)·(1 − Ldc/100)
 *
 * The chain multiplies the effective irradiance by `combined` before the single-diode model, so each
 * loss acts on the photocurrent and the power loss it causes includes the diode's response (slightly
 * less than L at the maximum power point). The rear-side mismatch (`backSideMismatch`) scales the rear
 * irradiance instead (`marionRearIrradiance`).
 *
 * @param p losses [%] (see {@link DcLossInputs})
 * @returns the four factors [-] and their product [-]
 * @see spec 4 §2 "DC system losses" (a product definition, no paper)
 */
export function dcLossFactors(p: DcLossInputs): DcLossFactors {
  const mismatch = lossFactorKernel(p.moduleMismatchCoefficient ?? 0);
  const lid = lossFactorKernel(p.lightInducedDegradation ?? 0);
  const quality = lossFactorKernel(p.moduleQuality ?? 0);
  const dcHealth = lossFactorKernel(p.dcHealth ?? 0);
  return { mismatch, lid, quality, dcHealth, combined: mismatch * lid * quality * dcHealth };
}

/**
 * Series resistance per module that represents the DC wiring loss of a DC field, from its loss at STC
 * (`dcWiringLossAtSTC`, 1.5 % by default).
 *
 * R_w = (L/100)·Pmp,STC/Imp,STC²   (per module; a string of Nser modules carries Nser·R_w)
 *
 * The ohmic loss Imp²·R_w equals L % of the module's STC power at the STC current (spec 4 §2: "the %
 * at STC becomes a per-module series resistance, computed once from Imp at STC, and is added to Rs").
 * The chain passes R_w to the module model as `addedSeriesResistance`; since the string current
 * flows through every module, adding R_w to each module's Rs is the same as adding Nser·R_w to the
 * string. With the MPP re-optimised the loss at STC comes out slightly below L, and it falls with
 * the square of the current at lower irradiance.
 *
 * @param p.dcWiringLossAtSTC wiring loss at STC L [%]
 * @param p.pmp module power at STC Pmp,STC [W]
 * @param p.imp module current at the STC maximum power point Imp,STC [A]
 * @returns added series resistance per module R_w [Ω]
 */
export function dcWiringResistance(p: { dcWiringLossAtSTC: number; pmp: number; imp: number }): number {
  return ((p.dcWiringLossAtSTC / 100) * p.pmp) / (p.imp * p.imp);
}

/**
 * Wiring resistance of one string: the per-module resistance times the modules in series.
 *
 * R_string = Nser·(L/100)·Pmp,STC/Imp,STC²
 *
 * @param p.dcWiringLossAtSTC wiring loss at STC L [%]
 * @param p.pmp module power at STC [W]; p.imp module current at the STC MPP [A]
 * @param p.modulesInSeries modules in series per string Nser (`modulesWiredInSeries`) [-]
 * @returns string wiring resistance [Ω]
 */
export function stringWiringResistance(p: {
  dcWiringLossAtSTC: number;
  pmp: number;
  imp: number;
  modulesInSeries: number;
}): number {
  return p.modulesInSeries * dcWiringResistance(p);
}
