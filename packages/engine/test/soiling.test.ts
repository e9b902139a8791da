import { describe, expect, it } from 'vitest';
import { soiling, soilingMonthlySeries, soilingSeries } from '../src/index.ts';

describe('soiling factor U = 1 − S/100 (spec 4 §2)', () => {
  it('converts a loss in % and limits the factor to [0, 1]', () => {
    expect(soiling({ soilingLoss: 2 })).toBeCloseTo(0.98, 15);
    expect(soiling({ soilingLoss: 0 })).toBe(1);
    expect(soiling({ soilingLoss: 150 })).toBe(0);
    expect(soiling({ soilingLoss: -5 })).toBe(1);
    expect(soiling({ soilingLoss: Number.NaN })).toBe(1);
  });
  it('from the weather column and from monthly values', () => {
    const s = Float64Array.of(0, 1.5, Number.NaN, 3);
    expect(Array.from(soilingSeries({ soilingLoss: s }, new Float64Array(4)))).toEqual([1, 0.985, 1, 0.97]);
    const monthlyLoss = [2, 2, 2, 1, 1, 1, 3, 3, 3, 0, 0, 0];
    const out = soilingMonthlySeries(
      { month: Int32Array.of(1, 4, 7, 12, 0) },
      { monthlyLoss },
      new Float64Array(5),
    );
    expect(Array.from(out.subarray(0, 4))).toEqual([0.98, 0.99, 0.97, 1]);
    expect(out[4]).toBeNaN();
  });
});
