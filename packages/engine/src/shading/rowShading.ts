/**
 * Beam (direct) shading of infinite rows in 2D, fixed or tracked, on ground with a cross-axis slope.
 */
import { DEG, rowFrame } from './rowGeometry.ts';

/**
 * @internal Kernel: shaded fraction from facing = cos(θ − θT), above = cos(θT − βc) and GCR·cos βc
 * (NaN cosines give 0).
 */
export function rowShadedFractionKernel(facing: number, above: number, gcrCosCross: number): number {
  if (!(facing > 0)) return 0; // sun behind the module plane: no beam on the front to shade
  if (!(above > 0)) return 1; // sun below the ground line in the cross-section
  const f = 1 - above / (gcrCosCross * facing);
  return f > 0 ? f : 0;
}

/**
 * Fraction of a row's collector width in the shadow of the next row, for infinite rows (Appelbaum &
 * Bany 1979 for fixed rows; the same construction as slope-aware backtracking, Anderson & Mikofski
 * 2020, for any rotation and cross-axis slope).
 *
 * In the plane across the rows (see rowGeometry.ts) the collector (width ℓ, rotation θ) and its
 * neighbour (a horizontal pitch p = ℓ/GCR away, along ground of slope βc) are projected on a line
 * perpendicular to the sun's rays (projected zenith θT): the collector covers ℓ·cos(θ − θT), the
 * spacing of the rows p·|cos(θT − βc)|/cos βc. The shadow covers their overlap, so
 *
 *   f = clamp(1 − |cos(θT − βc)| / (GCR·cos βc·cos(θ − θT)), 0, 1)
 *
 * For a fixed row of tilt β on flat ground with the sun of elevation α in the plane of the row normal
 * this is the classic 1 − p·sin α/(ℓ·sin(α + β)). Backtracking rotates to cos(θ − θT) =
 * |cos(θT − βc)|/(GCR·cos βc), i.e. f = 0. f = 0 when the sun is behind the module plane
 * (cos(θ − θT) ≤ 0: no front beam), 1 when it is below the ground line (|θT − βc| ≥ 90°).
 * The shadow always falls from the lower edge (the edge towards the sun).
 *
 * @param x.trackerTheta rotation of the row θ [°] (the tilt of a fixed row, see mounting/fixedTilt.ts)
 * @param x.projectedZenith solar zenith projected on the plane across the rows θT [°]
 * @param p.gcr ground coverage ratio ℓ/p (horizontal pitch) [-]
 * @param p.crossAxisTilt cross-axis slope of the ground βc [°]
 * @returns beam shaded fraction f of the collector width [-], in [0, 1]
 * @see J. Appelbaum, J. Bany, "Shadow effect of adjacent solar collectors in large scale systems,"
 *      Solar Energy 23 (1979) 497–507
 * @see K. Anderson, M. Mikofski, "Slope-Aware Backtracking for Single-Axis Trackers,"
 *      NREL/TP-5K00-76626 (2020), doi:10.2172/1660126
 */
export function rowShadedFraction(
  x: { trackerTheta: number; projectedZenith: number },
  p: { gcr: number; crossAxisTilt: number },
): number {
  const f = rowFrame(p.gcr, p.crossAxisTilt);
  const tt = x.projectedZenith;
  return rowShadedFractionKernel(
    Math.cos((x.trackerTheta - tt) * DEG),
    Math.cos((tt - p.crossAxisTilt) * DEG),
    p.gcr * Math.cos(f.cross),
  );
}

/**
 * Series form of {@link rowShadedFraction}; allocation-free. A NaN rotation or projected zenith (a raw
 * tracker at night) gives 0.
 * @param x.trackerTheta rotation per step [°]
 * @param x.projectedZenith projected zenith per step [°]
 * @param p.gcr ground coverage ratio [-]
 * @param p.crossAxisTilt cross-axis slope [°]
 * @param out caller-owned shaded fraction [-]
 */
export function rowShadedFractionSeries(
  x: { trackerTheta: Float64Array; projectedZenith: Float64Array },
  p: { gcr: number; crossAxisTilt: number },
  out: Float64Array,
): void {
  const f = rowFrame(p.gcr, p.crossAxisTilt);
  const gc = p.gcr * Math.cos(f.cross);
  const { trackerTheta, projectedZenith } = x;
  const c = p.crossAxisTilt;
  for (let i = 0; i < trackerTheta.length; i++) {
    const tt = projectedZenith[i]!;
    out[i] = rowShadedFractionKernel(Math.cos((trackerTheta[i]! - tt) * DEG), Math.cos((tt - c) * DEG), gc);
  }
}
