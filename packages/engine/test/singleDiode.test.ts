import { describe, expect, it } from 'vitest';
import { currentKernel } from '../src/module/diodeKernels.ts';
import {
  calcparamsPvsyst,
  ivCurve,
  lambertW0,
  lambertW0Exp,
  pvsystReference,
  singleDiode,
  singleDiodeCurrent,
  singleDiodeVoltage,
  type SingleDiodeParams,
} from '../src/index.ts';
import { close } from './golden.ts';

/** Exact maximum of P(Vd) by golden-section search on the explicit diode-voltage form (reference). */
function bruteMpp(p: SingleDiodeParams): { pmp: number; vmp: number } {
  const { photocurrent: iph, saturationCurrent: i0, resistanceSeries: rs, nNsVth: a } = p;
  const gsh = 1 / p.resistanceShunt;
  const d = p.d2MuTau ?? 0;
  const vbi = p.builtInVoltageModule ?? Infinity;
  const current = (vd: number) =>
    iph - i0 * Math.expm1(vd / a) - vd * gsh - (d > 0 ? (iph * d) / (vbi - vd) : 0);
  const power = (vd: number) => (vd - rs * current(vd)) * current(vd);
  let lo = 0;
  let hi = Math.min(a * Math.log1p(iph / i0), d > 0 ? vbi * (1 - 1e-12) : Infinity);
  const r = (Math.sqrt(5) - 1) / 2;
  for (let k = 0; k < 200 && hi - lo > 1e-13 * hi; k++) {
    const x1 = hi - r * (hi - lo);
    const x2 = lo + r * (hi - lo);
    if (power(x1) > power(x2)) hi = x2;
    else lo = x1;
  }
  const vd = 0.5 * (lo + hi);
  return { pmp: power(vd), vmp: vd - rs * current(vd) };
}

// Thin-film module with recombination: the OA example First Solar FS-7505A-TR1 (spec 4).
const cdteBase = {
  rS: 3.885,
  rShRef: 11500,
  gammaRef: 1.452,
  cellsInSeries: 268,
  d2MuTau: 2.15,
  builtInVoltage: 0.9,
};
const cdte = {
  ...cdteBase,
  ...pvsystReference({ ...cdteBase, isc: 3.013, i0: 4.91147e-10 }),
  pvModel: 0 as const,
  rSh0: 12000,
  rShExp: 5.5,
  alphaSc: 0.0012,
  egRef: 1.5,
};

describe('Lambert W', () => {
  it('solves w·e^w = x on the principal branch to full precision', () => {
    const xs = [
      -1 / Math.E,
      -0.3678,
      -0.35,
      -0.3,
      -0.1,
      -1e-8,
      1e-300,
      1e-12,
      0.1,
      1,
      2.99,
      3,
      10,
      1e3,
      1e5,
      1e20,
      1e300,
    ];
    for (const x of xs) {
      const w = lambertW0(x);
      expect(w).toBeGreaterThanOrEqual(-1);
      const back = w * Math.exp(w);
      expect(close(back, x, { rtol: 1e-13, atol: 1e-15 })).toBe(true);
    }
    expect(lambertW0(0)).toBe(0);
    expect(lambertW0(Math.E)).toBeCloseTo(1, 15);
    expect(lambertW0(-0.5)).toBeNaN();
  });

  it('W(e^L) from L matches and reaches arguments beyond double range', () => {
    for (const l of [-30, -1, 0, 1, 2, 2.5, 10, 50, 700])
      expect(lambertW0Exp(l)).toBeCloseTo(lambertW0(Math.exp(l)), 12);
    for (const l of [800, 5000, 1e6]) {
      const w = lambertW0Exp(l);
      expect(close(w + Math.log(w), l, { rtol: 1e-15 })).toBe(true);
    }
  });
});

describe('single-diode equation', () => {
  const plain: SingleDiodeParams = {
    photocurrent: 10.3337,
    saturationCurrent: 1.89e-11,
    resistanceSeries: 0.223553,
    resistanceShunt: 617.894,
    nNsVth: 1.79878,
  };
  const withRec = calcparamsPvsyst({ effectiveIrradiance: 1000, tempCell: 25 }, cdte);

  it('current and voltage are inverse functions (Lambert W and Newton forms)', () => {
    for (const p of [
      plain,
      withRec,
      { ...plain, resistanceShunt: Infinity },
      { ...plain, resistanceSeries: 0 },
    ]) {
      const voc = singleDiode(p).voc;
      for (const f of [0, 0.2, 0.5, 0.8, 0.95, 0.999]) {
        const v = f * voc;
        const i = singleDiodeCurrent({ voltage: v }, p);
        const back = singleDiodeVoltage({ current: i }, p);
        // V(I) is ill-conditioned near short circuit (dI/dV → 0), so compare there through the current.
        expect(close(singleDiodeCurrent({ voltage: back }, p), i, { atol: 1e-11 })).toBe(true);
        if (f >= 0.5) expect(close(back, v, { rtol: 1e-10 })).toBe(true);
      }
    }
  });

  it('the Lambert W current equals the Newton current of the diode-voltage form', () => {
    const p = plain;
    for (const v of [-5, 0, 10, 30, 40.8, 45, 48.6, 50]) {
      const lw = singleDiodeCurrent({ voltage: v }, p);
      const nt = currentKernel(
        p.photocurrent,
        p.saturationCurrent,
        p.resistanceSeries,
        1 / p.resistanceShunt,
        p.nNsVth,
        0,
        Infinity,
        v,
      );
      expect(close(nt, lw, { rtol: 1e-10, atol: 1e-10 })).toBe(true);
    }
  });

  it('key points satisfy their definitions', () => {
    for (const p of [plain, withRec]) {
      const r = singleDiode(p);
      expect(Math.abs(singleDiodeCurrent({ voltage: r.voc }, p))).toBeLessThan(1e-9);
      expect(close(singleDiodeCurrent({ voltage: 0 }, p), r.isc, { rtol: 1e-12 })).toBe(true);
      expect(close(singleDiodeCurrent({ voltage: r.vmp }, p), r.imp, { rtol: 1e-8 })).toBe(true);
      expect(r.pmp).toBeCloseTo(r.vmp * r.imp, 9);
      expect(r.vmp).toBeLessThan(r.voc);
      expect(r.imp).toBeLessThan(r.isc);
    }
  });

  it('finds the exact maximum power point over irradiance and temperature, with recombination', () => {
    let worstP = 0;
    let worstV = 0;
    for (const g of [1, 3, 10, 50, 100, 200, 400, 700, 1000, 1200, 1500]) {
      for (const t of [-25, 0, 25, 50, 80]) {
        for (const p of [
          calcparamsPvsyst({ effectiveIrradiance: g, tempCell: t }, cdte),
          calcparamsPvsyst({ effectiveIrradiance: g, tempCell: t }, { ...cdte, pvModel: 1 }),
        ]) {
          const r = singleDiode(p);
          const b = bruteMpp(p);
          worstP = Math.max(worstP, Math.abs(r.pmp / b.pmp - 1));
          worstV = Math.max(worstV, Math.abs(r.vmp / b.vmp - 1));
        }
      }
    }
    console.log(
      `MPP vs golden-section: worst relative Pmp ${worstP.toExponential(2)}, Vmp ${worstV.toExponential(2)}`,
    );
    expect(worstP).toBeLessThan(1e-9);
    expect(worstV).toBeLessThan(1e-6);
  });

  it('stays robust at extreme parameters', () => {
    const cases: SingleDiodeParams[] = [
      { ...plain, resistanceShunt: 5 }, // badly shunted
      { ...plain, resistanceSeries: 3 }, // high series resistance
      { ...plain, resistanceSeries: 0, resistanceShunt: Infinity }, // ideal diode
      { ...plain, photocurrent: 1e-6 }, // almost dark
      { ...plain, saturationCurrent: 1e-3, nNsVth: 3 }, // poor diode
      { ...withRec, d2MuTau: 20 }, // strong recombination
    ];
    for (const p of cases) {
      const r = singleDiode(p);
      const b = bruteMpp(p);
      for (const v of Object.values(r)) expect(Number.isFinite(v)).toBe(true);
      expect(close(r.pmp, b.pmp, { rtol: 1e-9 })).toBe(true);
    }
    expect(singleDiode({ ...plain, photocurrent: 0 })).toEqual({ pmp: 0, vmp: 0, imp: 0, voc: 0, isc: 0 });
  });

  it('IV curve runs from (0, Isc) to (Voc, 0) and peaks at the MPP', () => {
    for (const p of [plain, withRec]) {
      const r = singleDiode(p);
      const c = ivCurve({ points: 201 }, p);
      expect(c.voltage.length).toBe(201);
      expect(c.voltage[0]).toBe(0);
      expect(close(c.current[0]!, r.isc, { rtol: 1e-12 })).toBe(true);
      expect(close(c.voltage[200]!, r.voc, { rtol: 1e-12 })).toBe(true);
      expect(c.current[200]).toBe(0);
      let best = 0;
      for (let k = 0; k < 201; k++) {
        best = Math.max(best, c.voltage[k]! * c.current[k]!);
        if (k > 0) expect(c.current[k]!).toBeLessThan(c.current[k - 1]!);
      }
      expect(best).toBeLessThanOrEqual(r.pmp * (1 + 1e-12));
      expect(best).toBeGreaterThan(r.pmp * 0.995);
    }
  });
});
