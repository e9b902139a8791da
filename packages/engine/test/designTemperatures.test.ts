/**
 * Design temperatures (ASHRAE Handbook—Fundamentals ch. 14 methods): the Gumbel frequency factors
 * of the Handbook's table, the 99.6th percentile, hourly averaging of sub-hourly records in local
 * standard time, annual extremes with the year screening, and the whole chain on synthetic years
 * whose answers are known in closed form.
 */
import { describe, expect, it } from 'vitest';
import { daysFromCivil, MS_PER_HOUR } from '../src/time/calendar.ts';
import {
  annualExtremes,
  designTemperatures,
  gumbelFrequencyFactor,
  hourlyDryBulb,
  meanAndDeviation,
  percentileSorted,
} from '../src/weather/designTemperatures.ts';

const MS_PER_DAY = 24 * MS_PER_HOUR;

/** Hourly interval-end stamps of whole years in UTC offset `tz`, temperatures from `temp(year, i)`. */
function hourlyYears(years: number[], tz: number, temp: (year: number, hourOfYear: number) => number) {
  const time: number[] = [];
  const tempAir: number[] = [];
  for (const year of years) {
    const start = daysFromCivil(year, 1, 1) * MS_PER_DAY - tz * MS_PER_HOUR;
    const hours = (daysFromCivil(year + 1, 1, 1) - daysFromCivil(year, 1, 1)) * 24;
    for (let h = 0; h < hours; h++) {
      time.push(start + (h + 1) * MS_PER_HOUR);
      tempAir.push(temp(year, h));
    }
  }
  return { time: Float64Array.from(time), tempAir: Float64Array.from(tempAir) };
}

const hourly = { intervalMinutes: 60, timestampDefinition: 'intervalEnd' as const };

describe('Gumbel frequency factor', () => {
  it('matches the Handbook values F(5, 10, 20, 50) = 0.719, 1.305, 1.866, 2.592', () => {
    expect(gumbelFrequencyFactor(5)).toBeCloseTo(0.719, 3);
    expect(gumbelFrequencyFactor(10)).toBeCloseTo(1.305, 3);
    expect(gumbelFrequencyFactor(20)).toBeCloseTo(1.866, 3);
    expect(gumbelFrequencyFactor(50)).toBeCloseTo(2.592, 3);
  });

  it('refuses a return period of one year or less', () => {
    expect(() => gumbelFrequencyFactor(1)).toThrow(RangeError);
  });
});

describe('statistics', () => {
  it('percentile by linear interpolation between order statistics', () => {
    const sorted = Float64Array.from({ length: 1001 }, (_, i) => i);
    expect(percentileSorted(sorted, 0.996)).toBeCloseTo(996, 9);
    expect(percentileSorted([0, 10], 0.25)).toBeCloseTo(2.5, 12);
    expect(percentileSorted([7], 0.996)).toBe(7);
    expect(percentileSorted([], 0.5)).toBeNaN();
  });

  it('mean and sample standard deviation; zero deviation for one value', () => {
    expect(meanAndDeviation([2, 4, 4, 4, 5, 5, 7, 9])).toEqual({
      mean: 5,
      deviation: Math.sqrt(32 / 7),
    });
    expect(meanAndDeviation([3])).toEqual({ mean: 3, deviation: 0 });
  });
});

describe('hourly dry-bulb', () => {
  it('averages 1-minute records to clock hours of local standard time (interval mid-points)', () => {
    // 120 one-minute interval-end records from 00:01 to 02:00 local (UTC−5): two clock hours.
    const tz = -5;
    const start = daysFromCivil(2021, 6, 1) * MS_PER_DAY - tz * MS_PER_HOUR;
    const time = Float64Array.from({ length: 120 }, (_, i) => start + (i + 1) * 60_000);
    const tempAir = Float64Array.from({ length: 120 }, (_, i) => (i < 60 ? i : 100));
    tempAir[5] = Number.NaN;
    const h = hourlyDryBulb(
      { time, tempAir },
      { utcOffsetHours: tz, intervalMinutes: 1, timestampDefinition: 'intervalEnd' },
    );
    expect(Array.from(h.hour)).toEqual([daysFromCivil(2021, 6, 1) * 24, daysFromCivil(2021, 6, 1) * 24 + 1]);
    const firstHour = Array.from({ length: 60 }, (_, i) => i).filter((i) => i !== 5);
    expect(h.tempAir[0]).toBeCloseTo(firstHour.reduce((a, b) => a + b, 0) / firstHour.length, 9);
    expect(h.tempAir[1]).toBe(100);
  });

  it('places an interval-end stamp at midnight in the previous day', () => {
    const start = daysFromCivil(2022, 1, 1) * MS_PER_DAY;
    const h = hourlyDryBulb(
      { time: Float64Array.of(start), tempAir: Float64Array.of(1) },
      { utcOffsetHours: 0, ...hourly },
    );
    expect(h.hour[0]).toBe(daysFromCivil(2022, 1, 1) * 24 - 1);
  });
});

describe('annual extremes', () => {
  it('keeps calendar years with at least 80 % of their hours, in order', () => {
    const full = hourlyYears([2019, 2020], 0, (year, h) => (year === 2019 ? h % 50 : -(h % 40)));
    // 100 hours of 2021: too few to count.
    const partial = hourlyYears([2021], 0, () => 99);
    const time = Float64Array.from([...full.time, ...partial.time.subarray(0, 100)]);
    const tempAir = Float64Array.from([...full.tempAir, ...partial.tempAir.subarray(0, 100)]);
    const h = hourlyDryBulb({ time, tempAir }, { utcOffsetHours: 0, ...hourly });
    const years = annualExtremes(h, { typicalYear: false });
    expect(years.map((y) => [y.year, y.min, y.max, y.hours])).toEqual([
      [2019, 0, 49, 8760],
      [2020, -39, 0, 8784],
    ]);
  });

  it('takes the whole record as one sample for a typical year or when no year is complete', () => {
    const data = hourlyYears([2019], 0, (_y, h) => h / 100);
    const h = hourlyDryBulb(data, { utcOffsetHours: 0, ...hourly });
    expect(annualExtremes(h, { typicalYear: true })).toEqual([
      { year: null, min: 0, max: 87.59, hours: 8760 },
    ]);
    const short = hourlyDryBulb(
      { time: data.time.subarray(0, 500), tempAir: data.tempAir.subarray(0, 500) },
      { utcOffsetHours: 0, ...hourly },
    );
    expect(annualExtremes(short, { typicalYear: false })).toEqual([
      { year: null, min: 0, max: 4.99, hours: 500 },
    ]);
    expect(
      annualExtremes({ hour: new Float64Array(0), tempAir: new Float64Array(0) }, { typicalYear: false }),
    ).toEqual([]);
  });
});

describe('design temperatures', () => {
  it('multi-year record: M ± I·F from the annual extremes, cool996 from all hours', () => {
    // Each year: a sine of amplitude 20 K around a yearly mean, so min = mean − 20, max = mean + 20.
    const means: Record<number, number> = { 2016: 10, 2017: 12, 2018: 9, 2019: 14, 2020: 11 };
    const years = Object.keys(means).map(Number);
    const data = hourlyYears(years, 2, (year, h) => means[year]! + 20 * Math.sin((2 * Math.PI * h) / 8760));
    const result = designTemperatures(data, {
      utcOffsetHours: 2,
      ...hourly,
      typicalYear: false,
    })!;
    // The sine reaches ±1 on the hourly grid (hours 2190 and 6570), so the extremes are exact.
    const maxima = years.map((y) => means[y]! + 20);
    const minima = years.map((y) => means[y]! - 20);
    const hi = meanAndDeviation(maxima);
    const lo = meanAndDeviation(minima);
    const f = gumbelFrequencyFactor(50);
    expect(result.years.map((y) => y.year)).toEqual(years);
    expect(result.maxAnnualMean).toBeCloseTo(hi.mean, 9);
    expect(result.minAnnualMean).toBeCloseTo(lo.mean, 9);
    expect(result.maxDeviation).toBeCloseTo(Math.sqrt(3.7), 6);
    expect(result.maxReturnPeriod).toBeCloseTo(hi.mean + hi.deviation * f, 9);
    expect(result.minReturnPeriod).toBeCloseTo(lo.mean - lo.deviation * f, 9);
    expect(result.maxReturnPeriod).toBeGreaterThan(Math.max(...maxima));
    expect(result.minReturnPeriod).toBeLessThan(Math.min(...minima));
    const sorted = data.tempAir.slice().sort();
    expect(result.cool996).toBeCloseTo(percentileSorted(sorted, 0.996), 9);
    expect(result.hours).toBe(data.tempAir.length);
    expect(result.frequencyFactor).toBeCloseTo(2.592, 3);
  });

  it('one year: I = 0, so the 50-year values are the year’s own extremes', () => {
    const data = hourlyYears(
      [2005],
      -8,
      (_y, h) => 5 + 25 * Math.sin((2 * Math.PI * h) / 8760) + (h % 24) / 10,
    );
    for (const typicalYear of [true, false]) {
      const result = designTemperatures(data, { utcOffsetHours: -8, ...hourly, typicalYear })!;
      expect(result.years).toHaveLength(1);
      expect(result.minDeviation).toBe(0);
      expect(result.maxReturnPeriod).toBe(Math.max(...data.tempAir));
      expect(result.minReturnPeriod).toBe(Math.min(...data.tempAir));
      expect(result.minAnnualMean).toBe(result.minReturnPeriod);
      expect(result.cool996).toBeLessThan(result.maxReturnPeriod);
      expect(result.cool996).toBeGreaterThan(28);
    }
  });

  it('answers null when no hour has a temperature', () => {
    const data = hourlyYears([2005], 0, () => Number.NaN);
    expect(designTemperatures(data, { utcOffsetHours: 0, ...hourly, typicalYear: false })).toBeNull();
  });
});
