import { describe, expect, it } from 'vitest';
import { groundShading, groundShadingSeries } from '../../src/shading/groundShading.ts';
import {
  schaarPanchula,
  schaarPanchulaSeries,
  schaarPanchulaTable,
} from '../../src/shading/schaarPanchula.ts';

const D = Math.PI / 180;
const flat30 = { gcr: 0.5, crossAxisTilt: 0, viewHeight: 0.5 };

describe('schaarPanchula (sky-diffuse shading; 1e-9 on hand cases, 1e-4 table vs direct)', () => {
  it('fixed tilt 30°, GCR 0.5, g 0.5, no IAM: hand-computed view factors', () => {
    // P = 0.5·(−cos 30°, sin 30°); the top of the row in front T1 = (2 − cos 30°, sin 30°)
    const e = Math.atan2(
      Math.sin(30 * D) - 0.5 * Math.sin(30 * D),
      2 - Math.cos(30 * D) + 0.5 * Math.cos(30 * D),
    );
    // front sky hidden between the horizontal (ψ = 60°) and the row top (ψ = 60° − e)
    const open = 0.5 * (1 + Math.cos(30 * D));
    const hidden = 0.5 * (Math.sin(60 * D) - Math.sin(60 * D - e));
    const want = (open - hidden) / open;
    expect(want).toBeCloseTo(0.95195, 4);
    expect(schaarPanchula({ trackerTheta: 30 }, { ...flat30, iamB0: 0 })).toBeCloseTo(want, 9);
    expect(schaarPanchula({ trackerTheta: -30 }, { ...flat30, iamB0: 0 })).toBeCloseTo(want, 9);
  });

  it('IAM weighting equals numerical quadrature of ½·cos ψ·IAM(ψ)', () => {
    const b0 = 0.05;
    const iam = (psi: number) => Math.max(0, 1 - b0 * (1 / Math.cos(psi) - 1));
    const quad = (a: number, b: number) => {
      let s = 0;
      const n = 200000;
      for (let j = 0; j < n; j++) {
        const psi = a + ((j + 0.5) * (b - a)) / n;
        s += 0.5 * Math.cos(psi) * iam(psi);
      }
      return (s * (b - a)) / n;
    };
    const e = Math.atan2(0.25, 2 - Math.cos(30 * D) + 0.5 * Math.cos(30 * D));
    const want = quad(-90 * D, 60 * D - e) / quad(-90 * D, 60 * D);
    expect(schaarPanchula({ trackerTheta: 30 }, { ...flat30, iamB0: b0 })).toBeCloseTo(want, 6);
  });

  it('invariants: in [0, 1], 1 for flat rows on flat ground, → 1 for far rows, decreasing in GCR', () => {
    expect(schaarPanchula({ trackerTheta: 0 }, { ...flat30, iamB0: 0.05 })).toBe(1);
    expect(
      schaarPanchula({ trackerTheta: 35 }, { gcr: 0.01, crossAxisTilt: 0, viewHeight: 0.5, iamB0: 0.05 }),
    ).toBeGreaterThan(0.999);
    for (const theta of [-60, -20, 10, 45, 80]) {
      let prev = 2;
      for (let gcr = 0.1; gcr <= 0.95; gcr += 0.05) {
        const u = schaarPanchula(
          { trackerTheta: theta },
          { gcr, crossAxisTilt: 3, viewHeight: 0.5, iamB0: 0.05 },
        );
        expect(u).toBeGreaterThanOrEqual(0);
        expect(u).toBeLessThanOrEqual(1);
        expect(u).toBeLessThanOrEqual(prev + 1e-12);
        prev = u;
      }
    }
  });

  it('the tabulated series form is within 1e-4 of the direct value', () => {
    const p = { gcr: 0.45, crossAxisTilt: 4, viewHeight: 0.5, iamB0: 0.05 };
    const table = schaarPanchulaTable(p);
    const th = Float64Array.from({ length: 1000 }, (_, i) => -89.9 + (179.8 * i) / 999);
    const out = new Float64Array(th.length);
    schaarPanchulaSeries({ trackerTheta: th }, table, out);
    let worst = 0;
    th.forEach(
      (t, i) => (worst = Math.max(worst, Math.abs(out[i]! - schaarPanchula({ trackerTheta: t }, p)))),
    );
    expect(worst).toBeLessThan(1e-4);
  });
});

describe('groundShading (U_shd,Gb and U_shd,Gd; 1e-9 on hand cases)', () => {
  // fixed tilt 30°, GCR 0.5 (p = 2), flat; P = (−0.4330, 0.25)
  const px = -0.5 * Math.cos(30 * D);
  const pz = 0.5 * Math.sin(30 * D);
  const sinPsi = (x: number, z: number) => (x * Math.cos(30 * D) - z * Math.sin(30 * D)) / Math.hypot(x, z);
  const open = 0.5 * (1 - Math.cos(30 * D));

  it('diffuse part: strip view × crossed-strings sky view factor of the strip', () => {
    const strip = 0.5 * (1 - sinPsi(2 - px, -pz));
    const svf = (Math.hypot(2 - Math.cos(30 * D), 0.5) + Math.hypot(2 + Math.cos(30 * D), 0.5) - 2) / (2 * 2);
    expect(svf).toBeCloseTo(0.53716, 4);
    const u = groundShading({ trackerTheta: 30, projectedZenith: 30 }, flat30);
    expect(u.diffuse).toBeCloseTo((strip / open) * svf, 9);
  });

  it('beam part: lit ground strip seen from P', () => {
    // sun elevation 60° in front: the row's shadow runs 1/cos 30° = 1.1547 back from its foot; lit [0, 0.8453]
    const q = 2 - 1 / Math.cos(30 * D);
    const lit = 0.5 * (1 - sinPsi(q - px, -pz));
    expect(groundShading({ trackerTheta: 30, projectedZenith: 30 }, flat30).beam).toBeCloseTo(lit / open, 9);
    // sun elevation 20°: shadows longer than the spacing, no lit ground
    expect(groundShading({ trackerTheta: 30, projectedZenith: 70 }, flat30).beam).toBe(0);
    // sun on the other side but still in front of the module (projected zenith −40°, cos 70° > 0): the
    // shadows fall back under each row, |Δ| = cos 70°/cos 40°; lit [0, 2 − |Δ|]
    const q2 = 2 - Math.cos(70 * D) / Math.cos(40 * D);
    const lit2 = 0.5 * (1 - sinPsi(q2 - px, -pz));
    expect(groundShading({ trackerTheta: 30, projectedZenith: -40 }, flat30).beam).toBeCloseTo(
      lit2 / open,
      9,
    );
    // sun behind the module (projected zenith −70°, cos 100° < 0): the row's own shadow covers [0, Δ] in
    // front of its foot, Δ = cos 80°/cos 70°; lit [Δ, 2]
    const shift = Math.cos(80 * D) / Math.cos(70 * D);
    const litB = 0.5 * (sinPsi(shift - px, -pz) - sinPsi(2 - px, -pz));
    expect(groundShading({ trackerTheta: 30, projectedZenith: -70 }, flat30).beam).toBeCloseTo(
      litB / open,
      9,
    );
  });

  it('invariants: in [0, 1], → 1 as the rows part, symmetric in θ, series equals scalar', () => {
    const far = groundShading(
      { trackerTheta: 30, projectedZenith: 10 },
      { gcr: 0.002, crossAxisTilt: 0, viewHeight: 0.5 },
    );
    expect(far.beam).toBeGreaterThan(0.99);
    expect(far.diffuse).toBeGreaterThan(0.99);
    const a = groundShading({ trackerTheta: 40, projectedZenith: 20 }, { ...flat30, crossAxisTilt: 3 });
    const b = groundShading({ trackerTheta: -40, projectedZenith: -20 }, { ...flat30, crossAxisTilt: -3 });
    expect(a.beam).toBeCloseTo(b.beam, 12);
    expect(a.diffuse).toBeCloseTo(b.diffuse, 12);
    const th = Float64Array.from({ length: 400 }, (_, i) => -85 + (i * 170) / 399);
    const tt = Float64Array.from(th, (t, i) => t + ((i % 9) - 4) * 7);
    const out = { beam: new Float64Array(400), diffuse: new Float64Array(400) };
    groundShadingSeries(
      { trackerTheta: th, projectedZenith: tt },
      { gcr: 0.4, crossAxisTilt: 2, viewHeight: 0.5 },
      out,
    );
    th.forEach((t, i) => {
      const s = groundShading(
        { trackerTheta: t, projectedZenith: tt[i]! },
        { gcr: 0.4, crossAxisTilt: 2, viewHeight: 0.5 },
      );
      expect(out.beam[i]).toBe(s.beam);
      expect(out.diffuse[i]).toBe(s.diffuse);
      for (const v of [s.beam, s.diffuse]) {
        expect(v).toBeGreaterThanOrEqual(0);
        expect(v).toBeLessThanOrEqual(1 + 1e-12);
      }
    });
  });
});
