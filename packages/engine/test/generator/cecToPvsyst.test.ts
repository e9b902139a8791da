/**
 * CEC list modules get fitted PVsyst-form parameters that reproduce the list's STC ratings (within
 * 0.1 %) and temperature coefficient of Pmp, fast enough to seed the whole list.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCecModuleLibrary } from '../../src/library/cecCsv.ts';
import { cecModuleRecord } from '../../src/library/cecRecords.ts';
import { moduleMpp } from '../../src/module/moduleModel.ts';
import { pvsystParamsFromModule, type ModuleDiodeFields } from '../../src/module/moduleFields.ts';
import { pvsystTempCoefficients } from '../../src/generator/singleDiodeFit.ts';
import { sharedPath } from '../../../../scripts/sharedDir.ts';

const lib = parseCecModuleLibrary(
  readFileSync(sharedPath('data', 'sam-library-cec-modules-2021-12-01.csv'), 'utf8'),
);

function check(name: string) {
  const m = lib.records.find((r) => r.name === name)!;
  expect(m).toBeDefined();
  const rec = cecModuleRecord(m);
  expect(rec.pvModel).toBe(100);
  expect(rec.cecParameters).toBeDefined();
  const p = pvsystParamsFromModule({ ...(rec as unknown as ModuleDiodeFields), pvModel: 1 });
  const r = moduleMpp({ effectiveIrradiance: 1000, tempCell: 25 }, { model: 'pvsyst', ...p });
  expect(Math.abs(r.pmp / (m.iMpRef * m.vMpRef) - 1)).toBeLessThan(1e-3);
  expect(Math.abs(r.voc / m.vOcRef - 1)).toBeLessThan(1e-3);
  expect(Math.abs(r.isc / m.iScRef - 1)).toBeLessThan(1e-3);
  const tc = pvsystTempCoefficients(p);
  expect(tc.pmp).toBeCloseTo(m.gammaR, 2);
  // Voc coefficient within 0.1 %/K of the list's (it follows from Eg, γ and μγ, not fitted)
  expect(Math.abs(tc.voc - (100 * m.betaOc) / m.vOcRef)).toBeLessThan(0.1);
  // low light: within 1 % of the CEC model's relative output at 200 W/m²
  const cec = {
    model: 'cec' as const,
    ...(rec.cecParameters as {
      alphaSc: number;
      aRef: number;
      iLRef: number;
      iORef: number;
      rS: number;
      rShRef: number;
      adjust: number;
    }),
  };
  const relCec =
    moduleMpp({ effectiveIrradiance: 200, tempCell: 25 }, cec).pmp /
    moduleMpp({ effectiveIrradiance: 1000, tempCell: 25 }, cec).pmp;
  const relPv = moduleMpp({ effectiveIrradiance: 200, tempCell: 25 }, { model: 'pvsyst', ...p }).pmp / r.pmp;
  expect(Math.abs(relPv / relCec - 1)).toBeLessThan(0.01);
  return rec;
}

describe('CEC module → PVsyst-form parameters', () => {
  it('reproduces real modules of several technologies', () => {
    const mono = lib.records.find((r) => r.technology.startsWith('Mono') && r.stc > 400)!;
    const multi = lib.records.find((r) => r.technology.startsWith('Multi'))!;
    const cdte = lib.records.find((r) => r.technology === 'CdTe')!;
    for (const m of [mono, multi, cdte]) check(m.name);
    const rec = check(mono.name);
    expect(rec.seriesResistanceAtSTC).toBeCloseTo(mono.rS, 6);
    expect(rec.shuntResistanceAtSTC).toBe(mono.rShRef);
    expect(rec.diodeIdealityFactorAtSTC as number).toBeGreaterThan(0.5);
    expect(rec.diodeIdealityFactorAtSTC as number).toBeLessThan(2.5);
  });

  it('converts the whole list quickly and nearly always within 0.1 % of Pmp, Voc, Isc', () => {
    const t0 = performance.now();
    let bad = 0;
    let missing = 0;
    for (const m of lib.records) {
      const rec = cecModuleRecord(m);
      if (rec.diodeIdealityFactorAtSTC === undefined) {
        missing++;
        continue;
      }
      const p = pvsystParamsFromModule({ ...(rec as unknown as ModuleDiodeFields), pvModel: 1 });
      const r = moduleMpp({ effectiveIrradiance: 1000, tempCell: 25 }, { model: 'pvsyst', ...p });
      if (!(Math.abs(r.pmp / (m.iMpRef * m.vMpRef) - 1) < 1e-3 && Math.abs(r.voc / m.vOcRef - 1) < 1e-3))
        bad++;
    }
    const ms = performance.now() - t0;
    console.log(
      `CEC → PVsyst: ${lib.records.length} modules in ${ms.toFixed(0)} ms (${((1000 * ms) / lib.records.length).toFixed(0)} µs each); off by > 0.1 %: ${bad}; not converted: ${missing}`,
    );
    expect(ms / lib.records.length).toBeLessThan(5);
    expect(bad + missing).toBe(0);
  }, 120_000);
});

describe('CEC inverter record', () => {
  it('has efficiency curves at Mppt_low, Vdco and Mppt_high, the list limits and a flat kVA curve', async () => {
    const { parseCecInverterLibrary } = await import('../../src/library/cecCsv.ts');
    const { cecInverterRecord } = await import('../../src/library/cecRecords.ts');
    const { sandiaEfficiency } = await import('../../src/inverter/sandiaFit.ts');
    const inv = parseCecInverterLibrary(
      readFileSync(sharedPath('data', 'sam-library-cec-inverters-2022-02-18.csv'), 'utf8'),
    );
    const v = inv.records.find((r) => r.name === 'SMA America: SB7.7-1SP-US-40 [240V]')!;
    const rec = cecInverterRecord(v) as {
      efficiencyCurves: { voltage: number; efficiencyPoints: { power: number; efficiency: number }[] }[];
      kVACurves: { elevation: number; kVAPoints: { temperature: number; kVA: number }[] }[];
      [k: string]: unknown;
    };
    expect(rec.efficiencyCurves.map((c) => c.voltage)).toEqual(
      [v.mpptLow, v.vdco, v.mpptHigh].sort((a, b) => a - b),
    );
    for (const c of rec.efficiencyCurves) {
      expect(c.efficiencyPoints).toHaveLength(6);
      const top = c.efficiencyPoints[5]!;
      expect(top.power).toBeCloseTo(v.paco / 1000, 9);
      // the point lies on the Sandia model: η(Vdc, Pdc = Pac/η) = η
      const pdc = (1000 * top.power) / (top.efficiency / 100);
      expect(100 * sandiaEfficiency({ vDc: c.voltage, pDc: pdc }, v)).toBeCloseTo(top.efficiency, 6);
    }
    expect(rec).toMatchObject({
      powerRated: v.paco / 1000,
      apparentPower: v.paco / 1000,
      minVoltage: v.mpptLow,
      maxMPPVoltage: v.mpptHigh,
      maxAbsoluteVoltage: v.vdcmax,
      maxCurrent: v.idcmax,
      usekVACurves: true,
      usePQCurves: false,
    });
    expect(rec.kVACurves).toEqual([
      {
        elevation: 0,
        kVAPoints: [
          { temperature: -40, kVA: v.paco / 1000 },
          { temperature: 60, kVA: v.paco / 1000 },
        ],
      },
    ]);
  });
});
