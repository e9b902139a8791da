/**
 * Typical years (TMY, TGY, IWEC…): each month comes from a different year and the files keep those
 * years in their stamps (a TMY3 may run from 1988-01-01 to 1981-01-01). A run simulates a typical
 * year as one calendar year (simulate/weatherInput.ts): each record keeps its month, day and time
 * (local standard time of the middle of its interval) and takes the year 1990 (a non-leap year, as the
 * reference systems), 1992 when the records hold 29 February.
 *
 * `weatherPeriod` is the period a weather file covers as a run sees it: its first and last stamps, and
 * for a typical year the earliest and latest stamps moved to the year it is simulated in, so that the
 * start comes before the end and a prediction whose dates follow the file covers the whole year.
 */
import { civilFromDays, daysFromCivil, isLeapYear, MS_PER_DAY, MS_PER_HOUR } from '../time/calendar.ts';
import { midIntervalShiftMs } from '../time/weatherTimestamps.ts';
import type { WeatherData } from './types.ts';

/** The year a typical year is simulated in by default, and the one when it holds 29 February. */
export const TYPICAL_YEAR = 1990;
export const TYPICAL_LEAP_YEAR = 1992;

/**
 * Moves the stamps of a typical year to one calendar year (see the module comment).
 * @param time stamps [ms]; shift to the interval middle [ms]; site offset [h]; target year
 * @returns new stamps [ms]
 * @throws RangeError when the records hold 29 February and the year is not a leap year
 */
export function coerceTypicalYear(
  time: Float64Array,
  midShift: number,
  utcOffsetHours: number,
  year: number,
): Float64Array {
  const out = new Float64Array(time.length);
  const off = utcOffsetHours * MS_PER_HOUR;
  let lastDays = NaN;
  let shift = 0;
  for (let i = 0; i < time.length; i++) {
    const days = Math.floor((time[i]! + midShift + off) / MS_PER_DAY);
    if (days !== lastDays) {
      const c = civilFromDays(days);
      if (c.month === 2 && c.day === 29 && !isLeapYear(year))
        throw new RangeError(
          `the typical year holds 29 February; weather.coerceYear ${year} is not a leap year`,
        );
      shift = (daysFromCivil(year, c.month, c.day) - days) * MS_PER_DAY;
      lastDays = days;
    }
    out[i] = time[i]! + shift;
  }
  return out;
}

/** The default year of a typical year: 1990, or 1992 when a record's interval middle is 29 February. */
export function defaultTypicalYear(time: Float64Array, midShift: number, utcOffsetHours: number): number {
  const off = utcOffsetHours * MS_PER_HOUR;
  for (let i = 0; i < time.length; i++) {
    const c = civilFromDays(Math.floor((time[i]! + midShift + off) / MS_PER_DAY));
    if (c.month === 2 && c.day === 29) return TYPICAL_LEAP_YEAR;
  }
  return TYPICAL_YEAR;
}

/** The period a weather file covers, as a run sees it. */
export interface WeatherPeriod {
  /** first and last stamp [ms] (a typical year's in `simulatedYear`) */
  start: number;
  end: number;
  /** the year a typical year is simulated in; null for other files */
  simulatedYear: number | null;
}

/**
 * The first and last stamps of a file; for a typical year the earliest and latest of its stamps moved
 * to the year a run simulates it in (see the module comment). Null without records.
 */
export function weatherPeriod(
  data: Pick<WeatherData, 'time'> & {
    meta: Pick<WeatherData['meta'], 'typicalYear' | 'timeZone' | 'timestampDefinition' | 'intervalMinutes'>;
  },
): WeatherPeriod | null {
  const { time, meta } = data;
  const n = time.length;
  if (n === 0 || !Number.isFinite(time[0]) || !Number.isFinite(time[n - 1])) return null;
  const offset = Number.isFinite(meta.timeZone) ? meta.timeZone : 0;
  if (!meta.typicalYear || !(meta.intervalMinutes > 0))
    return { start: time[0]!, end: time[n - 1]!, simulatedYear: null };
  const shift = midIntervalShiftMs({
    definition: meta.timestampDefinition,
    intervalMinutes: meta.intervalMinutes,
  });
  const year = defaultTypicalYear(time, shift, offset);
  const moved = coerceTypicalYear(time, shift, offset, year);
  let start = Infinity;
  let end = -Infinity;
  for (const t of moved) {
    if (t < start) start = t;
    if (t > end) end = t;
  }
  return { start, end, simulatedYear: year };
}
