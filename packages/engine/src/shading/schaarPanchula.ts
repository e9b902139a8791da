/**
 * Sky-diffuse shading of infinite rows by the Schaar–Panchula 2D view-factor model.
 */
import { DEG, rowFrame, skyBounds } from './rowGeometry.ts';

/** Parameters of {@link schaarPanchula}. */
export interface SchaarPanchulaParams {
  /** ground coverage ratio ℓ/p (horizontal pitch) [-] */
  gcr: number;
  /** cross-axis tilt of the ground βc (`transverseSlope` as an angle) [°] */
  crossAxisTilt: number;
  /** view height g: fraction of the collector width, from its lower edge, of the viewing point [-] (0.5) */
  viewHeight: number;
  /** ASHRAE incidence-angle coefficient b0 weighting the sky by incidence (0: no weighting) [-] */
  iamB0: number;
}

/** @internal ½∫cos ψ·IAM(ψ) dψ over [asin s1, asin s2], IAM(ψ) = max(0, 1 − b0(1/cos ψ − 1)). */
export function iamWeightedView(s1: number, s2: number, b0: number): number {
  if (!(s2 > s1)) return 0;
  if (b0 === 0) return 0.5 * (s2 - s1);
  // IAM > 0 for |ψ| < ψ0 = arccos(b0/(1 + b0)); there ½[(1 + b0)·sin ψ − b0·ψ] is the antiderivative
  const sin0 = Math.sqrt(1 - (b0 / (1 + b0)) ** 2);
  const a = s1 < -sin0 ? -sin0 : s1;
  const b = s2 > sin0 ? sin0 : s2;
  if (!(b > a)) return 0;
  return 0.5 * ((1 + b0) * (b - a) - b0 * (Math.asin(b) - Math.asin(a)));
}

const bounds = new Float64Array(2);

/** @internal Kernel: U_shd,D for a rotation θ [rad], from per-call constants. */
export function schaarPanchulaKernel(
  thetaRad: number,
  cross: number,
  pitch: number,
  g: number,
  b0: number,
): number {
  // mirror to θ ≥ 0 (x → −x flips θ and βc)
  const mirror = thetaRad < 0;
  const th = mirror ? -thetaRad : thetaRad;
  const bc = mirror ? -cross : cross;
  const cosT = Math.cos(th);
  const sinT = Math.sin(th);
  skyBounds(cosT, sinT, bc, pitch, g, false, bounds);
  const open = iamWeightedView(bounds[0]!, bounds[1]!, b0);
  if (!(open > 0)) return 1;
  skyBounds(cosT, sinT, bc, pitch, g, true, bounds);
  return iamWeightedView(bounds[0]!, bounds[1]!, b0) / open;
}

/**
 * Sky-diffuse shading factor of a row among infinite rows (Schaar & Panchula 2015), the ratio of the
 * IAM-weighted sky seen from a point of the collector with the neighbouring rows to the same without
 * them (rows infinitely far apart):
 *
 *   U_shd,D = A_sky(p, ℓ, θ) / A_sky(∞, ℓ, θ),   A_sky = ∫ ½·cos ψ·IAM(ψ) dψ over the visible sky
 *
 * In the cross-section (shading/rowGeometry.ts) the point P sits a fraction g up the collector; ψ is the
 * angle from the collector normal. The visible sky is bounded by the module plane (ψ = ±90°), the
 * horizontal, the ground line, and, with rows, by the edges of rows ±1 (the nearest row is the highest
 * obstruction: the direction to row k turns monotonically towards the ground line as k grows). With
 * IAM(ψ) = 1 − b0·(1/cos ψ − 1) (ASHRAE, zero beyond ψ0 = arccos(b0/(1 + b0))), the integral is closed
 * form: A = ½[(1 + b0)·sin ψ − b0·ψ] between the bounds clipped to ±ψ0; with b0 = 0 it is the 2D view
 * factor (sin ψ2 − sin ψ1)/2. The incidence angle is taken in the cross-section plane (the 2D model).
 * The factor applies to the isotropic sky diffuse (and the horizon band; see planeOfArray.ts).
 *
 * @param x.trackerTheta rotation of the row about its axis θ [°] (the tilt of a fixed row)
 * @param p row geometry, view height and IAM coefficient, see {@link SchaarPanchulaParams}
 * @returns sky-diffuse shading factor U_shd,D [-], in [0, 1]
 * @see M. Schaar, A. Panchula, "Validation of a 2D sky diffuse shading model," IEEE 42nd Photovoltaic
 *      Specialist Conference (PVSC), New Orleans (2015) (DOI not retrieved)
 * @see H. C. Hottel, "Radiant heat transmission," in W. H. McAdams, Heat Transmission, 3rd ed.,
 *      McGraw-Hill (1954) ch. 4
 */
export function schaarPanchula(x: { trackerTheta: number }, p: SchaarPanchulaParams): number {
  const f = rowFrame(p.gcr, p.crossAxisTilt);
  return schaarPanchulaKernel(x.trackerTheta * DEG, f.cross, f.pitch, p.viewHeight, p.iamB0);
}

/**
 * A factor of the rotation θ on a regular grid over [−90°, 90°] for series use, filled lazily: a node is
 * computed the first time a lookup needs it, so a fixed row costs two nodes and a tracker the range it
 * sweeps.
 */
export interface RotationTable {
  /** first rotation of the grid [°] */
  start: number;
  /** grid step [°] */
  step: number;
  /** node values, NaN until computed */
  values: Float64Array;
  /** computes the value at a rotation [rad] */
  node: (thetaRad: number) => number;
}

/** @internal A lazily filled table of f(θ) for θ in [−90°, 90°] every `step` degrees. */
export function tabulateRotation(f: (thetaRad: number) => number, step: number): RotationTable {
  const n = Math.round(180 / step) + 1;
  return { start: -90, step, values: new Float64Array(n).fill(Number.NaN), node: f };
}

/** Computes node j of a table (on its first use; the lookups read the values directly afterwards). */
function fillNode(t: RotationTable, j: number): number {
  const y = t.node((t.start + j * t.step) * DEG);
  t.values[j] = y;
  return y;
}

/** @internal Linear interpolation in a {@link RotationTable}; θ outside the grid is clamped to it. */
export function lookupRotation(t: RotationTable, theta: number): number {
  const values = t.values;
  let u = (theta - t.start) / t.step;
  if (!(u > 0)) u = 0;
  const last = values.length - 1;
  if (u >= last) {
    const v = values[last]!;
    return v === v ? v : +fillNode(t, last);
  }
  const j = u | 0;
  const w = u - j;
  let a = values[j]!;
  if (a !== a) a = +fillNode(t, j); // + keeps the fast path's value unboxed
  if (w === 0) return a;
  let b = values[j + 1]!;
  if (b !== b) b = +fillNode(t, j + 1);
  return a + w * (b - a);
}

/**
 * {@link schaarPanchula} tabulated every `step` degrees of rotation over [−90°, 90°], for the series
 * form; linear interpolation in it differs from the direct value by less than 1e-4 at 0.5° (tested).
 * @param p row geometry, view height and IAM coefficient
 * @param step grid step [°] (0.5)
 */
export function schaarPanchulaTable(p: SchaarPanchulaParams, step = 0.5): RotationTable {
  const f = rowFrame(p.gcr, p.crossAxisTilt);
  return tabulateRotation((th) => schaarPanchulaKernel(th, f.cross, f.pitch, p.viewHeight, p.iamB0), step);
}

/**
 * Series form of {@link schaarPanchula}, allocation-free: interpolates a {@link schaarPanchulaTable}.
 * @param x.trackerTheta rotation per step [°]
 * @param table from {@link schaarPanchulaTable}
 * @param out caller-owned U_shd,D [-]
 */
export function schaarPanchulaSeries(
  x: { trackerTheta: Float64Array },
  table: RotationTable,
  out: Float64Array,
): void {
  const th = x.trackerTheta;
  for (let i = 0; i < th.length; i++) out[i] = lookupRotation(table, th[i]!);
}
