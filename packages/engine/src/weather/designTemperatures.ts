/**
 * Site design temperatures from a weather record, by the methods of the ASHRAE Handbook—Fundamentals,
 * ch. 14 "Climatic Design Information" (2017 and 2021 editions), applied to the hourly dry-bulb air
 * temperature of one weather file instead of a station's long record:
 *
 * - **Cooling design dry-bulb, 0.4 %** (`cool996`): the dry-bulb temperature exceeded by 0.4 % of the
 *   hours of the record, i.e. the 99.6th percentile of the hourly values. Percentile by linear
 *   interpolation between order statistics, position p·(m − 1) of the m sorted hours (Hyndman–Fan
 *   type 7). Sub-hourly records are first averaged to clock hours of local standard time, as ASHRAE
 *   works on hourly observations.
 * - **n-year return period extremes** ("n-year return period values of extreme temperature", Gumbel
 *   distribution fitted by the method of moments to the annual extremes):
 *   T_n,max = M_max + I_max·F,  T_n,min = M_min − I_min·F,
 *   F = −(√6/π)·(0.5772 + ln(ln(n/(n − 1)))),  F(50) ≈ 2.592,
 *   M and I the mean and standard deviation (n − 1 in the denominator) of the annual maxima or
 *   minima of the hourly dry-bulb temperature.
 * - **Extreme annual mean minimum / maximum** (`minAnnualMeanDBTemp`): M_min (M_max), the mean of
 *   the annual extreme minima (maxima), as ASHRAE tabulates "Extreme Annual DB, Mean".
 *
 * Years: a calendar year of local standard time counts when at least `minYearCoverage` of its hours
 * have a value (our screening rule for partial years, not ASHRAE's). A typical-year record (TMY,
 * months from different years) is one sample, and so is a record in which no year is complete
 * enough. With a single year I = 0, so T_n = M: the 50-year values are then the year's own extremes
 * and understate the true 50-year extremes — the answer says how many years were used.
 *
 * @see ASHRAE, "Climatic Design Information," ch. 14 in ASHRAE Handbook—Fundamentals (SI ed.),
 *      Atlanta: ASHRAE, 2021 (also 2017), section "Return Period of Extreme Temperatures".
 */
import { civilFromDays, daysInYear, MS_PER_HOUR } from '../time/calendar.ts';
import { midIntervalShiftMs, type TimestampDefinition } from '../time/weatherTimestamps.ts';

/** Euler–Mascheroni constant as ASHRAE rounds it in the Gumbel factor. */
const EULER_GAMMA = 0.5772;

/** Share of a year's hours that must have a value for the year to count (default). */
export const MIN_YEAR_COVERAGE = 0.8;

/** Hourly dry-bulb temperatures in local standard time. */
export interface HourlyDryBulb {
  /** clock hour of each value: hours since 1970-01-01T00:00 local standard time */
  hour: Float64Array;
  /** mean air temperature of that hour [°C] */
  tempAir: Float64Array;
}

/**
 * Averages a temperature series to clock hours of local standard time, each record placed at the
 * middle of its interval; records without a finite value are skipped, hours without any are absent.
 * Records are expected in time order (an hour met again after another is kept as a second value).
 * @param x.time record instants as stamped [ms since 1970-01-01T00:00Z]
 * @param x.tempAir air temperature [°C], NaN where missing
 * @param p.utcOffsetHours the site's standard-time offset [h]
 * @param p.intervalMinutes record interval Δt [min], 1–60
 * @param p.timestampDefinition what each stamp marks within its interval
 */
export function hourlyDryBulb(
  x: { time: Float64Array; tempAir: Float64Array },
  p: { utcOffsetHours: number; intervalMinutes: number; timestampDefinition: TimestampDefinition },
): HourlyDryBulb {
  const n = Math.min(x.time.length, x.tempAir.length);
  const shift =
    midIntervalShiftMs({ definition: p.timestampDefinition, intervalMinutes: p.intervalMinutes }) +
    p.utcOffsetHours * MS_PER_HOUR;
  const hour = new Float64Array(n);
  const tempAir = new Float64Array(n);
  let m = 0;
  let current = Number.NaN;
  let sum = 0;
  let count = 0;
  for (let i = 0; i < n; i++) {
    const t = x.tempAir[i]!;
    const instant = x.time[i]!;
    if (!Number.isFinite(t) || !Number.isFinite(instant)) continue;
    const h = Math.floor((instant + shift) / MS_PER_HOUR);
    if (h !== current) {
      if (count > 0) {
        hour[m] = current;
        tempAir[m++] = sum / count;
      }
      current = h;
      sum = 0;
      count = 0;
    }
    sum += t;
    count++;
  }
  if (count > 0) {
    hour[m] = current;
    tempAir[m++] = sum / count;
  }
  return { hour: hour.slice(0, m), tempAir: tempAir.slice(0, m) };
}

/**
 * Percentile of a sample by linear interpolation between order statistics (Hyndman–Fan type 7):
 * position h = q·(m − 1) in the ascending sample, value x₍⌊h⌋₎ + (h − ⌊h⌋)·(x₍⌊h⌋+1₎ − x₍⌊h⌋₎).
 * @param sorted the sample in ascending order, finite values only
 * @param q quantile, 0–1 (0.996 for the 99.6th percentile)
 * @returns the percentile; NaN for an empty sample
 */
export function percentileSorted(sorted: ArrayLike<number>, q: number): number {
  const m = sorted.length;
  if (m === 0) return Number.NaN;
  const h = Math.min(1, Math.max(0, q)) * (m - 1);
  const lo = Math.floor(h);
  const hi = Math.min(m - 1, lo + 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

/**
 * Frequency factor of the Gumbel distribution for the n-year return period (method of moments):
 * F = −(√6/π)·(0.5772 + ln(ln(n/(n − 1)))).
 * @param returnPeriodYears n [yr], > 1
 * @returns F [–] (2.592 for n = 50)
 */
export function gumbelFrequencyFactor(returnPeriodYears: number): number {
  const n = returnPeriodYears;
  if (!(n > 1)) throw new RangeError(`returnPeriodYears must be greater than 1, got ${n}`);
  return -(Math.sqrt(6) / Math.PI) * (EULER_GAMMA + Math.log(Math.log(n / (n - 1))));
}

/** Mean M and sample standard deviation I (0 for fewer than two values). */
export function meanAndDeviation(values: readonly number[]): { mean: number; deviation: number } {
  const k = values.length;
  if (k === 0) return { mean: Number.NaN, deviation: Number.NaN };
  let sum = 0;
  for (const v of values) sum += v;
  const mean = sum / k;
  if (k < 2) return { mean, deviation: 0 };
  let squares = 0;
  for (const v of values) squares += (v - mean) ** 2;
  return { mean, deviation: Math.sqrt(squares / (k - 1)) };
}

/** The extremes of one sample year (a calendar year, or the whole record). */
export interface AnnualExtreme {
  /** the calendar year, or null when the whole record is one sample */
  year: number | null;
  /** lowest hourly dry-bulb [°C] */
  min: number;
  /** highest hourly dry-bulb [°C] */
  max: number;
  /** hours with a value */
  hours: number;
}

/**
 * The annual extremes of hourly dry-bulb temperatures: one per calendar year (local standard time)
 * with at least `minYearCoverage` of its hours present; the whole record as one sample when it is a
 * typical year or when no year is complete enough. Empty when there are no hours.
 */
export function annualExtremes(
  hourly: HourlyDryBulb,
  p: { typicalYear: boolean; minYearCoverage?: number },
): AnnualExtreme[] {
  const m = hourly.tempAir.length;
  if (m === 0) return [];
  const whole = (): AnnualExtreme[] => {
    let min = Infinity;
    let max = -Infinity;
    for (let i = 0; i < m; i++) {
      const t = hourly.tempAir[i]!;
      if (t < min) min = t;
      if (t > max) max = t;
    }
    return [{ year: null, min, max, hours: m }];
  };
  if (p.typicalYear) return whole();
  const coverage = p.minYearCoverage ?? MIN_YEAR_COVERAGE;
  const byYear = new Map<number, AnnualExtreme>();
  let day = Number.NaN;
  let year = 0;
  for (let i = 0; i < m; i++) {
    const d = Math.floor(hourly.hour[i]! / 24);
    if (d !== day) {
      day = d;
      year = civilFromDays(d).year;
    }
    const t = hourly.tempAir[i]!;
    const entry = byYear.get(year);
    if (!entry) byYear.set(year, { year, min: t, max: t, hours: 1 });
    else {
      if (t < entry.min) entry.min = t;
      if (t > entry.max) entry.max = t;
      entry.hours++;
    }
  }
  const years = [...byYear.values()]
    .filter((e) => e.hours >= coverage * daysInYear(e.year!) * 24)
    .sort((a, b) => a.year! - b.year!);
  return years.length > 0 ? years : whole();
}

/** Design temperatures of a site from its weather (see the module comment for the methods). */
export interface DesignTemperatures {
  /** 0.4 % cooling design dry-bulb: the 99.6th percentile of hourly dry-bulb [°C] */
  cool996: number;
  /** n-year return-period minimum dry-bulb T_n,min = M_min − I_min·F [°C] */
  minReturnPeriod: number;
  /** n-year return-period maximum dry-bulb T_n,max = M_max + I_max·F [°C] */
  maxReturnPeriod: number;
  /** mean of the annual extreme minima M_min [°C] */
  minAnnualMean: number;
  /** mean of the annual extreme maxima M_max [°C] */
  maxAnnualMean: number;
  /** standard deviations I_min, I_max of the annual extremes [K] (0 with one sample year) */
  minDeviation: number;
  maxDeviation: number;
  /** the return period n [yr] and its Gumbel factor F */
  returnPeriodYears: number;
  frequencyFactor: number;
  /** the sample years (one entry with year null for a typical year or a short record) */
  years: AnnualExtreme[];
  /** hourly values used */
  hours: number;
}

/**
 * Design temperatures of a site from one weather record (ASHRAE Handbook—Fundamentals ch. 14
 * methods; see the module comment).
 * @param x.time record instants as stamped [ms since 1970-01-01T00:00Z]
 * @param x.tempAir air (dry-bulb) temperature [°C], NaN where missing
 * @param p.utcOffsetHours the site's standard-time offset [h]
 * @param p.intervalMinutes record interval [min], 1–60
 * @param p.timestampDefinition what each stamp marks within its interval
 * @param p.typicalYear the record is a typical year: its extremes form one sample
 * @param p.returnPeriodYears n [yr] (default 50)
 * @param p.minYearCoverage share of a year's hours that must be present for it to count (default 0.8)
 * @returns the design temperatures, or null when no hour has a temperature
 */
export function designTemperatures(
  x: { time: Float64Array; tempAir: Float64Array },
  p: {
    utcOffsetHours: number;
    intervalMinutes: number;
    timestampDefinition: TimestampDefinition;
    typicalYear: boolean;
    returnPeriodYears?: number;
    minYearCoverage?: number;
  },
): DesignTemperatures | null {
  const hourly = hourlyDryBulb(x, p);
  const m = hourly.tempAir.length;
  if (m === 0) return null;
  const sorted = hourly.tempAir.slice().sort();
  const years = annualExtremes(hourly, {
    typicalYear: p.typicalYear,
    ...(p.minYearCoverage !== undefined ? { minYearCoverage: p.minYearCoverage } : {}),
  });
  const lows = meanAndDeviation(years.map((y) => y.min));
  const highs = meanAndDeviation(years.map((y) => y.max));
  const returnPeriodYears = p.returnPeriodYears ?? 50;
  const f = gumbelFrequencyFactor(returnPeriodYears);
  return {
    cool996: percentileSorted(sorted, 0.996),
    minReturnPeriod: lows.mean - lows.deviation * f,
    maxReturnPeriod: highs.mean + highs.deviation * f,
    minAnnualMean: lows.mean,
    maxAnnualMean: highs.mean,
    minDeviation: lows.deviation,
    maxDeviation: highs.deviation,
    returnPeriodYears,
    frequencyFactor: f,
    years,
    hours: m,
  };
}
