/**
 * The frame of a row that rotates about one axis (a single-axis tracker, or a fixed-tilt row seen as a
 * row "rotated" by its tilt about a horizontal axis), shared by the mounting and the 2D shading models.
 *
 * Axes: x east, y north, z up. The rotation axis points along the axis azimuth γa and dips by the axis
 * tilt βa, so that at zero rotation the row's normal is n0 = (sin βa sin γa, sin βa cos γa, cos βa),
 * tilted by βa towards γa. A rotation θ is right-handed about the axis: θ > 0 tilts the normal towards
 * x' = (cos γa, −sin γa, 0), i.e. towards the azimuth γa + 90° (west for a south-pointing axis), and
 * n(θ) = cos θ·n0 + sin θ·x'.
 *
 * @see K. Anderson, M. Mikofski, "Slope-Aware Backtracking for Single-Axis Trackers,"
 *      NREL/TP-5K00-76626 (2020), doi:10.2172/1660126
 * @see W. F. Marion, A. P. Dobos, "Rotation Angle for the Optimum Tracking of One-Axis Trackers,"
 *      NREL/TP-6A20-58891 (2013), doi:10.2172/1089596
 */

export const DEG = Math.PI / 180;
export const RAD = 180 / Math.PI;

/** @internal Per-call constants of a row's axis. */
export interface AxisConstants {
  sinAxisTilt: number;
  cosAxisTilt: number;
  sinAxisAz: number;
  cosAxisAz: number;
  /** axis azimuth γa [°] */
  axisAzimuth: number;
}

/** @internal */
export function axisConstants(axisTilt: number, axisAzimuth: number): AxisConstants {
  return {
    sinAxisTilt: Math.sin(axisTilt * DEG),
    cosAxisTilt: Math.cos(axisTilt * DEG),
    sinAxisAz: Math.sin(axisAzimuth * DEG),
    cosAxisAz: Math.cos(axisAzimuth * DEG),
    axisAzimuth,
  };
}

/**
 * @internal Component of the sun's unit vector along x' (cross-axis, towards γa + 90°):
 * sx = sin θz·sin(γs − γa), from sin/cos of the zenith and of the solar azimuth.
 */
export function sunCrossAxis(sinZ: number, sinAz: number, cosAz: number, k: AxisConstants): number {
  return sinZ * (sinAz * k.cosAxisAz - cosAz * k.sinAxisAz);
}

/**
 * @internal Component of the sun's unit vector along n0 (the row normal at zero rotation):
 * sn = sin βa·sin θz·cos(γs − γa) + cos βa·cos θz.
 */
export function sunNormal(
  sinZ: number,
  cosZ: number,
  sinAz: number,
  cosAz: number,
  k: AxisConstants,
): number {
  return k.sinAxisTilt * sinZ * (cosAz * k.cosAxisAz + sinAz * k.sinAxisAz) + k.cosAxisTilt * cosZ;
}

/**
 * @internal Surface tilt and azimuth [°] of a row rotated by θ, read from r[0] = θ [rad], r[1] = sin θ,
 * r[2] = cos θ and written to r[3] (tilt) and r[4] (azimuth); numbers pass through `r` so that nothing
 * is boxed when V8 does not inline the call.
 * Tilt: β = arccos(cos θ·cos βa); for a horizontal axis simply |θ|, with rotations below 1.5e-8 rad
 * reported as tilt 0 (where arccos(cos θ) is 0 too).
 * Azimuth in [0, 360): γ = γa + atan2(sin θ, cos θ·sin βa) (γa ± 90° for a horizontal axis). At zero
 * tilt the azimuth is undefined; it is then reported as γa − 90°, the convention of the reference vectors.
 */
export function surfaceFromRotation(k: AxisConstants, r: Float64Array): void {
  const thetaRad = r[0]!;
  const sinTheta = r[1]!;
  const cosTheta = r[2]!;
  let tilt: number;
  if (k.sinAxisTilt === 0) {
    const t = Math.abs(thetaRad);
    tilt = t < 1.5e-8 ? 0 : t * RAD;
  } else {
    const c = cosTheta * k.cosAxisTilt;
    tilt = Math.acos(c > 1 ? 1 : c < -1 ? -1 : c) * RAD;
  }
  let az: number;
  if (tilt === 0) az = k.axisAzimuth - 90;
  else if (k.sinAxisTilt === 0) az = thetaRad > 0 ? k.axisAzimuth + 90 : k.axisAzimuth - 90;
  else az = k.axisAzimuth + Math.atan2(sinTheta, cosTheta * k.sinAxisTilt) * RAD;
  r[3] = tilt;
  r[4] = az >= 0 && az < 360 ? az : ((az % 360) + 360) % 360;
}

const surface = new Float64Array(5);

/** @internal Surface tilt [°] of a row rotated by θ ({@link surfaceFromRotation}). */
export function surfaceTiltFromRotation(thetaRad: number, cosTheta: number, k: AxisConstants): number {
  surface[0] = thetaRad;
  surface[1] = Math.sin(thetaRad);
  surface[2] = cosTheta;
  surfaceFromRotation(k, surface);
  return surface[3]!;
}

/** @internal Surface azimuth [°] in [0, 360) of a row rotated by θ ({@link surfaceFromRotation}). */
export function surfaceAzimuthFromRotation(
  thetaRad: number,
  sinTheta: number,
  cosTheta: number,
  _tilt: number,
  k: AxisConstants,
): number {
  surface[0] = thetaRad;
  surface[1] = sinTheta;
  surface[2] = cosTheta;
  surfaceFromRotation(k, surface);
  return surface[4]!;
}

/** @internal The optional sun direction cosines of a mounting series' input, all three or none. */
export function sunTrig(x: {
  cosSolarZenith?: Float64Array;
  sinSolarAzimuth?: Float64Array;
  cosSolarAzimuth?: Float64Array;
}): { cosZ: Float64Array; sinAz: Float64Array; cosAz: Float64Array } | undefined {
  const { cosSolarZenith: cosZ, sinSolarAzimuth: sinAz, cosSolarAzimuth: cosAz } = x;
  if (cosZ === undefined && sinAz === undefined && cosAz === undefined) return undefined;
  if (cosZ === undefined || sinAz === undefined || cosAz === undefined)
    throw new Error('mounting: give cosSolarZenith, sinSolarAzimuth and cosSolarAzimuth together');
  return { cosZ, sinAz, cosAz };
}
