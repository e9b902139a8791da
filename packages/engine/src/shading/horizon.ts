/**
 * Far shading by a horizon profile (`horizonDetails`: azimuth, elevation pairs): it blocks the beam and
 * the circumsolar light when the sun is below the horizon line, and hides part of the sky dome from
 * the isotropic sky diffuse.
 */
import {
  axisConstants,
  surfaceAzimuthFromRotation,
  surfaceTiltFromRotation,
} from '../mounting/trackerFrame.ts';
import { type RotationTable, tabulateRotation } from './schaarPanchula.ts';

const DEG = Math.PI / 180;

/** One point of a horizon profile (spec 3 `HorizonDetail`). */
export interface HorizonPoint {
  /** azimuth (N = 0, E = 90) [°] */
  azimuth: number;
  /** elevation of the horizon line above the horizontal [°] */
  elevation: number;
}

/** A horizon profile resampled on a regular azimuth grid for fast lookups. */
export interface HorizonTable {
  /** grid step [°] */
  step: number;
  /** elevation [°] at azimuth j·step, j = 0 … 360/step (the last equals the first) */
  elevation: Float64Array;
}

/**
 * Horizon elevation at an azimuth: linear interpolation between the profile's points, sorted by
 * azimuth, wrapping around north. An empty profile is a flat horizon (0°).
 *
 * @param x.azimuth azimuth [°]
 * @param p.horizon horizon profile points
 * @returns horizon elevation [°]
 */
export function horizonElevation(x: { azimuth: number }, p: { horizon: readonly HorizonPoint[] }): number {
  return elevationAt(sortProfile(p.horizon), x.azimuth);
}

/** @internal The profile sorted by azimuth in [0, 360), closed by repeating its first point + 360°. */
function sortProfile(horizon: readonly HorizonPoint[]): HorizonPoint[] {
  const pts = horizon
    .map((q) => ({ azimuth: ((q.azimuth % 360) + 360) % 360, elevation: q.elevation }))
    .sort((a, b) => a.azimuth - b.azimuth);
  if (pts.length > 0) pts.push({ azimuth: pts[0]!.azimuth + 360, elevation: pts[0]!.elevation });
  return pts;
}

/** @internal Linear interpolation in a sorted, closed profile. */
function elevationAt(pts: readonly HorizonPoint[], azimuth: number): number {
  if (pts.length === 0) return 0;
  let az = ((azimuth % 360) + 360) % 360;
  if (az < pts[0]!.azimuth) az += 360;
  for (let j = 0; j + 1 < pts.length; j++) {
    const a = pts[j]!;
    const b = pts[j + 1]!;
    if (az <= b.azimuth) {
      const w = b.azimuth === a.azimuth ? 0 : (az - a.azimuth) / (b.azimuth - a.azimuth);
      return a.elevation + w * (b.elevation - a.elevation);
    }
  }
  return pts[0]!.elevation;
}

/**
 * Resamples a horizon profile every `step` degrees of azimuth ({@link horizonElevation}).
 * @param p.horizon horizon profile points
 * @param step azimuth step [°] (1)
 */
export function horizonTable(p: { horizon: readonly HorizonPoint[] }, step = 1): HorizonTable {
  const n = Math.round(360 / step);
  const pts = sortProfile(p.horizon);
  const elevation = new Float64Array(n + 1);
  for (let j = 0; j <= n; j++) elevation[j] = elevationAt(pts, j * step);
  return { step, elevation };
}

/** @internal Horizon elevation [°] at an azimuth [°] from a table. */
export function horizonLookup(t: HorizonTable, azimuth: number): number {
  let u = azimuth / t.step;
  const n = t.elevation.length - 1;
  if (u >= n) u -= n;
  else if (u < 0) u += n;
  if (!(u >= 0 && u < n)) u = ((u % n) + n) % n || 0;
  const j = u | 0;
  const w = u - j;
  const e = t.elevation;
  return e[j]! + w * (e[j + 1]! - e[j]!);
}

/**
 * Beam and circumsolar factor of a horizon: 0 when the sun's elevation 90° − θz is below the horizon
 * line at the sun's azimuth, else 1.
 *
 * @param x.solarZenith apparent solar zenith θz [°]
 * @param x.solarAzimuth solar azimuth [°]
 * @param table from {@link horizonTable}
 * @returns 0 or 1 [-]
 */
export function horizonBeamFactor(
  x: { solarZenith: number; solarAzimuth: number },
  table: HorizonTable,
): number {
  return 90 - x.solarZenith < horizonLookup(table, x.solarAzimuth) ? 0 : 1;
}

/** Azimuth samples of the sky integrals (1°, midpoint rule). */
const SAMPLES = 360;

/**
 * @internal Per azimuth sample φ: the horizon elevation h, I1 = ∫0^h cos²e de = h/2 + sin 2h/4,
 * I2 = ∫0^h sin e·cos e de = sin²h/2, cos φ and sin φ (samples with h ≤ 0 dropped).
 */
interface HorizonSamples {
  h: Float64Array;
  i1: Float64Array;
  i2: Float64Array;
  cos: Float64Array;
  sin: Float64Array;
}

const sampleCache = new WeakMap<readonly HorizonPoint[], HorizonSamples>();

function horizonSamples(p: { horizon: readonly HorizonPoint[] }): HorizonSamples {
  const cached = sampleCache.get(p.horizon);
  if (cached !== undefined) return cached;
  const pts = sortProfile(p.horizon);
  const rows: number[][] = [];
  for (let j = 0; j < SAMPLES; j++) {
    const phi = ((j + 0.5) * 360) / SAMPLES;
    const h = elevationAt(pts, phi) * DEG;
    if (h > 0)
      rows.push([
        h,
        h / 2 + Math.sin(2 * h) / 4,
        (Math.sin(h) * Math.sin(h)) / 2,
        Math.cos(phi * DEG),
        Math.sin(phi * DEG),
      ]);
  }
  const col = (k: number) => Float64Array.from(rows, (r) => r[k]!);
  const samples = { h: col(0), i1: col(1), i2: col(2), cos: col(3), sin: col(4) };
  sampleCache.set(p.horizon, samples);
  return samples;
}

/** @internal Isotropic factor for a plane (tilt, azimuth in radians) from the samples. */
function isotropicFactor(s: HorizonSamples, tilt: number, azimuth: number): number {
  const sinB = Math.sin(tilt);
  const d = Math.cos(tilt);
  const cg = Math.cos(azimuth);
  const sg = Math.sin(azimuth);
  const { h: hs, i1, i2, cos, sin } = s;
  let blocked = 0;
  for (let j = 0; j < hs.length; j++) {
    const h = hs[j]!;
    const c = sinB * (cos[j]! * cg + sin[j]! * sg); // sin β·cos(φ − γ)
    // cos θ = c·cos e + d·sin e > 0 on the part [lo, hi] of [0, h] in front of the plane
    if (d > 0 && c >= 0) {
      blocked += c * i1[j]! + d * i2[j]!;
      continue;
    }
    // clipped bounds, through t = tan e (sin 2e = 2t/(1 + t²), sin²e = t²/(1 + t²)): G(e) = c·(e/2 + sin 2e/4) + d·sin²e/2
    let gLo = 0;
    let gHi = c * i1[j]! + d * i2[j]!;
    if (d > 0) {
      const t = -c / d; // c < 0 here: the plane hides elevations below atan t
      const lo = Math.atan(t);
      if (!(h > lo)) continue;
      const q = 1 / (1 + t * t);
      gLo = c * (lo / 2 + (t * q) / 2) + (d * t * t * q) / 2;
    } else if (d < 0) {
      if (!(c > 0)) continue;
      const t = -c / d;
      const hi = Math.atan(t);
      if (hi < h) {
        const q = 1 / (1 + t * t);
        gHi = c * (hi / 2 + (t * q) / 2) + (d * t * t * q) / 2;
      }
    } else if (!(c > 0)) continue;
    blocked += gHi - gLo;
  }
  const full = 0.5 * (1 + d);
  if (!(full > 0)) return 1;
  // B = (1/π)·Σ blocked·Δφ, Δφ = 2π/SAMPLES
  return 1 - (blocked * 2) / SAMPLES / full;
}

/**
 * Sky view factor of a horizontal plane under a horizon profile h(φ), relative to the open sky:
 *
 *   SVF = (1/2π) ∫0^2π cos² h(φ) dφ
 *
 * (an isotropic sky of radiance L gives Dh = L·∫∫ sin e·cos e de dφ over the visible sky, = L·π·SVF).
 * Integrated by the midpoint rule every 0.5° of azimuth, the profile linearly interpolated.
 *
 * @param p.horizon horizon profile points
 * @returns sky view factor [-], in [0, 1]
 * @see J. A. Duffie, W. A. Beckman, Solar Engineering of Thermal Processes, 4th ed., Wiley (2013),
 *      §2.16 (isotropic sky), doi:10.1002/9781118671603
 */
export function horizonSkyViewFactor(p: { horizon: readonly HorizonPoint[] }): number {
  return isotropicFactor(horizonSamples(p), 0, 0);
}

/**
 * Factor on the isotropic sky diffuse of a tilted plane under a horizon profile: the share of the
 * plane's isotropic sky irradiance Dh·(1 + cos β)/2 that the horizon leaves. With the sky element of
 * elevation e and azimuth φ seen at cos θ = cos e·sin β·cos(φ − γ) + sin e·cos β, the part hidden by the
 * horizon is
 *
 *   B = (1/π) ∫0^2π ∫[0, h(φ)] max(0, cos θ)·cos e de dφ,
 *   with ∫ cos θ·cos e de = sin β·cos(φ − γ)·(e/2 + sin 2e/4) + cos β·sin²e/2,
 *
 * integrated in closed form over the elevations in front of the plane (cos θ > 0), and
 * U_hor,iso = 1 − B/[(1 + cos β)/2]. For β = 0 this is the {@link horizonSkyViewFactor}.
 *
 * @param x.surfaceTilt plane tilt β [°]
 * @param x.surfaceAzimuth plane azimuth γ [°]
 * @param p.horizon horizon profile points
 * @returns factor on the isotropic sky diffuse [-], in [0, 1]
 * @see J. A. Duffie, W. A. Beckman, Solar Engineering of Thermal Processes, 4th ed., Wiley (2013),
 *      §2.16, doi:10.1002/9781118671603
 */
export function horizonIsotropicFactor(
  x: { surfaceTilt: number; surfaceAzimuth: number },
  p: { horizon: readonly HorizonPoint[] },
): number {
  return isotropicFactor(horizonSamples(p), x.surfaceTilt * DEG, x.surfaceAzimuth * DEG);
}

/**
 * {@link horizonIsotropicFactor} as a lazily filled table over the rotation θ of a row (tracker, or a
 * fixed row with θ = tilt about a horizontal axis of azimuth γ − 90°, see mounting/fixedTilt.ts), every
 * `step` degrees over [−90°, 90°], for the series form.
 *
 * @param p.horizon horizon profile points
 * @param p.axisTilt axis tilt βa [°]
 * @param p.axisAzimuth axis azimuth γa [°]
 * @param step grid step [°] (1)
 */
export function horizonIsotropicTable(
  p: { horizon: readonly HorizonPoint[]; axisTilt: number; axisAzimuth: number },
  step = 1,
): RotationTable {
  const s = horizonSamples(p);
  const k = axisConstants(p.axisTilt, p.axisAzimuth);
  return tabulateRotation((th) => {
    const tilt = surfaceTiltFromRotation(th, Math.cos(th), k);
    const az = surfaceAzimuthFromRotation(th, Math.sin(th), Math.cos(th), tilt, k);
    return isotropicFactor(s, tilt * DEG, az * DEG);
  }, step);
}
