/**
 * What the tests of the seed's CEC trace share (library.cecEntry, library.cecEntryClones): entries of
 * the CEC inverter lists (one name in both lists, one in each alone), the notes a run makes for them,
 * the seed's rows of those entries, and a run's log of assumptions.
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { cecInverterEntries, cecLibraryEntries, libraryDir } from '../../src/commands/librarySeed.ts';
import type { EquipmentInsert } from '../../src/models/equipment.ts';
import { call } from './harness.ts';
import { predictionUrl, type PredictionWorld } from './predictionFactory.ts';

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

/** The run-log notes of {@link BOTH} as seeded: the 2019 entry not used, and the list's DC limits. */
export const BOTH_NOTES = [
  `inverter "${BOTH}" = the entry of ${L2022} (newest first); ${L2019} has an entry of the same name, not used`,
  `inverter "${BOTH}".DC limits = minimum MPPT voltage 270 V, maximum MPPT voltage 480 V, ` +
    `maximum DC voltage 480 V, maximum DC current 22.0721 A (from ${L2022}; ${WHY})`,
];
/** The run-log notes of {@link ONLY_2022} as seeded: its DC limits, nothing about 2019. */
export const ONLY_2022_NOTES = [
  `inverter "${ONLY_2022}".DC limits = minimum MPPT voltage 270 V, maximum MPPT voltage 480 V, ` +
    `maximum DC voltage 480 V, maximum DC current 22.0606 A (from ${L2022}; ${WHY})`,
];

let inverterEntries: ReturnType<typeof cecInverterEntries> | undefined;

/** The seed's inverter rows of these names, as it makes them (with their trace). */
export function seededInverters(names: string[]): EquipmentInsert[] {
  const entries = (inverterEntries ??= cecInverterEntries(libraryDir()));
  if ('missing' in entries) throw new Error(`CEC lists not found: ${entries.missing}`);
  const rows = structuredClone(entries.filter((v) => names.includes(v.name)));
  expect(rows.map((v) => v.name).sort()).toEqual([...names].sort());
  return rows;
}

let moduleEntries: EquipmentInsert[] | undefined;

/** The seed's module row of this name, as it makes it (with its trace). */
export function seededModule(name: string): EquipmentInsert {
  if (!moduleEntries) {
    const entries = cecLibraryEntries(libraryDir());
    if ('missing' in entries) throw new Error(`CEC lists not found: ${entries.missing}`);
    moduleEntries = entries.modules;
  }
  // The list writes SAM's '_' for a comma ("Co._ Ltd.").
  const row = moduleEntries.find((m) => m.name.replaceAll('_', ',') === name);
  if (!row) throw new Error(`no seeded module ${name}`);
  return structuredClone(row);
}

/** The log of assumptions of a prediction's successful run. */
export async function runLog(app: FastifyInstance, world: PredictionWorld, id: number): Promise<string[]> {
  const log = (
    await call(app, { method: 'GET', url: predictionUrl(world, id, '/RunLog'), token: world.token })
  ).json() as Record<string, unknown>[];
  return (log.find((entry) => entry.processingStatus === 3)?.assumptions ?? []) as string[];
}
