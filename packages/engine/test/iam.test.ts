import { describe, expect, it } from 'vitest';
import {
  ashraeIam,
  ashraeIamSeries,
  defaultIam,
  iamFunction,
  iamSeries,
  marionDiffuseIam,
  marionDiffuseIamSeries,
  physicalIam,
  physicalIamSeries,
  PHYSICAL_IAM_DEFAULTS,
  sandiaIam,
  sandiaIamSeries,
  tabularIam,
  tabularIamSeries,
  type IamModel,
} from '../src/index.ts';
import { close, loadGolden } from './golden.ts';

// IAM is dimensionless: rtol 1e-6 (reference README), plus atol 1e-12 for the values that are
// round-off zeros in the reference (physical IAM at exactly 90° is 3.5e-16 there, 0 here).
const TOL = { rtol: 1e-6, atol: 1e-12 };

function checkGolden<I extends { aoi: number }>(
  file: string,
  scalar: (i: I) => number,
  series: (aoi: Float64Array, i: I) => number,
): void {
  const g = loadGolden<I, { iam: number | null }>(file);
  expect(g.cases.length).toBe(g.n_cases);
  let worst = 0;
  for (const c of g.cases) {
    const got = scalar(c.inputs);
    const viaSeries = series(Float64Array.of(c.inputs.aoi), c.inputs);
    if (!close(got, c.outputs.iam, TOL))
      throw new Error(`${file} ${JSON.stringify(c.inputs)}: ${got} ≠ ${c.outputs.iam}`);
    expect(viaSeries).toBe(got);
    if (c.outputs.iam !== null && Math.abs(c.outputs.iam) > 1e-9)
      worst = Math.max(worst, Math.abs(got / c.outputs.iam - 1));
  }
  console.log(
    `${file}: ${g.cases.length} cases, worst relative error ${worst.toExponential(2)} (values > 1e-9)`,
  );
}

describe('golden iam_ashrae.json (rtol 1e-6)', () => {
  it('passes every case', () => {
    checkGolden<{ aoi: number; b: number }>(
      'iam_ashrae',
      (i) => ashraeIam({ aoi: i.aoi }, { b0: i.b }),
      (aoi, i) => ashraeIamSeries({ aoi }, { b0: i.b }, new Float64Array(1))[0]!,
    );
  });
});

type SapmIn = { aoi: number; B0: number; B1: number; B2: number; B3: number; B4: number; B5: number };
const sapmParams = (i: SapmIn) => ({ b0: i.B0, b1: i.B1, b2: i.B2, b3: i.B3, b4: i.B4, b5: i.B5 });

describe('golden iam_sapm.json (rtol 1e-6)', () => {
  it('passes every case', () => {
    checkGolden<SapmIn>(
      'iam_sapm',
      (i) => sandiaIam({ aoi: i.aoi }, sapmParams(i)),
      (aoi, i) => sandiaIamSeries({ aoi }, sapmParams(i), new Float64Array(1))[0]!,
    );
  });
});

type PhysIn = { aoi: number; n: number; K: number; L: number };
const physParams = (i: PhysIn) => ({
  refractiveIndex: i.n,
  extinctionCoefficient: i.K,
  glazingThickness: i.L,
});

describe('golden iam_physical.json (uncoated glass, rtol 1e-6)', () => {
  it('passes every case', () => {
    checkGolden<PhysIn>(
      'iam_physical',
      (i) => physicalIam({ aoi: i.aoi }, physParams(i)),
      (aoi, i) => physicalIamSeries({ aoi }, physParams(i), new Float64Array(1))[0]!,
    );
  });
});

describe('physical IAM with anti-reflective coating (invariants)', () => {
  const coated = PHYSICAL_IAM_DEFAULTS;
  const bare = { ...PHYSICAL_IAM_DEFAULTS, arcRefractiveIndex: undefined };
  it('is 1 at normal incidence, 0 from 90°, symmetric, and decreasing', () => {
    expect(physicalIam({ aoi: 0 }, coated)).toBeCloseTo(1, 14);
    expect(physicalIam({ aoi: 90 }, coated)).toBe(0);
    expect(physicalIam({ aoi: -40 }, coated)).toBe(physicalIam({ aoi: 40 }, coated));
    for (let t = 1; t < 90; t++)
      expect(physicalIam({ aoi: t }, coated)).toBeLessThan(physicalIam({ aoi: t - 1 }, coated));
  });
  it('loses less at oblique incidence than uncoated glass', () => {
    for (let t = 10; t < 89; t += 5)
      expect(physicalIam({ aoi: t }, coated)).toBeGreaterThan(physicalIam({ aoi: t }, bare));
  });
  it('equals uncoated glass when the coating has the index of air or of the glass', () => {
    for (const t of [20, 60, 85]) {
      expect(physicalIam({ aoi: t }, { ...bare, arcRefractiveIndex: 1 })).toBeCloseTo(
        physicalIam({ aoi: t }, bare),
        14,
      );
      expect(physicalIam({ aoi: t }, { ...bare, arcRefractiveIndex: 1.526 })).toBeCloseTo(
        physicalIam({ aoi: t }, bare),
        14,
      );
    }
  });
  it('matches a hand calculation at 60° (n_a 1.29, n 1.526, K·L 0.008)', () => {
    // Snell: sin θa = sin60/1.29, sin θg = sin60/1.526; Fresnel per interface and polarisation.
    const s = Math.sin(Math.PI / 3);
    const c1 = 0.5;
    const ca = Math.sqrt(1 - (s / 1.29) ** 2);
    const cg = Math.sqrt(1 - (s / 1.526) ** 2);
    const t = (r: number) => 1 - r * r;
    const rs1 = (c1 - 1.29 * ca) / (c1 + 1.29 * ca);
    const rp1 = (ca - 1.29 * c1) / (ca + 1.29 * c1);
    const rs2 = (1.29 * ca - 1.526 * cg) / (1.29 * ca + 1.526 * cg);
    const rp2 = (1.29 * cg - 1.526 * ca) / (1.29 * cg + 1.526 * ca);
    const tau = 0.5 * (t(rs1) * t(rs2) + t(rp1) * t(rp2)) * Math.exp(-0.008 / cg);
    const tau0 = (1 - (0.29 / 2.29) ** 2) * (1 - (0.236 / 2.816) ** 2) * Math.exp(-0.008);
    expect(physicalIam({ aoi: 60 }, coated)).toBeCloseTo(tau / tau0, 12);
  });
});

describe('tabular IAM (natural cubic spline, capped at 1)', () => {
  const table = { angles: [0, 30, 50, 60, 70, 80, 90], factors: [1, 0.998, 0.987, 0.963, 0.91, 0.77, 0] };
  it('passes through its points and is 0 from 90°', () => {
    table.angles.forEach((a, i) => expect(tabularIam({ aoi: a }, table)).toBeCloseTo(table.factors[i]!, 14));
    expect(tabularIam({ aoi: 95 }, table)).toBe(0);
  });
  it('never exceeds 1 or goes below 0, holds end values, is symmetric', () => {
    const bumpy = { angles: [10, 20, 40, 80], factors: [1, 1, 0.99, 0.5] };
    for (let t = 0; t < 90; t += 0.5) {
      const v = tabularIam({ aoi: t }, bumpy);
      expect(v).toBeLessThanOrEqual(1);
      expect(v).toBeGreaterThanOrEqual(0);
    }
    expect(tabularIam({ aoi: 5 }, bumpy)).toBe(1);
    expect(tabularIam({ aoi: 85 }, bumpy)).toBe(0.5);
    expect(tabularIam({ aoi: -45 }, table)).toBe(tabularIam({ aoi: 45 }, table));
  });
  it('reproduces a cubic exactly between interior knots when the data are linear', () => {
    const linear = { angles: [0, 20, 40, 60], factors: [1, 0.9, 0.8, 0.7] };
    expect(tabularIam({ aoi: 33 }, linear)).toBeCloseTo(1 - 0.005 * 33, 14);
  });
  it('series equals scalar', () => {
    const aoi = Float64Array.from({ length: 181 }, (_, i) => i * 0.5);
    const out = tabularIamSeries({ aoi }, table, new Float64Array(aoi.length));
    aoi.forEach((a, i) => expect(out[i]).toBe(tabularIam({ aoi: a }, table)));
  });
});

describe('model union', () => {
  const models: IamModel[] = [
    { model: 'ashrae', b0: 0.05 },
    { model: 'sandia', b0: 1, b1: -0.002438, b2: 0.0003103, b3: -1.246e-5, b4: 2.11e-7, b5: -1.36e-9 },
    { model: 'physical', ...PHYSICAL_IAM_DEFAULTS },
    { model: 'tabular', angles: [0, 45, 90], factors: [1, 0.95, 0] },
    { model: 'none' },
  ];
  it('iamSeries and iamFunction agree with each other for every model', () => {
    const aoi = Float64Array.from({ length: 200 }, (_, i) => -10 + i * 0.55);
    for (const m of models) {
      const out = iamSeries(m, { aoi }, new Float64Array(aoi.length));
      const f = iamFunction(m);
      aoi.forEach((a, i) => expect(out[i]).toBe(f(a)));
    }
    expect(iamFunction({ model: 'none' })(89.9)).toBe(1);
    expect(iamFunction({ model: 'none' })(90)).toBe(0);
  });
});

describe('Marion (2017) diffuse IAM', () => {
  const phys: IamModel = {
    model: 'physical',
    refractiveIndex: 1.526,
    extinctionCoefficient: 4,
    glazingThickness: 0.002,
  };
  it('is exactly 1 for no modifier and 0 for a region the plane cannot see', () => {
    const r = marionDiffuseIam({ surfaceTilt: 35 }, { iam: { model: 'none' } });
    expect(r.sky).toBeCloseTo(1, 12);
    expect(r.ground).toBeCloseTo(1, 12);
    expect(r.horizon).toBeCloseTo(1, 12);
    expect(marionDiffuseIam({ surfaceTilt: 0 }, { iam: phys }).ground).toBe(0);
    expect(marionDiffuseIam({ surfaceTilt: 180 }, { iam: phys }).sky).toBe(0);
  });
  it('agrees with the published pvlib examples of Marion’s method (sky, horizon 2e-6; ground 2e-4)', () => {
    // pvlib.iam.marion_diffuse docstring examples. pvlib sums 180 zenith steps; our azimuth integral is
    // exact and our θ grid 20× finer, so the ground factor differs by its coarser discretisation.
    const a = marionDiffuseIam({ surfaceTilt: 20 }, { iam: phys });
    expect(Math.abs(a.sky - 0.9539178294437575)).toBeLessThan(2e-6);
    expect(Math.abs(a.horizon - 0.7652650139134007)).toBeLessThan(2e-6);
    expect(Math.abs(a.ground - 0.6387140117795903)).toBeLessThan(2e-4);
    const ash = { model: 'ashrae', b0: 0.04 } as const;
    const expected = [
      [20, 0.96748999, 0.86478428, 0.77004435],
      [30, 0.96938408, 0.91825792, 0.8522436],
    ] as const;
    for (const [tilt, sky, horizon, ground] of expected) {
      const r = marionDiffuseIam({ surfaceTilt: tilt }, { iam: ash });
      expect(Math.abs(r.sky - sky)).toBeLessThan(2e-6);
      expect(Math.abs(r.horizon - horizon)).toBeLessThan(2e-6);
      expect(Math.abs(r.ground - ground)).toBeLessThan(2e-4);
    }
  });
  it('agrees with the closed form for a plane facing up with an ASHRAE-like integrable modifier', () => {
    // IAM(θ) = cos θ on the whole sky of a horizontal plane: ∫cos²θ sinθ / ∫cosθ sinθ = 2/3.
    const r = marionDiffuseIam({ surfaceTilt: 0 }, { iam: (t: number) => Math.cos((t * Math.PI) / 180) });
    expect(r.sky).toBeCloseTo(2 / 3, 6);
    // Vertical plane: sky and ground are mirror images.
    const v = marionDiffuseIam({ surfaceTilt: 90 }, { iam: phys });
    expect(v.sky).toBeCloseTo(v.ground, 9);
  });
  it('series interpolation in tilt: error in F·view factor < 2e-5 at any tilt', () => {
    const tilt = Float64Array.from({ length: 1800 }, (_, i) => i * 0.1 + 0.037);
    const out = {
      sky: new Float64Array(1800),
      ground: new Float64Array(1800),
      horizon: new Float64Array(1800),
    };
    const sandia = {
      model: 'sandia',
      b0: 1,
      b1: -0.002438,
      b2: 0.0003103,
      b3: -1.246e-5,
      b4: 2.11e-7,
      b5: -1.36e-9,
    };
    for (const m of [phys, { model: 'ashrae', b0: 0.05 }, sandia] as IamModel[]) {
      marionDiffuseIamSeries({ surfaceTilt: tilt }, { iam: m }, out);
      let worst = 0;
      tilt.forEach((t, i) => {
        const e = marionDiffuseIam({ surfaceTilt: t }, { iam: m });
        const c = Math.cos((t * Math.PI) / 180);
        worst = Math.max(
          worst,
          (Math.abs(out.sky[i]! - e.sky) * (1 + c)) / 2,
          (Math.abs(out.ground[i]! - e.ground) * (1 - c)) / 2,
        );
        if (t > 10 && t < 170)
          expect(Math.abs(out.sky[i]! - e.sky) + Math.abs(out.ground[i]! - e.ground)).toBeLessThan(1e-3);
      });
      expect(worst).toBeLessThan(2e-5);
    }
  });
});

describe('default IAM from the ASHRAE coefficient', () => {
  it('tabulates ASHRAE every 5° and fits a Sandia polynomial (documented bounds)', () => {
    const d = defaultIam({ ashraeB0: 0.05 });
    expect(d.tabular.angles).toHaveLength(19);
    d.tabular.angles.forEach((a, i) =>
      expect(d.tabular.factors[i]).toBe(ashraeIam({ aoi: a }, { b0: 0.05 })),
    );
    expect(d.sandia.b0).toBe(1);
    let prev = 2;
    for (let t = 0; t <= 90; t++) {
      const s = sandiaIam({ aoi: t }, d.sandia);
      const a = ashraeIam({ aoi: t }, { b0: 0.05 });
      if (t <= 60) expect(Math.abs(s - a)).toBeLessThan(0.007);
      if (t <= 80) expect(Math.abs(s - a)).toBeLessThan(0.016);
      expect(s).toBeLessThan(1.002);
      if (t > 30) expect(s).toBeLessThan(prev);
      prev = s;
    }
    const sky = marionDiffuseIam({ surfaceTilt: 0 }, { iam: { model: 'sandia', ...d.sandia } }).sky;
    const skyAshrae = marionDiffuseIam({ surfaceTilt: 0 }, { iam: { model: 'ashrae', b0: 0.05 } }).sky;
    expect(sky / skyAshrae - 1).toBeGreaterThan(0);
    expect(sky / skyAshrae - 1).toBeLessThan(0.003);
  });
});
