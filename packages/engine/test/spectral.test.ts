import { describe, expect, it } from 'vitest';
import {
  FIRST_SOLAR_SPECTRAL_COEFFICIENTS,
  firstSolar,
  firstSolarPwat,
  firstSolarPwatSeries,
  firstSolarSeries,
  gueymard94Pw,
  gueymard94PwSeries,
  precipitableWaterFromDewPoint,
  precipitableWaterFromDewPointSeries,
  sandiaSpectral,
  sandiaSpectralSeries,
  spectralMonthly,
  spectralMonthlySeries,
  type FirstSolarCoefficients,
} from '../src/index.ts';
import { close, loadGolden } from './golden.ts';

const SETS: Record<string, FirstSolarCoefficients> = {
  cdte: FIRST_SOLAR_SPECTRAL_COEFFICIENTS.cdte,
  monosi: FIRST_SOLAR_SPECTRAL_COEFFICIENTS.monoSi,
  multisi: FIRST_SOLAR_SPECTRAL_COEFFICIENTS.multiSi,
  polysi: FIRST_SOLAR_SPECTRAL_COEFFICIENTS.polySi,
  cigs: FIRST_SOLAR_SPECTRAL_COEFFICIENTS.cigs,
  asi: FIRST_SOLAR_SPECTRAL_COEFFICIENTS.aSi,
};

describe('golden spectral_factor_firstsolar.json (rtol 1e-6; null = NaN)', () => {
  it('passes every case, scalar and series', () => {
    type In = { precipitable_water: number; airmass_absolute: number; module_type: string };
    const g = loadGolden<In, { modifier: number | null }>('spectral_factor_firstsolar');
    expect(g.cases.length).toBe(g.n_cases);
    let worst = 0;
    for (const c of g.cases) {
      const coefficients = SETS[c.inputs.module_type];
      if (!coefficients) throw new Error(`no set ${c.inputs.module_type}`);
      const x = {
        precipitableWater: c.inputs.precipitable_water,
        airmassAbsolute: c.inputs.airmass_absolute,
      };
      const got = firstSolar(x, { coefficients });
      const series = firstSolarSeries(
        {
          precipitableWater: Float64Array.of(x.precipitableWater),
          airmassAbsolute: Float64Array.of(x.airmassAbsolute),
        },
        { coefficients },
        new Float64Array(1),
      )[0]!;
      if (!close(got, c.outputs.modifier, { rtol: 1e-6 })) {
        throw new Error(`${JSON.stringify(c.inputs)}: ${got} ≠ ${c.outputs.modifier}`);
      }
      expect(Object.is(series, got)).toBe(true);
      if (c.outputs.modifier !== null) worst = Math.max(worst, Math.abs(got / c.outputs.modifier - 1));
    }
    console.log(
      `spectral_factor_firstsolar: ${g.cases.length} cases, worst relative error ${worst.toExponential(2)}`,
    );
  });

  it('carries the coefficient sets of spec 4 §2 exactly', () => {
    expect(FIRST_SOLAR_SPECTRAL_COEFFICIENTS.cdte).toEqual([
      0.86273, -0.038948, -0.012506, 0.098871, 0.084658, -0.0042948,
    ]);
    expect(FIRST_SOLAR_SPECTRAL_COEFFICIENTS.cdteSeries4).toEqual([
      0.79418, -0.049883, -0.013402, 0.16766, 0.083377, -0.0044007,
    ]);
    expect(FIRST_SOLAR_SPECTRAL_COEFFICIENTS.monoSi).toEqual([
      0.85914, -0.02088, -0.0058853, 0.12029, 0.026814, -0.001781,
    ]);
    expect(FIRST_SOLAR_SPECTRAL_COEFFICIENTS.polySi).toEqual([
      0.8409, -0.027539, -0.0079224, 0.1357, 0.038024, -0.0021218,
    ]);
    expect(FIRST_SOLAR_SPECTRAL_COEFFICIENTS.cigs).toEqual([
      0.85252, -0.022314, -0.0047216, 0.13666, 0.013342, -0.0008945,
    ]);
    expect(FIRST_SOLAR_SPECTRAL_COEFFICIENTS.aSi).toEqual([
      1.12094, -0.04762, -0.0083627, -0.10443, 0.098382, -0.0033818,
    ]);
  });

  it('clips water and air mass as documented, and can clip high water instead of NaN', () => {
    const coefficients = FIRST_SOLAR_SPECTRAL_COEFFICIENTS.cdte;
    const f = (w: number, am: number, clip = false) =>
      firstSolar(
        { precipitableWater: w, airmassAbsolute: am },
        { coefficients, clipHighPrecipitableWater: clip },
      );
    expect(f(0.01, 1.5)).toBe(f(0.1, 1.5));
    expect(f(2, 0.1)).toBe(f(2, 0.58));
    expect(f(2, 30)).toBe(f(2, 10));
    expect(f(9, 1.5)).toBeNaN();
    expect(f(9, 1.5, true)).toBe(f(8, 1.5));
    expect(f(Number.NaN, 1.5)).toBeNaN();
  });
});

describe('one-parameter PWat form (spec 4)', () => {
  it('evaluates M = c0 + c1·exp(c2·(W + c3)^c4) with W in [0.1, 8] cm', () => {
    const p = { c0: 1.02, c1: -0.05, c2: -0.3, c3: 0.1, c4: 0.8 };
    expect(firstSolarPwat({ precipitableWater: 2 }, p)).toBeCloseTo(
      1.02 - 0.05 * Math.exp(-0.3 * 2.1 ** 0.8),
      14,
    );
    expect(firstSolarPwat({ precipitableWater: 0 }, p)).toBe(firstSolarPwat({ precipitableWater: 0.1 }, p));
    expect(firstSolarPwat({ precipitableWater: 12 }, p)).toBe(firstSolarPwat({ precipitableWater: 8 }, p));
    const w = Float64Array.of(0.5, 1, 3);
    const out = firstSolarPwatSeries({ precipitableWater: w }, p, new Float64Array(3));
    w.forEach((v, i) => expect(out[i]).toBe(firstSolarPwat({ precipitableWater: v }, p)));
  });
});

describe('Sandia air-mass polynomial f1 (King 2004)', () => {
  // Illustrative coefficients of the usual magnitude (c-Si).
  const p = { a0: 0.928385, a1: 0.068093, a2: -0.0157738, a3: 0.0012605, a4: -3.46e-5 };
  it('is the polynomial, floored at 0', () => {
    const am = 1.5;
    expect(sandiaSpectral({ airmassAbsolute: am }, p)).toBeCloseTo(
      0.928385 + 0.068093 * am - 0.0157738 * am ** 2 + 0.0012605 * am ** 3 - 3.46e-5 * am ** 4,
      14,
    );
    expect(sandiaSpectral({ airmassAbsolute: 5 }, { a0: -1, a1: 0, a2: 0, a3: 0, a4: 0 })).toBe(0);
    expect(sandiaSpectral({ airmassAbsolute: Number.NaN }, p)).toBeNaN();
    const am2 = Float64Array.of(1, 2, 3);
    const out = sandiaSpectralSeries({ airmassAbsolute: am2 }, p, new Float64Array(3));
    am2.forEach((v, i) => expect(out[i]).toBe(sandiaSpectral({ airmassAbsolute: v }, p)));
  });
});

describe('monthly spectral override', () => {
  const monthlyLoss = [1, 2, 3, 4, 5, 6, -1, -2, 0, 0, 0.5, 1.5];
  it('gives 1 − L/100 of the step’s month, NaN outside 1…12', () => {
    expect(spectralMonthly({ month: 1 }, { monthlyLoss })).toBeCloseTo(0.99, 14);
    expect(spectralMonthly({ month: 7 }, { monthlyLoss })).toBeCloseTo(1.01, 14);
    expect(spectralMonthly({ month: 13 }, { monthlyLoss })).toBeNaN();
    const month = Uint8Array.of(1, 2, 12, 0);
    const out = spectralMonthlySeries({ month }, { monthlyLoss }, new Float64Array(4));
    expect(Array.from(out.subarray(0, 3))).toEqual(
      [0.99, 0.98, 0.985].map((v, i) => spectralMonthly({ month: month[i]! }, { monthlyLoss })),
    );
    expect(out[3]).toBeNaN();
  });
});

describe('precipitable water (Gueymard 1994)', () => {
  it('matches a hand evaluation of eqs. 1, 2, 4 at 20 °C, 50 % (rtol 1e-12)', () => {
    const T = 293.15;
    const es = Math.exp(22.33 - 49.14 * (100 / T) - 10.922 * (100 / T) ** 2 - 0.39015 * (T / 100));
    const th = T / 273.15;
    const hv = 0.4976 + 1.5265 * th + Math.exp(13.6897 * th - 14.9188 * th ** 3);
    const expected = 0.1 * hv * ((216.7 * 0.5 * es) / T);
    expect(close(gueymard94Pw({ tempAir: 20, relativeHumidity: 50 }), expected, { rtol: 1e-12 })).toBe(true);
    // Magnitude: about 1.9 cm, and e_s(20 °C) ≈ 23.4 mbar (WMO tables: 23.39).
    expect(es).toBeCloseTo(23.39, 1);
    expect(expected).toBeGreaterThan(1.8);
    expect(expected).toBeLessThan(2);
  });
  it('grows with temperature and humidity', () => {
    expect(gueymard94Pw({ tempAir: 30, relativeHumidity: 50 })).toBeGreaterThan(
      gueymard94Pw({ tempAir: 20, relativeHumidity: 50 }),
    );
    expect(gueymard94Pw({ tempAir: 20, relativeHumidity: 80 })).toBeGreaterThan(
      gueymard94Pw({ tempAir: 20, relativeHumidity: 50 }),
    );
    expect(gueymard94Pw({ tempAir: 20, relativeHumidity: 0 })).toBe(0);
  });
  it('from the dew point equals the RH form with RH = 100·e_s(Td)/e_s(T)', () => {
    expect(precipitableWaterFromDewPoint({ tempAir: 25, tempDew: 25 })).toBeCloseTo(
      gueymard94Pw({ tempAir: 25, relativeHumidity: 100 }),
      12,
    );
    const es = (c: number) => {
      const T = c + 273.15;
      return Math.exp(22.33 - 49.14 * (100 / T) - 10.922 * (100 / T) ** 2 - 0.39015 * (T / 100));
    };
    const rh = (100 * es(12)) / es(25);
    expect(precipitableWaterFromDewPoint({ tempAir: 25, tempDew: 12 })).toBeCloseTo(
      gueymard94Pw({ tempAir: 25, relativeHumidity: rh }),
      12,
    );
    expect(precipitableWaterFromDewPoint({ tempAir: 10, tempDew: 15 })).toBe(
      precipitableWaterFromDewPoint({ tempAir: 10, tempDew: 10 }),
    );
  });
  it('series equal scalars', () => {
    const t = Float64Array.of(-10, 0, 15, 35);
    const rh = Float64Array.of(90, 70, 40, 20);
    const td = Float64Array.of(-12, -5, 5, 10);
    const a = gueymard94PwSeries({ tempAir: t, relativeHumidity: rh }, new Float64Array(4));
    const b = precipitableWaterFromDewPointSeries({ tempAir: t, tempDew: td }, new Float64Array(4));
    t.forEach((v, i) => {
      expect(a[i]).toBe(gueymard94Pw({ tempAir: v, relativeHumidity: rh[i]! }));
      expect(b[i]).toBe(precipitableWaterFromDewPoint({ tempAir: v, tempDew: td[i]! }));
    });
  });
});
