/**
 * Single-axis tracker: true tracking and slope-aware backtracking, with asymmetric rotation limits.
 * The raw model: steps with the sun below the horizon give NaN; {@link trackerSeries} (tracker.ts) is
 * the chain wrapper that applies the night and wind stow angles and the time-series angles.
 */
import {
  type AxisConstants,
  DEG,
  RAD,
  axisConstants,
  sunCrossAxis,
  sunNormal,
  surfaceFromRotation,
} from './trackerFrame.ts';

/** Geometry and control of a single-axis tracker row. */
export interface SingleAxisParams {
  /** tilt of the rotation axis from horizontal βa (`trackerPitchAngleD`) [°]; the axis dips towards its azimuth */
  axisTilt: number;
  /** azimuth of the rotation axis γa (N = 0, E = 90; 180 for a N–S axis) [°] */
  axisAzimuth: number;
  /** lower rotation limit (`minimumTrackingLimitAngleD`, negative: towards γa − 90°) [°] */
  minAngle: number;
  /** upper rotation limit (`maximumTrackingLimitAngleD`, positive: towards γa + 90°) [°] */
  maxAngle: number;
  /** true: backtrack to avoid row-to-row shading; false: true tracking */
  backtrack: boolean;
  /** ground coverage ratio GCR = ℓ/p, collector width over the horizontal pitch [-] */
  gcr: number;
  /**
   * cross-axis tilt βc of the ground, right-handed about the axis: positive when the ground descends
   * towards γa + 90° (west for a south-pointing axis) [°]; see {@link crossAxisTilt}
   */
  crossAxisTilt: number;
}

/** @internal Per-call constants of {@link singleAxis}. */
export interface SingleAxisConstants extends AxisConstants {
  backtrack: boolean;
  /** 1/(GCR·cos βc): axis spacing along the slope in collector widths [-] */
  axesDistance: number;
  cosCross: number;
  sinCross: number;
  minRad: number;
  maxRad: number;
  sinMin: number;
  cosMin: number;
  sinMax: number;
  cosMax: number;
}

/** @internal */
export function singleAxisConstants(p: SingleAxisParams): SingleAxisConstants {
  const cross = p.crossAxisTilt * DEG;
  const axis = axisConstants(p.axisTilt, p.axisAzimuth);
  // one literal (no spread) so that the object keeps fast properties in the hot loops
  return {
    sinAxisTilt: axis.sinAxisTilt,
    cosAxisTilt: axis.cosAxisTilt,
    sinAxisAz: axis.sinAxisAz,
    cosAxisAz: axis.cosAxisAz,
    axisAzimuth: axis.axisAzimuth,
    backtrack: p.backtrack,
    axesDistance: 1 / (p.gcr * Math.cos(cross)),
    cosCross: Math.cos(cross),
    sinCross: Math.sin(cross),
    minRad: p.minAngle * DEG,
    maxRad: p.maxAngle * DEG,
    sinMin: Math.sin(p.minAngle * DEG),
    cosMin: Math.cos(p.minAngle * DEG),
    sinMax: Math.sin(p.maxAngle * DEG),
    cosMax: Math.cos(p.maxAngle * DEG),
  };
}

/**
 * @internal Kernel: tracker rotation from the sun's components in the tracker frame, read from r[0]
 * (sx, across the axis) and r[1] (sn, along the zero-rotation normal), with backtracking and limits.
 * Writes θ [rad], sin θ and cos θ into r[0..2] without trigonometric calls beyond one atan2 (the
 * rotation is composed as unit vectors). Numbers pass through `r`, not as arguments, so that nothing is
 * boxed when V8 does not inline the call.
 */
export function singleAxisRotation(k: SingleAxisConstants, r: Float64Array): void {
  const sx = r[0]!;
  const sn = r[1]!;
  const len = Math.sqrt(sx * sx + sn * sn);
  // true tracking: (sin θT, cos θT) = (sx, sn)/|(sx, sn)|; the sun along the axis gives θT = 0
  const sinTT = len > 0 ? sx / len : 0;
  const cosTT = len > 0 ? sn / len : 1;
  let sinT = sinTT;
  let cosT = cosTT;
  if (k.backtrack) {
    // X = |cos(θT − βc)|/(GCR·cos βc); θ = θT − sign(θT)·arccos X when X < 1
    const x = Math.abs(k.axesDistance * (cosTT * k.cosCross + sinTT * k.sinCross));
    if (x < 1) {
      const sinD = Math.sqrt(1 - x * x);
      const sign = sx > 0 ? 1 : sx < 0 ? -1 : sn < 0 ? 1 : 0;
      sinT = sinTT * x - sign * cosTT * sinD;
      cosT = cosTT * x + sign * sinTT * sinD;
    }
  }
  let theta = Math.atan2(sinT, cosT);
  if (theta < k.minRad) {
    theta = k.minRad;
    sinT = k.sinMin;
    cosT = k.cosMin;
  } else if (theta > k.maxRad) {
    theta = k.maxRad;
    sinT = k.sinMax;
    cosT = k.cosMax;
  }
  r[0] = theta;
  r[1] = sinT;
  r[2] = cosT;
}

/** @internal Slots of the kernel's result vector. */
export const Slot = { Theta: 0, Tilt: 1, Azimuth: 2, Aoi: 3, CosAoi: 4, ProjectedZenith: 5 } as const;

/**
 * @internal Kernel of {@link singleAxis} and {@link singleAxisSeries}: writes θ, β, γ, θi [°], cos θi and
 * θT [°] into r[0..5] (NaN when θz > 90° or is NaN).
 */
export function singleAxisKernel(
  zenith: number,
  azimuth: number,
  k: SingleAxisConstants,
  r: Float64Array,
): void {
  if (!(zenith <= 90)) {
    r.fill(Number.NaN);
    return;
  }
  const cosZ = Math.cos(zenith * DEG);
  const sinZ = Math.sqrt(1 - cosZ * cosZ);
  const a = azimuth * DEG;
  const sinAz = Math.sin(a);
  const cosAz = Math.cos(a);
  const sx = sunCrossAxis(sinZ, sinAz, cosAz, k);
  const sn = sunNormal(sinZ, cosZ, sinAz, cosAz, k);
  rot[0] = sx;
  rot[1] = sn;
  singleAxisRotation(k, rot);
  const sinT = rot[1]!;
  const cosT = rot[2]!;
  surfaceFromRotation(k, rot);
  let c = cosT * sn + sinT * sx;
  c = c > 1 ? 1 : c < -1 ? -1 : c;
  r[Slot.Theta] = rot[0]! * RAD;
  r[Slot.Tilt] = rot[3]!;
  r[Slot.Azimuth] = rot[4]!;
  r[Slot.Aoi] = Math.acos(c) * RAD;
  r[Slot.CosAoi] = c;
  r[Slot.ProjectedZenith] = Math.atan2(sx, sn) * RAD;
}

const rot = new Float64Array(5);
const scratch = new Float64Array(6);

/** Orientation of a single-axis tracker row at one instant (NaN when the sun is below the horizon). */
export interface SingleAxisResult {
  /** rotation of the row about its axis θ [°] */
  trackerTheta: number;
  /** surface tilt β [°] */
  surfaceTilt: number;
  /** surface azimuth γ [°] */
  surfaceAzimuth: number;
  /** angle of incidence of the beam θi [°] */
  aoi: number;
}

/**
 * Rotation and orientation of a single-axis tracker.
 *
 * In the tracker frame (see trackerFrame.ts) the sun's unit vector has the components
 *   sx = sin θz·sin(γs − γa)                         (across the axis, towards γa + 90°)
 *   sn = sin βa·sin θz·cos(γs − γa) + cos βa·cos θz  (along the zero-rotation normal)
 * True tracking puts the sun in the plane of the normal and the axis (Lorenzo et al. 2011, Anderson &
 * Mikofski 2020 eq. 5): θT = atan2(sx, sn).
 * Backtracking (Anderson & Mikofski 2020, eqs. 14–16) avoids row-to-row shading on ground of cross-axis
 * tilt βc: with the rows a horizontal pitch p = ℓ/GCR apart, the shadow of the neighbour just reaches the
 * row when cos(θ − θT) = |cos(θT − βc)|/(GCR·cos βc) ≡ X. When X < 1,
 *   θ = θT − sign(θT)·arccos X,
 * else θ = θT. (For βc = 0 this is the backtracking of Lorenzo et al. 2011.) θ is then clipped to
 * [minAngle, maxAngle]. The orientation follows from n(θ) = cos θ·n0 + sin θ·x' (Marion & Dobos 2013):
 *   β = arccos(cos θ·cos βa),  γ = γa + atan2(sin θ, cos θ·sin βa),  cos θi = cos θ·sn + sin θ·sx.
 *
 * @param x.solarZenith apparent solar zenith θz [°]; above 90° every output is NaN
 * @param x.solarAzimuth solar azimuth γs (N = 0, E = 90) [°]
 * @param p tracker geometry and control, see {@link SingleAxisParams}
 * @returns rotation θ, surface tilt β, surface azimuth γ and angle of incidence θi [°]
 * @see K. Anderson, M. Mikofski, "Slope-Aware Backtracking for Single-Axis Trackers,"
 *      NREL/TP-5K00-76626 (2020), doi:10.2172/1660126
 * @see E. Lorenzo, L. Narvarte, J. Muñoz, "Tracking and back-tracking," Prog. Photovolt. 19 (2011)
 *      747–753, doi:10.1002/pip.1085
 */
export function singleAxis(
  x: { solarZenith: number; solarAzimuth: number },
  p: SingleAxisParams,
): SingleAxisResult {
  singleAxisKernel(x.solarZenith, x.solarAzimuth, singleAxisConstants(p), scratch);
  return {
    trackerTheta: scratch[Slot.Theta]!,
    surfaceTilt: scratch[Slot.Tilt]!,
    surfaceAzimuth: scratch[Slot.Azimuth]!,
    aoi: scratch[Slot.Aoi]!,
  };
}

/** Caller-owned outputs of the tracker series functions (all [°] except cosAoi). */
export interface MountingSeriesOut {
  trackerTheta: Float64Array;
  surfaceTilt: Float64Array;
  surfaceAzimuth: Float64Array;
  aoi: Float64Array;
  /** optional cos θi [-] */
  cosAoi?: Float64Array;
  /** optional sun zenith projected on the plane across the row axis, signed like θ (= θT) [°] */
  projectedZenith?: Float64Array;
  /**
   * optional cos θ, sin θ, cos θT and sin θT [-], for the row-geometry stages that would otherwise take
   * the cosines of the angles again (all four or none; filled by trackerSeries and the fixed series)
   */
  rotationTrig?: {
    cosTheta: Float64Array;
    sinTheta: Float64Array;
    cosProjected: Float64Array;
    sinProjected: Float64Array;
  };
}

/**
 * Series form of {@link singleAxis}; allocation-free. Steps with θz > 90° get NaN in every output.
 * @param x.solarZenith apparent solar zenith per step [°]
 * @param x.solarAzimuth solar azimuth per step [°]
 * @param p tracker geometry and control
 * @param out caller-owned outputs, see {@link MountingSeriesOut}
 */
export function singleAxisSeries(
  x: { solarZenith: Float64Array; solarAzimuth: Float64Array },
  p: SingleAxisParams,
  out: MountingSeriesOut,
): void {
  const k = singleAxisConstants(p);
  const { solarZenith, solarAzimuth } = x;
  const { trackerTheta, surfaceTilt, surfaceAzimuth, aoi, cosAoi, projectedZenith } = out;
  const r = scratch;
  for (let i = 0; i < solarZenith.length; i++) {
    singleAxisKernel(solarZenith[i]!, solarAzimuth[i]!, k, r);
    trackerTheta[i] = r[Slot.Theta]!;
    surfaceTilt[i] = r[Slot.Tilt]!;
    surfaceAzimuth[i] = r[Slot.Azimuth]!;
    aoi[i] = r[Slot.Aoi]!;
    if (cosAoi !== undefined) cosAoi[i] = r[Slot.CosAoi]!;
    if (projectedZenith !== undefined) projectedZenith[i] = r[Slot.ProjectedZenith]!;
  }
}
