/**
 * Whole answers of list pages, kept while the database is unchanged (issue 18). On the embedded
 * database a project or library page cost ~5 ms of CPU, nearly all of it PGlite running the page's
 * statements; the same page served again costs one tiny statement.
 *
 * Exactness. An answer is stored with the database's WAL insert position (`pg_current_wal_insert_lsn()`)
 * read by a statement that runs before the page's own statements, and served again only while a fresh
 * read of that position is the same. Every change to a table writes WAL before it commits (an insert,
 * update or delete, a cascade, a trigger's write, the commit or abort record), whatever process, tool or
 * connection made it, so an unchanged position means that no change became visible since the answer
 * was read. Reads leave the position alone, except when they prune a page (a miss, never a stale hit).
 * The test is therefore exact on PostgreSQL too, but there the position moves with any write to any
 * database of the cluster, and a missed test costs a round trip, so the cache is only switched on for
 * the embedded database (one process, the `sunfield.pid` lock), where it pays.
 *
 * Keys. The caller names everything that changes the answer: the route, the company, the viewer (user
 * id and roles, which decide visibility and the permission flags of a row) and the parsed query. The
 * cache is per database handle, so two databases of one process (the tests) never share answers.
 */
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/index.ts';

/**
 * One answer as sent: its JSON text (or bytes) and the number of matches over all pages (of a single
 * record: 1 when it exists, 0 for none).
 */
export interface CachedPage<Body extends string | Buffer = string> {
  body: Body;
  total: number;
}

export interface PageCache {
  /**
   * The page of `key`: the stored one when the database has not changed since it was read, else
   * `load`'s (which must read the database afresh, and is stored).
   */
  page<Body extends string | Buffer = string>(
    key: string,
    load: () => Promise<CachedPage<Body>>,
    options?: { maxChars?: number },
  ): Promise<CachedPage<Body>>;
}

/** Pages kept per database; the oldest stored goes first beyond this. */
export const MAX_PAGES = 500;
/** Larger answers are not kept [characters or bytes], unless the caller allows more. */
export const MAX_PAGE_CHARS = 256 * 1024;
/**
 * The answers of one database together, at most [characters or bytes]; the oldest stored go first
 * beyond it. A plant read is ~0.5 MB (routes/prediction/plant.ts allows 4 MB for one).
 */
export const MAX_CACHED_CHARS = 32 * 1024 * 1024;

const WAL_POSITION = sql`select pg_current_wal_insert_lsn()::text as lsn`;

async function walPosition(db: Db): Promise<string> {
  // Both drivers answer `{rows}` (node-postgres QueryResult, PGlite Results).
  const result = (await db.execute(WAL_POSITION)) as unknown as { rows: { lsn?: string }[] };
  const lsn = result.rows[0]?.lsn;
  if (!lsn) throw new Error('pg_current_wal_insert_lsn() answered no row');
  return lsn;
}

interface Entry extends CachedPage<string | Buffer> {
  lsn: string;
}

/** A cache of pages over `db`, checked against the WAL position (see the top of this file). */
export function walPageCache(db: Db, maxPages = MAX_PAGES, maxChars = MAX_CACHED_CHARS): PageCache {
  const entries = new Map<string, Entry>();
  let chars = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    chars -= entry.body.length;
    entries.delete(key);
  };
  return {
    async page(key, load, options) {
      const lsn = await walPosition(db);
      const hit = entries.get(key);
      // The key names the route, and a route stores one kind of body.
      if (hit && hit.lsn === lsn) return hit as unknown as CachedPage<never>;
      const fresh = await load();
      drop(key);
      if (fresh.body.length <= Math.min(options?.maxChars ?? MAX_PAGE_CHARS, maxChars)) {
        while (entries.size >= maxPages || chars + fresh.body.length > maxChars) {
          drop(entries.keys().next().value!);
        }
        entries.set(key, { ...fresh, lsn });
        chars += fresh.body.length;
      }
      return fresh;
    },
  };
}

const uncached: PageCache = { page: (_key, load) => load() };
const caches = new WeakMap<Db, PageCache>();

/** The page cache of the app's database: WAL-checked on the embedded database, none on PostgreSQL. */
export function pageCacheOf(database: Pick<Database, 'kind' | 'db'>): PageCache {
  if (database.kind !== 'pglite') return uncached;
  let cache = caches.get(database.db);
  if (!cache) {
    cache = walPageCache(database.db);
    caches.set(database.db, cache);
  }
  return cache;
}

/** Sends a cached page's JSON text as it is (Fastify sends a string with a JSON type unchanged). */
export const JSON_TYPE = 'application/json; charset=utf-8';
