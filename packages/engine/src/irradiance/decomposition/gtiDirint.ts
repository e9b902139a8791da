/**
 * GTI-DIRINT (Marion 2015): GHI, DNI and DHI from measured plane-of-array global irradiance (GTI),
 * the reverse of decomposition + transposition, for `useMeteoPOAI`.
 *
 * AOI < 90° (Marion §2.1, Fig. 1), iterated over the whole series together (Δkt′ needs the
 * neighbouring steps), at most 30 times:
 *   kt = GTI_i/(I0·max(cos AOI, 0.065))            (Eq. 2; I0 = 1370·(r0/r)², clipped to [0, 1])
 *   DNI = DIRINT(kt, kt′ = kt/f(AM′), θz, Δkt′, W)  (Eq. 3; DISC Kn from kt, DIRINT table, `dirint.ts`)
 *   GHI = kt·I0·max(cos θz, 0.065),  DHI = GHI − DNI·cos θz, all floored at 0
 *   GTI_model = transposition(GHI, DNI, DHI) (the caller's model and geometry)
 *   GTI_{i+1} = max(1, GTI_i − C_i·(GTI_model − GTI)), C = 1 (iterations 1–3), 0.5 (4–10),
 *               0.25 (11–20), 0.125 (21–30)                                       (Eq. 4)
 * keeping per step the iterate with the smallest |GTI_model − GTI|; a step is done when that
 * difference is ≤ 1 W/m². kt and kt′ are clipped to [0, 1] (the DIRINT table's domain).
 * AOI ≥ 90° with the sun up (Marion §2.2): kt′ = mean kt′ of the same day's steps with 65° < AOI < 80°,
 * morning (azimuth < 180°) and afternoon taken apart (if there are none: the day's mean kt′ at AOI < 90°,
 * else DNI = 0); DNI = DIRINT without Δkt′; DHI from GTI by the isotropic sky and ground
 *   DHI = (2·GTI − DNI·cos θz·ρ·(1 − cos β))/(1 + cos β + ρ·(1 − cos β)),  GHI = DNI·cos θz + DHI.
 * Night (θz ≥ 90°) and GTI ≤ 0 or missing give 0.
 * @see B. Marion, "A model for deriving the direct normal and diffuse horizontal irradiance from the
 *      global tilted irradiance," Solar Energy 122 (2015) 1037–1046, doi:10.1016/j.solener.2015.10.024
 */
import { kasten1966, STANDARD_PRESSURE } from '../../atmosphere/airmass.ts';
import { extraterrestrialSpencer } from '../extraterrestrial.ts';
import { clearnessIndexKernel, ktPrimeKernel, MIN_COS_ZENITH } from './clearnessIndex.ts';
import { DISC_MAX_AIRMASS, DISC_SOLAR_CONSTANT, discKn } from './disc.ts';
import {
  checkDirintWater,
  deltaKtPrimeAt,
  dirintCoefficient,
  dirintWater,
  type DirintWaterSource,
} from './dirint.ts';

const D2R = Math.PI / 180;

/**
 * Plane-of-array global irradiance [W/m²] that the caller's transposition gives at step i for the
 * horizontal components GHI, DNI, DHI [W/m²], with I0 [W/m²] and the absolute air mass AM′ that
 * GTI-DIRINT uses (for Perez / Hay–Davies).
 */
export type TranspositionCallback = (
  i: number,
  ghi: number,
  dni: number,
  dhi: number,
  dniExtra: number,
  airmassAbsolute: number,
) => number;

/** Inputs of {@link gtiDirintSeries}. */
export interface GtiDirintInput {
  /** measured plane-of-array global irradiance [W/m²] */
  poaGlobal: Float64Array;
  /** angle of incidence on the measuring plane [°] */
  aoi: Float64Array;
  /** true solar zenith [°] */
  zenith: Float64Array;
  /** solar azimuth, N = 0, E = 90 [°] (morning/afternoon) */
  azimuth: Float64Array;
  /** day of year (local standard time) of each step */
  dayOfYear: Float64Array;
  /** site pressure, constant or per step [Pa] */
  pressure: number | Float64Array;
  /** tilt of the measuring plane, constant or per step [°] (AOI ≥ 90° branch) */
  surfaceTilt: number | Float64Array;
  /** ground albedo, constant or per step [–] (AOI ≥ 90° branch) */
  albedo: number | Float64Array;
  /** dew point [°C] (water: 'dewPoint') */
  tempDew?: Float64Array;
  /** precipitable water [cm] (water: 'precipitableWater') */
  precipitableWater?: Float64Array;
}

/** Options of {@link gtiDirintSeries}. */
export interface GtiDirintParams {
  /** use Δkt′ from the neighbouring steps, default true */
  useDeltaKtPrime?: boolean;
  /** DIRINT's precipitable water source, default 'none' */
  water?: DirintWaterSource;
  /** maximum number of iterations, default 30 */
  maxIterations?: number;
  /** convergence: |GTI_model − GTI| ≤ this [W/m²], default 1 */
  tolerance?: number;
}

/** Caller-owned scratch of {@link gtiDirintSeries}, from {@link gtiDirintWork}; reusable across calls. */
export interface GtiDirintWork {
  length: number;
  i0: Float64Array;
  am: Float64Array;
  cosZ: Float64Array;
  active: Uint8Array;
  poaI: Float64Array;
  ktp: Float64Array;
  kt: Float64Array;
  best: Float64Array;
  bestKtp: Float64Array;
}

/** Allocates the scratch of {@link gtiDirintSeries} for series of up to `length` steps. */
export function gtiDirintWork(length: number): GtiDirintWork {
  const f = () => new Float64Array(length);
  return {
    length,
    i0: f(),
    am: f(),
    cosZ: f(),
    active: new Uint8Array(length),
    poaI: f(),
    ktp: f(),
    kt: f(),
    best: f(),
    bestKtp: f(),
  };
}

/** Morning, afternoon and whole-day sums and counts of kt′ (AOI ≥ 90° branch). */
const HALF_DAY_SUMS = new Float64Array(3);
const HALF_DAY_COUNTS = new Float64Array(3);

function stepCoefficient(iteration: number): number {
  return iteration < 3 ? 1 : iteration < 10 ? 0.5 : iteration < 20 ? 0.25 : 0.125;
}

/**
 * GTI-DIRINT reverse decomposition over a series (equations in this file's header).
 * @param x measured GTI [W/m²], AOI, zenith, azimuth [°], day of year, pressure [Pa], tilt [°], albedo
 * @param p options; `transpose` the caller's transposition (isotropic, Hay–Davies, Perez …)
 * @param out GHI, DNI, DHI [W/m²] per step (0 at night), and optionally the iterations used
 * @param work optional scratch from {@link gtiDirintWork} of at least the series length (else allocated)
 * @returns `out`
 * @see B. Marion, Solar Energy 122 (2015) 1037–1046, doi:10.1016/j.solener.2015.10.024
 */
export function gtiDirintSeries(
  x: GtiDirintInput,
  p: GtiDirintParams,
  transpose: TranspositionCallback,
  out: { ghi: Float64Array; dni: Float64Array; dhi: Float64Array },
  work?: GtiDirintWork,
): { ghi: Float64Array; dni: Float64Array; dhi: Float64Array; iterations: number } {
  const n = x.poaGlobal.length;
  const water = p.water ?? 'none';
  checkDirintWater(x, water);
  const useDelta = p.useDeltaKtPrime ?? true;
  const maxIter = p.maxIterations ?? 30;
  const tol = p.tolerance ?? 1;
  const { ghi: oG, dni: oB, dhi: oD } = out;
  const pr = x.pressure;

  const w = work !== undefined && work.length >= n ? work : gtiDirintWork(n);
  const { i0, am, cosZ, poaI, ktp, kt, best, bestKtp } = w;
  const active = w.active; // 1: AOI < 90 iterate, 2: AOI ≥ 90 sun up
  best.fill(Infinity, 0, n);
  bestKtp.fill(NaN, 0, n);

  for (let i = 0; i < n; i++) {
    const z = x.zenith[i]!;
    const g = x.poaGlobal[i]!;
    oG[i] = oB[i] = oD[i] = 0;
    cosZ[i] = Math.cos(z * D2R);
    i0[i] = extraterrestrialSpencer({ dayOfYear: x.dayOfYear[i]! }, { solarConstant: DISC_SOLAR_CONSTANT });
    am[i] = (kasten1966({ zenith: z }) * (typeof pr === 'number' ? pr : pr[i]!)) / STANDARD_PRESSURE;
    poaI[i] = g;
    active[i] = z < 90 && g > 0 ? (x.aoi[i]! < 90 ? 1 : 2) : 0;
  }

  let iterations = 0;
  for (let it = 0; it < maxIter; it++) {
    let done = true;
    for (let i = 0; i < n; i++) if (active[i] === 1 && !(best[i]! <= tol)) done = false;
    if (done) break;
    iterations++;
    for (let i = 0; i < n; i++) {
      if (active[i] !== 1) {
        ktp[i] = NaN;
        continue;
      }
      kt[i] = clearnessIndexKernel(poaI[i]!, x.aoi[i]!, i0[i]!, MIN_COS_ZENITH, 1);
      ktp[i] = ktPrimeKernel(kt[i]!, am[i]!, 1);
    }
    const c = stepCoefficient(it);
    for (let i = 0; i < n; i++) {
      if (active[i] !== 1) continue;
      const k = kt[i]!;
      const disc = Math.max(discKn(k, am[i]!, DISC_MAX_AIRMASS) * i0[i]!, 0);
      const dk = useDelta ? deltaKtPrimeAt(ktp, i) : NaN;
      const dni = Math.max(disc * dirintCoefficient(ktp[i]!, x.zenith[i]!, dirintWater(x, water, i), dk), 0);
      const ghi = Math.max(k * i0[i]! * Math.max(cosZ[i]!, MIN_COS_ZENITH), 0);
      const dhi = Math.max(ghi - dni * cosZ[i]!, 0);
      const diff = transpose(i, ghi, dni, dhi, i0[i]!, am[i]!) - x.poaGlobal[i]!;
      if (Math.abs(diff) < best[i]!) {
        best[i] = Math.abs(diff);
        oG[i] = ghi;
        oB[i] = dni;
        oD[i] = dhi;
        bestKtp[i] = ktp[i]!;
      }
      poaI[i] = Math.max(1, poaI[i]! - c * diff);
    }
  }

  // AOI ≥ 90° with the sun up: kt′ from the same half-day's 65° < AOI < 80° steps.
  for (let start = 0; start < n;) {
    let end = start + 1;
    while (end < n && x.dayOfYear[end] === x.dayOfYear[start]) end++;
    let has2 = false;
    for (let i = start; i < end; i++) if (active[i] === 2) has2 = true;
    if (has2) {
      const sums = HALF_DAY_SUMS.fill(0);
      const counts = HALF_DAY_COUNTS.fill(0);
      for (let i = start; i < end; i++) {
        const k = bestKtp[i]!;
        if (active[i] !== 1 || k !== k) continue;
        sums[2]! += k;
        counts[2]!++;
        const a = x.aoi[i]!;
        if (a > 65 && a < 80) {
          const half = x.azimuth[i]! < 180 ? 0 : 1;
          sums[half]! += k;
          counts[half]!++;
        }
      }
      for (let i = start; i < end; i++) {
        if (active[i] !== 2) continue;
        const half = x.azimuth[i]! < 180 ? 0 : 1;
        const k =
          counts[half]! > 0 ? sums[half]! / counts[half]! : counts[2]! > 0 ? sums[2]! / counts[2]! : NaN;
        let dni = 0;
        if (k === k) {
          const ktHalf = k * (1.031 * Math.exp(-1.4 / (0.9 + 9.4 / am[i]!)) + 0.1);
          const disc = Math.max(discKn(ktHalf, am[i]!, DISC_MAX_AIRMASS) * i0[i]!, 0);
          dni = Math.max(disc * dirintCoefficient(k, x.zenith[i]!, dirintWater(x, water, i), NaN), 0);
        }
        const tilt = x.surfaceTilt;
        const alb = x.albedo;
        const cb = Math.cos((typeof tilt === 'number' ? tilt : tilt[i]!) * D2R);
        const rho = typeof alb === 'number' ? alb : alb[i]!;
        const beamH = dni * cosZ[i]!;
        const dhi = Math.max((2 * x.poaGlobal[i]! - beamH * rho * (1 - cb)) / (1 + cb + rho * (1 - cb)), 0);
        oB[i] = dni;
        oD[i] = dhi;
        oG[i] = beamH + dhi;
      }
    }
    start = end;
  }
  return { ghi: oG, dni: oB, dhi: oD, iterations };
}
