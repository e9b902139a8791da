/**
 * The trace that the first-start seed leaves in a Global inverter or module it took from a CEC list
 * (issue 17): which list's entry the record is, the older lists that have an entry of the same name the
 * seed did not use, the DC limits as the list gives them (inverters), and the fields the product gave a
 * value the list does not give (modules: the anti-reflective coating of the physical IAM). It is kept
 * in the record's `data` under {@link CEC_ENTRY_KEY}, never shown by the API nor taken from a request
 * (presenters/equipment.ts LIBRARY_FIELDS), carried by a clone and a save of the record (a company
 * clone made before the trace existed gets its Global record's once: commands/librarySeed.ts
 * `backfillCecCloneEntries`), and reaches the run with the record in the prediction's case, where
 * {@link cecEntryNotes} puts in the run's log of assumptions the two notes that `sunfield simulate`
 * makes for a case naming a CEC entry (engine simulate/libraryRefs.ts).
 */
import { IncidenceAngleModelType } from '@sunfield/engine/chain/choices.ts';
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
  /**
   * Fields the seed set to the product's default because the list does not give them, with that value
   * (a module's `useAntiReflectiveCoating: true`); absent when there are none.
   */
  assumed?: Record<string, boolean | number | string>;
}

/** What a CEC module list does not say and the product assumes (spec 1 §3 module defaults). */
export const CEC_MODULE_ASSUMED = { useAntiReflectiveCoating: true } as const;

/** The trace of a module record taken from a CEC module list (no older lists, no DC limits). */
export function cecModuleTrace(file: string, name: string): CecEntryTrace {
  return { file, name, sameNameIn: [], dcLimits: {}, assumed: { ...CEC_MODULE_ASSUMED } };
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
  const assumed: Record<string, boolean | number | string> = {};
  if (isRecord(t.assumed))
    for (const [key, v] of Object.entries(t.assumed))
      if (typeof v === 'boolean' || typeof v === 'number' || typeof v === 'string') assumed[key] = v;
  return {
    file: t.file,
    name: t.name,
    sameNameIn,
    dcLimits,
    ...(Object.keys(assumed).length ? { assumed } : {}),
  };
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
 * The notes of a module record with a trace, in a prediction whose incidence-angle model is
 * `incAngleModel`: the coating the physical IAM assumes while the record still has the value the seed
 * assumed (as the engine says it of a module record that does not give it, simulate/resolveDcField.ts).
 */
export function moduleNotes(
  record: Record<string, unknown>,
  trace: CecEntryTrace,
  incAngleModel: unknown,
): AssumptionNote[] {
  const coating = trace.assumed?.useAntiReflectiveCoating;
  if (incAngleModel !== IncidenceAngleModelType.Physical || coating !== true) return [];
  if (record.useAntiReflectiveCoating !== coating) return [];
  const index = typeof record.refractiveIndexOfARC === 'number' ? record.refractiveIndexOfARC : 1.29;
  return [
    {
      path: `module "${String(record.name ?? trace.name)}".useAntiReflectiveCoating`,
      value: `true (physical IAM with a coating of index ${index}; ${trace.file} does not say: the product's default)`,
    },
  ];
}

/**
 * The notes of every inverter and module of a case (engine case JSON, as the run records it) that
 * carries a trace, "path = value" as the engine lists its defaults, each once, in plant order.
 */
export function cecEntryNotes(caseJson: unknown): string[] {
  const out = new Set<string>();
  const list = (o: unknown, k: string): unknown[] => {
    const v = isRecord(o) ? o[k] : undefined;
    return Array.isArray(v) ? v : [];
  };
  const plant = isRecord(caseJson) ? caseJson.powerPlant : undefined;
  const prediction = isRecord(caseJson) ? caseJson.prediction : undefined;
  const incAngleModel = isRecord(prediction) ? prediction.incAngleModel : undefined;
  for (const block of list(plant, 'blocks'))
    for (const array of list(block, 'arrays'))
      for (const node of list(array, 'inverters')) {
        const record = isRecord(node) ? node.inverter : undefined;
        const trace = cecEntryOf(record);
        if (trace && isRecord(record))
          for (const n of recordNotes(record, trace)) out.add(`${n.path} = ${n.value}`);
        for (const field of list(node, 'dcFields')) {
          const module = isRecord(field) ? field.module : undefined;
          const moduleTrace = cecEntryOf(module);
          if (!moduleTrace || !isRecord(module)) continue;
          for (const n of moduleNotes(module, moduleTrace, incAngleModel)) out.add(`${n.path} = ${n.value}`);
        }
      }
  return [...out];
}
