import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inverterKva } from '../../src/inverter/inverterKva.ts';
import { readOndFile } from '../../src/library/pvsystRecords.ts';
import {
  electricalShadingTableFactor,
  parseElectricalShadingTable,
  ShadingTableError,
} from '../../src/shading/electricalShadingTable.ts';
import { sharedPath } from '../../../../scripts/sharedDir.ts';

describe('electrical shading table', () => {
  it('reads the documented layout, sorts the points, accepts % signs, semicolons and decimal commas', () => {
    const t = parseElectricalShadingTable(
      'Shaded fraction (%),Power loss (%)\n20,66.7\n0,0\n# note\n\n10%,33.3%\n35,100\n',
    );
    expect(t).toEqual([
      { shadedFraction: 0, powerLoss: 0 },
      { shadedFraction: 10, powerLoss: 33.3 },
      { shadedFraction: 20, powerLoss: 66.7 },
      { shadedFraction: 35, powerLoss: 100 },
    ]);
    expect(parseElectricalShadingTable('0;0\r\n12,5;40,5')).toEqual([
      { shadedFraction: 0, powerLoss: 0 },
      { shadedFraction: 12.5, powerLoss: 40.5 },
    ]);
    expect(electricalShadingTableFactor({ shadedFraction: 0.15 }, t)).toBeCloseTo(0.5, 9);
    expect(electricalShadingTableFactor({ shadedFraction: 0.5 }, t)).toBe(0);
    expect(electricalShadingTableFactor({ shadedFraction: 0 }, t)).toBe(1);
  });

  it('refuses bad tables with the line', () => {
    const fail = (s: string) => {
      try {
        parseElectricalShadingTable(s);
      } catch (e) {
        expect(e).toBeInstanceOf(ShadingTableError);
        return (e as Error).message;
      }
      return 'no error';
    };
    expect(fail('')).toBe('the table has no points');
    expect(fail('f,l\n0,0\n10,abc')).toBe('line 3: power loss is not a number ("abc")');
    expect(fail('0,0\n120,50')).toBe('line 2: shaded fraction must be between 0 and 100 %');
    expect(fail('0,0\n10,50\n10,60')).toMatch(/line 3: shaded fraction 10 % is repeated/);
    expect(fail('0,0\n10,50\n20,40')).toMatch(/line 3: power loss falls/);
    expect(fail('0\n1')).toMatch(/two columns/);
    expect(fail('a\u0000b')).toMatch(/binary/);
  });
});

describe('inverter kVA', () => {
  const { record } = readOndFile(
    readFileSync(sharedPath('data', 'CPS SCH275KTL-DO-US-800-250kW_275kVA_1.OND'), 'utf8'),
  );

  it('from the kVA curves at the temperature (and elevation)', () => {
    expect(inverterKva({ inverter: record, temperature: 30, elevation: 100 })).toMatchObject({
      kVA: 250,
      source: 'curves',
    });
    expect(
      inverterKva({ inverter: record, temperature: 55, elevation: 100, useCoolingTemp: true }),
    ).toMatchObject({
      kVA: 157.5,
      useCoolingTemp: true,
    });
    expect(inverterKva({ inverter: record, temperature: 70 }).kVA).toBe(90);
    const twoCurves = {
      usekVACurves: true,
      kVACurves: [
        {
          elevation: 0,
          kVAPoints: [
            { temperature: 25, kVA: 100 },
            { temperature: 50, kVA: 80 },
          ],
        },
        {
          elevation: 2000,
          kVAPoints: [
            { temperature: 25, kVA: 90 },
            { temperature: 50, kVA: 70 },
          ],
        },
      ],
    };
    expect(inverterKva({ inverter: twoCurves, temperature: 37.5, elevation: 0 }).kVA).toBeCloseTo(90, 9);
    expect(inverterKva({ inverter: twoCurves, temperature: 37.5, elevation: 1000 }).kVA).toBeCloseTo(80, 9);
  });

  it('falls back to the ratings', () => {
    expect(inverterKva({ inverter: { ...record, usekVACurves: false }, temperature: 55 })).toMatchObject({
      source: 'apparentPower',
    });
    expect(inverterKva({ inverter: { powerRated: 100, kVACurves: [] } })).toMatchObject({
      kVA: 100,
      source: 'powerRated',
      temperature: 25,
    });
    expect(inverterKva({ inverter: {} }).kVA).toBeNull();
  });
});
