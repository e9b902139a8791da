import { describe, expect, it } from 'vitest';
import {
  marionRearIrradiance,
  marionRearIrradianceSeries,
  marionRearViewFactors,
  type MarionRearInputs,
  type MarionRearParams,
} from '../src/index.ts';

// No reference vectors exist for this model in ../shared/reference/golden, and the figures of
// Marion et al. (2017) could not be read here, so everything below is an invariant or an analytic
// limit, each with its tolerance; none is a comparison with published values.

const GEO = { postHeight: 1.5, pitch: 5.5, collectorWidth: 2.0 };
const P: MarionRearParams = { ...GEO, bifacialityFactor: 0.7 };
const SUN: MarionRearInputs = {
  solarZenith: 40,
  solarAzimuth: 200,
  surfaceTilt: 25,
  surfaceAzimuth: 180,
  dni: 750,
  dhi: 120,
  albedo: 0.25,
};

let seed = 7;
const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;

describe('view factors', () => {
  it('sum to 1 over sky, ground and other rows', () => {
    for (const t of [0, 10, 30, 60, 90]) {
      const v = marionRearViewFactors({ surfaceTilt: t }, GEO);
      expect(v.sky + v.ground + v.rowFront + v.rowBack).toBeCloseTo(1, 12);
    }
  });
  it('horizontal rows: the rear sees only ground, and the mean ground sky view is 1 − GCR (exact in 2-D, tol 1e-4)', () => {
    for (const geo of [
      GEO,
      { postHeight: 0.8, pitch: 3, collectorWidth: 2 },
      { postHeight: 3, pitch: 8, collectorWidth: 4 },
    ]) {
      const v = marionRearViewFactors({ surfaceTilt: 0 }, geo);
      expect(v.sky).toBe(0);
      expect(v.ground).toBeCloseTo(1, 12);
      const mean = v.groundSkyViewFactors.reduce((a, b) => a + b, 0) / v.groundSkyViewFactors.length;
      expect(Math.abs(mean - (1 - geo.collectorWidth / geo.pitch))).toBeLessThan(1e-4);
    }
  });
  it('an isolated, high row sees the unobstructed isotropic fractions (1 ∓ cos β)/2 (tol 1e-4)', () => {
    const far = { postHeight: 1000, pitch: 1e6, collectorWidth: 1, rearIam: { model: 'none' as const } };
    for (const t of [0, 20, 45, 70, 90]) {
      const v = marionRearViewFactors({ surfaceTilt: t }, far);
      const c = Math.cos((t * Math.PI) / 180);
      expect(Math.abs(v.sky - (1 - c) / 2)).toBeLessThan(1e-4);
      expect(Math.abs(v.ground - (1 + c) / 2)).toBeLessThan(1e-4);
      expect(v.skyIam).toBe(v.sky);
    }
  });
});

describe('rear irradiance invariants', () => {
  it('is ≥ 0 and finite for random sun, tilt, geometry and albedo; IAM and losses only reduce it', () => {
    for (let i = 0; i < 400; i++) {
      const geo = { postHeight: 1 + 3 * rnd(), pitch: 4 + 8 * rnd(), collectorWidth: 1 + 3 * rnd() };
      const tilt = 60 * rnd();
      if (0.5 * geo.collectorWidth * Math.sin((tilt * Math.PI) / 180) >= geo.postHeight) continue;
      const r = marionRearIrradiance(
        {
          solarZenith: 89 * rnd(),
          solarAzimuth: 360 * rnd(),
          surfaceTilt: tilt,
          surfaceAzimuth: 360 * rnd(),
          dni: 1000 * rnd(),
          dhi: 300 * rnd(),
          albedo: rnd(),
          poaFront: 1000 * rnd(),
          circumsolarFraction: 0.5 * rnd(),
        },
        {
          ...geo,
          bifacialityFactor: 0.7,
          transmissionFactor: 0.1 * rnd(),
          structureShading: 5,
          backsideMismatch: 2,
        },
      );
      expect(Number.isFinite(r.poaRear)).toBe(true);
      expect(r.poaRear).toBeGreaterThanOrEqual(0);
      expect(r.poaRearIam).toBeLessThanOrEqual(r.poaRear + 1e-9);
      expect(r.rearEffective).toBeCloseTo(r.poaRearIam * 0.7 * 0.95 * 0.98, 9);
    }
  });
  it('zero albedo and no sky view (horizontal rows) gives 0', () => {
    const r = marionRearIrradiance({ ...SUN, surfaceTilt: 0, albedo: 0 }, P);
    expect(r.poaRear).toBe(0);
    expect(r.rearEffective).toBe(0);
  });
  it('sun below the horizon gives 0, not NaN', () => {
    const r = marionRearIrradiance({ ...SUN, solarZenith: 95, dni: 0, dhi: 0 }, P);
    expect(r).toEqual({ poaRear: 0, poaRearIam: 0, rearEffective: 0 });
  });
  it('grows linearly with albedo when the rear sees no sun', () => {
    const a = marionRearIrradiance({ ...SUN, albedo: 0.1 }, P).poaRear;
    const b = marionRearIrradiance({ ...SUN, albedo: 0.2 }, P).poaRear;
    const c = marionRearIrradiance({ ...SUN, albedo: 0.4 }, P).poaRear;
    expect(b).toBeGreaterThan(a);
    expect(c - b).toBeCloseTo(2 * (b - a), 9);
  });
  it('grows with row height under a diffuse sky; with beam, higher rows gain overall', () => {
    // With beam the periodic ground shadow moves under the next row as the height changes, so the
    // rear can dip locally; only the diffuse case is monotonic.
    for (const tilt of [0, 25, 50]) {
      let prev = 0;
      for (const h of [1.2, 1.6, 2.0, 2.5, 3, 4]) {
        const r = marionRearIrradiance(
          { ...SUN, surfaceTilt: tilt, dni: 0 },
          { ...P, postHeight: h },
        ).poaRear;
        expect(r).toBeGreaterThan(prev);
        prev = r;
      }
      const low = marionRearIrradiance({ ...SUN, surfaceTilt: tilt }, { ...P, postHeight: 1.2 }).poaRear;
      const high = marionRearIrradiance({ ...SUN, surfaceTilt: tilt }, { ...P, postHeight: 4 }).poaRear;
      expect(high).toBeGreaterThan(low);
    }
  });
  it('is symmetric: a tracker facing east with the sun mirrored equals one facing west', () => {
    for (const [tilt, zen, az] of [
      [30, 50, 100],
      [50, 70, 75],
      [10, 20, 160],
    ] as const) {
      const east = marionRearIrradiance(
        { ...SUN, surfaceTilt: tilt, surfaceAzimuth: 90, solarZenith: zen, solarAzimuth: az },
        P,
      );
      const west = marionRearIrradiance(
        { ...SUN, surfaceTilt: tilt, surfaceAzimuth: 270, solarZenith: zen, solarAzimuth: 360 - az },
        P,
      );
      expect(west.poaRearIam).toBeCloseTo(east.poaRearIam, 9);
    }
  });
  it('transmission lights the shaded ground: τ = 1 with the sun at zenith and horizontal rows gives ρ·DNI on a high row', () => {
    // Horizontal rows, sun at zenith: the ground shadow is 1 − GCR of the pitch. A very high row sees the
    // ground uniformly, so the rear gets ρ·DNI·(1 − GCR·(1 − τ)) (tol 0.5 %).
    const high = {
      postHeight: 60,
      pitch: 5,
      collectorWidth: 2,
      rearIam: { model: 'none' as const },
      bifacialityFactor: 1,
    };
    const x = { ...SUN, surfaceTilt: 0, solarZenith: 0, dni: 800, dhi: 0, albedo: 0.3 };
    for (const tau of [0, 0.5, 1]) {
      const r = marionRearIrradiance(x, { ...high, transmissionFactor: tau }).poaRear;
      const expected = 0.3 * 800 * (1 - 0.4 * (1 - tau));
      expect(Math.abs(r / expected - 1)).toBeLessThan(0.005);
    }
  });
  it('an isolated high row under a diffuse sky follows the isotropic transposition (tol 0.1 %)', () => {
    const far = {
      postHeight: 1000,
      pitch: 1e6,
      collectorWidth: 1,
      rearIam: { model: 'none' as const },
      bifacialityFactor: 1,
    };
    for (const t of [10, 30, 60, 90]) {
      const r = marionRearIrradiance({ ...SUN, surfaceTilt: t, dni: 0, dhi: 100, albedo: 0.3 }, far).poaRear;
      const c = Math.cos((t * Math.PI) / 180);
      const expected = 100 * ((1 - c) / 2 + (0.3 * (1 + c)) / 2);
      expect(Math.abs(r / expected - 1)).toBeLessThan(1e-3);
    }
  });
  it('adds the beam on the rear when the sun is behind the module, shaded by the row behind', () => {
    const behind = { ...SUN, solarZenith: 70, solarAzimuth: 0 };
    const r = marionRearIrradiance(behind, P);
    const none = marionRearIrradiance({ ...behind, dni: 0 }, P);
    expect(r.poaRear).toBeGreaterThan(none.poaRear);
    // Sun low behind, rows close: the rear is partly shaded, so less beam than DNI·cos θ_rear.
    const d = Math.PI / 180;
    const cosRear = -(
      Math.cos(70 * d) * Math.cos(25 * d) +
      Math.sin(70 * d) * Math.cos(180 * d) * Math.sin(25 * d)
    );
    const dense = marionRearIrradiance({ ...behind, solarZenith: 85 }, { ...P, pitch: 2.2 });
    const denseNoBeam = marionRearIrradiance({ ...behind, solarZenith: 85, dni: 0 }, { ...P, pitch: 2.2 });
    expect(cosRear).toBeGreaterThan(0);
    const cosRear85 = -(Math.cos(85 * d) * Math.cos(25 * d) - Math.sin(85 * d) * Math.sin(25 * d));
    expect(dense.poaRear - denseNoBeam.poaRear).toBeLessThan(750 * cosRear85);
  });
});

describe('series form', () => {
  const N = 500;
  const z = new Float64Array(N);
  const az = new Float64Array(N);
  const tilt = new Float64Array(N);
  const dni = new Float64Array(N);
  const dhi = new Float64Array(N);
  for (let i = 0; i < N; i++) {
    z[i] = 95 * rnd();
    az[i] = 360 * rnd();
    tilt[i] = 60 * rnd();
    dni[i] = z[i]! < 90 ? 900 * rnd() : 0;
    dhi[i] = z[i]! < 90 ? 200 * rnd() : 0;
  }
  const out = () => ({
    poaRear: new Float64Array(N),
    poaRearIam: new Float64Array(N),
    rearEffective: new Float64Array(N),
  });
  it('equals the scalar form for a fixed tilt', () => {
    const o = out();
    marionRearIrradianceSeries(
      { solarZenith: z, solarAzimuth: az, surfaceTilt: 25, surfaceAzimuth: 180, dni, dhi, albedo: 0.25 },
      P,
      o,
    );
    for (let i = 0; i < N; i++) {
      const s = marionRearIrradiance(
        { ...SUN, solarZenith: z[i]!, solarAzimuth: az[i]!, dni: dni[i]!, dhi: dhi[i]! },
        P,
      );
      expect(o.poaRear[i]).toBe(s.poaRear);
      expect(o.rearEffective[i]).toBe(s.rearEffective);
    }
  });
  it('with a tilt per step (1° tables, interpolated) stays within 1 % and 0.5 W/m² of exact tables', () => {
    const o = out();
    const g = { postHeight: 2, pitch: 6, collectorWidth: 2.2, bifacialityFactor: 0.7 };
    marionRearIrradianceSeries(
      { solarZenith: z, solarAzimuth: az, surfaceTilt: tilt, surfaceAzimuth: 90, dni, dhi, albedo: 0.3 },
      g,
      o,
    );
    let worstRel = 0;
    let worstAbs = 0;
    for (let i = 0; i < N; i++) {
      const s = marionRearIrradiance(
        {
          ...SUN,
          solarZenith: z[i]!,
          solarAzimuth: az[i]!,
          surfaceTilt: tilt[i]!,
          surfaceAzimuth: 90,
          dni: dni[i]!,
          dhi: dhi[i]!,
          albedo: 0.3,
        },
        g,
      );
      const d = Math.abs(o.poaRearIam[i]! - s.poaRearIam);
      worstAbs = Math.max(worstAbs, d);
      if (s.poaRearIam > 1) worstRel = Math.max(worstRel, d / s.poaRearIam);
    }
    console.log(`bifacial tilt binning: worst ${worstAbs.toFixed(3)} W/m², ${(100 * worstRel).toFixed(3)} %`);
    expect(worstAbs).toBeLessThan(0.5);
    expect(worstRel).toBeLessThan(0.01);
  });
  it('gives 0 at night with a NaN tracker angle, NaN with a NaN angle in daylight', () => {
    const o = {
      poaRear: new Float64Array(2),
      poaRearIam: new Float64Array(2),
      rearEffective: new Float64Array(2),
    };
    marionRearIrradianceSeries(
      {
        solarZenith: Float64Array.of(100, 40),
        solarAzimuth: Float64Array.of(0, 180),
        surfaceTilt: Float64Array.of(Number.NaN, Number.NaN),
        surfaceAzimuth: 90,
        dni: Float64Array.of(0, 500),
        dhi: Float64Array.of(0, 100),
        albedo: 0.2,
      },
      P,
      o,
    );
    expect(o.poaRear[0]).toBe(0);
    expect(o.poaRear[1]).toBeNaN();
  });
});
