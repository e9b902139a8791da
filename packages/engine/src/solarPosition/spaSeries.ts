/**
 * Series form of the NREL SPA for long time series (a year of 1-minute steps), at a fraction of the
 * cost of the full algorithm per step.
 *
 * Scheme. The site-independent (heliocentric/geocentric) quantities of SPA vary slowly: the sun's
 * geocentric right ascension α and declination δ (≈1°/day), the nutation term of the sidereal time
 * Δψ·cos ε, the parallax ξ and the equation of time E. They are computed EXACTLY (full VSOP87 and
 * nutation series, as {@link spaGeocentric}) on a uniform grid of instants aligned to 0 h UT, every
 * `gridHours` (default 48 h), spanning the series, and interpolated per step with 6-point Lagrange
 * interpolation (nodes k−2 … k+3 around the step; SPA's appendix A.2 interpolates α and δ over day
 * boundaries in the same spirit, with 3 points). At the nodes, the Earth series' phases B + C·JME are
 * advanced by exact rotations (one complex multiplication per term instead of a cosine) and re-seeded
 * exactly every 64 nodes. The hour angle is H = N − A with N = ν0 + σ, ν0 the mean sidereal time
 * (Eq. 12: 360.98565°/day), and A = α − Δψ·cos ε: cos A and sin A are interpolated like sin δ, cos δ and
 * sin ξ; cos N and sin N, the only fast quantity, are computed exactly at the first step, at every
 * change of the step length and every 64 steps, and in between advanced by the exact rotation of one
 * step (ν0 is linear in time up to a quadratic term that moves it by < 1e−8° over 64 hourly steps), so
 * cos H = cos N·cos A + sin N·sin A and sin H = sin N·cos A − cos N·sin A need no trigonometric call.
 * The topocentric part (parallax, refraction, azimuth; Eq. 33–46) then runs per step exactly as in
 * {@link spa} (same kernel). The grid (node-major, the six nodes of a step contiguous) depends only on
 * the span of the series and ΔT, so consecutive calls over the same span (every DC field of a plant on
 * one weather file) reuse it instead of summing the Earth series again.
 *
 * Error. 6-point Lagrange interpolation of a sinusoid of amplitude A and angular frequency ω over nodes
 * h apart errs by at most ≈ 0.005·A·(ωh)⁶ mid-interval. The largest contributors are the Earth–Moon
 * term of the solar longitude (A = 0.0018°, period 29.5 d) and the 13.7 d and 9.1 d nutation terms
 * (0.23″, 0.03″). Measured over full 1-minute years against the exact scalar form: ≤ 1e−6° in zenith,
 * azimuth and hour angle with h = 48 h (the default), ≤ 3e−8° with h = 24 h, ≤ 1e−5° with h = 72 h
 * (test/solarPosition.test.ts asserts 1e−4° at every minute of a year at three sites). With fewer
 * steps than grid nodes, every step is computed exactly instead.
 * @see I. Reda, A. Andreas, Solar Energy 76 (2004) 577–589, doi:10.1016/j.solener.2003.12.003
 */
import { JULIAN_DAY_UNIX_EPOCH, MS_PER_DAY, MS_PER_HOUR } from '../time/calendar.ts';
import {
  spaGeocentric,
  spaGeocentricFromEarth,
  spaMeanSiderealTime,
  spaRefractionLimit,
  spaSiteTerms,
  REFRACTION_SCALE,
  type SpaSite,
} from './spa.ts';
import { SPA_B, SPA_L, SPA_R } from './spaTables.ts';

const D2R = Math.PI / 180;
const R2D = 180 / Math.PI;
const JD_J2000 = 2451545;

// All Earth periodic terms, flattened: groups L0…L5, B0…B1, R0…R4.
const GROUPS: readonly Float64Array[] = [...SPA_L, ...SPA_B, ...SPA_R];
const GROUP_START = new Int32Array(GROUPS.length + 1);
for (let g = 0; g < GROUPS.length; g++) GROUP_START[g + 1] = GROUP_START[g]! + GROUPS[g]!.length / 3;
const NT = GROUP_START[GROUPS.length]!;
const TA = new Float64Array(NT);
const TB = new Float64Array(NT);
const TC = new Float64Array(NT);
for (let g = 0, j = 0; g < GROUPS.length; g++) {
  const t = GROUPS[g]!;
  for (let m = 0; m < t.length; m += 3, j++) {
    TA[j] = t[m]!;
    TB[j] = t[m + 1]!;
    TC[j] = t[m + 2]!;
  }
}
const COS_P = new Float64Array(NT);
const SIN_P = new Float64Array(NT);
const COS_R = new Float64Array(NT);
const SIN_R = new Float64Array(NT);
const GSUM = new Float64Array(GROUPS.length);
/** Re-seed the phase recurrences exactly every this many grid nodes (bounds rounding drift). */
const RESEED = 64;
/** Re-seed the sidereal-time rotation exactly every this many steps. */
const RESEED_STEPS = 64;
/** Rate of the mean sidereal time ν0 (Eq. 12) [°/day]. */
const SIDEREAL_RATE = 360.98564736629;

/** Phases B + C·JME of every Earth term, exactly. */
function seedPhases(jme: number): void {
  for (let j = 0; j < NT; j++) {
    const ph = TB[j]! + TC[j]! * jme;
    COS_P[j] = Math.cos(ph);
    SIN_P[j] = Math.sin(ph);
  }
}

/** Per-group sums Σ A·cos(B + C·JME) at the current phases, then advance every phase by C·ΔJME. */
function sumAndAdvance(): void {
  for (let g = 0; g < GROUPS.length; g++) {
    let sum = 0;
    for (let j = GROUP_START[g]!, end = GROUP_START[g + 1]!; j < end; j++) {
      const c = COS_P[j]!;
      const s = SIN_P[j]!;
      sum += TA[j]! * c;
      const cr = COS_R[j]!;
      const sr = SIN_R[j]!;
      COS_P[j] = c * cr - s * sr;
      SIN_P[j] = s * cr + c * sr;
    }
    GSUM[g] = sum;
  }
}

/** Σ_k JME^k·GSUM[first + k] / 1e8 (Eq. 11). */
function horner(first: number, count: number, jme: number): number {
  let v = 0;
  for (let k = first + count - 1; k >= first; k--) v = v * jme + GSUM[k]!;
  return v / 1e8;
}

/** Site and atmosphere of a series; pressure and temperature may vary per step. */
export interface SpaSeriesSite extends SpaSite {
  /** local pressure, constant or per step [Pa] (refraction) */
  pressure: number | Float64Array;
  /** air temperature, constant or per step [°C] (refraction) */
  temperature: number | Float64Array;
  /** ΔT = TT − UT [s] */
  deltaT: number;
}

/** Caller-owned outputs of {@link spaSeries}, one value per step. */
export interface SpaSeriesOut {
  /** zenith without refraction [°] */
  zenith: Float64Array;
  /** zenith with refraction [°] */
  apparentZenith: Float64Array;
  /** azimuth, N = 0, E = 90 [°] */
  azimuth: Float64Array;
  /** elevation without refraction [°] (optional) */
  elevation?: Float64Array;
  /** elevation with refraction [°] (optional) */
  apparentElevation?: Float64Array;
  /** equation of time [min] (optional) */
  equationOfTime?: Float64Array;
  /**
   * cos of the apparent zenith [-] (optional; equal to cos(apparentZenith) to ~1e−16, for later stages
   * that would otherwise take the cosine again)
   */
  cosApparentZenith?: Float64Array;
  /** sin and cos of the azimuth [-] (optional, same purpose) */
  sinAzimuth?: Float64Array;
  cosAzimuth?: Float64Array;
  /** cos of the zenith without refraction [-] (optional, same purpose) */
  cosZenith?: Float64Array;
}

const GEO = new Float64Array(6);
/** Grid columns (cos A, sin A, sin δ, cos δ, sin ξ, E), reused from call to call and grown when a series needs more nodes. */
let gridStore = new Float64Array(0);
/**
 * The grid in `gridStore`: first node [ms], spacing [ms], node count and ΔT [s]. The grid depends on
 * nothing else, so a call over the same span (the next DC field on the same weather, the next run of
 * a benchmark) reuses it instead of summing the Earth series again.
 */
const gridKey = { t0: NaN, gridMs: NaN, nodes: -1, deltaT: NaN };

/**
 * NREL SPA over a time series: geocentric quantities exact on a coarse grid and interpolated, the
 * topocentric part exact per step (scheme and error bound in this file's header).
 * @param times instants at which to compute the sun (normally mid-interval, see `time/`)
 *        [ms since 1970-01-01T00:00Z]; any order; NaN gives NaN outputs
 * @param site latitude, longitude [°], altitude [m], pressure [Pa], temperature [°C], ΔT [s]
 * @param out caller-owned arrays, filled and returned
 * @param p.atmosRefract refraction at sunrise/sunset [°], default 0.5667
 * @param p.gridHours spacing of the exact grid [h], default 48
 */
export function spaSeries(
  times: Float64Array,
  site: SpaSeriesSite,
  out: SpaSeriesOut,
  p: { atmosRefract?: number; gridHours?: number } = {},
): SpaSeriesOut {
  const terms = spaSiteTerms(site);
  const limit = spaRefractionLimit(p.atmosRefract);
  const gridMs = (p.gridHours ?? 48) * MS_PER_HOUR;
  const pScalar = typeof site.pressure === 'number' ? site.pressure / 100 : NaN;
  const pArray = typeof site.pressure === 'number' ? null : site.pressure;
  const tScalar = typeof site.temperature === 'number' ? +site.temperature : NaN; // + keeps it an unboxed number
  const tArray = typeof site.temperature === 'number' ? null : site.temperature;
  const { zenith, apparentZenith, azimuth, elevation, apparentElevation, equationOfTime } = out;
  const { cosApparentZenith, sinAzimuth, cosAzimuth, cosZenith } = out;

  timeRange(times);
  const tMin = RANGE[0]!;
  const tMax = RANGE[1]!;
  const finite = RANGE[2]!;
  const k0 = Math.floor(tMin / gridMs) - 2;
  const nodes = finite > 0 ? Math.floor(tMax / gridMs) - k0 + 4 : 0;
  const exact = finite <= nodes;

  // Grid at t0 + k·h: A = α (unwrapped) − Δψ·cos ε, sin δ, cos δ, sin ξ, E. The Earth series are
  // summed with their phases B + C·JME advanced node to node by an exact rotation (one complex
  // multiplication per term instead of a cosine), re-seeded exactly every RESEED nodes.
  let g: Float64Array | null = null; // node-major: node k holds cos A, sin A, sin δ, cos δ, sin ξ, E at 6k…6k+5
  const t0 = k0 * gridMs;
  const reuse =
    !exact &&
    gridKey.t0 === t0 &&
    gridKey.gridMs === gridMs &&
    gridKey.nodes === nodes &&
    gridKey.deltaT === site.deltaT;
  if (!exact) {
    if (gridStore.length < 6 * nodes) {
      gridStore = new Float64Array(6 * nodes);
      gridKey.nodes = -1;
    }
    g = gridStore;
  }
  if (!exact && !reuse) {
    const dJme = gridMs / MS_PER_DAY / 365250;
    for (let j = 0; j < NT; j++) {
      COS_R[j] = Math.cos(TC[j]! * dJme);
      SIN_R[j] = Math.sin(TC[j]! * dJme);
    }
    for (let k = 0; k < nodes; k++) {
      const jme =
        ((t0 + k * gridMs + site.deltaT * 1000) / MS_PER_DAY + JULIAN_DAY_UNIX_EPOCH - JD_J2000) / 365250;
      if (k % RESEED === 0) seedPhases(jme);
      sumAndAdvance();
      spaGeocentricFromEarth(jme, horner(0, 6, jme), horner(6, 2, jme), horner(8, 5, jme), GEO);
      const ar = (GEO[0]! - GEO[2]!) * D2R;
      const dr = GEO[1]! * D2R;
      const o = 6 * k;
      g![o] = Math.cos(ar);
      g![o + 1] = Math.sin(ar);
      g![o + 2] = Math.sin(dr);
      g![o + 3] = Math.cos(dr);
      g![o + 4] = Math.sin(GEO[3]! * D2R);
      g![o + 5] = GEO[4]!;
    }
    gridKey.t0 = t0;
    gridKey.gridMs = gridMs;
    gridKey.nodes = nodes;
    gridKey.deltaT = site.deltaT;
  }

  spaSteps(
    times,
    g,
    exact,
    t0,
    gridMs,
    site.deltaT,
    site.longitude,
    terms,
    limit,
    pScalar,
    pArray,
    tScalar,
    tArray,
    [
      zenith,
      apparentZenith,
      azimuth,
      elevation,
      apparentElevation,
      equationOfTime,
      cosApparentZenith,
      sinAzimuth,
      cosAzimuth,
      cosZenith,
    ],
  );
  return out;
}

/** @internal Scratch of {@link timeRange}: min, max and count of the finite instants. */
const RANGE = new Float64Array(3);

/**
 * @internal The range of a series' instants into {@link RANGE}. The loops over steps of this file are
 * functions of their own, of typed arrays and numbers: inside `spaSeries` they ran in baseline code
 * whenever its optimised code was thrown away (a grid reused on the second call took a path the first
 * call had not), 525,600 steps of a 1-minute year at a time (issue 17).
 */
function timeRange(times: Float64Array): void {
  // min and max are carried round the loop in RANGE, not in locals (boxed in on-stack-compiled code, as
  // STEP_STATE's comment explains: the max changed at every step, one heap number a step)
  const range = RANGE;
  range[0] = Infinity;
  range[1] = -Infinity;
  let finite = 0;
  for (let i = 0; i < times.length; i++) {
    const t = times[i]!;
    if (t < range[0]!) range[0] = t;
    if (t > range[1]!) range[1] = t;
    if (t === t) finite++;
  }
  range[2] = finite;
}

/**
 * @internal The doubles {@link spaSteps} carries from one step to the next: previous instant and step
 * length [ms], cos N, sin N, and cos, sin of one step's rotation. Kept in a typed array rather than in
 * locals: a simulation calls spaSteps once, so V8 runs its loop in code compiled on the stack (OSR), and
 * that code keeps a double carried round the loop in a local boxed, one heap number per change (the
 * 1-minute year: ~3 a step, ~25 MB of young-generation garbage a run; issue 17).
 */
const STEP_STATE = new Float64Array(6);
const PREV_T = 0;
const PREV_DT = 1;
const COS_N = 2;
const SIN_N = 3;
const COS_STEP = 4;
const SIN_STEP = 5;

/**
 * @internal The per-step part of {@link spaSeries}: the hour angle advanced by rotations, the
 * geocentric quantities interpolated on the grid `g` (or exact when `exact`), the topocentric kernel.
 * cols: zenith, apparent zenith, azimuth, then the optional outputs in the order of `SpaSeriesOut`.
 */
function spaSteps(
  times: Float64Array,
  g: Float64Array | null,
  exact: boolean,
  t0: number,
  gridMs: number,
  deltaT: number,
  longitude: number,
  terms: { sinLat: number; cosLat: number; x: number; y: number },
  limit: number,
  pScalar: number,
  pArray: Float64Array | null,
  tScalar: number,
  tArray: Float64Array | null,
  cols: readonly (Float64Array | undefined)[],
): void {
  const n = times.length;
  const zenith = cols[0]!;
  const apparentZenith = cols[1]!;
  const azimuth = cols[2]!;
  const elevation = cols[3];
  const apparentElevation = cols[4];
  const equationOfTime = cols[5];
  const cosApparentZenith = cols[6];
  const sinAzimuth = cols[7];
  const cosAzimuth = cols[8];
  const cosZenith = cols[9];
  const sinLat = terms.sinLat;
  const cosLat = terms.cosLat;
  const tx = terms.x;
  const ty = terms.y;
  // cos N, sin N of N = ν0 + σ, advanced by one step's rotation while the step length stays the same.
  // The values carried from step to step live in STEP_STATE, not in locals (see its comment).
  const st = STEP_STATE;
  st[PREV_T] = NaN;
  st[PREV_DT] = NaN;
  st[COS_N] = 1;
  st[SIN_N] = 0;
  st[COS_STEP] = 1;
  st[SIN_STEP] = 0;
  let sinceSeed = RESEED_STEPS;
  for (let i = 0; i < n; i++) {
    const t = times[i]!;
    const dt = t - st[PREV_T]!;
    st[PREV_T] = t;
    const dtPrev: number = st[PREV_DT]!;
    let cN: number = st[COS_N]!;
    let sN: number = st[SIN_N]!;
    if (dt === dtPrev && sinceSeed < RESEED_STEPS) {
      const cStep = st[COS_STEP]!;
      const sStep = st[SIN_STEP]!;
      const c = cN * cStep - sN * sStep;
      sN = sN * cStep + cN * sStep;
      cN = c;
      sinceSeed++;
    } else if (t === t) {
      const nr = (spaMeanSiderealTime(t) + longitude) * D2R;
      cN = Math.cos(nr);
      sN = Math.sin(nr);
      sinceSeed = 0;
      // The step's rotation again at every re-seed, not only when the step length changed (the same
      // numbers when it did not): code reached only at a change ran first at the second step of a
      // process's first run, before V8 collected feedback, and the next run's optimised code was thrown
      // away there, the year going on in baseline code until compiled again (issue 17).
      if (dt === dt) {
        const step = ((SIDEREAL_RATE * dt) / MS_PER_DAY) * D2R;
        st[COS_STEP] = Math.cos(step);
        st[SIN_STEP] = Math.sin(step);
        st[PREV_DT] = dt;
      }
    }
    st[COS_N] = cN;
    st[SIN_N] = sN;
    if (t !== t) {
      zenith[i] = apparentZenith[i] = azimuth[i] = NaN;
      if (elevation) elevation[i] = NaN;
      if (apparentElevation) apparentElevation[i] = NaN;
      if (equationOfTime) equationOfTime[i] = NaN;
      if (cosApparentZenith) cosApparentZenith[i] = NaN;
      if (sinAzimuth) sinAzimuth[i] = NaN;
      if (cosAzimuth) cosAzimuth[i] = NaN;
      if (cosZenith) cosZenith[i] = NaN;
      continue;
    }
    let ca: number;
    let sa: number;
    let sd: number;
    let cd: number;
    let sx: number;
    let e: number;
    if (exact) {
      spaGeocentric(t / MS_PER_DAY + JULIAN_DAY_UNIX_EPOCH, deltaT, GEO);
      const ar = (GEO[0]! - GEO[2]!) * D2R;
      ca = Math.cos(ar);
      sa = Math.sin(ar);
      const dr = GEO[1]! * D2R;
      sd = Math.sin(dr);
      cd = Math.cos(dr);
      sx = Math.sin(GEO[3]! * D2R);
      e = GEO[4]!;
    } else {
      const u = (t - t0) / gridMs;
      const k = Math.floor(u);
      const s = u - k;
      // 6-point Lagrange weights on nodes k−2 … k+3 (prefix/suffix products of s − m)
      const a0 = s + 2;
      const a1 = s + 1;
      const a3 = s - 1;
      const a4 = s - 2;
      const a5 = s - 3;
      const p01 = a0 * a1;
      const p012 = p01 * s;
      const p0123 = p012 * a3;
      const q45 = a4 * a5;
      const q345 = a3 * q45;
      const q2345 = s * q345;
      const wm2 = a1 * q2345 * (-1 / 120);
      const wm1 = a0 * q2345 * (1 / 24);
      const w0 = p01 * q345 * (-1 / 12);
      const w1 = p012 * q45 * (1 / 12);
      const w2 = p0123 * a5 * (-1 / 24);
      const w3 = p0123 * a4 * (1 / 120);
      // the six nodes k−2 … k+3 are contiguous in the node-major grid
      const gg = g!;
      const o = 6 * (k - 2);
      ca =
        wm2 * gg[o]! +
        wm1 * gg[o + 6]! +
        w0 * gg[o + 12]! +
        w1 * gg[o + 18]! +
        w2 * gg[o + 24]! +
        w3 * gg[o + 30]!;
      sa =
        wm2 * gg[o + 1]! +
        wm1 * gg[o + 7]! +
        w0 * gg[o + 13]! +
        w1 * gg[o + 19]! +
        w2 * gg[o + 25]! +
        w3 * gg[o + 31]!;
      sd =
        wm2 * gg[o + 2]! +
        wm1 * gg[o + 8]! +
        w0 * gg[o + 14]! +
        w1 * gg[o + 20]! +
        w2 * gg[o + 26]! +
        w3 * gg[o + 32]!;
      cd =
        wm2 * gg[o + 3]! +
        wm1 * gg[o + 9]! +
        w0 * gg[o + 15]! +
        w1 * gg[o + 21]! +
        w2 * gg[o + 27]! +
        w3 * gg[o + 33]!;
      sx =
        wm2 * gg[o + 4]! +
        wm1 * gg[o + 10]! +
        w0 * gg[o + 16]! +
        w1 * gg[o + 22]! +
        w2 * gg[o + 28]! +
        w3 * gg[o + 34]!;
      e = equationOfTime
        ? wm2 * gg[o + 5]! +
          wm1 * gg[o + 11]! +
          w0 * gg[o + 17]! +
          w1 * gg[o + 23]! +
          w2 * gg[o + 29]! +
          w3 * gg[o + 35]!
        : 0;
    }
    // `+` on the scalars: in on-stack-compiled code a value from before the loop is tagged, and a choice
    // between it and a double read here would box the double at every step
    const pMbar = pArray === null ? +pScalar : pArray[i]! / 100;
    const temp = tArray === null ? +tScalar : tArray[i]!;
    // The topocentric part, written out: `spaTopocentric` of spa.ts (which the scalar `spa` uses), the
    // same operations in the same order, with locals for its io array (a simulation's columns came out
    // bit-identical; test/solarPosition.test.ts compares the series with `spa`). The kernel is too large
    // for V8 to inline, and the call with 12 stores and 7 loads through the array cost ~10 % of the
    // series' time (issue 17: 1-minute year 70 -> 64 ms CPU).
    const cH = cN * ca + sN * sa; // cos H
    const sH = sN * ca - cN * sa; // sin H
    const num = -tx * sx * sH;
    const den = cd - tx * sx * cH;
    const invAlpha = 1 / Math.sqrt(num * num + den * den);
    const cDa = den * invAlpha;
    const sDa = num * invAlpha;
    const nDelta = (sd - ty * sx) * cDa;
    const invDelta = 1 / Math.sqrt(nDelta * nDelta + den * den);
    const sDp = nDelta * invDelta;
    const cDp = den * invDelta;
    const cHp = cH * cDa + sH * sDa;
    const sHp = sH * cDa - cH * sDa;
    let sinE0 = sinLat * sDp + cosLat * cDp * cHp;
    if (sinE0 > 1) sinE0 = 1;
    else if (sinE0 < -1) sinE0 = -1;
    const e0 = Math.asin(sinE0) * R2D;
    let de = 0;
    if (e0 >= limit) {
      de = (pMbar * REFRACTION_SCALE) / ((273 + temp) * Math.tan((e0 + 10.3 / (e0 + 5.11)) * D2R));
    }
    const gy = sHp * cDp;
    const gx = cHp * cDp * sinLat - sDp * cosLat;
    let az = Math.atan2(gy, gx) * R2D + 180;
    if (az >= 360) az -= 360;
    const eApp = e0 + de;
    zenith[i] = 90 - e0;
    apparentZenith[i] = 90 - eApp;
    azimuth[i] = az;
    if (elevation) elevation[i] = e0;
    if (apparentElevation) apparentElevation[i] = eApp;
    if (equationOfTime) equationOfTime[i] = e;
    if (cosApparentZenith) {
      const d = de * D2R;
      const d2 = d * d;
      cosApparentZenith[i] =
        sinE0 * (1 - d2 * (0.5 - d2 / 24)) + Math.sqrt(1 - sinE0 * sinE0) * d * (1 - d2 * (1 / 6 - d2 / 120));
    }
    if (sinAzimuth || cosAzimuth) {
      const r = Math.sqrt(gy * gy + gx * gx);
      const invR = r > 0 ? -1 / r : 0;
      if (sinAzimuth) sinAzimuth[i] = gy * invR;
      if (cosAzimuth) cosAzimuth[i] = r > 0 ? gx * invR : 1;
    }
    if (cosZenith) cosZenith[i] = sinE0;
  }
}
