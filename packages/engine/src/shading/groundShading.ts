/**
 * Shading of the ground-reflected light reaching the front of a row among infinite rows (2D).
 */
import { DEG, rowFrame } from './rowGeometry.ts';

/** Parameters of {@link groundShading}. */
export interface GroundShadingParams {
  /** ground coverage ratio ℓ/p (horizontal pitch) [-] */
  gcr: number;
  /** cross-axis slope of the ground βc [°] */
  crossAxisTilt: number;
  /** view height g: fraction of the collector width, from its lower edge, of the viewing point [-] */
  viewHeight: number;
}

/**
 * @internal Kernel on the three cosines the factors depend on (all unchanged by the mirroring x → −x):
 * facing = cos(θ − θT), above = cos(θT − βc), a = cos(θ − βc); `visible` says whether the module faces
 * the ground line (θ > βc after mirroring to θ ≥ 0). Writes U_shd,Gb and U_shd,Gd into r[0..1].
 * With ℓ = 1, S = p/cos βc, P = g·u and a point Q = q·(cos βc, −sin βc) of the ground ahead:
 *   sin ψQ = (q·a + g)/√(q² + 2·q·g·a + g²),   |L0T1| = √(S² − 2·S·a + 1),   |L1T0| = √(S² + 2·S·a + 1).
 */
export function groundShadingKernel(
  facing: number,
  above: number,
  a: number,
  visible: boolean,
  spacing: number,
  g: number,
  r: Float64Array,
): void {
  if (!visible || !(a < 1)) {
    r[0] = r[1] = 1; // the module does not see the ground ahead: nothing to shade
    return;
  }
  const open = 1 - a; // 2·F_open
  const gg = g * g;
  const s2 = spacing * spacing;
  const sinL1 = (spacing * a + g) / Math.sqrt(s2 + 2 * spacing * g * a + gg);
  const svf = (Math.sqrt(s2 - 2 * spacing * a + 1) + Math.sqrt(s2 + 2 * spacing * a + 1) - 2) / (2 * spacing);
  r[1] = ((1 - sinL1) / open) * svf;
  if (!(above > 0)) {
    r[0] = 0; // sun below the ground line (or NaN)
    return;
  }
  const shift = -facing / above;
  const len = shift < 0 ? -shift : shift;
  if (!(len < spacing)) {
    r[0] = 0;
    return;
  }
  const q = shift <= 0 ? spacing - len : len;
  const sinQ = (q * a + g) / Math.sqrt(q * q + 2 * q * g * a + gg);
  r[0] = (shift <= 0 ? 1 - sinQ : sinQ - sinL1) / open;
}

/** @internal Whether the module rotated θ sees the ground line of slope βc ahead (angles in degrees). */
export function seesGround(theta: number, crossAxisTilt: number): boolean {
  return theta >= 0 ? theta > crossAxisTilt : theta < crossAxisTilt;
}

const scratch = new Float64Array(2);

/** Shading factors of the two parts of the ground-reflected irradiance [-]. */
export interface GroundShadingResult {
  /** U_shd,Gb: factor on the ground-reflected beam, ρ·In·cos θz·(1 − cos β)/2 */
  beam: number;
  /** U_shd,Gd: factor on the ground-reflected sky diffuse, ρ·Dh·(1 − cos β)/2 */
  diffuse: number;
}

/**
 * Shading of the light the ground reflects onto the front of a row (spec 4 §2: separate factors
 * U_shd,Gb and U_shd,Gd), 2D, infinite rows standing on the ground line (see rowGeometry.ts).
 *
 * The open-field transposition assumes the module sees infinite, fully lit ground over the view factor
 * F_open = (1 − cos(θ − βc))/2. Among rows, the module (at the point P, a fraction g up the collector)
 * sees the ground only between its own lower edge L0 and the lower edge L1 of the row in front, over
 * F_strip = (1 − sin ψL1)/2; beyond that its ground view is blocked by the back of the next row (whose
 * reflection is neglected). Of that strip (length S = p/cos βc):
 *  - the beam lights the part not in the rows' shadows. A row's shadow runs Δ = −cos(θ − θT)/cos(θT − βc)
 *    collector widths along the ground from its lower edge, so the lit part is [0, S − |Δ|] (sun in
 *    front, Δ < 0) or [Δ, S] (sun behind), seen over F_lit = (sin ψa − sin ψb)/2 between its ends;
 *    U_shd,Gb = F_lit/F_open (0 when |Δ| ≥ S or the sun is below the ground line);
 *  - the sky diffuse reaches it through the gap between the row tops: its mean sky view factor by
 *    Hottel's crossed strings is SVF = (|L0T1| + |L1T0| − |L0T0| − |L1T1|)/(2S);
 *    U_shd,Gd = (F_strip/F_open)·SVF (the strip's view weighted uniformly, an approximation).
 * When the module faces away from the ground (θ ≤ βc in the mirrored frame) both factors are 1.
 *
 * @param x.trackerTheta rotation of the row θ [°] (the tilt of a fixed row)
 * @param x.projectedZenith solar zenith projected on the plane across the rows θT [°]
 * @param p row geometry and view height, see {@link GroundShadingParams}
 * @returns factors on the beam and diffuse parts of the ground-reflected irradiance [-], in [0, 1]
 * @see H. C. Hottel, "Radiant heat transmission," in W. H. McAdams, Heat Transmission, 3rd ed.,
 *      McGraw-Hill (1954) ch. 4
 */
export function groundShading(
  x: { trackerTheta: number; projectedZenith: number },
  p: GroundShadingParams,
): GroundShadingResult {
  const f = rowFrame(p.gcr, p.crossAxisTilt);
  const th = x.trackerTheta;
  const tt = x.projectedZenith;
  const c = p.crossAxisTilt;
  groundShadingKernel(
    Math.cos((th - tt) * DEG),
    Math.cos((tt - c) * DEG),
    Math.cos((th - c) * DEG),
    seesGround(th, c),
    f.spacing,
    p.viewHeight,
    scratch,
  );
  return { beam: scratch[0]!, diffuse: scratch[1]! };
}

/**
 * Series form of {@link groundShading}; allocation-free.
 * @param x.trackerTheta rotation per step [°]
 * @param x.projectedZenith projected zenith per step [°]
 * @param p row geometry and view height
 * @param out caller-owned U_shd,Gb and U_shd,Gd [-]
 */
export function groundShadingSeries(
  x: { trackerTheta: Float64Array; projectedZenith: Float64Array },
  p: GroundShadingParams,
  out: { beam: Float64Array; diffuse: Float64Array },
): void {
  const f = rowFrame(p.gcr, p.crossAxisTilt);
  const { trackerTheta, projectedZenith } = x;
  const r = scratch;
  const c = p.crossAxisTilt;
  for (let i = 0; i < trackerTheta.length; i++) {
    const th = trackerTheta[i]!;
    const tt = projectedZenith[i]!;
    const facing = Math.cos((th - tt) * DEG);
    groundShadingKernel(
      facing,
      Math.cos((tt - c) * DEG),
      Math.cos((th - c) * DEG),
      seesGround(th, c),
      f.spacing,
      p.viewHeight,
      r,
    );
    out.beam[i] = r[0]!;
    out.diffuse[i] = r[1]!;
  }
}
