/**
 * What the statements of this process write, seen by the query logger of its Drizzle handles
 * (db/index.ts). The statement text is matched, not parsed: a false match costs only a reload.
 * Statements sent through a raw client (not the Drizzle handle) are not seen; none of them write the
 * tables below.
 *
 * Accounts (issue 18). The account cache (auth/accountCache.ts) hears of changes to `users` and
 * `companies` through their triggers' NOTIFY, which reaches this process a moment after the commit —
 * possibly after the answer of the request that made the change, so the caller's next request could
 * still be served the account as it was. The logger counts the statements that update or delete rows
 * of those tables; a request notes the count when it arrives, and its onSend hook drops the cache
 * before the answer leaves when the count has moved since (by its own statements or by those of a
 * request running at the same time: a few more drops, never one too few). A write made outside any
 * request of this process (a worker, a test) is caught by the next request to arrive, which drops
 * every account when the count has moved since the last such drop. Writes on other processes (and
 * the CLI) arrive by NOTIFY. A count, not a store per request
 * (AsyncLocalStorage): that store made Node run a hook on every promise of the process, ~0.1 µs each.
 *
 * (Counts of library pages are checked against the database's change epoch, db/changeEpochs.ts, which
 * sees the writes of every process; they no longer count this process's writes here.)
 */
import type { Logger } from 'drizzle-orm';

/** Statements of this process that updated or deleted user or company rows, since it started. */
let accountWrites = 0;

/** `update "users"`, `delete from companies` … anywhere in a statement (CTEs included). */
const ACCOUNT_WRITE = /\b(?:update|delete\s+from)\s+(?:"?public"?\.)?"?(?:users|companies)"?[\s(]/i;

export const writeWatchLogger: Logger = {
  logQuery(query: string): void {
    if (ACCOUNT_WRITE.test(query)) accountWrites++;
  },
};

/** How many statements of this process have updated or deleted a user or company row. */
export function accountWriteCount(): number {
  return accountWrites;
}
