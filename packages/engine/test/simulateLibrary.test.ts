/**
 * The CEC list readers (library/cecCsv.ts) and their records as case records (library/cecRecords.ts):
 * the real lists of ../shared/data, and small hand-made files for the defensive cases.
 */
import { describe, expect, it } from 'vitest';
import {
  findCecRecord,
  LibraryLookupError,
  LibraryParseError,
  normaliseLibraryName,
  parseCecInverterLibrary,
  parseCecModuleLibrary,
} from '../src/library/cecCsv.ts';
import { splitCsvLine } from '../src/csv.ts';
import { cecInverterRecord, cecModuleRecord, cellTechnologyFromCec } from '../src/library/cecRecords.ts';
import { CaseReader } from '../src/simulate/read.ts';
import { libraryRecord } from '../src/simulate/libraryRefs.ts';
import { cecLibraries, INVERTER_LIST_2019, INVERTER_LIST_2022, MODULE_LIST } from './simulateFixtures.ts';

const MODULE_HEADER =
  'Name,Manufacturer,Technology,Bifacial,STC,PTC,A_c,Length,Width,N_s,I_sc_ref,V_oc_ref,I_mp_ref,V_mp_ref,alpha_sc,beta_oc,T_NOCT,a_ref,I_L_ref,I_o_ref,R_s,R_sh_ref,Adjust,gamma_r,BIPV,Version,Date';
const UNITS = 'Units,,,,,,m2,m,m,,A,V,A,V,A/K,V/K,C,V,A,A,Ohm,Ohm,%,%/K,,,';
const SAM = '[0],lib_manufacturer,cec_material,lib_is_bifacial,,,cec_area,,,cec_n_s,,,,,,,,,,,,,,,,,';
const ROW =
  'Acme A-300,Acme,Mono-c-Si,0,300.1,270,1.6,1.65,0.99,60,9.5,39.5,9.1,33,0.004,-0.12,45,1.6,9.51,1e-10,0.3,500,8,-0.38,N,SAM 2021.12.02,12/1/2021';

describe('CEC module list', () => {
  it('reads every row of the 2021 list, none skipped, and finds names exactly or normalised', () => {
    const lib = cecLibraries().modules!.get(MODULE_LIST)!;
    expect(lib.records).toHaveLength(16830);
    expect(lib.warnings).toHaveLength(0);
    const m = findCecRecord(lib, 'CSI Solar Co., Ltd. CS3U-400MS');
    expect(m.name).toBe('CSI Solar Co._ Ltd. CS3U-400MS');
    expect(m).toMatchObject({
      cellsInSeries: 72,
      iLRef: 10.3337,
      iORef: 1.89e-11,
      rS: 0.223553,
      rShRef: 617.894,
    });
    expect(m.adjust).toBe(6.09187);
    expect(Number.isNaN(m.length)).toBe(true);
    expect(findCecRecord(lib, m.name)).toBe(m);
    expect(findCecRecord(lib, normaliseLibraryName(m.name))).toBe(m);
  });

  it('answers an unknown name with the closest entries', () => {
    const lib = cecLibraries().modules!.get(MODULE_LIST)!;
    expect(() => findCecRecord(lib, 'CSI Solar CS3U-999MS')).toThrow(LibraryLookupError);
    expect(() => findCecRecord(lib, 'CSI Solar CS3U-999MS')).toThrow(/closest: "CSI Solar/);
  });

  it('skips, with the line, rows of the wrong width, with text in a number or with a non-physical fit', () => {
    const text = [
      MODULE_HEADER,
      UNITS,
      SAM,
      ROW,
      'Short row,Acme,Mono-c-Si,0,300',
      ROW.replace('Acme A-300', 'Acme A-301').replace(',1.6,9.51,', ',n.a.,9.51,'),
      ROW.replace('Acme A-300', 'Acme A-302').replace(',1e-10,', ',0,'),
      ROW,
      '',
    ].join('\r\n');
    const lib = parseCecModuleLibrary(text, 'test.csv');
    expect(lib.records.map((r) => r.name)).toEqual(['Acme A-300']);
    expect(lib.warnings.map((w) => w.line)).toEqual([5, 6, 8, 0]);
    expect(lib.warnings[1]!.message).toMatch(/a_ref is "n.a.", not a number/);
    expect(lib.warnings[2]!.message).toMatch(/duplicate name/);
    expect(lib.warnings[3]!.message).toMatch(/non-physical/);
  });

  it('reads quoted names with commas and a byte-order mark; refuses a file that is not a CEC list', () => {
    const text = `\uFEFF${MODULE_HEADER}\n${ROW.replace('Acme A-300', '"Acme, Inc. A-300 ""X"""')}\n`;
    expect(parseCecModuleLibrary(text).records[0]!.name).toBe('Acme, Inc. A-300 "X"');
    expect(splitCsvLine('a,"b,c",d')).toEqual(['a', 'b,c', 'd']);
    expect(() => parseCecModuleLibrary('Date,GHI\n1,2\n', 'weather.csv')).toThrow(LibraryParseError);
    expect(() => parseCecModuleLibrary(`${MODULE_HEADER.replace(',Adjust', '')}\n`, 'old.csv')).toThrow(
      /no column "Adjust"/,
    );
    expect(() => parseCecModuleLibrary(`${MODULE_HEADER}\n${UNITS}\n`, 'empty.csv')).toThrow(/no usable row/);
  });

  it('becomes a case module record with the CEC fit (pvModel 100), %/K coefficients and the list area', () => {
    const m = findCecRecord(cecLibraries().modules!.get(MODULE_LIST)!, 'CSI Solar Co., Ltd. CS3U-400MS');
    const r = cecModuleRecord(m);
    expect(r).toMatchObject({
      pvModel: 100,
      numberOfCellsInSeries: 72,
      stcMaxPower: 400.248,
      cellTechnologyType: 3,
    });
    expect(r.stcShortCircuitCurrentTempCoef).toBeCloseTo((100 * 0.0038221) / 10.33, 12);
    expect(r.stcEfficiency).toBeCloseTo(400.248 / 19.2, 12);
    expect(r.length).toBeUndefined();
    expect(cellTechnologyFromCec('Multi-c-Si')).toBe(5);
    expect(cellTechnologyFromCec('CdTe')).toBe(6);
    expect(cellTechnologyFromCec('CIGS')).toBe(7);
    expect(cellTechnologyFromCec('Thin Film')).toBe(8);
  });
});

describe('CEC inverter lists', () => {
  it('reads both lists; the same name differs between them (the reference used 2019)', () => {
    const libs = cecLibraries().inverters!;
    const a = findCecRecord(libs.get(INVERTER_LIST_2019)!, 'SMA America: SB7.7-1SP-US-40 [240V]');
    const b = findCecRecord(libs.get(INVERTER_LIST_2022)!, 'SMA America: SB7.7-1SP-US-40 [240V]');
    expect(libs.get(INVERTER_LIST_2019)!.records).toHaveLength(3264);
    expect(libs.get(INVERTER_LIST_2022)!.records).toHaveLength(1321);
    expect(a).toMatchObject({
      paco: 7760,
      pdco: 8056.058594,
      vdco: 365,
      pso: 22.987658,
      pnt: 2.328,
      idcmax: 22.071393,
    });
    expect(b.pnt).toBe(5.1);
  });

  it('becomes a case inverter record: Sandia model 2, ratings in kW, the DC limits of the list', () => {
    const a = findCecRecord(
      cecLibraries().inverters!.get(INVERTER_LIST_2019)!,
      'SMA America: SB7.7-1SP-US-40 [240V]',
    );
    expect(cecInverterRecord(a)).toMatchObject({
      inverterEfficiencyModel: 2,
      powerRated: 7.76,
      minVoltage: 270,
      maxMPPVoltage: 480,
      maxAbsoluteVoltage: 480,
      maxCurrent: 22.071393,
      sandiaParameters: { paco: 7760, c0: -2.649614e-6, pnt: 2.328 },
    });
  });

  it('skips rows whose Sandia coefficients cannot be used', () => {
    const header =
      'Name,Vac,Pso,Paco,Pdco,Vdco,C0,C1,C2,C3,Pnt,Vdcmax,Idcmax,Mppt_low,Mppt_high,CEC_Date,CEC_Type';
    const good =
      'X: Y [240V],240,20,7000,7200,350,-1e-6,-3e-5,7e-4,-2e-3,2,480,20,100,480,n/a,Utility Interactive';
    const lib = parseCecInverterLibrary(
      `${header}\n${good}\n${good.replace('X: Y', 'X: Z').replace(',7000,', ',0,')}\n`,
    );
    expect(lib.records.map((r) => r.name)).toEqual(['X: Y [240V]']);
    expect(lib.warnings[0]!.message).toMatch(/Paco, Pdco or Vdco/);
  });
});

describe('case records of list entries', () => {
  it('converts an entry once: every case naming it shares one frozen record, and edits stay its own', () => {
    const libs = cecLibraries();
    const module = 'CSI Solar Co., Ltd. CS3U-400MS';
    const record = (v: unknown) => {
      const r = new CaseReader();
      const rec = libraryRecord(r, v, 'module', 'module', libs);
      expect(r.errors).toEqual([]);
      return rec!;
    };
    const first = record(module);
    expect(record(module)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.cecParameters)).toBe(true);
    // The record equals a fresh conversion of the entry.
    expect(first).toEqual(cecModuleRecord(findCecRecord(libs.modules!.get(MODULE_LIST)!, module)));
    // {library, name} with edits: a copy with the edits; the shared record keeps the list's values.
    const edited = record({ library: MODULE_LIST, name: module, stcMaxPower: 123, length: null });
    expect(edited.stcMaxPower).toBe(123);
    expect('length' in edited).toBe(false);
    expect(first.stcMaxPower).toBe(400.248);
    expect(record(module).length).toBe(first.length);
  });
});
