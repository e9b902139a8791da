/**
 * A company's clone of a Global inverter or module keeps the seed's CEC trace (lib/cecEntry.ts), so its
 * prediction runs say what the seed chose (issue 17). A clone made before the trace existed had none to
 * keep: it gets its Global record's trace once at the next start (`backfillCecCloneEntries`, run after
 * the Global records' backfills; on fresh databases, as it touches every company's clones). The run's
 * notes compare the clone's values with the trace, so a clone edited since gets no note of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import {
  backfillCecCloneEntries,
  CEC_CLONE_ENTRY_BACKFILL_KEY,
  CEC_ENTRY_BACKFILL_KEY,
  CEC_MODULE_CLONE_ENTRY_BACKFILL_KEY,
  CEC_MODULE_ENTRY_BACKFILL_KEY,
  CEC_MODULE_FILE,
  LIBRARY_SEED_KEY,
  seedGlobalLibrary,
} from '../../src/commands/librarySeed.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase, type Database } from '../../src/db/index.ts';
import { systemSettings } from '../../src/db/schema.ts';
import { startWorkers, type Workers } from '../../src/jobs/index.ts';
import { CEC_ENTRY_KEY } from '../../src/lib/cecEntry.ts';
import { insertEquipment, type EquipmentInsert } from '../../src/models/equipment.ts';
import { call } from './harness.ts';
import { freshDatabase, onServer } from './pgServer.ts';
import { plantBody, predictionWorld, TRACKER_MODULE, type PredictionWorld } from './predictionFactory.ts';
import {
  BOTH,
  BOTH_NOTES,
  L2019,
  ONLY_2019,
  ONLY_2022,
  ONLY_2022_NOTES,
  runLog,
  seededInverters,
  seededModule,
} from './cecEntryFixtures.ts';
import { runnablePrediction, runToSuccess } from './runHelpers.ts';

type Json = Record<string, unknown>;

const pgUrl = await freshDatabase('cec_clones');

/**
 * Drops the suite's database once the connections the closed pool was still ending are gone (a
 * forced drop would end them with an error the pool no longer listens to).
 */
async function dropDatabase(name: string): Promise<void> {
  await onServer(async (c) => {
    for (let i = 0; i < 200; i++) {
      const open = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
        name,
      ]);
      if (open.rows[0].n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await c.query(`drop database if exists ${name} with (force)`);
  });
}
const targets = [
  { kind: 'pglite', url: undefined },
  ...(pgUrl ? [{ kind: 'postgres', url: pgUrl }] : []),
] as const;

for (const target of targets) {
  describe(`company clones made before the CEC trace get it at the next start [${target.kind}]`, () => {
    let database: Database;
    let app: FastifyInstance;
    let workers: Workers | undefined;
    const globals = new Map<string, number>();
    let globalModule: EquipmentInsert;
    let globalModuleId: number;
    beforeAll(async () => {
      database = await openDatabase({ databaseUrl: target.url, dataDir: 'memory://' });
      // buildApp migrates the database; it does not seed the library.
      app = await buildApp({
        config: { ...loadConfig({}), databaseUrl: target.url, secret: 'cec-clones-test', mailDir: undefined },
        database,
        logger: false,
      });
      await app.ready();
      workers = await startWorkers(
        database,
        { info: () => {} },
        { names: ['prediction.run'], pollingIntervalSeconds: 0.5 },
      );
      // A library seeded with its trace, or given it by the Global backfills (which ran before).
      for (const row of seededInverters([BOTH, ONLY_2022, ONLY_2019]))
        globals.set(row.name, await insertEquipment(database.db, 'inverter', row));
      globalModule = seededModule(TRACKER_MODULE);
      globalModuleId = await insertEquipment(database.db, 'module', globalModule);
      // Not before the Global records have their trace (recorded by their backfills): nothing recorded.
      expect(await backfillCecCloneEntries(database.db, { log: () => {} })).toEqual({
        inverters: undefined,
        modules: undefined,
      });
      expect(
        (await database.executeSql(`select key from system_settings where key like 'library.%'`)).rows,
      ).toEqual([]);
      const at = new Date().toISOString();
      await database.db.insert(systemSettings).values([
        { key: LIBRARY_SEED_KEY, value: { test: true } },
        { key: CEC_ENTRY_BACKFILL_KEY, value: { inverters: 0, at } },
        { key: CEC_MODULE_ENTRY_BACKFILL_KEY, value: { modules: 0, at } },
      ]);
    });
    afterAll(async () => {
      await workers?.stop();
      await app?.close();
      await database?.close();
      if (target.url) await dropDatabase(new URL(target.url).pathname.slice(1));
    });

    const url = (kind: 'module' | 'inverter', id: number, tail = '') =>
      `/api/${kind === 'module' ? 'Module' : 'Inverter'}/${id}${tail}`;

    async function clone(world: PredictionWorld, kind: 'module' | 'inverter', id: number): Promise<number> {
      const res = await call(app, { method: 'POST', url: url(kind, id, '/Clone'), token: world.token });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { id: number }).id;
    }

    async function edit(world: PredictionWorld, kind: 'module' | 'inverter', id: number, change: Json) {
      const copy = (
        await call(app, { method: 'GET', url: url(kind, id), token: world.token })
      ).json() as Json;
      const res = await call(app, {
        method: 'PUT',
        url: url(kind, id),
        token: world.token,
        payload: { ...copy, ...change },
      });
      expect(res.statusCode, res.body).toBe(200);
    }

    async function traceOf(table: 'inverters' | 'modules', id: number): Promise<unknown> {
      const rows = await database.executeSql(
        `select data->'${CEC_ENTRY_KEY}' as entry from ${table} where id = $1`,
        [id],
      );
      return rows.rows[0]!.entry;
    }

    /** The notes of inverters and modules in the run log of a prediction with this equipment. */
    async function notesOfRun(
      world: PredictionWorld,
      equipment: { inverterId?: number; moduleId?: number },
      prediction: Json = {},
    ): Promise<string[]> {
      const plant = plantBody({ ...world, ...equipment }, 1) as Json;
      const p = await runnablePrediction(app, { world, plant, prediction });
      await runToSuccess(app, p);
      const lines = await runLog(app, world, p.id);
      return lines.filter((line) => line.startsWith('inverter "') || line.startsWith('module "'));
    }

    // Set up by the first test, used by the second.
    let a: PredictionWorld;
    let b: PredictionWorld;
    const ids: Record<string, number> = {};

    it('gives each clone its Global record’s trace once, and nothing else', async () => {
      a = await predictionWorld(app);
      b = await predictionWorld(app);
      // Company A: a clone, a clone of it, a renamed clone, an edited clone, a module clone (as made
      // and with its coating edited), a clone whose source is not a CEC list, a 2019 clone that keeps
      // its trace.
      ids.aBoth = await clone(a, 'inverter', globals.get(BOTH)!);
      ids.aBothTwice = await clone(a, 'inverter', ids.aBoth);
      ids.aRenamed = await clone(a, 'inverter', globals.get(ONLY_2022)!);
      await edit(a, 'inverter', ids.aRenamed, { name: 'Our string inverter' });
      // Renamed, and two Global records of its source have its manufacturer and model: none is taken.
      ids.aAmbiguous = await clone(a, 'inverter', globals.get(BOTH)!);
      await edit(a, 'inverter', ids.aAmbiguous, { name: 'Their string inverter' });
      const [both] = seededInverters([BOTH]);
      await insertEquipment(database.db, 'inverter', { ...both!, name: `${BOTH} (copy)` });
      ids.aEdited = await clone(a, 'inverter', globals.get(ONLY_2022)!);
      await edit(a, 'inverter', ids.aEdited, {
        minVoltage: 200,
        maxMPPVoltage: 470,
        maxAbsoluteVoltage: 500,
        maxCurrent: 20,
      });
      ids.aUser = await clone(a, 'inverter', globals.get(BOTH)!);
      ids.a2019 = await clone(a, 'inverter', globals.get(ONLY_2019)!);
      ids.aModule = await clone(a, 'module', globalModuleId);
      ids.aModuleEdited = await clone(a, 'module', globalModuleId);
      await edit(a, 'module', ids.aModuleEdited, { useAntiReflectiveCoating: false });
      // Company B: a clone of the 2022 entry, and one of the 2019 entry.
      ids.bBoth = await clone(b, 'inverter', globals.get(BOTH)!);
      ids.b2019 = await clone(b, 'inverter', globals.get(ONLY_2019)!);

      // Before the trace: the clones have none (but A's 2019 clone, made after), the 2019 Global
      // record has none either (its backfill found no list), and one clone came from elsewhere.
      await database.executeSql(
        `update inverters set data = data - '${CEC_ENTRY_KEY}' where company_id is not null and id <> $1`,
        [ids.a2019],
      );
      await database.executeSql(
        `update modules set data = data - '${CEC_ENTRY_KEY}' where company_id is not null`,
      );
      await database.executeSql(`update inverters set data = data - '${CEC_ENTRY_KEY}' where id = $1`, [
        globals.get(ONLY_2019),
      ]);
      await database.executeSql(`update inverters set source = 'User' where id = $1`, [ids.aUser]);
      const a2019Trace = await traceOf('inverters', ids.a2019);
      expect(a2019Trace).toMatchObject({ name: ONLY_2019, file: L2019 });

      const messages: string[] = [];
      expect((await seedGlobalLibrary(database.db, { log: (m) => messages.push(m) })).status).toBe('already');
      expect(messages).toEqual([
        'Recorded the CEC entry of 5 company inverters cloned before (their run-log notes).',
        'Recorded the CEC entry of 2 company modules cloned before (their run-log notes).',
      ]);
      const globalTrace = async (name: string) => traceOf('inverters', globals.get(name)!);
      for (const key of ['aBoth', 'aBothTwice', 'bBoth'])
        expect(await traceOf('inverters', ids[key]!), key).toEqual(await globalTrace(BOTH));
      // The renamed clone by its manufacturer and model; the edited one by its name.
      for (const key of ['aRenamed', 'aEdited'])
        expect(await traceOf('inverters', ids[key]!), key).toEqual(await globalTrace(ONLY_2022));
      // A module's trace names the Global entry (not the clone).
      for (const key of ['aModule', 'aModuleEdited'])
        expect(await traceOf('modules', ids[key]!), key).toEqual(globalModule.data[CEC_ENTRY_KEY]);
      // Not from elsewhere, and not from another company's clone: B's 2019 clone stays without (its
      // Global record has none), A's keeps its own.
      expect(await traceOf('inverters', ids.aUser!)).toBeNull();
      expect(await traceOf('inverters', ids.aAmbiguous!)).toBeNull();
      expect(await traceOf('inverters', ids.b2019!)).toBeNull();
      expect(await traceOf('inverters', ids.a2019!)).toEqual(a2019Trace);
      for (const [key, table] of [
        [CEC_CLONE_ENTRY_BACKFILL_KEY, { inverters: 5 }],
        [CEC_MODULE_CLONE_ENTRY_BACKFILL_KEY, { modules: 2 }],
      ] as const) {
        const setting = await database.executeSql(`select value from system_settings where key = $1`, [key]);
        expect(setting.rows[0]!.value).toMatchObject(table);
      }

      // Once: a second start changes nothing, even for a clone that lost its trace since.
      const all = `select 'i' || id as id, data from inverters union all select 'm' || id, data from modules order by 1`;
      await database.executeSql(`update inverters set data = data - '${CEC_ENTRY_KEY}' where id = $1`, [
        ids.bBoth,
      ]);
      const before = (await database.executeSql(all)).rows;
      messages.length = 0;
      expect((await seedGlobalLibrary(database.db, { log: (m) => messages.push(m) })).status).toBe('already');
      expect(messages).toEqual([]);
      expect((await database.executeSql(all)).rows).toEqual(before);
      await database.executeSql(
        `update inverters set data = data || jsonb_build_object('${CEC_ENTRY_KEY}', $2::jsonb) where id = $1`,
        [ids.bBoth, JSON.stringify(await globalTrace(BOTH))],
      );
    });

    it('a backfilled clone’s run says what the seed chose; an edited one says nothing of it', async () => {
      expect(a, 'the first test sets up the clones').toBeDefined();
      expect(await notesOfRun(a, { inverterId: ids.aBoth })).toEqual(BOTH_NOTES);
      expect(await notesOfRun(a, { inverterId: ids.aBothTwice })).toEqual(BOTH_NOTES);
      expect(await notesOfRun(a, { inverterId: ids.aRenamed })).toEqual(ONLY_2022_NOTES);
      // Every DC limit edited: the record's own, none from the list.
      expect(await notesOfRun(a, { inverterId: ids.aEdited })).toEqual([]);
      expect(await notesOfRun(b, { inverterId: ids.bBoth })).toEqual(BOTH_NOTES);
      // The physical IAM with the coating the seed assumed, unless the clone says otherwise since.
      expect(await notesOfRun(a, { moduleId: ids.aModule }, { incAngleModel: 6 })).toEqual([
        `module "${globalModule.name} - CLONE".useAntiReflectiveCoating = true (physical IAM with a coating ` +
          `of index 1.29; ${CEC_MODULE_FILE} does not say: the product's default)`,
      ]);
      expect(await notesOfRun(a, { moduleId: ids.aModuleEdited }, { incAngleModel: 6 })).toEqual([]);
    });
  });
}
