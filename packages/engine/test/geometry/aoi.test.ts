import { describe, expect, it } from 'vitest';
import { aoi, aoiProjection, aoiSeries } from '../../src/geometry/aoi.ts';
import { loadGolden } from '../golden.ts';

interface In {
  surface_tilt: number;
  surface_azimuth: number;
  solar_zenith: number;
  solar_azimuth: number;
}

const golden = loadGolden<In, { aoi: number }>('aoi.json');
const args = (c: In) => ({
  surfaceTilt: c.surface_tilt,
  surfaceAzimuth: c.surface_azimuth,
  solarZenith: c.solar_zenith,
  solarAzimuth: c.solar_azimuth,
});

describe('aoi (golden aoi.json, |Δθ| ≤ 1e-6°)', () => {
  it('passes every case, scalar and series', () => {
    const n = golden.cases.length;
    const col = (k: keyof In) => Float64Array.from(golden.cases, (c) => c.inputs[k]);
    const out = { aoi: new Float64Array(n), cosAoi: new Float64Array(n) };
    aoiSeries(
      {
        surfaceTilt: col('surface_tilt'),
        surfaceAzimuth: col('surface_azimuth'),
        solarZenith: col('solar_zenith'),
        solarAzimuth: col('solar_azimuth'),
      },
      out,
    );
    let worst = 0;
    golden.cases.forEach((c, i) => {
      const got = aoi(args(c.inputs));
      worst = Math.max(worst, Math.abs(got - c.outputs.aoi));
      expect(Math.abs(got - c.outputs.aoi), `case ${i}`).toBeLessThanOrEqual(1e-6);
      expect(out.aoi[i]).toBe(got);
      expect(out.cosAoi[i]).toBeCloseTo(Math.cos((got * Math.PI) / 180), 12);
    });
    expect(n).toBe(150);
    console.info(`aoi.json: ${n} cases, worst |Δθ| = ${worst.toExponential(2)}°`);
  });

  it('is 0 for a plane facing the sun and 90° for a sun in the plane', () => {
    expect(aoi({ surfaceTilt: 30, surfaceAzimuth: 180, solarZenith: 30, solarAzimuth: 180 })).toBeCloseTo(
      0,
      6,
    );
    expect(
      aoiProjection({ surfaceTilt: 90, surfaceAzimuth: 180, solarZenith: 40, solarAzimuth: 90 }),
    ).toBeCloseTo(0, 12);
  });
});
