/**
 * Queue workers (pg-boss on the same database; see queue.ts). `startWorkers` runs the handlers of the
 * explicit name → handler map in registry.ts: in `sunfield worker` processes against PostgreSQL, and
 * inside `sunfield serve` in embedded mode. Any number of worker processes may run; each job is
 * fetched by one of them (`FOR UPDATE SKIP LOCKED`). A worker that dies leaves its job active until
 * it expires (`expireInSeconds`), then the job is retried.
 */
import type { Config } from '../config.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/index.ts';
import { createMailer } from '../lib/mailer.ts';
import { workerLogger, type WorkerLogInput } from './log.ts';
import { closeRunPool, runPool } from '../runs/pool.ts';
import { sweepStaleRuns } from './predictionRun.ts';
import { JOB_WAKE_CHANNEL, JobQueue } from './queue.ts';
import { jobDefinition, jobNames, type JobName } from './registry.ts';
import type { JobContext } from './types.ts';

export { JobQueue } from './queue.ts';
export type { EnqueueOptions, JobRecord } from './queue.ts';
export { jobRegistry, type JobData, type JobName } from './registry.ts';

export interface Workers {
  /** The worker's own queue (to enqueue or read jobs from the worker side). */
  queue: JobQueue;
  /** Stops fetching, waits for running handlers, then stops pg-boss. */
  stop(): Promise<void>;
}

export interface WorkerOptions {
  /** Defaults to the environment's configuration (SMTP settings for mail). */
  config?: Config;
  /** How often an idle worker looks for jobs (pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds?: number;
  /** Run only these jobs (default: all registered). */
  names?: JobName[];
  /**
   * How often this process looks for runs whose worker died, and after how long without a heartbeat
   * a run counts as such [s] (SUNFIELD_RUN_SWEEP_SECONDS, SUNFIELD_RUN_STALE_SECONDS; 10 and 30).
   */
  sweepSeconds?: number;
  staleSeconds?: number;
}

const envSeconds = (name: string, fallback: number): number => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
};

export async function startWorkers(
  database: Database,
  log: WorkerLogInput,
  options: WorkerOptions = {},
): Promise<Workers> {
  const logger = workerLogger(log);
  const config = options.config ?? loadConfig();
  const mailer = createMailer(database.db, {
    smtpUrl: config.smtpUrl,
    mailDir: config.mailDir,
    from: config.mailFrom,
    log: logger,
  });
  const queue = new JobQueue(database, { role: 'worker', log: logger });
  const boss = await queue.start();
  const names = options.names ?? jobNames;
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
  const workerIds = new Map<JobName, string[]>();

  for (const name of names) {
    const definition = jobDefinition(name);
    const handle = async ([job]: { id: string; name: string; data: unknown; retryCount: number }[]) => {
      if (!job) return undefined;
      const context: JobContext = {
        database,
        config,
        mailer,
        log: logger.child({ job: { id: job.id, name } }),
        job: { id: job.id, name, retryCount: job.retryCount },
      };
      const started = Date.now();
      try {
        const output = await definition.handler(definition.schema.parse(job.data), context);
        context.log.info({ ms: Date.now() - started }, `job ${name} done`);
        return output;
      } catch (error) {
        context.log.error({ err: error, attempt: job.retryCount + 1 }, `job ${name} failed`);
        throw error;
      }
    };
    const ids: string[] = [];
    for (let i = 0; i < Math.max(1, definition.concurrency ?? 1); i++) {
      // After a job, fetch the next at once: pg-boss would otherwise wait out the rest of its polling
      // interval even with jobs waiting (a queue of 20 runs took 38 s instead of 8 s at a 2 s poll).
      const work = async (jobs: Parameters<typeof handle>[0]) => {
        try {
          return await handle(jobs);
        } finally {
          const id = ids[i];
          if (jobs.length > 0 && id) boss.notifyWorker(id);
        }
      };
      ids.push(await boss.work(name, { batchSize: 1, pollingIntervalSeconds, includeMetadata: true }, work));
    }
    workerIds.set(name, ids);
  }
  // A job queued anywhere wakes the idle workers of its name at once, instead of at their next poll.
  const unsubscribe = await database.pubsub.subscribe(JOB_WAKE_CHANNEL, (payload) => {
    for (const id of workerIds.get(payload as JobName) ?? []) boss.notifyWorker(id);
  });
  let sweeper: NodeJS.Timeout | undefined;
  if (names.includes('prediction.run')) {
    // Start the engine threads now (each loads and compiles the engine once), not at the first run.
    runPool();
    const staleSeconds = options.staleSeconds ?? envSeconds('SUNFIELD_RUN_STALE_SECONDS', 30);
    const sweepSeconds = options.sweepSeconds ?? envSeconds('SUNFIELD_RUN_SWEEP_SECONDS', 10);
    sweeper = setInterval(() => {
      sweepStaleRuns(database, queue, staleSeconds).catch((error: unknown) =>
        logger.error({ err: error }, 'sweeping stale runs failed'),
      );
    }, sweepSeconds * 1000);
    sweeper.unref();
  }
  logger.info(`workers: ${names.join(', ')} on ${database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}`);
  return {
    queue,
    stop: async () => {
      clearInterval(sweeper);
      await unsubscribe().catch(() => undefined);
      await queue.stop();
      await closeRunPool();
    },
  };
}
