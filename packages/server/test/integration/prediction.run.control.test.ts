/**
 * Controlling runs: cancel while queued and while running; a `sunfield worker` killed with SIGKILL in
 * the middle of a run leaves its job to another worker, which completes it; another company sees
 * nothing of a run (404 on every route, no hub message).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';
import { startWorkers, type Workers } from '../../src/jobs/index.ts';
import { findRun } from '../../src/models/predictionRun.ts';
import { call, describeEachDatabase } from './harness.ts';
import { listenUrl, TestHubClient } from './hubClient.ts';
import { plantBody, predictionUrl, predictionWorld } from './predictionFactory.ts';
import {
  runnablePrediction,
  runToSuccess,
  runWorkers,
  waitForStatus,
  type RunnablePrediction,
} from './runHelpers.ts';

type Json = Record<string, unknown>;
const quiet = { info: () => {} };

/** A plant of `blocks` blocks whose DC fields differ (tilts), and 50 simulated years: a run of seconds. */
function slowPlant(world: Parameters<typeof plantBody>[0], blocks: number): Json {
  const plant = plantBody(world, blocks);
  (plant.blocks as Json[]).forEach((b, k) => {
    const field = (((b.arrays as Json[])[0]!.inverters as Json[])[0]!.dcFields as Json[])[0]!;
    field.moduleTilt = 10 + k;
  });
  return plant;
}

const post = (app: Parameters<typeof call>[0], p: RunnablePrediction, tail: string) =>
  call(app, { method: 'POST', url: predictionUrl(p.world, p.id, tail), token: p.world.token });

describeEachDatabase('cancelling a queued run', (ctx) => {
  it('cancels a run no worker took; it never runs, and the prediction can run again', async () => {
    const { app, database } = ctx();
    const p = await runnablePrediction(app, { blocks: 1 });
    const run = await post(app, p, '/Run');
    expect(run.statusCode).toBe(200);
    const runId = (run.json() as { id: number }).id;
    const cancel = await post(app, p, '/Cancel');
    expect(cancel.statusCode, cancel.body).toBe(200);
    const prediction = await waitForStatus(app, p, [5], 5000);
    expect(prediction.processingMessage).toBe('Cancelled by the user.');
    const row = (await findRun(database.db, runId))!;
    const { rows } = await database.executeSql(`select state from pgboss.job where id = $1`, [row.jobId]);
    expect((rows[0] as { state: string }).state).toBe('cancelled');
    const twice = await post(app, p, '/Cancel');
    expect(twice.statusCode).toBe(400);
    expect(twice.body).toBe('The prediction is not queued or running.');

    // A worker now starts: the cancelled run stays cancelled; a new run succeeds.
    const workers = await startWorkers(database, quiet, {
      names: ['prediction.run'],
      pollingIntervalSeconds: 0.5,
    });
    try {
      await runToSuccess(app, p);
      expect((await findRun(database.db, runId))!.status).toBe(5);
      expect((await findRun(database.db, runId))!.attempts).toBe(0);
    } finally {
      await workers.stop();
    }
  });
});

describeEachDatabase('cancelling a running run', (ctx) => {
  runWorkers(ctx);

  it('stops the engine thread; no results; the pool runs the next run', async () => {
    const { app, database } = ctx();
    const world = await predictionWorld(app);
    const p = await runnablePrediction(app, {
      world,
      prediction: { yearRepeater: 50 },
      plant: slowPlant(world, 8),
    });
    const runId = ((await post(app, p, '/Run')).json() as { id: number }).id;
    await waitForStatus(app, p, [2, 3, 4, 5]);
    const cancel = await post(app, p, '/Cancel');
    expect(cancel.statusCode, cancel.body).toBe(200);
    await waitForStatus(app, p, [5], 5000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const row = (await findRun(database.db, runId))!;
    expect(row.status).toBe(5);
    expect(row.summary).toBeNull();
    const summary = await call(app, {
      method: 'GET',
      url: predictionUrl(p.world, p.id, '/ResultSummary'),
      token: p.world.token,
    });
    expect(summary.statusCode).toBe(204);
    const quick = await runnablePrediction(app, { world, blocks: 1 });
    await runToSuccess(app, quick);
  });
});

describeEachDatabase('runs and another company', (ctx) => {
  runWorkers(ctx);

  it('another company gets 404 on every run and result route and no hub message', async () => {
    const { app } = ctx();
    const a = await runnablePrediction(app, { blocks: 1 });
    const b = await predictionWorld(app);
    const base = await listenUrl(app);
    const hubA = await TestHubClient.connect(base, a.world.token);
    const hubB = await TestHubClient.connect(base, b.token);
    try {
      await runToSuccess(app, a);
      await hubA.next('addorupdate:queueitem', (d) => (d as Json).processingStatus === 3);
      await hubA.next(
        'addorupdate:predictionitem',
        (d) => (d as Json).id === a.id && (d as Json).processingStatus === 3,
      );
      const runId = (await hubA.next('addorupdate:queueitem')).data as Json;
      for (const [method, tail] of [
        ['POST', '/Run'],
        ['POST', '/Cancel'],
        ['GET', '/ResultSummary'],
        ['GET', '/ResultDetails'],
        ['GET', '/NodalJson'],
        ['GET', '/NodalJson?blockNumber=1'],
        ['GET', '/AverageEnergy'],
        ['GET', '/RunLog'],
      ] as const) {
        const res = await call(app, { method, url: predictionUrl(a.world, a.id, tail), token: b.token });
        expect(res.statusCode, `${method} ${tail}`).toBe(404);
      }
      // B's token on A's prediction id under B's own project: still not found.
      const cross = await call(app, {
        method: 'GET',
        url: `/api/Project/${b.projectId}/Prediction/${a.id}/ResultSummary`,
        token: b.token,
      });
      expect(cross.statusCode).toBe(404);
      const dismiss = await call(app, {
        method: 'DELETE',
        url: `/api/User/Queue/${runId.id as number}`,
        token: b.token,
      });
      expect(dismiss.statusCode).toBe(404);
      const queueB = (await call(app, { method: 'GET', url: '/api/User/Queue', token: b.token })).json();
      expect(queueB).toEqual([]);
      expect(
        hubB.messages.filter((m) => m.command.includes('queueitem') || m.command.includes('predictionitem')),
      ).toEqual([]);
    } finally {
      await hubA.close();
      await hubB.close();
    }
  });
});

describeEachDatabase('a worker killed mid-run', (ctx) => {
  it('leaves its job to another worker, which completes it (PostgreSQL)', async (test) => {
    const { kind, database, app } = ctx();
    if (kind !== 'postgres' || !database.url) return test.skip();
    const world = await predictionWorld(app);
    const p = await runnablePrediction(app, {
      world,
      prediction: { yearRepeater: 50 },
      plant: slowPlant(world, 12),
    });
    const bin = path.resolve(import.meta.dirname, '../../bin/sunfield.js');
    const env = {
      ...process.env,
      DATABASE_URL: database.url,
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      SUNFIELD_RUN_THREADS: '1',
    };
    const child = spawn(process.execPath, [bin, 'worker'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<string | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal)),
    );
    let workers: Workers | undefined;
    try {
      const runId = ((await post(app, p, '/Run')).json() as { id: number }).id;
      await waitForStatus(app, p, [2], 60_000);
      const running = (await findRun(database.db, runId))!;
      expect(running.worker).not.toContain(`:${process.pid}`);
      child.kill('SIGKILL');
      expect(await exited, output).toBe('SIGKILL');
      // A live worker finds the stale heartbeat, fails the job, and pg-boss hands the retry to it.
      workers = await startWorkers(database, quiet, {
        names: ['prediction.run'],
        pollingIntervalSeconds: 0.5,
        staleSeconds: 2,
        sweepSeconds: 1,
      });
      const done = await waitForStatus(app, p, [3, 4, 5], 120_000);
      expect(done.processingStatus, String(done.processingMessage)).toBe(3);
      const row = (await findRun(database.db, runId))!;
      expect(row.attempts).toBe(2);
      expect(row.worker).toContain(`:${process.pid}`);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await workers?.stop();
    }
  }, 180_000);
});
