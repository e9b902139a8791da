/**
 * Weather timestamps and the instant at which the sun is computed for each interval.
 *
 * A weather record stands for an interval of `intervalMinutes` (1–60). Its timestamp marks the
 * interval's end (TMY3, most hourly files: "01:00" covers 00:00–01:00), its beginning, or its middle;
 * or it is an instant (satellite-derived NSRDB PSM and PVGIS values: one scan at the stamp, not a mean
 * over an interval). An interval average goes with the sun at the middle of the interval, an
 * instantaneous value with the sun at the stamp itself:
 *   t_sun = t − Δt/2 (end), t + Δt/2 (begin), t (middle, instantaneous),   Δt = intervalMinutes·60 000 ms.
 * An instantaneous record counts Δt of energy and belongs to the hour and day of its stamp.
 * Timestamps are instants in ms since 1970-01-01T00:00Z; a file's local standard time is turned into
 * instants with its standard-time offset (see `calendar.ts`).
 */
import { daysInYear, epochMsFromCivil, isLeapYear, MS_PER_DAY, MS_PER_MINUTE } from './calendar.ts';

/** What a weather timestamp marks within its interval. */
export type TimestampDefinition = 'intervalEnd' | 'intervalBegin' | 'intervalMiddle' | 'instantaneous';

/** Every {@link TimestampDefinition}, in the order of their spec 3 WeatherTimestampDefinitionEnum ids (1…4). */
export const TIMESTAMP_DEFINITIONS: readonly TimestampDefinition[] = [
  'intervalEnd',
  'intervalBegin',
  'intervalMiddle',
  'instantaneous',
];

/** How a weather file's timestamps relate to its intervals. */
export interface TimestampConvention {
  /** what the timestamp marks */
  definition: TimestampDefinition;
  /** interval length, an integer from 1 to 60 [min] */
  intervalMinutes: number;
}

/** Throws a RangeError unless `intervalMinutes` is an integer from 1 to 60. */
export function checkIntervalMinutes(intervalMinutes: number): void {
  if (!Number.isInteger(intervalMinutes) || intervalMinutes < 1 || intervalMinutes > 60) {
    throw new RangeError(`intervalMinutes must be an integer from 1 to 60, got ${intervalMinutes}`);
  }
}

/**
 * Shift from a timestamp to the middle of its interval [ms]:
 * −Δt/2 for interval end, +Δt/2 for interval begin, 0 for interval middle and instantaneous values.
 */
export function midIntervalShiftMs(p: TimestampConvention): number {
  checkIntervalMinutes(p.intervalMinutes);
  const half = (p.intervalMinutes * MS_PER_MINUTE) / 2;
  switch (p.definition) {
    case 'intervalEnd':
      return -half;
    case 'intervalBegin':
      return half;
    case 'intervalMiddle':
    case 'instantaneous':
      return 0;
  }
}

/**
 * Instant at the middle of the interval a timestamp stands for (where the sun is computed).
 * t_sun = t + shift, shift = −Δt/2 (end), +Δt/2 (begin), 0 (middle, instantaneous)
 * @param x.timestamp the record's timestamp [ms since 1970-01-01T00:00Z]
 * @returns mid-interval instant [ms since 1970-01-01T00:00Z]
 */
export function sunInstant(x: { timestamp: number }, p: TimestampConvention): number {
  return x.timestamp + midIntervalShiftMs(p);
}

/** Series form of {@link sunInstant}: `out[i] = timestamps[i] + shift`. */
export function sunInstantSeries(
  timestamps: Float64Array,
  p: TimestampConvention,
  out: Float64Array,
): Float64Array {
  const shift = midIntervalShiftMs(p);
  for (let i = 0; i < timestamps.length; i++) out[i] = timestamps[i]! + shift;
  return out;
}

/**
 * Timestamps of a complete calendar year of regular intervals in local standard time, as a file
 * with that convention would stamp them: interval end gives 01:00 … 24:00 (= next 00:00) for hourly
 * data, interval begin 00:00 … 23:00, interval middle 00:30 … 23:30; instantaneous values are
 * stamped like interval begin (00:00 … 23:00, NSRDB PSM's half-hourly 00:00, 00:30 …).
 * @param p.year civil year
 * @param p.utcOffsetHours standard-time offset [h]
 * @param p.skipLeapDay drop 29 February (typical-year files have 8760 hourly records)
 * @returns timestamps [ms since 1970-01-01T00:00Z]; 525 600/intervalMinutes values (+1440/interval
 *          in a leap year unless skipped)
 */
export function yearTimestamps(
  p: TimestampConvention & { year: number; utcOffsetHours: number; skipLeapDay?: boolean },
): Float64Array {
  checkIntervalMinutes(p.intervalMinutes);
  const stepMs = p.intervalMinutes * MS_PER_MINUTE;
  const start = epochMsFromCivil({ year: p.year, month: 1, day: 1, utcOffsetHours: p.utcOffsetHours });
  const end = start + daysInYear(p.year) * MS_PER_DAY;
  const skip = p.skipLeapDay === true && isLeapYear(p.year);
  const leapDayStart = start + 59 * MS_PER_DAY; // 29 February 00:00
  const leapDayEnd = leapDayStart + MS_PER_DAY;
  const out = new Float64Array(Math.ceil((end - start) / stepMs));
  const stampShift =
    p.definition === 'intervalEnd' ? stepMs : p.definition === 'intervalMiddle' ? stepMs / 2 : 0;
  let n = 0;
  for (let begin = start; begin < end; begin += stepMs) {
    if (skip && begin >= leapDayStart && begin < leapDayEnd) continue;
    out[n++] = begin + stampShift;
  }
  return n === out.length ? out : out.slice(0, n);
}
