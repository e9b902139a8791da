/**
 * Tilt of the ground across and along a tracker axis, from the slope of the terrain.
 */
import { DEG, RAD } from './trackerFrame.ts';

/**
 * Cross-axis tilt βc: the angle from horizontal of the line where the ground meets a plane
 * perpendicular to the tracker axis, right-handed about the axis (positive when the ground descends
 * towards γa + 90°). The ground normal projected on that plane is perpendicular to the line, so
 *
 *   tan βc = (ng·x') / (ng·n0) = sin βg·sin(γg − γa) / [sin βa·sin βg·cos(γg − γa) + cos βa·cos βg]
 *
 * with ng the ground normal (slope βg descending towards γg), x' the cross-axis direction and n0 the
 * row normal at zero rotation (see trackerFrame.ts). For an axis lying on the slope
 * (βa = {@link axisTiltOnSlope}) this reduces to tan βc = tan βg·sin(γg − γa)·cos βa
 * (Anderson & Mikofski 2020, eq. 26).
 *
 * @param p.slopeTilt tilt of the ground βg [°]
 * @param p.slopeAzimuth azimuth towards which the ground descends γg (N = 0, E = 90) [°]
 * @param p.axisAzimuth tracker axis azimuth γa [°]
 * @param p.axisTilt tracker axis tilt βa [°]
 * @returns cross-axis tilt βc [°]
 * @see K. Anderson, M. Mikofski, "Slope-Aware Backtracking for Single-Axis Trackers,"
 *      NREL/TP-5K00-76626 (2020), doi:10.2172/1660126
 */
export function crossAxisTilt(p: {
  slopeTilt: number;
  slopeAzimuth: number;
  axisAzimuth: number;
  axisTilt: number;
}): number {
  const bg = p.slopeTilt * DEG;
  const ba = p.axisTilt * DEG;
  const dg = (p.slopeAzimuth - p.axisAzimuth) * DEG;
  return (
    Math.atan2(
      Math.sin(bg) * Math.sin(dg),
      Math.sin(ba) * Math.sin(bg) * Math.cos(dg) + Math.cos(ba) * Math.cos(bg),
    ) * RAD
  );
}

/**
 * Tilt βa of a tracker axis that lies on a slope: the slope of the ground along the axis direction,
 * tan βa = tan βg·cos(γg − γa) (positive when the axis dips towards its azimuth γa).
 *
 * @param p.slopeTilt tilt of the ground βg [°]
 * @param p.slopeAzimuth azimuth towards which the ground descends γg [°]
 * @param p.axisAzimuth tracker axis azimuth γa [°]
 * @returns axis tilt βa [°]
 * @see K. Anderson, M. Mikofski, "Slope-Aware Backtracking for Single-Axis Trackers,"
 *      NREL/TP-5K00-76626 (2020), doi:10.2172/1660126
 */
export function axisTiltOnSlope(p: { slopeTilt: number; slopeAzimuth: number; axisAzimuth: number }): number {
  return Math.atan(Math.tan(p.slopeTilt * DEG) * Math.cos((p.slopeAzimuth - p.axisAzimuth) * DEG)) * RAD;
}
