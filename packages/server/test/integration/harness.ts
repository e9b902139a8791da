/**
 * Integration-test harness: builds the real app on a real database with migrations applied.
 * `describeEachDatabase` runs a suite on PGlite (in memory) and, when reachable, on the PostgreSQL
 * server (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/sunfield_test).
 * Factories build their own company and user, so tests never truncate or depend on each other.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase, type Database } from '../../src/db/index.ts';

const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/sunfield_test';

async function postgresUrl(): Promise<string | undefined> {
  if (process.env.SKIP_POSTGRES === '1') return undefined;
  const url = process.env.TEST_DATABASE_URL ?? DEFAULT_PG;
  const target = new URL(url);
  const dbName = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    const exists = await client.query('select 1 from pg_database where datname = $1', [dbName]);
    if (!exists.rowCount) await client.query(`create database "${dbName.replace(/"/g, '""')}"`);
    return url;
  } catch (error) {
    if (process.env.CI || process.env.REQUIRE_POSTGRES) throw error;
    console.warn(`PostgreSQL not reachable (${(error as Error).message}); running on PGlite only.`);
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  kind: 'pglite' | 'postgres';
}

const pgUrl = await postgresUrl();
const targets: { kind: 'pglite' | 'postgres'; url: string | undefined }[] = [
  { kind: 'pglite', url: undefined },
  ...(pgUrl ? [{ kind: 'postgres' as const, url: pgUrl }] : []),
];

/** Runs the suite once per database; `ctx()` gives the app of the current run. */
export function describeEachDatabase(name: string, suite: (ctx: () => TestContext) => void): void {
  for (const target of targets) {
    describe(`${name} [${target.kind}]`, () => {
      let context: TestContext | undefined;
      beforeAll(async () => {
        const database = await openDatabase({ databaseUrl: target.url, dataDir: 'memory://' });
        const config = { ...loadConfig({}), databaseUrl: target.url, secret: 'test-secret-' + target.kind };
        const app = await buildApp({ config, database, logger: false });
        await app.ready();
        context = { app, database, kind: target.kind };
      });
      afterAll(async () => {
        await context?.app.close();
        await context?.database.close();
      });
      suite(() => {
        if (!context) throw new Error('test context not ready');
        return context;
      });
    });
  }
}

export const uniqueEmail = (prefix = 'user'): string =>
  `${prefix}-${crypto.randomBytes(6).toString('hex')}@example.test`;

/** A strong password that satisfies the strength rules. */
export const STRONG_PASSWORD = 'Sunfield-2026!';

export async function call(
  app: FastifyInstance,
  options: InjectOptions & { token?: string },
): Promise<LightMyRequestResponse> {
  const { token, headers, ...rest } = options;
  return app.inject({
    ...rest,
    headers: { ...(headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}
