import { describe, expect, it } from 'vitest';
import {
  decimalYear,
  degradationFactor,
  degradationForDcField,
  degradationFromPrediction,
  degradationLoss,
  degradationYearMean,
  epochMsFromCivil,
  letidFactor,
  letidLoss,
  letidYearMean,
  lifetimeFactorsSeries,
  prepareLifetime,
  prepareYearRepeater,
  yearStartInstant,
  type Degradation,
  type Letid,
} from '../src/index.ts';

const UTC = -5;

/** Hourly timestamps (mid-hour, local standard time) of a 365-day weather year. */
function weatherYear(year = 2023): Float64Array {
  const start = epochMsFromCivil({ year, month: 1, day: 1, utcOffsetHours: UTC });
  return Float64Array.from({ length: 8760 }, (_, i) => start + (i + 0.5) * 3_600_000);
}

/** Mean of the combined factor of every step of each simulated year. */
function yearMeans(d: Degradation, years: number, startYear = 2023, letid?: Letid): number[] {
  const plan = prepareYearRepeater(
    { times: weatherYear() },
    { startYear, yearRepeater: years, utcOffsetHours: UTC },
  );
  const lifetime = prepareLifetime({
    energization: epochMsFromCivil({ year: startYear, month: 1, day: 1, utcOffsetHours: UTC }),
    degradation: d,
    letid,
    utcOffsetHours: UTC,
  });
  const out = new Float64Array(8760);
  return plan.years.map(({ year }) => {
    lifetimeFactorsSeries(plan, { year, lifetime }, { combined: out });
    return out.reduce((s, v) => s + v, 0) / out.length;
  });
}

describe('degradation models (spec 3 DegradationModel)', () => {
  it('maps the prediction fields', () => {
    expect(degradationFromPrediction({ degradationModel: 0 })).toEqual({ model: 'none' });
    expect(
      degradationFromPrediction({
        degradationModel: 3,
        linearDegradationRate: 0.5,
        firstYearDegradation: true,
      }),
    ).toEqual({ model: 'linearDc', rate: 0.5, firstYearDegradation: true });
    expect(degradationFromPrediction({ degradationModel: 1, linearDegradationRate: 1 }).model).toBe(
      'steppedAc',
    );
    expect(degradationFromPrediction({ degradationModel: 2 }).model).toBe('linearAc');
    expect(degradationFromPrediction({ degradationModel: 4, nonLinearDegradationRates: [] }).model).toBe(
      'nonLinearDc',
    );
    expect(() => degradationFromPrediction({ degradationModel: 7 })).toThrow(RangeError);
  });

  it('linear 0.5 %/yr over 25 years (first-year degradation on)', () => {
    const d: Degradation = { model: 'linearDc', rate: 0.5, firstYearDegradation: true };
    expect(degradationLoss({ ageYears: 25 }, d)).toBeCloseTo(12.5, 12);
    expect(degradationFactor({ ageYears: 25 }, d)).toBeCloseTo(0.875, 12);
    expect(degradationFactor({ ageYears: -1 }, d)).toBe(1);
    for (let k = 1; k <= 25; k++)
      expect(degradationYearMean({ yearIndex: k }, d)).toBeCloseTo(1 - 0.005 * (k - 0.5), 12);
    const lifetime = Array.from({ length: 25 }, (_, k) => degradationYearMean({ yearIndex: k + 1 }, d));
    expect(lifetime.reduce((s, v) => s + v, 0)).toBeCloseTo(25 - 0.005 * 312.5, 10);
    // Per step through the year repeater: each simulated year's mean equals the closed form
    // (to the day's shift of a 365-day weather year in leap years).
    const means = yearMeans(d, 25);
    means.forEach((m, k) => expect(Math.abs(m - (1 - 0.005 * (k + 0.5)))).toBeLessThan(1e-5));
  });

  it('linear without first-year degradation: year 1 is free, then 0.5 %/yr', () => {
    const d: Degradation = { model: 'linearAc', rate: 0.5, firstYearDegradation: false };
    expect(degradationYearMean({ yearIndex: 1 }, d)).toBe(1);
    expect(degradationYearMean({ yearIndex: 2 }, d)).toBeCloseTo(0.9975, 12);
    expect(degradationYearMean({ yearIndex: 25 }, d)).toBeCloseTo(1 - 0.005 * 23.5, 12);
    const means = yearMeans(d, 3);
    expect(means[0]).toBe(1);
    expect(means[1]).toBeCloseTo(0.9975, 4);
  });

  it('stepped AC: constant within each year of age, one step per anniversary', () => {
    const off: Degradation = { model: 'steppedAc', rate: 1, firstYearDegradation: false };
    const on: Degradation = { model: 'steppedAc', rate: 1, firstYearDegradation: true };
    expect(degradationFactor({ ageYears: 0.3 }, off)).toBe(1);
    expect(degradationFactor({ ageYears: 1 }, off)).toBeCloseTo(0.99, 14);
    expect(degradationFactor({ ageYears: 1.999 }, off)).toBeCloseTo(0.99, 14);
    expect(degradationFactor({ ageYears: 0 }, on)).toBeCloseTo(0.99, 14);
    expect(degradationFactor({ ageYears: 4.5 }, on)).toBeCloseTo(0.95, 14);
    expect(degradationYearMean({ yearIndex: 10 }, off)).toBeCloseTo(0.91, 14);
    const plan = prepareYearRepeater(
      { times: weatherYear() },
      { startYear: 2023, yearRepeater: 4, utcOffsetHours: UTC },
    );
    const lifetime = prepareLifetime({
      energization: epochMsFromCivil({ year: 2023, month: 1, day: 1, utcOffsetHours: UTC }),
      degradation: off,
      utcOffsetHours: UTC,
    });
    const out = new Float64Array(8760);
    plan.years.forEach(({ year, yearIndex }) => {
      lifetimeFactorsSeries(plan, { year, lifetime }, { degradation: out });
      expect(Math.min(...out)).toBeCloseTo(1 - 0.01 * (yearIndex - 1), 14);
      expect(Math.max(...out)).toBeCloseTo(1 - 0.01 * (yearIndex - 1), 14);
    });
  });

  it('non-linear DC: per-year rates from year 0, gaps carry the previous rate, the last goes on', () => {
    const d = degradationFromPrediction({
      degradationModel: 4,
      nonLinearDegradationRates: [
        { year: 3, degradationRate: 0.4 },
        { year: 0, degradationRate: 2 },
        { year: 1, degradationRate: 0.7 },
      ],
    });
    expect(degradationLoss({ ageYears: 0.5 }, d)).toBeCloseTo(1, 14);
    expect(degradationLoss({ ageYears: 1 }, d)).toBeCloseTo(2, 14);
    expect(degradationLoss({ ageYears: 2.5 }, d)).toBeCloseTo(3.05, 14);
    expect(degradationLoss({ ageYears: 5 }, d)).toBeCloseTo(4.2, 14);
    expect(degradationYearMean({ yearIndex: 1 }, d)).toBeCloseTo(0.99, 14);
    expect(degradationYearMean({ yearIndex: 4 }, d)).toBeCloseTo(1 - (3.4 + 0.2) / 100, 14);
    const means = yearMeans(d, 4);
    means.forEach((m, k) => expect(m).toBeCloseTo(degradationYearMean({ yearIndex: k + 1 }, d), 4));
  });

  it('module-defined rates replace the fixed ones only for DC models', () => {
    const linearDc = degradationFromPrediction({
      degradationModel: 3,
      linearDegradationRate: 0.5,
      firstYearDegradation: true,
    });
    const module = { degradationModel: 1, linearDegradationRate: 0.3 };
    expect(degradationForDcField(linearDc, module, { useModuleDegradation: true })).toEqual({
      model: 'linearDc',
      rate: 0.3,
      firstYearDegradation: true,
    });
    expect(degradationForDcField(linearDc, module, { useModuleDegradation: false })).toBe(linearDc);
    expect(degradationForDcField(linearDc, { degradationModel: 0 }, { useModuleDegradation: true })).toBe(
      linearDc,
    );
    const rates = [{ year: 0, degradationRate: 1 }];
    expect(
      degradationForDcField(
        linearDc,
        { degradationModel: 2, nonLinearDegradationRates: rates },
        { useModuleDegradation: true },
      ),
    ).toEqual({
      model: 'nonLinearDc',
      rates,
    });
    const linearAc = degradationFromPrediction({ degradationModel: 2, linearDegradationRate: 0.5 });
    expect(degradationForDcField(linearAc, module, { useModuleDegradation: true })).toBe(linearAc);
  });
});

describe('energization date and year repeater', () => {
  it('places N years after the start and a 365-day weather year into each', () => {
    const plan = prepareYearRepeater(
      { times: weatherYear(1998) },
      { startYear: 2030, yearRepeater: 3, utcOffsetHours: UTC },
    );
    expect(plan.years).toEqual([
      { yearIndex: 1, year: 2030 },
      { yearIndex: 2, year: 2031 },
      { yearIndex: 3, year: 2032 },
    ]);
    expect(plan.msIntoYear[0]).toBe(1_800_000);
    expect(plan.msIntoYear[8759]).toBe((8759 + 0.5) * 3_600_000);
    expect(
      decimalYear(
        { time: yearStartInstant({ year: 2030 }, { utcOffsetHours: UTC }) },
        { utcOffsetHours: UTC },
      ),
    ).toBe(2030);
    const midLeap = epochMsFromCivil({ year: 2024, month: 7, day: 2, utcOffsetHours: UTC });
    expect(decimalYear({ time: midLeap }, { utcOffsetHours: UTC })).toBeCloseTo(2024 + 183 / 366, 14);
  });

  it('a block energized mid-year produces only from that date (partial first year)', () => {
    const energization = epochMsFromCivil({ year: 2024, month: 7, day: 1, utcOffsetHours: UTC });
    const plan = prepareYearRepeater(
      { times: weatherYear() },
      { startYear: 2024, yearRepeater: 2, utcOffsetHours: UTC },
    );
    const d: Degradation = { model: 'linearDc', rate: 0.5, firstYearDegradation: true };
    const lifetime = prepareLifetime({ energization, degradation: d, utcOffsetHours: UTC });
    const on = new Float64Array(8760);
    const deg = new Float64Array(8760);
    lifetimeFactorsSeries(plan, { year: 2024, lifetime }, { energized: on, degradation: deg });
    // 2024 is a leap year: 1 January → 30 June is 182 days, so weather hours 0 … 4367 are before it.
    expect(on.reduce((s, v) => s + v, 0)).toBe(8760 - 182 * 24);
    expect(on[182 * 24 - 1]).toBe(0);
    expect(on[182 * 24]).toBe(1);
    expect(deg[0]).toBe(1);
    expect(deg[182 * 24]).toBeGreaterThan(1 - 1e-6);
    lifetimeFactorsSeries(plan, { year: 2025, lifetime }, { energized: on, degradation: deg });
    expect(on.every((v) => v === 1)).toBe(true);
    // One year after energization (within a day): 0.5 % lost.
    const anniversary = (31 + 28 + 31 + 30 + 31 + 30) * 24;
    expect(deg[anniversary]).toBeCloseTo(0.995, 4);
  });
});

describe('LeTID', () => {
  const threeState: Letid = { model: 'threeState', peakLoss: 2, degradationTime: 1, regenerationTime: 5 };
  it('three-state kinetics: rises to the peak at ln(k1/k2)/(k1 − k2), then regenerates', () => {
    const peakAge = Math.log(5) / 0.8;
    expect(letidLoss({ ageYears: peakAge }, threeState)).toBeCloseTo(2, 12);
    expect(letidLoss({ ageYears: peakAge - 0.1 }, threeState)).toBeLessThan(2);
    expect(letidLoss({ ageYears: peakAge + 0.1 }, threeState)).toBeLessThan(2);
    expect(letidLoss({ ageYears: 10 }, threeState) / 2).toBeCloseTo(0.2529, 4);
    expect(letidLoss({ ageYears: 0 }, threeState)).toBe(0);
    expect(letidFactor({ ageYears: peakAge }, threeState)).toBeCloseTo(0.98, 12);
    const equal: Letid = { model: 'threeState', peakLoss: 1.5, degradationTime: 2, regenerationTime: 2 };
    expect(letidLoss({ ageYears: 2 }, equal)).toBeCloseTo(1.5, 12);
  });
  it('year means match a fine numerical average', () => {
    for (const k of [1, 2, 3, 10]) {
      let s = 0;
      const n = 20000;
      for (let i = 0; i < n; i++) s += letidFactor({ ageYears: k - 1 + (i + 0.5) / n }, threeState);
      expect(letidYearMean({ yearIndex: k }, threeState)).toBeCloseTo(s / n, 7);
    }
  });
  it('per-year rates: degradation then regeneration, never a net gain', () => {
    const rates: Letid = {
      model: 'annualRates',
      rates: [
        { year: 0, degradationRate: 1.5 },
        { year: 1, degradationRate: 0.5 },
        { year: 2, degradationRate: -1 },
      ],
    };
    expect(letidLoss({ ageYears: 2 }, rates)).toBeCloseTo(2, 14);
    expect(letidLoss({ ageYears: 3.5 }, rates)).toBeCloseTo(0.5, 14);
    expect(letidLoss({ ageYears: 10 }, rates)).toBe(0);
    expect(letidYearMean({ yearIndex: 2 }, rates)).toBeCloseTo(1 - 0.0175, 14);
    const d: Degradation = { model: 'none' };
    const means = yearMeans(d, 3, 2023, rates);
    expect(means[2]).toBeCloseTo(letidYearMean({ yearIndex: 3 }, rates), 5);
  });
});
