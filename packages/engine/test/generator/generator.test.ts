/**
 * Module generator: datasheet fits, curves, the effective irradiance response, Rs tuning and the
 * round trip parameters → IV curves → key points → fitted parameters.
 */
import { describe, expect, it } from 'vitest';
import {
  effectiveIrradianceResponse,
  generateIvCurve,
  iec61853Matrix,
  keyPointsFromCurve,
  optimizeSeriesResistance,
} from '../../src/generator/ivCurves.ts';
import { fitIvCurves, fitKeyIvPoints, type KeyIvRow } from '../../src/generator/ivFit.ts';
import {
  generateSingleDiodeAdvanced,
  generateSingleDiodeDefault,
} from '../../src/generator/singleDiodeFit.ts';
import { moduleMpp } from '../../src/module/moduleModel.ts';

/** ET-M772BH550GL datasheet (the shared PAN file's values). */
const et = {
  isc: 14,
  voc: 49.9,
  imp: 13.11,
  vmp: 41.96,
  cellsInSeries: 72,
  alphaIscPct: 0.052,
  gammaPmpPct: -0.34,
};

describe('single-diode parameters from a datasheet', () => {
  it('default: reproduces Isc, Voc, Imp, Vmp and γPmp', () => {
    const f = generateSingleDiodeDefault(et);
    expect(f.warnings).toEqual([]);
    for (const e of Object.values(f.errors)) expect(Math.abs(e)).toBeLessThan(1e-6);
    expect(f.tempCoefficients.pmp).toBeCloseTo(-0.34, 4);
    expect(f.tempCoefficients.isc).toBeCloseTo(0.052, 3);
    expect(f.record.seriesResistanceAtSTC).toBeGreaterThan(0);
    expect(f.record.diodeIdealityFactorAtSTC).toBeGreaterThan(0.8);
    expect(f.record.diodeIdealityFactorAtSTC).toBeLessThan(1.6);
    expect(f.record.shuntResistanceAtSTC).toBeCloseTo((80 * 49.9) / 14, 9);
  });

  it('advanced: with the PAN file Rs, Rsh, Rsh(0), γ is solved for Pmp, close to the file', () => {
    const f = generateSingleDiodeAdvanced(et, { rS: 0.203, rShRef: 300, rSh0: 2000 });
    expect(Math.abs(f.errors.pmp)).toBeLessThan(1e-6);
    expect(f.record.diodeIdealityFactorAtSTC).toBeCloseTo(0.98, 1);
    const g = generateSingleDiodeAdvanced(et, { gammaRef: 0.98, rShRef: 300, rSh0: 2000 });
    expect(g.record.seriesResistanceAtSTC).toBeCloseTo(0.203, 2);
    const both = generateSingleDiodeAdvanced(et, {
      gammaRef: 0.98,
      rS: 0.203,
      rShRef: 300,
      muGamma: -0.0001,
    });
    expect(both.record.linearTempDependenceOnGamma).toBe(-0.0001);
    expect(Math.abs(both.errors.isc) + Math.abs(both.errors.voc)).toBeLessThan(1e-9);
  });

  it('thin film with recombination', () => {
    // First Solar FS-7505A-TR1 (spec 4): Ns 268, Voc 223.931, Isc 3.013, Vmp 182.47, Imp 2.767
    const f = generateSingleDiodeAdvanced(
      {
        isc: 3.013,
        voc: 223.931,
        imp: 2.767,
        vmp: 182.47,
        cellsInSeries: 268,
        cellTechnologyType: 6,
        d2MuTau: 2.15,
        gammaPmpPct: -0.32,
      },
      { rShRef: 11500, rSh0: 12000 },
    );
    expect(f.record.pvModel).toBe(0);
    for (const e of Object.values(f.errors)) expect(Math.abs(e)).toBeLessThan(1e-5);
    expect(f.record.bandgapVoltage).toBe(1.5);
  });

  it('refuses impossible datasheets', () => {
    expect(() => generateSingleDiodeDefault({ ...et, imp: 15 })).toThrow(RangeError);
    expect(() => generateSingleDiodeDefault({ ...et, voc: Number.NaN })).toThrow(RangeError);
  });
});

describe('curves', () => {
  const m = { model: 'pvsyst' as const, ...generateSingleDiodeDefault(et).params };

  it('IV curve and its key points', () => {
    const c = generateIvCurve(m, { irradiance: 1000, temperature: 25, points: 300 });
    expect(c.voltage).toHaveLength(300);
    expect(c.current[0]).toBeCloseTo(14, 6);
    expect(c.voltage[299]).toBeCloseTo(49.9, 6);
    const k = keyPointsFromCurve(c.voltage, c.current);
    expect(k.pmp / c.pmp - 1).toBeLessThan(1e-5);
    expect(Math.abs(k.voc / c.voc - 1)).toBeLessThan(1e-9);
    expect(Math.abs(k.isc / c.isc - 1)).toBeLessThan(1e-5);
  });

  it('effective irradiance response and IEC 61853 matrix', () => {
    const eir = effectiveIrradianceResponse(m);
    expect(eir.map((p) => p.irradiance)).toEqual([
      100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200,
    ]);
    expect(eir[9]!.efficiency).toBeCloseTo(100, 9);
    expect(eir[1]!.efficiency).toBeGreaterThan(90);
    expect(eir[1]!.efficiency).toBeLessThan(102);
    const mat = iec61853Matrix(m);
    expect(mat).toHaveLength(28);
    expect(mat.find((r) => r.irradiance === 1000 && r.temperature === 25)!.efficiency).toBeCloseTo(100, 9);
  });

  it('series resistance tuned to a relative efficiency at 200 W/m²', () => {
    const base = effectiveIrradianceResponse(
      { model: 'pvsyst', ...generateSingleDiodeAdvanced(et, { rS: 0.1 }).params },
      { irradiances: [200] },
    )[0]!.efficiency;
    const target = base + 0.5;
    const f = optimizeSeriesResistance(et, { targetEfficiency200: target });
    const got = effectiveIrradianceResponse({ model: 'pvsyst', ...f.params }, { irradiances: [200] })[0]!
      .efficiency;
    expect(got).toBeCloseTo(target, 4);
    expect(f.record.seriesResistanceAtSTC).toBeGreaterThan(0.1);
    expect(Math.abs(f.errors.pmp)).toBeLessThan(1e-6);
    expect(() => optimizeSeriesResistance(et, { targetEfficiency200: 150 })).toThrow(/no series resistance/);
  });
});

describe('round trip: parameters → IV curves → key points → fitted parameters', () => {
  const truth = generateSingleDiodeAdvanced(et, { rS: 0.203, rShRef: 300, rSh0: 2000 }).params;
  const model = { model: 'pvsyst' as const, ...truth };
  const conditions = [
    [1000, 25],
    [800, 25],
    [600, 25],
    [400, 25],
    [200, 25],
    [100, 25],
    [1000, 50],
    [800, 50],
    [1000, 15],
    [600, 75],
    [200, 50],
  ] as const;
  const curves = conditions.map(([g, t]) =>
    generateIvCurve(model, { irradiance: g, temperature: t, points: 400 }),
  );

  it('key points', () => {
    const rows: KeyIvRow[] = curves.map((c) => ({
      irradiance: c.irradiance,
      temperature: c.temperature,
      ...keyPointsFromCurve(c.voltage, c.current),
    }));
    const t0 = performance.now();
    const fit = fitKeyIvPoints(rows, { cellsInSeries: 72 });
    console.log(
      `key-point fit: ${(performance.now() - t0).toFixed(0)} ms, ${fit.iterations} iterations, rms ${fit.rms.toExponential(2)}`,
      fit.maxError,
    );
    for (const [g, t] of conditions) {
      const a = moduleMpp({ effectiveIrradiance: g, tempCell: t }, model);
      const b = moduleMpp({ effectiveIrradiance: g, tempCell: t }, { model: 'pvsyst', ...fit.params });
      expect(Math.abs(b.pmp / a.pmp - 1)).toBeLessThan(1e-3);
      expect(Math.abs(b.voc / a.voc - 1)).toBeLessThan(1e-3);
      expect(Math.abs(b.isc / a.isc - 1)).toBeLessThan(1e-3);
    }
  });

  it('full curves', () => {
    const t0 = performance.now();
    const fit = fitIvCurves(
      curves.map((c) => ({
        irradiance: c.irradiance,
        temperature: c.temperature,
        voltage: c.voltage,
        current: c.current,
      })),
      { cellsInSeries: 72 },
    );
    console.log(
      `curve fit: ${(performance.now() - t0).toFixed(0)} ms, ${fit.iterations} iterations, rms ${fit.rms.toExponential(2)}`,
      fit.maxError,
    );
    for (const [g, t] of conditions) {
      const a = moduleMpp({ effectiveIrradiance: g, tempCell: t }, model);
      const b = moduleMpp({ effectiveIrradiance: g, tempCell: t }, { model: 'pvsyst', ...fit.params });
      expect(Math.abs(b.pmp / a.pmp - 1)).toBeLessThan(1e-3);
      expect(Math.abs(b.voc / a.voc - 1)).toBeLessThan(1e-3);
      expect(Math.abs(b.isc / a.isc - 1)).toBeLessThan(1e-3);
    }
  });
});
