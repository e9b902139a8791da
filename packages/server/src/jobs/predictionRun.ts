/**
 * `prediction.run`: runs the case a run recorded (commands/predictionRun.ts) in this process's pool of
 * engine threads (runs/pool.ts), reports progress, stores the results and ends the run.
 *
 * - Progress: the engine's percent, written to the run (and mirrored on the prediction) and pushed to
 *   the user and company at most every 250 ms; the run's heartbeat is renewed every 5 s.
 * - Cancel: a cancel ends the run row and publishes its id on `runcancel`; the worker running it
 *   aborts the task, which stops the thread (the pool starts a fresh one).
 * - Failures: an invalid case or a missing weather file ends the run in error at once (a retry could
 *   not help). Anything else is thrown, so pg-boss retries it; a worker that dies leaves a stale
 *   heartbeat, and the sweeper of any live worker (`sweepStaleRuns`) fails its job so it is retried.
 *   The second failed attempt ends the run in error with its reason.
 */
import os from 'node:os';
import { CaseValidationError } from '@sunfield/engine';
import { PREDICTION_STATUS, isDraftPredictionStatus } from '@sunfield/domain';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { RUN_CANCEL_CHANNEL, RUN_JOB } from '../commands/predictionRun.ts';
import type { Database } from '../db/index.ts';
import { predictions, users } from '../db/schema.ts';
import {
  beatRun,
  dropOlderResults,
  endRun,
  findRun,
  PROCESSING,
  setRunProgress,
  STEP,
  claimStaleRuns,
  startRun,
  storeSeries,
  type RunRow,
  type SeriesColumn,
} from '../models/predictionRun.ts';
import { findWeatherRow, loadWeatherData } from '../models/weather.ts';
import type { ExportOptions, RunOutput } from '../runs/output.ts';
import { runPool, runThreadCount } from '../runs/pool.ts';
import { announceRun } from '../runs/publish.ts';
import type { JobQueue } from './queue.ts';
import { defineJob } from './types.ts';

/** Attempts of one run (the first and one retry). */
export const RUN_ATTEMPTS = 2;
export const WORKER_NAME = `${os.hostname()}:${process.pid}`;
const PROGRESS_INTERVAL_MS = 250;
const HEARTBEAT_MS = 5000;

export const predictionRunData = z.object({ runId: z.number().int().positive() });

/** Aborts of the runs this process is running, by run id, fed by one `runcancel` subscription. */
const running = new Map<number, AbortController>();
const subscribed = new WeakMap<Database, Promise<unknown>>();

function listenForCancels(database: Database): Promise<unknown> {
  let listening = subscribed.get(database);
  if (!listening) {
    listening = database.pubsub.subscribe(RUN_CANCEL_CHANNEL, (payload) => {
      running.get(Number(payload))?.abort();
    });
    subscribed.set(database, listening);
  }
  return listening;
}

class RunFailed extends Error {}

/** The node key under which a node's series are stored. */
export function nodeKey(n: {
  level: string;
  block: number;
  array?: number;
  inverter?: string;
  dcField?: number;
}) {
  return `${n.level}:${[n.block, n.array, n.inverter, n.dcField].filter((v) => v !== undefined).join('/')}`;
}

function seriesColumns(output: RunOutput): SeriesColumn[] {
  const columns: SeriesColumn[] = [{ node: 'plant', name: 'time', values: output.time }];
  output.plant.names.forEach((name, i) =>
    columns.push({ node: 'plant', name, values: output.plant.columns[i]! }),
  );
  for (const n of output.nodes) {
    const node = nodeKey(n);
    n.names.forEach((name, i) => columns.push({ node, name, values: n.columns[i]! }));
  }
  return columns;
}

async function enrichSummary(database: Database, run: RunRow, output: RunOutput, weatherName: string) {
  const db = database.db;
  const [user] = run.userId
    ? await db
        .select({ firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, run.userId))
    : [];
  const [prediction] = await db
    .select({ status: predictions.status })
    .from(predictions)
    .where(eq(predictions.id, run.predictionId));
  const weather = await findWeatherRow(db, run.weatherId);
  const now = new Date();
  const statusName =
    Object.entries(PREDICTION_STATUS).find(([, v]) => v === prediction?.status)?.[0] ?? 'DRAFT_PRIVATE';
  return {
    ...output.summary,
    id: run.id,
    runBy: user ? `${user.firstName} ${user.lastName}`.trim() : null,
    timeOfPrediction: now.toISOString(),
    execDate: now.toISOString(),
    elapsedTimeMinutes: run.startedAt ? (now.getTime() - run.startedAt.getTime()) / 60000 : 0,
    weatherName,
    weatherLat: weather?.latitude ?? null,
    weatherLon: weather?.longitude ?? null,
    weatherLatLon: weather ? `${weather.latitude}, ${weather.longitude}` : null,
    weatherDataProvider: weather?.dataProvider ?? null,
    predictionStatus: statusName,
    isDraft: prediction ? isDraftPredictionStatus(prediction.status) : true,
  };
}

function details(output: RunOutput, weatherName: string): Record<string, unknown> {
  return {
    weatherName,
    stepHours: output.stepHours,
    length: output.length,
    utcOffsetHours: output.utcOffsetHours,
    midShiftMs: output.midShiftMs,
    dcCapacity: output.dcCapacity,
    acCapacity: output.acCapacity,
    warnings: output.warnings.slice(0, 200),
    // What the run assumed where the prediction says nothing (issue 17: the timestamp definition).
    defaultsApplied: output.defaultsApplied.slice(0, 200),
    plantColumns: ['time', ...output.plant.names],
    nodes: output.nodes.map((n) => ({
      key: nodeKey(n),
      level: n.level,
      block: n.block,
      array: n.array ?? null,
      inverter: n.inverter ?? null,
      dcField: n.dcField ?? null,
    })),
    years: output.years.map((y) => ({
      yearIndex: y.yearIndex,
      year: y.year,
      monthHourEnergy: Array.from(y.monthHourEnergy),
    })),
  };
}

export const predictionRunJob = defineJob({
  schema: predictionRunData,
  retryLimit: RUN_ATTEMPTS,
  retryDelay: 1,
  retryBackoff: false,
  // A dead worker is found by its heartbeat (sweepStaleRuns), not by expiry: a long run must not expire.
  expireInSeconds: 12 * 3600,
  concurrency: runThreadCount(),
  async handler({ runId }, { database, log }) {
    const db = database.db;
    await listenForCancels(database);
    const run = await startRun(db, runId, WORKER_NAME);
    if (!run) return { skipped: 'cancelled or finished' };
    if (run.attempts > RUN_ATTEMPTS) {
      await endRun(db, runId, {
        status: PROCESSING.Error,
        message: run.message ?? 'The run stopped twice before it completed (its worker stopped).',
      });
      await announceRun(database, runId);
      return { error: 'too many attempts' };
    }
    await announceRun(database, runId);
    const controller = new AbortController();
    running.set(runId, controller);
    let lastWrite = 0;
    let writing: Promise<unknown> = Promise.resolve();
    const heartbeat = setInterval(() => {
      void beatRun(db, runId).then((alive) => {
        if (!alive) controller.abort();
      });
    }, HEARTBEAT_MS);
    try {
      await setRunProgress(db, runId, 0, STEP.PrepareWeather);
      const weatherRow = await findWeatherRow(db, run.weatherId);
      const weather = weatherRow ? await loadWeatherData(db, run.weatherId) : undefined;
      if (!weatherRow || !weather)
        throw new RunFailed('The weather file of the prediction no longer exists.');
      const output = await runPool().run(
        {
          caseJson: run.case,
          weather,
          weatherName: weatherRow.name,
          options: run.exportOptions as unknown as ExportOptions,
        },
        (percent) => {
          const now = Date.now();
          if (now - lastWrite < PROGRESS_INTERVAL_MS || controller.signal.aborted) return;
          lastWrite = now;
          // Stored percent stops at 99 until the results are stored.
          const step = percent < 50 ? STEP.DCFieldCalculationLogic : STEP.MainOuterPredictionLoop;
          writing = writing
            .then(() => setRunProgress(db, runId, Math.min(99, percent), step))
            .then((alive) => (alive ? announceRun(database, runId) : controller.abort()))
            .catch(() => undefined);
        },
        controller.signal,
      );
      await writing;
      if (controller.signal.aborted) return { cancelled: runId };
      await setRunProgress(db, runId, 99, STEP.StoreResults);
      await storeSeries(db, runId, seriesColumns(output));
      const summary = await enrichSummary(database, run, output, weatherRow.name);
      const ended = await endRun(db, runId, {
        status: PROCESSING.Success,
        message: output.warnings.length ? `${output.warnings.length} warnings` : null,
        summary,
        details: details(output, weatherRow.name),
        engineMs: output.engineMs,
      });
      if (!ended) {
        await storeSeries(db, runId, []);
        return { cancelled: runId };
      }
      await dropOlderResults(db, run.predictionId, runId);
      await announceRun(database, runId);
      return { runId, engineMs: Math.round(output.engineMs) };
    } catch (error) {
      await writing;
      if (controller.signal.aborted) return { cancelled: runId };
      // The prediction (and so the run) was deleted meanwhile: nothing to report.
      if (!(await findRun(db, runId))) return { skipped: 'deleted' };
      const deterministic = error instanceof RunFailed || error instanceof CaseValidationError;
      const reason =
        error instanceof CaseValidationError
          ? `The plant cannot be simulated: ${error.errors.slice(0, 5).join('; ')}`
          : error instanceof Error
            ? error.message
            : String(error);
      if (deterministic || run.attempts >= RUN_ATTEMPTS) {
        if (!deterministic) log.error({ err: error, runId }, 'prediction run failed');
        await endRun(db, runId, { status: PROCESSING.Error, message: reason });
        await announceRun(database, runId);
        return { error: reason };
      }
      log.warn({ err: error, runId }, 'prediction run failed; it will be retried');
      throw error;
    } finally {
      clearInterval(heartbeat);
      running.delete(runId);
    }
  },
});

/**
 * Fails the jobs of running runs whose worker stopped renewing their heartbeat, so pg-boss retries
 * them on a live worker; a run that has used its attempts ends in error.
 */
export async function sweepStaleRuns(
  database: Database,
  queue: JobQueue,
  staleSeconds: number,
): Promise<number> {
  const stale = await claimStaleRuns(database.db, staleSeconds);
  for (const s of stale) {
    if (s.jobId && s.attempts < RUN_ATTEMPTS) {
      // The retried attempt counts itself when it starts.
      await queue.fail(RUN_JOB, s.jobId, 'The worker running it stopped.').catch(() => undefined);
      continue;
    }
    const ended = await endRun(database.db, s.id, {
      status: PROCESSING.Error,
      message: 'The run stopped twice before it completed (its worker stopped).',
    });
    if (ended) await announceRun(database, s.id);
    if (s.jobId) await queue.fail(RUN_JOB, s.jobId, 'The worker running it stopped.').catch(() => undefined);
  }
  return stale.length;
}
