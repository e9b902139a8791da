/**
 * Whole answers, kept while the data they are made of is unchanged (issue 18): list pages, a
 * prediction, a plant. On the embedded database a project or library page cost ~5 ms of CPU, nearly
 * all of it PGlite running the page's statements; on PostgreSQL a plant read ~0.6 ms of server CPU
 * with its version check. The same answer served again costs one tiny prepared statement.
 *
 * Exactness, in both database modes and across the API processes that share a PostgreSQL database.
 * An answer is stored with the database's change epoch (db/changeEpochs.ts: the sum of counters that
 * a statement trigger on every table a kept answer may read advances in the writer's transaction),
 * read by a statement that runs BEFORE the answer's own statements, and served again only while a
 * fresh read of the epoch is the same. The epoch grows exactly when a write to one of those tables
 * commits, whatever process, tool or connection made it, and the answer's statements, which start
 * after the epoch was read, see at least every write it counted: an unchanged epoch means that no
 * change to what the answer reads has become visible since (the reasoning in db/changeEpochs.ts).
 * A rolled-back write leaves the epoch as it was, and the data too. Writes to the tables that no kept
 * answer reads (sessions, the outbox, runs and their results: changeEpochs.ts UNWATCHED_TABLES) and to
 * other schemas (the job queue's) leave it alone, so they do not empty the cache; the WAL insert
 * position used before (`pg_current_wal_insert_lsn()`, as cheap on PGlite: ~85 µs against ~95 µs a
 * check at load 12) moved with each of them and, on PostgreSQL, with any write to any database of
 * the server.
 *
 * Keys. The caller names everything that changes the answer: the route, the company, the viewer (user
 * id and roles, which decide visibility and the permission flags of a row) and the parsed query. The
 * cache is per database handle, so two databases of one process (the tests) never share answers.
 */
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { changeEpoch } from '../db/changeEpochs.ts';
import type { Database, Db } from '../db/index.ts';
import { perHandle } from '../db/perHandle.ts';

/**
 * One answer as sent: its JSON text (or bytes) and the number of matches over all pages (of a single
 * record: 1 when it exists, 0 for none).
 */
export interface CachedPage<Body extends string | Buffer = string> {
  body: Body;
  total: number;
  /** The gzip copy of `body` that the loader's own cache keeps (presenters/powerPlantCache.ts), if any. */
  gzipped?: () => Promise<Buffer> | undefined;
}

const gzipAsync = promisify(gzip);

/**
 * The gzip copy of a kept answer, on zlib's thread pool. Level 9: it is made once per kept answer, and
 * on the bench's 513 kB plant it was no slower than the default 6 (~2 ms) for 4 % fewer bytes.
 */
export function gzipKept(body: string | Buffer): Promise<Buffer> {
  return gzipAsync(body, { level: 9 });
}
/** Where a kept entry holds its gzip copy (see {@link gzipOf}). */
const GZIP = Symbol('gzip copy');

interface GzipCopy {
  made?: Promise<Buffer>;
  /** Counts the copy in its cache's bound once made. */
  onMade: (bytes: number) => void;
}

/**
 * The gzip copy of a kept answer (RFC 1952), made once, on zlib's thread pool (not the event loop),
 * the first time a client asks for it and counted in the cache's bound; undefined when `page` is not
 * kept (it is compressed per request, lib/compression.ts). The copy is of the entry's own body, so it
 * is exactly as fresh as the body it sits beside.
 */
export function gzipOf(page: CachedPage<string | Buffer>): Promise<Buffer> | undefined {
  const copy = (page as { [GZIP]?: GzipCopy })[GZIP];
  if (!copy) return page.gzipped?.();
  copy.made ??= (page.gzipped?.() ?? gzipKept(page.body)).then(
    (bytes) => {
      copy.onMade(bytes.length);
      return bytes;
    },
    (error: unknown) => {
      // Not kept: the next client that asks tries again (lib/compression.ts sends the body meanwhile).
      copy.made = undefined;
      throw error;
    },
  );
  return copy.made;
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

interface Entry extends CachedPage<string | Buffer> {
  /** the change epoch read before the answer's statements */
  epoch: string;
  [GZIP]: GzipCopy;
  /** the length of its gzip copy, once made */
  gzipBytes: number;
}

/** A cache of pages over `db`, checked against its change epoch (see the top of this file). */
export function epochPageCache(db: Db, maxPages = MAX_PAGES, maxChars = MAX_CACHED_CHARS): PageCache {
  const entries = new Map<string, Entry>();
  let chars = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    chars -= entry.body.length + entry.gzipBytes;
    entries.delete(key);
  };
  /** Within the bound after the gzip copy of `last` was counted: the oldest stored go first. */
  const bound = (last: string) => {
    for (const key of entries.keys()) {
      if (chars <= maxChars) return;
      if (key !== last) drop(key);
    }
    if (chars > maxChars) drop(last);
  };
  return {
    async page(key, load, options) {
      const epoch = await changeEpoch(db);
      const hit = entries.get(key);
      // The key names the route, and a route stores one kind of body.
      if (hit && hit.epoch === epoch) return hit as unknown as CachedPage<never>;
      const fresh = await load();
      drop(key);
      if (fresh.body.length <= Math.min(options?.maxChars ?? MAX_PAGE_CHARS, maxChars)) {
        while (entries.size >= maxPages || chars + fresh.body.length > maxChars) {
          drop(entries.keys().next().value!);
        }
        const entry: Entry = {
          ...fresh,
          epoch,
          gzipBytes: 0,
          [GZIP]: {
            onMade: (bytes) => {
              if (entries.get(key) !== entry) return;
              entry.gzipBytes = bytes;
              chars += bytes;
              bound(key);
            },
          },
        };
        entries.set(key, entry);
        chars += fresh.body.length;
        return entry as unknown as CachedPage<never>;
      }
      return fresh;
    },
  };
}

const cacheOf = perHandle((db) => epochPageCache(db));

/** The page cache of the app's database (either kind), checked against its change epoch. */
export function pageCacheOf(database: Pick<Database, 'db'>): PageCache {
  return cacheOf(database.db);
}

/** Sends a cached page's JSON text as it is (Fastify sends a string with a JSON type unchanged). */
export const JSON_TYPE = 'application/json; charset=utf-8';
