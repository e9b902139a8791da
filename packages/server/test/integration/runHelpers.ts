/**
 * Helpers of the run tests: workers for `prediction.run` beside the suite's app, a runnable prediction
 * (Greensboro TMY3, the Global module and inverter, a two-block fixed-tilt plant), and waiting for a
 * processing status.
 */
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startWorkers, type Workers } from '../../src/jobs/index.ts';
import { call, type TestContext } from './harness.ts';
import {
  createPrediction,
  plantBody,
  predictionUrl,
  predictionWorld,
  type PredictionWorld,
} from './predictionFactory.ts';

type Json = Record<string, unknown>;

/** Starts `prediction.run` workers for the suite (one pool thread), stopped after it. */
export function runWorkers(
  ctx: () => TestContext,
  options: { staleSeconds?: number; sweepSeconds?: number } = {},
) {
  let workers: Workers | undefined;
  beforeAll(async () => {
    workers = await startWorkers(
      ctx().database,
      { info: () => {} },
      {
        names: ['prediction.run'],
        pollingIntervalSeconds: 0.5,
        ...options,
      },
    );
  });
  afterAll(async () => {
    await workers?.stop();
  });
}

export interface RunnablePrediction {
  world: PredictionWorld;
  id: number;
}

/** A prediction with weather and a plant, ready to run. */
export async function runnablePrediction(
  app: FastifyInstance,
  options: { world?: PredictionWorld; prediction?: Json; plant?: Json; blocks?: number } = {},
): Promise<RunnablePrediction> {
  const world = options.world ?? (await predictionWorld(app));
  const id = await createPrediction(app, world, {
    weatherId: world.weatherId,
    ...(options.prediction ?? {}),
  });
  const res = await call(app, {
    method: 'POST',
    url: predictionUrl(world, id, '/PowerPlant'),
    token: world.token,
    payload: options.plant ?? plantBody(world, options.blocks ?? 2),
  });
  if (res.statusCode !== 200) throw new Error(`plant: ${res.statusCode} ${res.body}`);
  return { world, id };
}

/** Polls the prediction until its processingStatus is one of `statuses`; returns the prediction. */
export async function waitForStatus(
  app: FastifyInstance,
  p: RunnablePrediction,
  statuses: number[],
  timeoutMs = 60_000,
): Promise<Json> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await call(app, { method: 'GET', url: predictionUrl(p.world, p.id), token: p.world.token });
    const body = res.json() as Json;
    if (statuses.includes(body.processingStatus as number)) return body;
    if (Date.now() > deadline)
      throw new Error(
        `processingStatus ${String(body.processingStatus)} (${String(body.processingMessage)})`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Runs the prediction (optional export options) and waits for success. */
export async function runToSuccess(
  app: FastifyInstance,
  p: RunnablePrediction,
  options?: Json,
): Promise<Json> {
  const res = await call(app, {
    method: 'POST',
    url: predictionUrl(p.world, p.id, '/Run'),
    token: p.world.token,
    ...(options ? { payload: options } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`run: ${res.statusCode} ${res.body}`);
  const done = await waitForStatus(app, p, [3, 4, 5]);
  if (done.processingStatus !== 3)
    throw new Error(`run ended ${String(done.processingStatus)}: ${String(done.processingMessage)}`);
  return done;
}
