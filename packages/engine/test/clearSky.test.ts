import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bird, birdSeries } from '../src/clearSky/bird.ts';
import { haurwitz, haurwitzSeries } from '../src/clearSky/haurwitz.ts';
import { ineichen, ineichenSeries } from '../src/clearSky/ineichen.ts';
import { simplifiedSolis, simplifiedSolisSeries } from '../src/clearSky/simplifiedSolis.ts';
import { close, loadGolden, SHARED_DIR } from './golden.ts';

// Irradiance tolerance for the golden files: rtol 1e−9 + atol 1e−9 W/m² (tighter than the README's 1e−6).
const TOL = { rtol: 1e-9, atol: 1e-9 };
type Ghi3 = { ghi: number; dni: number; dhi: number };

describe('clearsky_ineichen.json (Ineichen–Perez, Linke turbidity given)', () => {
  const golden = loadGolden<
    {
      apparent_zenith: number;
      airmass_absolute: number;
      linke_turbidity: number;
      altitude: number;
      dni_extra: number;
      perez_enhancement: boolean;
    },
    Ghi3
  >('clearsky_ineichen');
  it(`matches all ${golden.n_cases} cases (rtol 1e−9, atol 1e−9 W/m²)`, () => {
    expect(golden.cases.length).toBe(150);
    let worst = 0;
    for (const { inputs: i, outputs: o } of golden.cases) {
      const r = ineichen(
        {
          apparentZenith: i.apparent_zenith,
          airmassAbsolute: i.airmass_absolute,
          linkeTurbidity: i.linke_turbidity,
          altitude: i.altitude,
          dniExtra: i.dni_extra,
        },
        { perezEnhancement: i.perez_enhancement },
      );
      for (const k of ['ghi', 'dni', 'dhi'] as const) {
        expect(close(r[k], o[k], TOL), `${k} ${JSON.stringify(i)}`).toBe(true);
        worst = Math.max(worst, Math.abs(r[k] - o[k]));
      }
    }
    console.info('clearsky_ineichen.json worst |error| W/m²:', worst);
  });
  it('gives 0 at night, never NaN, and its series form equals the scalar form', () => {
    expect(
      ineichen({ apparentZenith: 95, airmassAbsolute: NaN, linkeTurbidity: 3, altitude: 0, dniExtra: 1367 }),
    ).toEqual({ ghi: 0, dni: 0, dhi: 0 });
    const z = Float64Array.of(10, 60, 89, 100);
    const am = Float64Array.of(1.01, 2, 20, NaN);
    const out = { ghi: new Float64Array(4), dni: new Float64Array(4), dhi: new Float64Array(4) };
    ineichenSeries(
      { apparentZenith: z, airmassAbsolute: am, linkeTurbidity: 3, altitude: 500, dniExtra: 1367 },
      { perezEnhancement: true },
      out,
    );
    for (let k = 0; k < 4; k++) {
      const r = ineichen(
        { apparentZenith: z[k]!, airmassAbsolute: am[k]!, linkeTurbidity: 3, altitude: 500, dniExtra: 1367 },
        { perezEnhancement: true },
      );
      expect([out.ghi[k], out.dni[k], out.dhi[k]]).toEqual([r.ghi, r.dni, r.dhi]);
    }
  });
});

describe('clearsky_simplified_solis.json (Ineichen 2008)', () => {
  const golden = loadGolden<
    {
      apparent_elevation: number;
      aod700: number;
      precipitable_water: number;
      pressure: number;
      dni_extra: number;
    },
    Ghi3
  >('clearsky_simplified_solis');
  it(`matches all ${golden.n_cases} cases (rtol 1e−9, atol 1e−9 W/m²)`, () => {
    expect(golden.cases.length).toBe(150);
    let worst = 0;
    for (const { inputs: i, outputs: o } of golden.cases) {
      const r = simplifiedSolis({
        apparentElevation: i.apparent_elevation,
        aod700: i.aod700,
        precipitableWater: i.precipitable_water,
        pressure: i.pressure,
        dniExtra: i.dni_extra,
      });
      for (const k of ['ghi', 'dni', 'dhi'] as const) {
        expect(close(r[k], o[k], TOL), `${k} ${JSON.stringify(i)}`).toBe(true);
        worst = Math.max(worst, Math.abs(r[k] - o[k]) / Math.max(Math.abs(o[k]), 1));
      }
    }
    console.info('clearsky_simplified_solis.json worst |error| (relative above 1 W/m²):', worst);
  });
  it('gives 0 below the horizon and its series form equals the scalar form', () => {
    const night = simplifiedSolis({
      apparentElevation: -10,
      aod700: 0.1,
      precipitableWater: 1,
      pressure: 101325,
      dniExtra: 1364,
    });
    expect(night).toEqual({ ghi: 0, dni: 0, dhi: 0 });
    const el = Float64Array.of(5, 45, -3);
    const out = { ghi: new Float64Array(3), dni: new Float64Array(3), dhi: new Float64Array(3) };
    simplifiedSolisSeries(
      {
        apparentElevation: el,
        aod700: 0.02,
        precipitableWater: Float64Array.of(0.1, 2, 3),
        pressure: 90000,
        dniExtra: 1364,
      },
      out,
    );
    const r = simplifiedSolis({
      apparentElevation: 5,
      aod700: 0.02,
      precipitableWater: 0.1,
      pressure: 90000,
      dniExtra: 1364,
    });
    expect([out.ghi[0], out.dni[0], out.dhi[0]]).toEqual([r.ghi, r.dni, r.dhi]);
    expect(out.ghi[2]).toBe(0);
  });
});

describe('clearsky_haurwitz.json (Haurwitz 1945)', () => {
  const golden = loadGolden<{ apparent_zenith: number }, { ghi: number }>('clearsky_haurwitz');
  it(`matches all ${golden.n_cases} cases (rtol 1e−9, atol 1e−9 W/m²)`, () => {
    expect(golden.cases.length).toBe(50);
    const z = Float64Array.from(golden.cases.map((c) => c.inputs.apparent_zenith));
    const series = haurwitzSeries(z, new Float64Array(z.length));
    golden.cases.forEach(({ inputs: i, outputs: o }, k) => {
      expect(
        close(haurwitz({ apparentZenith: i.apparent_zenith }), o.ghi, TOL),
        String(i.apparent_zenith),
      ).toBe(true);
      expect(series[k]).toBe(haurwitz({ apparentZenith: i.apparent_zenith }));
    });
    expect(haurwitz({ apparentZenith: 120 })).toBe(0);
  });
});

describe('Bird clear sky vs the NREL Bird spreadsheet (BIRD_08_16_2012*.csv, no golden file)', () => {
  // The spreadsheet: lat 40, lon −105, UTC−7, ozone 0.3 cm, water 1.5 cm, AOD 0.1 (500 nm) and 0.15
  // (380 nm), Ba 0.85, albedo 0.2; pressure 840 mbar (first file) and 1013.25 mbar (_patm). Its zenith,
  // air mass and ETR columns are the inputs. It converts degrees to radians with π ≈ 3.14159, so the
  // zenith is passed as θz·3.14159/π to reproduce its cos θz (the zenith enters the model only there).
  // Tolerance: rtol 1e−7 + atol 1e−6 W/m² on DNI, direct horizontal, GHI, DHI (the file prints 10 digits).
  const files: [string, number][] = [
    ['BIRD_08_16_2012.csv', 84000],
    ['BIRD_08_16_2012_patm.csv', 101325],
  ];
  for (const [file, pressure] of files) {
    it(`reproduces every row of ${file}`, () => {
      const text = fs.readFileSync(path.join(SHARED_DIR, 'data', file), 'utf8');
      const rows = text
        .split(/\r?\n/)
        .slice(2)
        .map((l) => l.split(','))
        .filter((r) => r.length >= 26 && r[4] !== '');
      expect(rows.length).toBe(47);
      let worst = 0;
      let day = 0;
      for (const r of rows) {
        const num = (k: number) => Number(r[k]);
        const zenith = (num(8) * 3.14159) / Math.PI;
        const o = bird(
          { zenith, airmassRelative: num(9), pressure, dniExtra: num(3) },
          { aod380: 0.15, aod500: 0.1, precipitableWater: 1.5, ozone: 0.3, asymmetry: 0.85, albedo: 0.2 },
        );
        const expected = { dni: num(22), directHorizontal: num(23), ghi: num(24), dhi: num(25) };
        for (const k of Object.keys(expected) as (keyof typeof expected)[]) {
          expect(close(o[k], expected[k], { rtol: 1e-7, atol: 1e-6 }), `${k} row ${r[1]}/${r[2]}`).toBe(true);
          if (expected[k] > 0) worst = Math.max(worst, Math.abs(o[k] / expected[k] - 1));
        }
        if (num(24) > 0) day++;
      }
      expect(day).toBe(18);
      console.info(`${file}: worst relative error ${worst.toExponential(2)}`);
    });
  }
  it('gives 0 at night and has a series form', () => {
    const atm = { aod380: 0.15, aod500: 0.1, precipitableWater: 1.5 };
    expect(bird({ zenith: 95, airmassRelative: NaN, pressure: 101325, dniExtra: 1367 }, atm)).toEqual({
      dni: 0,
      directHorizontal: 0,
      ghi: 0,
      dhi: 0,
    });
    const out = { dni: new Float64Array(2), ghi: new Float64Array(2), dhi: new Float64Array(2) };
    birdSeries(
      {
        zenith: Float64Array.of(30, 100),
        airmassRelative: Float64Array.of(1.15, 0),
        pressure: 101325,
        dniExtra: 1367,
      },
      atm,
      out,
    );
    const r = bird({ zenith: 30, airmassRelative: 1.15, pressure: 101325, dniExtra: 1367 }, atm);
    expect([out.dni[0], out.ghi[0], out.dhi[0]]).toEqual([r.dni, r.ghi, r.dhi]);
    expect([out.dni[1], out.ghi[1], out.dhi[1]]).toEqual([0, 0, 0]);
  });
});
