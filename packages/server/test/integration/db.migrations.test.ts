import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/index.ts';
import { databaseUrl, onServer } from './pgServer.ts';

const migrationCount = fs
  .readdirSync(path.resolve(import.meta.dirname, '../../drizzle'))
  .filter((name) => name.endsWith('.sql')).length;

/**
 * Issue 16 "Migrations run under a PostgreSQL advisory lock": four processes of a compose file start
 * on an empty database at once. Without the lock they race to create the same schema and tables
 * (duplicate key on pg_namespace, "relation already exists") and some fail to start.
 */
describe.skipIf(process.env.SKIP_POSTGRES === '1')('migrations on PostgreSQL', () => {
  it('applies the migrations once when four processes open an empty database together', async () => {
    const name = `sunfield_test_migrate_${crypto.randomBytes(4).toString('hex')}`;
    await onServer((c) => c.query(`create database ${name}`));
    const url = databaseUrl(name);
    try {
      const opened = await Promise.allSettled(
        Array.from({ length: 4 }, () => openDatabase({ databaseUrl: url })),
      );
      const failures = opened.filter((r) => r.status === 'rejected').map((r) => String(r.reason));
      for (const r of opened) if (r.status === 'fulfilled') await r.value.close();
      expect(failures).toEqual([]);
      const database = await openDatabase({ databaseUrl: url });
      try {
        const { rows } = await database.executeSql(
          'select count(*)::int as n from drizzle.__drizzle_migrations',
        );
        expect(rows[0]?.n).toBe(migrationCount);
      } finally {
        await database.close();
      }
    } finally {
      await onServer((c) => c.query(`drop database if exists ${name} with (force)`));
    }
  });
});
