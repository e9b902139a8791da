/**
 * DIRINT (Perez et al. 1992): DISC DNI corrected by a 4-D look-up table of the zenith-independent
 * clearness index kt′, the zenith θz, the stability index Δkt′ and the precipitable water W.
 *
 *   kt′ = kt/[1.031·exp(−1.4/(0.9 + 9.4/AM′)) + 0.1], clipped to [0, 1]   (Eq. 1; AM′ as in DISC)
 *   Δkt′_i = ½·(|kt′_i − kt′_{i+1}| + |kt′_i − kt′_{i−1}|)             (Eq. 2)
 *   Δkt′ = |kt′_i − kt′_{i±1}| with only one neighbour defined           (Eq. 3)
 *   W = exp(0.07·Td − 0.075) [cm] from the dew point Td [°C]             (Eq. 4)
 *   DNI = DNI_DISC·X(kt′, θz, Δkt′, W)                                   (Eq. 5, X: `dirintTables.ts`)
 * Bin edges are in `dirintTables.ts`. As in the reference implementation (pvlib `dirint`), which the
 * golden vectors follow: kt and kt′ are clipped to [0, 1]; kt′ is undefined for θz > 90° (the air mass
 * is), so Eq. 3 applies at the first and last step of the series and next to night steps (sunrise,
 * sunset); Δkt′ "not used" and W "not available" are the table's last bins. This engine also uses
 * those last bins, instead of returning NaN, for a day step with no defined neighbour and for a missing
 * (NaN) dew point or precipitable water.
 *
 * Raw output: NaN where kt′ is undefined (θz > 90° or GHI NaN), as the reference; the chain
 * (`decompose.ts`) turns night into 0. DIRINT was fitted on hourly data; Δkt′ uses the neighbouring
 * steps of whatever interval the series has.
 * @see R. Perez, P. Ineichen, E. Maxwell, R. Seals, A. Zelenka, "Dynamic global-to-direct irradiance
 *      conversion models," ASHRAE Transactions 98(1) (1992) 354–369
 */
import { MAX_ZENITH, MIN_COS_ZENITH, ktPrimeKernel } from './clearnessIndex.ts';
import { extraterrestrialSpencer } from '../extraterrestrial.ts';
import { DISC_MAX_AIRMASS, DISC_SOLAR_CONSTANT, discKernel } from './disc.ts';
import { DIRINT_COEFFICIENTS } from './dirintTables.ts';

const X = DIRINT_COEFFICIENTS;
const D2R = Math.PI / 180;

/** Where DIRINT's precipitable water comes from. */
export type DirintWaterSource = 'none' | 'dewPoint' | 'precipitableWater';

/** Precipitable water from the dew point, W = exp(0.07·Td − 0.075) [cm] (Perez et al. 1992, Eq. 4). */
export function dirintPrecipitableWater(tempDew: number): number {
  return Math.exp(0.07 * tempDew - 0.075);
}

/**
 * The DIRINT multiplier X for one step: NaN when kt′ or θz is undefined. `w` NaN selects the "W not
 * available" bin, `deltaKtPrime` NaN or negative the "Δkt′ not used" bin.
 * @internal
 */
export function dirintCoefficient(ktPrime: number, zenith: number, w: number, deltaKtPrime: number): number {
  if (!(ktPrime >= 0 && ktPrime <= 1) || !(zenith >= 0)) return NaN;
  const k =
    ktPrime < 0.24 ? 0 : ktPrime < 0.4 ? 1 : ktPrime < 0.56 ? 2 : ktPrime < 0.7 ? 3 : ktPrime < 0.8 ? 4 : 5;
  const z = zenith < 25 ? 0 : zenith < 40 ? 1 : zenith < 55 ? 2 : zenith < 70 ? 3 : zenith < 80 ? 4 : 5;
  const d = !(deltaKtPrime >= 0)
    ? 6
    : deltaKtPrime < 0.015
      ? 0
      : deltaKtPrime < 0.035
        ? 1
        : deltaKtPrime < 0.07
          ? 2
          : deltaKtPrime < 0.15
            ? 3
            : deltaKtPrime < 0.3
              ? 4
              : 5;
  const wb = !(w >= 0) ? 4 : w < 1 ? 0 : w < 2 ? 1 : w < 3 ? 2 : 3;
  return X[k * 210 + z * 35 + d * 5 + wb]!;
}

/**
 * Δkt′ of step i of a kt′ series: Eq. 2 with both neighbours defined, Eq. 3 (the one-sided
 * difference) with one; NaN when kt′_i is undefined or no neighbour is defined.
 * @internal
 */
export function deltaKtPrimeAt(ktPrime: Float64Array, i: number): number {
  const n = ktPrime.length;
  const k = ktPrime[i]!;
  if (k !== k || n < 2) return NaN;
  const prev = i > 0 ? ktPrime[i - 1]! : ktPrime[1]!;
  const next = i < n - 1 ? ktPrime[i + 1]! : ktPrime[n - 2]!;
  const dPrev = Math.abs(k - prev);
  const dNext = Math.abs(k - next);
  if (dPrev !== dPrev) return dNext === dNext ? dNext : NaN;
  return dNext === dNext ? 0.5 * (dPrev + dNext) : dPrev;
}

/** Options of the DIRINT model. */
export interface DirintParams {
  /** use the stability index Δkt′ from the neighbouring steps (Perez: for steps < 1.5 h), default true */
  useDeltaKtPrime?: boolean;
  /** where W comes from: 'none' (not available bin), 'dewPoint' (Eq. 4) or 'precipitableWater' */
  water?: DirintWaterSource;
  /** floor of cos θz in kt, default 0.065 */
  minCosZenith?: number;
  /** DNI = 0 beyond this zenith, default 87 [°] */
  maxZenith?: number;
}

/** DIRINT inputs over a series. */
export interface DirintSeriesInput {
  /** global horizontal irradiance [W/m²] */
  ghi: Float64Array;
  /** true solar zenith [°] */
  zenith: Float64Array;
  /** optional cos of the true zenith [-] (e.g. from `spaSeries`), instead of a cosine per step */
  cosZenith?: Float64Array;
  /** day of year of each step (local standard time), for I0 */
  dayOfYear: Float64Array;
  /** site pressure, constant or per step [Pa] */
  pressure: number | Float64Array;
  /** dew point [°C] (water: 'dewPoint') */
  tempDew?: Float64Array;
  /** precipitable water [cm] (water: 'precipitableWater') */
  precipitableWater?: Float64Array;
}

/** W per step from the chosen source, or null (not available). @internal */
export function dirintWater(
  x: { tempDew?: Float64Array; precipitableWater?: Float64Array },
  source: DirintWaterSource,
  i: number,
): number {
  if (source === 'dewPoint') return dirintPrecipitableWater(x.tempDew![i]!);
  if (source === 'precipitableWater') return x.precipitableWater![i]!;
  return NaN;
}

/** Throws unless the water column that `source` names is present. @internal */
export function checkDirintWater(
  x: { tempDew?: Float64Array; precipitableWater?: Float64Array },
  source: DirintWaterSource,
): void {
  if (source === 'dewPoint' && !x.tempDew) throw new TypeError("DIRINT water 'dewPoint' needs x.tempDew");
  if (source === 'precipitableWater' && !x.precipitableWater) {
    throw new TypeError("DIRINT water 'precipitableWater' needs x.precipitableWater");
  }
}

const DISC_OUT = new Float64Array(8);

/**
 * DIRINT direct normal irradiance over a time series (equations in this file's header).
 * @param x GHI [W/m²], true zenith [°], day of year, pressure [Pa], dew point [°C] or precipitable
 *        water [cm] per `p.water`
 * @param p.useDeltaKtPrime default true; p.water default 'none'
 * @param out DNI [W/m²] per step (NaN where θz > 90°, as the reference)
 * @param ktPrimeOut optional kt′ per step [–]
 * @see R. Perez et al., ASHRAE Transactions 98(1) (1992) 354–369
 */
export function dirintSeries(
  x: DirintSeriesInput,
  p: DirintParams,
  out: Float64Array,
  ktPrimeOut?: Float64Array,
): Float64Array {
  const n = x.ghi.length;
  const water = p.water ?? 'none';
  checkDirintWater(x, water);
  const useDelta = p.useDeltaKtPrime ?? true;
  const minCos = p.minCosZenith ?? MIN_COS_ZENITH;
  const maxZ = p.maxZenith ?? MAX_ZENITH;
  const pr = x.pressure;
  const prScalar = typeof pr === 'number' ? +pr : NaN; // + keeps it an unboxed number
  const prArray = typeof pr === 'number' ? null : pr;
  const cosZenith = x.cosZenith;
  const ktp = ktPrimeOut ?? new Float64Array(n);
  // pass 1: DISC DNI (into out) and kt′; kt′ is undefined for θz > 90° (no air mass): skip the work
  let lastDoy = NaN;
  let i0 = NaN;
  for (let i = 0; i < n; i++) {
    const z = x.zenith[i]!;
    if (!(z <= 90)) {
      out[i] = NaN;
      ktp[i] = NaN;
      continue;
    }
    const doy = x.dayOfYear[i]!;
    if (doy !== lastDoy) {
      lastDoy = doy;
      i0 = extraterrestrialSpencer({ dayOfYear: doy }, { solarConstant: DISC_SOLAR_CONSTANT });
    }
    const io = DISC_OUT;
    io[0] = x.ghi[i]!;
    io[1] = z;
    io[2] = cosZenith !== undefined ? cosZenith[i]! : Math.cos(z * D2R);
    io[3] = i0;
    io[4] = prArray !== null ? prArray[i]! : prScalar;
    io[5] = minCos;
    io[6] = maxZ;
    io[7] = DISC_MAX_AIRMASS;
    discKernel(io);
    out[i] = DISC_OUT[0]!;
    ktp[i] = ktPrimeKernel(DISC_OUT[1]!, DISC_OUT[2]!, 1);
  }
  dirintPass2(x, water, useDelta, ktp, out);
  return out;
}

/**
 * Pass 2 of {@link dirintSeries}: the multiplier X(kt′, θz, Δkt′, W) on DISC's DNI. A function of its
 * own so that V8 inlines its helpers (the inlining budget is per optimised function) and nothing is
 * boxed per step.
 */
function dirintPass2(
  x: DirintSeriesInput,
  water: DirintWaterSource,
  useDelta: boolean,
  ktp: Float64Array,
  out: Float64Array,
): void {
  const zenith = x.zenith;
  for (let i = 0; i < ktp.length; i++) {
    const k = ktp[i]!;
    if (k !== k) {
      out[i] = NaN;
      continue;
    }
    const dk = useDelta ? deltaKtPrimeAt(ktp, i) : NaN;
    out[i] = out[i]! * dirintCoefficient(k, zenith[i]!, dirintWater(x, water, i), dk);
  }
}

/**
 * DIRINT DNI for one step, with the stability index given (Δkt′ needs the neighbouring steps: use
 * {@link dirintSeries} on series).
 * @param x.ghi GHI [W/m²]; x.zenith true zenith [°]; x.dayOfYear day of year; x.pressure [Pa]
 * @param x.tempDew dew point [°C] (optional: W "not available" bin without it)
 * @param x.deltaKtPrime Δkt′ [–] (optional: "not used" bin without it)
 * @returns DNI [W/m²] (NaN for θz > 90°, as the reference)
 * @see R. Perez et al., ASHRAE Transactions 98(1) (1992) 354–369
 */
export function dirint(
  x: {
    ghi: number;
    zenith: number;
    dayOfYear: number;
    pressure: number;
    tempDew?: number;
    deltaKtPrime?: number;
  },
  p: { minCosZenith?: number; maxZenith?: number } = {},
): number {
  const i0 = extraterrestrialSpencer({ dayOfYear: x.dayOfYear }, { solarConstant: DISC_SOLAR_CONSTANT });
  const cosZ = Math.cos(x.zenith * D2R);
  const minCos = p.minCosZenith ?? MIN_COS_ZENITH;
  const io = DISC_OUT;
  io[0] = x.ghi;
  io[1] = x.zenith;
  io[2] = cosZ;
  io[3] = i0;
  io[4] = x.pressure;
  io[5] = minCos;
  io[6] = p.maxZenith ?? MAX_ZENITH;
  io[7] = DISC_MAX_AIRMASS;
  discKernel(io);
  const ktp = ktPrimeKernel(DISC_OUT[1]!, DISC_OUT[2]!, 1);
  const w = x.tempDew === undefined ? NaN : dirintPrecipitableWater(x.tempDew);
  return DISC_OUT[0]! * dirintCoefficient(ktp, x.zenith, w, x.deltaKtPrime ?? NaN);
}
