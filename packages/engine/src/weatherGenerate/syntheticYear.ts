/**
 * Synthetic hourly year from twelve monthly GHI sums and mean temperatures (spec 2 §7.10
 * GenerateWeather; WeatherDataType 0 "Synthetic Monthly").
 *
 * Irradiance, by the two published stochastic steps of Aguiar and Collares-Pereira:
 * 1. Daily clearness index Kt = H/H0 of each day from the Markov transition matrix (MTM) of the
 *    month's mean K̄t (R. Aguiar, M. Collares-Pereira, J. P. Conde, Solar Energy 40 (1988) 269–279,
 *    doi:10.1016/0038-092X(88)90049-7): tomorrow's state j is drawn from row i of today's state,
 *    Kt is placed in class j by linear interpolation of the uniform draw within P(j), and a month's
 *    sequence is redrawn (at most 50 times) until its mean is within 0.01 of K̄t, as the paper does.
 * 2. Hourly clearness index kt of each hour from the TAG model (R. Aguiar, M. Collares-Pereira,
 *    "TAG: a time-dependent, autoregressive, Gaussian model for generating synthetic hourly
 *    radiation", Solar Energy 49 (1992) 167–174, doi:10.1016/0038-092X(92)90068-L):
 *      kt = ktm(hs) + σ(hs)·y,  y(h) = φ1·y(h−1) + r,  r ~ N(0, 1 − φ1²)
 *      ktm = λ + ε·exp(−κ / sin hs),  λ = −0.19 + 1.12·Kt + 0.24·exp(−8·Kt),
 *      ε = 0.32 − 1.6·(Kt − 0.5)²,  κ = 0.19 + 2.27·Kt² − 2.51·Kt³,
 *      σ = A·exp(B·(1 − sin hs)),  A = 0.14·exp(−20·(Kt − 0.35)²),  B = 3·(Kt − 0.45)² + 16·Kt⁵,
 *      φ1 = 0.38 + 0.06·cos(7.4·Kt − 2.5),
 *    with hs the solar elevation at mid-hour; draws with kt < 0 or kt above the clear-sky limit
 *    (here the Ineichen–Perez clear-sky index, Linke turbidity 3) are redrawn, and the day's hours are
 *    scaled to the day's Kt·H0, as the paper prescribes.
 * H0 and the hourly extraterrestrial irradiance come from the engine's solar position (NREL SPA) and
 * Spencer's I0 at mid-hour; a last per-month factor makes each monthly sum equal to the input
 * (the stochastic steps leave a few per cent). DNI and DHI by the Erbs decomposition (Erbs, Klein &
 * Duffie, Solar Energy 28 (1982) 293–302).
 *
 * Temperature and wind are not from a published stochastic model (our simple choice, documented):
 * air temperature = the monthly mean + a daily cosine cycle peaking at 15:00 with an amplitude of
 * 3 + 10·Kt °C (clear days swing more), corrected to the exact monthly mean; wind = the monthly
 * mean × (1 + 0.35·y), y an hourly AR(1) Gaussian with φ = 0.9, floored at 5 % of the mean and
 * corrected to the exact monthly mean. Pressure is the standard atmosphere at the elevation.
 * Random numbers: mulberry32 (a 32-bit public-domain generator) seeded by `seed`; Box–Muller normals.
 * The result is deterministic for a given input.
 */
import { alt2pres } from '../atmosphere/airmass.ts';
import { erbsSeries } from '../irradiance/decomposition/erbs.ts';
import { MS_PER_HOUR } from '../time/calendar.ts';
import { yearTimestamps } from '../time/weatherTimestamps.ts';
import { finishWeather, SeriesBuilder } from '../weather/build.ts';
import { calendarIndex } from '../weather/calendarIndex.ts';
import { WEATHER_DATA_PROVIDER, type WeatherData } from '../weather/types.ts';
import { sunGeometry } from '../weatherQuality/sunGeometry.ts';
import { MTM_CUMULATIVE, MTM_KT_MAX, MTM_KT_MIN, mtmIndex } from './markovMatrices.ts';

export interface SyntheticYearInput {
  latitude: number;
  longitude: number;
  elevation: number;
  /** site standard-time UTC offset [h] */
  timeZone: number;
  /** twelve monthly GHI sums [kWh/m²], January first */
  monthlyGhi: readonly number[];
  /** twelve monthly mean air temperatures [°C] */
  monthlyTemp: readonly number[];
  /** twelve monthly mean wind speeds [m/s] (default 2 m/s each) */
  monthlyWind?: readonly number[];
  /** PRNG seed (default 1) */
  seed?: number;
  /** calendar year of the stamps (default 2001; a leap year loses 29 February: always 8760 hours) */
  year?: number;
  name?: string;
}

/** mulberry32: uniform [0, 1) from a 32-bit state. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function normal(rand: () => number): number {
  let u = rand();
  while (u <= 1e-12) u = rand();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
}

function check12(name: string, v: readonly number[] | undefined, min: number, max: number): void {
  if (v === undefined) return;
  if (v.length !== 12 || v.some((x) => !(x >= min && x <= max))) {
    throw new RangeError(`${name} needs 12 values from ${min} to ${max}`);
  }
}

/** One month of daily Kt by the MTM of K̄t (Aguiar et al. 1988), redrawn until the mean fits. */
function dailyKt(monthlyKt: number, days: number, start: number, rand: () => number): Float64Array {
  const m = mtmIndex(monthlyKt);
  const cum = MTM_CUMULATIVE[m]!;
  const lo = MTM_KT_MIN[m]!;
  const width = (MTM_KT_MAX[m]! - lo) / 10;
  let best = new Float64Array(days);
  let bestErr = Infinity;
  const kt = new Float64Array(days);
  for (let attempt = 0; attempt < 50 && bestErr > 0.01; attempt++) {
    let prev = start;
    let sum = 0;
    for (let d = 0; d < days; d++) {
      const i = Math.min(9, Math.max(0, Math.floor((prev - lo) / width)));
      const r = rand();
      let j = 0;
      while (j < 9 && cum[i * 10 + j]! < r) j++;
      const p0 = j > 0 ? cum[i * 10 + j - 1]! : 0;
      const p1 = cum[i * 10 + j]!;
      const frac = p1 > p0 ? (r - p0) / (p1 - p0) : 0.5;
      prev = lo + width * (j + Math.min(1, Math.max(0, frac)));
      kt[d] = prev;
      sum += prev;
    }
    const err = Math.abs(sum / days - monthlyKt);
    if (err < bestErr) {
      bestErr = err;
      best = kt.slice();
    }
  }
  return best;
}

/**
 * Generates a synthetic hourly year (8760 records, stamped at the interval end in the site's
 * standard time) whose monthly GHI sums and mean temperatures equal the inputs.
 * @throws RangeError on inputs outside the physical range (12 values each; GHI not above 90 % of the
 *         month's extraterrestrial irradiation)
 */
export function generateSyntheticYear(input: SyntheticYearInput): WeatherData {
  const { latitude, longitude, elevation, timeZone } = input;
  if (!(Math.abs(latitude) <= 90) || !(Math.abs(longitude) <= 180)) {
    throw new RangeError('latitude or longitude out of range');
  }
  if (!(Math.abs(timeZone) <= 14)) throw new RangeError('timeZone must be −14 … 14 h');
  check12('monthlyGhi', input.monthlyGhi, 0, 400);
  check12('monthlyTemp', input.monthlyTemp, -60, 60);
  check12('monthlyWind', input.monthlyWind, 0, 60);
  const rand = prng(input.seed ?? 1);
  const year = input.year ?? 2001;
  const time = yearTimestamps({
    year,
    utcOffsetHours: timeZone,
    intervalMinutes: 60,
    definition: 'intervalEnd',
    skipLeapDay: true,
  });
  const n = time.length;
  const mid = new Float64Array(n);
  for (let i = 0; i < n; i++) mid[i] = time[i]! - MS_PER_HOUR / 2;
  const elev = Number.isFinite(elevation) ? elevation : 0;
  const sun = sunGeometry(mid, { latitude, longitude, elevation: elev });
  const i0h = new Float64Array(n);
  for (let i = 0; i < n; i++) i0h[i] = sun.cosZenith[i]! > 0 ? sun.cosZenith[i]! * sun.dniExtra[i]! : 0;

  // Months and days of the records (24 records a day, local standard time).
  const days = n / 24;
  const monthOfDay = new Uint8Array(days);
  const b = new SeriesBuilder(n);
  b.time.set(time);
  b.n = n;
  const probe = {
    meta: { timestampDefinition: 'intervalEnd', intervalMinutes: 60, timeZone, typicalYear: true },
    time,
  } as unknown as WeatherData;
  const cal = calendarIndex(probe);
  for (let d = 0; d < days; d++) monthOfDay[d] = cal.month[d * 24 + 12]!;
  const h0 = new Float64Array(days);
  for (let i = 0; i < n; i++) h0[Math.floor(i / 24)]! += i0h[i]!;

  // 1. Daily Kt per month.
  const ktDay = new Float64Array(days);
  let prevKt = NaN;
  for (let mo = 1; mo <= 12; mo++) {
    let first = -1;
    let count = 0;
    let h0m = 0;
    for (let d = 0; d < days; d++) {
      if (monthOfDay[d] !== mo) continue;
      if (first < 0) first = d;
      count++;
      h0m += h0[d]!;
    }
    const target = input.monthlyGhi[mo - 1]! * 1000;
    if (h0m <= 0) {
      if (target > 0) throw new RangeError(`monthlyGhi[${mo - 1}]: the sun does not rise in this month`);
      continue;
    }
    const kbar = target / h0m;
    if (kbar > 0.9) {
      throw new RangeError(
        `monthlyGhi[${mo - 1}] = ${input.monthlyGhi[mo - 1]} kWh/m² exceeds 90 % of the extraterrestrial ` +
          `${(h0m / 1000).toFixed(1)} kWh/m²`,
      );
    }
    const seq = dailyKt(kbar, count, Number.isFinite(prevKt) ? prevKt : kbar, rand);
    ktDay.set(seq, first);
    prevKt = seq[count - 1]!;
  }

  // 2. Hourly kt by TAG, scaled to each day's Kt·H0.
  const ghi = new Float64Array(n);
  for (let d = 0; d < days; d++) {
    const kt = ktDay[d]!;
    const lambda = -0.19 + 1.12 * kt + 0.24 * Math.exp(-8 * kt);
    const eps = 0.32 - 1.6 * (kt - 0.5) ** 2;
    const kappa = 0.19 + 2.27 * kt * kt - 2.51 * kt ** 3;
    const A = 0.14 * Math.exp(-20 * (kt - 0.35) ** 2);
    const B = 3 * (kt - 0.45) ** 2 + 16 * kt ** 5;
    const phi = 0.38 + 0.06 * Math.cos(7.4 * kt - 2.5);
    const sr = Math.sqrt(1 - phi * phi);
    let y = 0;
    let sum = 0;
    for (let h = 0; h < 24; h++) {
      const i = d * 24 + h;
      const io = i0h[i]!;
      if (io <= 0) continue;
      const sinHs = sun.cosZenith[i]!;
      const ktm = lambda + eps * Math.exp(-kappa / Math.max(sinHs, 0.01));
      const sigma = A * Math.exp(B * (1 - sinHs));
      const cap = Math.max(0.05, sun.clearSkyGhi[i]! / io);
      let v = -1;
      let yy = y;
      for (let tries = 0; tries < 20 && (v < 0 || v > cap); tries++) {
        yy = phi * y + sr * normal(rand);
        v = ktm + sigma * yy;
      }
      y = yy;
      v = Math.min(cap, Math.max(0, v));
      ghi[i] = v * io;
      sum += ghi[i]!;
    }
    const want = kt * h0[d]!;
    if (sum > 0) {
      const f = want / sum;
      for (let h = 0; h < 24; h++) {
        const i = d * 24 + h;
        if (i0h[i]! > 0) ghi[i] = Math.min(ghi[i]! * f, Math.max(sun.clearSkyGhi[i]!, ghi[i]!));
      }
    }
  }
  // Exact monthly sums.
  const monthSum = new Float64Array(12);
  for (let i = 0; i < n; i++) monthSum[cal.month[i]! - 1]! += ghi[i]!;
  for (let i = 0; i < n; i++) {
    const mo = cal.month[i]! - 1;
    const s = monthSum[mo]!;
    ghi[i] = s > 0 ? (ghi[i]! * input.monthlyGhi[mo]! * 1000) / s : 0;
  }

  // DNI, DHI by Erbs.
  const dni = new Float64Array(n);
  const dhi = new Float64Array(n);
  erbsSeries({ ghi, zenith: sun.zenith, dniExtra: sun.dniExtra }, {}, { dni, dhi });

  // Temperature and wind.
  const temp = new Float64Array(n);
  const wind = new Float64Array(n);
  const meanWind = input.monthlyWind ?? new Array<number>(12).fill(2);
  let yw = 0;
  for (let i = 0; i < n; i++) {
    const mo = cal.month[i]! - 1;
    const kt = ktDay[Math.floor(i / 24)]!;
    const amp = 3 + 10 * kt;
    const hourMid = cal.hour[i]! + 0.5;
    temp[i] = input.monthlyTemp[mo]! + (amp / 2) * Math.cos((2 * Math.PI * (hourMid - 15)) / 24);
    yw = 0.9 * yw + Math.sqrt(1 - 0.81) * normal(rand);
    wind[i] = Math.max(0.05, 1 + 0.35 * yw) * meanWind[mo]!;
  }
  const tSum = new Float64Array(12);
  const wSum = new Float64Array(12);
  const cnt = new Float64Array(12);
  for (let i = 0; i < n; i++) {
    const mo = cal.month[i]! - 1;
    tSum[mo]! += temp[i]!;
    wSum[mo]! += wind[i]!;
    cnt[mo]!++;
  }
  for (let i = 0; i < n; i++) {
    const mo = cal.month[i]! - 1;
    temp[i] = temp[i]! - tSum[mo]! / cnt[mo]! + input.monthlyTemp[mo]!;
    const wm = wSum[mo]! / cnt[mo]!;
    wind[i] = wm > 0 ? (wind[i]! * meanWind[mo]!) / wm : 0;
  }

  b.column('ghi', 'synthetic', 'W/m2').set(ghi);
  b.column('dni', 'Erbs', 'W/m2').set(dni);
  b.column('dhi', 'Erbs', 'W/m2').set(dhi);
  b.column('tempAir', 'synthetic', 'C').set(temp);
  b.column('windSpeed', 'synthetic', 'm/s').set(wind);
  b.column('pressure', 'standard atmosphere', 'Pa').fill(alt2pres({ altitude: elev }));
  return finishWeather(b, {
    format: 'synthetic',
    source: 'Synthetic: Aguiar et al. (1988) Markov matrices + TAG (1992)',
    dataProvider: WEATHER_DATA_PROVIDER.Other,
    weatherFormat: null,
    name: input.name ?? '',
    stationCode: '',
    latitude,
    longitude,
    elevation: elev,
    timeZone,
    stampUtcOffset: timeZone,
    timestampDefinition: 'intervalEnd',
    typicalYear: true,
    wholeYears: true,
    headerLine: 0,
    lastLine: 0,
    warnings: [],
  });
}
