/**
 * Weather quality check: gaps and duplicates, missing values, out-of-range irradiance, irradiance at
 * night, GHI against clear sky, closure GHI = DNI·cos z + DHI, temperature and wind plausibility.
 *
 * Irradiance limits and the closure test follow the BSRN recommended QC tests (C. N. Long,
 * E. G. Dutton, "BSRN Global Network recommended QC tests, V2.0", BSRN Technical Report, 2002;
 * also Long & Shi, The Open Atmospheric Science Journal 2 (2008) 23–37), with Sa the solar
 * constant at the Earth–Sun distance [W/m²] and μ0 = cos of the solar zenith:
 *   physically possible  GHI −4 … 1.5·Sa·μ0^1.2 + 100,  DHI −4 … 0.95·Sa·μ0^1.2 + 50,  DNI −4 … Sa
 *   extremely rare       GHI −2 … 1.2·Sa·μ0^1.2 + 50,   DHI −2 … 0.75·Sa·μ0^1.2 + 30,  DNI −2 … 0.95·Sa·μ0^0.2 + 10
 *   closure  GHI / (DNI·μ0 + DHI) within 1 ± 0.08 for θz < 75°, 1 ± 0.15 for 75° ≤ θz < 93°, where
 *            DNI·μ0 + DHI > 50 W/m².
 * Clear sky: GHI above `clearSkyFactor` × Ineichen–Perez clear-sky GHI + 10 W/m² with θz < 85°
 * (P. Ineichen, R. Perez, Solar Energy 73 (2002) 151–157). Night: GHI above `nightThreshold` while
 * the sun is below the horizon for the whole interval (mid-interval zenith > 90° + 0.25°/min · Δt/2).
 * Air temperature −60 … +60 °C, and steps between consecutive records larger than 3 K per 1 minute
 * up to 10 K per hour (limits in the spirit of WMO-No. 8, Guide to Instruments and Methods of
 * Observation, 2018, Vol. I Annex 1.A; our interpolation). Wind 0 … 60 m/s; a wind speed repeated
 * unchanged for 6 h (non-zero) or 24 h (zero) is flagged as stuck.
 */
import { MS_PER_HOUR, MS_PER_MINUTE } from '../time/calendar.ts';
import { calendarIndex } from '../weather/calendarIndex.ts';
import { isoLocal } from '../weather/text.ts';
import type { WeatherData } from '../weather/types.ts';
import { sunGeometry } from './sunGeometry.ts';

/** Identifiers of the checks, in bit order of {@link QualityCheckResult.flags}. */
export const QUALITY_CHECKS = [
  { id: 'gap', name: 'Gaps in the timestamps', severity: 'error' },
  { id: 'duplicate', name: 'Duplicate or out-of-order timestamps', severity: 'error' },
  { id: 'missing', name: 'Missing values', severity: 'warning' },
  { id: 'physicalLimit', name: 'Outside the physically possible limits (BSRN)', severity: 'error' },
  { id: 'rareLimit', name: 'Outside the extremely rare limits (BSRN)', severity: 'warning' },
  { id: 'night', name: 'Irradiance at night', severity: 'warning' },
  { id: 'clearSky', name: 'GHI above clear sky', severity: 'warning' },
  { id: 'closure', name: 'GHI differs from DNI·cos z + DHI', severity: 'warning' },
  { id: 'temperature', name: 'Implausible air temperature', severity: 'error' },
  { id: 'temperatureStep', name: 'Air temperature step change', severity: 'warning' },
  { id: 'wind', name: 'Implausible wind speed', severity: 'error' },
  { id: 'windStuck', name: 'Wind speed stuck', severity: 'warning' },
] as const;

export type QualityCheckId = (typeof QUALITY_CHECKS)[number]['id'];

/** Site of the check (defaults from the file's meta). */
export interface QualityCheckSite {
  latitude: number;
  longitude: number;
  elevation: number;
  timeZone: number;
}

export interface QualityCheckOptions {
  /** flagged steps listed in `flagged` (default 1000) */
  maxListed?: number;
  /** GHI at night above this is flagged [W/m²] (default 5) */
  nightThreshold?: number;
  /** GHI above factor × clear-sky GHI is flagged (default 1.1; Ineichen–Perez clear sky) */
  clearSkyFactor?: number;
  /** Linke turbidity for the clear sky (default 3) */
  linkeTurbidity?: number;
}

export interface QualityCheckCount {
  id: QualityCheckId;
  name: string;
  severity: 'error' | 'warning';
  /** bit of this check in `flags` */
  bit: number;
  /** records flagged */
  count: number;
}

/** A flagged record with its values, for the table. */
export interface QualityFlaggedStep {
  index: number;
  /** ISO local stamp */
  timeStamp: string;
  /** bits of the checks that flag it */
  flags: number;
  /** ids of the checks that flag it */
  checks: QualityCheckId[];
  ghi: number;
  dni: number;
  dhi: number;
  tempAir: number;
  windSpeed: number;
  /** solar zenith at mid-interval [°] */
  zenith: number;
  /** Ineichen clear-sky GHI [W/m²] */
  clearSkyGhi: number;
}

export interface QualityCheckResult {
  checks: QualityCheckCount[];
  /** per record: one bit per check (bit k = QUALITY_CHECKS[k]) */
  flags: Uint16Array;
  /** records with at least one flag */
  flaggedCount: number;
  /** the first `maxListed` flagged records */
  flagged: QualityFlaggedStep[];
  /** solar zenith [°] and clear-sky GHI [W/m²] per record, for the charts */
  zenith: Float64Array;
  clearSkyGhi: Float64Array;
}

const BIT = Object.fromEntries(QUALITY_CHECKS.map((c, i) => [c.id, 1 << i])) as Record<
  QualityCheckId,
  number
>;

const hasValues = (a: Float64Array | undefined): a is Float64Array => {
  if (!a) return false;
  for (let i = 0; i < a.length; i++) if (a[i] === a[i]) return true;
  return false;
};

/**
 * Runs every check on a weather series (see the file header for the tests and their sources).
 * Fast: one pass per check over typed arrays (a 1-minute year in well under a second).
 * @param site location (default: the file's meta; a check needing the sun is skipped without one)
 * @returns counts per check, per-record bit flags (bit k = QUALITY_CHECKS[k]) and the first flagged
 *          records with their values
 */
export function qualityCheck(
  data: WeatherData,
  site: Partial<QualityCheckSite> = {},
  options: QualityCheckOptions = {},
): QualityCheckResult {
  const n = data.time.length;
  const m = data.meta;
  const latitude = site.latitude ?? m.latitude;
  const longitude = site.longitude ?? m.longitude;
  const elevation = site.elevation ?? m.elevation;
  const timeZone = site.timeZone ?? m.timeZone;
  const step = m.intervalMinutes;
  const stepMs = step * MS_PER_MINUTE;
  const flags = new Uint16Array(n);
  const counts = new Int32Array(QUALITY_CHECKS.length);
  const flag = (i: number, bit: number): void => {
    flags[i]! |= bit;
  };
  const { time } = data;
  const idx = calendarIndex(data);

  // Timestamps: gaps and duplicates (a typical year may restart at a change of source year).
  for (let i = 1; i < n; i++) {
    const d = time[i]! - time[i - 1]!;
    if (d === stepMs) continue;
    if (m.typicalYear && idx.year[i] !== idx.year[i - 1]) continue;
    flag(i, d > stepMs ? BIT.gap : BIT.duplicate);
  }

  // Missing values in the series the file has.
  const series = [data.ghi, data.dni, data.dhi, data.tempAir, data.windSpeed].filter(hasValues);
  for (const col of series) for (let i = 0; i < n; i++) if (col[i] !== col[i]) flag(i, BIT.missing);

  // Sun-dependent irradiance checks.
  const located = Number.isFinite(latitude) && Number.isFinite(longitude);
  const sun = located
    ? sunGeometry(idx.mid, { latitude, longitude, elevation }, options.linkeTurbidity ?? 3)
    : null;
  const zenith = sun ? sun.zenith : new Float64Array(n).fill(NaN);
  const clearSkyGhi = sun ? sun.clearSkyGhi : new Float64Array(n).fill(NaN);
  const ghi = data.ghi;
  const dni = data.dni;
  const dhi = data.dhi;
  if (sun) {
    const nightZenith = 90 + (0.25 * step) / 2;
    const nightThreshold = options.nightThreshold ?? 5;
    const csFactor = options.clearSkyFactor ?? 1.1;
    const { dniExtra, cosZenith } = sun;
    for (let i = 0; i < n; i++) {
      const sa = dniExtra[i]!;
      const mu = cosZenith[i]! > 0 ? cosZenith[i]! : 0;
      const mu12 = mu > 0 ? Math.pow(mu, 1.2) : 0;
      const g = ghi[i]!;
      const b = dni[i]!;
      const d = dhi[i]!;
      let f = 0;
      if (g < -4 || g > 1.5 * sa * mu12 + 100) f |= BIT.physicalLimit;
      else if (g < -2 || g > 1.2 * sa * mu12 + 50) f |= BIT.rareLimit;
      if (d < -4 || d > 0.95 * sa * mu12 + 50) f |= BIT.physicalLimit;
      else if (d < -2 || d > 0.75 * sa * mu12 + 30) f |= BIT.rareLimit;
      if (b < -4 || b > sa) f |= BIT.physicalLimit;
      else if (b < -2 || b > (mu > 0 ? 0.95 * sa * Math.pow(mu, 0.2) : 0) + 10) f |= BIT.rareLimit;
      const z = zenith[i]!;
      if (z > nightZenith && g > nightThreshold) f |= BIT.night;
      if (z < 85 && g > csFactor * clearSkyGhi[i]! + 10) f |= BIT.clearSky;
      const sum = b * mu + d;
      if (z < 93 && sum > 50 && g === g) {
        const tol = z < 75 ? 0.08 : 0.15;
        const r = g / sum;
        if (r > 1 + tol || r < 1 - tol) f |= BIT.closure;
      }
      if (f) flags[i]! |= f;
    }
  } else {
    for (let i = 0; i < n; i++) {
      const g = ghi[i]!;
      if (g < -4 || g > 1500) flag(i, BIT.physicalLimit);
    }
  }

  // Air temperature: range and step changes.
  const t = data.tempAir;
  const maxStep = Math.min(10, 3 + (7 * (step - 1)) / 59);
  for (let i = 0; i < n; i++) {
    const v = t[i]!;
    if (v < -60 || v > 60) flag(i, BIT.temperature);
    if (i > 0 && time[i]! - time[i - 1]! === stepMs && Math.abs(v - t[i - 1]!) > maxStep)
      flag(i, BIT.temperatureStep);
  }

  // Wind: range and stuck values.
  const w = data.windSpeed;
  const runOk = (value: number): number => (value === 0 ? 24 : 6) * MS_PER_HOUR;
  let runStart = 0;
  for (let i = 0; i <= n; i++) {
    if (i < n) {
      const v = w[i]!;
      if (v < 0 || v > 60) flag(i, BIT.wind);
      if (i > 0 && v === w[runStart]!) continue;
    }
    // run runStart … i − 1 ends
    const v0 = w[runStart]!;
    if (i - runStart > 1 && v0 === v0 && time[i - 1]! - time[runStart]! + stepMs >= runOk(v0)) {
      for (let k = runStart; k < i; k++) flag(k, BIT.windStuck);
    }
    runStart = i;
  }

  // Counts and the list.
  const maxListed = options.maxListed ?? 1000;
  const flagged: QualityFlaggedStep[] = [];
  let flaggedCount = 0;
  const nan = (a: Float64Array | undefined, i: number): number => (a ? a[i]! : NaN);
  for (let i = 0; i < n; i++) {
    const f = flags[i]!;
    if (f === 0) continue;
    flaggedCount++;
    for (let k = 0; k < QUALITY_CHECKS.length; k++) if (f & (1 << k)) counts[k]!++;
    if (flagged.length < maxListed) {
      flagged.push({
        index: i,
        timeStamp: isoLocal(time[i]!, timeZone),
        flags: f,
        checks: QUALITY_CHECKS.filter((_, k) => f & (1 << k)).map((c) => c.id),
        ghi: ghi[i]!,
        dni: dni[i]!,
        dhi: dhi[i]!,
        tempAir: nan(t, i),
        windSpeed: nan(w, i),
        zenith: zenith[i]!,
        clearSkyGhi: clearSkyGhi[i]!,
      });
    }
  }
  return {
    checks: QUALITY_CHECKS.map((c, bit) => ({ ...c, bit, count: counts[bit]! })),
    flags,
    flaggedCount,
    flagged,
    zenith,
    clearSkyGhi,
  };
}
