/**
 * Single-axis tracker in the simulation chain: the raw model of singleAxis.ts plus the product's
 * control priorities (spec 4 §2 "Tracking": wind stow > backtracking > true tracking), night stow and
 * tracking angles given as a time series. Never NaN for finite inputs.
 */
import {
  type MountingSeriesOut,
  type SingleAxisParams,
  singleAxisConstants,
  singleAxisRotation,
} from './singleAxis.ts';
import { DEG, RAD, sunCrossAxis, sunNormal, sunTrig, surfaceFromRotation } from './trackerFrame.ts';

/** How the tracker chooses its angle while the sun is up (`trackingBacktrackingType`). */
export type TrackerControl = 'trueTracking' | 'backtracking' | 'timeSeries';

/** Wind stow: the tracker goes to a fixed angle while the wind is strong. */
export interface WindStow {
  /** wind speed above which the tracker stows (`windStowThreshold`) [m/s] */
  threshold: number;
  /** rotation while stowed (`windStowAngle`) [°] */
  angle: number;
  /**
   * steps the tracker stays stowed after the wind last exceeded the threshold (`stowDwellTime` divided
   * by the step length; 0 = leave stow at the first calm step) [-]
   */
  dwellSteps: number;
}

const rot = new Float64Array(5);

/** Parameters of {@link trackerSeries}. */
export interface TrackerParams extends Omit<SingleAxisParams, 'backtrack'> {
  control: TrackerControl;
  /** rotation while the sun is below the horizon (`nightTimeStowAngleD`) [°] */
  nightStowAngle: number;
  /** wind stow; omit when disabled (`windStowType` 0) */
  windStow?: WindStow;
}

/**
 * Tracker rotation, surface orientation and angle of incidence per step, for the simulation chain.
 *
 * For each step, in priority order:
 * 1. wind stow: while windSpeed > threshold, and for `dwellSteps` steps after, θ = windStow.angle;
 * 2. control 'timeSeries': θ = trackingAngle[i] as given (not clipped to the limits; a NaN step stows
 *    at night stow);
 * 3. sun below the horizon (θz > 90°, or NaN): θ = nightStowAngle;
 * 4. otherwise the raw single-axis model ({@link singleAxis}) with backtracking when control is
 *    'backtracking': θT = atan2(sx, sn), θ = θT − sign(θT)·arccos X when X = |cos(θT − βc)|/(GCR·cos βc) < 1,
 *    clipped to [minAngle, maxAngle].
 * Then β = arccos(cos θ·cos βa), γ = γa + atan2(sin θ, cos θ·sin βa), cos θi = cos θ·sn + sin θ·sx.
 * At night the angle of incidence is still computed from the sun's (below-horizon) position; the
 * irradiance models give zero there.
 *
 * @param x.solarZenith apparent solar zenith per step [°]
 * @param x.solarAzimuth solar azimuth per step [°]
 * @param x.windSpeed wind speed per step [m/s]; required with wind stow
 * @param x.trackingAngle tracker angle per step [°] (`trackingAngleTimeSeriesDetails`); required with
 *        control 'timeSeries'
 * @param x.cosSolarZenith, x.sinSolarAzimuth, x.cosSolarAzimuth optional cos of the zenith and sin, cos
 *        of the azimuth per step [-] (e.g. from `spaSeries`), all three or none: they replace three
 *        trigonometric calls per step and must belong to the same angles
 * @param p tracker geometry, limits, control and stow angles, see {@link TrackerParams}
 * @param out caller-owned outputs [°] (cosAoi [-]); projectedZenith is the true-tracking angle θT;
 *        rotationTrig (optional) receives cos and sin of θ and θT
 * @see K. Anderson, M. Mikofski, "Slope-Aware Backtracking for Single-Axis Trackers,"
 *      NREL/TP-5K00-76626 (2020), doi:10.2172/1660126
 */
export function trackerSeries(
  x: {
    solarZenith: Float64Array;
    solarAzimuth: Float64Array;
    windSpeed?: Float64Array;
    trackingAngle?: Float64Array;
    cosSolarZenith?: Float64Array;
    sinSolarAzimuth?: Float64Array;
    cosSolarAzimuth?: Float64Array;
  },
  p: TrackerParams,
  out: MountingSeriesOut,
): void {
  const k = singleAxisConstants({
    axisTilt: p.axisTilt,
    axisAzimuth: p.axisAzimuth,
    minAngle: p.minAngle,
    maxAngle: p.maxAngle,
    backtrack: p.control === 'backtracking',
    gcr: p.gcr,
    crossAxisTilt: p.crossAxisTilt,
  });
  const { solarZenith, solarAzimuth } = x;
  const trig = sunTrig(x);
  const { trackerTheta, surfaceTilt, surfaceAzimuth, aoi, cosAoi, projectedZenith, rotationTrig } = out;
  const series = p.control === 'timeSeries' ? x.trackingAngle : undefined;
  if (p.control === 'timeSeries' && series === undefined)
    throw new Error('trackerSeries: control "timeSeries" needs x.trackingAngle');
  const wind = p.windStow !== undefined ? x.windSpeed : undefined;
  if (p.windStow !== undefined && wind === undefined)
    throw new Error('trackerSeries: wind stow needs x.windSpeed');
  const windThreshold = p.windStow?.threshold ?? Number.POSITIVE_INFINITY;
  const windAngle = (p.windStow?.angle ?? 0) * DEG;
  const dwell = p.windStow?.dwellSteps ?? 0;
  const nightAngle = p.nightStowAngle * DEG;
  const sinNight = Math.sin(nightAngle);
  const cosNight = Math.cos(nightAngle);
  const sinWind = Math.sin(windAngle);
  const cosWind = Math.cos(windAngle);
  let calmSteps = dwell + 1;
  const r = rot;
  for (let i = 0; i < solarZenith.length; i++) {
    const zen = solarZenith[i]!;
    let cosZ: number;
    let sinAz: number;
    let cosAz: number;
    if (trig !== undefined) {
      cosZ = trig.cosZ[i]!;
      sinAz = trig.sinAz[i]!;
      cosAz = trig.cosAz[i]!;
    } else {
      cosZ = Math.cos(zen * DEG);
      const a = solarAzimuth[i]! * DEG;
      sinAz = Math.sin(a);
      cosAz = Math.cos(a);
    }
    const sinZ = Math.sqrt(1 - cosZ * cosZ);
    const sx = sunCrossAxis(sinZ, sinAz, cosAz, k);
    const sn = sunNormal(sinZ, cosZ, sinAz, cosAz, k);
    let stowed = false;
    if (wind !== undefined) {
      calmSteps = wind[i]! > windThreshold ? 0 : calmSteps + 1;
      stowed = calmSteps <= dwell;
    }
    // θ, sin θ, cos θ go to r[0..2] on every path, not to locals assigned on each: the loop runs in
    // code compiled on the stack (OSR; the function is called once a simulation), where the stow angles,
    // computed before the loop, are tagged values, and a local that took either them or a double
    // computed here was boxed at every step (3 heap numbers a daytime step; issue 17)
    if (stowed) {
      r[0] = windAngle;
      r[1] = sinWind;
      r[2] = cosWind;
    } else if (series !== undefined) {
      const given = series[i]!;
      const theta = given === given ? given * DEG : +nightAngle;
      r[0] = theta;
      r[1] = Math.sin(theta);
      r[2] = Math.cos(theta);
    } else if (!(zen <= 90)) {
      r[0] = nightAngle;
      r[1] = sinNight;
      r[2] = cosNight;
    } else {
      r[0] = sx;
      r[1] = sn;
      singleAxisRotation(k, r);
    }
    const theta = r[0]!;
    const sinT = r[1]!;
    const cosT = r[2]!;
    surfaceFromRotation(k, r);
    let c = cosT * sn + sinT * sx;
    c = c > 1 ? 1 : c < -1 ? -1 : c;
    trackerTheta[i] = theta * RAD;
    surfaceTilt[i] = r[3]!;
    surfaceAzimuth[i] = r[4]!;
    aoi[i] = Math.acos(c) * RAD;
    if (cosAoi !== undefined) cosAoi[i] = c;
    if (projectedZenith !== undefined) projectedZenith[i] = Math.atan2(sx, sn) * RAD;
    if (rotationTrig !== undefined) {
      const len = Math.sqrt(sx * sx + sn * sn); // (sin θT, cos θT) = (sx, sn)/len; θT = 0 along the axis
      rotationTrig.cosTheta[i] = cosT;
      rotationTrig.sinTheta[i] = sinT;
      rotationTrig.cosProjected[i] = len > 0 ? sn / len : 1;
      rotationTrig.sinProjected[i] = len > 0 ? sx / len : 0;
    }
  }
}
