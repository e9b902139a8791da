import { describe, expect, it } from 'vitest';
import {
  cellFromModuleTemperature,
  cellFromModuleTemperatureSeries,
  cellTemperatureModelFromFields,
  cellTemperatureSeries,
  faiman,
  faimanSeries,
  heatBalanceCell,
  heatBalanceCellSeries,
  moduleFromCellTemperature,
  moduleFromCellTemperatureSeries,
  noctSam,
  noctSamSeries,
  noctStandoffAdjustment,
  sapmCell,
  sapmCellSeries,
  sapmModule,
  type CellTemperatureModel,
} from '../src/index.ts';
import { close, loadGolden } from './golden.ts';

// Temperatures: rtol 1e-6 (reference README, "temperature"), checked on every case, scalar and series.
const TOL = { rtol: 1e-6 };

interface Weather {
  poa_global: number;
  temp_air: number;
  wind_speed: number;
}

/** Checks every case of a golden file with the scalar function, the series form and the dispatcher. */
function checkGolden<I extends Weather>(
  file: string,
  scalar: (c: I) => number,
  series: (x: { poaGlobal: Float64Array; tempAir: Float64Array; windSpeed: Float64Array }, c: I) => number,
  model: (c: I) => CellTemperatureModel,
): void {
  const g = loadGolden<I, { temp_cell: number }>(file);
  expect(g.cases.length).toBe(g.n_cases);
  let worst = 0;
  for (const c of g.cases) {
    const i = c.inputs;
    const want = c.outputs.temp_cell;
    const x = {
      poaGlobal: Float64Array.of(i.poa_global),
      tempAir: Float64Array.of(i.temp_air),
      windSpeed: Float64Array.of(i.wind_speed),
    };
    const got = scalar(i);
    if (!close(got, want, TOL)) throw new Error(`${file} ${JSON.stringify(i)}: ${got} ≠ ${want}`);
    expect(series(x, i)).toBe(got);
    const out = new Float64Array(1);
    cellTemperatureSeries(x, model(i), out);
    expect(close(out[0]!, want, TOL)).toBe(true);
    worst = Math.max(worst, Math.abs(got - want) / Math.max(1e-12, Math.abs(want)));
  }
  console.log(`${file}: ${g.cases.length} cases, worst relative error ${worst.toExponential(2)}`);
}

describe('golden temperature_faiman.json (rtol 1e-6)', () => {
  it('passes every case', () => {
    type I = Weather & { u0: number; u1: number };
    checkGolden<I>(
      'temperature_faiman',
      (i) => faiman({ poaGlobal: i.poa_global, tempAir: i.temp_air, windSpeed: i.wind_speed }, i),
      (x, i) => faimanSeries(x, i, new Float64Array(1))[0]!,
      (i) => ({ model: 'faiman', u0: i.u0, u1: i.u1 }),
    );
  });
});

describe('golden temperature_pvsyst_cell.json (rtol 1e-6)', () => {
  it('passes every case', () => {
    type I = Weather & { u_c: number; u_v: number; module_efficiency: number; alpha_absorption: number };
    const p = (i: I) => ({
      uC: i.u_c,
      uV: i.u_v,
      alpha: i.alpha_absorption,
      efficiency: i.module_efficiency,
    });
    checkGolden<I>(
      'temperature_pvsyst_cell',
      (i) => heatBalanceCell({ poaGlobal: i.poa_global, tempAir: i.temp_air, windSpeed: i.wind_speed }, p(i)),
      (x, i) => heatBalanceCellSeries(x, p(i), new Float64Array(1))[0]!,
      (i) => ({ model: 'heatBalance', ...p(i) }),
    );
  });
});

describe('golden temperature_sapm_cell.json (rtol 1e-6)', () => {
  it('passes every case', () => {
    type I = Weather & { a: number; b: number; deltaT: number };
    checkGolden<I>(
      'temperature_sapm_cell',
      (i) => sapmCell({ poaGlobal: i.poa_global, tempAir: i.temp_air, windSpeed: i.wind_speed }, i),
      (x, i) => sapmCellSeries(x, i, new Float64Array(1))[0]!,
      (i) => ({ model: 'sapm', a: i.a, b: i.b, deltaT: i.deltaT }),
    );
  });
});

describe('cell temperature invariants', () => {
  const night = { poaGlobal: 0, tempAir: 12.5, windSpeed: 3 };
  it('gives the air temperature at night', () => {
    expect(heatBalanceCell(night, { uC: 29, uV: 0, alpha: 0.9, efficiency: 0.2 })).toBe(12.5);
    expect(faiman(night, { u0: 25, u1: 6.84 })).toBe(12.5);
    expect(sapmCell(night, { a: -3.47, b: -0.0594, deltaT: 3 })).toBe(12.5);
    expect(noctSam(night, { noct: 45, transmittanceAbsorptance: 0.9, efficiency: 0.2 })).toBe(12.5);
  });

  it('heat balance with 29/0: wind has no effect; a higher efficiency runs cooler', () => {
    const p = { uC: 29, uV: 0, alpha: 0.9, efficiency: 0.2 };
    const a = heatBalanceCell({ poaGlobal: 1000, tempAir: 25, windSpeed: 0 }, p);
    expect(heatBalanceCell({ poaGlobal: 1000, tempAir: 25, windSpeed: 10 }, p)).toBe(a);
    expect(a).toBeCloseTo(25 + (0.9 * 1000 * 0.8) / 29, 12);
    expect(
      heatBalanceCell({ poaGlobal: 1000, tempAir: 25, windSpeed: 0 }, { ...p, efficiency: 0.22 }),
    ).toBeLessThan(a);
  });

  it('module and cell temperatures differ by ΔT·G/1000 both ways', () => {
    const tm = moduleFromCellTemperature({ tempCell: 60, poaGlobal: 800 }, { deltaT: 3 });
    expect(tm).toBeCloseTo(57.6, 12);
    expect(cellFromModuleTemperature({ tempModule: tm, poaGlobal: 800 }, { deltaT: 3 })).toBeCloseTo(60, 12);
    const g = Float64Array.of(0, 500, 1000);
    const tc = Float64Array.of(10, 40, 60);
    const out = new Float64Array(3);
    moduleFromCellTemperatureSeries({ tempCell: tc, poaGlobal: g }, { deltaT: 3 }, out);
    expect([...out]).toEqual([10, 38.5, 57]);
    cellFromModuleTemperatureSeries({ tempModule: out, poaGlobal: g }, { deltaT: 3 }, out);
    expect([...out]).toEqual([10, 40, 60]);
    const viaModel = new Float64Array(3);
    cellTemperatureSeries(
      { poaGlobal: g, tempAir: tc, windSpeed: tc, tempModule: Float64Array.of(10, 38.5, 57) },
      { model: 'measuredModule', deltaT: 3 },
      viaModel,
    );
    expect([...viaModel]).toEqual([10, 40, 60]);
  });

  it('sapm cell = sapm module + ΔT at 1000 W/m²', () => {
    const x = { poaGlobal: 1000, tempAir: 20, windSpeed: 2 };
    const p = { a: -3.56, b: -0.075, deltaT: 3 };
    expect(sapmCell(x, p) - sapmModule(x, p)).toBeCloseTo(3, 12);
    expect(sapmModule(x, p)).toBeCloseTo(20 + 1000 * Math.exp(-3.56 - 0.15), 12);
  });

  it('NOCT model returns the NOCT at the NOCT test conditions', () => {
    // 800 W/m², 20 °C, 1 m/s at the module (10 m wind 1/0.51 m/s), no electrical output.
    const x = { poaGlobal: 800, tempAir: 20, windSpeed: 1 / 0.51 };
    expect(noctSam(x, { noct: 45, transmittanceAbsorptance: 0.9, efficiency: 0 })).toBeCloseTo(45, 12);
    expect(
      noctSam(x, { noct: 45, transmittanceAbsorptance: 0.9, efficiency: 0, noctAdjustment: 6 }),
    ).toBeCloseTo(51, 12);
    const p = { noct: 45, transmittanceAbsorptance: 0.9, efficiency: 0.2 };
    const s = noctSamSeries(
      { poaGlobal: Float64Array.of(800), tempAir: Float64Array.of(20), windSpeed: Float64Array.of(3) },
      p,
      new Float64Array(1),
    );
    expect(s[0]).toBe(noctSam({ poaGlobal: 800, tempAir: 20, windSpeed: 3 }, p));
    expect([0, 1, 2, 3, 4].map((standoffInches) => noctStandoffAdjustment({ standoffInches }))).toEqual([
      18, 11, 6, 2, 0,
    ]);
  });

  it('resolves the model from the product fields with the spec 1 defaults', () => {
    const module = { efficiency: 0.2 };
    expect(cellTemperatureModelFromFields(0, module)).toEqual({
      model: 'heatBalance',
      uC: 29,
      uV: 0,
      alpha: 0.9,
      efficiency: 0.2,
    });
    expect(cellTemperatureModelFromFields(1, module)).toEqual({
      model: 'sapm',
      a: -3.47,
      b: -0.0594,
      deltaT: 3,
    });
    expect(cellTemperatureModelFromFields(2, module, { nominalOperatingCellTemperature: 48 })).toEqual({
      model: 'noctSam',
      noct: 48,
      transmittanceAbsorptance: 0.9,
      efficiency: 0.2,
    });
    // DC-field defined: the field's own model and coefficients win over the module's.
    const m = { ...module, heatBalanceConductiveCoef: 29, sandiaConductiveCoef: -3.56 };
    expect(
      cellTemperatureModelFromFields(3, m, {
        modTempModel: 0,
        heatBalanceConductiveCoef: 25,
        heatBalanceConvectiveCoef: 1.2,
      }),
    ).toMatchObject({ model: 'heatBalance', uC: 25, uV: 1.2 });
    expect(cellTemperatureModelFromFields(3, m, { modTempModel: 1, sandiaConvectiveCoef: -0.075 })).toEqual({
      model: 'sapm',
      a: -3.56,
      b: -0.075,
      deltaT: 3,
    });
  });

  it('the measured-module model needs its series', () => {
    const z = new Float64Array(1);
    expect(() =>
      cellTemperatureSeries(
        { poaGlobal: z, tempAir: z, windSpeed: z },
        { model: 'measuredModule', deltaT: 3 },
        z,
      ),
    ).toThrow(/tempModule/);
  });
});
