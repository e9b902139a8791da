/**
 * Rear-side irradiance of bifacial modules in infinite rows: the 2-D view-factor model of Marion et al.
 * (2017), evaluated per step from precomputed view-factor tables.
 */
import { iamFunction, type IamModel } from '../optics/iam/iamModel.ts';
import {
  marionRearViewFactors,
  REAR_IAM_DEFAULT,
  type MarionRearViewFactors,
  type MarionRowGeometry,
} from './marionTables.ts';

const DEG = Math.PI / 180;
const COS85 = Math.cos(85 * DEG);
const COS_DEG = Float64Array.from({ length: 91 }, (_, k) => Math.cos(k * DEG));
const SIN_DEG = Float64Array.from({ length: 91 }, (_, k) => Math.sin(k * DEG));

/**
 * Hemispherical (isotropic) reflectance of an air–glass interface of index 1.526, the Lambertian
 * reflectance assumed for the front faces of the rows the rear face sees:
 * R_h = ∫ R(θ)·2 sin θ cos θ dθ over [0, π/2], R the polarisation-averaged Fresnel reflectance (≈ 0.096).
 */
export const GLASS_DIFFUSE_REFLECTANCE = ((): number => {
  const n = 1.526;
  const steps = 2000;
  let s = 0;
  for (let i = 0; i < steps; i++) {
    const t = ((i + 0.5) / steps) * (Math.PI / 2);
    const c1 = Math.cos(t);
    const s2 = Math.sin(t) / n;
    const c2 = Math.sqrt(1 - s2 * s2);
    const rs = (c1 - n * c2) / (c1 + n * c2);
    const rp = (c2 - n * c1) / (c2 + n * c1);
    s += 0.5 * (rs * rs + rp * rp) * 2 * Math.sin(t) * c1 * (Math.PI / 2 / steps);
  }
  return s;
})();

/**
 * The rear glass modifier tabulated every 0.1° of incidence (linear interpolation, error < 1e-5 for the
 * smooth models), so that the per-step kernel calls no function; cached per model.
 */
const beamIamTables = new Map<string, Float64Array>();
function beamIamTable(model: IamModel): Float64Array {
  const key = JSON.stringify(model);
  let t = beamIamTables.get(key);
  if (!t) {
    const f = iamFunction(model);
    t = new Float64Array(902);
    for (let i = 0; i <= 900; i++) t[i] = f(i / 10);
    t[901] = 0;
    beamIamTables.set(key, t);
  }
  return t;
}

/** Row geometry plus the bifacial parameters of the module and the DC field. */
export interface MarionRearParams extends MarionRowGeometry {
  /** Bifaciality factor φ: rear-to-front efficiency ratio [-]. */
  bifacialityFactor: number;
  /** Fraction of the beam that reaches shaded ground through the modules and gaps τ [-]; default 0. */
  transmissionFactor?: number;
  /** Rear structure shading loss [%]; default 0. */
  structureShading?: number;
  /** Rear (back-side) mismatch loss [%]; default 0. */
  backsideMismatch?: number;
  /** Diffuse reflectance of the front faces seen by the rear [-]; default {@link GLASS_DIFFUSE_REFLECTANCE}. */
  frontReflectance?: number;
}

/** One step of the rear model: irradiance incident on the rear, after the rear IAM, and effective [W/m²]. */
export interface MarionRearResult {
  poaRear: number;
  poaRearIam: number;
  rearEffective: number;
}

/**
 * Shares of the ground weights inside the periodic shadow [ua, ua + w) (fractions of the pitch), for the
 * plain and IAM-weighted cumulative weights of two tilt tables, written to shadow[0…3]; the cumulative
 * weights are linear within a segment, so the integral over partial segments is exact. ua and w are
 * read from shadow[4] and shadow[5] (no number arguments: the function is too large for V8 to inline).
 */
const shadow = new Float64Array(6);
function shadowWeights(t0: MarionRearViewFactors, t1: MarionRearViewFactors, n: number): void {
  const ua = shadow[4]!;
  const w = shadow[5]!;
  const a0 = t0.groundCumulative;
  const b0 = t0.groundCumulativeIam;
  const a1 = t1.groundCumulative;
  const b1 = t1.groundCumulativeIam;
  if (w >= 1) {
    shadow[0] = a0[n]!;
    shadow[1] = b0[n]!;
    shadow[2] = a1[n]!;
    shadow[3] = b1[n]!;
    return;
  }
  // Start point.
  let x = ua * n;
  let k = Math.floor(x);
  if (k >= n) k = n - 1;
  let f = x - k;
  const sa0 = a0[k]! + f * (a0[k + 1]! - a0[k]!);
  const sb0 = b0[k]! + f * (b0[k + 1]! - b0[k]!);
  const sa1 = a1[k]! + f * (a1[k + 1]! - a1[k]!);
  const sb1 = b1[k]! + f * (b1[k + 1]! - b1[k]!);
  // End point, wrapping once.
  let ub = ua + w;
  const wrap = ub > 1;
  if (wrap) ub -= 1;
  x = ub * n;
  k = Math.floor(x);
  if (k >= n) k = n - 1;
  f = x - k;
  const ea0 = a0[k]! + f * (a0[k + 1]! - a0[k]!);
  const eb0 = b0[k]! + f * (b0[k + 1]! - b0[k]!);
  const ea1 = a1[k]! + f * (a1[k + 1]! - a1[k]!);
  const eb1 = b1[k]! + f * (b1[k + 1]! - b1[k]!);
  shadow[0] = wrap ? a0[n]! - sa0 + ea0 : ea0 - sa0;
  shadow[1] = wrap ? b0[n]! - sb0 + eb0 : eb0 - sb0;
  shadow[2] = wrap ? a1[n]! - sa1 + ea1 : ea1 - sa1;
  shadow[3] = wrap ? b1[n]! - sb1 + eb1 : eb1 - sb1;
}

function lerp(a: number, b: number, f: number): number {
  return a + f * (b - a);
}

/** Result of the kernel: poaRear, poaRearIam, rearEffective (typed, so that nothing is allocated per step). */
const res = new Float64Array(3);

/**
 * Inputs of one step of the kernel: [0] interpolation weight f between the tilt tables t0 and t1 [-],
 * [1] cos β, [2] sin β, [3] cos θz (NaN: unknown sun), [4] solar minus surface azimuth [°], [5] DNI,
 * [6] DHI [W/m²], [7] circumsolar fraction F1 [-], [8] albedo [-], [9] front POA [W/m²]. An array rather
 * than number arguments: the kernel is too large for V8 to inline, and each double argument of a call
 * that is not inlined is boxed on the heap.
 */
const io = new Float64Array(10);

/** @internal Kernel: one step from `io` and the tilt tables; writes poaRear, poaRearIam, rearEffective into `res`. */
function kernel(
  t0: MarionRearViewFactors,
  t1: MarionRearViewFactors,
  g: {
    h: number;
    p: number;
    l: number;
    n: number;
    tau: number;
    rho: number;
    gain: number;
    iam: Float64Array;
  },
): void {
  const f = io[0]!;
  const cb = io[1]!;
  const sb = io[2]!;
  const cz = io[3]!;
  const dAzimuth = io[4]!;
  const dni = io[5]!;
  const dhi = io[6]!;
  const f1 = io[7]!;
  const albedo = io[8]!;
  const poaFront = io[9]!;
  if (!(cz > 0)) {
    res[0] = res[1] = res[2] = Number.isNaN(cz) ? Number.NaN : 0;
    return;
  }
  const sx = Math.sqrt(1 - cz * cz) * Math.cos(dAzimuth * DEG);
  // Perez circumsolar (fraction F1 of DHI) travels with the beam: DNI' = DNI + DHI·F1/max(cos z, cos 85°).
  const dniEff = dni + (dhi * f1) / (cz > COS85 ? cz : COS85);
  const dhiIso = dhi * (1 - f1);
  const beamH = dniEff * cz;
  // Ground shadow of one row (periodic): edges projected along the sun, x' = x − y·tan ψ, tan ψ = sx/cz.
  const hx = 0.5 * g.l * cb;
  const hy = 0.5 * g.l * sb;
  const tanPsi = sx / cz;
  const xa = hx - (g.h - hy) * tanPsi;
  const xb = -hx - (g.h + hy) * tanPsi;
  const lo = xa < xb ? xa : xb;
  const w = Math.abs(xb - xa) / g.p;
  const ua = lo / g.p - Math.floor(lo / g.p);
  shadow[4] = ua;
  shadow[5] = w;
  shadowWeights(t0, t1, g.n);
  const shade = lerp(shadow[0]!, shadow[2]!, f);
  const shadeIam = lerp(shadow[1]!, shadow[3]!, f);
  const lost = 1 - g.tau;
  const ground =
    albedo *
    (dhiIso * lerp(t0.groundSky, t1.groundSky, f) + beamH * (lerp(t0.ground, t1.ground, f) - lost * shade));
  const groundIam =
    albedo *
    (dhiIso * lerp(t0.groundSkyIam, t1.groundSkyIam, f) +
      beamH * (lerp(t0.groundIam, t1.groundIam, f) - lost * shadeIam));
  const reflected = g.rho * poaFront;
  let poa = dhiIso * lerp(t0.sky, t1.sky, f) + ground + reflected * lerp(t0.rowFront, t1.rowFront, f);
  let poaIam =
    dhiIso * lerp(t0.skyIam, t1.skyIam, f) + groundIam + reflected * lerp(t0.rowFrontIam, t1.rowFrontIam, f);
  // Beam on the rear face when the sun is behind it, less the part shaded by the row behind.
  const cosRear = -(cz * cb + sx * sb);
  if (cosRear > 0 && dniEff > 0) {
    // Shadow of the row behind (−pitch) on this row's line, s along the module from its bottom edge.
    const den = -cb * cz - sb * sx; // cross(d, S), d = (−cos β, sin β), S = (sx, cz)
    // s = cross(Q − Bot, S)/den for Q the bottom (−p, 0) and top (−p − 2hx, 2hy) edges of row −1.
    const sBot = (-g.p * cz) / den;
    const sTop = ((-g.p - 2 * hx) * cz - 2 * hy * sx) / den;
    const s0 = Math.max(0, Math.min(sBot, sTop));
    const s1 = Math.min(g.l, Math.max(sBot, sTop));
    const lit = 1 - (s1 > s0 ? (s1 - s0) / g.l : 0);
    const beam = dniEff * cosRear * lit;
    poa += beam;
    const x = (Math.acos(cosRear > 1 ? 1 : cosRear) / DEG) * 10;
    const k = Math.floor(x);
    poaIam += beam * (g.iam[k]! + (x - k) * (g.iam[k + 1]! - g.iam[k]!));
  }
  res[0] = poa;
  res[1] = poaIam;
  res[2] = poaIam * g.gain;
}

function constants(p: MarionRearParams) {
  const iamModel = p.rearIam ?? REAR_IAM_DEFAULT;
  return {
    h: p.postHeight,
    p: p.pitch,
    l: p.collectorWidth,
    n: p.groundSegments ?? 100,
    tau: p.transmissionFactor ?? 0,
    rho: p.frontReflectance ?? GLASS_DIFFUSE_REFLECTANCE,
    gain: p.bifacialityFactor * (1 - (p.structureShading ?? 0) / 100) * (1 - (p.backsideMismatch ?? 0) / 100),
    iam: beamIamTable(iamModel),
  };
}

/** Inputs of one step. */
export interface MarionRearInputs {
  /** Solar zenith [°] and azimuth [°] (N = 0, E = 90). */
  solarZenith: number;
  solarAzimuth: number;
  /** Tilt of the front face β [°], 0…90, and its azimuth [°]; the rows run perpendicular to it. */
  surfaceTilt: number;
  surfaceAzimuth: number;
  /** Direct normal and diffuse horizontal irradiance [W/m²]. */
  dni: number;
  dhi: number;
  /** Ground albedo ρ [-]. */
  albedo: number;
  /** Front plane-of-array irradiance of the rows, reflected onto the rear of the next row [W/m²]; default 0. */
  poaFront?: number;
  /** Perez circumsolar fraction F1 of DHI, treated as beam [-]; default 0 (isotropic sky). */
  circumsolarFraction?: number;
}

/**
 * Rear-side irradiance of a bifacial module in an interior row of infinite rows on flat ground
 * (Marion et al. 2017, 2-D view factors).
 *
 * With the view factors of {@link marionRearViewFactors} (sky F_sky, ground segment weights w_k, front
 * faces of other rows F_row; IAM-weighted variants likewise), the ground irradiance of segment k is
 *   E_k = DHI_iso·F_k,sky + DNI′·cos z·(1 − (1 − τ)·s_k),
 * s_k the fraction of the segment in the row's periodic shadow (edges projected along the sun,
 * x′ = x − y·sin z·cos(γs − γ)/cos z, integrated exactly over the segments), and
 *   G_rear = DHI_iso·F_sky + ρ·Σ_k w_k·E_k + ρ_f·G_front·F_row + DNI′·cos θ_rear·(1 − f_sh),
 * θ_rear the angle of incidence on the rear face and f_sh its fraction shaded by the row behind (exact 2-D
 * projection). The sky is isotropic (DHI_iso = DHI·(1 − F1)); the Perez circumsolar part F1 travels with
 * the beam, DNI′ = DNI + DHI·F1/max(cos z, cos 85°); horizon brightening is not modelled on the rear.
 * The light reflected by the front faces of the rows seen (Lambertian, reflectance ρ_f) and the rear
 * faces of other rows (taken as dark) close the balance. The IAM-weighted sum uses the rear glass
 * modifier per slice and for the beam. Finally
 *   G_rear,eff = G_rear,IAM·φ·(1 − structure shading/100)·(1 − back-side mismatch/100),
 * which the chain adds to the front effective irradiance (spec 4 §2). Sun below the horizon gives 0.
 * The front-side effect of the rows on ground-reflected light is left to the shading model.
 *
 * @param x sun position [°], orientation [°], DNI and DHI [W/m²], albedo [-], optional front POA
 *          [W/m²] and circumsolar fraction [-]
 * @param p row geometry [m], bifaciality φ [-], τ [-], structure shading and mismatch [%], ρ_f [-]
 * @returns rear irradiance incident (`poaRear`), after the rear IAM (`poaRearIam`) and effective
 *          (`rearEffective`) [W/m²]
 * @see B. Marion et al., "A practical irradiance model for bifacial PV modules," IEEE 44th PVSC (2017),
 *      doi:10.1109/PVSC.2017.8366263 (NREL/CP-5J00-67847)
 */
export function marionRearIrradiance(x: MarionRearInputs, p: MarionRearParams): MarionRearResult {
  const t = marionRearViewFactors({ surfaceTilt: x.surfaceTilt }, p);
  const tilt = x.surfaceTilt * DEG;
  io[0] = 0;
  io[1] = Math.cos(tilt);
  io[2] = Math.sin(tilt);
  io[3] = Math.cos(x.solarZenith * DEG);
  io[4] = x.solarAzimuth - x.surfaceAzimuth;
  io[5] = x.dni;
  io[6] = x.dhi;
  io[7] = x.circumsolarFraction ?? 0;
  io[8] = x.albedo;
  io[9] = x.poaFront ?? 0;
  kernel(t, t, constants(p));
  return { poaRear: res[0]!, poaRearIam: res[1]!, rearEffective: res[2]! };
}

/**
 * The whole-degree view-factor tables 0…90° of the series form, per parameter object (filled on first
 * use), so that a series call neither allocates nor looks the tables up by key; rebuilt if the row
 * geometry of the object has changed since.
 */
interface DegreeTables {
  geometry: readonly unknown[];
  tables: (MarionRearViewFactors | undefined)[];
}
const degreeTables = new WeakMap<MarionRearParams, DegreeTables>();
function wholeDegreeTables(p: MarionRearParams): (MarionRearViewFactors | undefined)[] {
  const t = degreeTables.get(p);
  if (
    t !== undefined &&
    t.geometry[0] === p.postHeight &&
    t.geometry[1] === p.pitch &&
    t.geometry[2] === p.collectorWidth &&
    t.geometry[3] === p.rearIam &&
    t.geometry[4] === p.groundSegments &&
    t.geometry[5] === p.modulePoints &&
    t.geometry[6] === p.slicesPerDegree
  )
    return t.tables;
  const fresh = {
    geometry: [
      p.postHeight,
      p.pitch,
      p.collectorWidth,
      p.rearIam,
      p.groundSegments,
      p.modulePoints,
      p.slicesPerDegree,
    ],
    tables: new Array<MarionRearViewFactors | undefined>(91).fill(undefined),
  };
  degreeTables.set(p, fresh);
  return fresh.tables;
}

/** Inputs of the series form; orientation and albedo may be constants. */
export interface MarionRearSeriesInputs {
  solarZenith: Float64Array;
  /** optional cos of the solar zenith [-] (e.g. from `spaSeries`), instead of a cosine per step */
  cosSolarZenith?: Float64Array;
  solarAzimuth: Float64Array;
  surfaceTilt: number | Float64Array;
  surfaceAzimuth: number | Float64Array;
  dni: Float64Array;
  dhi: Float64Array;
  albedo: number | Float64Array;
  poaFront?: Float64Array;
  circumsolarFraction?: Float64Array;
}

/**
 * Series form of {@link marionRearIrradiance}. A constant tilt uses the exact table of that tilt. A tilt
 * per step (trackers) uses tables at whole degrees, built on first use, with the view factors and the
 * shadow integrals interpolated linearly in tilt (the shadow and rear-beam geometry use the exact
 * tilt); against exact tables this changes the rear irradiance by < 1 % and < 0.5 W/m² (tested on
 * random sun positions and tilts 0…60°, DNI ≤ 900, DHI ≤ 200 W/m², albedo 0.3), well inside the
 * model's own discretisation error (6 points up the module: up to 1.4 % against 24 points).
 * A non-finite tilt gives 0 with the sun down and NaN otherwise.
 *
 * @param x series of the inputs of {@link marionRearIrradiance}
 * @param p row geometry and bifacial parameters
 * @param out caller-owned outputs [W/m²]
 */
export function marionRearIrradianceSeries(
  x: MarionRearSeriesInputs,
  p: MarionRearParams,
  out: { poaRear: Float64Array; poaRearIam: Float64Array; rearEffective: Float64Array },
): void {
  const g = constants(p);
  const len = x.solarZenith.length;
  const tiltArr = typeof x.surfaceTilt === 'number' ? null : x.surfaceTilt;
  const azArr = typeof x.surfaceAzimuth === 'number' ? null : x.surfaceAzimuth;
  const azConst = typeof x.surfaceAzimuth === 'number' ? +x.surfaceAzimuth : 0;
  const alArr = typeof x.albedo === 'number' ? null : x.albedo;
  const alConst = typeof x.albedo === 'number' ? +x.albedo : 0;
  const fixedTilt = typeof x.surfaceTilt === 'number' ? x.surfaceTilt : 0;
  const fixed = tiltArr ? null : marionRearViewFactors({ surfaceTilt: fixedTilt }, p);
  const fixedCb = Math.cos(fixedTilt * DEG);
  const fixedSb = Math.sin(fixedTilt * DEG);
  const bins = wholeDegreeTables(p);
  const { poaFront, circumsolarFraction: cs, solarZenith: zen, solarAzimuth: sAz, dni, dhi } = x;
  const cosZen = x.cosSolarZenith;
  const { poaRear, poaRearIam, rearEffective } = out;
  for (let i = 0; i < len; i++) {
    let t0: MarionRearViewFactors;
    let t1: MarionRearViewFactors;
    let f = 0;
    let cb = fixedCb;
    let sb = fixedSb;
    if (fixed) t0 = t1 = fixed;
    else {
      const tilt = tiltArr![i]!;
      if (!(tilt >= 0 && tilt <= 90)) {
        const v = zen[i]! < 90 ? Number.NaN : 0;
        poaRear[i] = v;
        poaRearIam[i] = v;
        rearEffective[i] = v;
        continue;
      }
      const k = tilt >= 90 ? 89 : Math.floor(tilt);
      f = tilt - k;
      t0 = bins[k] ?? (bins[k] = marionRearViewFactors({ surfaceTilt: k }, p));
      t1 = f > 0 ? (bins[k + 1] ?? (bins[k + 1] = marionRearViewFactors({ surfaceTilt: k + 1 }, p))) : t0;
      // cos and sin of the tilt from those of the whole degree k (angle addition, d ≤ 1° in radians;
      // series truncation error < 1e-12), cheaper than a trigonometric call per step.
      const d = f * DEG;
      const d2 = d * d;
      const cd = 1 - d2 * (0.5 - d2 / 24);
      const sd = d * (1 - d2 * (1 / 6 - d2 / 120));
      cb = COS_DEG[k]! * cd - SIN_DEG[k]! * sd;
      sb = SIN_DEG[k]! * cd + COS_DEG[k]! * sd;
    }
    io[0] = f;
    io[1] = cb;
    io[2] = sb;
    io[3] = cosZen !== undefined ? cosZen[i]! : Math.cos(zen[i]! * DEG);
    io[4] = sAz[i]! - (azArr ? azArr[i]! : azConst);
    io[5] = dni[i]!;
    io[6] = dhi[i]!;
    io[7] = cs ? cs[i]! : 0;
    io[8] = alArr ? alArr[i]! : alConst;
    io[9] = poaFront ? poaFront[i]! : 0;
    kernel(t0, t1, g);
    poaRear[i] = res[0]!;
    poaRearIam[i] = res[1]!;
    rearEffective[i] = res[2]!;
  }
}
