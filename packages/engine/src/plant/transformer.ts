/**
 * Power transformer losses: constant no-load (core) loss plus load (copper) loss growing with the square
 * of the loading, both stated as % of the rating (spec 4 §2 "AC losses").
 */

/** A transformer's rating and losses. */
export interface TransformerParams {
  /** Apparent-power rating Sr [VA]. */
  rating: number;
  /** No-load loss at rated voltage [% of Sr]. */
  noLoadLoss: number;
  /** Load loss at rated load [% of Sr]. */
  fullLoadLoss: number;
}

/**
 * @internal Kernel: loss [W] at active power P [W] through the transformer, 1/pf = pfInv, with the
 * no-load part counted when `energized` is 1.
 */
export function transformerLossKernel(
  power: number,
  rating: number,
  noLoad: number,
  fullLoad: number,
  pfInv: number,
  energized: number,
): number {
  const load = ((power < 0 ? -power : power) * pfInv) / rating;
  return (rating * (energized * noLoad + fullLoad * load * load)) / 100;
}

/**
 * Transformer loss at a loading.
 *
 * S = |P|/pf,  Ploss = Sr·[NL + FL·(S/Sr)²]/100
 * where NL and FL are the no-load and full-load losses in % of the rating Sr. The no-load part is drawn
 * whenever the transformer is energized (also at night unless the plant disconnects); reverse flow at
 * night loads the transformer as |P|.
 *
 * @param x.power active power through the transformer P [W] (its input side)
 * @param x.energized false when disconnected (then no loss at all), default true
 * @param p.rating rating Sr [VA]
 * @param p.noLoadLoss no-load loss NL [%]
 * @param p.fullLoadLoss load loss at rated load FL [%]
 * @param p.powerFactor |pf| of the flow [-], default 1
 * @returns loss [W], ≥ 0
 * @see IEC 60076-1, Power transformers — Part 1: General (no-load and load loss definitions)
 */
export function transformerLoss(
  x: { power: number; energized?: boolean },
  p: TransformerParams & { powerFactor?: number },
): number {
  if (x.energized === false) return 0;
  return transformerLossKernel(x.power, p.rating, p.noLoadLoss, p.fullLoadLoss, 1 / (p.powerFactor ?? 1), 1);
}

/**
 * Series form: out[i] = P[i] − Ploss(P[i]) (power on the other side of the transformer), and the loss.
 * @param x.power active power into the transformer [W]
 * @param p rating [VA] and losses [%], power factor [-] (default 1)
 * @param out caller-owned output power [W]
 * @param loss optional caller-owned loss [W]
 */
export function transformerSeries(
  x: { power: Float64Array },
  p: TransformerParams & { powerFactor?: number },
  out: Float64Array,
  loss?: Float64Array,
): Float64Array {
  const pw = x.power;
  const { rating, noLoadLoss, fullLoadLoss } = p;
  const pfInv = 1 / (p.powerFactor ?? 1);
  for (let i = 0; i < pw.length; i++) {
    const l = transformerLossKernel(pw[i]!, rating, noLoadLoss, fullLoadLoss, pfInv, 1);
    out[i] = pw[i]! - l;
    if (loss) loss[i] = l;
  }
  return out;
}

/**
 * Array transformer rating matched to its inverters (`matchTotalInverterkVA`): Sr = Σ repeater·kVA.
 * @param x.inverters each inverter node's apparent-power rating [VA] and repeater [-]
 * @returns rating [VA]
 */
export function matchedTransformerRating(x: {
  inverters: readonly { apparentPower: number; repeater: number }[];
}): number {
  return x.inverters.reduce((s, i) => s + i.apparentPower * i.repeater, 0);
}
