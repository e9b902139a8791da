import { describe, expect, it } from 'vitest';
import { spa, spaEarthHeliocentric, spaGeocentric } from '../src/solarPosition/spa.ts';
import { spaSeries } from '../src/solarPosition/spaSeries.ts';
import { julianDay, parseIsoWithOffset } from '../src/time/calendar.ts';
import { sunInstantSeries, yearTimestamps } from '../src/time/weatherTimestamps.ts';
import { close, loadGolden } from './golden.ts';
const D2R = Math.PI / 180;

interface SpaIn {
  time: string;
  latitude: number;
  longitude: number;
  altitude: number;
  pressure: number;
  temperature: number;
  delta_t: number;
}
type SpaOut = Record<
  'apparent_zenith' | 'zenith' | 'apparent_elevation' | 'elevation' | 'azimuth' | 'equation_of_time',
  number
>;

/** Angle difference on the circle [°]. */
const angleDiff = (a: number, b: number) => {
  const d = Math.abs(a - b) % 360;
  return Math.min(d, 360 - d);
};

describe('spa_python.json (NREL SPA, scalar form)', () => {
  const golden = loadGolden<SpaIn, SpaOut>('spa_python');
  // Tolerances: 0.0005° on every angle (the reference README), 1e−6 min on the equation of time.
  const TOL_ANGLE = 0.0005;
  const TOL_EOT = 1e-6;

  it(`matches all ${golden.n_cases} cases within ${TOL_ANGLE}° and ${TOL_EOT} min`, () => {
    expect(golden.cases.length).toBe(150);
    const worst = {
      zenith: 0,
      apparentZenith: 0,
      elevation: 0,
      apparentElevation: 0,
      azimuth: 0,
      equationOfTime: 0,
    };
    for (const { inputs: i, outputs: o } of golden.cases) {
      const r = spa({
        time: parseIsoWithOffset(i.time),
        latitude: i.latitude,
        longitude: i.longitude,
        altitude: i.altitude,
        pressure: i.pressure,
        temperature: i.temperature,
        deltaT: i.delta_t,
      });
      const d = {
        zenith: Math.abs(r.zenith - o.zenith),
        apparentZenith: Math.abs(r.apparentZenith - o.apparent_zenith),
        elevation: Math.abs(r.elevation - o.elevation),
        apparentElevation: Math.abs(r.apparentElevation - o.apparent_elevation),
        azimuth: angleDiff(r.azimuth, o.azimuth),
        equationOfTime: Math.abs(r.equationOfTime - o.equation_of_time),
      };
      for (const k of Object.keys(d) as (keyof typeof d)[]) worst[k] = Math.max(worst[k], d[k]);
      expect(d.zenith, i.time).toBeLessThanOrEqual(TOL_ANGLE);
      expect(d.apparentZenith, i.time).toBeLessThanOrEqual(TOL_ANGLE);
      expect(d.elevation, i.time).toBeLessThanOrEqual(TOL_ANGLE);
      expect(d.apparentElevation, i.time).toBeLessThanOrEqual(TOL_ANGLE);
      expect(d.azimuth, i.time).toBeLessThanOrEqual(TOL_ANGLE);
      expect(d.equationOfTime, i.time).toBeLessThanOrEqual(TOL_EOT);
    }
    console.info('spa_python.json worst |error|:', worst);
  });

  it('reproduces the report example (case 0; Reda & Andreas Table A5.1)', () => {
    const t = parseIsoWithOffset('2003-10-17T12:30:30-07:00');
    const jd = julianDay(t);
    expect(jd).toBeCloseTo(2452930.312847, 6);
    const earth = new Float64Array(3);
    spaEarthHeliocentric((jd + 67 / 86400 - 2451545) / 365250, earth);
    expect((((earth[0]! * 180) / Math.PI) % 360) - 24.0182616917).toBeCloseTo(0, 9);
    expect((earth[1]! * 180) / Math.PI + 0.0001011219).toBeCloseTo(0, 9);
    expect(earth[2]! - 0.9965422974).toBeCloseTo(0, 9);
    const geo = new Float64Array(6);
    spaGeocentric(jd, 67, geo);
    expect(geo[0]).toBeCloseTo(202.22741, 5);
    expect(geo[1]).toBeCloseTo(-9.31434, 5);
    const r = spa({
      time: t,
      latitude: 39.742476,
      longitude: -105.1786,
      altitude: 1830.14,
      pressure: 82000,
      temperature: 11,
      deltaT: 67,
    });
    expect(r.apparentZenith).toBeCloseTo(50.11162, 5);
    expect(r.azimuth).toBeCloseTo(194.34024, 5);
    expect(close(r.zenith, golden.cases[0]!.outputs.zenith, { atol: TOL_ANGLE })).toBe(true);
  });
});

describe('spaSeries (geocentric quantities on a 48 h grid, 6-point interpolation)', () => {
  // Tolerance: 1e−4° against the exact scalar form at every minute of a year (measured ≤ 1e−6°).
  const TOL = 1e-4;
  const sites = [
    {
      name: 'Golden CO',
      latitude: 39.742476,
      longitude: -105.1786,
      altitude: 1830,
      pressure: 82000,
      temperature: 11,
    },
    {
      name: 'Cape Town',
      latitude: -33.93,
      longitude: 18.42,
      altitude: 10,
      pressure: 101200,
      temperature: 17,
    },
    { name: 'Tromsø', latitude: 69.65, longitude: 18.96, altitude: 5, pressure: 101000, temperature: 3 },
  ];
  for (const site of sites) {
    it(`matches the scalar form over a full 1-minute year at ${site.name} within ${TOL}°`, () => {
      const stamps = yearTimestamps({
        year: 2024,
        utcOffsetHours: 0,
        intervalMinutes: 1,
        definition: 'intervalEnd',
      });
      const times = sunInstantSeries(
        stamps,
        { definition: 'intervalEnd', intervalMinutes: 1 },
        new Float64Array(stamps.length),
      );
      const n = times.length;
      const out = {
        zenith: new Float64Array(n),
        apparentZenith: new Float64Array(n),
        azimuth: new Float64Array(n),
        elevation: new Float64Array(n),
        apparentElevation: new Float64Array(n),
        equationOfTime: new Float64Array(n),
      };
      spaSeries(times, { ...site, deltaT: 67 }, out);
      let wz = 0;
      let wa = 0;
      let we = 0;
      const x = { ...site, deltaT: 67, time: 0 };
      for (let i = 0; i < n; i++) {
        x.time = times[i]!;
        const r = spa(x);
        wz = Math.max(
          wz,
          Math.abs(r.zenith - out.zenith[i]!),
          Math.abs(r.apparentZenith - out.apparentZenith[i]!),
        );
        if (r.zenith < 89.999) wa = Math.max(wa, angleDiff(r.azimuth, out.azimuth[i]!));
        we = Math.max(we, Math.abs(r.equationOfTime - out.equationOfTime![i]!));
      }
      console.info(
        `spaSeries vs spa, ${site.name}, ${n} steps: zenith ${wz.toExponential(2)}°, azimuth ${wa.toExponential(2)}°, EoT ${we.toExponential(2)} min`,
      );
      expect(wz).toBeLessThanOrEqual(TOL);
      expect(wa).toBeLessThanOrEqual(TOL);
      expect(we).toBeLessThanOrEqual(TOL * 4); // 1e−4° of hour angle = 4e−4 min
      for (let i = 0; i < n; i += 997) {
        expect(out.elevation![i]).toBeCloseTo(90 - out.zenith[i]!, 12);
        expect(out.apparentElevation![i]).toBeCloseTo(90 - out.apparentZenith[i]!, 12);
      }
    }, 120_000);
  }

  it('computes short or scattered series exactly, per-step pressure and temperature, NaN times', () => {
    const golden = loadGolden<SpaIn, SpaOut>('spa_python');
    const cases = golden.cases.slice(0, 20);
    const times = Float64Array.from(cases.map((c) => parseIsoWithOffset(c.inputs.time)));
    const n = times.length;
    const out = {
      zenith: new Float64Array(n),
      apparentZenith: new Float64Array(n),
      azimuth: new Float64Array(n),
    };
    for (const c of cases) {
      const one = {
        zenith: new Float64Array(1),
        apparentZenith: new Float64Array(1),
        azimuth: new Float64Array(1),
      };
      const i = c.inputs;
      const t = parseIsoWithOffset(i.time);
      spaSeries(Float64Array.of(t), { ...i, deltaT: i.delta_t }, one);
      const r = spa({ ...i, time: t, deltaT: i.delta_t });
      expect(one.apparentZenith[0]! - r.apparentZenith).toBeCloseTo(0, 10);
      expect(angleDiff(one.azimuth[0]!, r.azimuth)).toBeCloseTo(0, 10);
    }
    const site = { latitude: 10, longitude: 20, altitude: 0, deltaT: 67 };
    const pressure = Float64Array.from(cases.map((_, k) => 90000 + 500 * k));
    const temperature = Float64Array.from(cases.map((_, k) => -10 + 2 * k));
    spaSeries(times, { ...site, pressure, temperature }, out);
    for (let k = 0; k < n; k++) {
      const r = spa({ ...site, time: times[k]!, pressure: pressure[k]!, temperature: temperature[k]! });
      expect(out.apparentZenith[k]! - r.apparentZenith).toBeCloseTo(0, 10);
    }
    // the direction cosines later stages read (written only when asked for)
    const cols = {
      zenith: new Float64Array(n),
      apparentZenith: new Float64Array(n),
      azimuth: new Float64Array(n),
      cosApparentZenith: new Float64Array(n),
      sinAzimuth: new Float64Array(n),
      cosAzimuth: new Float64Array(n),
      cosZenith: new Float64Array(n),
    };
    spaSeries(times, { ...site, pressure, temperature }, cols);
    for (let k = 0; k < n; k++) {
      expect(cols.apparentZenith[k]).toBe(out.apparentZenith[k]);
      expect(cols.cosApparentZenith[k]! - Math.cos(cols.apparentZenith[k]! * D2R)).toBeCloseTo(0, 12);
      expect(cols.cosZenith[k]! - Math.cos(cols.zenith[k]! * D2R)).toBeCloseTo(0, 12);
      expect(cols.sinAzimuth[k]! - Math.sin(cols.azimuth[k]! * D2R)).toBeCloseTo(0, 12);
      expect(cols.cosAzimuth[k]! - Math.cos(cols.azimuth[k]! * D2R)).toBeCloseTo(0, 12);
    }
    const withNaN = Float64Array.of(times[0]!, NaN);
    const o2 = {
      zenith: new Float64Array(2),
      apparentZenith: new Float64Array(2),
      azimuth: new Float64Array(2),
    };
    spaSeries(withNaN, { ...site, pressure: 101325, temperature: 12 }, o2);
    expect(o2.zenith[1]).toBeNaN();
    expect(Number.isFinite(o2.zenith[0])).toBe(true);
  });
});
