/**
 * The CEC trace of a seeded Global inverter and the run-log notes made from it (lib/cecEntry.ts): the
 * seed's entries carry it (2022 over 2019 of the same name, the list's DC limits), and the notes of a
 * case's inverters are those `sunfield simulate` makes for a case naming the entry, each once, naming
 * only the limits the record still has as the list gives them.
 */
import { describe, expect, it } from 'vitest';
import {
  CEC_MODULE_FILE,
  cecInverterEntries,
  cecLibraryEntries,
  SHIPPED_LIBRARY_DIR,
} from '../../src/commands/librarySeed.ts';
import {
  CEC_ENTRY_KEY,
  cecEntryNotes,
  cecEntryOf,
  cecModuleTrace,
  type CecEntryTrace,
} from '../../src/lib/cecEntry.ts';

type Json = Record<string, unknown>;

const SB77 = 'SMA America: SB7.7-1SP-US-40 [240V]';
const L2022 = 'sam-library-cec-inverters-2022-02-18.csv';
const L2019 = 'sam-library-cec-inverters-2019-03-05.csv';
const LIMITS = { minVoltage: 270, maxMPPVoltage: 480, maxAbsoluteVoltage: 480, maxCurrent: 22.0721 };
const TRACE: CecEntryTrace = { file: L2022, name: SB77, sameNameIn: [L2019], dcLimits: LIMITS };

/** A case whose inverter nodes use these records. */
const caseOf = (...records: Json[]): Json => ({
  powerPlant: {
    blocks: [{ arrays: [{ inverters: records.map((inverter, i) => ({ name: String(i), inverter })) }] }],
  },
});

describe('the CEC trace of seeded inverters', () => {
  it('is in every inverter the seed makes: the list, the older lists of the same name, the DC limits', () => {
    const inverters = cecInverterEntries(SHIPPED_LIBRARY_DIR);
    if ('missing' in inverters) throw new Error(inverters.missing);
    const sb77 = inverters.find((v) => v.name === SB77)!;
    expect(sb77.source).toBe('CEC inverters 2022-02-18 (SAM library)');
    expect(sb77.data[CEC_ENTRY_KEY]).toEqual(TRACE);
    expect(sb77.data).toMatchObject(LIMITS);
    const from2019 = inverters.filter((v) => v.source === 'CEC inverters 2019-03-05 (SAM library)');
    expect(from2019.length).toBeGreaterThan(0);
    for (const v of from2019) expect(cecEntryOf(v.data)).toMatchObject({ file: L2019, sameNameIn: [] });
    // 471 names are in both lists; the seed used the 2022 entry of each.
    const both = inverters.filter((v) => cecEntryOf(v.data)!.sameNameIn.length > 0);
    expect(both).toHaveLength(471);
    expect(inverters.every((v) => cecEntryOf(v.data)?.name === v.name)).toBe(true);
  });

  it('gives the notes of `sunfield simulate`, once per inverter, the limits the record keeps', () => {
    const record = { ...LIMITS, name: SB77, [CEC_ENTRY_KEY]: TRACE };
    const older = `inverter "${SB77}" = the entry of ${L2022} (newest first); ${L2019} has an entry of the same name, not used`;
    const limits = (taken: string) =>
      `inverter "${SB77}".DC limits = ${taken} (from ${L2022}; the library record keeps the list’s values)`;
    expect(cecEntryNotes(caseOf(record, record))).toEqual([
      older,
      limits(
        'minimum MPPT voltage 270 V, maximum MPPT voltage 480 V, maximum DC voltage 480 V, maximum DC current 22.0721 A',
      ),
    ]);
    // A limit changed or removed since is the record's own.
    const edited: Json = { ...record, maxCurrent: 20 };
    delete edited.minVoltage;
    expect(cecEntryNotes(caseOf(edited))).toEqual([
      older,
      limits('maximum MPPT voltage 480 V, maximum DC voltage 480 V'),
    ]);
    const ownLimits = { ...record, minVoltage: 1, maxMPPVoltage: 2, maxAbsoluteVoltage: 3, maxCurrent: 4 };
    expect(cecEntryNotes(caseOf(ownLimits))).toEqual([older]);
  });

  it('says nothing for records without a trace, or with one of another shape', () => {
    expect(cecEntryNotes(caseOf({ ...LIMITS, name: SB77 }))).toEqual([]);
    expect(cecEntryNotes(caseOf({ ...LIMITS, [CEC_ENTRY_KEY]: 'the 2022 list' }))).toEqual([]);
    expect(cecEntryNotes(caseOf({ ...LIMITS, [CEC_ENTRY_KEY]: { file: L2022 } }))).toEqual([]);
    expect(cecEntryNotes({})).toEqual([]);
    expect(cecEntryNotes(null)).toEqual([]);
    // A 2019 entry (no older list) with no DC limits in the list: nothing to say.
    const bare = { file: L2019, name: 'X', sameNameIn: [], dcLimits: {} };
    expect(cecEntryNotes(caseOf({ name: 'X', [CEC_ENTRY_KEY]: bare }))).toEqual([]);
  });
});

const FS = 'First Solar FS-6440A';
const PHYSICAL = 6;

/** A case of one inverter node whose DC fields use these module records, with this IAM model. */
const moduleCase = (incAngleModel: number | undefined, ...modules: Json[]): Json => ({
  prediction: incAngleModel === undefined ? {} : { incAngleModel },
  powerPlant: {
    blocks: [
      {
        arrays: [
          { inverters: [{ name: 'A', inverter: {}, dcFields: modules.map((module) => ({ module })) }] },
        ],
      },
    ],
  },
});

describe('the CEC trace of seeded modules', () => {
  it('is in every module the seed makes: the list, the entry, the coating the list does not give', () => {
    const entries = cecLibraryEntries(SHIPPED_LIBRARY_DIR, 2000);
    if ('missing' in entries) throw new Error(entries.missing);
    expect(entries.modules).toHaveLength(2000);
    for (const m of entries.modules) {
      expect(m.data[CEC_ENTRY_KEY], m.name).toEqual(cecModuleTrace(CEC_MODULE_FILE, m.name));
      // The record holds the value the trace says was assumed (the product's module default).
      expect(m.data.useAntiReflectiveCoating).toBe(true);
    }
    expect(cecModuleTrace(CEC_MODULE_FILE, FS)).toEqual({
      file: 'sam-library-cec-modules-2021-12-01.csv',
      name: FS,
      sameNameIn: [],
      dcLimits: {},
      assumed: { useAntiReflectiveCoating: true },
    });
  });

  it('says the assumed coating once per module, only with the physical IAM and while the record keeps it', () => {
    const record: Json = {
      name: FS,
      useAntiReflectiveCoating: true,
      refractiveIndexOfARC: 1.29,
      [CEC_ENTRY_KEY]: cecModuleTrace(CEC_MODULE_FILE, FS),
    };
    const note =
      `module "${FS}".useAntiReflectiveCoating = true (physical IAM with a coating of index 1.29; ` +
      `sam-library-cec-modules-2021-12-01.csv does not say: the product's default)`;
    expect(cecEntryNotes(moduleCase(PHYSICAL, record, record))).toEqual([note]);
    // Another IAM model does not use the coating; the default model (ASHRAE) neither.
    for (const model of [2, 3, 4, 5, undefined]) expect(cecEntryNotes(moduleCase(model, record))).toEqual([]);
    // A coating the record's owner changed since is the record's own.
    expect(cecEntryNotes(moduleCase(PHYSICAL, { ...record, useAntiReflectiveCoating: false }))).toEqual([]);
    // Its index is the record's.
    expect(cecEntryNotes(moduleCase(PHYSICAL, { ...record, refractiveIndexOfARC: 1.3 }))).toEqual([
      note.replace('index 1.29', 'index 1.3'),
    ]);
    // A module without a trace, or a trace without the assumption: nothing.
    const { [CEC_ENTRY_KEY]: _trace, ...untraced } = record;
    expect(cecEntryNotes(moduleCase(PHYSICAL, untraced))).toEqual([]);
    const bare = { file: CEC_MODULE_FILE, name: FS, sameNameIn: [], dcLimits: {} };
    expect(cecEntryNotes(moduleCase(PHYSICAL, { ...record, [CEC_ENTRY_KEY]: bare }))).toEqual([]);
  });
});
