import { describe, expect, it } from 'vitest';
import {
  calcparamsCec,
  calcparamsDesoto,
  moduleMpp,
  moduleMppSeries,
  pvwattsDc,
  pvwattsDcSeries,
  type ModuleModel,
} from '../src/index.ts';
import { close, loadGolden } from './golden.ts';

// Single-diode key points: rtol 1e-5 (reference README). The five translated parameters are checked
// at rtol 1e-9 (same equations and the exact SI value of k/q as the reference's scipy constant).
const POINT_TOL = { rtol: 1e-5 };
const PARAM_TOL = { rtol: 1e-9 };
const POINTS = ['p_mp', 'v_mp', 'i_mp', 'v_oc', 'i_sc'] as const;

interface CecCase {
  module: string;
  effective_irradiance: number;
  temp_cell: number;
  alpha_sc: number;
  a_ref: number;
  I_L_ref: number;
  I_o_ref: number;
  R_sh_ref: number;
  R_s: number;
  Adjust: number;
}
type CecOut = Record<(typeof POINTS)[number], number> & {
  photocurrent: number;
  saturation_current: number;
  resistance_series: number;
  resistance_shunt: number;
  nNsVth: number;
};

function model(kind: 'cec' | 'desoto', i: CecCase): ModuleModel {
  const p = {
    alphaSc: i.alpha_sc,
    aRef: i.a_ref,
    iLRef: i.I_L_ref,
    iORef: i.I_o_ref,
    rShRef: i.R_sh_ref,
    rS: i.R_s,
  };
  return kind === 'cec' ? { model: 'cec', ...p, adjust: i.Adjust } : { model: 'desoto', ...p };
}

const pick = (r: { pmp: number; vmp: number; imp: number; voc: number; isc: number }) => ({
  p_mp: r.pmp,
  v_mp: r.vmp,
  i_mp: r.imp,
  v_oc: r.voc,
  i_sc: r.isc,
});

function checkSingleDiodeGolden(kind: 'cec' | 'desoto'): void {
  const file = `calcparams_${kind}_singlediode`;
  const g = loadGolden<CecCase, CecOut>(file);
  expect(g.cases.length).toBe(g.n_cases);
  const worst: Record<string, number> = {};
  for (const c of g.cases) {
    const i = c.inputs;
    const x = { effectiveIrradiance: i.effective_irradiance, tempCell: i.temp_cell };
    const m = model(kind, i);
    const p = kind === 'cec' ? calcparamsCec(x, m as never) : calcparamsDesoto(x, m as never);
    const params: [number, number][] = [
      [p.photocurrent, c.outputs.photocurrent],
      [p.saturationCurrent, c.outputs.saturation_current],
      [p.resistanceSeries, c.outputs.resistance_series],
      [p.resistanceShunt, c.outputs.resistance_shunt],
      [p.nNsVth, c.outputs.nNsVth],
    ];
    for (const [got, want] of params)
      if (!close(got, want, PARAM_TOL))
        throw new Error(`${file} params ${JSON.stringify(i)}: ${got} ≠ ${want}`);
    const r = pick(moduleMpp(x, m));
    for (const q of POINTS) {
      const want = c.outputs[q];
      if (!close(r[q], want, POINT_TOL))
        throw new Error(`${file} ${q} ${JSON.stringify(i)}: ${r[q]} ≠ ${want}`);
      worst[q] = Math.max(worst[q] ?? 0, Math.abs(r[q] / want - 1));
    }
  }
  // The series form, one series per module (cases of a module in file order), must agree too.
  const byModule = new Map<string, typeof g.cases>();
  for (const c of g.cases) byModule.set(c.inputs.module, [...(byModule.get(c.inputs.module) ?? []), c]);
  for (const cases of byModule.values()) {
    const n = cases.length;
    const x = {
      effectiveIrradiance: Float64Array.from(cases, (c) => c.inputs.effective_irradiance),
      tempCell: Float64Array.from(cases, (c) => c.inputs.temp_cell),
    };
    const out = {
      pmp: new Float64Array(n),
      vmp: new Float64Array(n),
      imp: new Float64Array(n),
      voc: new Float64Array(n),
      isc: new Float64Array(n),
    };
    moduleMppSeries(x, model(kind, cases[0]!.inputs), out);
    cases.forEach((c, k) => {
      const r = pick({
        pmp: out.pmp[k]!,
        vmp: out.vmp[k]!,
        imp: out.imp[k]!,
        voc: out.voc[k]!,
        isc: out.isc[k]!,
      });
      for (const q of POINTS)
        if (!close(r[q], c.outputs[q], POINT_TOL))
          throw new Error(`${file} series ${q} ${JSON.stringify(c.inputs)}: ${r[q]} ≠ ${c.outputs[q]}`);
    });
  }
  console.log(
    `${file}: ${g.cases.length} cases, worst relative error ` +
      POINTS.map((q) => `${q} ${worst[q]!.toExponential(2)}`).join(', '),
  );
}

describe('golden calcparams_cec_singlediode.json (points rtol 1e-5, parameters rtol 1e-9)', () => {
  it('passes every case, scalar and series', () => checkSingleDiodeGolden('cec'));
});

describe('golden calcparams_desoto_singlediode.json (points rtol 1e-5, parameters rtol 1e-9)', () => {
  it('passes every case, scalar and series', () => checkSingleDiodeGolden('desoto'));
});

describe('golden pvwatts_dc.json (rtol 1e-9, atol 1e-9 W)', () => {
  it('passes every case', () => {
    type I = {
      effective_irradiance: number;
      temp_cell: number;
      pdc0: number;
      gamma_pdc: number;
      temp_ref: number;
    };
    const g = loadGolden<I, { pdc: number }>('pvwatts_dc');
    expect(g.cases.length).toBe(g.n_cases);
    let worst = 0;
    for (const c of g.cases) {
      const i = c.inputs;
      const p = { pdc0: i.pdc0, gammaPdc: i.gamma_pdc, tempRef: i.temp_ref };
      const got = pvwattsDc({ effectiveIrradiance: i.effective_irradiance, tempCell: i.temp_cell }, p);
      if (!close(got, c.outputs.pdc, { rtol: 1e-9, atol: 1e-9 }))
        throw new Error(`pvwatts_dc ${JSON.stringify(i)}: ${got} ≠ ${c.outputs.pdc}`);
      const s = pvwattsDcSeries(
        {
          effectiveIrradiance: Float64Array.of(i.effective_irradiance),
          tempCell: Float64Array.of(i.temp_cell),
        },
        p,
        new Float64Array(1),
      );
      expect(s[0]).toBe(got);
      if (c.outputs.pdc !== 0) worst = Math.max(worst, Math.abs(got / c.outputs.pdc - 1));
    }
    console.log(`pvwatts_dc: ${g.cases.length} cases, worst relative error ${worst.toExponential(2)}`);
  });
});

describe('module model over a series', () => {
  const cec: ModuleModel = {
    model: 'cec',
    alphaSc: 0.0038221,
    aRef: 1.79878,
    iLRef: 10.3337,
    iORef: 1.89e-11,
    rShRef: 617.894,
    rS: 0.223553,
    adjust: 6.09187,
  };

  it('gives zeros, not NaN, at night and for missing irradiance', () => {
    const x = {
      effectiveIrradiance: Float64Array.of(0, -3, Number.NaN, 800, 0),
      tempCell: Float64Array.of(10, 10, 10, 45, 10),
    };
    const n = 5;
    const out = {
      pmp: new Float64Array(n).fill(7),
      vmp: new Float64Array(n).fill(7),
      imp: new Float64Array(n).fill(7),
      voc: new Float64Array(n).fill(7),
      isc: new Float64Array(n).fill(7),
    };
    moduleMppSeries(x, cec, out);
    for (const k of [0, 1, 2, 4]) for (const a of Object.values(out)) expect(a[k]).toBe(0);
    expect(out.pmp[3]).toBeGreaterThan(250);
    expect(moduleMpp({ effectiveIrradiance: 0, tempCell: 25 }, cec)).toEqual({
      pmp: 0,
      vmp: 0,
      imp: 0,
      voc: 0,
      isc: 0,
    });
  });

  it('agrees with the scalar form over a year-like sweep, whatever the previous step was', () => {
    const n = 2000;
    const s = new Float64Array(n);
    const t = new Float64Array(n);
    for (let k = 0; k < n; k++) {
      s[k] = k % 7 === 0 ? 0 : 1 + 1199 * Math.abs(Math.sin(k * 1.7));
      t[k] = -20 + 100 * Math.abs(Math.sin(k * 0.31));
    }
    const out = { pmp: new Float64Array(n), vmp: new Float64Array(n), imp: new Float64Array(n) };
    moduleMppSeries({ effectiveIrradiance: s, tempCell: t }, cec, out, { addedSeriesResistance: 0.05 });
    for (let k = 0; k < n; k++) {
      const r = moduleMpp({ effectiveIrradiance: s[k]!, tempCell: t[k]! }, cec, {
        addedSeriesResistance: 0.05,
      });
      expect(close(out.pmp[k]!, r.pmp, { rtol: 1e-8, atol: 1e-12 })).toBe(true);
      expect(close(out.vmp[k]!, r.vmp, { rtol: 1e-6, atol: 1e-12 })).toBe(true);
    }
  });

  it('at one cell temperature equals the form with a filled column, bit for bit (CEC and De Soto)', () => {
    const n = 500;
    const s = new Float64Array(n);
    for (let k = 0; k < n; k++) s[k] = k % 9 === 0 ? 0 : 1 + 1199 * Math.abs(Math.sin(k * 1.3));
    const f = () => ({ pmp: new Float64Array(n), vmp: new Float64Array(n), imp: new Float64Array(n) });
    const desoto: ModuleModel = { ...cec, model: 'desoto', tempRef: 20 };
    for (const m of [cec, desoto])
      for (const t of [25, -10, 71.5]) {
        const one = moduleMppSeries({ effectiveIrradiance: s, tempCell: t }, m, f(), {
          addedSeriesResistance: 0.05,
        });
        const column = moduleMppSeries(
          { effectiveIrradiance: s, tempCell: new Float64Array(n).fill(t) },
          m,
          f(),
          {
            addedSeriesResistance: 0.05,
          },
        );
        expect(one, `${m.model} ${t} °C`).toEqual(column);
      }
  });

  it('power rises with irradiance and falls with temperature', () => {
    const p = (g: number, t: number) => moduleMpp({ effectiveIrradiance: g, tempCell: t }, cec).pmp;
    expect(p(500, 25)).toBeLessThan(p(1000, 25));
    expect(p(1000, 60)).toBeLessThan(p(1000, 25));
    // Around −0.35 %/K for this module.
    const gamma = (p(1000, 35) / p(1000, 25) - 1) / 10;
    expect(gamma).toBeGreaterThan(-0.005);
    expect(gamma).toBeLessThan(-0.002);
  });
});

describe('module model with a missing cell temperature', () => {
  it('gives NaN for that step only', () => {
    const m: ModuleModel = {
      model: 'desoto',
      alphaSc: 0.0038221,
      aRef: 1.79878,
      iLRef: 10.3337,
      iORef: 1.89e-11,
      rShRef: 617.894,
      rS: 0.223553,
    };
    const out = { pmp: new Float64Array(3), vmp: new Float64Array(3), imp: new Float64Array(3) };
    moduleMppSeries(
      { effectiveIrradiance: Float64Array.of(900, 900, 900), tempCell: Float64Array.of(40, Number.NaN, 40) },
      m,
      out,
    );
    expect(out.pmp[1]).toBeNaN();
    expect(moduleMpp({ effectiveIrradiance: 900, tempCell: Number.NaN }, m).pmp).toBeNaN();
    expect(close(out.pmp[2]!, out.pmp[0]!, { rtol: 1e-9 })).toBe(true);
  });
});
