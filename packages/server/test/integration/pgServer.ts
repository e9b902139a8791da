/**
 * The PostgreSQL server of the tests (TEST_DATABASE_URL's server), for suites that create and drop
 * databases of their own: a client on one of its databases, and the URL of one.
 */
import pg from 'pg';

export const TEST_SERVER =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sunfield_test';

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
