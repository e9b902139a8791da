import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { efficiencyCurveInverter, inverterApparentPowerLimit, parseOndFile } from '../src/index.ts';
import { SHARED_DIR } from './golden.ts';

const FILE = path.join(SHARED_DIR, 'data', 'CPS SCH275KTL-DO-US-800-250kW_275kVA_1.OND');

describe('PVsyst OND file (CPS SCH275KTL-DO/US-800)', () => {
  const text = fs.readFileSync(FILE, 'utf8');
  const inv = parseOndFile(text);
  it('reads the ratings, window and limits', () => {
    expect(inv.warnings).toEqual([]);
    expect(inv.manufacturer).toBe('ChintPower');
    expect(inv.model).toBe('CPS SCH275KTL-DO/US-800');
    expect(inv.powerRated).toBe(250);
    expect(inv.apparentPower).toBe(250);
    expect(inv.minVoltage).toBe(500);
    expect(inv.maxMPPVoltage).toBe(1500);
    expect(inv.maxAbsoluteVoltage).toBe(1500);
    expect(inv.maxCurrent).toBe(360);
    expect(inv.outputVoltage).toBe(800);
    expect(inv.minDCPowerThreshold).toBe(0.5);
    expect(inv.nightTare).toBe(5);
    expect(inv.efficiencyMax).toBe(99.01);
    expect([inv.tanPhiMin, inv.tanPhiMax, inv.numberOfMppt, inv.numberOfInputs]).toEqual([
      -0.75, 0.75, 12, 36,
    ]);
  });
  it('reads the three efficiency profiles at VNomEff (AC basis, zero-output start point left out)', () => {
    expect(inv.efficiencyCurves.map((c) => c.voltage)).toEqual([880, 1174, 1300]);
    for (const c of inv.efficiencyCurves) expect(c.efficiencyPoints).toHaveLength(8);
    const p = inv.efficiencyCurves[0]!.efficiencyPoints;
    expect(p[0]!.power).toBe(12.5);
    expect(p[0]!.efficiency).toBeCloseTo((100 * 12500) / 13012.7, 12);
    expect(p[7]!.power).toBe(275);
    expect(p[7]!.efficiency).toBeCloseTo((100 * 275000) / 281301.1, 12);
    // Converted back to DC input, the model reproduces the file's (Pin, Pout) points.
    const model = { efficiencyCurves: inv.efficiencyCurves };
    expect(efficiencyCurveInverter({ vDc: 1174, pDc: 126211.6 }, model)).toBeCloseTo(125000, 6);
    // Below the first point the loss line meets the file's zero-output point (300 W) within 10 W.
    expect(efficiencyCurveInverter({ vDc: 880, pDc: 290 }, model)).toBe(0);
    expect(efficiencyCurveInverter({ vDc: 880, pDc: 320 }, model)).toBeGreaterThan(0);
  });
  it('turns the temperature derating into a kVA curve', () => {
    expect(inv.kVACurves).toEqual([
      {
        elevation: 0,
        kVAPoints: [
          { temperature: 40, kVA: 250 },
          { temperature: 45, kVA: 250 },
          { temperature: 50, kVA: 225 },
          { temperature: 60, kVA: 90 },
        ],
      },
    ]);
    expect(inverterApparentPowerLimit({ tempAir: 55, elevation: 0 }, inv)).toBeCloseTo(157_500, 9);
  });
  it('is defensive: CRLF, spaces, decimal commas, missing keys; rejects other files', () => {
    const messy = text
      .replace(/\n/g, '\r\n')
      .replace('PNomConv=250.000', 'PNomConv = 250,5')
      .replace(/ *VMPPMax=1500\r\n/, '');
    const m = parseOndFile(messy);
    expect(m.powerRated).toBe(250.5);
    expect(Number.isNaN(m.maxMPPVoltage)).toBe(true);
    expect(m.warnings).toContain('VMPPMax missing or not a number');
    expect(m.efficiencyCurves).toHaveLength(3);
    expect(() => parseOndFile('PVObject_=pvModule\nPNom=400\n')).toThrow(/not a PVsyst OND/);
    const single = parseOndFile(text.replace(/VNomEff=.*\n/, ''));
    expect(single.efficiencyCurves).toHaveLength(1);
    expect(single.efficiencyCurves[0]!.voltage).toBe(1000);
    expect(single.warnings.length).toBeGreaterThan(0);
  });
});
