/**
 * Incidence-angle modifiers for isotropic sky, horizon-band and ground-reflected diffuse light on a
 * tilted plane, by integrating a beam modifier over the solid angle each region subtends (Marion 2017).
 */
import { iamFunction, type IamFunction, type IamModel } from './iamModel.ts';

const DEG = Math.PI / 180;
/** Elevation of the top of the horizon band: zenith 89.5°…90° (Marion 2017). */
const HORIZON_BAND_TOP = Math.sin(0.5 * DEG);

/** Diffuse modifiers of one tilt [-]. */
export interface DiffuseIam {
  /** Isotropic sky dome (elevation 0…90°). */
  sky: number;
  /** Horizon band (elevation 0…0.5°), for the horizon-brightening component of Perez. */
  horizon: number;
  /** Ground-reflected light (below the horizon). */
  ground: number;
}

/** Integration steps in the angle of incidence (midpoint rule) for the sky/ground and horizon regions. */
const STEPS_WIDE = 900;
const STEPS_HORIZON = 9000;

/**
 * Fraction of the circle of azimuths φ around the plane's normal, at angle of incidence θ, whose
 * directions have a vertical component in [zLo, zHi]. With the normal tilted by β, a direction at (θ, φ)
 * has z = cos θ·cos β − sin θ·sin β·cos φ, so z ∈ [zLo, zHi] ⇔ cos φ ∈ [(A − zHi)/B, (A − zLo)/B] with
 * A = cos θ·cos β, B = sin θ·sin β; the fraction is (arccos(lo) − arccos(hi))/π.
 */
function azimuthFraction(ct: number, st: number, cb: number, sb: number, zLo: number, zHi: number): number {
  const a = ct * cb;
  const b = st * sb;
  if (b < 1e-12) return a >= zLo && a <= zHi ? 1 : 0;
  let lo = (a - zHi) / b;
  let hi = (a - zLo) / b;
  if (lo >= 1 || hi <= -1) return 0;
  if (lo < -1) lo = -1;
  if (hi > 1) hi = 1;
  return (Math.acos(lo) - Math.acos(hi)) / Math.PI;
}

/** Samples of a modifier on the midpoint grid of [0°, 90°], shared by every tilt. */
interface Grid {
  cos: Float64Array;
  sin: Float64Array;
  iam: Float64Array;
}

function grid(f: IamFunction, steps: number): Grid {
  const cos = new Float64Array(steps);
  const sin = new Float64Array(steps);
  const iam = new Float64Array(steps);
  const h = 90 / steps;
  for (let i = 0; i < steps; i++) {
    const t = (i + 0.5) * h;
    cos[i] = Math.cos(t * DEG);
    sin[i] = Math.sin(t * DEG);
    iam[i] = f(t);
  }
  return { cos, sin, iam };
}

function integrate(g: Grid, cb: number, sb: number, zLo: number, zHi: number): number {
  let num = 0;
  let den = 0;
  for (let i = 0; i < g.cos.length; i++) {
    const ct = g.cos[i]!;
    const st = g.sin[i]!;
    const w = ct * st * azimuthFraction(ct, st, cb, sb, zLo, zHi);
    num += g.iam[i]! * w;
    den += w;
  }
  return den > 0 ? num / den : 0;
}

interface Entry {
  wide: Grid;
  horizon: Grid | null;
  f: IamFunction;
  byTilt: Map<number, DiffuseIam>;
  /** the whole-degree modifiers 0…180° of the series form, filled on first use */
  byDegree: (DiffuseIam | undefined)[];
}

function newEntry(f: IamFunction): Entry {
  return {
    wide: grid(f, STEPS_WIDE),
    horizon: null,
    f,
    byTilt: new Map(),
    byDegree: new Array<DiffuseIam | undefined>(181).fill(undefined),
  };
}

const byModel = new Map<string, Entry>();
const byFunction = new WeakMap<IamFunction, Entry>();
const MAX_TILTS_CACHED = 4096;

function entryFor(iam: IamModel | IamFunction): Entry {
  if (typeof iam === 'function') {
    let e = byFunction.get(iam);
    if (!e) byFunction.set(iam, (e = newEntry(iam)));
    return e;
  }
  const key = JSON.stringify(iam);
  let e = byModel.get(key);
  if (!e) {
    byModel.set(key, (e = newEntry(iamFunction(iam))));
  }
  return e;
}

/** Modifiers of one tilt from the cache, computing sky and ground, and the horizon band if asked. */
function cached(e: Entry, tilt: number, withHorizon: boolean): DiffuseIam {
  let r = e.byTilt.get(tilt);
  const cb = Math.cos(tilt * DEG);
  const sb = Math.abs(Math.sin(tilt * DEG));
  if (!r) {
    r = {
      sky: integrate(e.wide, cb, sb, 0, 1),
      horizon: Number.NaN,
      ground: integrate(e.wide, cb, sb, -1, 0),
    };
    if (e.byTilt.size >= MAX_TILTS_CACHED) e.byTilt.clear();
    e.byTilt.set(tilt, r);
  }
  if (withHorizon && Number.isNaN(r.horizon)) {
    e.horizon ??= grid(e.f, STEPS_HORIZON);
    r.horizon = integrate(e.horizon, cb, sb, 0, HORIZON_BAND_TOP);
  }
  return r;
}

/**
 * Diffuse incidence-angle modifiers of a tilted plane by integration over the hemisphere (Marion 2017).
 *
 * For a region R of the hemisphere in front of the plane (sky: elevation ≥ 0; horizon band: elevation
 * 0…0.5°; ground: elevation < 0), with isotropic radiance,
 *   F_R = ∫_R IAM(θ)·cos θ dΩ / ∫_R cos θ dΩ,  dΩ = sin θ dθ dφ,
 * θ the angle of incidence and φ the azimuth around the normal. Marion sums this over small solid-angle
 * elements; here the azimuthal integral is done exactly (the fraction of azimuths of each θ that lies in
 * R is (arccos(lo) − arccos(hi))/π, see the code), leaving a 1-D midpoint sum over θ: 900 steps of
 * 0.1° for sky and ground (against 100,000 steps the error in F times the region's view factor is
 * < 1e-6, in F alone < 6e-5, the largest where the region is a grazing sliver), 9,000 of 0.01° for the
 * thin horizon band (error < 2e-6).
 * A region the plane cannot see (ground at tilt 0, sky at tilt 180°) gives 0. Results are cached per
 * (model, tilt): pass the same model object, or the same function, to reuse them.
 *
 * @param x.surfaceTilt tilt of the plane from horizontal β [°], 0…180 (180 − β for a rear face)
 * @param p.iam the incidence-angle model, or any modifier function θ [°] → [-]
 * @returns modifiers for sky, horizon band and ground diffuse light [-]
 * @see B. Marion, "Numerical method for angle-of-incidence correction factors for diffuse radiation
 *      incident photovoltaic modules," Solar Energy 147 (2017) 344–348, doi:10.1016/j.solener.2017.03.027
 */
export function marionDiffuseIam(x: { surfaceTilt: number }, p: { iam: IamModel | IamFunction }): DiffuseIam {
  const r = cached(entryFor(p.iam), x.surfaceTilt, true);
  return { sky: r.sky, horizon: r.horizon, ground: r.ground };
}

/**
 * Series form of {@link marionDiffuseIam} for a tilt that changes per step (trackers): the modifiers are
 * tabulated at whole degrees (each degree computed once, on first use, and cached) and interpolated
 * linearly in tilt. What reaches the cells is F times the region's view factor, (1 + cos β)/2 for the sky
 * and (1 − cos β)/2 for the ground; in that product the interpolation error is below 2e-5 for the
 * physical, ASHRAE and Sandia models at any tilt (tested). In F alone it is below 1e-3, except where the
 * region is a grazing sliver (ground below ~10° of tilt, sky above ~170°), where F changes fast but its
 * view factor is below 0.008.
 *
 * @param x.surfaceTilt tilts [°], 0…180
 * @param p.iam the incidence-angle model or function
 * @param out caller-owned outputs for the sky and ground modifiers, and optionally the horizon band [-]
 */
export function marionDiffuseIamSeries(
  x: { surfaceTilt: Float64Array },
  p: { iam: IamModel | IamFunction },
  out: { sky: Float64Array; ground: Float64Array; horizon?: Float64Array },
): void {
  const tilt = x.surfaceTilt;
  const { sky, ground, horizon } = out;
  const e = entryFor(p.iam);
  const table = e.byDegree;
  const withHorizon = horizon !== undefined;
  for (let i = 0; i < tilt.length; i++) {
    const t = tilt[i]!;
    if (!(t >= 0 && t <= 180)) {
      sky[i] = Number.NaN;
      ground[i] = Number.NaN;
      if (horizon) horizon[i] = Number.NaN;
      continue;
    }
    const k = t >= 180 ? 179 : Math.floor(t);
    const f = t - k;
    let a = table[k];
    if (a === undefined || (withHorizon && a.horizon !== a.horizon)) a = table[k] = cached(e, k, withHorizon);
    let b = table[k + 1];
    if (b === undefined || (withHorizon && b.horizon !== b.horizon))
      b = table[k + 1] = cached(e, k + 1, withHorizon);
    sky[i] = a.sky + f * (b.sky - a.sky);
    ground[i] = a.ground + f * (b.ground - a.ground);
    if (horizon) horizon[i] = a.horizon + f * (b.horizon - a.horizon);
  }
}
