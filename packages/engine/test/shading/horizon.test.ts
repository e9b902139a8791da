import { describe, expect, it } from 'vitest';
import {
  horizonBeamFactor,
  horizonElevation,
  horizonIsotropicFactor,
  horizonIsotropicTable,
  horizonSkyViewFactor,
  horizonTable,
} from '../../src/shading/horizon.ts';
import { lookupRotation } from '../../src/shading/schaarPanchula.ts';

const D = Math.PI / 180;
const ring = (h: number) => [0, 90, 180, 270].map((azimuth) => ({ azimuth, elevation: h }));

/** Independent check: brute-force double integral of max(0, cos θ)·cos e over the visible sky. */
function bruteIsotropic(tilt: number, az: number, h: (phi: number) => number): number {
  const n = 720;
  const m = 400;
  const nrm = [
    Math.sin(tilt * D) * Math.sin(az * D),
    Math.sin(tilt * D) * Math.cos(az * D),
    Math.cos(tilt * D),
  ];
  let seen = 0;
  let all = 0;
  for (let i = 0; i < n; i++) {
    const phi = ((i + 0.5) * 360) / n;
    for (let j = 0; j < m; j++) {
      const e = ((j + 0.5) * 90) / m;
      const v = [Math.cos(e * D) * Math.sin(phi * D), Math.cos(e * D) * Math.cos(phi * D), Math.sin(e * D)];
      const c = Math.max(0, v[0]! * nrm[0]! + v[1]! * nrm[1]! + v[2]! * nrm[2]!) * Math.cos(e * D);
      all += c;
      if (e >= h(phi)) seen += c;
    }
  }
  return seen / all;
}

describe('horizon profile (SVF 1e-6 vs closed form, 2e-3 vs brute-force quadrature)', () => {
  it('interpolates linearly and wraps around north', () => {
    const hz = [
      { azimuth: 350, elevation: 10 },
      { azimuth: 10, elevation: 20 },
      { azimuth: 180, elevation: 0 },
    ];
    expect(horizonElevation({ azimuth: 0 }, { horizon: hz })).toBeCloseTo(15, 12);
    expect(horizonElevation({ azimuth: 355 }, { horizon: hz })).toBeCloseTo(12.5, 12);
    expect(horizonElevation({ azimuth: 95 }, { horizon: hz })).toBeCloseTo(10, 12);
    expect(horizonElevation({ azimuth: 40 }, { horizon: [] })).toBe(0);
  });

  it('blocks the beam when the sun is below the horizon line', () => {
    const t = horizonTable({ horizon: ring(10) });
    expect(horizonBeamFactor({ solarZenith: 85, solarAzimuth: 120 }, t)).toBe(0);
    expect(horizonBeamFactor({ solarZenith: 75, solarAzimuth: 120 }, t)).toBe(1);
  });

  it('sky view factor of a horizontal plane: (1/2π)∫cos² h dφ', () => {
    expect(horizonSkyViewFactor({ horizon: [] })).toBe(1);
    expect(horizonSkyViewFactor({ horizon: ring(10) })).toBeCloseTo(Math.cos(10 * D) ** 2, 6);
    // half the horizon at 30°, the other half flat: (cos² 30° + 1)/2 (steps smoothed over 0.5°)
    const half = [
      { azimuth: 0, elevation: 30 },
      { azimuth: 179.99, elevation: 30 },
      { azimuth: 180, elevation: 0 },
      { azimuth: 359.99, elevation: 0 },
    ];
    expect(horizonSkyViewFactor({ horizon: half })).toBeCloseTo((Math.cos(30 * D) ** 2 + 1) / 2, 3);
  });

  it('tilted plane: matches brute-force quadrature, including the sky behind the plane', () => {
    const hz = [
      { azimuth: 0, elevation: 5 },
      { azimuth: 90, elevation: 25 },
      { azimuth: 180, elevation: 8 },
      { azimuth: 270, elevation: 15 },
    ];
    const h = (phi: number) => horizonElevation({ azimuth: phi }, { horizon: hz });
    for (const [tilt, az] of [
      [0, 180],
      [30, 180],
      [60, 90],
      [85, 270],
    ] as const) {
      const got = horizonIsotropicFactor({ surfaceTilt: tilt, surfaceAzimuth: az }, { horizon: hz });
      expect(Math.abs(got - bruteIsotropic(tilt, az, h)), `${tilt} ${az}`).toBeLessThan(2e-3);
    }
  });

  it('tabulated over a tracker rotation equals the direct factor at the nodes', () => {
    const hz = ring(12);
    const t = horizonIsotropicTable({ horizon: hz, axisTilt: 0, axisAzimuth: 180 });
    // θ = 30° on a south axis: tilt 30° facing west (270°)
    expect(lookupRotation(t, 30)).toBeCloseTo(
      horizonIsotropicFactor({ surfaceTilt: 30, surfaceAzimuth: 270 }, { horizon: hz }),
      12,
    );
    expect(lookupRotation(t, -45)).toBeCloseTo(
      horizonIsotropicFactor({ surfaceTilt: 45, surfaceAzimuth: 90 }, { horizon: hz }),
      12,
    );
  });
});
