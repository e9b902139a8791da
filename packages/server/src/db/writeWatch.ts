/**
 * What the statements of this process write, seen by the query logger of its Drizzle handles
 * (db/index.ts). The statement text is matched, not parsed: a false match costs only a reload.
 * Statements sent through a raw client (not the Drizzle handle) are not seen; none of them write the
 * tables below.
 *
 * Accounts (issue 18). The account cache (auth/accountCache.ts) hears of changes to `users` and
 * `companies` through their triggers' NOTIFY, which reaches this process a moment after the commit —
 * possibly after the answer of the request that made the change, so the caller's next request could
 * still be served the account as it was. Each request runs with a small store (AsyncLocalStorage),
 * the logger marks it when one of its statements updates or deletes rows of those tables, and the
 * request's onSend hook drops the cache before the answer leaves. Writes outside requests (workers,
 * the CLI) and on other processes still arrive by NOTIFY.
 *
 * Library tables. Each write to `modules` or `inverters` advances that table's epoch, so a count
 * cached for a list page (models/listTotal.ts) is counted again after any change made here.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'drizzle-orm';

interface RequestWrites {
  accountChanged: boolean;
}

const store = new AsyncLocalStorage<RequestWrites>();

/** `update "users"`, `delete from companies` … anywhere in a statement (CTEs included). */
const ACCOUNT_WRITE = /\b(?:update|delete\s+from)\s+(?:"?public"?\.)?"?(?:users|companies)"?[\s(]/i;

/** The tables whose list counts are cached, and a write to one of them. */
export type WatchedTable = 'modules' | 'inverters';
const TABLE_WRITE =
  /\b(?:insert\s+into|update|delete\s+from)\s+(?:"?public"?\.)?"?(modules|inverters)"?[\s(]/gi;
const epochs: Record<WatchedTable, number> = { modules: 0, inverters: 0 };

export const writeWatchLogger: Logger = {
  logQuery(query: string): void {
    const current = store.getStore();
    if (current && !current.accountChanged && ACCOUNT_WRITE.test(query)) current.accountChanged = true;
    for (const match of query.matchAll(TABLE_WRITE)) epochs[match[1]!.toLowerCase() as WatchedTable]++;
  },
};

/** Runs `fn` (a request's remaining hooks and handler) with a store of its own. */
export function trackAccountWrites(fn: () => void): void {
  store.run({ accountChanged: false }, fn);
}

/** Whether the current request updated or deleted a user or company row. */
export function accountChangedInRequest(): boolean {
  return store.getStore()?.accountChanged ?? false;
}

/** How many writes to `table` this process has sent (any change since a value was read advances it). */
export function tableEpoch(table: WatchedTable): number {
  return epochs[table];
}
