/** What a job definition is made of: a name, the shape of its data, its retry policy and a handler. */
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../config.ts';
import type { Database } from '../db/index.ts';
import type { Mailer } from '../lib/mailer.ts';

/** What every handler gets besides its data. */
export interface JobContext {
  database: Database;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The pg-boss job: id, name, and the attempt (0 for the first run). */
  job: { id: string; name: string; retryCount: number };
}

export interface JobDefinition<Schema extends z.ZodType = z.ZodType> {
  /** Validated when the job is enqueued and again when it runs (data comes back from the database). */
  schema: Schema;
  /** The returned value is kept as the job's output (`JobQueue.getJob(...).output`). */
  handler(data: z.output<Schema>, context: JobContext): Promise<unknown>;
  /** Attempts after the first failure (pg-boss retryLimit). */
  retryLimit?: number;
  /** Seconds before a retry; doubled each time with retryBackoff. */
  retryDelay?: number;
  retryBackoff?: boolean;
  /** A run taking longer fails (and is retried): also how long a job of a dead worker stays active. */
  expireInSeconds?: number;
  /** Jobs of this name a worker process runs at the same time. */
  concurrency?: number;
}

/** Keeps the schema's type for `enqueue`. */
export function defineJob<Schema extends z.ZodType>(
  definition: JobDefinition<Schema>,
): JobDefinition<Schema> {
  return definition;
}
