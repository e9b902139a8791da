import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/index.ts';

const SERVER = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sunfield_test';
const migrationCount = fs
  .readdirSync(path.resolve(import.meta.dirname, '../../drizzle'))
  .filter((name) => name.endsWith('.sql')).length;

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = new URL(SERVER);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Issue 16 "Migrations run under a PostgreSQL advisory lock": four processes of a compose file start
 * on an empty database at once. Without the lock they race to create the same schema and tables
 * (duplicate key on pg_namespace, "relation already exists") and some fail to start.
 */
describe.skipIf(process.env.SKIP_POSTGRES === '1')('migrations on PostgreSQL', () => {
  it('applies the migrations once when four processes open an empty database together', async () => {
    const name = `sunfield_test_migrate_${crypto.randomBytes(4).toString('hex')}`;
    await admin((c) => c.query(`create database ${name}`));
    const url = new URL(SERVER);
    url.pathname = `/${name}`;
    try {
      const opened = await Promise.allSettled(
        Array.from({ length: 4 }, () => openDatabase({ databaseUrl: url.toString() })),
      );
      const failures = opened.filter((r) => r.status === 'rejected').map((r) => String(r.reason));
      for (const r of opened) if (r.status === 'fulfilled') await r.value.close();
      expect(failures).toEqual([]);
      const database = await openDatabase({ databaseUrl: url.toString() });
      try {
        const { rows } = await database.executeSql(
          'select count(*)::int as n from drizzle.__drizzle_migrations',
        );
        expect(rows[0]?.n).toBe(migrationCount);
      } finally {
        await database.close();
      }
    } finally {
      await admin((c) => c.query(`drop database if exists ${name} with (force)`));
    }
  });
});
