/**
 * Calendar arithmetic on epoch milliseconds: proleptic Gregorian civil dates, leap years, day of
 * year and Julian day. Pure integer/float arithmetic (no `Date`), so it can run in hot loops.
 *
 * Conventions: an instant is a number of milliseconds since 1970-01-01T00:00:00Z (UTC, no leap
 * seconds, as POSIX time). Weather files use local *standard* time (no daylight saving): local
 * time = UTC + utcOffsetHours.
 */

/** Milliseconds in a day. */
/** Month abbreviations as the product writes them (`MonthlyFactors.monthName`), January first. */
export const MONTH_ABBREVIATIONS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** Month names as the keys of spec 3 `ESSDispatchTable` (`january` … `december`). */
export const MONTH_KEYS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;

export const MS_PER_DAY = 86_400_000;
/** Milliseconds in an hour. */
export const MS_PER_HOUR = 3_600_000;
/** Milliseconds in a minute. */
export const MS_PER_MINUTE = 60_000;
/** Julian day of the Unix epoch 1970-01-01T00:00:00Z [d]. */
export const JULIAN_DAY_UNIX_EPOCH = 2440587.5;

/**
 * Gregorian leap-year rule: divisible by 4, except centuries not divisible by 400.
 * @param year civil year (proleptic Gregorian)
 */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Number of days of a civil year: 366 in leap years, else 365. */
export function daysInYear(year: number): number {
  return isLeapYear(year) ? 366 : 365;
}

/**
 * Days since 1970-01-01 of a proleptic Gregorian civil date (exact for any year).
 * Algorithm "days_from_civil" of H. Hinnant, "chrono-Compatible Low-Level Date Algorithms" (2013).
 * @param year civil year
 * @param month 1–12
 * @param day 1–31
 * @returns days since 1970-01-01 [d]
 */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400; // [0, 399]
  const mp = month > 2 ? month - 3 : month + 9; // March = 0
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1; // [0, 365]
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy; // [0, 146096]
  return era * 146097 + doe - 719468;
}

/**
 * Civil date of a day count since 1970-01-01 (inverse of {@link daysFromCivil}); allocates the
 * returned object, so use {@link dayOfYearFromDays} in hot loops.
 */
export function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = Math.floor(days) + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doyMarch = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doyMarch + 2) / 153);
  const day = doyMarch - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return { year, month, day };
}

/**
 * Day of year (1 = 1 January, 366 = 31 December of a leap year) of a day count since 1970-01-01.
 * Allocation-free.
 * @param days days since 1970-01-01 (fractional part ignored)
 */
export function dayOfYearFromDays(days: number): number {
  const z = Math.floor(days) + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doyMarch = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100)); // 0 = 1 March
  if (doyMarch >= 306) return doyMarch - 305; // January, February of the next civil year
  const year = yoe + era * 400; // civil year of this March–December
  return doyMarch + 60 + (isLeapYear(year) ? 1 : 0);
}

/**
 * Day of year of an instant in local standard time.
 * doy = day-of-year of ⌊(t + 3 600 000·utcOffsetHours) / 86 400 000⌋
 * @param time instant [ms since 1970-01-01T00:00Z]
 * @param utcOffsetHours standard-time offset of the site [h] (e.g. −5 for EST)
 * @returns day of year, 1–366
 */
export function dayOfYear(time: number, utcOffsetHours: number): number {
  return dayOfYearFromDays((time + utcOffsetHours * MS_PER_HOUR) / MS_PER_DAY);
}

/** Series form of {@link dayOfYear}: fills `out[i]` (NaN where `times[i]` is NaN). */
export function dayOfYearSeries(
  times: Float64Array,
  utcOffsetHours: number,
  out: Float64Array,
): Float64Array {
  const offsetMs = utcOffsetHours * MS_PER_HOUR;
  let lastDay = NaN;
  let lastDoy = NaN;
  for (let i = 0; i < times.length; i++) {
    const day = Math.floor((times[i]! + offsetMs) / MS_PER_DAY); // NaN stays NaN
    if (day !== lastDay) {
      lastDay = day;
      lastDoy = day === day ? dayOfYearFromDays(day) : NaN;
    }
    out[i] = lastDoy;
  }
  return out;
}

/**
 * Calendar month (1–12) of a day count since 1970-01-01, allocation-free (the month of
 * {@link civilFromDays}).
 * @param days days since 1970-01-01 (fractional part ignored)
 */
export function monthFromDays(days: number): number {
  const z = Math.floor(days) + 719468;
  const doe = z - Math.floor(z / 146097) * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doyMarch = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100)); // 0 = 1 March
  const mp = Math.floor((5 * doyMarch + 2) / 153);
  return mp < 10 ? mp + 3 : mp - 9;
}

/**
 * Calendar month (1–12) of each instant in local standard time:
 * month of ⌊(t + 3 600 000·utcOffsetHours) / 86 400 000⌋; 0 where `times[i]` is NaN.
 * @param times instants [ms since 1970-01-01T00:00Z]
 * @param utcOffsetHours standard-time offset of the site [h]
 * @param out caller-owned months
 */
export function monthSeries(times: Float64Array, utcOffsetHours: number, out: Uint8Array): Uint8Array {
  const offsetMs = utcOffsetHours * MS_PER_HOUR;
  let lastDay = NaN;
  let lastMonth = 0;
  for (let i = 0; i < times.length; i++) {
    const day = Math.floor((times[i]! + offsetMs) / MS_PER_DAY);
    if (day !== lastDay) {
      lastDay = day;
      lastMonth = day === day ? monthFromDays(day) : 0;
    }
    out[i] = lastMonth;
  }
  return out;
}

/**
 * Julian day of an instant (UT): JD = t / 86 400 000 + 2 440 587.5.
 * @param time instant [ms since 1970-01-01T00:00Z]
 * @returns Julian day [d]
 * @see I. Reda, A. Andreas, "Solar position algorithm for solar radiation applications",
 *      Solar Energy 76 (2004) 577–589, doi:10.1016/j.solener.2003.12.003, Eq. 4 (same instant)
 */
export function julianDay(time: number): number {
  return time / MS_PER_DAY + JULIAN_DAY_UNIX_EPOCH;
}

/**
 * Instant of a civil local-standard-time date and time.
 * t = (daysFromCivil(y, m, d)·86 400 + 3600·h + 60·min + s)·1000 − 3 600 000·utcOffsetHours
 * @returns instant [ms since 1970-01-01T00:00Z]
 */
export function epochMsFromCivil(x: {
  year: number;
  month: number;
  day: number;
  hour?: number;
  minute?: number;
  second?: number;
  utcOffsetHours: number;
}): number {
  const seconds = (x.hour ?? 0) * 3600 + (x.minute ?? 0) * 60 + (x.second ?? 0);
  return daysFromCivil(x.year, x.month, x.day) * MS_PER_DAY + seconds * 1000 - x.utcOffsetHours * MS_PER_HOUR;
}

const ISO_RE =
  /^(-?\d{4,})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/;

/**
 * Parses an ISO 8601 date-time with an explicit offset (`2003-10-17T12:30:30-07:00`, `…Z`); for
 * tests and the CLI, not for hot paths. A missing offset is an error unless `defaultUtcOffsetHours`
 * is given (never the machine's time zone).
 * @returns instant [ms since 1970-01-01T00:00Z]
 */
export function parseIsoWithOffset(text: string, defaultUtcOffsetHours?: number): number {
  const m = ISO_RE.exec(text.trim());
  if (!m) throw new RangeError(`not an ISO 8601 date-time: ${text}`);
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  let offsetHours: number;
  if (zone === undefined) {
    if (defaultUtcOffsetHours === undefined) throw new RangeError(`ISO date-time without offset: ${text}`);
    offsetHours = defaultUtcOffsetHours;
  } else if (zone === 'Z') {
    offsetHours = 0;
  } else {
    const sign = zone[0] === '-' ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    offsetHours = sign * (Number(digits.slice(0, 2)) + Number(digits.slice(2) || '0') / 60);
  }
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > 31) throw new RangeError(`invalid date: ${text}`);
  const fraction = frac ? Number(`0.${frac}`) : 0;
  return epochMsFromCivil({
    year: Number(y),
    month,
    day,
    hour: Number(h ?? 0),
    minute: Number(mi ?? 0),
    second: Number(s ?? 0) + fraction,
    utcOffsetHours: offsetHours,
  });
}
