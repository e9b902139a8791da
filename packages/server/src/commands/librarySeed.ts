/**
 * First-start seed of the Global module and inverter libraries from the CEC lists shipped gzipped in
 * `packages/server/library/` (or the folder SUNFIELD_LIBRARY_DIR names): the CEC module list
 * (2021-12-01) and the CEC inverter lists (2022-02-18, then the 2019-03-05 names the newer list lacks).
 * Every entry becomes a Global asset (no company, status Global) with its source recorded; an inverter
 * also with the trace of what the seed chose (lib/cecEntry.ts: the 2022 entry over a 2019 entry of the
 * same name, the DC limits from the list), which a prediction run puts in its log of assumptions.
 * Libraries seeded before the trace existed get it once at the next start (`backfillCecEntries`,
 * `backfillCecModuleEntries`), and so do the company clones of their records made before it
 * (`backfillCecCloneEntries`).
 *
 * Runs once: completion is recorded in `system_settings` under `library.seeded.v1`, in the same
 * transaction as the rows, under an advisory lock so that two processes starting together seed once.
 * A missing folder or file is a warning, not an error: the app starts with empty libraries.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq, sql, type SQL } from 'drizzle-orm';
import { ASSET_STATUS } from '@sunfield/domain';
import { parseCecInverterLibrary, parseCecModuleLibrary } from '@sunfield/engine/library/cecCsv.ts';
import { cecInverterRecord } from '@sunfield/engine/library/cecRecords.ts';
import type { Db } from '../db/index.ts';
import { systemSettings } from '../db/schema.ts';
import { insertEquipmentBatch, type EquipmentInsert } from '../models/equipment.ts';
import { CEC_ENTRY_KEY, cecEntryTrace, cecModuleTrace } from '../lib/cecEntry.ts';
import { inverterFromCec, moduleFromCec } from './equipmentRecords.ts';
import { CLONE_SUFFIX } from './equipmentSave.ts';

export const LIBRARY_SEED_KEY = 'library.seeded.v1';
/** Recorded once the Global inverters carry their CEC trace (seeded so, or given it by the backfill). */
export const CEC_ENTRY_BACKFILL_KEY = 'library.cecEntry.v1';
/** Recorded once the Global modules seeded before their trace have it (`backfillCecModuleEntries`). */
export const CEC_MODULE_ENTRY_BACKFILL_KEY = 'library.cecModuleEntry.v1';
/** Recorded once the company clones of Global inverters made before the trace have it. */
export const CEC_CLONE_ENTRY_BACKFILL_KEY = 'library.cecEntry.clones.v1';
/** Recorded once the company clones of Global modules made before the trace have it. */
export const CEC_MODULE_CLONE_ENTRY_BACKFILL_KEY = 'library.cecModuleEntry.clones.v1';

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

const GLOBAL = { companyId: null, ownerId: null, status: ASSET_STATUS.Global } as const;

/** The Global entries of the CEC lists in `dir`, ready to insert. */
export function cecLibraryEntries(
  dir: string,
  limit = Number.POSITIVE_INFINITY,
): { modules: EquipmentInsert[]; inverters: EquipmentInsert[] } | { missing: string } {
  const moduleText = read(dir, CEC_MODULE_FILE);
  if (moduleText === undefined) return { missing: path.join(dir, CEC_MODULE_FILE) };
  const modules = parseCecModuleLibrary(moduleText, CEC_MODULE_FILE)
    .records.slice(0, limit)
    .map((m): EquipmentInsert => {
      const data = moduleFromCec(m);
      data[CEC_ENTRY_KEY] = cecModuleTrace(CEC_MODULE_FILE, m.name);
      return {
        ...GLOBAL,
        name: m.name,
        manufacturer: m.manufacturer || null,
        model: (data.model as string | undefined) ?? null,
        source: CEC_MODULE_SOURCE,
        data,
      };
    });
  const inverters = cecInverterEntries(dir, limit);
  return 'missing' in inverters ? inverters : { modules, inverters };
}

/**
 * The Global inverters of the CEC lists in `dir`, ready to insert: the newest list's entries, then the
 * names an older list adds, each with its CEC trace (lib/cecEntry.ts).
 */
export function cecInverterEntries(
  dir: string,
  limit = Number.POSITIVE_INFINITY,
): EquipmentInsert[] | { missing: string } {
  const lists = inverterLists(dir);
  if ('missing' in lists) return lists;
  const inverters: EquipmentInsert[] = [];
  const names = new Set<string>();
  lists.forEach(({ list, library }, k) => {
    for (const v of library.records) {
      if (names.has(v.name) || names.size >= limit) continue;
      names.add(v.name);
      const data = inverterFromCec(v);
      data[CEC_ENTRY_KEY] = cecEntryTrace(list.file, v.name, olderListsNaming(lists, k, v.name), data);
      inverters.push({
        ...GLOBAL,
        name: v.name,
        manufacturer: (data.manufacturer as string | null) ?? null,
        model: (data.model as string | undefined) ?? null,
        source: list.source,
        data,
      });
    }
  });
  return inverters;
}

type InverterList = {
  list: (typeof CEC_INVERTER_FILES)[number];
  library: ReturnType<typeof parseCecInverterLibrary>;
};

/** The CEC inverter lists in `dir`, newest first (the newest is required, the older ones optional). */
function inverterLists(dir: string): InverterList[] | { missing: string } {
  const out: InverterList[] = [];
  for (const list of CEC_INVERTER_FILES) {
    const text = read(dir, list.file);
    if (text === undefined) {
      if (list === CEC_INVERTER_FILES[0]) return { missing: path.join(dir, list.file) };
      continue;
    }
    out.push({ list, library: parseCecInverterLibrary(text, list.file) });
  }
  return out;
}

/** The lists after the `k`th with an entry of this name: the entries the seed did not use. */
function olderListsNaming(lists: InverterList[], k: number, name: string): string[] {
  return lists.slice(k + 1).flatMap(({ list, library }) => (library.byName.has(name) ? [list.file] : []));
}

async function settingExists(db: Db, key: string): Promise<boolean> {
  const rows = await db
    .select({ key: systemSettings.key })
    .from(systemSettings)
    .where(eq(systemSettings.key, key))
    .limit(1);
  return rows.length > 0;
}

const seededAlready = (db: Db) => settingExists(db, LIBRARY_SEED_KEY);

/**
 * Gives the Global inverters of a library seeded before the seed left its trace (lib/cecEntry.ts)
 * the trace, from the lists in `dir`: each Global inverter whose source is a CEC inverter list and
 * whose name is an entry of it, unless it has one. Runs once (recorded under
 * {@link CEC_ENTRY_BACKFILL_KEY}, in the transaction of the update, under the seed's lock); missing
 * lists are a warning and leave it for the next start. Company clones made before the trace get it
 * from their Global record afterwards ({@link backfillCecCloneEntries}).
 * @returns the number of inverters given the trace, or undefined when there was nothing to do
 */
export async function backfillCecEntries(
  db: Db,
  options: { dir?: string; log?: (message: string) => void } = {},
): Promise<number | undefined> {
  if (await settingExists(db, CEC_ENTRY_BACKFILL_KEY)) return undefined;
  const log = options.log ?? ((message: string) => console.log(message));
  const lists = inverterLists(options.dir ?? libraryDir());
  if ('missing' in lists) {
    log(`Warning: CEC inverter list not found (${lists.missing}); the Global inverters get no CEC trace.`);
    return undefined;
  }
  const traces = lists.flatMap(({ list, library }, k) =>
    library.records.map((v) => ({
      source: list.source,
      name: v.name,
      entry: cecEntryTrace(list.file, v.name, olderListsNaming(lists, k, v.name), cecInverterRecord(v)),
    })),
  );
  return backfillOnce(
    db,
    CEC_ENTRY_BACKFILL_KEY,
    'inverters',
    sql`
      update inverters as i
         set data = i.data || jsonb_build_object(${CEC_ENTRY_KEY}::text, v.entry)
        from jsonb_to_recordset(${JSON.stringify(traces)}::jsonb) as v(source text, name text, entry jsonb)
       where i.company_id is null and i.source = v.source and i.name = v.name
         and i.data -> ${CEC_ENTRY_KEY}::text is null
      returning i.id`,
    (n) => `Recorded the CEC entry of ${n} Global inverters seeded before (their run-log notes).`,
    log,
  );
}

/**
 * Gives the Global modules of a library seeded before the seed left its trace (lib/cecEntry.ts) the
 * trace: each Global module whose source is the CEC module list, unless it has one. The trace needs
 * nothing from the list but its file and the entry's name, so this is one statement. Runs once
 * (recorded under {@link CEC_MODULE_ENTRY_BACKFILL_KEY}, in the transaction of the update, under the
 * seed's lock). Company clones made before the trace get it from their Global record afterwards
 * ({@link backfillCecCloneEntries}).
 * @returns the number of modules given the trace, or undefined when there was nothing to do
 */
export async function backfillCecModuleEntries(
  db: Db,
  options: { log?: (message: string) => void } = {},
): Promise<number | undefined> {
  if (await settingExists(db, CEC_MODULE_ENTRY_BACKFILL_KEY)) return undefined;
  const log = options.log ?? ((message: string) => console.log(message));
  const trace = cecModuleTrace(CEC_MODULE_FILE, '');
  return backfillOnce(
    db,
    CEC_MODULE_ENTRY_BACKFILL_KEY,
    'modules',
    sql`
      update modules as m
         set data = m.data || jsonb_build_object(
               ${CEC_ENTRY_KEY}::text,
               ${JSON.stringify(trace)}::jsonb || jsonb_build_object('name', m.name))
       where m.company_id is null and m.source = ${CEC_MODULE_SOURCE}
         and m.data -> ${CEC_ENTRY_KEY}::text is null
      returning m.id`,
    (n) => `Recorded the CEC entry of ${n} Global modules seeded before (their run-log notes).`,
    log,
  );
}

/** `CLONE_SUFFIX` repeated at the end of a name, as a PostgreSQL regular expression. */
const TRAILING_CLONE_SUFFIXES = `(?:${CLONE_SUFFIX.replace(/[^\w ]/g, '\\$&')})+$`;

/**
 * The update that gives each company record of `table` that is a copy of a Global record with a trace,
 * made before the trace existed, that trace (the Global record's, as it is: a module's names the
 * Global entry). A record qualifies when it has no trace and its source is one of `sources` (a CEC
 * list's); its Global record is the one of the same source whose name is the record's without its
 * trailing clone suffixes (a clone of a clone has several), else, when no Global record of that
 * source has that name (the clone was renamed), the only Global record of that source with the same
 * manufacturer and model. Nothing is read from any company's records but the one updated. The exact
 * comparisons come with `lower(…) = lower(…)`, which lets the library-search indexes on lower(name)
 * (and the modules' on lower(model)) find the candidates (migration 0003).
 */
function cloneTraceUpdate(table: 'modules' | 'inverters', sources: readonly string[]): SQL {
  const t = sql.raw(table);
  const key = sql`${CEC_ENTRY_KEY}::text`;
  return sql`
    update ${t} as c
       set data = c.data || jsonb_build_object(${key}, m.entry)
      from (
        select k.id,
               case when n.id is not null then n.entry
                    else (select (array_agg(g.data -> ${key}))[1]
                            from ${t} as g
                           where g.company_id is null and g.source = k.source
                             and g.manufacturer = k.manufacturer
                             and lower(g.model) = lower(k.model) and g.model = k.model
                          having count(*) = 1)
               end as entry
          from ${t} as k
         cross join lateral (select regexp_replace(k.name, ${TRAILING_CLONE_SUFFIXES}::text, '') as base) as b
          left join lateral (
                select g.id, g.data -> ${key} as entry
                  from ${t} as g
                 where g.company_id is null and g.source = k.source
                   and lower(g.name) = lower(b.base) and g.name = b.base
                 order by (g.data -> ${key}) is null, g.id
                 limit 1) as n on true
         where k.company_id is not null and k.data -> ${key} is null
           and k.source in (${sql.join(
             sources.map((s) => sql`${s}`),
             sql`, `,
           )})
      ) as m
     where c.id = m.id and jsonb_typeof(m.entry) = 'object'
    returning c.id`;
}

/**
 * Gives the company clones of Global inverters and modules made before the seed left its trace
 * (lib/cecEntry.ts) their Global record's trace ({@link cloneTraceUpdate}): a clone keeps the trace
 * of the record it copies (commands/equipmentSave.ts), and one made before had none to keep. Each
 * kind runs once, after the Global records have theirs (recorded under
 * {@link CEC_CLONE_ENTRY_BACKFILL_KEY} and {@link CEC_MODULE_CLONE_ENTRY_BACKFILL_KEY}, in the
 * transaction of the update, under the seed's lock). The run's notes compare the clone's values with
 * the trace (the DC limits, the assumed coating), so a clone edited since gets no note of them.
 * @returns the number of inverters and modules given the trace (undefined: nothing to do)
 */
export async function backfillCecCloneEntries(
  db: Db,
  options: { log?: (message: string) => void } = {},
): Promise<{ inverters: number | undefined; modules: number | undefined }> {
  const log = options.log ?? ((message: string) => console.log(message));
  const once = async (
    globalsKey: string,
    key: string,
    table: 'modules' | 'inverters',
    sources: readonly string[],
  ) => {
    // Not before the Global records have their trace (the inverters' waits for the lists).
    if (!(await settingExists(db, globalsKey)) || (await settingExists(db, key))) return undefined;
    return backfillOnce(
      db,
      key,
      table,
      cloneTraceUpdate(table, sources),
      (n) => `Recorded the CEC entry of ${n} company ${table} cloned before (their run-log notes).`,
      log,
    );
  };
  const inverterSources = CEC_INVERTER_FILES.map((list) => list.source);
  return {
    inverters: await once(CEC_ENTRY_BACKFILL_KEY, CEC_CLONE_ENTRY_BACKFILL_KEY, 'inverters', inverterSources),
    modules: await once(CEC_MODULE_ENTRY_BACKFILL_KEY, CEC_MODULE_CLONE_ENTRY_BACKFILL_KEY, 'modules', [
      CEC_MODULE_SOURCE,
    ]),
  };
}

/**
 * Runs a backfill `update` (returning one row per record changed) once: in a transaction under the
 * seed's lock, recorded under `key` with the count; then analyzes the table and says what it did
 * (`done`, given the count).
 * @returns the number of records changed, or undefined when it was done before
 */
async function backfillOnce(
  db: Db,
  key: string,
  table: 'modules' | 'inverters',
  update: SQL,
  done: (count: number) => string,
  log: (message: string) => void,
): Promise<number | undefined> {
  const updated = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await settingExists(tx as unknown as Db, key)) return undefined;
    const result = (await tx.execute(update)) as unknown as { rows: unknown[] };
    const count = result.rows.length;
    await tx.insert(systemSettings).values({ key, value: { [table]: count, at: new Date().toISOString() } });
    return count;
  });
  if (updated === undefined) return undefined;
  if (updated > 0) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
    log(done(updated));
  }
  return updated;
}

/** Seeds the Global libraries unless done before; says what it did and how long it took. */
export async function seedGlobalLibrary(
  db: Db,
  options: LibrarySeedOptions = {},
): Promise<LibrarySeedResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const log = options.log ?? ((message: string) => console.log(message));
  const dir = options.dir ?? libraryDir();
  if (await seededAlready(db)) {
    await backfillCecEntries(db, { dir, log });
    await backfillCecModuleEntries(db, { log });
    // After them: a clone takes its Global record's trace.
    await backfillCecCloneEntries(db, { log });
    return { status: 'already', modules: 0, inverters: 0, milliseconds: elapsed() };
  }
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
    // The inverters and modules carry their CEC trace from the start, and so will their clones: no
    // backfill.
    const at = new Date().toISOString();
    await tx.insert(systemSettings).values([
      { key: CEC_ENTRY_BACKFILL_KEY, value: { inverters: 0, at } },
      { key: CEC_MODULE_ENTRY_BACKFILL_KEY, value: { modules: 0, at } },
      { key: CEC_CLONE_ENTRY_BACKFILL_KEY, value: { inverters: 0, at } },
      { key: CEC_MODULE_CLONE_ENTRY_BACKFILL_KEY, value: { modules: 0, at } },
    ]);
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
