import { describe, expect, it } from 'vitest';
import { aoi } from '../../src/geometry/aoi.ts';
import { axisTiltOnSlope, crossAxisTilt } from '../../src/mounting/crossAxisTilt.ts';
import { fixedTilt, fixedTiltSeries } from '../../src/mounting/fixedTilt.ts';
import { seasonalTilt, seasonalTiltSeries } from '../../src/mounting/seasonalTilt.ts';
import { singleAxis } from '../../src/mounting/singleAxis.ts';
import { type TrackerParams, trackerSeries } from '../../src/mounting/tracker.ts';

const D = Math.PI / 180;
const base: TrackerParams = {
  axisTilt: 0,
  axisAzimuth: 180,
  minAngle: -50,
  maxAngle: 60,
  gcr: 0.4,
  crossAxisTilt: 0,
  control: 'backtracking',
  nightStowAngle: 0,
};

function outs(n: number) {
  return {
    trackerTheta: new Float64Array(n),
    surfaceTilt: new Float64Array(n),
    surfaceAzimuth: new Float64Array(n),
    aoi: new Float64Array(n),
    cosAoi: new Float64Array(n),
    projectedZenith: new Float64Array(n),
  };
}

/** A synthetic equinox day at 35° N, every 15 minutes. */
function day(n = 96) {
  const zen = new Float64Array(n);
  const az = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const h = ((i + 0.5) * 24) / n - 12; // hour angle in hours
    const w = h * 15 * D;
    const lat = 35 * D;
    const cz = Math.cos(lat) * Math.cos(w);
    zen[i] = Math.acos(cz) / D;
    az[i] = (Math.atan2(Math.sin(w), Math.cos(w) * Math.sin(lat)) / D + 180 + 360) % 360;
  }
  return { solarZenith: zen, solarAzimuth: az };
}

describe('trackerSeries (chain wrapper)', () => {
  it('equals the raw model by day, stows at night, never NaN; asymmetric limits hold', () => {
    const x = day();
    const out = outs(96);
    trackerSeries(x, base, out);
    x.solarZenith.forEach((z, i) => {
      for (const col of Object.values(out)) expect(Number.isFinite(col[i]!), `step ${i}`).toBe(true);
      if (z > 90) expect(out.trackerTheta[i]).toBe(0);
      else {
        const raw = singleAxis(
          { solarZenith: z, solarAzimuth: x.solarAzimuth[i]! },
          { ...base, backtrack: true },
        );
        expect(out.trackerTheta[i]).toBeCloseTo(raw.trackerTheta, 12);
        expect(out.aoi[i]).toBeCloseTo(raw.aoi, 9);
      }
      expect(out.trackerTheta[i]).toBeGreaterThanOrEqual(-50);
      expect(out.trackerTheta[i]).toBeLessThanOrEqual(60);
      // the angle of incidence agrees with the plane's orientation
      const a = aoi({
        surfaceTilt: out.surfaceTilt[i]!,
        surfaceAzimuth: out.surfaceAzimuth[i]!,
        solarZenith: z,
        solarAzimuth: x.solarAzimuth[i]!,
      });
      expect(out.aoi[i]).toBeCloseTo(a, 7);
    });
  });

  it('night stow angle, wind stow with dwell (priority over tracking), time-series angles', () => {
    const x = day(8);
    const out = outs(8);
    trackerSeries(x, { ...base, nightStowAngle: -30 }, out);
    expect(out.trackerTheta[0]).toBeCloseTo(-30, 12);
    const wind = Float64Array.of(0, 0, 0, 20, 5, 5, 5, 5);
    trackerSeries(
      { ...x, windSpeed: wind },
      { ...base, windStow: { threshold: 15, angle: 25, dwellSteps: 2 } },
      out,
    );
    expect(Array.from(out.trackerTheta.slice(3, 6))).toEqual([25, 25, 25].map((v) => expect.closeTo(v, 12)));
    expect(out.trackerTheta[6]).not.toBeCloseTo(25, 6);
    const angles = Float64Array.of(Number.NaN, 1, 2, 3, 4, 5, 6, Number.NaN);
    trackerSeries(
      { ...x, trackingAngle: angles },
      { ...base, control: 'timeSeries', nightStowAngle: 7 },
      out,
    );
    expect(Array.from(out.trackerTheta).map((v) => Math.round(v * 1e9) / 1e9)).toEqual([
      7, 1, 2, 3, 4, 5, 6, 7,
    ]);
    expect(() => trackerSeries(x, { ...base, control: 'timeSeries' }, out)).toThrow();
  });
});

describe('cross-axis tilt and axis tilt on a slope (1e-12)', () => {
  it('reduces to Anderson & Mikofski eq. 26 for an axis on the slope', () => {
    const slope = { slopeTilt: 8, slopeAzimuth: 230, axisAzimuth: 180 };
    const axisTilt = axisTiltOnSlope(slope);
    expect(axisTilt).toBeCloseTo(Math.atan(Math.tan(8 * D) * Math.cos(50 * D)) / D, 12);
    const bc = crossAxisTilt({ ...slope, axisTilt });
    expect(bc).toBeCloseTo(Math.atan(Math.tan(8 * D) * Math.sin(50 * D) * Math.cos(axisTilt * D)) / D, 12);
    // ground descending to the west of a south-pointing axis: positive
    expect(crossAxisTilt({ slopeTilt: 5, slopeAzimuth: 270, axisAzimuth: 180, axisTilt: 0 })).toBeCloseTo(
      5,
      12,
    );
  });
});

describe('fixed and seasonal tilt (1e-9)', () => {
  it('fixed tilt: aoi and projected zenith; series equals scalar', () => {
    const x = day(24);
    const out = outs(24);
    fixedTiltSeries(x, { surfaceTilt: 25, surfaceAzimuth: 170 }, out);
    x.solarZenith.forEach((z, i) => {
      const s = fixedTilt(
        { solarZenith: z, solarAzimuth: x.solarAzimuth[i]! },
        { surfaceTilt: 25, surfaceAzimuth: 170 },
      );
      expect(out.aoi[i]).toBeCloseTo(s.aoi, 12);
      expect(out.projectedZenith[i]).toBeCloseTo(s.projectedZenith, 12);
      expect(s.aoi).toBeCloseTo(
        aoi({ surfaceTilt: 25, surfaceAzimuth: 170, solarZenith: z, solarAzimuth: x.solarAzimuth[i]! }),
        9,
      );
      expect(out.trackerTheta[i]).toBe(25);
      expect(out.surfaceAzimuth[i]).toBe(170);
    });
  });

  it('seasonal tilt takes the month’s tilt', () => {
    const tilts = [50, 45, 40, 30, 20, 15, 15, 20, 30, 40, 45, 50];
    const x = { ...day(4), month: Uint8Array.of(1, 6, 7, 12) };
    const out = outs(4);
    seasonalTiltSeries(x, { monthlyTilt: tilts, surfaceAzimuth: 180 }, out);
    expect(Array.from(out.surfaceTilt)).toEqual([50, 15, 15, 50]);
    const s = seasonalTilt(
      { solarZenith: 40, solarAzimuth: 150, month: 6 },
      { monthlyTilt: tilts, surfaceAzimuth: 180 },
    );
    expect(s.aoi).toBeCloseTo(
      aoi({ surfaceTilt: 15, surfaceAzimuth: 180, solarZenith: 40, solarAzimuth: 150 }),
      9,
    );
  });
});
