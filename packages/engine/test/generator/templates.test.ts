import { describe, expect, it } from 'vitest';
import {
  parseIvCurvesCsv,
  parseKeyIvCsv,
  TemplateParseError,
  keyIvRowsFromTable,
} from '../../src/generator/templates.ts';

describe('key IV template', () => {
  it('reads the documented layout, any column order, semicolons with decimal commas', () => {
    const a = parseKeyIvCsv(
      'Irradiance (W/m2),Temperature (C),Isc (A),Voc (V),Imp (A),Vmp (V)\n1000,25,14.00,49.90,13.11,41.96\n\n# note\n200,25,2.8,47.6,2.62,40.3\n',
    );
    expect(a).toEqual([
      { irradiance: 1000, temperature: 25, isc: 14, voc: 49.9, imp: 13.11, vmp: 41.96 },
      { irradiance: 200, temperature: 25, isc: 2.8, voc: 47.6, imp: 2.62, vmp: 40.3 },
    ]);
    const b = parseKeyIvCsv('\uFEFFVmp;Imp;Voc;Isc;T;G\r\n41,96;13,11;49,9;14;25;1000\r\n');
    expect(b[0]).toEqual(a[0]);
    expect(
      keyIvRowsFromTable([
        ['G', 'T', 'Isc', 'Voc', 'Imp', 'Vmp'],
        [1000, 25, 14, 49.9, 13.11, 41.96],
      ]),
    ).toEqual([a[0]]);
  });

  it('names the problem and the line', () => {
    expect(() => parseKeyIvCsv('G,T,Isc,Voc,Imp\n1000,25,14,49.9,13')).toThrow(/missing column\(s\): vmp/);
    expect(() =>
      parseKeyIvCsv('G,T,Isc,Voc,Imp,Vmp\n1000,25,14,49.9,13.1,41\n1000,25,abc,49.9,13.1,41'),
    ).toThrow('line 3: isc is not a number ("abc")');
    expect(() => parseKeyIvCsv('G,T,Isc,Voc,Imp,Vmp\n1000,25,14,49.9,15,41')).toThrow(
      /line 2: Imp must be below Isc/,
    );
    expect(() => parseKeyIvCsv('')).toThrow(TemplateParseError);
    expect(() => parseKeyIvCsv('G,T\u0000')).toThrow(/binary/);
  });
});

describe('full IV template', () => {
  it('groups consecutive rows into curves sorted by voltage', () => {
    const c = parseIvCurvesCsv(
      'Irradiance,Temperature,Voltage,Current\n1000,25,0,14\n1000,25,40,13\n1000,25,20,13.9\n500,25,0,7\n500,25,10,6.99\n500,25,48,0\n',
    );
    expect(c).toHaveLength(2);
    expect(c[0]).toEqual({
      irradiance: 1000,
      temperature: 25,
      voltage: [0, 20, 40],
      current: [14, 13.9, 13],
    });
    expect(() => parseIvCurvesCsv('G,T,V,I\n1000,25,0,14\n1000,25,1,13.9')).toThrow(/fewer than 3 points/);
  });
});
