/**
 * Opens the database: PGlite (PostgreSQL in WASM, persisted in a folder) when no URL is given,
 * otherwise a PostgreSQL server through node-postgres. Both get the same Drizzle schema, the same
 * migrations and a small publish/subscribe channel over LISTEN/NOTIFY for the realtime hub.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { withFastQuery } from './pgliteQuery.ts';
import { writeWatchLogger } from './writeWatch.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface PubSub {
  publish(channel: string, payload: string): Promise<void>;
  /** Returns a function that unsubscribes. */
  subscribe(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /** Whether messages are being received now (false while a dropped listening connection is replaced). */
  listening?(): boolean;
  /** Called when listening stops (messages may be lost from then) and when it resumes. */
  onListening?(handler: (listening: boolean) => void): void;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  /** The postgres://… URL of a PostgreSQL server; undefined on PGlite. */
  url?: string;
  db: Db;
  pubsub: PubSub;
  /** The embedded PGlite instance (PGlite only), for libraries with their own PGlite adapter (the job queue). */
  pglite?: PGlite;
  /** Raw SQL with positional parameters, for libraries that need it (the job queue). */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** PGlite folder; 'memory://' for an in-memory database (tests). */
  dataDir?: string;
  /**
   * A PGlite data folder to start from (a tarball of `dumpDataDir`), for an in-memory database that
   * starts migrated (the integration tests' snapshot); migrations still run, and find nothing to do.
   */
  loadDataDir?: Blob | undefined;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir ?? 'memory://', options.loadDataDir);
}

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<Database> {
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(dataDir, { recursive: true });
  // pg_trgm: trigram indexes of the library searches (migration 0002).
  const client = await PGlite.create(dataDir.startsWith('memory://') ? undefined : dataDir, {
    extensions: { pg_trgm },
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  // Drizzle's statements take the one-message path of pgliteQuery.ts (issue 18: a third of the CPU).
  const db = drizzlePglite(withFastQuery(client), { schema, logger: writeWatchLogger }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  const stopAnalyze = dataDir.startsWith('memory://') ? () => {} : analyzePeriodically(client);
  return {
    kind: 'pglite',
    pglite: client,
    db,
    pubsub: {
      async publish(channel, payload) {
        await client.query(`select pg_notify($1, $2)`, [channel, payload]);
      },
      async subscribe(channel, onMessage) {
        const unsub = await client.listen(channel, onMessage);
        return async () => unsub();
      },
    },
    async executeSql(text, values) {
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        const last = results[results.length - 1];
        return { rows: (last?.rows ?? []) as Record<string, unknown>[] };
      }
      const result = await client.query<Record<string, unknown>>(text, values);
      return { rows: result.rows };
    },
    async close() {
      stopAnalyze();
      await client.close();
    },
  };
}

/** When the embedded database gathers its planner statistics: soon after it opens, then regularly [ms]. */
export const PGLITE_ANALYZE_FIRST_MS = 10_000;
export const PGLITE_ANALYZE_EVERY_MS = 10 * 60_000;

/**
 * PGlite runs no autovacuum, so its tables are never analyzed and the planner guesses: a company's
 * project list hashed all its projects (30 ms) instead of reading 25 by the index (0.2 ms) until
 * ANALYZE ran. The embedded database in a folder analyzes itself soon after it opens (after the
 * first-start seed) and every ten minutes, one table a statement with a turn of the event loop
 * between them: the one connection waits for each, and a single ANALYZE of everything held it
 * 0.9-1.6 s on a busy machine with the seeded library, table by table at most the modules' 0.45 s.
 * In-memory databases (tests) are left alone.
 */
export function analyzePeriodically(
  client: Pick<PGlite, 'exec' | 'query'>,
  firstMs = PGLITE_ANALYZE_FIRST_MS,
  everyMs = PGLITE_ANALYZE_EVERY_MS,
): () => void {
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    analyzeTableByTable(client)
      .catch(() => {})
      .finally(() => {
        if (timer) timer = setTimeout(run, everyMs).unref();
      });
  };
  timer = setTimeout(run, firstMs).unref();
  return () => {
    clearTimeout(timer);
    timer = undefined;
  };
}

/** ANALYZE of every table outside the system schemas, a statement each, yielding between them. */
async function analyzeTableByTable(client: Pick<PGlite, 'exec' | 'query'>): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'm', 'p')
        and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'`,
  );
  for (const { name } of rows) {
    await client.exec(`analyze ${name}`);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** Key of the advisory lock that serializes migrations across processes (any fixed 64-bit number). */
export const MIGRATION_LOCK_KEY = 7_242_026_151;

/**
 * Applies the migrations on one connection that holds a session advisory lock: API and worker
 * processes that start together (compose starts four) wait for the first to finish instead of
 * racing to create the same tables. The lock goes with the connection if the process dies.
 */
export async function migratePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end().catch(() => {});
  }
}

async function openPostgres(url: string): Promise<Database> {
  await migratePostgres(url);
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = drizzlePg(pool, { schema, logger: writeWatchLogger }) as unknown as Db;
  let listener: pg.Client | undefined;
  let closing = false;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const listeningHandlers = new Set<(listening: boolean) => void>();
  const quote = (channel: string) => `"${channel.replace(/"/g, '""')}"`;
  // One dedicated connection LISTENs for this process. If it drops (server restart, network),
  // it is replaced after a pause and re-LISTENs every channel, so live updates resume.
  async function ensureListener(): Promise<pg.Client> {
    if (listener) return listener;
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (msg) => {
      for (const handler of handlers.get(msg.channel) ?? []) handler(msg.payload ?? '');
    });
    const replace = () => {
      if (listener !== client) return;
      listener = undefined;
      for (const handler of listeningHandlers) handler(false);
      client.end().catch(() => {});
      if (closing) return;
      setTimeout(() => {
        if (closing || listener) return;
        ensureListener().catch(() => setTimeout(replace, 5000));
      }, 1000);
    };
    client.on('error', replace);
    client.on('end', replace);
    await client.connect();
    const reconnected = handlers.size > 0;
    listener = client;
    for (const channel of handlers.keys()) await client.query(`LISTEN ${quote(channel)}`);
    if (reconnected) for (const handler of listeningHandlers) handler(true);
    return client;
  }
  return {
    kind: 'postgres',
    url,
    db,
    pubsub: {
      async publish(channel, payload) {
        await pool.query(`select pg_notify($1, $2)`, [channel, payload]);
      },
      async subscribe(channel, onMessage) {
        const client = await ensureListener();
        let set = handlers.get(channel);
        if (!set) {
          set = new Set();
          handlers.set(channel, set);
          await client.query(`LISTEN ${quote(channel)}`);
        }
        set.add(onMessage);
        return async () => {
          set.delete(onMessage);
        };
      },
      listening: () => listener !== undefined,
      onListening(handler) {
        listeningHandlers.add(handler);
      },
    },
    async executeSql(text, values) {
      const result = await pool.query(text, values);
      return { rows: result.rows as Record<string, unknown>[] };
    },
    async close() {
      closing = true;
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => {});
      await pool.end();
    },
  };
}
