import { describe, expect, it } from 'vitest';
import { fixedTiltSeries } from '../../src/mounting/fixedTilt.ts';
import { trackerSeries } from '../../src/mounting/tracker.ts';
import {
  type PlaneOfArrayOptions,
  planeOfArraySeries,
  preparePlaneOfArray,
} from '../../src/irradiance/transposition/planeOfArray.ts';
import { perezSeries } from '../../src/irradiance/transposition/perez.ts';

const D = Math.PI / 180;

/** Three synthetic days (equinox, 35° N), 10-minute steps, clear-ish weather; ghi = dhi + dni·cos z. */
function weather(n = 432) {
  const c = (f: (i: number) => number) => Float64Array.from({ length: n }, (_, i) => f(i));
  const zen = c((i) => {
    const w = (((i % 144) + 0.5) / 144) * 360 - 180;
    return Math.acos(Math.cos(35 * D) * Math.cos(w * D)) / D;
  });
  const az = c((i) => {
    const w = ((((i % 144) + 0.5) / 144) * 360 - 180) * D;
    return (Math.atan2(Math.sin(w), Math.cos(w) * Math.sin(35 * D)) / D + 540) % 360;
  });
  const cz = c((i) => Math.max(0, Math.cos(zen[i]! * D)));
  const dni = c((i) => (zen[i]! < 90 ? 850 * Math.pow(cz[i]!, 0.3) : 0));
  const dhi = c((i) => (zen[i]! < 90 ? 60 + 80 * cz[i]! : 0));
  const ghi = c((i) => dhi[i]! + dni[i]! * cz[i]!);
  const am = c((i) =>
    zen[i]! < 90 ? 1 / (cz[i]! + 0.50572 * Math.pow(96.07995 - zen[i]!, -1.6364)) : Number.NaN,
  );
  return {
    solarZenith: zen,
    solarAzimuth: az,
    dni,
    dhi,
    ghi,
    dniExtra: c(() => 1361),
    airmassRelative: am,
    month: Uint8Array.from({ length: n }, () => 3),
  };
}

function mountOut(n: number) {
  return {
    trackerTheta: new Float64Array(n),
    surfaceTilt: new Float64Array(n),
    surfaceAzimuth: new Float64Array(n),
    aoi: new Float64Array(n),
    cosAoi: new Float64Array(n),
    projectedZenith: new Float64Array(n),
  };
}
function poaOut(n: number) {
  return {
    beamAfterShading: new Float64Array(n),
    skyAfterShading: new Float64Array(n),
    groundAfterShading: new Float64Array(n),
    poaAfterShading: new Float64Array(n),
    poaGlobal: new Float64Array(n),
    poaAfterHorizon: new Float64Array(n),
    poaAfterNearShading: new Float64Array(n),
    shadedFraction: new Float64Array(n),
  };
}
const albedo = Array.from({ length: 12 }, () => 0.2);

describe('planeOfArraySeries (chain wrapper; 1e-9 W/m²)', () => {
  const w = weather();
  const n = w.solarZenith.length;

  // Perez floors b = max(cos 85°, cos θz) (paper, eq. 9), so at tilt 0 its circumsolar term is
  // Dh·F1·cos θz/cos 85° < Dh·F1 for θz > 85°: the identity holds up to 85° for Perez (89° for Hay–Davies).
  it('tilt 0 gives POA = GHI for isotropic, Hay–Davies and Perez; components add up', () => {
    const m = mountOut(n);
    fixedTiltSeries(w, { surfaceTilt: 0, surfaceAzimuth: 180 }, m);
    for (const transposition of [
      { model: 'isotropic' },
      { model: 'haydavies' },
      { model: 'perez', coefficients: 'allsitescomposite1990' },
    ] as PlaneOfArrayOptions['transposition'][]) {
      const out = poaOut(n);
      planeOfArraySeries(
        { ...w, ...m },
        preparePlaneOfArray({ transposition, circumsolar: 'diffuse', monthlyAlbedo: albedo }),
        out,
      );
      const limit = transposition.model === 'perez' ? 85 : 89;
      for (let i = 0; i < n; i++) {
        if (w.solarZenith[i]! <= limit || w.solarZenith[i]! > 90) {
          expect(out.poaAfterShading[i], `${transposition.model} ${i}`).toBeCloseTo(w.ghi[i]!, 9);
        }
        expect(out.beamAfterShading[i]! + out.skyAfterShading[i]! + out.groundAfterShading[i]!).toBeCloseTo(
          out.poaAfterShading[i]!,
          9,
        );
      }
    }
  });

  it('without shading equals the transposition models; circumsolar treatment moves C between columns', () => {
    const m = mountOut(n);
    fixedTiltSeries(w, { surfaceTilt: 30, surfaceAzimuth: 180 }, m);
    const comp = {
      poaIsotropic: new Float64Array(n),
      poaCircumsolar: new Float64Array(n),
      poaHorizon: new Float64Array(n),
    };
    perezSeries({ ...w, ...m }, { coefficients: 'allsitescomposite1990' }, comp);
    const outs = (['diffuse', 'beam'] as const).map((circumsolar) => {
      const out = poaOut(n);
      const prep = preparePlaneOfArray({
        transposition: { model: 'perez', coefficients: 'allsitescomposite1990' },
        circumsolar,
        monthlyAlbedo: albedo,
      });
      planeOfArraySeries({ ...w, ...m }, prep, out);
      return out;
    });
    for (let i = 0; i < n; i++) {
      if (w.solarZenith[i]! > 90) continue;
      const sky = comp.poaIsotropic[i]! + comp.poaCircumsolar[i]! + comp.poaHorizon[i]!;
      expect(outs[0]!.skyAfterShading[i]).toBeCloseTo(sky, 9);
      expect(outs[1]!.skyAfterShading[i]).toBeCloseTo(sky - comp.poaCircumsolar[i]!, 9);
      expect(outs[1]!.poaAfterShading[i]).toBeCloseTo(outs[0]!.poaAfterShading[i]!, 9);
      expect(outs[0]!.poaGlobal[i]).toBeCloseTo(outs[0]!.poaAfterShading[i]!, 9);
    }
  });

  it('tracker with horizon and every shading: night 0 not NaN, no NaN by day, losses ordered', () => {
    const m = mountOut(n);
    const tracker = {
      axisTilt: 0,
      axisAzimuth: 180,
      minAngle: -60,
      maxAngle: 60,
      gcr: 0.45,
      crossAxisTilt: 3,
      control: 'trueTracking' as const,
      nightStowAngle: 0,
    };
    trackerSeries(w, tracker, m);
    const prep = preparePlaneOfArray({
      transposition: { model: 'perez', coefficients: 'allsitescomposite1990' },
      circumsolar: 'beam',
      monthlyAlbedo: albedo,
      horizon: {
        horizon: [
          { azimuth: 0, elevation: 3 },
          { azimuth: 90, elevation: 12 },
          { azimuth: 200, elevation: 4 },
          { azimuth: 270, elevation: 8 },
        ],
        axisTilt: 0,
        axisAzimuth: 180,
      },
      rows: {
        gcr: 0.45,
        crossAxisTilt: 3,
        electrical: { response: 'fractional', fractionalEffect: 50, modulesHigh: 1, orientation: 'portrait' },
        diffuse: 'schaarPanchula',
        ground: true,
      },
    });
    const out = poaOut(n);
    planeOfArraySeries({ ...w, ...m }, prep, out);
    let shaded = 0;
    for (let i = 0; i < n; i++) {
      for (const col of Object.values(out)) expect(Number.isNaN(col[i]!), `step ${i}`).toBe(false);
      if (w.solarZenith[i]! > 90) {
        expect(out.poaAfterShading[i]).toBe(0);
        continue;
      }
      expect(out.poaAfterShading[i]).toBeGreaterThan(0);
      expect(out.poaAfterHorizon[i]).toBeLessThanOrEqual(out.poaGlobal[i]! + 1e-9);
      expect(out.poaAfterNearShading[i]).toBeLessThanOrEqual(out.poaAfterHorizon[i]! + 1e-9);
      expect(out.poaAfterShading[i]).toBeLessThanOrEqual(out.poaAfterNearShading[i]! + 1e-9);
      if (out.shadedFraction[i]! > 0) shaded++;
    }
    expect(shaded).toBeGreaterThan(0); // true tracking shades in the morning and evening
  });
});
