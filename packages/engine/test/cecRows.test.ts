/**
 * `cecListRows` (issue 17, start-up of `sunfield simulate`): the rows of a CEC list a case names, kept
 * without parsing the list, give `findCecRecord` the record the whole list gives, for an exact name, a
 * name that only matches once normalised (the list's "Co._ Ltd." for "Co., Ltd.") and a quoted name;
 * a name that normalises like two rows stays ambiguous; `caseLibraryNames` lists what a case names.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  findCecRecord,
  LibraryLookupError,
  parseCecInverterLibrary,
  parseCecModuleLibrary,
} from '../src/library/cecCsv.ts';
import { cecListRows } from '../src/library/cecRows.ts';
import { caseLibraryNames } from '../src/simulate/libraryRefs.ts';
import { SHARED_DIR } from './golden.ts';
import { exampleCase, INVERTER_LIST_2019, INVERTER_LIST_2022, MODULE_LIST } from './simulateFixtures.ts';

const read = (file: string) => fs.readFileSync(path.join(SHARED_DIR, 'data', file), 'utf8');

describe('cecListRows', () => {
  it('keeps the header rows and the rows of the names: the same records as the whole list', () => {
    const text = read(MODULE_LIST);
    const whole = parseCecModuleLibrary(text, MODULE_LIST);
    const names = ['CSI Solar Co., Ltd. CS3U-400MS', 'First Solar, Inc. FS-6400A'];
    const rows = cecListRows(text, names);
    expect(rows.split('\n').slice(0, 3)).toEqual(
      text
        .split('\n')
        .slice(0, 3)
        .map((l) => l.replace(/^\uFEFF/, '')),
    );
    const part = parseCecModuleLibrary(rows, MODULE_LIST);
    expect(part.records.length).toBeLessThan(10);
    for (const n of names) expect(findCecRecord(part, n)).toEqual(findCecRecord(whole, n));
    expect(() => findCecRecord(part, 'CSI Solar Co., Ltd. CS3U-405MS')).toThrow(LibraryLookupError);
  });

  it('reads quoted names and CRLF lines, and keeps every row a name normalises like (ambiguity stays)', () => {
    const header = 'Name,Vac,Pso,Paco,Pdco,Vdco,C0,C1,C2,C3,Pnt,Vdcmax,Idcmax,Mppt_low,Mppt_high,CEC_Date';
    const units = 'Units,V,W,W,W,V,1/W,1/V,1/V,1/V,W,V,A,V,V,';
    const vars =
      '[0],inv_snl_ac_voltage,inv_snl_pso,inv_snl_paco,inv_snl_pdco,inv_snl_vdco,inv_snl_c0,inv_snl_c1,inv_snl_c2,inv_snl_c3,inv_snl_pnt,inv_snl_vdcmax,inv_snl_idcmax,inv_snl_mppt_low,inv_snl_mppt_hi,';
    const row = (name: string, paco: number) =>
      `${name},240,2,${paco},${paco + 100},300,0,0,0,0,0.1,480,20,100,450,`;
    const text = [
      `\uFEFF${header}`,
      units,
      vars,
      row('"Maker, Inc.: X 1 [240V]"', 1000),
      row('Maker_ Inc._ X 1 _240V_', 1100),
      row('Other: Y [208V]', 2000),
      row('Other: Y2 [208V]', 2100),
    ].join('\r\n');
    const part = parseCecInverterLibrary(cecListRows(text, ['Other: Y [208V]', 'Maker, Inc.: X 1 [240V]']));
    expect(part.records.map((r) => r.name)).toEqual([
      'Maker, Inc.: X 1 [240V]',
      'Maker_ Inc._ X 1 _240V_',
      'Other: Y [208V]',
    ]);
    expect(findCecRecord(part, 'Other: Y [208V]').paco).toBe(2000);
    // Exact first; the normalised form matches two rows, as in the whole list.
    expect(findCecRecord(part, 'Maker, Inc.: X 1 [240V]').paco).toBe(1000);
    expect(() => findCecRecord(part, 'Maker, Inc.: X 1 (240V)')).toThrow(/matches 2 entries/);
    expect(() => findCecRecord(parseCecInverterLibrary(text), 'Maker, Inc.: X 1 (240V)')).toThrow(
      /matches 2 entries/,
    );
  });

  it('caseLibraryNames: a name alone in the default lists, {library, name} in that list', () => {
    expect(caseLibraryNames(exampleCase('greensboro_fixed_cec'))).toEqual([
      {
        kind: 'inverter',
        name: 'SMA America: SB7.7-1SP-US-40 [240V]',
        files: [INVERTER_LIST_2019],
      },
      { kind: 'module', name: 'CSI Solar Co., Ltd. CS3U-400MS', files: [MODULE_LIST] },
    ]);
    const c = exampleCase('greensboro_fixed_cec') as {
      powerPlant: { blocks: { arrays: { inverters: Record<string, unknown>[] }[] }[] };
    };
    c.powerPlant.blocks[0]!.arrays[0]!.inverters[0]!.inverter = 'SMA America: SB7.7-1SP-US-40 [240V]';
    expect(caseLibraryNames(c)[0]!.files).toEqual([INVERTER_LIST_2022, INVERTER_LIST_2019]);
  });
});
