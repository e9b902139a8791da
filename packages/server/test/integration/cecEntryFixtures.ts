/**
 * Entries of the CEC inverter lists that the tests of the seed's CEC trace use (library.cecEntry,
 * library.cecEntryClones): one name in both lists, one in each alone, and the wording of the notes.
 */
/** An inverter in the 2022 and the 2019 list. */
export const BOTH = 'SMA America: SB7.7-1SP-US-40 [240V]';
/** An inverter in the 2022 list alone. */
export const ONLY_2022 = 'SMA America: SB7.7-1SP-US-41 [240V]';
/** An inverter in the 2019 list alone. */
export const ONLY_2019 = 'ABB: MICRO-0.25-I-OUTD-US-208 [208V]';
export const L2022 = 'sam-library-cec-inverters-2022-02-18.csv';
export const L2019 = 'sam-library-cec-inverters-2019-03-05.csv';
/** Why a note says that the DC limits come from the list. */
export const WHY = 'the library record keeps the list’s values';
