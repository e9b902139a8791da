/**
 * The job queue: pg-boss 12 on the application's own database, in its `pgboss` schema (created or
 * migrated by pg-boss on first start; a schema left by pg-boss 10, which 12 cannot migrate, is cut
 * over first: see v10Cutover.ts).
 *
 * - PostgreSQL: pg-boss gets the server URL and keeps its own small connection pool.
 * - PGlite: pg-boss's own PGlite adapter (`fromPglite`, with `backend: 'pglite'`) over the database's
 *   one in-process connection; it runs multi-statement scripts through `exec` and rolls back a failed
 *   one, so the single connection is never left in an aborted transaction. Two pg-boss instances on
 *   one PGlite (API producer and embedded workers) would both find the schema missing and race to
 *   create it (advisory locks do not exclude each other on one connection), so start-ups on one
 *   database are chained.
 *   On PGlite, never enqueue from inside an open Drizzle transaction: the queue's INSERT would wait
 *   for that transaction, which waits for it. Enqueue after the commit.
 *
 * The API process holds a 'producer' (sends only; no maintenance timers); worker processes hold a
 * 'worker' (also supervises: expires jobs of dead workers so they are retried, archives, schedules).
 */
import { PgBoss, fromPglite, type JobWithMetadata } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/index.ts';
import { jobDefinition, jobNames, type JobData, type JobName } from './registry.ts';
import { copyV10Jobs, setAsideV10Schema } from './v10Cutover.ts';

export type QueueRole = 'producer' | 'worker';

/**
 * The channel on which an enqueue wakes the idle workers of that job name (payload: the name), on
 * every process: a job starts within milliseconds instead of at the workers' next poll.
 */
export const JOB_WAKE_CHANNEL = 'jobwake';

export interface JobQueueOptions {
  role?: QueueRole;
  log?: Pick<FastifyBaseLogger, 'error'>;
}

export interface EnqueueOptions {
  /** Run no earlier than this date, or this many seconds from now. */
  startAfter?: Date | number;
  /** At most one queued job per key (pg-boss singletonKey). */
  singletonKey?: string;
  /** Higher runs first. */
  priority?: number;
}

/** A job as stored: its state is created, retry, active, completed, cancelled or failed. */
export type JobRecord = JobWithMetadata<unknown>;

/** Start-ups on one database, chained (see the file comment). */
const startChains = new WeakMap<Database, Promise<unknown>>();

export class JobQueue {
  private starting: Promise<PgBoss> | undefined;
  private stopped = false;
  private readonly role: QueueRole;

  constructor(
    readonly database: Database,
    private readonly options: JobQueueOptions = {},
  ) {
    this.role = options.role ?? 'producer';
  }

  /** Starts pg-boss once (creating its schema and one queue per registered job); later calls share it. */
  start(): Promise<PgBoss> {
    if (this.stopped) return Promise.reject(new Error('The job queue is stopped.'));
    this.starting ??= this.open().catch((error: unknown) => {
      this.starting = undefined;
      throw error;
    });
    return this.starting;
  }

  /** Queues a job and returns its id; the data is checked against the job's schema first. */
  async enqueue<N extends JobName>(name: N, data: JobData<N>, options: EnqueueOptions = {}): Promise<string> {
    const definition = jobDefinition(name);
    const parsed = definition.schema.parse(data) as object;
    const boss = await this.start();
    const id = await boss.send(name, parsed, {
      retryLimit: definition.retryLimit,
      retryDelay: definition.retryDelay,
      retryBackoff: definition.retryBackoff,
      expireInSeconds: definition.expireInSeconds,
      ...(options.priority !== undefined ? { priority: options.priority } : {}),
      ...(options.singletonKey !== undefined ? { singletonKey: options.singletonKey } : {}),
      ...(options.startAfter !== undefined ? { startAfter: options.startAfter } : {}),
    });
    if (!id)
      throw new Error(`The ${name} job was not queued (a job with this singleton key is already queued).`);
    if (options.startAfter === undefined)
      await this.database.pubsub.publish(JOB_WAKE_CHANNEL, name).catch(() => undefined);
    return id;
  }

  /** The stored job (kept after it ends until the queue's retention deletes it), or null. */
  async getJob(name: JobName, id: string): Promise<JobRecord | null> {
    const boss = await this.start();
    return boss.getJobById<unknown>(name, id);
  }

  /** Cancels a job that has not completed (a queued job never starts). */
  async cancel(name: JobName, id: string): Promise<void> {
    const boss = await this.start();
    await boss.cancel(name, id);
  }

  /** Fails an active job (it is retried while its retry limit allows): for jobs of a dead worker. */
  async fail(name: JobName, id: string, reason: string): Promise<void> {
    const boss = await this.start();
    await boss.fail(name, id, { message: reason });
  }

  /** Stops pg-boss: waits up to `timeoutMs` for running handlers; jobs still running then fail and are retried. */
  async stop(timeoutMs = 30_000): Promise<void> {
    this.stopped = true;
    const boss = await this.starting?.catch(() => undefined);
    await boss?.stop({ graceful: true, timeout: timeoutMs });
  }

  private async open(): Promise<PgBoss> {
    const boss = createBoss(this.database, this.role);
    boss.on('error', (error: unknown) => this.options.log?.error({ err: error }, 'job queue error'));
    const previous = startChains.get(this.database) ?? Promise.resolve();
    const started = previous
      .catch(() => undefined)
      .then(async () => {
        const v10 = await setAsideV10Schema(this.database);
        await boss.start();
        for (const name of jobNames) await boss.createQueue(name);
        if (v10) await copyV10Jobs(this.database, boss);
      });
    startChains.set(this.database, started);
    await started;
    return boss;
  }
}

function createBoss(database: Database, role: QueueRole): PgBoss {
  const common = {
    migrate: true,
    supervise: role === 'worker',
    schedule: role === 'worker',
    application_name: `sunfield-${role}`,
  };
  if (database.kind === 'postgres') {
    if (!database.url) throw new Error('The job queue needs the PostgreSQL URL of the database.');
    return new PgBoss({ ...common, connectionString: database.url, max: 5 });
  }
  if (!database.pglite) throw new Error('The job queue needs the PGlite instance of the database.');
  return new PgBoss({ ...common, backend: 'pglite', db: fromPglite(database.pglite) });
}
