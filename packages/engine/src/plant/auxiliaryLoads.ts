/**
 * Array auxiliary loads (spec 4 §2 "AC losses") and the array's AC collection loss.
 */

/** Auxiliary loads of an array, as powers [W]. */
export interface AuxiliaryLoadParams {
  /** Data acquisition (`dasLoad`) [W]: drawn whenever the array is energized, day and night. */
  dasLoad: number;
  /** Cooling (`coolingLoad`) [W]: drawn only while the array produces (P > 0). */
  coolingLoad: number;
  /** Tracker motors [W] while producing (see {@link trackerMotorPower}). */
  trackerMotorPower: number;
  /** Other daytime loads (`additionalLosses`) [W], while producing. */
  additionalLosses: number;
  /** Other night-time loads (`additionalNightLosses`) [W], while not producing. */
  additionalNightLosses: number;
}

/**
 * Total auxiliary load of an array at a step.
 *
 * producing (P > 0): Paux = DAS + cooling + tracker motors + additional;
 * not producing:     Paux = DAS + additional night losses;
 * disconnected at night (`nighttimeDisconnect`): 0.
 *
 * @param x.acPower array AC power before the loads [W]
 * @param x.disconnected true when the night-time disconnect has opened the array
 * @param p loads [W] (see {@link AuxiliaryLoadParams})
 * @returns auxiliary load [W], ≥ 0
 */
export function auxiliaryLoad(
  x: { acPower: number; disconnected?: boolean },
  p: AuxiliaryLoadParams,
): number {
  if (x.disconnected) return 0;
  return x.acPower > 0
    ? p.dasLoad + p.coolingLoad + p.trackerMotorPower + p.additionalLosses
    : p.dasLoad + p.additionalNightLosses;
}

/**
 * Tracker-motor power while producing, from the yearly specific consumption (`trackerMotorLosses`).
 *
 * P = e·Pdc/H: e [MWh per MWp per year] = [Wh per Wp per year], Pdc the array's DC capacity [Wp], H the
 * producing hours of the year; spreading the yearly energy evenly over producing steps.
 *
 * @param x.producingHours hours of the year with P > 0 [h]
 * @param p.trackerMotorLosses specific consumption [MWh/MWp/yr]
 * @param p.dcCapacity DC capacity of the array [W]
 * @returns tracker-motor power [W]
 */
export function trackerMotorPower(
  x: { producingHours: number },
  p: { trackerMotorLosses: number; dcCapacity: number },
): number {
  return x.producingHours > 0 ? (p.trackerMotorLosses * p.dcCapacity) / x.producingHours : 0;
}

/**
 * AC collection model: `flat` (V3–11, a constant % of the power) or `quadratic` (V12, I²R: the % is
 * the loss at the rated power and scales with the square of the power).
 */
export type AcCollectionModel = 'flat' | 'quadratic';

/** @internal Kernel: collection loss [W]; rated ≤ 0 or flat uses the flat form. */
export function acCollectionLossKernel(
  power: number,
  lossPct: number,
  quadratic: boolean,
  rated: number,
): number {
  const a = power < 0 ? -power : power;
  return quadratic && rated > 0 ? (lossPct * a * a) / (100 * rated) : (lossPct * a) / 100;
}

/**
 * AC collection (MV cabling) loss.
 *
 * flat: Ploss = L/100·|P|;  quadratic: Ploss = L/100·Pr·(P/Pr)², L in % at the rated power Pr.
 *
 * @param x.power power through the collection system [W]
 * @param p.acCollectionLoss loss L [%]
 * @param p.model `flat` or `quadratic`
 * @param p.ratedPower Pr for the quadratic form [W]
 * @returns loss [W], ≥ 0
 */
export function acCollectionLoss(
  x: { power: number },
  p: { acCollectionLoss: number; model: AcCollectionModel; ratedPower?: number },
): number {
  return acCollectionLossKernel(x.power, p.acCollectionLoss, p.model === 'quadratic', p.ratedPower ?? 0);
}
