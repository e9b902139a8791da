/**
 * View-factor tables of the 2-D rear-irradiance model of Marion et al. (2017), computed once per row
 * geometry and tilt so that the per-step model is a handful of multiplications.
 */
import { iamFunction, type IamModel } from '../optics/iam/iamModel.ts';

const DEG = Math.PI / 180;

/** Rows and the discretisation of the 2-D model. */
export interface MarionRowGeometry {
  /** Height of the module centre (tracker axis) above the ground [m] (`postHeight`). */
  postHeight: number;
  /** Row-to-row distance, horizontal [m]. */
  pitch: number;
  /** Width of the collector across the row (slant height) [m]. */
  collectorWidth: number;
  /** Modifier of the rear glass; default physical, n 1.526, K 4 m⁻¹, L 2 mm, uncoated (spec 4 §2). */
  rearIam?: IamModel;
  /** Ground intervals between two rows; default 100 (spec 4 §2). */
  groundSegments?: number;
  /** Points up the module where the rear irradiance is evaluated and averaged; default 6 (spec 4 §2). */
  modulePoints?: number;
  /** Slices per degree of the rear field of view; default 2 (Marion uses 1° slices; see below). */
  slicesPerDegree?: number;
}

/** View factors of the rear face at one tilt, averaged over the module points. */
export interface MarionRearViewFactors {
  surfaceTilt: number;
  /** Sky seen by the rear face, plain and IAM-weighted [-]. */
  sky: number;
  skyIam: number;
  /** Front faces of other rows seen by the rear face [-]. */
  rowFront: number;
  rowFrontIam: number;
  /** Rear faces of other rows (treated as dark) [-]. */
  rowBack: number;
  /** Ground seen, total [-]; sky + rowFront + rowBack + ground = 1. */
  ground: number;
  groundIam: number;
  /** Σ_k w_k·F_k,sky: ground seen weighted by each segment's own view of the sky [-]. */
  groundSky: number;
  groundSkyIam: number;
  /** Per ground segment k (fraction k/N…(k+1)/N of the pitch from under the row centre): weight w_k. */
  groundWeights: Float64Array;
  groundWeightsIam: Float64Array;
  /** Cumulative weights, length N + 1 (cum[0] = 0). */
  groundCumulative: Float64Array;
  groundCumulativeIam: Float64Array;
  /** Sky view factor of each ground segment (its midpoint) [-]. */
  groundSkyViewFactors: Float64Array;
}

/** Rear glass of the product's bifacial model: uncoated glass of index 1.526 (spec 4 §2), K 4 m⁻¹, L 2 mm. */
export const REAR_IAM_DEFAULT = {
  model: 'physical',
  refractiveIndex: 1.526,
  extinctionCoefficient: 4,
  glazingThickness: 0.002,
} as const satisfies IamModel;

/**
 * Modifier averaged over a thin 2-D slice of the rear field of view at angle α from the module plane.
 * A slice between α and α + dα is a lune of directions d = cos γ·u(α) + sin γ·e_axis (γ out of the
 * cross-section); cos θ = cos γ·sin α and dΩ = cos γ dγ dα, so with weight cos θ dΩ
 * c(α) = ∫ IAM(arccos(cos γ·sin α))·cos²γ dγ / ∫ cos²γ dγ over γ ∈ [0, π/2] (the sin α cancels).
 */
const sliceIamCache = new Map<string, Float64Array>();
const GAMMA_STEPS = 180;
const COS_STEPS = 4000;
function sliceIam(model: IamModel, rays: number): Float64Array {
  const key = `${rays}|${JSON.stringify(model)}`;
  const hit = sliceIamCache.get(key);
  if (hit) return hit;
  // The modifier tabulated against cos θ (uniform steps of 1/4000, linear interpolation): the double
  // integral then needs no inverse cosine and no model call per node.
  const f = iamFunction(model);
  const byCos = new Float64Array(COS_STEPS + 2);
  for (let i = 0; i <= COS_STEPS; i++) byCos[i] = f(Math.acos(Math.max(i, 1e-6) / COS_STEPS) / DEG); // θ → 90⁻ at i = 0
  byCos[COS_STEPS + 1] = byCos[COS_STEPS]!;
  const cg = new Float64Array(GAMMA_STEPS);
  let den = 0;
  for (let g = 0; g < GAMMA_STEPS; g++) {
    cg[g] = Math.cos(((g + 0.5) / GAMMA_STEPS) * (Math.PI / 2));
    den += cg[g]! * cg[g]!;
  }
  const out = new Float64Array(rays);
  for (let j = 0; j < rays; j++) {
    const mirror = rays - 1 - j;
    if (mirror < j) {
      out[j] = out[mirror]!;
      continue;
    }
    const s = Math.sin(((j + 0.5) / rays) * Math.PI);
    let num = 0;
    for (let g = 0; g < GAMMA_STEPS; g++) {
      const c = cg[g]!;
      const x = c * s * COS_STEPS;
      const k = Math.floor(x);
      num += (byCos[k]! + (x - k) * (byCos[k + 1]! - byCos[k]!)) * c * c;
    }
    out[j] = num / den;
  }
  sliceIamCache.set(key, out);
  return out;
}

/** Directions of the slice edges and mid-angles (from the module plane) and the slices' 2-D view factors. */
interface Slices {
  cosEdge: Float64Array;
  sinEdge: Float64Array;
  cosMid: Float64Array;
  sinMid: Float64Array;
  vf: Float64Array;
}
const slicesCache = new Map<number, Slices>();
function slices(rays: number): Slices {
  let sl = slicesCache.get(rays);
  if (sl) return sl;
  sl = {
    cosEdge: new Float64Array(rays + 1),
    sinEdge: new Float64Array(rays + 1),
    cosMid: new Float64Array(rays),
    sinMid: new Float64Array(rays),
    vf: new Float64Array(rays),
  };
  for (let e = 0; e <= rays; e++) {
    sl.cosEdge[e] = Math.cos((e / rays) * Math.PI);
    sl.sinEdge[e] = Math.sin((e / rays) * Math.PI);
  }
  for (let j = 0; j < rays; j++) {
    sl.cosMid[j] = Math.cos(((j + 0.5) / rays) * Math.PI);
    sl.sinMid[j] = Math.sin(((j + 0.5) / rays) * Math.PI);
    sl.vf[j] = 0.5 * (sl.cosEdge[j]! - sl.cosEdge[j + 1]!);
  }
  slicesCache.set(rays, sl);
  return sl;
}

interface Resolved {
  h: number;
  p: number;
  l: number;
  n: number;
  m: number;
  rays: number;
  iam: IamModel;
}

function resolve(g: MarionRowGeometry): Resolved {
  const r = {
    h: g.postHeight,
    p: g.pitch,
    l: g.collectorWidth,
    n: g.groundSegments ?? 100,
    m: g.modulePoints ?? 6,
    rays: Math.round(180 * (g.slicesPerDegree ?? 2)),
    iam: g.rearIam ?? REAR_IAM_DEFAULT,
  };
  if (!(r.p > 0 && r.l > 0 && r.h > 0))
    throw new RangeError('bifacial: pitch, collector width and height must be > 0');
  if (!(r.n >= 1 && r.m >= 1 && r.rays >= 2))
    throw new RangeError('bifacial: discretisation must be positive');
  return r;
}

/**
 * Scratch of the table builder (typed, so that writing doubles allocates nothing): [0] the ground x of
 * the last ray that hit the ground, [1] and [2] the uniform ground weights (plain, IAM-weighted).
 */
const scratch = new Float64Array(3);

/** Nearest hit of a ray from (px, py) along (dx, dy): 0 sky, 1 ground (x in scratch[0]), 2 row front, 3 row back. */
function cast(px: number, py: number, dx: number, dy: number, r: Resolved, cb: number, sb: number): number {
  const hx = 0.5 * r.l * cb;
  const hy = 0.5 * r.l * sb;
  const yTop = r.h + hy;
  const ex = -2 * hx; // bottom → top edge vector
  const ey = 2 * hy;
  const tGround = dy < 0 ? -py / dy : Infinity;
  const sgn = dx > 1e-15 ? 1 : dx < -1e-15 ? -1 : 0;
  if (sgn !== 0) {
    for (let k = sgn; Math.abs(k) < 100000; k += sgn) {
      const xNear = k * r.p - sgn * hx;
      const tNear = (xNear - px) / dx;
      if (tNear > tGround) break;
      if (dy >= 0 && py + tNear * dy >= yTop - 1e-12) break; // level with or above every top edge
      const ax = k * r.p + hx - px; // bottom edge of row k, relative to the ray origin
      const ay = r.h - hy - py;
      const den = dx * ey - dy * ex;
      if (Math.abs(den) < 1e-15) continue;
      const t = (ax * ey - ay * ex) / den;
      const u = (ax * dy - ay * dx) / den;
      if (t > 1e-12 && u >= 0 && u <= 1) return dx * sb + dy * cb < 0 ? 2 : 3;
    }
  }
  if (dy < 0) {
    scratch[0] = px + tGround * dx;
    return 1;
  }
  return 0;
}

/** Ray at angle α from the module plane (toward the rear normal; cos α, sin α given) from a module point. */
function castAt(px: number, py: number, ca: number, sa: number, r: Resolved, cb: number, sb: number): number {
  return cast(px, py, -ca * cb - sa * sb, ca * sb - sa * cb, r, cb, sb);
}

/** Cosine of the direction from the ground point (x, 0) to (px, py), from the +x axis. */
function cosTo(x: number, px: number, py: number): number {
  const dx = px - x;
  return dx / Math.sqrt(dx * dx + py * py);
}

/** Sky view factor of the ground point (x, 0) between infinite rows (union of blocked cos-intervals). */
function groundSkyViewFactor(x: number, r: Resolved, cb: number, sb: number, rows: number): number {
  const hx = 0.5 * r.l * cb;
  const hy = 0.5 * r.l * sb;
  const yb = r.h - hy;
  const yt = r.h + hy;
  // Rows beyond ±rows are treated as one continuous wall below the elevation of the last row. The
  // intervals come sorted (every cosine grows with k), so one sweep merges them.
  let covered = 0;
  let curLo = -1;
  let curHi = Math.max(cosTo(x, -rows * r.p + hx, yb), cosTo(x, -rows * r.p - hx, yt));
  for (let k = -rows + 1; k <= rows; k++) {
    const c1 = cosTo(x, k * r.p + hx, yb);
    const c2 = cosTo(x, k * r.p - hx, yt);
    const lo = c1 < c2 ? c1 : c2;
    let hi = c1 < c2 ? c2 : c1;
    if (k === rows) hi = 1;
    if (lo > curHi) {
      covered += curHi - curLo;
      curLo = lo;
      curHi = hi;
    } else if (hi > curHi) curHi = hi;
  }
  covered += curHi - curLo;
  return 1 - 0.5 * covered;
}

const tableCache = new Map<string, Map<number, MarionRearViewFactors>>();

/** Ground weights being accumulated: direct adds, difference arrays for runs of whole segments. */
interface GroundAcc {
  a: Float64Array;
  b: Float64Array;
  da: Float64Array;
  db: Float64Array;
}

/** Adds densities ra, rb (per segment unit) over [u0, u1] ⊂ [0, n] in segment units. */
function addRange(g: GroundAcc, u0: number, u1: number, ra: number, rb: number): void {
  const n = g.a.length;
  let k0 = Math.floor(u0);
  if (k0 >= n) k0 = n - 1;
  const k1 = u1 >= n ? n : Math.floor(u1);
  if (k0 === k1) {
    g.a[k0]! += ra * (u1 - u0);
    g.b[k0]! += rb * (u1 - u0);
    return;
  }
  g.a[k0]! += ra * (k0 + 1 - u0);
  g.b[k0]! += rb * (k0 + 1 - u0);
  if (k1 < n) {
    g.a[k1]! += ra * (u1 - k1);
    g.b[k1]! += rb * (u1 - k1);
  }
  if (k1 > k0 + 1) {
    g.da[k0 + 1]! += ra;
    g.da[k1]! -= ra;
    g.db[k0 + 1]! += rb;
    g.db[k1]! -= rb;
  }
}

/**
 * Adds weight `w` (and `wi`, IAM-weighted) spread uniformly over the ground interval [xa, xb], folded
 * into one pitch: area sampling of a slice's footprint instead of a point hit. Whole pitches go to
 * scratch[1]/[2], shared by all segments at the end; the rest is added by {@link addRange}.
 */
function spread(g: GroundAcc, w: number, wi: number, xa: number, xb: number, p: number): void {
  const n = g.a.length;
  const lo = (xa < xb ? xa : xb) / p;
  const len = Math.abs(xb - xa) / p;
  const u0 = (lo - Math.floor(lo)) * n;
  if (len < 1e-9) {
    const k = Math.min(n - 1, Math.floor(u0));
    g.a[k]! += w;
    g.b[k]! += wi;
    return;
  }
  const full = Math.floor(len);
  if (full > 0) {
    scratch[1]! += (w * full) / len;
    scratch[2]! += (wi * full) / len;
  }
  const rest = (len - full) * n;
  if (rest <= 0) return;
  const ra = w / (len * n);
  const rb = wi / (len * n);
  if (u0 + rest <= n) addRange(g, u0, u0 + rest, ra, rb);
  else {
    addRange(g, u0, n, ra, rb);
    addRange(g, 0, u0 + rest - n, ra, rb);
  }
}

function build(r: Resolved, tilt: number): MarionRearViewFactors {
  const cb = Math.cos(tilt * DEG);
  const sb = Math.sin(tilt * DEG);
  const { n, m, rays } = r;
  const c = sliceIam(r.iam, rays);
  const sl = slices(rays);
  const acc: GroundAcc = {
    a: new Float64Array(n),
    b: new Float64Array(n),
    da: new Float64Array(n + 1),
    db: new Float64Array(n + 1),
  };
  let sky = 0;
  let skyIam = 0;
  let rowFront = 0;
  let rowFrontIam = 0;
  let rowBack = 0;
  // Module direction bottom → top d = (−cos β, sin β); rear normal nr = (−sin β, −cos β).
  const bx = 0.5 * r.l * cb;
  const by = r.h - 0.5 * r.l * sb;
  scratch[1] = 0;
  scratch[2] = 0;
  const edgeHit = new Int8Array(rays + 1);
  const edgeX = new Float64Array(rays + 1);
  for (let i = 0; i < m; i++) {
    const s = ((i + 0.5) / m) * r.l;
    const px = bx - s * cb;
    const py = by + s * sb;
    for (let e = 0; e <= rays; e++) {
      edgeHit[e] = castAt(px, py, sl.cosEdge[e]!, sl.sinEdge[e]!, r, cb, sb);
      edgeX[e] = scratch[0]!;
    }
    for (let j = 0; j < rays; j++) {
      const vf = sl.vf[j]! / m;
      const vfIam = vf * c[j]!;
      let what = edgeHit[j]!;
      if (what !== edgeHit[j + 1]) what = castAt(px, py, sl.cosMid[j]!, sl.sinMid[j]!, r, cb, sb);
      if (what === 0) {
        sky += vf;
        skyIam += vfIam;
      } else if (what === 1) {
        const both = edgeHit[j] === 1 && edgeHit[j + 1] === 1;
        const x = scratch[0]!;
        spread(acc, vf, vfIam, both ? edgeX[j]! : x, both ? edgeX[j + 1]! : x, r.p);
      } else if (what === 2) {
        rowFront += vf;
        rowFrontIam += vfIam;
      } else rowBack += vf;
    }
  }
  const wPlain = acc.a;
  const wIam = acc.b;
  let runA = 0;
  let runB = 0;
  for (let k = 0; k < n; k++) {
    runA += acc.da[k]!;
    runB += acc.db[k]!;
    wPlain[k]! += runA + scratch[1]! / n;
    wIam[k]! += runB + scratch[2]! / n;
  }
  // Rows to examine from a ground point: beyond the distance d where consecutive rows overlap in angle
  // (d·(yt − yb) > yb·(p + hx) + yt·hx) no sky shows between them, so the rest is a wall; for flat rows
  // (no overlap) stop where the rows are below 0.6° of elevation (error < 3e-5).
  const hx = 0.5 * r.l * cb;
  const yb = r.h - 0.5 * r.l * sb;
  const yt = r.h + 0.5 * r.l * sb;
  const flat = Math.ceil((100 * yt) / r.p) + 2;
  const overlap = yt - yb > 1e-9 ? Math.ceil((yb * (r.p + hx) + yt * hx) / (yt - yb) / r.p) + 3 : flat;
  const rows = Math.min(5000, flat, overlap);
  const svf = new Float64Array(n);
  const cum = new Float64Array(n + 1);
  const cumIam = new Float64Array(n + 1);
  let groundSky = 0;
  let groundSkyIam = 0;
  for (let k = 0; k < n; k++) {
    svf[k] = groundSkyViewFactor(((k + 0.5) / n) * r.p, r, cb, sb, rows);
    groundSky += wPlain[k]! * svf[k]!;
    groundSkyIam += wIam[k]! * svf[k]!;
    cum[k + 1] = cum[k]! + wPlain[k]!;
    cumIam[k + 1] = cumIam[k]! + wIam[k]!;
  }
  return {
    surfaceTilt: tilt,
    sky,
    skyIam,
    rowFront,
    rowFrontIam,
    rowBack,
    ground: cum[n]!,
    groundIam: cumIam[n]!,
    groundSky,
    groundSkyIam,
    groundWeights: wPlain,
    groundWeightsIam: wIam,
    groundCumulative: cum,
    groundCumulativeIam: cumIam,
    groundSkyViewFactors: svf,
  };
}

/**
 * View factors of the rear face of an interior row of infinite, evenly spaced rows on flat ground
 * (Marion et al. 2017), at one tilt, cached per (geometry, tilt).
 *
 * Cross-section perpendicular to the rows, x toward the way the front faces, row k centred at
 * (k·pitch, postHeight), tilted by β. At each of M points up the module, the rear field of view (180°)
 * is divided into slices; slice [α1, α2] (α from the module plane) has the 2-D view factor
 * ½(cos α1 − cos α2) and an IAM factor c(α) (the beam modifier averaged over the lune of directions of
 * the slice, in the spirit of Marion's 1° segment correction factors). A ray at the slice's mid-angle
 * finds what the slice sees: the sky, the front or back face of another row, or the ground at x, which
 * is folded into [0, pitch) and shared among the N segments. Marion uses 1° slices and assigns each to
 * the segment its ray hits; here a slice whose two edge rays both reach the ground spreads its weight
 * uniformly over its footprint (area rather than point sampling, which removes the aliasing of far,
 * grazing hits among the segments), and a slice whose edges see different things takes what its
 * mid-angle ray sees. 2 slices per degree by default. Averaging over the M points
 * gives the weights; the ground segments' sky view factors come from the angular union of the rows seen
 * from each segment's midpoint (rows beyond the distance where they overlap in angle, or below 0.6° of
 * elevation for flat rows, are treated as a continuous wall; error < 3e-5).
 *
 * @param x.surfaceTilt tilt β [°], 0…90 (trackers: the absolute rotation)
 * @param p row geometry [m] and discretisation
 * @returns the view factors [-]
 * @see B. Marion, S. MacAlpine, C. Deline, A. Asgharzadeh, F. Toor, D. Riley, J. Stein, C. Hansen,
 *      "A practical irradiance model for bifacial PV modules," IEEE 44th PVSC (2017),
 *      doi:10.1109/PVSC.2017.8366263 (NREL/CP-5J00-67847)
 */
export function marionRearViewFactors(
  x: { surfaceTilt: number },
  p: MarionRowGeometry,
): MarionRearViewFactors {
  const r = resolve(p);
  const key = JSON.stringify(r);
  let byTilt = tableCache.get(key);
  if (!byTilt) tableCache.set(key, (byTilt = new Map()));
  const t = x.surfaceTilt;
  if (!(t >= 0 && t <= 90)) throw new RangeError(`bifacial: tilt ${t}° outside 0…90°`);
  if (0.5 * r.l * Math.sin(t * DEG) >= r.h) throw new RangeError('bifacial: the module touches the ground');
  let v = byTilt.get(t);
  if (!v) {
    if (byTilt.size >= 4096) byTilt.clear();
    byTilt.set(t, (v = build(r, t)));
  }
  return v;
}
