/**
 * PAN and OND files as library records, values checked against the shared files; malformed and
 * hostile files (truncated, other encodings, 50 MB, binary junk) give a PvsystFileError and nothing.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PvsystFileError, readOndFile, readPanFile } from '../../src/library/pvsystRecords.ts';
import { moduleMpp } from '../../src/module/moduleModel.ts';
import { pvsystParamsFromModule, type ModuleDiodeFields } from '../../src/module/moduleFields.ts';
import { sharedPath } from '../../../../scripts/sharedDir.ts';

const panBytes = new Uint8Array(readFileSync(sharedPath('data', 'ET-M772BH550GL.PAN')));
const ondBytes = new Uint8Array(
  readFileSync(sharedPath('data', 'CPS SCH275KTL-DO-US-800-250kW_275kVA_1.OND')),
);
const panText = new TextDecoder().decode(panBytes);
const ondText = new TextDecoder().decode(ondBytes);

function error(f: () => unknown): PvsystFileError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(PvsystFileError);
    return e as PvsystFileError;
  }
  throw new Error('read without error');
}

const utf16le = (s: string, bom = true) => {
  const b = new Uint8Array((bom ? 2 : 0) + 2 * s.length);
  if (bom) b.set([0xff, 0xfe]);
  for (let i = 0; i < s.length; i++) {
    b[(bom ? 2 : 0) + 2 * i] = s.charCodeAt(i) & 0xff;
    b[(bom ? 2 : 0) + 2 * i + 1] = s.charCodeAt(i) >> 8;
  }
  return b;
};

describe('PAN file → Module record', () => {
  it('ET-M772BH550GL.PAN: the values of the file', () => {
    const { record: r } = readPanFile(panBytes, 'ET-M772BH550GL.PAN');
    expect(r).toMatchObject({
      name: 'ET SOLAR ET-M772BH550GL',
      manufacturer: 'ET SOLAR',
      model: 'ET-M772BH550GL',
      dataSource: 2,
      pvModel: 1,
      cellTechnologyType: 3,
      faciality: 1,
      bifacialityFactor: 0.7,
      numberOfCellsInSeries: 72,
      numberOfCellsInParallel: 2,
      stcMaxPower: 550,
      stcShortCircuitCurrent: 14,
      stcOpenCircuitVoltage: 49.9,
      stcmppCurrent: 13.11,
      stcmppVoltage: 41.96,
      stcPowerTempCoef: -0.34,
      seriesResistanceAtSTC: 0.203,
      shuntResistanceAtSTC: 300,
      darkShuntResistance: 2000,
      exponentialDependencyOnShuntResistance: 5.5,
      diodeIdealityFactorAtSTC: 0.98,
      linearTempDependenceOnGamma: -0.0001,
      bandgapVoltage: 1.12,
      length: 2278,
      width: 1134,
      heatAbsorptionCoefAlphaT: 0.9,
      useDefaultTabularIAM: false,
    });
    expect(r.stcShortCircuitCurrentTempCoef as number).toBeCloseTo((100 * 0.00728) / 14, 12);
    expect(r.stcOpenCircuitVoltageTempCoef as number).toBeCloseTo((100 * -0.128) / 49.9, 12);
    expect(r.stcEfficiency as number).toBeCloseTo(550 / (10 * 1.134 * 2.278), 9);
    expect((r.iamFactors as unknown[]).length).toBe(9);
    expect((r.iamFactors as { incidenceAngle: number; factor: number }[])[7]).toEqual({
      incidenceAngle: 80,
      factor: 0.66,
    });
    // the record runs: Voc and Isc exact at STC, Pmp within 0.5 % of PNom
    const p = pvsystParamsFromModule(r as unknown as ModuleDiodeFields);
    const k = moduleMpp({ effectiveIrradiance: 1000, tempCell: 25 }, { model: 'pvsyst', ...p });
    expect(k.voc).toBeCloseTo(49.9, 9);
    expect(Math.abs(k.pmp / 550 - 1)).toBeLessThan(0.005);
  });

  it('reads UTF-16 (with and without BOM), Latin-1 and CRLF alike', () => {
    const base = readPanFile(panText).record;
    expect(readPanFile(utf16le(panText)).record).toEqual(base);
    expect(readPanFile(utf16le(panText, false)).record).toEqual(base);
    const latin = panText.replace('Manufacturer=ET SOLAR\n', 'Manufacturer=ET SOLAR Énergie\n');
    const bytes = Uint8Array.from(latin, (c) => c.charCodeAt(0));
    expect(readPanFile(bytes).record.manufacturer).toBe('ET SOLAR Énergie');
    // Windows-1252: 0x80 is the euro sign, 0x92 a right quote
    const cp = Uint8Array.from(
      panText.replace('Manufacturer=ET SOLAR\n', 'Manufacturer=ET SOLAR \u0080 \u0092\n'),
      (c) => c.charCodeAt(0),
    );
    expect(readPanFile(cp).record.manufacturer).toBe('ET SOLAR € ’');
    expect(readPanFile(panText.replace(/\n/g, '\r\n')).record).toEqual(base);
  });

  it('refuses malformed and hostile files with the problem and the line', () => {
    const truncated = panText.slice(0, panText.indexOf('RSerie'));
    const t = error(() => readPanFile(truncated));
    expect(t.message).toMatch(/truncated/);
    expect(t.line).toBeGreaterThan(0);
    const bin = new Uint8Array(4096).map((_, i) => (i * 7919) % 256);
    expect(error(() => readPanFile(bin)).message).toMatch(
      /^Binary PAN files are not supported: export the PAN file as text from PVsyst/,
    );
    expect(error(() => readPanFile(new Uint8Array(50_000_000))).message).toMatch(/too large \(50\.0 MB/);
    expect(error(() => readPanFile('x'.repeat(3_000_000))).message).toMatch(/too large/);
    expect(error(() => readPanFile(new Uint8Array(0))).message).toMatch(/empty/);
    expect(error(() => readPanFile('hello\nworld')).message).toMatch(/^Not a PVsyst PAN file: line 1/);
    const bad = error(() => readPanFile(panText.replace('Isc=14.000', 'Isc=abc')));
    expect(bad.message).toBe(
      `PAN file: Isc on line ${panText.split('\n').findIndex((l) => l.includes('Isc=')) + 1} is not a number`,
    );
    expect(error(() => readPanFile(panText.replace('NCelS=72', 'NCelS=0'))).message).toMatch(
      /NCelS on line \d+ is out of range/,
    );
    expect(error(() => readPanFile(panText.replace('Imp=13.110', 'Imp=15'))).message).toMatch(
      /Imp on line \d+ must be between 0 and Isc/,
    );
  });
});

describe('OND file → Inverter record', () => {
  it('CPS SCH275KTL: the values of the file', () => {
    const { record: r } = readOndFile(ondBytes, 'CPS.OND');
    expect(r).toMatchObject({
      name: 'ChintPower CPS SCH275KTL-DO/US-800',
      manufacturer: 'ChintPower',
      model: 'CPS SCH275KTL-DO/US-800',
      dataSource: 2,
      powerRated: 250,
      minDCPowerThreshold: 0.5,
      minVoltage: 500,
      maxMPPVoltage: 1500,
      maxAbsoluteVoltage: 1500,
      maxCurrent: 360,
      outputVoltage: 800,
      usekVACurves: true,
      usePQCurves: false,
      nightTare: 5,
    });
    // 275 kVA: √3 · 800 V · 199 A
    expect(r.apparentPower as number).toBeCloseTo((Math.sqrt(3) * 800 * 199) / 1000, 9);
    const curves = r.efficiencyCurves as {
      voltage: number;
      efficiencyPoints: { power: number; efficiency: number }[];
    }[];
    expect(curves.map((c) => c.voltage)).toEqual([880, 1174, 1300]);
    expect(curves[0]!.efficiencyPoints).toHaveLength(8);
    expect(curves[0]!.efficiencyPoints[0]).toEqual({ power: 12.5, efficiency: (100 * 12500) / 13012.7 });
    expect(r.kVACurves).toEqual([
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
    const pq = (r.pqCurves as { pqPoints: { activePowerP: number; reactivePowerQ: number }[] }[])[0]!
      .pqPoints;
    expect(pq[4]!.reactivePowerQ).toBeCloseTo(0.75 * 100, 9);
  });

  it('refuses malformed and hostile files', () => {
    expect(readOndFile(utf16le(ondText)).record.powerRated).toBe(250);
    expect(error(() => readOndFile(ondText.slice(0, ondText.indexOf('ProfilPIOV2')))).message).toMatch(
      /truncated: "Converter=TConverter" opened on line 28/,
    );
    expect(error(() => readOndFile(new Uint8Array(2000).fill(0xa6))).message).toMatch(
      /^Not a PVsyst OND file: line 1/,
    );
    const junk = new Uint8Array(4096).map((_, i) => (i * 7919 + 13) % 256);
    expect(error(() => readOndFile(junk)).message).toMatch(/^Binary OND files are not supported/);
    expect(error(() => readOndFile(panText)).message).toMatch(/not a PVsyst OND/);
    expect(error(() => readOndFile(new Uint8Array(50_000_000).fill(65))).message).toMatch(/too large/);
  });
});
