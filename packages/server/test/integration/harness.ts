/**
 * Integration-test harness: builds the real app on a real database with migrations applied.
 * `describeEachDatabase` runs a suite on PGlite (in memory) and, when reachable, on the PostgreSQL
 * server (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/sunfield_test; one database per
 * test worker, see `workerDatabaseUrl`).
 * Factories build their own company and user, so tests never truncate or depend on each other.
 * Each suite also runs `mail.send` workers, as `sunfield serve` does in embedded mode: requests queue
 * their mail, and `waitForMail` reads it from the outbox once a worker has sent it.
 */
import crypto from 'node:crypto';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { useMinimalPasswordCostForTests } from '../../src/auth/passwords.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase, type Database } from '../../src/db/index.ts';
import { outbox } from '../../src/db/schema.ts';
import { startWorkers, type Workers } from '../../src/jobs/index.ts';
import { workerDatabaseUrl } from './pgServer.ts';
import { pgliteSnapshot } from './pgliteSnapshot.ts';

async function postgresUrl(): Promise<string | undefined> {
  if (process.env.SKIP_POSTGRES === '1') return undefined;
  const url = workerDatabaseUrl();
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

useMinimalPasswordCostForTests();
const pgUrl = await postgresUrl();
const targets: { kind: 'pglite' | 'postgres'; url: string | undefined }[] = [
  { kind: 'pglite', url: undefined },
  ...(pgUrl ? [{ kind: 'postgres' as const, url: pgUrl }] : []),
];

/** Worker log: errors still go to stderr. */
const quiet = { info: () => {} };

export interface SuiteOptions {
  /** Run `mail.send` workers beside the app (default true); false keeps queued mail unsent. */
  mailWorkers?: boolean;
}

type Suite = (ctx: () => TestContext) => void;

/** Runs the suite once per database; `ctx()` gives the app of the current run. */
export function describeEachDatabase(name: string, suite: Suite): void;
export function describeEachDatabase(name: string, options: SuiteOptions, suite: Suite): void;
export function describeEachDatabase(name: string, ...args: [Suite] | [SuiteOptions, Suite]): void {
  const [options, suite] = args.length === 1 ? [{}, args[0]] : args;
  for (const target of targets) {
    describe(`${name} [${target.kind}]`, () => {
      let context: TestContext | undefined;
      let workers: Workers | undefined;
      beforeAll(async () => {
        const database = await openDatabase({
          databaseUrl: target.url,
          dataDir: 'memory://',
          ...(target.url ? {} : { loadDataDir: await pgliteSnapshot() }),
        });
        const config = {
          ...loadConfig({}),
          databaseUrl: target.url,
          secret: 'test-secret-' + target.kind,
          // Mail stays in the outbox, as tests read it there (no .eml files in the repository's data/).
          mailDir: undefined,
        };
        const app = await buildApp({ config, database, logger: false });
        await app.ready();
        context = { app, database, kind: target.kind };
        if (options.mailWorkers ?? true) {
          workers = await startWorkers(database, quiet, {
            config,
            names: ['mail.send'],
            pollingIntervalSeconds: 0.5,
          });
        }
      });
      afterAll(async () => {
        await workers?.stop();
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

/**
 * The outbox rows to this address (and subject), oldest first, once there are at least `count`:
 * requests queue their mail, and a `mail.send` worker writes the row a moment later.
 */
export async function waitForMail(
  database: Database,
  to: string,
  options: { subject?: string; count?: number; timeoutMs?: number } = {},
): Promise<(typeof outbox.$inferSelect)[]> {
  const { subject, count = 1, timeoutMs = 20_000 } = options;
  const where: SQL[] = [eq(outbox.to, to)];
  if (subject !== undefined) where.push(eq(outbox.subject, subject));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await database.db
      .select()
      .from(outbox)
      .where(and(...where))
      .orderBy(asc(outbox.id));
    if (rows.length >= count) return rows;
    if (Date.now() > deadline) {
      throw new Error(`${rows.length} of ${count} mails to ${to}${subject ? ` (${subject})` : ''} sent`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The `mail.send` jobs queued to this address, in any state (pg-boss's own table). */
export async function mailJobsTo(database: Database, to: string): Promise<{ state: string }[]> {
  const { rows } = await database.executeSql(
    `select state from pgboss.job where name = 'mail.send' and data->>'to' = $1`,
    [to],
  );
  return rows as { state: string }[];
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
