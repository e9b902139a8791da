import { describe, expect, it } from 'vitest';
import { weightedSum } from '../src/simulate/stages.ts';

describe('weightedSum (plant-level irradiance and cell temperature)', () => {
  it('equals repeated dst += w·src from zero, bit for bit, for 1 to 9 sources', () => {
    const n = 257;
    let seed = 7;
    const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 1000 - 100;
    for (let m = 1; m <= 9; m++) {
      const srcs = Array.from({ length: m }, () => Float64Array.from({ length: n }, rnd));
      const ws = Array.from({ length: m }, () => rnd() / 1000);
      const expected = new Float64Array(n);
      for (let k = 0; k < m; k++) for (let i = 0; i < n; i++) expected[i]! += ws[k]! * srcs[k]![i]!;
      const got = weightedSum(srcs, ws, new Float64Array(n).fill(Number.NaN));
      expect(got, `${m} sources`).toEqual(expected);
    }
  });
});
