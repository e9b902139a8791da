import { describe, expect, it } from 'vitest';
import {
  type ElectricalShading,
  electricalShadingFactor,
  electricalShadingFactorSeries,
} from '../../src/shading/electricalShading.ts';

const portrait2 = (e: number): ElectricalShading => ({
  response: 'fractional',
  fractionalEffect: e,
  modulesHigh: 2,
  orientation: 'portrait',
});

describe('electricalShadingFactor (exact arithmetic, 1e-12)', () => {
  it('linear and none', () => {
    expect(electricalShadingFactor({ shadedFraction: 0.3 }, { response: 'linear' })).toBeCloseTo(0.7, 12);
    expect(electricalShadingFactor({ shadedFraction: 0.3 }, { response: 'none' })).toBe(1);
  });

  it('fractional, 2 modules high in portrait', () => {
    // ≤ 1 % of the bottom module shaded: still linear
    expect(electricalShadingFactor({ shadedFraction: 0.005 }, portrait2(100))).toBeCloseTo(0.995, 12);
    // 100 %: the bottom module is lost as soon as > 1 % of it is shaded
    expect(electricalShadingFactor({ shadedFraction: 0.1 }, portrait2(100))).toBeCloseTo(0.5, 12);
    expect(electricalShadingFactor({ shadedFraction: 0.6 }, portrait2(100))).toBeCloseTo(0, 12);
    // 75 % leaves 25 % of the linear factor on the shaded module: (1 + 0.25·0.8)/2
    expect(electricalShadingFactor({ shadedFraction: 0.1 }, portrait2(75))).toBeCloseTo(0.6, 12);
    // 0 % is linear
    expect(electricalShadingFactor({ shadedFraction: 0.37 }, portrait2(0))).toBeCloseTo(0.63, 12);
  });

  it('landscape stacks the substrings: 2 modules high × 3 substrings', () => {
    const p: ElectricalShading = {
      response: 'fractional',
      fractionalEffect: 100,
      modulesHigh: 2,
      orientation: 'landscape',
    };
    expect(electricalShadingFactor({ shadedFraction: 0.1 }, p)).toBeCloseTo(5 / 6, 12);
    const step: ElectricalShading = { response: 'stepFractional', fractionalEffect: 100, fractions: 4 };
    expect(electricalShadingFactor({ shadedFraction: 0.3 }, step)).toBeCloseTo(0.5, 12);
  });

  it('invariants: 0 ≤ U ≤ 1 − f, non-increasing in f; series equals scalar', () => {
    const responses: ElectricalShading[] = [
      { response: 'linear' },
      portrait2(100),
      portrait2(50),
      { response: 'fractional', fractionalEffect: 80, modulesHigh: 4, orientation: 'landscape' },
      { response: 'stepFractional', fractionalEffect: 60, fractions: 5 },
    ];
    const f = Float64Array.from({ length: 1001 }, (_, i) => i / 1000);
    const out = new Float64Array(f.length);
    for (const p of responses) {
      electricalShadingFactorSeries({ shadedFraction: f }, p, out);
      let prev = 1;
      f.forEach((fi, i) => {
        const u = electricalShadingFactor({ shadedFraction: fi }, p);
        expect(out[i]).toBe(u);
        expect(u).toBeGreaterThanOrEqual(0);
        expect(u).toBeLessThanOrEqual(1 - fi + 1e-12);
        expect(u).toBeLessThanOrEqual(prev + 1e-12);
        prev = u;
      });
    }
  });
});
