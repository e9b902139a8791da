import { describe, expect, it } from 'vitest';
import { dirintSeries } from '../src/irradiance/decomposition/dirint.ts';
import { gtiDirintSeries, type TranspositionCallback } from '../src/irradiance/decomposition/gtiDirint.ts';
import { spaSeries } from '../src/solarPosition/spaSeries.ts';
import { dayOfYearSeries, parseIsoWithOffset } from '../src/time/calendar.ts';
import { loadGolden } from './golden.ts';

const D2R = Math.PI / 180;

/** Test fixture: two days of Greensboro TMY3 (dirint.json) with the sun from SPA. */
function fixture(caseIndex: number) {
  const golden = loadGolden<
    { times: string[]; ghi: number[]; solar_zenith: number[]; pressure: number[]; temp_dew: number[] | null },
    unknown
  >('dirint');
  const c = golden.cases[caseIndex]!.inputs;
  const n = c.ghi.length;
  const times = Float64Array.from(c.times.map((s) => parseIsoWithOffset(s)));
  const sun = {
    zenith: new Float64Array(n),
    apparentZenith: new Float64Array(n),
    azimuth: new Float64Array(n),
  };
  spaSeries(
    times,
    { latitude: 36.1, longitude: -79.95, altitude: 273, pressure: 98000, temperature: 15, deltaT: 67 },
    sun,
  );
  return {
    n,
    ghi: Float64Array.from(c.ghi),
    zenith: Float64Array.from(c.solar_zenith),
    azimuth: sun.azimuth,
    dayOfYear: dayOfYearSeries(times, -5, new Float64Array(n)),
    pressure: Float64Array.from(c.pressure),
  };
}

function aoiSeries(
  zenith: Float64Array,
  azimuth: Float64Array,
  tilt: number,
  surfaceAzimuth: number,
): Float64Array {
  return zenith.map((z, i) => {
    const c =
      Math.cos(z * D2R) * Math.cos(tilt * D2R) +
      Math.sin(z * D2R) * Math.sin(tilt * D2R) * Math.cos((azimuth[i]! - surfaceAzimuth) * D2R);
    return Math.acos(Math.min(1, Math.max(-1, c))) / D2R;
  });
}

/** Isotropic sky + ground, written here so the test does not depend on the transposition package. */
function isotropic(aoi: Float64Array, tilt: number, albedo: number): TranspositionCallback {
  const cb = Math.cos(tilt * D2R);
  return (i, ghi, dni, dhi) =>
    Math.max(dni * Math.cos(aoi[i]! * D2R), 0) + (dhi * (1 + cb)) / 2 + (ghi * albedo * (1 - cb)) / 2;
}

describe('gtiDirintSeries (Marion 2015) with an isotropic transposition', () => {
  it('tilt 0: GTI = GHI is recovered exactly (1e−9 W/m²) at the first iteration', () => {
    const f = fixture(3);
    const aoi = f.zenith.slice();
    const out = { ghi: new Float64Array(f.n), dni: new Float64Array(f.n), dhi: new Float64Array(f.n) };
    const r = gtiDirintSeries(
      {
        poaGlobal: f.ghi,
        aoi,
        zenith: f.zenith,
        azimuth: f.azimuth,
        dayOfYear: f.dayOfYear,
        pressure: f.pressure,
        surfaceTilt: 0,
        albedo: 0.2,
      },
      {},
      isotropic(aoi, 0, 0.2),
      out,
    );
    expect(r.iterations).toBe(1);
    for (let i = 0; i < f.n; i++) {
      const day = f.zenith[i]! < 86 && f.ghi[i]! > 0;
      if (day) expect(Math.abs(out.ghi[i]! - f.ghi[i]!), String(i)).toBeLessThan(1e-9);
      if (!(f.zenith[i]! < 90)) expect([out.ghi[i], out.dni[i], out.dhi[i]]).toEqual([0, 0, 0]);
    }
  });

  for (const [caseIndex, tilt, surfaceAzimuth] of [
    [0, 30, 180],
    [3, 25, 180],
    [1, 40, 135],
  ] as const) {
    it(`round trip DIRINT → isotropic GTI → GTI-DIRINT (case ${caseIndex}, tilt ${tilt}°, azimuth ${surfaceAzimuth}°)`, () => {
      // Tolerances: |GTI_model − GTI| ≤ 1 W/m² (the model's convergence criterion) at ≥ 90 % of the
      // steps with AOI < 90° and θz ≤ 85° and ≤ 5 W/m² at all of them (the steps are coupled through
      // Δkt′ and a few do not settle within 30 iterations, as in the reference implementation); the recovered GHI within 3 % + 5 W/m² of the GHI that made the GTI where
      // AOI < 65° and θz < 80°. At larger AOI the GTI carries little of the beam and the inversion may
      // land on another root (Marion 2015 reports poor performance above AOI ≈ 80°).
      const f = fixture(caseIndex);
      const dni = dirintSeries(
        { ghi: f.ghi, zenith: f.zenith, dayOfYear: f.dayOfYear, pressure: f.pressure },
        {},
        new Float64Array(f.n),
      );
      const aoi = aoiSeries(f.zenith, f.azimuth, tilt, surfaceAzimuth);
      const transpose = isotropic(aoi, tilt, 0.2);
      const poa = new Float64Array(f.n);
      for (let i = 0; i < f.n; i++) {
        const day = f.zenith[i]! < 90;
        const b = day && dni[i]! > 0 ? dni[i]! : 0;
        const d = day ? Math.max(f.ghi[i]! - b * Math.cos(f.zenith[i]! * D2R), 0) : 0;
        poa[i] = day ? transpose(i, f.ghi[i]!, b, d, 0, 0) : 0;
      }
      const out = { ghi: new Float64Array(f.n), dni: new Float64Array(f.n), dhi: new Float64Array(f.n) };
      gtiDirintSeries(
        {
          poaGlobal: poa,
          aoi,
          zenith: f.zenith,
          azimuth: f.azimuth,
          dayOfYear: f.dayOfYear,
          pressure: f.pressure,
          surfaceTilt: tilt,
          albedo: 0.2,
        },
        {},
        transpose,
        out,
      );
      let steps = 0;
      let converged = 0;
      for (let i = 0; i < f.n; i++) {
        for (const v of [out.ghi[i]!, out.dni[i]!, out.dhi[i]!])
          expect(Number.isFinite(v) && v >= 0, String(i)).toBe(true);
        if (!(f.zenith[i]! < 90)) {
          expect([out.ghi[i], out.dni[i], out.dhi[i]]).toEqual([0, 0, 0]);
          continue;
        }
        if (!(poa[i]! > 0) || aoi[i]! >= 90 || f.zenith[i]! > 85) continue;
        steps++;
        const residual = Math.abs(transpose(i, out.ghi[i]!, out.dni[i]!, out.dhi[i]!, 0, 0) - poa[i]!);
        expect(residual, `GTI step ${i}`).toBeLessThanOrEqual(5);
        if (residual <= 1) converged++;
        if (aoi[i]! < 65 && f.zenith[i]! < 80) {
          expect(
            Math.abs(out.ghi[i]! - f.ghi[i]!),
            `GHI step ${i}: ${out.ghi[i]} vs ${f.ghi[i]}`,
          ).toBeLessThanOrEqual(0.03 * f.ghi[i]! + 5);
        }
        expect(out.dhi[i]! + out.dni[i]! * Math.cos(f.zenith[i]! * D2R)).toBeCloseTo(out.ghi[i]!, 6);
      }
      expect(steps).toBeGreaterThan(10);
      expect(converged / steps).toBeGreaterThanOrEqual(0.9);
    });
  }

  it('AOI ≥ 90° with the sun up (north-facing vertical plane): isotropic closed form reproduces the GTI', () => {
    const f = fixture(3);
    const aoi = aoiSeries(f.zenith, f.azimuth, 90, 0);
    const poa = Float64Array.from(f.ghi, (g) => 0.35 * g);
    const out = { ghi: new Float64Array(f.n), dni: new Float64Array(f.n), dhi: new Float64Array(f.n) };
    const transpose = isotropic(aoi, 90, 0.2);
    gtiDirintSeries(
      {
        poaGlobal: poa,
        aoi,
        zenith: f.zenith,
        azimuth: f.azimuth,
        dayOfYear: f.dayOfYear,
        pressure: f.pressure,
        surfaceTilt: 90,
        albedo: 0.2,
      },
      {},
      transpose,
      out,
    );
    let behind = 0;
    for (let i = 0; i < f.n; i++) {
      if (!(f.zenith[i]! < 90) || !(poa[i]! > 0) || aoi[i]! < 90) continue;
      behind++;
      expect(Number.isFinite(out.ghi[i]) && out.dhi[i]! >= 0).toBe(true);
      expect(transpose(i, out.ghi[i]!, out.dni[i]!, out.dhi[i]!, 0, 0)).toBeCloseTo(poa[i]!, 6);
    }
    expect(behind).toBeGreaterThan(5);
  });
});
