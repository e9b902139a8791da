import { describe, expect, it } from 'vitest';
import {
  civilFromDays,
  dayOfYear,
  dayOfYearSeries,
  daysFromCivil,
  daysInYear,
  epochMsFromCivil,
  isLeapYear,
  julianDay,
  parseIsoWithOffset,
} from '../src/time/calendar.ts';
import {
  midIntervalShiftMs,
  sunInstant,
  sunInstantSeries,
  yearTimestamps,
} from '../src/time/weatherTimestamps.ts';

const HOUR = 3_600_000;

describe('calendar', () => {
  it('applies the Gregorian leap-year rule', () => {
    expect([1900, 2000, 2020, 2021, 2100, 2400].map(isLeapYear)).toEqual([
      false,
      true,
      true,
      false,
      false,
      true,
    ]);
    expect(daysInYear(2024)).toBe(366);
    expect(daysInYear(2023)).toBe(365);
  });

  it('round-trips civil dates and agrees with Date.UTC over 1600–2400 (exact)', () => {
    for (let days = daysFromCivil(1600, 1, 1); days <= daysFromCivil(2400, 12, 31); days += 37) {
      const { year, month, day } = civilFromDays(days);
      expect(daysFromCivil(year, month, day)).toBe(days);
      expect(Date.UTC(year, month - 1, day) / 86_400_000).toBe(days);
    }
  });

  it('gives the day of year in local standard time (exact)', () => {
    expect(dayOfYear(Date.UTC(2020, 11, 31, 12), 0)).toBe(366);
    expect(dayOfYear(Date.UTC(2021, 11, 31, 12), 0)).toBe(365);
    expect(dayOfYear(Date.UTC(2020, 2, 1), 0)).toBe(61);
    expect(dayOfYear(Date.UTC(2021, 2, 1), 0)).toBe(60);
    expect(dayOfYear(Date.UTC(2021, 0, 1, 3), -5)).toBe(366); // 31 Dec 2020 22:00 at UTC−5
    expect(dayOfYear(Date.UTC(2020, 11, 31, 20), 5)).toBe(1); // 1 Jan 01:00 at UTC+5
    for (let t = Date.UTC(1999, 0, 1); t < Date.UTC(2001, 11, 31); t += 7 * HOUR + 123_456) {
      const d = new Date(t - 3 * HOUR);
      const expected =
        Math.floor(
          (Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) -
            Date.UTC(d.getUTCFullYear(), 0, 1)) /
            86_400_000,
        ) + 1;
      expect(dayOfYear(t, -3)).toBe(expected);
    }
    const series = dayOfYearSeries(Float64Array.of(Date.UTC(2021, 1, 1), NaN), 0, new Float64Array(2));
    expect(series[0]).toBe(32);
    expect(series[1]).toBeNaN();
  });

  it('computes Julian days (J2000.0, the SPA report example; exact to 1e−9 d)', () => {
    expect(julianDay(Date.UTC(2000, 0, 1, 12))).toBe(2451545);
    expect(
      Math.abs(julianDay(parseIsoWithOffset('2003-10-17T12:30:30-07:00')) - 2452930.312847222),
    ).toBeLessThan(1e-9);
  });

  it('parses ISO date-times with offsets like Date.parse', () => {
    for (const s of [
      '2003-10-17T12:30:30-07:00',
      '1990-01-14T23:30:00-05:00',
      '2033-12-21T10:35:54+00:00',
      '2021-06-01T00:00:00Z',
      '2021-06-01T05:45:00.250+05:45',
    ]) {
      expect(parseIsoWithOffset(s)).toBe(Date.parse(s));
    }
    expect(parseIsoWithOffset('2021-06-01 10:00', -5)).toBe(Date.UTC(2021, 5, 1, 15));
    expect(() => parseIsoWithOffset('2021-06-01T10:00')).toThrow(RangeError);
    expect(() => parseIsoWithOffset('yesterday')).toThrow(RangeError);
    expect(epochMsFromCivil({ year: 2021, month: 1, day: 1, hour: 1, utcOffsetHours: 1 })).toBe(
      Date.UTC(2021, 0, 1),
    );
  });
});

describe('weather timestamps', () => {
  it('puts the sun at the middle of each interval', () => {
    const t = Date.UTC(2021, 5, 1, 12);
    expect(sunInstant({ timestamp: t }, { definition: 'intervalEnd', intervalMinutes: 60 })).toBe(
      t - HOUR / 2,
    );
    expect(sunInstant({ timestamp: t }, { definition: 'intervalBegin', intervalMinutes: 15 })).toBe(
      t + 7.5 * 60_000,
    );
    expect(sunInstant({ timestamp: t }, { definition: 'intervalMiddle', intervalMinutes: 1 })).toBe(t);
    expect(
      Array.from(
        sunInstantSeries(
          Float64Array.of(t, t + HOUR),
          { definition: 'intervalEnd', intervalMinutes: 60 },
          new Float64Array(2),
        ),
      ),
    ).toEqual([t - HOUR / 2, t + HOUR / 2]);
    for (const bad of [0, 61, 2.5, NaN]) {
      expect(() => midIntervalShiftMs({ definition: 'intervalEnd', intervalMinutes: bad })).toThrow(
        RangeError,
      );
    }
  });

  it('builds a year of timestamps with leap years', () => {
    const end = yearTimestamps({
      year: 2021,
      utcOffsetHours: -5,
      intervalMinutes: 60,
      definition: 'intervalEnd',
    });
    expect(end.length).toBe(8760);
    expect(end[0]).toBe(Date.UTC(2021, 0, 1, 6)); // 01:00 at UTC−5
    expect(end[8759]).toBe(Date.UTC(2022, 0, 1, 5)); // 24:00 = next 00:00
    expect(
      yearTimestamps({ year: 2020, utcOffsetHours: 0, intervalMinutes: 60, definition: 'intervalBegin' })
        .length,
    ).toBe(8784);
    const skipped = yearTimestamps({
      year: 2020,
      utcOffsetHours: 0,
      intervalMinutes: 60,
      definition: 'intervalBegin',
      skipLeapDay: true,
    });
    expect(skipped.length).toBe(8760);
    expect(skipped[59 * 24]).toBe(Date.UTC(2020, 2, 1));
    const mid = yearTimestamps({
      year: 2021,
      utcOffsetHours: 1,
      intervalMinutes: 1,
      definition: 'intervalMiddle',
    });
    expect(mid.length).toBe(525_600);
    expect(mid[0]).toBe(Date.UTC(2020, 11, 31, 23, 0, 30));
    expect(
      yearTimestamps({ year: 2021, utcOffsetHours: 0, intervalMinutes: 7, definition: 'intervalBegin' })
        .length,
    ).toBe(Math.ceil(525_600 / 7));
  });
});
