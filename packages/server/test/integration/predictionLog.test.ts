/**
 * The prediction screens' server additions: a project's prediction list carries the first-year P50
 * energy of the newest successful run (`p50EnergyMwh`), and `GET /PredictionLog` lists every run of the
 * caller's company, newest first, paginated with `X-Total-Count`: not another company's runs, not the
 * runs of a colleague's Draft-Private prediction (except for an admin), not the caller's dismissed runs.
 */
import { expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { predictionRuns } from '../../src/db/schema.ts';
import { insertRun, PROCESSING } from '../../src/models/predictionRun.ts';
import { call, describeEachDatabase } from './harness.ts';
import {
  createPrediction,
  predictionUrl,
  predictionWorld,
  type PredictionWorld,
} from './predictionFactory.ts';
import { createCompanyUser } from './projectFactory.ts';
import { runnablePrediction, runToSuccess, runWorkers } from './runHelpers.ts';

type Json = Record<string, unknown>;

async function log(app: FastifyInstance, token: string, query = '') {
  const res = await call(app, { method: 'GET', url: `/api/PredictionLog${query}`, token });
  return {
    res,
    items: res.statusCode === 200 ? (res.json() as Json[]) : [],
    total: Number(res.headers['x-total-count']),
  };
}

/** A queued run recorded directly (no job): enough for the log's lists. */
async function recordRun(app: FastifyInstance, world: PredictionWorld, predictionId: number, userId: string) {
  const row = await insertRun(app.services.database.db, {
    companyId: world.companyId,
    projectId: world.projectId,
    predictionId,
    userId,
    case: {},
    weatherId: world.weatherId,
    exportOptions: {},
  });
  if (!row || row === 'busy') throw new Error('run not recorded');
  return row;
}

describeEachDatabase('prediction list P50 and the prediction log', (ctx) => {
  runWorkers(ctx);

  it('lists the first-year P50 energy of the newest successful run, null before one', async () => {
    const { app } = ctx();
    const p = await runnablePrediction(app, { blocks: 1 });
    const listUrl = `/api/Project/${p.world.projectId}/Prediction`;
    const before = (await call(app, { method: 'GET', url: listUrl, token: p.world.token })).json() as Json[];
    expect(before.find((item) => item.id === p.id)!.p50EnergyMwh).toBeNull();

    await runToSuccess(app, p);
    const summary = (
      await call(app, {
        method: 'GET',
        url: predictionUrl(p.world, p.id, '/ResultSummary'),
        token: p.world.token,
      })
    ).json() as { years: { summaryFactors: { pValue: number; plantNetEnergy: number }[] }[] };
    const p50 = summary.years[0]!.summaryFactors.find((f) => f.pValue === 50)!;
    const expected = p50.plantNetEnergy * 1000;
    expect(expected).toBeGreaterThan(0);

    const list = (await call(app, { method: 'GET', url: listUrl, token: p.world.token })).json() as Json[];
    const item = list.find((entry) => entry.id === p.id)!;
    expect(item.p50EnergyMwh).toBeCloseTo(expected, 9);
    expect(item.dcCapacityKw).toBeGreaterThan(0);
    const overview = (
      await call(app, {
        method: 'GET',
        url: `/api/Project/${p.world.projectId}/Overview`,
        token: p.world.token,
      })
    ).json() as { predictions: Json[] };
    expect(overview.predictions.find((entry) => entry.id === p.id)!.p50EnergyMwh).toBeCloseTo(expected, 9);

    // A later run that fails leaves the last successful result's P50 in place.
    const failed = await recordRun(app, p.world, p.id, p.world.userId);
    await app.services.database.db
      .update(predictionRuns)
      .set({ status: PROCESSING.Error, completedAt: new Date() })
      .where(eq(predictionRuns.id, failed.id));
    const again = (await call(app, { method: 'GET', url: listUrl, token: p.world.token })).json() as Json[];
    expect(again.find((entry) => entry.id === p.id)!.p50EnergyMwh).toBeCloseTo(expected, 9);
  });

  it('lists the company’s runs newest first with who, times and paging; never another company’s', async () => {
    const { app } = ctx();
    const a = await runnablePrediction(app, { blocks: 1 });
    await runToSuccess(app, a);
    const b = await predictionWorld(app);

    const first = await log(app, a.world.token);
    expect(first.res.statusCode, first.res.body).toBe(200);
    expect(first.total).toBe(1);
    const item = first.items[0]!;
    expect(item).toMatchObject({
      predictionId: a.id,
      projectId: a.world.projectId,
      predictionName: 'Contracted',
      projectName: 'Greensboro',
      processingStatus: 3,
      percentComplete: 100,
      userId: a.world.userId,
      user: { id: a.world.userId, firstName: 'Pat', lastName: 'Planner' },
      isOwn: true,
    });
    expect(typeof item.queuedDate).toBe('string');
    expect(typeof item.startedDate).toBe('string');
    expect(typeof item.completedDate).toBe('string');
    expect(item.elapsedSeconds).toBeGreaterThanOrEqual(0);
    expect(item).not.toHaveProperty('case');
    expect(item).not.toHaveProperty('summary');

    // Another company sees none of them, and its own run only.
    const other = await log(app, b.token);
    expect(other.res.statusCode).toBe(200);
    expect(other.items).toEqual([]);
    expect(other.total).toBe(0);
    const bPrediction = await createPrediction(app, b, { weatherId: b.weatherId });
    await recordRun(app, b, bPrediction, b.userId);
    expect((await log(app, b.token)).items.map((i) => i.predictionId)).toEqual([bPrediction]);
    expect((await log(app, a.world.token)).items.map((i) => i.predictionId)).toEqual([a.id]);

    // Paging: newest first, X-Total-Count over all pages.
    const more = [];
    for (let i = 0; i < 4; i++) {
      const id = await createPrediction(app, a.world, { name: `Variant ${i}`, weatherId: a.world.weatherId });
      more.push((await recordRun(app, a.world, id, a.world.userId)).id);
    }
    const page1 = await log(app, a.world.token, '?skip=0&take=2');
    expect(page1.total).toBe(5);
    expect(page1.items.map((i) => i.id)).toEqual([more[3], more[2]]);
    const page3 = await log(app, a.world.token, '?Skip=4&Take=2');
    expect(page3.items.map((i) => i.predictionId)).toEqual([a.id]);
    for (const bad of ['?take=0', '?take=201', '?skip=-1', '?skip=x']) {
      expect((await log(app, a.world.token, bad)).res.statusCode, bad).toBe(400);
    }
    const anonymous = await call(app, { method: 'GET', url: '/api/PredictionLog' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('hides a colleague’s Draft-Private prediction (not from an admin) and the caller’s dismissed runs', async () => {
    const { app } = ctx();
    const owner = await predictionWorld(app);
    const colleague = await createCompanyUser(app, { companyId: owner.companyId, firstName: 'Cole' });
    const admin = await createCompanyUser(app, { companyId: owner.companyId, roles: ['Admin'] });
    const privateId = await createPrediction(app, owner, { name: 'Private', weatherId: owner.weatherId });
    const sharedId = await createPrediction(app, owner, {
      name: 'Shared',
      status: 2,
      weatherId: owner.weatherId,
    });
    const privateRun = await recordRun(app, owner, privateId, owner.userId);
    const sharedRun = await recordRun(app, owner, sharedId, owner.userId);

    expect((await log(app, owner.token)).items.map((i) => i.id)).toEqual([sharedRun.id, privateRun.id]);
    const seenByColleague = await log(app, colleague.token);
    expect(seenByColleague.items.map((i) => i.id)).toEqual([sharedRun.id]);
    expect(seenByColleague.total).toBe(1);
    expect(seenByColleague.items[0]).toMatchObject({ isOwn: false, user: { firstName: 'Pat' } });
    expect((await log(app, admin.token)).items.map((i) => i.id)).toEqual([sharedRun.id, privateRun.id]);

    // Dismissing (which cancels a queued run first) hides the run from its user's log only.
    const dismissed = await call(app, {
      method: 'DELETE',
      url: `/api/User/Queue/${sharedRun.id}`,
      token: owner.token,
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    const after = await log(app, owner.token);
    expect(after.items.map((i) => i.id)).toEqual([privateRun.id]);
    expect(after.total).toBe(1);
    const colleagueAfter = await log(app, colleague.token);
    expect(colleagueAfter.items.map((i) => [i.id, i.processingStatus])).toEqual([
      [sharedRun.id, PROCESSING.Cancelled],
    ]);
  });
});
