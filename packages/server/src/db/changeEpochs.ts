/**
 * The change epoch of the database: a number that grows exactly when a write to a watched table
 * commits, whichever process, tool or connection made it (issue 18: the whole-answer cache of
 * lib/pageCache.ts, exact across the API processes that share one PostgreSQL database).
 *
 * How. Migration 0020 gives every table of the schema, except those of {@link UNWATCHED_TABLES}, a
 * statement trigger (`AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE … FOR EACH STATEMENT`) that adds
 * one to the writing backend's row of `change_epochs`; the epoch is the sum of the rows.
 *
 * Why it is exact (PostgreSQL MVCC, docs "Concurrency Control" §13.2.1 Read Committed):
 * - The increment is a row update made in the writer's transaction, so it becomes visible exactly
 *   when the write does: at its commit, to every snapshot taken after. A rolled-back write (or
 *   savepoint) rolls its increment back with it; a statement that fails fires no AFTER trigger.
 * - Each row only grows (the fold below moves counts into row 0 in one statement, which keeps the
 *   sum), and the transactions a snapshot sees only grow with time (a commit is visible to every
 *   snapshot taken after it, on any connection), so the sum read by a later statement is at least
 *   the sum read by an earlier one, and equal only if no watched write committed in between.
 * - A kept answer is stored with the epoch read by a statement that ran BEFORE the answer's own
 *   statements. Those take their snapshots later, so they see every write the epoch counted, and
 *   perhaps more: an answer may be newer than its epoch (the next read after the write is a miss),
 *   never older. It is served again only while a fresh read of the epoch is the same, that is,
 *   while no watched write has committed since the epoch it was stored with.
 * - A write that cascades (a foreign key's ON DELETE) runs as statements on the child table, which
 *   fire the child's trigger too; the parent's statement has fired its own anyway.
 * Not counted: writes to {@link UNWATCHED_TABLES}, writes made with triggers disabled
 * (`session_replication_role = replica`, `ALTER TABLE … DISABLE TRIGGER`, as a data-only restore may
 * do: restart the API processes after one) and schema changes (a migration comes with new code).
 *
 * One row per backend (`pg_backend_pid()`), not a few shared rows: a backend runs one transaction at
 * a time, so the row a writer updates is never locked by another writer. With rows shared by several
 * backends (pid modulo N), a writer whose statement fired the trigger would wait until the other
 * backend's transaction ends, and two transactions that also wait for each other's rows deadlock.
 * Rows of backends that have gone are folded into row 0 once there are more than
 * {@link FOLD_ABOVE_ROWS}, so the sum stays a read of a few rows.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './index.ts';
import { changeEpochs } from './schema.ts';
import { preparedOnce } from '../models/prepared.ts';

/**
 * The tables of the schema that have NO change trigger, each with the reason: written often, and read
 * by no kept answer. A kept answer that starts reading one of them must take it off this list (and a
 * migration must give it the trigger); test/integration/db.changeEpochs.test.ts fails when a table has
 * neither the trigger nor a place here. Kept answers today (lib/pageCache.ts pageCacheOf callers): the
 * project list (projects, users), the module and inverter overviews (modules, inverters, users), the
 * weather overviews (weathers, users), GET Prediction/{id}, its /Overview and /Hydrated, and
 * …/PowerPlant (projects, predictions, users, power_plants, modules, inverters; /Hydrated also the
 * weather's row in weathers, not its series).
 */
export const UNWATCHED_TABLES: Readonly<Record<string, string>> = {
  change_epochs: 'the counters themselves: a trigger on them would count its own updates',
  sessions:
    'refresh sessions, written at every sign-in and token refresh; the account a request acts as is read per request (auth/accountCache.ts), never from a kept answer',
  sso_logins: 'SSO sign-in attempts (state and nonce), one per sign-in; read by the SSO callback only',
  password_resets: 'password reset tokens; read by the reset routes only',
  throttles:
    'abuse limits, an upsert at every sign-in, sign-up, reset and contact attempt; read by the throttle only',
  outbox: 'queued mail, written at each mail and again when a worker sends it; read by the mail worker only',
  login_notifications: 'new-device sign-in notices, one per sign-in; read by the sign-in route only',
  weather_columns:
    'weather series (megabytes each), written by uploads, imports and downloads; the weather lists read `weathers` only',
  weather_column_uploads:
    'upload chunks of weather series, staged before a weather is stored; read by the upload routes only',
  prediction_runs:
    'runs and their progress, written many times a run; kept prediction answers read the prediction row, not its runs',
  prediction_result_series:
    'result series of runs (megabytes each); read by the result and export routes only',
  prediction_reports:
    'report files of runs and their state, written by the report job; read by the report routes only',
};

/**
 * Rows of `change_epochs` beyond which those of backends that have gone are folded into row 0, at
 * most once per {@link FOLD_EVERY_MS} per handle (many live writers keep more rows than this).
 */
export const FOLD_ABOVE_ROWS = 64;
export const FOLD_EVERY_MS = 60_000;

const epochQuery = (db: Db) =>
  db
    .select({
      epoch: sql<string>`coalesce(sum(${changeEpochs.n}), 0)::text`,
      rows: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(changeEpochs)
    .prepare('change_epoch');

/**
 * Moves the counts of backends that are no longer connected into row 0, in one statement: readers see
 * the rows before or after it, whose sums are equal. A backend whose pid is reused meanwhile only
 * has its row folded too (its count included) and inserts a new one at its next write.
 */
const FOLD = sql`with gone as (
  delete from change_epochs
  where backend <> 0 and backend not in (select pid from pg_stat_activity where pid is not null)
  returning n
)
update change_epochs set n = n + (select coalesce(sum(n), 0) from gone) where backend = 0`;

/** When each handle last started a fold (or is folding). */
const folded = new WeakMap<Db, number>();

async function fold(db: Db): Promise<void> {
  folded.set(db, Date.now());
  await db.execute(FOLD);
}

/**
 * The change epoch of `db` (see the top of this file) as decimal text, by one prepared statement. Read
 * it BEFORE the statements of an answer that is kept with it.
 */
export async function changeEpoch(db: Db): Promise<string> {
  const [row] = await preparedOnce(db, 'change_epoch', () => epochQuery(db)).execute();
  if (!row) throw new Error('change_epochs answered no row');
  // The fold keeps the sum, so it need not finish before the answer; a failure only delays it.
  if (row.rows > FOLD_ABOVE_ROWS && Date.now() - (folded.get(db) ?? 0) >= FOLD_EVERY_MS) {
    fold(db).catch(() => {});
  }
  return row.epoch;
}

/** Folds the rows of backends that have gone now (tests; {@link changeEpoch} does it when needed). */
export const foldChangeEpochs = fold;
