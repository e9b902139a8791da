/**
 * Seasonal-tilt rows: fixed rows whose tilt is changed each calendar month.
 */
import {
  type FixedSunInput,
  type FixedTiltResult,
  MONTHLY_TILTS,
  fixedLoop,
  fixedTilt,
} from './fixedTilt.ts';
import type { MountingSeriesOut } from './singleAxis.ts';

/**
 * Seasonal-tilt row at one instant: {@link fixedTilt} with β = monthlyTilt[month − 1].
 *
 * @param x.solarZenith apparent solar zenith [°]
 * @param x.solarAzimuth solar azimuth [°]
 * @param x.month calendar month, 1–12 [-]
 * @param p.monthlyTilt twelve tilts, January first [°]
 * @param p.surfaceAzimuth row azimuth [°]
 * @returns orientation, angle of incidence and projected zenith [°]
 * @see J. A. Duffie, W. A. Beckman, Solar Engineering of Thermal Processes, 4th ed., Wiley (2013),
 *      eq. 1.6.3, doi:10.1002/9781118671603
 */
export function seasonalTilt(
  x: { solarZenith: number; solarAzimuth: number; month: number },
  p: { monthlyTilt: readonly number[]; surfaceAzimuth: number },
): FixedTiltResult {
  const tilt = p.monthlyTilt[x.month - 1];
  if (tilt === undefined) throw new Error('seasonalTilt: month must be 1–12 and monthlyTilt hold 12 values');
  return fixedTilt(x, { surfaceTilt: tilt, surfaceAzimuth: p.surfaceAzimuth });
}

/**
 * Seasonal-tilt row: a fixed row whose tilt changes each calendar month (`monthlySeasonalTiltFactors`).
 * Same equations as {@link fixedTilt} with β = monthlyTilt[month − 1].
 *
 * @param x.solarZenith apparent solar zenith per step [°]
 * @param x.solarAzimuth solar azimuth per step [°]
 * @param x.month calendar month of each step, 1–12 [-]
 * @param p.monthlyTilt twelve tilts, January first [°]
 * @param p.surfaceAzimuth row azimuth [°]
 * @param out caller-owned outputs [°]; trackerTheta receives the month's tilt
 * @see J. A. Duffie, W. A. Beckman, Solar Engineering of Thermal Processes, 4th ed., Wiley (2013),
 *      eq. 1.6.3, doi:10.1002/9781118671603
 */
export function seasonalTiltSeries(
  x: FixedSunInput & { month: Uint8Array },
  p: { monthlyTilt: readonly number[]; surfaceAzimuth: number },
  out: MountingSeriesOut,
): void {
  if (p.monthlyTilt.length !== 12) throw new Error('seasonalTiltSeries: monthlyTilt needs 12 values');
  for (let m = 0; m < 12; m++) MONTHLY_TILTS[m] = p.monthlyTilt[m]!;
  fixedLoop(x, x.month, MONTHLY_TILTS, p.surfaceAzimuth, out);
}
