/**
 * The 2D cross-section of infinite rows used by the near-shading models (beam, sky diffuse, ground).
 *
 * Plane perpendicular to the row axis, coordinates (x, z): x across the rows towards γa + 90° (the side a
 * positive rotation θ tilts the normal to, see mounting/trackerFrame.ts), z along the zero-rotation
 * normal (up for a horizontal axis). Lengths are in collector widths ℓ = 1. Rows are identical segments
 * repeated every d = (p, −p·tan βc), with p = 1/GCR the horizontal pitch and βc the cross-axis tilt of
 * the ground (positive when the ground descends towards +x). The sun's direction is s = (sin θT, cos θT),
 * θT the projected zenith (the true-tracking angle).
 *
 * Each model works in the frame mirrored so that θ ≥ 0 (x → −x flips θ, θT and βc), where the row's
 * lower edge is its +x end. Row k has its lower edge at Lk = k·d and its upper edge at Tk = Lk + u, with
 * u = (−cos θ, sin θ); its normal is n = (sin θ, cos θ). A point P = g·u lies a fraction g of the way up
 * the collector (g = 0.5: mid-height). The models that involve the ground take it as the line through
 * the lower edges (rows standing on the ground, the geometry of the product's 2D inputs, which have no
 * height).
 *
 * Directions v from P are measured by the angle ψ from the normal, positive towards the lower edge:
 * sin ψ = v·m/|v| with m = (cos θ, −sin θ); v is in front of the module when v·n > 0. In 2D the view
 * factor from a strip of the module to the angular interval [ψ1, ψ2] is (sin ψ2 − sin ψ1)/2.
 *
 * @see H. C. Hottel, "Radiant heat transmission," in W. H. McAdams, Heat Transmission, 3rd ed.,
 *      McGraw-Hill (1954) ch. 4 (2D view factors, crossed strings)
 */

export const DEG = Math.PI / 180;
export const RAD = 180 / Math.PI;

/** @internal Per-call constants of the row cross-section. */
export interface RowFrame {
  gcr: number;
  /** horizontal pitch p = 1/GCR [ℓ] */
  pitch: number;
  /** cross-axis tilt βc [rad] */
  cross: number;
  /** along-slope spacing S = p/cos βc [ℓ] */
  spacing: number;
}

/** @internal */
export function rowFrame(gcr: number, crossAxisTilt: number): RowFrame {
  if (!(gcr > 0 && gcr <= 1)) throw new Error(`Ground coverage ratio must be in (0, 1], got ${gcr}`);
  const cross = crossAxisTilt * DEG;
  return { gcr, pitch: 1 / gcr, cross, spacing: 1 / (gcr * Math.cos(cross)) };
}

/** @internal sin ψ of direction (vx, vz) seen from the module rotated θ (cos θ, sin θ given). */
export function sinPsi(vx: number, vz: number, cosT: number, sinT: number): number {
  const s = (vx * cosT - vz * sinT) / Math.sqrt(vx * vx + vz * vz);
  return s > 1 ? 1 : s < -1 ? -1 : s;
}

/** @internal Whether direction (vx, vz) is in front of the module (v·n > 0). */
export function inFront(vx: number, vz: number, cosT: number, sinT: number): boolean {
  return vx * sinT + vz * cosT > 0;
}

/**
 * @internal Bounds [sin ψlo, sin ψhi] of the sky seen from P (mirrored frame, θ ≥ 0), above the
 * horizontal, above the ground line's asymptotes, in front of the module and, with `rows`, above the
 * neighbouring rows ±1 (further rows are never higher than the nearer row or the asymptote: the
 * direction to row k turns monotonically towards the ground line's as k grows). Written into r[0..1].
 */
export function skyBounds(
  cosT: number,
  sinT: number,
  cross: number,
  pitch: number,
  g: number,
  rows: boolean,
  r: Float64Array,
): void {
  const cosC = Math.cos(cross);
  const sinC = Math.sin(cross);
  let hi = 1;
  let lo = -1;
  // horizontal (±1, 0) and the ground line's asymptotes ±(cos βc, −sin βc)
  for (let j = 0; j < 2; j++) {
    const vx = j === 0 ? 1 : cosC;
    const vz = j === 0 ? 0 : -sinC;
    if (inFront(vx, vz, cosT, sinT)) hi = Math.min(hi, sinPsi(vx, vz, cosT, sinT));
    if (inFront(-vx, -vz, cosT, sinT)) lo = Math.max(lo, sinPsi(-vx, -vz, cosT, sinT));
  }
  if (rows) {
    const px = -g * cosT;
    const pz = g * sinT;
    const dz = pitch * Math.tan(cross);
    // edges of row +1 (at +d) bound the sky from the front, of row −1 (at −d) from the back
    for (let side = 1; side >= -1; side -= 2) {
      const lx = side * pitch - px;
      const lz = -side * dz - pz;
      for (let e = 0; e < 2; e++) {
        const vx = e === 0 ? lx : lx - cosT;
        const vz = e === 0 ? lz : lz + sinT;
        if (!inFront(vx, vz, cosT, sinT)) continue;
        const sp = sinPsi(vx, vz, cosT, sinT);
        if (side === 1) hi = Math.min(hi, sp);
        else lo = Math.max(lo, sp);
      }
    }
  }
  r[0] = lo;
  r[1] = hi;
}
