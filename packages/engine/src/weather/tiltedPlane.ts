/**
 * Global tilted plane irradiation of a weather series (spec 2 §7.10 "Global tilted plane: for a
 * stored weather file by id, or for an imported file. The payload is the request with the minimum
 * tilt negated, albedo 0.2 and model 1") and the uncertainty of a weather file's annual
 * irradiation (spec 4 §2 "Uncertainty").
 *
 * POA = DNI·max(0, cos θi) + sky diffuse + GHI·ρ·(1 − cos β)/2, with the sky diffuse by Hay–Davies
 * (model 0; Hay & Davies 1980) or Perez (model 1; Perez et al., Solar Energy 44 (1990) 271–289,
 * 'allsitescomposite1990' coefficients), the sun at mid-interval (NREL SPA), I0 by Spencer and the
 * relative air mass by Kasten–Young on the apparent zenith — the engine's transposition kernels.
 * Files without DNI/DHI are decomposed first (Erbs et al. 1982). A negative tilt is a plane tilted
 * |β| towards the opposite azimuth (the payload of spec 2 negates the minimum tracker tilt, i.e.
 * the plane facing the other way).
 */
import { erbsSeries } from '../irradiance/decomposition/erbs.ts';
import { haydaviesKernel } from '../irradiance/transposition/haydavies.ts';
import { PEREZ_IO_LENGTH, perezInputs, perezKernel } from '../irradiance/transposition/perez.ts';
import { perezCoefficientArray } from '../irradiance/transposition/perezCoefficients.ts';
import { sunGeometry } from '../weatherQuality/sunGeometry.ts';
import { calendarIndex } from './calendarIndex.ts';
import type { WeatherData } from './types.ts';

const DEG = Math.PI / 180;

export interface GlobalTiltedPlaneOptions {
  /** plane tilt [°] (negative: tilted towards the opposite azimuth) */
  tilt: number;
  /** plane azimuth [°, N = 0, E = 90] (default 180 north of the equator, 0 south of it) */
  azimuth?: number;
  /** ground albedo (default 0.2) */
  albedo?: number;
  /** transposition model: 0 = Hay–Davies, 1 = Perez (default 1) */
  model?: 0 | 1;
  /** site (defaults from the file's meta) */
  latitude?: number;
  longitude?: number;
  elevation?: number;
}

export interface GlobalTiltedPlaneResult {
  tilt: number;
  azimuth: number;
  /** 12 monthly sums [kWh/m²] (mean over the years holding each month) */
  monthly: number[];
  /** annual sum [kWh/m²] (sum of the monthly means) */
  annual: number;
  /** horizontal GHI, same form, for the ratio */
  monthlyGhi: number[];
  annualGhi: number;
  /** per-record plane-of-array irradiance [W/m²] */
  poa: Float64Array;
}

/**
 * Plane-of-array irradiation of a weather series on a fixed plane, per record and as monthly and
 * annual sums (see the file header for the models).
 * @throws RangeError when the site is unknown (no latitude/longitude in the file or the options)
 */
export function globalTiltedPlane(
  data: WeatherData,
  options: GlobalTiltedPlaneOptions,
): GlobalTiltedPlaneResult {
  const m = data.meta;
  const latitude = options.latitude ?? m.latitude;
  const longitude = options.longitude ?? m.longitude;
  const elevation = options.elevation ?? m.elevation;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) {
    throw new RangeError('globalTiltedPlane: the weather has no location; give latitude and longitude');
  }
  let tilt = options.tilt;
  let azimuth = options.azimuth ?? (latitude >= 0 ? 180 : 0);
  if (tilt < 0) {
    tilt = -tilt;
    azimuth = (azimuth + 180) % 360;
  }
  const albedo = options.albedo ?? 0.2;
  const model = options.model ?? 1;
  const n = data.time.length;
  const idx = calendarIndex(data);
  const sun = sunGeometry(idx.mid, { latitude, longitude, elevation });
  let { dni, dhi } = data;
  const ghi = data.ghi;
  let hasComponents = false;
  for (let i = 0; i < n && !hasComponents; i++) hasComponents = dni[i] === dni[i] && dhi[i] === dhi[i];
  if (!hasComponents) {
    dni = new Float64Array(n);
    dhi = new Float64Array(n);
    erbsSeries({ ghi, zenith: sun.zenith, dniExtra: sun.dniExtra }, {}, { dni, dhi });
  }
  const cosTilt = Math.cos(tilt * DEG);
  const sinTilt = Math.sin(tilt * DEG);
  const az = azimuth * DEG;
  const ground = albedo * (1 - cosTilt) * 0.5;
  const perez = model === 1 ? perezCoefficientArray('allsitescomposite1990') : null;
  const r = new Float64Array(PEREZ_IO_LENGTH);
  const poa = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const g = ghi[i]!;
    if (g !== g) {
      poa[i] = NaN;
      continue;
    }
    const zenDeg = sun.apparentZenith[i]!;
    if (!(zenDeg < 90) || g <= 0) {
      poa[i] = g > 0 ? g * (ground + 0.5 * (1 + cosTilt)) : 0; // twilight: all diffuse, isotropic
      continue;
    }
    const z = zenDeg * DEG;
    const cosZ = Math.cos(z);
    const sa = sun.azimuth[i]! * DEG;
    const cosAoi = cosZ * cosTilt + Math.sin(z) * sinTilt * Math.cos(sa - az);
    const b = dni[i]!;
    const d = dhi[i]!;
    let sky: number;
    if (perez) {
      perezInputs(d, b, sun.dniExtra[i]!, sun.airmass[i]!, z, cosZ, cosAoi, cosTilt, sinTilt, r);
      perezKernel(perez, r);
      sky = r[0]! + r[1]! + r[2]!;
    } else {
      haydaviesKernel(d, b, sun.dniExtra[i]!, cosZ, cosAoi, cosTilt, r);
      sky = r[0]! + r[1]!;
    }
    const beam = b * (cosAoi > 0 ? cosAoi : 0);
    const v = beam + (sky === sky ? sky : 0) + g * ground;
    poa[i] = v > 0 ? v : 0;
  }
  // Monthly means over the years holding each month.
  const hours = m.intervalMinutes / 60 / 1000;
  const sumP = new Float64Array(12);
  const sumG = new Float64Array(12);
  const years: Set<number>[] = Array.from({ length: 12 }, () => new Set<number>());
  for (let i = 0; i < n; i++) {
    const mo = idx.month[i]! - 1;
    if (poa[i] === poa[i]) sumP[mo]! += poa[i]!;
    if (ghi[i] === ghi[i]) sumG[mo]! += ghi[i]!;
    years[mo]!.add(m.typicalYear ? 0 : idx.year[i]!);
  }
  const monthly = Array.from(sumP, (s, k) => (years[k]!.size > 0 ? (s * hours) / years[k]!.size : NaN));
  const monthlyGhi = Array.from(sumG, (s, k) => (years[k]!.size > 0 ? (s * hours) / years[k]!.size : NaN));
  const total = (a: number[]): number => a.reduce((s, v) => (v === v ? s + v : s), 0);
  return { tilt, azimuth, monthly, annual: total(monthly), monthlyGhi, annualGhi: total(monthlyGhi), poa };
}

/** Standard uncertainty of a weather file's annual irradiation, by the terms of spec 4 §2. */
export interface WeatherUncertainty {
  /** inter-annual variability σ_int [%]: from the file's complete years (≥ 3), else the default 3 */
  interannualPercent: number;
  /** data-source (sensor or satellite model) accuracy σ_sens [%] (default 5) */
  sourcePercent: number;
  /** representativeness of the period σ_mon [%] = σ_int/√N for N complete years, else 2 */
  monitoringPercent: number;
  /** spatial variability σ_spa [%] (default 2) */
  spatialPercent: number;
  /** σ_irr = √(σ_int² + σ_sens² + σ_mon² + σ_spa²) [%] */
  totalPercent: number;
  /** complete years used for σ_int (0 when the default was used) */
  years: number;
  /** annual GHI [kWh/m²]: P50 and the exceedance values P_X = P50·(1 − z_X·σ_irr) */
  annualGhi: { p50: number; p75: number; p90: number; p95: number; p99: number };
}

/** Standard-normal quantiles z_X of the exceedance probabilities 75, 90, 95, 99 %. */
const Z = {
  p75: 0.6744897501960817,
  p90: 1.2815515655446004,
  p95: 1.6448536269514722,
  p99: 2.3263478740408408,
};

/**
 * Uncertainty of the annual irradiation of a weather file: σ_irr = √(σ_int² + σ_sens² + σ_mon² +
 * σ_spa²) (spec 4 §2 "Uncertainty"), normal distribution. σ_int is the coefficient of variation of
 * the annual GHI sums when the file holds 3 or more complete years (a multi-year time series), and
 * then σ_mon = σ_int/√N (the standard error of an N-year mean); otherwise the SDK defaults
 * (int 3 %, mon 2 %). σ_sens and σ_spa are the defaults 5 % and 2 % unless given.
 */
export function weatherUncertainty(
  data: WeatherData,
  options: { sourcePercent?: number; spatialPercent?: number } = {},
): WeatherUncertainty {
  const idx = calendarIndex(data);
  const perYear = new Map<number, { sum: number; count: number }>();
  for (let i = 0; i < data.time.length; i++) {
    const y = idx.year[i]!;
    const e = perYear.get(y) ?? { sum: 0, count: 0 };
    const g = data.ghi[i]!;
    if (g === g) e.sum += g;
    e.count++;
    perYear.set(y, e);
  }
  const stepsPerYear = 525_600 / data.meta.intervalMinutes;
  const sums = data.meta.typicalYear
    ? []
    : [...perYear.values()].filter((e) => e.count >= stepsPerYear).map((e) => e.sum);
  let interannual = 3;
  let monitoring = 2;
  let years = 0;
  if (sums.length >= 3) {
    const mean = sums.reduce((a, b) => a + b, 0) / sums.length;
    const sd = Math.sqrt(sums.reduce((a, b) => a + (b - mean) ** 2, 0) / (sums.length - 1));
    interannual = (100 * sd) / mean;
    monitoring = interannual / Math.sqrt(sums.length);
    years = sums.length;
  }
  const source = options.sourcePercent ?? 5;
  const spatial = options.spatialPercent ?? 2;
  const total = Math.sqrt(interannual ** 2 + source ** 2 + monitoring ** 2 + spatial ** 2);
  const hours = data.meta.intervalMinutes / 60 / 1000;
  let ghiSum = 0;
  for (const e of perYear.values()) ghiSum += e.sum;
  const p50 =
    data.meta.typicalYear || years === 0
      ? (ghiSum * hours) / Math.max(1, data.meta.typicalYear ? 1 : perYear.size)
      : (sums.reduce((a, b) => a + b, 0) * hours) / years;
  const at = (z: number): number => p50 * (1 - (z * total) / 100);
  return {
    interannualPercent: interannual,
    sourcePercent: source,
    monitoringPercent: monitoring,
    spatialPercent: spatial,
    totalPercent: total,
    years,
    annualGhi: { p50, p75: at(Z.p75), p90: at(Z.p90), p95: at(Z.p95), p99: at(Z.p99) },
  };
}
