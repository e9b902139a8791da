/**
 * The change epoch (db/changeEpochs.ts, migration 0020) that the whole-answer cache checks
 * (lib/pageCache.ts, issue 18): every table has the statement trigger or a reason not to on
 * UNWATCHED_TABLES; on PostgreSQL a write made by another process (a second node-postgres pool on the
 * same database, as a second API process has) shows on the next read, also when it was in flight
 * during the read; a rolled-back write changes nothing and is never served; parallel writes and reads
 * do not deadlock; the rows of backends that have gone fold without changing the epoch.
 */
import pg from 'pg';
import { afterAll, expect, it, vi } from 'vitest';
import { changeEpoch, foldChangeEpochs, UNWATCHED_TABLES } from '../../src/db/changeEpochs.ts';
import type { Database } from '../../src/db/index.ts';
import { writeWatchLogger } from '../../src/db/writeWatch.ts';
import { call, describeEachDatabase, type TestContext } from './harness.ts';
import { workerDatabaseUrl } from './pgServer.ts';
import { createPrediction, predictionUrl, predictionWorld } from './predictionFactory.ts';
import { createCompanyUser, type TestCompanyUser } from './projectFactory.ts';

/** The bits of pg_trigger.tgtype of AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE FOR EACH STATEMENT. */
const STATEMENT_TRIGGER_ON_ALL_WRITES = 4 | 8 | 16 | 32;

/** The tables of the public schema that have neither the change trigger nor a place on the list. */
async function unguardedTables(database: Database): Promise<string[]> {
  const { rows } = await database.executeSql(
    `select c.relname as name,
            exists (
              select 1 from pg_trigger t join pg_proc p on p.oid = t.tgfoid
              where t.tgrelid = c.oid and p.proname = 'change_epoch_advance'
                and t.tgtype::int = $1 and t.tgenabled = 'O'
            ) as watched
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p')
     order by 1`,
    [STATEMENT_TRIGGER_ON_ALL_WRITES],
  );
  return rows
    .filter((row) => !row.watched && !(String(row.name) in UNWATCHED_TABLES))
    .map((row) => String(row.name));
}

/** Another writer on the database: on PostgreSQL a pool of its own (another process); on PGlite, its only connection. */
interface Writer {
  query(text: string, values?: unknown[]): Promise<void>;
  /** Runs `first` in a transaction, then `during` while it is open, then commits or rolls it back. */
  transaction(first: string[], during: () => Promise<void>, end: 'commit' | 'rollback'): Promise<void>;
}

const pools: pg.Pool[] = [];
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
});

function otherWriter({ kind }: TestContext): Writer | undefined {
  if (kind === 'pglite') return undefined;
  const pool = new pg.Pool({ connectionString: workerDatabaseUrl(), max: 4 });
  pools.push(pool);
  return {
    query: async (text, values) => void (await pool.query(text, values)),
    async transaction(first, during, end) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        for (const text of first) await client.query(text);
        await during();
        await client.query(end);
      } finally {
        client.release();
      }
    },
  };
}

/** The statements of this app's handle that read or write `table` while `fn` runs. */
async function statementsOn<T>(
  table: string,
  fn: () => Promise<T>,
): Promise<{ value: T; statements: string[] }> {
  const spy = vi.spyOn(writeWatchLogger, 'logQuery');
  try {
    const value = await fn();
    const pattern = new RegExp(`\\b${table}\\b`);
    const statements = spy.mock.calls.map(([query]) => query).filter((query) => pattern.test(query));
    return { value, statements };
  } finally {
    spy.mockRestore();
  }
}

async function createProject(app: TestContext['app'], user: TestCompanyUser, name: string): Promise<number> {
  const res = await call(app, {
    method: 'POST',
    url: '/api/Project',
    token: user.token,
    payload: { name, latitude: 40, longitude: -105 },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: number }).id;
}

async function projectNames(app: TestContext['app'], user: TestCompanyUser): Promise<string[]> {
  const res = await call(app, { method: 'GET', url: '/api/Project?top=50', token: user.token });
  expect(res.statusCode).toBe(200);
  return (res.json() as { name: string }[]).map((project) => project.name);
}

describeEachDatabase('change epochs', (ctx) => {
  it('has the change trigger on every table of the schema, or a reason not to', async () => {
    const { database } = ctx();
    expect(await unguardedTables(database)).toEqual([]);
    const { rows } = await database.executeSql(
      `select tablename from pg_tables where schemaname = 'public' and tablename = any($1)`,
      [Object.keys(UNWATCHED_TABLES)],
    );
    // The list names tables that exist (a stale name would hide nothing, but mislead).
    expect(rows.map((row) => row.tablename).sort()).toEqual(Object.keys(UNWATCHED_TABLES).sort());
    // A new table without the trigger is found.
    await database.executeSql('create table change_epochs_probe (id int)');
    try {
      expect(await unguardedTables(database)).toEqual(['change_epochs_probe']);
    } finally {
      await database.executeSql('drop table change_epochs_probe');
    }
  });

  it('moves with a committed write to a watched table only', async () => {
    const { app, database } = ctx();
    const user = await createCompanyUser(app);
    const db = database.db;
    const start = BigInt(await changeEpoch(db));
    expect(BigInt(await changeEpoch(db))).toBe(start);
    await database.executeSql(`update companies set name = name where id = $1`, [user.companyId]);
    const afterWrite = BigInt(await changeEpoch(db));
    expect(afterWrite > start).toBe(true);
    // No row changed still counts (a statement trigger): a later miss, never a stale hit.
    await database.executeSql('update projects set name = name where false');
    const afterEmpty = BigInt(await changeEpoch(db));
    expect(afterEmpty > afterWrite).toBe(true);
    await database.executeSql(`delete from throttles where key = 'no such key'`);
    await db
      .transaction(async (tx) => {
        await tx.execute(`update companies set name = 'Rolled back' where id = '${user.companyId}'`);
        tx.rollback();
      })
      .catch(() => {});
    expect(BigInt(await changeEpoch(db))).toBe(afterEmpty);
  });

  it('shows a write of another process on the next read, also one in flight during a read', async () => {
    const context = ctx();
    const { app, database } = context;
    const writer = otherWriter(context);
    const user = await createCompanyUser(app);
    const id = await createProject(app, user, 'Before');
    expect(await projectNames(app, user)).toEqual(['Before']);
    // Kept: the next list runs no statement on projects.
    const kept = await statementsOn('projects', () => projectNames(app, user));
    expect(kept).toEqual({ value: ['Before'], statements: [] });
    if (!writer) {
      // The embedded database has one connection (no other process): a raw statement beside the app's handle.
      await database.executeSql(`update projects set name = 'Raw' where id = $1`, [id]);
      expect(await projectNames(app, user)).toEqual(['Raw']);
      return;
    }
    await writer.query(`update projects set name = 'Elsewhere' where id = $1`, [id]);
    expect(await projectNames(app, user)).toEqual(['Elsewhere']);
    expect(await projectNames(app, user)).toEqual(['Elsewhere']);

    // In flight: the read during the other transaction sees (and keeps) the name before it; once
    // it commits, the next read is a miss and shows the new name.
    await writer.transaction(
      [`update projects set name = 'In flight' where id = ${id}`],
      async () => {
        expect(await projectNames(app, user)).toEqual(['Elsewhere']);
        expect(await projectNames(app, user)).toEqual(['Elsewhere']);
      },
      'commit',
    );
    expect(await projectNames(app, user)).toEqual(['In flight']);

    // Rolled back: nothing changes, the kept answer stays exact and is served.
    await writer.transaction(
      [
        `update projects set name = 'Rolled back' where id = ${id}`,
        `update users set first_name = 'X' where id = '${user.userId}'`,
      ],
      async () => {
        expect(await projectNames(app, user)).toEqual(['In flight']);
      },
      'rollback',
    );
    const afterRollback = await statementsOn('projects', () => projectNames(app, user));
    expect(afterRollback).toEqual({ value: ['In flight'], statements: [] });
  });

  it('shows the library total after another process removed a module (no count kept past a write)', async () => {
    const context = ctx();
    const { app, database } = context;
    const writer = otherWriter(context);
    const user = await createCompanyUser(app);
    const ids: number[] = [];
    for (const name of ['A', 'B', 'C']) {
      const res = await call(app, {
        method: 'POST',
        url: '/api/Module',
        token: user.token,
        payload: { name: `Counted ${name}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      ids.push((res.json() as { id: number }).id);
    }
    // Full pages of 2 of the user's modules (and the Global ones the filter keeps): the total is
    // counted, not read off the page.
    const overview = async (page: number) => {
      const res = await call(app, {
        method: 'GET',
        url: `/api/Module/ModuleOverview?ownerOnly=true&pageSize=2&page=${page}`,
        token: user.token,
      });
      expect(res.statusCode).toBe(200);
      return (res.json() as { total: number }).total;
    };
    const before = await overview(1);
    expect(before).toBeGreaterThanOrEqual(3);
    expect(await overview(1)).toBe(before);
    const remove = `delete from modules where id = ${ids[0]}`;
    if (writer) await writer.query(remove);
    else await database.executeSql(remove);
    expect(await overview(1)).toBe(before - 1);
    expect(await overview(2)).toBe(before - 1);
  });

  it('never serves a kept prediction or plant answer to another company or a refused viewer', async () => {
    const { app } = ctx();
    const world = await predictionWorld(app);
    const colleague = await createCompanyUser(app, { companyId: world.companyId });
    const stranger = await createCompanyUser(app);
    const id = await createPrediction(app, world);
    const read = (token: string, tail = '') =>
      call(app, { method: 'GET', url: predictionUrl(world, id, tail), token });
    const mine = await read(world.token);
    expect(mine.statusCode).toBe(200);
    expect((await read(world.token)).body).toBe(mine.body);
    // Same path, same moment, same epoch: another company gets 404 (its project), a colleague too
    // (Draft-Private), never the kept body.
    expect((await read(stranger.token)).statusCode).toBe(404);
    expect((await read(colleague.token)).statusCode).toBe(404);
    expect((await read(stranger.token, '/PowerPlant')).statusCode).toBe(404);
    expect((await read(world.token, '/PowerPlant')).statusCode).toBe(204);
  });

  it('lets parallel writes and reads finish (no deadlock), and shows every write after', async () => {
    const context = ctx();
    const { app } = context;
    const writer = otherWriter(context);
    const user = await createCompanyUser(app);
    const shared = await createProject(app, user, 'Shared');
    const names = Array.from({ length: 20 }, (_, i) => `Parallel ${String(i).padStart(2, '0')}`);
    const reads = Array.from({ length: 20 }, () => projectNames(app, user));
    // Another process updates the same project in transactions of two shapes: the user first, then
    // the project; or the project alone. Without the counters they never wait in a cycle; nor may
    // they with them (counters shared by backends would: the project-alone transaction waits for the
    // other's counter row while holding the project, which the other then waits for).
    const elsewhere = writer
      ? Array.from({ length: 10 }, (_, i) => {
          const project = `update projects set description = 'w${i}' where id = ${shared}`;
          const owner = `update users set last_name = 'L${i}' where id = '${user.userId}'`;
          // A pause between the two writes, so that the other shape comes in between.
          const pause = 'select pg_sleep(0.02)';
          return writer.transaction(i % 2 ? [owner, pause, project] : [project], async () => {}, 'commit');
        })
      : [];
    const created = await Promise.all([
      ...names.map((name) => createProject(app, user, name)),
      ...reads,
      ...elsewhere,
    ]);
    expect(created.slice(0, 20).every((id) => typeof id === 'number')).toBe(true);
    const listed = await projectNames(app, user);
    expect(listed.length).toBe(21);
    expect([...listed].sort()).toEqual([...names, 'Shared'].sort());
  });

  it('folds the rows of backends that have gone without changing the epoch', async (test) => {
    const context = ctx();
    const { app, database } = context;
    if (context.kind === 'pglite') return test.skip(); // one backend, one row
    const user = await createCompanyUser(app);
    // A backend that writes and goes.
    const client = new pg.Client({ connectionString: workerDatabaseUrl() });
    await client.connect();
    const pid = Number((await client.query('select pg_backend_pid() as pid')).rows[0].pid);
    await client.query(`update companies set name = name where id = $1`, [user.companyId]);
    await client.end();
    const rowsOf = async () =>
      (await database.executeSql('select backend from change_epochs where backend = $1', [pid])).rows.length;
    expect(await rowsOf()).toBe(1);
    const epoch = await changeEpoch(database.db);
    // Its row may outlive it in pg_stat_activity for a moment.
    for (let i = 0; i < 50 && (await rowsOf()) > 0; i++) {
      await foldChangeEpochs(database.db);
      if ((await rowsOf()) > 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await rowsOf()).toBe(0);
    expect(await changeEpoch(database.db)).toBe(epoch);
  });
});
