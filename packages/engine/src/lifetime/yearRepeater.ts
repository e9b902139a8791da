/**
 * Year repeater: N simulated years of operation from one weather year (`Prediction.yearRepeater`,
 * default 1), with the energization date of each block and the degradation and LeTID of each year
 * as per-step factors.
 *
 * Simulation year k (k = 1 … N) is the calendar year startYear + k − 1; its steps are the weather
 * steps placed at the same month, day and time of that year (a weather step keeps its offset from
 * 1 January 00:00 local standard time; a 365-day weather file in a leap year leaves 31 December
 * empty). The chain runs the steps of every simulation year with that year's factors, because
 * DC degradation changes clipping and AC degradation changes the loads and transformer losses that
 * follow; only the weather-dependent part (sun, irradiance, temperature, the DC fields' diode model
 * before degradation) is shared between years.
 *
 * Energization (`PVBlock.energizationDate` with `useEnergizationDate`): a block produces nothing —
 * and draws nothing — at steps whose timestamp is before the energization instant; its first
 * simulation year is then partial. The age that drives degradation and LeTID is counted from the
 * energization (from the prediction start for a block without an energization date).
 *
 * Age: in decimal calendar years, τ = D(t) − D(t₀) with D(t) = Y + (t − 1 Jan Y)/(length of Y), so a
 * block energized on 1 January reaches exactly τ = 1, 2, … on each 1 January, and anniversaries of
 * other dates fall within a day of the calendar date (the year lengths differ by one day).
 */
import { daysFromCivil, daysInYear, MS_PER_DAY, MS_PER_HOUR } from '../time/calendar.ts';
import {
  degradationLossKernel,
  derateKernel,
  prepareDegradation,
  type Degradation,
  type PreparedDegradation,
} from './degradation.ts';
import { letidLossKernel, prepareLetid, type Letid, type PreparedLetid } from './letid.ts';

/** The simulated years and the position of each weather step within its year. */
export interface YearRepeaterPlan {
  /** Simulation years in order: year of operation k (1-based, `yearIndex`) and calendar year. */
  years: readonly { yearIndex: number; year: number }[];
  /**
   * Per weather step: milliseconds since 1 January 00:00 local standard time of the step's own year
   * (computed on first read: only lifetime factors read it).
   */
  readonly msIntoYear: Float64Array;
  /** Standard-time offset of the site [h]. */
  utcOffsetHours: number;
}

/** @internal Civil year of a day count since 1970-01-01, allocation-free. */
function yearOfDays(days: number): number {
  let year = 1970 + Math.floor(days / 365.2425);
  while (daysFromCivil(year, 1, 1) > days) year--;
  while (daysFromCivil(year + 1, 1, 1) <= days) year++;
  return year;
}

/**
 * Instant of 1 January 00:00 local standard time of a year.
 * t = daysFromCivil(Y, 1, 1)·86 400 000 − 3 600 000·utcOffsetHours
 * @param x.year calendar year Y
 * @param p.utcOffsetHours standard-time offset of the site [h]
 * @returns instant [ms since 1970-01-01T00:00Z]
 */
export function yearStartInstant(x: { year: number }, p: { utcOffsetHours: number }): number {
  return daysFromCivil(x.year, 1, 1) * MS_PER_DAY - p.utcOffsetHours * MS_PER_HOUR;
}

/**
 * Decimal calendar year of an instant: D = Y + (t − t_Y)/(86 400 000·days(Y)), with Y the local
 * standard-time year of t and t_Y its 1 January 00:00.
 * @param x.time instant [ms since 1970-01-01T00:00Z]
 * @param p.utcOffsetHours standard-time offset of the site [h]
 * @returns decimal year D [yr]
 */
export function decimalYear(x: { time: number }, p: { utcOffsetHours: number }): number {
  const local = x.time + p.utcOffsetHours * MS_PER_HOUR;
  const year = yearOfDays(Math.floor(local / MS_PER_DAY));
  return year + (local - daysFromCivil(year, 1, 1) * MS_PER_DAY) / (daysInYear(year) * MS_PER_DAY);
}

/**
 * Plans N simulation years from one weather year.
 *
 * year_k = startYear + k − 1 (k = 1 … N);  msIntoYear_i = t_i + 3 600 000·utcOffsetHours − (1 Jan of
 * the step's local year, in ms)
 *
 * @param x.times weather step timestamps [ms since 1970-01-01T00:00Z]
 * @param p.startYear calendar year of simulation year 1 (e.g. the year of `Prediction.start`)
 * @param p.yearRepeater number of years N (`Prediction.yearRepeater`, ≥ 1; default 1)
 * @param p.utcOffsetHours standard-time offset of the site [h]
 * @returns the plan; its `msIntoYear` (one column of the weather length) is computed on first read,
 *          as a simulation without degradation, LeTID or a late energization never reads it (issue 17:
 *          a column and a pass over a 1-minute year for nothing)
 */
export function prepareYearRepeater(
  x: { times: Float64Array },
  p: { startYear: number; yearRepeater?: number | null; utcOffsetHours: number },
): YearRepeaterPlan {
  const n = Math.max(1, Math.floor(p.yearRepeater ?? 1));
  const years = Array.from({ length: n }, (_, i) => ({ yearIndex: i + 1, year: p.startYear + i }));
  const t = x.times;
  const utcOffsetHours = p.utcOffsetHours;
  let ms: Float64Array | undefined;
  return {
    years,
    get msIntoYear(): Float64Array {
      return (ms ??= msIntoYearSeries(t, utcOffsetHours));
    },
    utcOffsetHours,
  };
}

/** @internal `msIntoYear` of {@link prepareYearRepeater}. */
function msIntoYearSeries(t: Float64Array, utcOffsetHours: number): Float64Array {
  const msIntoYear = new Float64Array(t.length);
  const offset = utcOffsetHours * MS_PER_HOUR;
  let cachedStart = 0;
  let cachedEnd = 0;
  for (let i = 0; i < t.length; i++) {
    const local = t[i]! + offset;
    if (!(local >= cachedStart && local < cachedEnd)) {
      const cachedYear = yearOfDays(Math.floor(local / MS_PER_DAY));
      cachedStart = daysFromCivil(cachedYear, 1, 1) * MS_PER_DAY;
      cachedEnd = daysFromCivil(cachedYear + 1, 1, 1) * MS_PER_DAY;
    }
    msIntoYear[i] = local - cachedStart;
  }
  return msIntoYear;
}

/** Lifetime parameters of one block (or DC field, for module-defined degradation). */
export interface LifetimeParams {
  /** Energization instant t₀ [ms since 1970-01-01T00:00Z]: no output before it, and the origin of the age. */
  energization: number;
  degradation: Degradation;
  /** LeTID model; absent = none. */
  letid?: Letid;
  /** Standard-time offset of the site [h]. */
  utcOffsetHours: number;
}

/** {@link LifetimeParams} prepared once per run. */
export interface PreparedLifetime {
  energization: number;
  /** Decimal year of the energization D(t₀) [yr]. */
  energizationDecimalYear: number;
  degradation: PreparedDegradation;
  letid: PreparedLetid;
  utcOffsetHours: number;
}

/** Prepares {@link LifetimeParams} for {@link lifetimeFactorsSeries}. */
export function prepareLifetime(p: LifetimeParams): PreparedLifetime {
  return {
    energization: p.energization,
    energizationDecimalYear: decimalYear({ time: p.energization }, p),
    degradation: prepareDegradation(p.degradation),
    letid: prepareLetid(p.letid ?? { model: 'none' }),
    utcOffsetHours: p.utcOffsetHours,
  };
}

/** Per-step outputs of {@link lifetimeFactorsSeries}; each is optional and caller-owned. */
export interface LifetimeFactorsOutputs {
  /** 1 from the energization on, 0 before [-]. */
  energized?: Float64Array;
  /** Degradation derate D = 1 − U/100 (1 before energization) [-]. */
  degradation?: Float64Array;
  /** LeTID derate 1 − L/100 (1 before energization) [-]. */
  letid?: Float64Array;
  /** energized·degradation·letid [-]. */
  combined?: Float64Array;
}

/**
 * Energization, degradation and LeTID factors of every step of one simulation year.
 *
 * For step i of calendar year Y: t_i = t_Y + msIntoYear_i, D_i = Y + msIntoYear_i/(86 400 000·days(Y)),
 * age τ_i = D_i − D(t₀);
 *   energized_i = 1 if t_i ≥ t₀ else 0,
 *   degradation_i = 1 − U(τ_i)/100 (`degradationLoss`), letid_i = 1 − L(τ_i)/100 (`letidLoss`),
 * both limited to [0, 1]. The timestamp decides (a step that starts before t₀ and ends after it is
 * counted whole when its timestamp is at or after t₀). Linear models vary step by step; the stepped
 * model is constant between anniversaries. Allocates nothing.
 *
 * @param x.msIntoYear position of each step in its year [ms] (from {@link prepareYearRepeater})
 * @param p.year calendar year Y of the simulation year
 * @param p.lifetime prepared lifetime parameters ({@link prepareLifetime})
 * @param out caller-owned factor columns (see {@link LifetimeFactorsOutputs})
 * @returns `out`
 */
export function lifetimeFactorsSeries(
  x: { msIntoYear: Float64Array },
  p: { year: number; lifetime: PreparedLifetime },
  out: LifetimeFactorsOutputs,
): LifetimeFactorsOutputs {
  const q = p.lifetime;
  const yearStart = yearStartInstant({ year: p.year }, q);
  const yearMs = daysInYear(p.year) * MS_PER_DAY;
  const ms = x.msIntoYear;
  const { energized, degradation, letid, combined } = out;
  const hasLetid = q.letid.model !== 'none';
  for (let i = 0; i < ms.length; i++) {
    const on = yearStart + ms[i]! >= q.energization ? 1 : 0;
    const age = p.year + ms[i]! / yearMs - q.energizationDecimalYear;
    const d = on === 1 ? derateKernel(degradationLossKernel(age, q.degradation)) : 1;
    const l = on === 1 && hasLetid ? derateKernel(letidLossKernel(age, q.letid)) : 1;
    if (energized) energized[i] = on;
    if (degradation) degradation[i] = d;
    if (letid) letid[i] = l;
    if (combined) combined[i] = on * d * l;
  }
  return out;
}
