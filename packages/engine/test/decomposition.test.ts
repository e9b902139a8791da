import { describe, expect, it } from 'vitest';
import {
  extraterrestrialSpencer,
  extraterrestrialSpencerSeries,
} from '../src/irradiance/extraterrestrial.ts';
import {
  clearnessIndex,
  clearnessIndexZenithIndependent,
} from '../src/irradiance/decomposition/clearnessIndex.ts';
import { decomposeSeries, type DecompositionChoice } from '../src/irradiance/decomposition/decompose.ts';
import { dirint, dirintSeries } from '../src/irradiance/decomposition/dirint.ts';
import { disc } from '../src/irradiance/decomposition/disc.ts';
import { erbs, erbsSeries } from '../src/irradiance/decomposition/erbs.ts';
import { reindl, reindlDiffuseFraction, reindlSeries } from '../src/irradiance/decomposition/reindl.ts';
import { dayOfYearSeries, parseIsoWithOffset } from '../src/time/calendar.ts';
import { close, loadGolden } from './golden.ts';

const D2R = Math.PI / 180;

describe('erbs.json (Erbs et al. 1982)', () => {
  const golden = loadGolden<
    { ghi: number; zenith: number; day_of_year: number },
    { dni: number; dhi: number; kt: number }
  >('erbs');
  // Tolerance: rtol 1e−6 + atol 1e−6 W/m² (the reference README); dni_extra = Spencer 1366.1 W/m² of the day.
  const TOL = { rtol: 1e-6, atol: 1e-6 };
  it(`matches all ${golden.n_cases} cases (rtol 1e−6, atol 1e−6)`, () => {
    expect(golden.cases.length).toBe(150);
    const worst = { dni: 0, dhi: 0, kt: 0 };
    const n = golden.cases.length;
    const x = { ghi: new Float64Array(n), zenith: new Float64Array(n), dniExtra: new Float64Array(n) };
    golden.cases.forEach(({ inputs: i, outputs: o }, k) => {
      const dniExtra = extraterrestrialSpencer({ dayOfYear: i.day_of_year });
      x.ghi[k] = i.ghi;
      x.zenith[k] = i.zenith;
      x.dniExtra[k] = dniExtra;
      const r = erbs({ ghi: i.ghi, zenith: i.zenith, dniExtra });
      for (const q of ['dni', 'dhi', 'kt'] as const) {
        expect(close(r[q], o[q], TOL), `${q} ${JSON.stringify(i)}`).toBe(true);
        worst[q] = Math.max(worst[q], Math.abs(r[q] - o[q]));
      }
    });
    const out = { dni: new Float64Array(n), dhi: new Float64Array(n), kt: new Float64Array(n) };
    erbsSeries(x, {}, out);
    golden.cases.forEach(({ outputs: o }, k) => expect(close(out.dni[k]!, o.dni, TOL)).toBe(true));
    console.info('erbs.json worst |error|:', worst);
  });
  it('keeps the closure GHI = DHI + DNI·cos θz', () => {
    for (const [ghi, z] of [
      [800, 30],
      [300, 60],
      [50, 86],
      [500, 88],
    ] as const) {
      const r = erbs({ ghi, zenith: z, dniExtra: 1400 });
      expect(r.dhi + r.dni * Math.cos(z * D2R)).toBeCloseTo(ghi, 9);
    }
  });
});

describe('dirint.json (DIRINT, Perez et al. 1992)', () => {
  const golden = loadGolden<
    {
      times: string[];
      ghi: number[];
      solar_zenith: number[];
      pressure: number[];
      temp_dew: number[] | null;
      use_delta_kt_prime: boolean;
    },
    { dni: (number | null)[] }
  >('dirint');
  // Tolerance: atol 0.5 W/m² (the reference README: DIRINT bins its inputs); NaN where the file has null.
  const ATOL = 0.5;
  it(`matches all ${golden.n_cases} series cases (${golden.cases.reduce((s, c) => s + c.inputs.ghi.length, 0)} values) within ${ATOL} W/m²`, () => {
    expect(golden.cases.length).toBe(4);
    let worst = 0;
    let values = 0;
    for (const { inputs: i, outputs: o } of golden.cases) {
      const n = i.ghi.length;
      const times = Float64Array.from(i.times.map((s) => parseIsoWithOffset(s)));
      const dayOfYear = dayOfYearSeries(times, -5, new Float64Array(n)); // the file's times are UTC−5
      const out = new Float64Array(n);
      dirintSeries(
        {
          ghi: Float64Array.from(i.ghi),
          zenith: Float64Array.from(i.solar_zenith),
          dayOfYear,
          pressure: Float64Array.from(i.pressure),
          tempDew: i.temp_dew ? Float64Array.from(i.temp_dew) : undefined,
        },
        { useDeltaKtPrime: i.use_delta_kt_prime, water: i.temp_dew ? 'dewPoint' : 'none' },
        out,
      );
      for (let k = 0; k < n; k++) {
        const e = o.dni[k]!;
        expect(close(out[k]!, e, { atol: ATOL }), `${i.times[k]} got ${out[k]} expected ${e}`).toBe(true);
        if (e !== null) worst = Math.max(worst, Math.abs(out[k]! - e));
        values++;
      }
    }
    expect(values).toBe(192);
    console.info('dirint.json worst |error| W/m²:', worst);
  });

  it('scalar form equals the series form given the same Δkt′', () => {
    const c = golden.cases[3]!.inputs;
    const n = c.ghi.length;
    const times = Float64Array.from(c.times.map((s) => parseIsoWithOffset(s)));
    const doy = dayOfYearSeries(times, -5, new Float64Array(n));
    const out = new Float64Array(n);
    const ktp = new Float64Array(n);
    const x = {
      ghi: Float64Array.from(c.ghi),
      zenith: Float64Array.from(c.solar_zenith),
      dayOfYear: doy,
      pressure: Float64Array.from(c.pressure),
      tempDew: Float64Array.from(c.temp_dew!),
    };
    dirintSeries(x, { water: 'dewPoint' }, out, ktp);
    for (let k = 1; k < n - 1; k++) {
      if (!(ktp[k - 1]! >= 0 && ktp[k]! >= 0 && ktp[k + 1]! >= 0)) continue;
      const dk = 0.5 * (Math.abs(ktp[k]! - ktp[k - 1]!) + Math.abs(ktp[k]! - ktp[k + 1]!));
      const v = dirint({
        ghi: x.ghi[k]!,
        zenith: x.zenith[k]!,
        dayOfYear: doy[k]!,
        pressure: x.pressure[k]!,
        tempDew: x.tempDew[k]!,
        deltaKtPrime: dk,
      });
      expect(v).toBeCloseTo(out[k]!, 9);
    }
    expect(() => dirintSeries({ ...x, tempDew: undefined }, { water: 'dewPoint' }, out)).toThrow(TypeError);
  });
});

describe('DISC (Maxwell 1987) and clearness indices', () => {
  it('follows its equations and limits', () => {
    const i0 = extraterrestrialSpencer({ dayOfYear: 172 }, { solarConstant: 1370 });
    const kt = clearnessIndex({ ghi: 900, zenith: 20, dniExtra: i0 }, { maxClearnessIndex: 1 });
    expect(kt).toBeCloseTo(900 / (i0 * Math.cos(20 * D2R)), 12);
    const r = disc({ ghi: 900, zenith: 20, dayOfYear: 172, pressure: 101325 });
    expect(r.kt).toBeCloseTo(kt, 12);
    expect(r.dni).toBeGreaterThan(500);
    expect(r.dni).toBeLessThan(1000);
    expect(disc({ ghi: 50, zenith: 88, dayOfYear: 1, pressure: 101325 }).dni).toBe(0);
    expect(disc({ ghi: -5, zenith: 30, dayOfYear: 1, pressure: 101325 }).dni).toBe(0);
    expect(disc({ ghi: 100, zenith: 89, dayOfYear: 1, pressure: 101325 }).airmass).toBe(12);
    expect(clearnessIndexZenithIndependent({ clearnessIndex: 0.5, airmass: NaN })).toBeNaN();
    expect(
      clearnessIndexZenithIndependent({ clearnessIndex: 0.9, airmass: 1 }, { maxClearnessIndex: 1 }),
    ).toBeLessThanOrEqual(1);
  });
});

describe('Reindl et al. 1990 (no golden file: the paper’s correlations, exact to 1e−12)', () => {
  it('evaluates each correlation and its constraints', () => {
    // correlation 2 (kt, sin α)
    expect(reindlDiffuseFraction('ktElevation', 0.2, 0.5, NaN, NaN)).toBeCloseTo(
      1.02 - 0.254 * 0.2 + 0.0123 * 0.5,
      12,
    );
    expect(reindlDiffuseFraction('ktElevation', 0.5, 0.5, NaN, NaN)).toBeCloseTo(
      1.4 - 1.749 * 0.5 + 0.177 * 0.5,
      12,
    );
    expect(reindlDiffuseFraction('ktElevation', 0.85, 0.9, NaN, NaN)).toBeCloseTo(
      Math.max(0.486 * 0.85 - 0.182 * 0.9, 0.1),
      12,
    );
    expect(reindlDiffuseFraction('ktElevation', 0.05, 1, NaN, NaN)).toBe(1); // DF ≤ 1
    expect(reindlDiffuseFraction('ktElevation', 0.76, 0.05, NaN, NaN)).toBe(0.1); // DF ≥ 0.1
    expect(reindlDiffuseFraction('ktElevation', 0.31, 1, NaN, NaN)).toBe(0.97); // DF ≤ 0.97
    // correlation 1 (kt, sin α, Ta, φ)
    expect(reindlDiffuseFraction('ktElevationTempRh', 0.5, 0.6, 25, 0.4)).toBeCloseTo(
      1.329 - 1.716 * 0.5 + 0.267 * 0.6 - 0.00357 * 25 + 0.106 * 0.4,
      12,
    );
    expect(reindlDiffuseFraction('ktElevationTempRh', 0.2, 0.6, 25, 0.4)).toBeCloseTo(
      1 - 0.232 * 0.2 + 0.0239 * 0.6 - 0.000682 * 25 + 0.0195 * 0.4,
      12,
    );
    expect(reindlDiffuseFraction('ktElevationTempRh', 0.8, 0.9, 30, 0.2)).toBeCloseTo(
      Math.max(0.426 * 0.8 - 0.256 * 0.9 + 0.00349 * 30 + 0.0734 * 0.2, 0.1),
      12,
    );
    expect(reindlDiffuseFraction('ktElevationTempRh', 0.5, 0.6, NaN, 0.4)).toBe(
      reindlDiffuseFraction('ktElevation', 0.5, 0.6, NaN, NaN),
    );
    // correlation 3 (kt)
    expect(reindlDiffuseFraction('kt', 0.5, 0, NaN, NaN)).toBeCloseTo(1.45 - 1.67 * 0.5, 12);
    expect(reindlDiffuseFraction('kt', 0.9, 0, NaN, NaN)).toBe(0.147);
  });
  it('decomposes with closure and the Erbs limits; series equals scalar', () => {
    const dniExtra = 1400;
    const r = reindl(
      { ghi: 700, zenith: 35, dniExtra, tempAir: 20, relativeHumidity: 50 },
      { variant: 'ktElevationTempRh' },
    );
    const kt = 700 / (dniExtra * Math.cos(35 * D2R));
    const df = reindlDiffuseFraction('ktElevationTempRh', kt, Math.cos(35 * D2R), 20, 0.5);
    expect(r.kt).toBeCloseTo(kt, 12);
    expect(r.dhi).toBeCloseTo(df * 700, 9);
    expect(r.dhi + r.dni * Math.cos(35 * D2R)).toBeCloseTo(700, 9);
    expect(reindl({ ghi: 100, zenith: 88, dniExtra })).toEqual({
      dni: 0,
      dhi: 100,
      kt: reindl({ ghi: 100, zenith: 88, dniExtra }).kt,
    });
    const out = { dni: new Float64Array(1), dhi: new Float64Array(1) };
    reindlSeries(
      {
        ghi: Float64Array.of(700),
        zenith: Float64Array.of(35),
        dniExtra,
        tempAir: Float64Array.of(20),
        relativeHumidity: Float64Array.of(50),
      },
      { variant: 'ktElevationTempRh' },
      out,
    );
    expect([out.dni[0], out.dhi[0]]).toEqual([r.dni, r.dhi]);
  });
});

describe('decomposeSeries (the chain: night and missing values give 0, never NaN)', () => {
  const golden = loadGolden<
    { times: string[]; ghi: number[]; solar_zenith: number[]; pressure: number[]; temp_dew: number[] | null },
    { dni: (number | null)[] }
  >('dirint');
  const c = golden.cases[1]!.inputs;
  const n = c.ghi.length;
  const times = Float64Array.from(c.times.map((s) => parseIsoWithOffset(s)));
  const dayOfYear = dayOfYearSeries(times, -5, new Float64Array(n));
  const ghi = Float64Array.from(c.ghi);
  ghi[3] = 5; // a night value from a sensor offset
  ghi[12] = NaN; // a missing day value
  const zenith = Float64Array.from(c.solar_zenith);
  const x = {
    ghi,
    zenith,
    dayOfYear,
    dniExtra: extraterrestrialSpencerSeries(dayOfYear, {}, new Float64Array(n)),
    pressure: Float64Array.from(c.pressure),
    tempDew: Float64Array.from(c.temp_dew!),
    tempAir: new Float64Array(n).fill(10),
    relativeHumidity: new Float64Array(n).fill(60),
    dni: Float64Array.from(c.ghi.map((g) => g * 0.8 - 10)),
    dhi: Float64Array.from(c.ghi.map((g) => g * 0.3)),
  };
  const choices: DecompositionChoice[] = [
    { model: 'erbs' },
    { model: 'reindl', variant: 'ktElevation' },
    { model: 'reindl', variant: 'ktElevationTempRh' },
    { model: 'dirint', useDeltaKtPrime: true, water: 'dewPoint' },
    { model: 'none' },
  ];
  for (const choice of choices) {
    it(`${JSON.stringify(choice)}: finite, ≥ 0, 0 at night, closure by day`, () => {
      const out = { dni: new Float64Array(n).fill(-1), dhi: new Float64Array(n).fill(-1) };
      decomposeSeries(x, choice, out);
      for (let k = 0; k < n; k++) {
        expect(Number.isFinite(out.dni[k]) && out.dni[k]! >= 0 && out.dhi[k]! >= 0, String(k)).toBe(true);
        if (!(zenith[k]! < 90) || (choice.model !== 'none' && !(ghi[k]! > 0))) {
          expect([out.dni[k], out.dhi[k]], String(k)).toEqual([0, 0]);
        } else if (choice.model !== 'none') {
          expect(out.dhi[k]! + out.dni[k]! * Math.cos(zenith[k]! * D2R)).toBeCloseTo(ghi[k]!, 9);
        }
      }
    });
  }
  it("'none' needs the file's DNI and DHI", () => {
    expect(() =>
      decomposeSeries(
        { ...x, dni: undefined },
        { model: 'none' },
        { dni: new Float64Array(n), dhi: new Float64Array(n) },
      ),
    ).toThrow(TypeError);
  });
});
