/**
 * `POST …/Run` and `POST …/Cancel` (spec 1 §4, spec 4 §1). A run saves nothing: it checks the stored
 * prediction (`runCheck`: weather, plant, DC fields, modules, inverters, string lengths; 400 with the
 * fields), takes the engine case as it is now, records a run (the queue item) and queues a
 * `prediction.run` job. The export options of the body decide which nodes keep series for this run;
 * without a body the plant's stored options do. A prediction already queued or running is a 409.
 *
 * Cancel stops a queued run at once (its job is cancelled) and a running one through the
 * `runcancel` channel that the worker running it listens to (jobs/predictionRun.ts).
 */
import { canReadAsset, exportOptionsSchema, runCheck } from '@sunfield/domain';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../auth/context.ts';
import { badRequest, conflict, HttpError, INVALID_INPUT, parse } from '../lib/errors.ts';
import { activeRun, endRun, insertRun, PROCESSING, setRunJob, type RunRow } from '../models/predictionRun.ts';
import { findWeather } from '../models/weather.ts';
import { predictionNotFound, type LoadedPrediction } from '../policies/prediction.ts';
import { isPendingImport, weatherActorOf } from '../policies/weather.ts';
import type { ExportOptions } from '../runs/output.ts';
import { announceRun } from '../runs/publish.ts';
import { plantInputs, predictionCase } from './predictionCase.ts';

type Json = Record<string, unknown>;

export const RUN_JOB = 'prediction.run' as const;
/** The channel on which a cancel reaches the worker running the run (payload: the run id). */
export const RUN_CANCEL_CHANNEL = 'runcancel';
export const ALREADY_RUNNING = 'The prediction is already queued or running.';
export const CANNOT_CANCEL_SUCCESS = 'A successfully completed prediction cannot be cancelled.';
export const NOT_RUNNING = 'The prediction is not queued or running.';
export const CANCELLED_MESSAGE = 'Cancelled by the user.';

const asList = (v: unknown): Json[] => (Array.isArray(v) ? (v as Json[]) : []);
const flag = (v: unknown, fallback: boolean): boolean => (typeof v === 'boolean' ? v : fallback);

/** The plant's stored export options with those of the request over them (nothing is saved). */
export function runExportOptions(plant: Json, body: unknown): ExportOptions {
  const empty =
    body === undefined || body === null || (typeof body === 'object' && Object.keys(body).length === 0);
  const asked = empty ? {} : parse(exportOptionsSchema, body);
  const byName = new Map(asList(asked.blockExportOptions).map((o) => [Number(o.name), o as Json]));
  return {
    exportSystem: flag(asked.exportSystem, flag(plant.exportSystem, true)),
    exportESS: flag(asked.exportESS, flag(plant.exportESS, false)),
    blocks: asList(plant.blocks).map((block) => {
      const stored = (block.nodalExportOptions as Json | undefined) ?? {};
      const o = byName.get(Number(block.name)) ?? {};
      return {
        name: Number(block.name),
        exportBlock: flag(o.exportBlock, flag(stored.exportBlock, false)),
        exportArrays: flag(o.exportArrays, flag(stored.exportArrays, false)),
        exportInverters: flag(o.exportInverters, flag(stored.exportInverters, false)),
        exportDCFields: flag(o.exportDCFields, flag(stored.exportDCFields, false)),
      };
    }),
  };
}

/** Checks the prediction, records the run and queues its job; returns the run as queued. */
export async function queueRun(
  app: FastifyInstance,
  auth: AuthContext,
  loaded: LoadedPrediction,
  body: unknown,
): Promise<RunRow> {
  const { database, queue } = app.services;
  const db = database.db;
  const prediction = loaded.prediction;
  const inputs = await plantInputs(db, auth, loaded);
  const weatherId = prediction.weatherId;
  const weather = weatherId !== null ? await findWeather(db, auth.company.id, weatherId) : undefined;
  const weatherFound =
    !!weather && !isPendingImport(weather.weather) && canReadAsset(weatherActorOf(auth), weather.weather);
  const data = prediction.data ?? {};
  const errors = runCheck({
    weatherId,
    weatherFound,
    plant: inputs?.plant,
    modules: inputs?.modules ?? new Map(),
    inverters: inputs?.inverters ?? new Map(),
    site: {
      min50Year: typeof data.min50Year === 'number' ? data.min50Year : null,
      cool996: typeof data.cool996 === 'number' ? data.cool996 : null,
    },
  });
  if (Object.keys(errors).length) throw badRequest(INVALID_INPUT, errors);
  const options = runExportOptions(inputs!.plant, body);
  const caseJson = (await predictionCase(db, auth, loaded, inputs)) as unknown as Json;
  if (await activeRun(db, auth.company.id, prediction.id)) throw conflict(ALREADY_RUNNING);
  const run = await insertRun(db, {
    companyId: auth.company.id,
    projectId: loaded.project.project.id,
    predictionId: prediction.id,
    userId: auth.user.id,
    case: caseJson,
    weatherId: weatherId!,
    exportOptions: options as unknown as Json,
  });
  if (run === 'busy') throw conflict(ALREADY_RUNNING);
  if (!run) throw predictionNotFound();
  if (!queue) throw new Error('The job queue is not configured.');
  try {
    const jobId = await queue.enqueue(RUN_JOB, { runId: run.id });
    await setRunJob(db, run.id, jobId);
  } catch (error) {
    await endRun(db, run.id, { status: PROCESSING.Error, message: 'The run could not be queued.' });
    await announceRun(database, run.id);
    throw error;
  }
  await announceRun(database, run.id);
  return run;
}

/**
 * Cancels the prediction's queued or running run.
 * @throws 400 (text) when there is none: the product's text when the last run succeeded
 */
export async function cancelRun(
  app: FastifyInstance,
  auth: AuthContext,
  loaded: LoadedPrediction,
): Promise<void> {
  const { database, queue } = app.services;
  const run = await activeRun(database.db, auth.company.id, loaded.prediction.id);
  if (!run) {
    const message =
      loaded.prediction.processingStatus === PROCESSING.Success ? CANNOT_CANCEL_SUCCESS : NOT_RUNNING;
    throw new HttpError(400, message);
  }
  const ended = await endRun(database.db, run.id, {
    status: PROCESSING.Cancelled,
    message: CANCELLED_MESSAGE,
  });
  if (!ended) throw new HttpError(400, NOT_RUNNING);
  // The run may have started since it was read: stop its job if still queued, its thread if running.
  if (run.jobId && queue) await queue.cancel(RUN_JOB, run.jobId).catch(() => undefined);
  await database.pubsub.publish(RUN_CANCEL_CHANNEL, String(run.id));
  await announceRun(database, run.id);
}
