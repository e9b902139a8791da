/**
 * The AC side of one array: Σ inverters → auxiliary loads → array (MV) transformer → AC collection,
 * with the night-time disconnect (step 17 of the chain, spec 4 §2, after AC degradation).
 */
import {
  acCollectionLossKernel,
  type AcCollectionModel,
  type AuxiliaryLoadParams,
} from './auxiliaryLoads.ts';
import { transformerLossKernel, type TransformerParams } from './transformer.ts';

/** Parameters of an array's AC side. */
export interface ArrayAcParams extends AuxiliaryLoadParams {
  /** The array transformer (`transformerEnabled`), absent when disabled. Rating [VA], losses [%]. */
  transformer?: TransformerParams;
  /** AC collection loss [%] (`acCollectionLoss`). */
  acCollectionLoss: number;
  /** `flat` (default) or `quadratic`. */
  acCollectionModel?: AcCollectionModel;
  /** Rated AC power for the quadratic collection loss [W] (e.g. Σ inverter setpoints). */
  ratedPower?: number;
  /** Power factor of the array's flow [-], default 1 (loads the transformer with S = P/pf). */
  powerFactor?: number;
  /** Night-time disconnect: when the inverters produce nothing, the array is opened (output 0). */
  nighttimeDisconnect?: boolean;
}

/** Per-step outputs of {@link arrayAcSeries}; only `power` is required. */
export interface ArrayAcOutputs {
  /** Array output after collection [W]. */
  power: Float64Array;
  /** Auxiliary loads [W]. */
  auxiliaryLoss?: Float64Array;
  /** Of which data acquisition [W]. */
  dasLoss?: Float64Array;
  /** Of which cooling [W]. */
  coolingLoss?: Float64Array;
  /** Of which tracker motors [W]. */
  trackerMotorLoss?: Float64Array;
  /** Transformer loss [W]. */
  transformerLoss?: Float64Array;
  /** Collection loss [W]. */
  collectionLoss?: Float64Array;
  /** 1 where the night-time disconnect opened the array. */
  disconnected?: Uint8Array;
}

/**
 * AC output of an array over a series of steps.
 *
 * With P0 the sum of its inverters' AC power (× repeaters, after AC degradation):
 *   producing = P0 > 0;  if not producing and `nighttimeDisconnect`: Pout = 0 (no night tare, loads or
 *   no-load loss: the array is opened);
 *   P1 = P0 − Paux (see `auxiliaryLoad`);
 *   P2 = P1 − Sr·[NL + FL·(|P1|/(pf·Sr))²]/100  (array transformer, when enabled);
 *   Pout = P2 − Lcoll(P2)  (flat: L·|P2|/100; quadratic: L·P2²/(100·Pr)).
 *
 * @param x.inverterAc Σ inverter AC power of the array [W]
 * @param p array parameters (see {@link ArrayAcParams}); loads [W], rating [VA], losses [%]
 * @param out caller-owned outputs (see {@link ArrayAcOutputs})
 * @returns `out`
 */
export function arrayAcSeries(
  x: { inverterAc: Float64Array },
  p: ArrayAcParams,
  out: ArrayAcOutputs,
): ArrayAcOutputs {
  const pin = x.inverterAc;
  const { dasLoad, coolingLoad, trackerMotorPower, additionalLosses, additionalNightLosses } = p;
  const tr = p.transformer;
  const rating = tr ? tr.rating : 1;
  const nl = tr ? tr.noLoadLoss : 0;
  const fl = tr ? tr.fullLoadLoss : 0;
  const pfInv = 1 / Math.abs(p.powerFactor ?? 1);
  const coll = p.acCollectionLoss;
  const quad = p.acCollectionModel === 'quadratic';
  const rated = p.ratedPower ?? 0;
  const disconnect = p.nighttimeDisconnect === true;
  const {
    power,
    auxiliaryLoss,
    dasLoss,
    coolingLoss,
    trackerMotorLoss,
    transformerLoss,
    collectionLoss,
    disconnected,
  } = out;
  for (let i = 0; i < pin.length; i++) {
    const p0 = pin[i]!;
    const day = p0 > 0;
    if (!day && disconnect) {
      power[i] = 0;
      if (auxiliaryLoss) auxiliaryLoss[i] = 0;
      if (dasLoss) dasLoss[i] = 0;
      if (coolingLoss) coolingLoss[i] = 0;
      if (trackerMotorLoss) trackerMotorLoss[i] = 0;
      if (transformerLoss) transformerLoss[i] = 0;
      if (collectionLoss) collectionLoss[i] = 0;
      if (disconnected) disconnected[i] = 1;
      continue;
    }
    const aux = day
      ? dasLoad + coolingLoad + trackerMotorPower + additionalLosses
      : dasLoad + additionalNightLosses;
    const p1 = p0 - aux;
    const tl = tr ? transformerLossKernel(p1, rating, nl, fl, pfInv, 1) : 0;
    const p2 = p1 - tl;
    const cl = acCollectionLossKernel(p2, coll, quad, rated);
    power[i] = p2 - cl;
    if (auxiliaryLoss) auxiliaryLoss[i] = aux;
    if (dasLoss) dasLoss[i] = dasLoad;
    if (coolingLoss) coolingLoss[i] = day ? coolingLoad : 0;
    if (trackerMotorLoss) trackerMotorLoss[i] = day ? trackerMotorPower : 0;
    if (transformerLoss) transformerLoss[i] = tl;
    if (collectionLoss) collectionLoss[i] = cl;
    if (disconnected) disconnected[i] = 0;
  }
  return out;
}

/**
 * Scalar form of {@link arrayAcSeries} for one step.
 * @param x.inverterAc Σ inverter AC power [W]
 * @param p array parameters
 * @returns array output [W]
 */
export function arrayAc(x: { inverterAc: number }, p: ArrayAcParams): number {
  const out = { power: new Float64Array(1) };
  arrayAcSeries({ inverterAc: Float64Array.of(x.inverterAc) }, p, out);
  return out.power[0]!;
}
