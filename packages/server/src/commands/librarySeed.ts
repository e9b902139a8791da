/**
 * First-start seed of the Global module and inverter libraries from the CEC lists shipped gzipped in
 * `packages/server/library/` (or the folder SUNFIELD_LIBRARY_DIR names): the CEC module list
 * (2021-12-01) and the CEC inverter lists (2022-02-18, then the 2019-03-05 names the newer list lacks).
 * Every entry becomes a Global asset (no company, status Global) with its source recorded.
 *
 * Runs once: completion is recorded in `system_settings` under `library.seeded.v1`, in the same
 * transaction as the rows, under an advisory lock so that two processes starting together seed once.
 * A missing folder or file is a warning, not an error: the app starts with empty libraries.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { ASSET_STATUS } from '@sunfield/domain';
import { parseCecInverterLibrary, parseCecModuleLibrary } from '@sunfield/engine/library/cecCsv.ts';
import type { Db } from '../db/index.ts';
import { systemSettings } from '../db/schema.ts';
import { insertEquipmentBatch, type EquipmentInsert } from '../models/equipment.ts';
import { inverterFromCec, moduleFromCec } from './equipmentRecords.ts';

export const LIBRARY_SEED_KEY = 'library.seeded.v1';

export const CEC_MODULE_FILE = 'sam-library-cec-modules-2021-12-01.csv';
export const CEC_INVERTER_FILES = [
  { file: 'sam-library-cec-inverters-2022-02-18.csv', source: 'CEC inverters 2022-02-18 (SAM library)' },
  { file: 'sam-library-cec-inverters-2019-03-05.csv', source: 'CEC inverters 2019-03-05 (SAM library)' },
] as const;
export const CEC_MODULE_SOURCE = 'CEC modules 2021-12-01 (SAM library)';

/** Arbitrary constant key of the advisory lock taken while seeding. */
const SEED_LOCK = 7_214_503;

/** The CEC lists shipped with the server, gzipped (packages/server/library/README.md). */
export const SHIPPED_LIBRARY_DIR = path.resolve(import.meta.dirname, '../../library');

/**
 * The folder of the CEC lists: SUNFIELD_LIBRARY_DIR, else the lists shipped in the repository (the
 * app runs from the repository alone).
 */
export function libraryDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.SUNFIELD_LIBRARY_DIR || SHIPPED_LIBRARY_DIR);
}

export interface LibrarySeedResult {
  status: 'seeded' | 'already' | 'skipped';
  modules: number;
  inverters: number;
  milliseconds: number;
  reason?: string;
}

export interface LibrarySeedOptions {
  dir?: string;
  /** Only the first N entries of each list (tests). */
  limit?: number;
  log?: (message: string) => void;
}

/** A list as `file`, else as `file.gz` (as shipped). */
function read(dir: string, file: string): string | undefined {
  const full = path.join(dir, file);
  if (fs.existsSync(full)) return fs.readFileSync(full, 'utf8');
  const gz = `${full}.gz`;
  return fs.existsSync(gz) ? zlib.gunzipSync(fs.readFileSync(gz)).toString('utf8') : undefined;
}

/** The Global entries of the CEC lists in `dir`, ready to insert. */
export function cecLibraryEntries(
  dir: string,
  limit = Number.POSITIVE_INFINITY,
): { modules: EquipmentInsert[]; inverters: EquipmentInsert[] } | { missing: string } {
  const moduleText = read(dir, CEC_MODULE_FILE);
  if (moduleText === undefined) return { missing: path.join(dir, CEC_MODULE_FILE) };
  const global = { companyId: null, ownerId: null, status: ASSET_STATUS.Global };
  const modules = parseCecModuleLibrary(moduleText, CEC_MODULE_FILE)
    .records.slice(0, limit)
    .map((m): EquipmentInsert => {
      const data = moduleFromCec(m);
      return {
        ...global,
        name: m.name,
        manufacturer: m.manufacturer || null,
        model: (data.model as string | undefined) ?? null,
        source: CEC_MODULE_SOURCE,
        data,
      };
    });
  const inverters: EquipmentInsert[] = [];
  const names = new Set<string>();
  for (const list of CEC_INVERTER_FILES) {
    const text = read(dir, list.file);
    if (text === undefined) {
      if (list === CEC_INVERTER_FILES[0]) return { missing: path.join(dir, list.file) };
      continue;
    }
    for (const v of parseCecInverterLibrary(text, list.file).records) {
      if (names.has(v.name) || names.size >= limit) continue;
      names.add(v.name);
      const data = inverterFromCec(v);
      inverters.push({
        ...global,
        name: v.name,
        manufacturer: (data.manufacturer as string | null) ?? null,
        model: (data.model as string | undefined) ?? null,
        source: list.source,
        data,
      });
    }
  }
  return { modules, inverters };
}

async function seededAlready(db: Db): Promise<boolean> {
  const rows = await db
    .select({ key: systemSettings.key })
    .from(systemSettings)
    .where(eq(systemSettings.key, LIBRARY_SEED_KEY))
    .limit(1);
  return rows.length > 0;
}

/** Seeds the Global libraries unless done before; says what it did and how long it took. */
export async function seedGlobalLibrary(
  db: Db,
  options: LibrarySeedOptions = {},
): Promise<LibrarySeedResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const log = options.log ?? ((message: string) => console.log(message));
  if (await seededAlready(db))
    return { status: 'already', modules: 0, inverters: 0, milliseconds: elapsed() };
  const dir = options.dir ?? libraryDir();
  const entries = cecLibraryEntries(dir, options.limit);
  if ('missing' in entries) {
    const reason = `CEC library list not found (${entries.missing}); the Global module and inverter libraries stay empty. Set SUNFIELD_LIBRARY_DIR to the folder of the CEC lists.`;
    log(`Warning: ${reason}`);
    return { status: 'skipped', modules: 0, inverters: 0, milliseconds: elapsed(), reason };
  }
  const done = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await seededAlready(tx as unknown as Db)) return false;
    await insertEquipmentBatch(tx as unknown as Db, 'module', entries.modules);
    await insertEquipmentBatch(tx as unknown as Db, 'inverter', entries.inverters);
    await tx.insert(systemSettings).values({
      key: LIBRARY_SEED_KEY,
      value: {
        modules: entries.modules.length,
        inverters: entries.inverters.length,
        sources: [CEC_MODULE_SOURCE, ...CEC_INVERTER_FILES.map((list) => list.source)],
        seededAt: new Date().toISOString(),
      },
    });
    return true;
  });
  if (!done) return { status: 'already', modules: 0, inverters: 0, milliseconds: elapsed() };
  // Planner statistics and the visibility map for the new rows (PGlite runs no autovacuum): the
  // trigram and sort indexes are chosen by them, and scans skip per-row visibility checks.
  await db.execute(sql`vacuum analyze modules`);
  await db.execute(sql`vacuum analyze inverters`);
  const milliseconds = elapsed();
  log(
    `Seeded the Global libraries: ${entries.modules.length} modules and ${entries.inverters.length} inverters from the CEC lists in ${(milliseconds / 1000).toFixed(1)} s.`,
  );
  return {
    status: 'seeded',
    modules: entries.modules.length,
    inverters: entries.inverters.length,
    milliseconds,
  };
}
