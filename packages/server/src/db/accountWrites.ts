/**
 * Which requests changed an account (issue 18). The account cache (auth/accountCache.ts) hears of
 * changes to `users` and `companies` through their triggers' NOTIFY, which reaches this process a
 * moment after the commit — possibly after the answer of the request that made the change, so the
 * caller's next request could still be served the account as it was. Instead of dropping cached
 * accounts after every write request, each request runs with a small store (AsyncLocalStorage), and
 * the query logger of the Drizzle handle marks it when one of its statements updates or deletes rows
 * of those tables; the request's onSend hook then drops the cache before the answer leaves. Writes
 * outside requests (workers, the CLI) and on other processes still arrive by NOTIFY.
 *
 * The statement text is matched, not parsed: a false match costs only a cache reload. Statements sent
 * through a raw client (not the Drizzle handle) are not seen; none of them touch these tables.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'drizzle-orm';

interface RequestWrites {
  accountChanged: boolean;
}

const store = new AsyncLocalStorage<RequestWrites>();

/** `update "users"`, `delete from companies` … anywhere in a statement (CTEs included). */
const ACCOUNT_WRITE = /\b(?:update|delete\s+from)\s+(?:"?public"?\.)?"?(?:users|companies)"?[\s(]/i;

export const accountWriteLogger: Logger = {
  logQuery(query: string): void {
    const current = store.getStore();
    if (current && !current.accountChanged && ACCOUNT_WRITE.test(query)) current.accountChanged = true;
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
