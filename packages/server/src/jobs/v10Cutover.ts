/**
 * Moving a database from pg-boss 10 to pg-boss 12. pg-boss 11 rewrote its schema and migrates only
 * from its own (version 25 and later); a database that ran Sunfield with pg-boss 10 holds a version
 * 24 `pgboss` schema, on which pg-boss 12's start fails ("Cannot migrate pg-boss schema from version
 * 24"). So, before pg-boss starts:
 *
 * 1. `setAsideV10Schema` renames that schema to `pgboss_v10` (under a transaction advisory lock, so
 *    of two processes starting together one renames and the other then sees the new schema or none);
 * 2. pg-boss 12 creates its own `pgboss` schema and our queues;
 * 3. `copyV10Jobs` queues again every job that had not ended (created, retry or active), with its id,
 *    data, priority, retry settings, singleton key and start time, so the prediction runs, reports
 *    and downloads that point to a job id find it; then drops `pgboss_v10`. An active job of pg-boss
 *    10 had no live worker any more (the process that ran it is the old version), so it starts again.
 *    pg-boss's insert ignores ids it already holds, so a copy interrupted and run again (or run by two
 *    processes at once) queues each job once.
 *
 * Ended jobs (completed, cancelled, failed, and the archive) are history only and go with the schema.
 */
import type { PgBoss } from 'pg-boss';
import type { Database } from '../db/index.ts';
import { jobNames } from './registry.ts';

/** Where the pg-boss 10 schema waits while its jobs are copied. */
export const V10_SCHEMA = 'pgboss_v10';

/** pg-boss 11's first schema version; anything below is pg-boss 10 (or older) [schema version]. */
const FIRST_V11_VERSION = 25;

/**
 * Renames a pg-boss 10 `pgboss` schema to `pgboss_v10`. Returns true when a `pgboss_v10` schema is
 * there to copy from (renamed now, or left by an earlier start that stopped before the copy ended).
 */
export async function setAsideV10Schema(database: Pick<Database, 'executeSql'>): Promise<boolean> {
  await database.executeSql(`
    do $$
    declare
      found_version int;
    begin
      perform pg_advisory_xact_lock(hashtext('sunfield.pgboss.v10-cutover'));
      -- Read the version only where the table exists (a static query would not even plan without it).
      if to_regclass('pgboss.version') is not null and to_regnamespace('${V10_SCHEMA}') is null then
        execute 'select max(version) from pgboss.version' into found_version;
        if found_version < ${FIRST_V11_VERSION} then
          alter schema pgboss rename to ${V10_SCHEMA};
        end if;
      end if;
    end
    $$`);
  const { rows } = await database.executeSql(
    `select to_regclass('${V10_SCHEMA}.job') is not null as present`,
  );
  return rows[0]?.present === true;
}

interface V10Job {
  id: string;
  name: string;
  priority: number;
  data: object | null;
  retry_limit: number;
  retry_delay: number;
  retry_backoff: boolean;
  start_after: Date | string;
  singleton_key: string | null;
  expire_seconds: number;
}

/** Queues the unfinished jobs of `pgboss_v10` in pg-boss 12, then drops that schema. */
export async function copyV10Jobs(database: Pick<Database, 'executeSql'>, boss: PgBoss): Promise<number> {
  const { rows } = await database.executeSql(
    `select id, name, priority, data, retry_limit, retry_delay, retry_backoff, start_after, singleton_key,
            extract(epoch from expire_in)::int as expire_seconds
       from ${V10_SCHEMA}.job
      where state in ('created', 'retry', 'active') and name = any($1::text[])`,
    [jobNames],
  );
  const jobs = rows as unknown as V10Job[];
  for (const name of jobNames) {
    const mine = jobs.filter((job) => job.name === name);
    if (mine.length === 0) continue;
    await boss.insert(
      name,
      mine.map((job) => ({
        id: job.id,
        data: job.data ?? {},
        priority: job.priority,
        retryLimit: job.retry_limit,
        retryDelay: job.retry_delay,
        retryBackoff: job.retry_backoff,
        startAfter: new Date(job.start_after),
        expireInSeconds: job.expire_seconds > 0 ? job.expire_seconds : undefined,
        ...(job.singleton_key ? { singletonKey: job.singleton_key } : {}),
      })),
    );
  }
  await database.executeSql(`drop schema if exists ${V10_SCHEMA} cascade`);
  return jobs.length;
}
