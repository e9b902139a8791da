/**
 * Synthetic hourly year (Aguiar et al. 1988 Markov matrices + TAG 1992): the monthly sums and means
 * of the input are reproduced, values are physical, the result is deterministic per seed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseWeather } from '../src/weather/parseWeather.ts';
import { weatherSummary } from '../src/weather/summary.ts';
import { generateSyntheticYear } from '../src/weatherGenerate/syntheticYear.ts';
import { qualityCheck } from '../src/weatherQuality/qualityCheck.ts';
import { SHARED_DIR } from './golden.ts';

const tmy = parseWeather(fs.readFileSync(path.join(SHARED_DIR, 'data', '723170TYA.CSV'), 'latin1'));
const ref = weatherSummary(tmy);
const input = {
  latitude: 36.1,
  longitude: -79.95,
  elevation: 273,
  timeZone: -5,
  monthlyGhi: ref.monthly.map((m) => m.ghi),
  monthlyTemp: ref.monthly.map((m) => m.tempAir),
  monthlyWind: ref.monthly.map((m) => m.windSpeed),
  seed: 42,
};

describe('generateSyntheticYear', () => {
  const w = generateSyntheticYear(input);
  const s = weatherSummary(w);

  it('8760 hourly records stamped at the interval end', () => {
    expect(w.meta.rowCount).toBe(8760);
    expect([w.meta.intervalMinutes, w.meta.timestampDefinition, w.meta.format]).toEqual([
      60,
      'intervalEnd',
      'synthetic',
    ]);
    expect([w.meta.startDate, w.meta.endDate]).toEqual([
      '2001-01-01T01:00:00-05:00',
      '2002-01-01T00:00:00-05:00',
    ]);
  });

  it('reproduces the monthly GHI sums, temperatures and wind of the input', () => {
    for (let m = 0; m < 12; m++) {
      expect(s.monthly[m]!.ghi / input.monthlyGhi[m]!).toBeCloseTo(1, 6);
      expect(s.monthly[m]!.tempAir).toBeCloseTo(input.monthlyTemp[m]!, 6);
      expect(s.monthly[m]!.windSpeed).toBeCloseTo(input.monthlyWind[m]!, 6);
    }
    expect(s.annual.ghi).toBeCloseTo(ref.annual.ghi, 3);
  });

  it('physical values: no GHI at night, DHI ≤ GHI, within BSRN limits', () => {
    let bad = 0;
    for (let i = 0; i < 8760; i++)
      if (!(w.ghi[i]! >= 0 && w.dhi[i]! <= w.ghi[i]! + 1e-9 && w.dni[i]! < 1100)) bad++;
    expect(bad).toBe(0);
    const q = qualityCheck(w);
    const c = (id: string): number => q.checks.find((x) => x.id === id)!.count;
    expect([c('physicalLimit'), c('night'), c('gap'), c('closure')]).toEqual([0, 0, 0, 0]);
    // Daily variability: a sequence of days, not a monthly mean repeated.
    const daily = Array.from({ length: 365 }, (_, d) =>
      w.ghi.slice(d * 24, d * 24 + 24).reduce((a, v) => a + v, 0),
    );
    const june = daily.slice(151, 181);
    const mean = june.reduce((a, v) => a + v, 0) / june.length;
    const sd = Math.sqrt(june.reduce((a, v) => a + (v - mean) ** 2, 0) / june.length);
    expect(sd / mean).toBeGreaterThan(0.1);
    expect(sd / mean).toBeLessThan(0.6);
  });

  it('deterministic per seed', () => {
    const again = generateSyntheticYear(input);
    expect(again.ghi).toEqual(w.ghi);
    const other = generateSyntheticYear({ ...input, seed: 7 });
    expect(other.ghi).not.toEqual(w.ghi);
    expect(weatherSummary(other).annual.ghi).toBeCloseTo(s.annual.ghi, 6);
  });

  it('rejects impossible inputs', () => {
    expect(() => generateSyntheticYear({ ...input, monthlyGhi: input.monthlyGhi.slice(0, 11) })).toThrow(
      RangeError,
    );
    expect(() => generateSyntheticYear({ ...input, monthlyGhi: input.monthlyGhi.map(() => 390) })).toThrow(
      /exceeds 90 % of the extraterrestrial/,
    );
  });
});
