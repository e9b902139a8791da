/**
 * Fixed-tilt rows. A fixed row of tilt β facing γ is described in the tracker frame
 * (trackerFrame.ts) as a row rotated by θ = β about a horizontal axis of azimuth γa = γ − 90°, so the
 * 2D shading models serve both mountings.
 */
import type { MountingSeriesOut } from './singleAxis.ts';
import { DEG, RAD, sunTrig } from './trackerFrame.ts';

/**
 * @internal Kernel: cos θi, and θT [°] into r[0] and the sun's component across the row
 * sx = sin θz·cos(γs − γ) into r[1], for a fixed plane, from sin θz, cos θz and cos(γs − γ).
 */
export function fixedKernel(
  sinZ: number,
  cosZ: number,
  cosRelativeAzimuth: number,
  sinTilt: number,
  cosTilt: number,
  r: Float64Array,
): number {
  const sx = sinZ * cosRelativeAzimuth; // across the row, towards γ
  r[0] = Math.atan2(sx, cosZ) * RAD;
  r[1] = sx;
  const c = cosTilt * cosZ + sinTilt * sx;
  return c > 1 ? 1 : c < -1 ? -1 : c;
}

const scratch = new Float64Array(2);

/** Orientation of a fixed row and the sun's incidence on it. */
export interface FixedTiltResult {
  /** rotation about the row axis, equal to the tilt θ = β [°] */
  trackerTheta: number;
  surfaceTilt: number;
  surfaceAzimuth: number;
  /** angle of incidence θi [°] */
  aoi: number;
  /** solar zenith projected on the plane across the row, θT = atan2(sin θz·cos(γs − γ), cos θz) [°] */
  projectedZenith: number;
}

/**
 * Fixed-tilt row: angle of incidence cos θi = cos β·cos θz + sin β·sin θz·cos(γs − γ), and the sun's
 * zenith projected on the vertical plane across the row, θT = atan2(sin θz·cos(γs − γ), cos θz), which
 * the 2D row-shading models use.
 *
 * @param x.solarZenith apparent solar zenith θz [°]
 * @param x.solarAzimuth solar azimuth γs [°]
 * @param p.surfaceTilt row tilt β (`moduleTilt`) [°]
 * @param p.surfaceAzimuth azimuth the row faces γ (`moduleAzimuth`) [°]
 * @returns orientation, angle of incidence and projected zenith [°]
 * @see J. A. Duffie, W. A. Beckman, Solar Engineering of Thermal Processes, 4th ed., Wiley (2013),
 *      eq. 1.6.3, doi:10.1002/9781118671603
 */
export function fixedTilt(
  x: { solarZenith: number; solarAzimuth: number },
  p: { surfaceTilt: number; surfaceAzimuth: number },
): FixedTiltResult {
  const b = p.surfaceTilt * DEG;
  const z = x.solarZenith * DEG;
  const c = fixedKernel(
    Math.sin(z),
    Math.cos(z),
    Math.cos((x.solarAzimuth - p.surfaceAzimuth) * DEG),
    Math.sin(b),
    Math.cos(b),
    scratch,
  );
  return {
    trackerTheta: p.surfaceTilt,
    surfaceTilt: p.surfaceTilt,
    surfaceAzimuth: p.surfaceAzimuth,
    aoi: Math.acos(c) * RAD,
    projectedZenith: scratch[0]!,
  };
}

/** Sun inputs of the fixed and seasonal series: angles, and optionally their direction cosines. */
export interface FixedSunInput {
  /** apparent solar zenith per step [°] */
  solarZenith: Float64Array;
  /** solar azimuth per step [°] */
  solarAzimuth: Float64Array;
  /**
   * optional cos of the zenith and sin, cos of the azimuth per step [-] (e.g. from `spaSeries`), all
   * three or none: they replace three trigonometric calls per step and must belong to the same angles
   */
  cosSolarZenith?: Float64Array;
  sinSolarAzimuth?: Float64Array;
  cosSolarAzimuth?: Float64Array;
}

/**
 * Series form of {@link fixedTilt}; allocation-free. trackerTheta receives the tilt.
 * @param x.solarZenith apparent solar zenith per step [°]
 * @param x.solarAzimuth solar azimuth per step [°]
 * @param x.cosSolarZenith, x.sinSolarAzimuth, x.cosSolarAzimuth optional direction cosines of the sun
 *        (see {@link FixedSunInput})
 * @param p.surfaceTilt row tilt [°]
 * @param p.surfaceAzimuth row azimuth [°]
 * @param out caller-owned outputs [°]
 */
export function fixedTiltSeries(
  x: FixedSunInput,
  p: { surfaceTilt: number; surfaceAzimuth: number },
  out: MountingSeriesOut,
): void {
  fixedLoop(x, undefined, MONTHLY_TILTS.fill(p.surfaceTilt), p.surfaceAzimuth, out);
}

/** @internal Scratch of the series forms: twelve tilts [°] and their sines and cosines (no allocation per call). */
export const MONTHLY_TILTS = new Float64Array(12);
const SIN_TILTS = new Float64Array(12);
const COS_TILTS = new Float64Array(12);

/** @internal Loop shared by the fixed and seasonal series: tilt tilts[month − 1] (tilts[0] without months). */
export function fixedLoop(
  x: FixedSunInput,
  month: Uint8Array | undefined,
  tilts: Float64Array,
  surfaceAzimuth: number,
  out: MountingSeriesOut,
): void {
  const { solarZenith, solarAzimuth } = x;
  const trig = sunTrig(x);
  const sinG = Math.sin(surfaceAzimuth * DEG);
  const cosG = Math.cos(surfaceAzimuth * DEG);
  const sinT = SIN_TILTS;
  const cosT = COS_TILTS;
  for (let m = 0; m < 12; m++) {
    sinT[m] = Math.sin(tilts[m]! * DEG);
    cosT[m] = Math.cos(tilts[m]! * DEG);
  }
  const azRad = surfaceAzimuth * DEG;
  const { trackerTheta, surfaceTilt, aoi, cosAoi, projectedZenith, rotationTrig } = out;
  out.surfaceAzimuth.fill(surfaceAzimuth, 0, solarZenith.length);
  const r = scratch;
  for (let i = 0; i < solarZenith.length; i++) {
    const m = month === undefined ? 0 : month[i]! - 1;
    let cosZ: number;
    let sinZ: number;
    let cosRel: number; // cos(γs − γ)
    if (trig !== undefined) {
      cosZ = trig.cosZ[i]!;
      sinZ = Math.sqrt(1 - cosZ * cosZ);
      cosRel = trig.cosAz[i]! * cosG + trig.sinAz[i]! * sinG;
    } else {
      const z = solarZenith[i]! * DEG;
      cosZ = Math.cos(z);
      sinZ = Math.sin(z);
      cosRel = Math.cos(solarAzimuth[i]! * DEG - azRad);
    }
    const c = fixedKernel(sinZ, cosZ, cosRel, sinT[m]!, cosT[m]!, r);
    trackerTheta[i] = surfaceTilt[i] = tilts[m]!;
    aoi[i] = Math.acos(c) * RAD;
    if (cosAoi !== undefined) cosAoi[i] = c;
    if (projectedZenith !== undefined) projectedZenith[i] = r[0]!;
    if (rotationTrig !== undefined) {
      // θ = β; (sin θT, cos θT) = (sx, cos θz)/|(sx, cos θz)|
      const sx = r[1]!;
      const len = Math.sqrt(sx * sx + cosZ * cosZ);
      rotationTrig.cosTheta[i] = cosT[m]!;
      rotationTrig.sinTheta[i] = sinT[m]!;
      rotationTrig.cosProjected[i] = len > 0 ? cosZ / len : 1;
      rotationTrig.sinProjected[i] = len > 0 ? sx / len : 0;
    }
  }
}
