/**
 * The trace that the first-start seed leaves in a Global inverter it took from a CEC list (issue 17):
 * which list's entry the record is, the older lists that have an entry of the same name the seed did
 * not use, and the DC limits as the list gives them. It is kept in the record's `data` under
 * {@link CEC_ENTRY_KEY}, never shown by the API nor taken from a request (presenters/equipment.ts
 * LIBRARY_FIELDS), carried by a clone and a save of the record, and reaches the run with the record in
 * the prediction's case, where {@link cecEntryNotes} puts in the run's log of assumptions the two notes
 * that `sunfield simulate` makes for a case naming a CEC entry (engine simulate/libraryRefs.ts).
 */
import {
  DC_LIMITS,
  listLimitsNote,
  olderEntryNote,
  type AssumptionNote,
} from '@sunfield/engine/simulate/libraryRefs.ts';

/** The key of the trace in an inverter record's data. */
export const CEC_ENTRY_KEY = 'cecEntry';

export type DcLimitKey = (typeof DC_LIMITS)[number][0];

export interface CecEntryTrace {
  /** the list file whose entry the record is, e.g. `sam-library-cec-inverters-2022-02-18.csv` */
  file: string;
  /** the entry's name in that list */
  name: string;
  /** older list files with an entry of the same name, not used */
  sameNameIn: string[];
  /** the DC limits the list gives (the record's values when seeded) */
  dcLimits: Partial<Record<DcLimitKey, number>>;
}

/**
 * The trace of an inverter record taken from a CEC list.
 * @param record the record as seeded (spec 3 Inverter fields, DC limits among them)
 */
export function cecEntryTrace(
  file: string,
  name: string,
  sameNameIn: string[],
  record: Record<string, unknown>,
): CecEntryTrace {
  const dcLimits: Partial<Record<DcLimitKey, number>> = {};
  for (const [key] of DC_LIMITS) {
    const v = record[key];
    if (typeof v === 'number' && Number.isFinite(v)) dcLimits[key] = v;
  }
  return { file, name, sameNameIn, dcLimits };
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** The trace of a record, or undefined when it has none (or not of this shape). */
export function cecEntryOf(record: unknown): CecEntryTrace | undefined {
  const t = isRecord(record) ? record[CEC_ENTRY_KEY] : undefined;
  if (!isRecord(t) || typeof t.file !== 'string' || typeof t.name !== 'string') return undefined;
  const sameNameIn = Array.isArray(t.sameNameIn)
    ? t.sameNameIn.filter((f): f is string => typeof f === 'string')
    : [];
  const dcLimits: Partial<Record<DcLimitKey, number>> = {};
  if (isRecord(t.dcLimits))
    for (const [key] of DC_LIMITS) {
      const v = t.dcLimits[key];
      if (typeof v === 'number') dcLimits[key] = v;
    }
  return { file: t.file, name: t.name, sameNameIn, dcLimits };
}

/**
 * The notes of one inverter record with a trace: that the newer list's entry was used over an older
 * list's entry of the same name, and the DC limits the record still has as the list gives them (a
 * limit changed or removed since is the record's own and is not named).
 */
export function recordNotes(record: Record<string, unknown>, trace: CecEntryTrace): AssumptionNote[] {
  const notes = trace.sameNameIn.map((older) => olderEntryNote(trace.name, trace.file, older));
  const limits = listLimitsNote(
    trace.name,
    trace.file,
    trace.dcLimits,
    (key) => record[key] !== trace.dcLimits[key as DcLimitKey],
    'the library record keeps the list’s values',
  );
  if (limits) notes.push(limits);
  return notes;
}

/**
 * The notes of every inverter of a case (engine case JSON, as the run records it) that carries a
 * trace, "path = value" as the engine lists its defaults, each once, in plant order.
 */
export function cecEntryNotes(caseJson: unknown): string[] {
  const out = new Set<string>();
  const list = (o: unknown, k: string): unknown[] => {
    const v = isRecord(o) ? o[k] : undefined;
    return Array.isArray(v) ? v : [];
  };
  const plant = isRecord(caseJson) ? caseJson.powerPlant : undefined;
  for (const block of list(plant, 'blocks'))
    for (const array of list(block, 'arrays'))
      for (const node of list(array, 'inverters')) {
        const record = isRecord(node) ? node.inverter : undefined;
        const trace = cecEntryOf(record);
        if (!trace || !isRecord(record)) continue;
        for (const n of recordNotes(record, trace)) out.add(`${n.path} = ${n.value}`);
      }
  return [...out];
}
