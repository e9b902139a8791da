/**
 * What the first-start seed chose for a Global inverter from the CEC lists reaches a prediction's run
 * log of assumptions (issue 17), as `sunfield simulate` says it for a case naming the entry: the 2022
 * entry over the 2019 entry of the same name, and the DC limits taken from the list (those the record
 * still has as the list gives them). The seed leaves the trace in the record (lib/cecEntry.ts), the API
 * never shows it nor takes it, a clone keeps it; a library seeded before the trace gets it once at the
 * next start (`backfillCecEntries`, on fresh databases: it touches every Global inverter).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import {
  CEC_ENTRY_BACKFILL_KEY,
  CEC_MODULE_ENTRY_BACKFILL_KEY,
  CEC_MODULE_FILE,
  LIBRARY_SEED_KEY,
  seedGlobalLibrary,
} from '../../src/commands/librarySeed.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase, type Database } from '../../src/db/index.ts';
import { systemSettings } from '../../src/db/schema.ts';
import { CEC_ENTRY_KEY, cecModuleTrace } from '../../src/lib/cecEntry.ts';
import { insertEquipment, insertEquipmentBatch } from '../../src/models/equipment.ts';
import { call, describeEachDatabase } from './harness.ts';
import { freshDatabase, onServer } from './pgServer.ts';
import {
  dcFieldOf,
  plantBody,
  predictionWorld,
  TRACKER_MODULE,
  type PredictionWorld,
} from './predictionFactory.ts';
import {
  BOTH,
  BOTH_NOTES,
  L2019,
  L2022,
  ONLY_2019,
  ONLY_2022,
  ONLY_2022_NOTES,
  runLog,
  seededInverters,
  seededModule,
  WHY,
} from './cecEntryFixtures.ts';
import { runnablePrediction, runToSuccess, runWorkers } from './runHelpers.ts';

type Json = Record<string, unknown>;

const inverterNotes = (lines: string[]) => lines.filter((line) => line.startsWith('inverter "'));

describeEachDatabase('a prediction run says what the seed chose for its Global inverter', (ctx) => {
  runWorkers(ctx);
  let ids: Map<string, number>;
  beforeAll(async () => {
    const { database } = ctx();
    const rows = seededInverters([BOTH, ONLY_2022]);
    ids = new Map();
    for (const row of rows) ids.set(row.name, await insertEquipment(database.db, 'inverter', row));
  });

  /** Runs a prediction of the suite's plant with this inverter; its run log's inverter notes. */
  async function notesOfRun(world: PredictionWorld, inverterId: number): Promise<string[]> {
    const { app } = ctx();
    const plant = plantBody({ ...world, inverterId }, 1) as Json;
    expect(dcFieldOf(plant).moduleId).toBe(world.moduleId);
    const p = await runnablePrediction(app, { world, plant });
    await runToSuccess(app, p);
    return inverterNotes(await runLog(app, world, p.id));
  }

  it('names the 2019 entry not used and the DC limits from the list', async () => {
    const { app } = ctx();
    const world = await predictionWorld(app);
    expect(await notesOfRun(world, ids.get(BOTH)!)).toEqual(BOTH_NOTES);
    // A name only the 2022 list has: its DC limits, nothing about 2019.
    expect(await notesOfRun(world, ids.get(ONLY_2022)!)).toEqual(ONLY_2022_NOTES);
    // An inverter that is no seeded entry (the suites' Global record, inserted without a trace): none.
    expect(await notesOfRun(world, world.inverterId)).toEqual([]);
  });

  it('hides the trace from the API, and a clone keeps it: a limit edited since is the record’s own', async () => {
    const { app } = ctx();
    const world = await predictionWorld(app);
    const global = (
      await call(app, { method: 'GET', url: `/api/Inverter/${ids.get(BOTH)!}`, token: world.token })
    ).json() as Json;
    expect(global.maxCurrent).toBe(22.0721);
    expect(global).not.toHaveProperty(CEC_ENTRY_KEY);
    const clone = await call(app, {
      method: 'POST',
      url: `/api/Inverter/${ids.get(BOTH)!}/Clone`,
      token: world.token,
    });
    const cloneId = (clone.json() as { id: number }).id;
    const copy = (
      await call(app, { method: 'GET', url: `/api/Inverter/${cloneId}`, token: world.token })
    ).json() as Json;
    // A trace sent in a body is not taken (the stored one stays).
    const forged = { file: 'forged.csv', name: 'x', sameNameIn: ['y'], dcLimits: {} };
    const saved = await call(app, {
      method: 'PUT',
      url: `/api/Inverter/${cloneId}`,
      token: world.token,
      payload: { ...copy, maxCurrent: 20, [CEC_ENTRY_KEY]: forged },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).not.toHaveProperty(CEC_ENTRY_KEY);
    expect(await notesOfRun(world, cloneId)).toEqual([
      `inverter "${BOTH}" = the entry of ${L2022} (newest first); ${L2019} has an entry of the same name, not used`,
      `inverter "${BOTH}".DC limits = minimum MPPT voltage 270 V, maximum MPPT voltage 480 V, ` +
        `maximum DC voltage 480 V (from ${L2022}; ${WHY})`,
    ]);
  });

  it('says the coating the seed assumed for a CEC module, with the physical IAM only', async () => {
    const { app, database } = ctx();
    const world = await predictionWorld(app);
    const seeded = seededModule(TRACKER_MODULE);
    expect(seeded.data[CEC_ENTRY_KEY]).toEqual(cecModuleTrace(CEC_MODULE_FILE, seeded.name));
    const moduleId = await insertEquipment(database.db, 'module', seeded);
    const notes = async (prediction: Json, id = moduleId) => {
      const plant = plantBody({ ...world, moduleId: id }, 1) as Json;
      const p = await runnablePrediction(app, { world, plant, prediction });
      await runToSuccess(app, p);
      return (await runLog(app, world, p.id)).filter((line) => line.startsWith('module "'));
    };
    expect(await notes({ incAngleModel: 6 })).toEqual([
      `module "${seeded.name}".useAntiReflectiveCoating = true (physical IAM with a coating of index 1.29; ` +
        `${CEC_MODULE_FILE} does not say: the product's default)`,
    ]);
    // ASHRAE (the default) does not use the coating.
    expect(await notes({})).toEqual([]);
    // The suite's Global module is the same entry stored without a trace: nothing said.
    expect(await notes({ incAngleModel: 6 }, world.moduleId)).toEqual([]);
  });
});

const pgUrl = await freshDatabase('cec_entry');
const targets = [
  { kind: 'pglite', url: undefined },
  ...(pgUrl ? [{ kind: 'postgres', url: pgUrl }] : []),
] as const;

for (const target of targets) {
  describe(`a library seeded before the trace gets it at the next start [${target.kind}]`, () => {
    let database: Database;
    beforeAll(async () => {
      database = await openDatabase({ databaseUrl: target.url, dataDir: 'memory://' });
      // buildApp migrates the database.
      const app = await buildApp({
        config: { ...loadConfig({}), databaseUrl: target.url, secret: 'cec-entry-test' },
        database,
        logger: false,
      });
      await app.ready();
      await app.close();
    });
    afterAll(async () => {
      await database?.close();
      if (target.url)
        await onServer((c) =>
          c.query(`drop database if exists ${new URL(target.url).pathname.slice(1)} with (force)`),
        );
    });

    it('records the CEC entry of each Global inverter once, from the list its source names', async () => {
      const seeded = seededInverters([BOTH, ONLY_2022, ONLY_2019]);
      const before = seeded.map((row) => {
        const data = { ...row.data };
        delete data[CEC_ENTRY_KEY];
        return { ...row, data };
      });
      // A record of the same name from elsewhere (not a CEC list's source) is left as it is.
      await insertEquipmentBatch(database.db, 'inverter', [...before, { ...before[0]!, source: 'User' }]);
      await database.db.insert(systemSettings).values({ key: LIBRARY_SEED_KEY, value: { test: true } });

      const messages: string[] = [];
      const result = await seedGlobalLibrary(database.db, { log: (m) => messages.push(m) });
      expect(result.status).toBe('already');
      expect(messages).toEqual([
        'Recorded the CEC entry of 3 Global inverters seeded before (their run-log notes).',
      ]);
      const stored = await database.executeSql(
        `select name, data->'${CEC_ENTRY_KEY}' as entry from inverters where source <> 'User' order by name`,
      );
      const byName = new Map(stored.rows.map((r) => [r.name as string, r.entry]));
      // The same trace as a seed made now.
      for (const row of seeded) expect(byName.get(row.name), row.name).toEqual(row.data[CEC_ENTRY_KEY]);
      expect(byName.get(BOTH)).toMatchObject({ file: L2022, sameNameIn: [L2019] });
      expect(byName.get(ONLY_2019)).toMatchObject({ file: L2019, sameNameIn: [] });
      const setting = await database.executeSql(`select value from system_settings where key = $1`, [
        CEC_ENTRY_BACKFILL_KEY,
      ]);
      expect(setting.rows[0]!.value).toMatchObject({ inverters: 3 });

      // Once: an inverter without a trace after it stays so.
      await database.executeSql(
        `update inverters set data = data - '${CEC_ENTRY_KEY}' where name = $1 and company_id is null`,
        [BOTH],
      );
      messages.length = 0;
      expect((await seedGlobalLibrary(database.db, { log: (m) => messages.push(m) })).status).toBe('already');
      expect(messages).toEqual([]);
      const after = await database.executeSql(
        `select count(*)::int as n from inverters where data ? '${CEC_ENTRY_KEY}'`,
      );
      expect(after.rows[0]!.n).toBe(2);
    });

    it('records the CEC entry of each Global module of the CEC list once', async () => {
      const seeded = seededModule(TRACKER_MODULE);
      const untraced = { ...seeded, data: { ...seeded.data } };
      delete untraced.data[CEC_ENTRY_KEY];
      // A Global record of the same name from elsewhere (not the CEC list's source) is left as it is.
      await insertEquipmentBatch(database.db, 'module', [untraced, { ...untraced, source: 'User' }]);
      await database.executeSql(`delete from system_settings where key = $1`, [
        CEC_MODULE_ENTRY_BACKFILL_KEY,
      ]);
      const messages: string[] = [];
      expect((await seedGlobalLibrary(database.db, { log: (m) => messages.push(m) })).status).toBe('already');
      expect(messages).toEqual([
        'Recorded the CEC entry of 1 Global modules seeded before (their run-log notes).',
      ]);
      const stored = await database.executeSql(
        `select source, data->'${CEC_ENTRY_KEY}' as entry from modules where name = $1 order by source`,
        [seeded.name],
      );
      expect(stored.rows.map((r) => [r.source, r.entry])).toEqual([
        [seeded.source, seeded.data[CEC_ENTRY_KEY]],
        ['User', null],
      ]);
      messages.length = 0;
      await seedGlobalLibrary(database.db, { log: (m) => messages.push(m) });
      expect(messages).toEqual([]);
    });
  });
}
