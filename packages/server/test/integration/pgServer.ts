/**
 * The PostgreSQL server of the tests (TEST_DATABASE_URL's server), for suites that create and drop
 * databases of their own: a client on one of its databases, and the URL of one.
 */
import pg from 'pg';

export const TEST_SERVER =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sunfield_test';

/**
 * The database of this test worker: TEST_SERVER's, suffixed with the worker's number past the first
 * (`sunfield_test`, `sunfield_test_w2`, …). Integration files run two at a time, and each worker
 * needs a database of its own: pg-boss queues, LISTEN/NOTIFY channels and maintenance settings are
 * per database, and one file's jobs must never be fetched by another file's workers.
 */
export function workerDatabaseUrl(): string {
  const url = new URL(TEST_SERVER);
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  if (worker > 1) url.pathname = `${url.pathname}_w${worker}`;
  return url.toString();
}

/** The URL of `database` on the test server. */
export function databaseUrl(database: string): string {
  const url = new URL(TEST_SERVER);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs `fn` with a client connected to `database` (default: the server's `postgres` database). */
export async function onServer<T>(fn: (client: pg.Client) => Promise<T>, database = 'postgres'): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl(database) });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database of this worker for a suite that needs one (a first start, a seed): `{worker's
 * database}_{suffix}`, dropped first if a former run left it, so runs on other test databases never
 * touch it. Undefined when the server is not reachable (outside CI) or with SKIP_POSTGRES=1.
 */
export async function freshDatabase(suffix: string): Promise<string | undefined> {
  if (process.env.SKIP_POSTGRES === '1') return undefined;
  const url = new URL(workerDatabaseUrl());
  const name = `${url.pathname.slice(1)}_${suffix}`;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
    url.pathname = `/${name}`;
    return url.toString();
  } catch (error) {
    if (process.env.CI || process.env.REQUIRE_POSTGRES) throw error;
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}
