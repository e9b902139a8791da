import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { moduleCurves, moduleModelFromRecord } from '../../src/generator/moduleCurves.ts';
import { parseCecModuleLibrary } from '../../src/library/cecCsv.ts';
import { cecModuleRecord } from '../../src/library/cecRecords.ts';
import { defaultIamFactors } from '../../src/optics/iam/defaultIam.ts';
import { sandiaIam } from '../../src/optics/iam/sandia.ts';
import { sharedPath } from '../../../../scripts/sharedDir.ts';

const lib = parseCecModuleLibrary(
  readFileSync(sharedPath('data', 'sam-library-cec-modules-2021-12-01.csv'), 'utf8'),
);

describe('module chart data', () => {
  const rec = cecModuleRecord(lib.records.find((r) => r.technology.startsWith('Mono') && r.stc > 400)!);

  it('runs the CEC model or the fitted PVsyst model of the same record, alike at STC', () => {
    const cec = moduleCurves(rec)!;
    const pv = moduleCurves({ ...rec, pvModel: 1 })!;
    expect(moduleModelFromRecord(rec)!.model).toBe('cec');
    expect(moduleModelFromRecord({ ...rec, pvModel: 1 })!.model).toBe('pvsyst');
    expect(cec.curves).toHaveLength(7);
    expect(Math.abs(pv.curves[0]!.pmp / cec.curves[0]!.pmp - 1)).toBeLessThan(1e-3);
    expect(cec.curves[0]!.voltage).toHaveLength(60);
    expect(cec.curves[0]!.power[10]).toBeCloseTo(
      cec.curves[0]!.voltage[10]! * cec.curves[0]!.current[10]!,
      9,
    );
    const r200 = (s: typeof cec) => s.relativeEfficiency.find((p) => p.irradiance === 200)!.efficiency;
    expect(Math.abs(r200(pv) - r200(cec))).toBeLessThan(1);
  });

  it('models a new module from its datasheet values alone, and answers undefined without them', () => {
    const s = moduleCurves({
      numberOfCellsInSeries: 72,
      stcShortCircuitCurrent: 14,
      stcOpenCircuitVoltage: 49.9,
      stcmppCurrent: 13.11,
      stcmppVoltage: 41.96,
    })!;
    expect(s.curves[0]!.pmp).toBeCloseTo(13.11 * 41.96, 6);
    expect(moduleCurves({ name: 'New Module' })).toBeUndefined();
  });

  it('is cheap enough for the browser (< 5 ms a chart set)', () => {
    const pv = { ...rec, pvModel: 1 };
    for (let k = 0; k < 20; k++) moduleCurves(pv);
    const t0 = performance.now();
    for (let k = 0; k < 50; k++) moduleCurves(pv);
    const ms = (performance.now() - t0) / 50;
    console.log(`moduleCurves: ${ms.toFixed(2)} ms per chart set`);
    expect(ms).toBeLessThan(5);
  });
});

describe('default IAM', () => {
  it('tabular ASHRAE values at 0…90° and a Sandia fit close to them up to 80°', () => {
    const d = defaultIamFactors(0.05);
    expect(d.tabularIAM.map((r) => r.incidenceAngle)).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
    expect(d.tabularIAM[0]!.factor).toBe(1);
    expect(d.tabularIAM[6]!.factor).toBeCloseTo(0.95, 12);
    expect(d.tabularIAM[9]!.factor).toBe(0);
    expect(d.sandiaIAMB0).toBe(1);
    const p = {
      b0: d.sandiaIAMB0,
      b1: d.sandiaIAMB1,
      b2: d.sandiaIAMB2,
      b3: d.sandiaIAMB3,
      b4: d.sandiaIAMB4,
      b5: d.sandiaIAMB5,
    };
    for (const r of d.tabularIAM.slice(0, 7))
      expect(Math.abs(sandiaIam({ aoi: r.incidenceAngle }, p) - r.factor)).toBeLessThan(0.01);
    expect(() => defaultIamFactors(-1)).toThrow(RangeError);
    expect(() => defaultIamFactors(Number.NaN)).toThrow(RangeError);
  });
});
