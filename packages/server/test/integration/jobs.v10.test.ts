import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/index.ts';
import { JobQueue } from '../../src/jobs/index.ts';
import { databaseUrl, onServer } from './pgServer.ts';

/**
 * A database that ran Sunfield with pg-boss 10 (schema version 24, which pg-boss 12 refuses to
 * migrate): its unfinished jobs are queued again in pg-boss 12 with their ids, ended ones are left.
 * The pg-boss 10 schema is reduced here to the version table and the job columns the cut-over reads.
 */
async function seedV10(database: Database): Promise<{ queued: string; active: string; done: string }> {
  const [queued, active, done] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
  await database.executeSql(`
    create schema pgboss;
    create table pgboss.version (version int primary key);
    insert into pgboss.version values (24);
    create table pgboss.job (
      id uuid primary key, name text not null, priority int not null default 0, data jsonb,
      state text not null, retry_limit int not null default 2, retry_delay int not null default 0,
      retry_backoff boolean not null default false, start_after timestamptz not null default now(),
      singleton_key text, expire_in interval not null default interval '15 minutes'
    );`);
  const insert = `insert into pgboss.job (id, name, data, state, retry_limit, singleton_key, expire_in)
                  values ($1, 'mail.send', $2, $3, 3, $4, interval '5 minutes')`;
  const mail = (subject: string) => JSON.stringify({ to: 'v10@sunfield.test', subject, text: 'x' });
  await database.executeSql(insert, [queued, mail('queued'), 'created', 'key-1']);
  await database.executeSql(insert, [active, mail('active'), 'active', null]);
  await database.executeSql(insert, [done, mail('done'), 'completed', null]);
  return { queued, active, done };
}

async function expectCutOver(database: Database): Promise<void> {
  const ids = await seedV10(database);
  const queue = new JobQueue(database);
  try {
    await queue.start();
    const queued = await queue.getJob('mail.send', ids.queued);
    expect(queued).toMatchObject({ state: 'created', retryLimit: 3, singletonKey: 'key-1' });
    expect(queued?.data).toMatchObject({ subject: 'queued' });
    expect(queued?.expireInSeconds).toBe(300);
    expect(await queue.getJob('mail.send', ids.active)).toMatchObject({ state: 'created' });
    expect(await queue.getJob('mail.send', ids.done)).toBeNull();
    const { rows } = await database.executeSql(
      `select to_regnamespace('pgboss_v10') is null as gone, (select max(version) from pgboss.version) as v`,
    );
    expect(rows[0]?.gone).toBe(true);
    expect(Number(rows[0]?.v)).toBeGreaterThan(24);
  } finally {
    await queue.stop();
  }
}

describe('pg-boss 10 schema cut-over', () => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('[pglite] queues the unfinished pg-boss 10 jobs in pg-boss 12 with their ids', async () => {
    database = await openDatabase({});
    await expectCutOver(database);
  });

  it.skipIf(process.env.SKIP_POSTGRES === '1')(
    '[postgres] queues the unfinished pg-boss 10 jobs in pg-boss 12 with their ids',
    async () => {
      const name = `sunfield_test_v10_${crypto.randomBytes(4).toString('hex')}`;
      await onServer((c) => c.query(`create database ${name}`));
      try {
        database = await openDatabase({ databaseUrl: databaseUrl(name) });
        await expectCutOver(database);
        await database.close();
        database = undefined;
      } finally {
        await onServer((c) => c.query(`drop database if exists ${name} with (force)`));
      }
    },
  );
});
