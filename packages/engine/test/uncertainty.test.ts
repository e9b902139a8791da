import { describe, expect, it } from 'vitest';
import {
  combinedUncertainty,
  inverseNormalCdf,
  P_VALUES,
  pValue,
  pValueFactor,
  resultSummaryUncertainty,
  UNCERTAINTY_DEFAULTS,
} from '../src/index.ts';

describe('combined uncertainty (spec 4 §2)', () => {
  it('reproduces 6.48 % and 7.10 % with the SDK defaults', () => {
    const s = combinedUncertainty(UNCERTAINTY_DEFAULTS);
    expect(s.irradiance).toBeCloseTo(Math.sqrt(42), 13);
    expect(s.total).toBeCloseTo(7.1, 13);
    expect(s.irradiance.toFixed(2)).toBe('6.48');
    expect(s.total.toFixed(2)).toBe('7.10');
  });
  it('the model accuracy belongs to the total only (the other grouping does not give 6.48 %)', () => {
    const d = UNCERTAINTY_DEFAULTS;
    const withModel = Math.hypot(
      d.errorIntAnnVar,
      d.errorSensAcc,
      d.errorMonAcc,
      d.errorSpaVar,
      d.errorModelAcc,
    );
    expect(withModel.toFixed(2)).toBe('7.10');
    expect(combinedUncertainty(d).irradiance).not.toBeCloseTo(withModel, 2);
  });
  it('averages the inter-annual variability over N years (σ_int/√N), the rest is systematic', () => {
    const ten = combinedUncertainty(UNCERTAINTY_DEFAULTS, { years: 10 });
    expect(ten.irradiance).toBeCloseTo(Math.sqrt(0.9 + 25 + 4 + 4), 12);
    expect(ten.irradiance).toBeCloseTo(5.822370651203855, 12);
    expect(ten.total).toBeCloseTo(6.504613747179766, 12);
    const one = combinedUncertainty(UNCERTAINTY_DEFAULTS, { years: 1 });
    expect(one.total).toBeGreaterThan(ten.total);
  });
  it('gives the ResultSummary terms as fractions, as in the OA example', () => {
    const r = resultSummaryUncertainty(UNCERTAINTY_DEFAULTS);
    expect(r.errorIrrAcc).toBeCloseTo(0.06480740698407861, 15);
    expect(r.errorTotal).toBeCloseTo(0.071, 15);
    expect(r.spatialVariability).toBeCloseTo(0.02, 15);
    expect(r.interannualVariability).toBeCloseTo(0.03, 15);
    expect(r.irradianceMeasurementAccuracy).toBeCloseTo(0.05, 15);
    expect(r.monitoringPeriodRepresentativeness).toBeCloseTo(0.02, 15);
    expect(r.modelingAccuracy).toBeCloseTo(0.029, 15);
  });
});

describe('inverse normal CDF (Wichura AS 241)', () => {
  // Reference quantiles: √2·erfinv(2p − 1) evaluated with mpmath at 40 digits.
  const cases: [number, number][] = [
    [0.5, 0],
    [0.75, 0.6744897501960817],
    [0.9, 1.2815515655446004],
    [0.95, 1.6448536269514726],
    [0.975, 1.9599639845400543],
    [0.99, 2.326347874040841],
    [0.999, 3.0902323061678136],
    [0.3, -0.5244005127080408],
    [0.025, -1.9599639845400543],
    [1e-5, -4.264890793922825],
    [1e-10, -6.361340902404057],
    [0.99999, 4.264890793922825],
  ];
  it.each(cases)('Φ⁻¹(%s) within 1e-9', (p, z) => {
    expect(Math.abs(inverseNormalCdf({ probability: p }) - z)).toBeLessThan(1e-9);
  });
  it('is odd about ½ and handles the ends', () => {
    for (const p of [0.01, 0.2, 0.4, 0.49])
      expect(inverseNormalCdf({ probability: p })).toBeCloseTo(-inverseNormalCdf({ probability: 1 - p }), 12);
    expect(inverseNormalCdf({ probability: 0 })).toBe(Number.NEGATIVE_INFINITY);
    expect(inverseNormalCdf({ probability: 1 })).toBe(Number.POSITIVE_INFINITY);
    expect(inverseNormalCdf({ probability: 1.5 })).toBeNaN();
    expect(inverseNormalCdf({ probability: Number.NaN })).toBeNaN();
    expect(Number.isFinite(inverseNormalCdf({ probability: 1e-300 }))).toBe(true);
  });
});

describe('P-values: P_X = P50·(1 − z_X·σ)', () => {
  it('P90 for a known σ', () => {
    expect(pValueFactor({ pValue: 90 }, { sigma: 7.1 })).toBeCloseTo(1 - 1.2815515655446004 * 0.071, 12);
    expect(pValue({ p50: 100, pValue: 90 }, { sigma: 7.1 })).toBeCloseTo(90.90098388463333, 9);
    expect(pValue({ p50: 250_000, pValue: 99 }, { sigma: 10 })).toBeCloseTo(
      250_000 * (1 - 0.2326347874040841),
      5,
    );
  });
  it('P50 is the median, higher P-values are lower and the factor never goes negative', () => {
    expect(pValueFactor({ pValue: 50 }, { sigma: 7.1 })).toBe(1);
    const f = P_VALUES.map((x) => pValueFactor({ pValue: x }, { sigma: 7.1 }));
    for (let i = 1; i < f.length; i++) expect(f[i]!).toBeLessThan(f[i - 1]!);
    expect(pValueFactor({ pValue: 99 }, { sigma: 60 })).toBe(0);
  });
});
