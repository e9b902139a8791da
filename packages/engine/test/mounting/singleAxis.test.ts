import { describe, expect, it } from 'vitest';
import { singleAxis, singleAxisSeries } from '../../src/mounting/singleAxis.ts';
import { close, loadGolden } from '../golden.ts';

interface In {
  apparent_zenith: number;
  solar_azimuth: number;
  axis_tilt: number;
  axis_azimuth: number;
  max_angle: number;
  backtrack: boolean;
  gcr: number;
  cross_axis_tilt: number;
}
type Out = {
  tracker_theta: number | null;
  aoi: number | null;
  surface_azimuth: number | null;
  surface_tilt: number | null;
};

const golden = loadGolden<In, Out>('singleaxis.json');
const TOL = { atol: 0.01 }; // degrees, NaN where the file has null

function params(c: In) {
  return {
    axisTilt: c.axis_tilt,
    axisAzimuth: c.axis_azimuth,
    minAngle: -c.max_angle,
    maxAngle: c.max_angle,
    backtrack: c.backtrack,
    gcr: c.gcr,
    crossAxisTilt: c.cross_axis_tilt,
  };
}

/** Smallest difference of two azimuths on the circle [°]. */
const azDiff = (a: number, b: number) => Math.abs(((a - b + 540) % 360) - 180);

describe('singleAxis (golden singleaxis.json, 0.01°)', () => {
  it('passes every case', () => {
    const worst = { tracker_theta: 0, aoi: 0, surface_azimuth: 0, surface_tilt: 0 };
    golden.cases.forEach((c, i) => {
      const got = singleAxis(
        { solarZenith: c.inputs.apparent_zenith, solarAzimuth: c.inputs.solar_azimuth },
        params(c.inputs),
      );
      const pairs: [keyof Out, number][] = [
        ['tracker_theta', got.trackerTheta],
        ['aoi', got.aoi],
        ['surface_tilt', got.surfaceTilt],
        ['surface_azimuth', got.surfaceAzimuth],
      ];
      for (const [k, v] of pairs) {
        const e = c.outputs[k];
        if (e === null) {
          expect(Number.isNaN(v), `case ${i} ${k}`).toBe(true);
          continue;
        }
        const d = k === 'surface_azimuth' ? azDiff(v, e) : Math.abs(v - e);
        worst[k] = Math.max(worst[k], d);
        expect(close(d, 0, TOL), `case ${i} ${k}: ${v} vs ${e}`).toBe(true);
      }
    });
    expect(golden.cases.length).toBe(200);
    console.info(`singleaxis.json: 200 cases, worst |Δ| [°] ${JSON.stringify(worst)}`);
  });

  it('series form equals the scalar form', () => {
    const groups = new Map<string, number[]>();
    golden.cases.forEach((c, i) => {
      const key = JSON.stringify(params(c.inputs));
      groups.set(key, [...(groups.get(key) ?? []), i]);
    });
    for (const [key, idx] of groups) {
      const p = JSON.parse(key) as ReturnType<typeof params>;
      const n = idx.length;
      const out = {
        trackerTheta: new Float64Array(n),
        surfaceTilt: new Float64Array(n),
        surfaceAzimuth: new Float64Array(n),
        aoi: new Float64Array(n),
      };
      const z = Float64Array.from(idx, (i) => golden.cases[i]!.inputs.apparent_zenith);
      const a = Float64Array.from(idx, (i) => golden.cases[i]!.inputs.solar_azimuth);
      singleAxisSeries({ solarZenith: z, solarAzimuth: a }, p, out);
      idx.forEach((_, j) => {
        const s = singleAxis({ solarZenith: z[j]!, solarAzimuth: a[j]! }, p);
        expect(out.trackerTheta[j]).toStrictEqual(s.trackerTheta);
        expect(out.aoi[j]).toStrictEqual(s.aoi);
      });
    }
  });
});
