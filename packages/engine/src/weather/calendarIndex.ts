/**
 * Calendar position of each weather record in the site's standard time, taken at the middle of its
 * interval (so an interval-end stamp "01-01 00:00" belongs to 31 December's last hour): year, month,
 * day of year and hour. Shared by the summary, the charts and the quality check.
 */
import { civilFromDays, dayOfYearFromDays, MS_PER_DAY, MS_PER_HOUR } from '../time/calendar.ts';
import { midIntervalShiftMs } from '../time/weatherTimestamps.ts';
import type { WeatherData } from './types.ts';

/** Per record: civil year, month 1–12, day of year 1–366, hour 0–23 (local standard time). */
export interface CalendarIndex {
  year: Int16Array;
  month: Uint8Array;
  /** day of the month 1–31 */
  day: Uint8Array;
  dayOfYear: Int16Array;
  hour: Uint8Array;
  /** mid-interval instants [ms since 1970-01-01T00:00Z] */
  mid: Float64Array;
  /** distinct years, ascending */
  years: number[];
}

/** Builds the {@link CalendarIndex} of a weather series (one pass; one civil conversion per day). */
export function calendarIndex(data: WeatherData): CalendarIndex {
  const n = data.time.length;
  const shift = midIntervalShiftMs({
    definition: data.meta.timestampDefinition,
    intervalMinutes: data.meta.intervalMinutes,
  });
  const offset = data.meta.timeZone * MS_PER_HOUR;
  const year = new Int16Array(n);
  const month = new Uint8Array(n);
  const doy = new Int16Array(n);
  const dom = new Uint8Array(n);
  const hour = new Uint8Array(n);
  const mid = new Float64Array(n);
  const years = new Set<number>();
  let lastDay = NaN;
  let y = 0;
  let m = 0;
  let d = 0;
  let dm = 0;
  for (let i = 0; i < n; i++) {
    const t = data.time[i]! + shift;
    mid[i] = t;
    const local = t + offset;
    const day = Math.floor(local / MS_PER_DAY);
    if (day !== lastDay) {
      lastDay = day;
      const c = civilFromDays(day);
      y = c.year;
      m = c.month;
      dm = c.day;
      d = dayOfYearFromDays(day);
      years.add(y);
    }
    year[i] = y;
    month[i] = m;
    dom[i] = dm;
    doy[i] = d;
    hour[i] = Math.floor((local - day * MS_PER_DAY) / MS_PER_HOUR);
  }
  return { year, month, day: dom, dayOfYear: doy, hour, mid, years: [...years].sort((a, b) => a - b) };
}
