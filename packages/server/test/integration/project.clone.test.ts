/**
 * Project clone (spec 1 §2 /projects/{cloneID}/clone: POST /Project/{id}/Clone) and prediction import
 * into a project from another project or from some predictions of an export file
 * (POST /Project/{id}/ImportPredictions): new ids, the caller's company, one transaction, a colleague's
 * Draft-Private prediction left out, another company refused.
 */
import { expect, it } from 'vitest';
import { walkPlant } from '@sunfield/domain';
import { and, eq } from 'drizzle-orm';
import { powerPlants, predictions } from '../../src/db/schema.ts';
import { call, describeEachDatabase } from './harness.ts';
import { createPrediction, plantBody, predictionUrl, predictionWorld } from './predictionFactory.ts';
import { createCompanyUser } from './projectFactory.ts';

type Json = Record<string, unknown>;

/** The ids of the plant's blocks, arrays, inverters and DC fields. */
const nodeIds = (plant: Json): number[] => {
  const ids: number[] = [];
  walkPlant(plant, ({ node }) => {
    if (typeof node.id === 'number') ids.push(node.id);
  });
  return ids;
};

describeEachDatabase('project clone and prediction import', (ctx) => {
  it('clones a project with the predictions the caller may read and their plants, with new ids', async () => {
    const { app } = ctx();
    const world = await predictionWorld(app);
    const a = await createPrediction(app, world, { name: 'A', weatherId: world.weatherId });
    await call(app, {
      method: 'POST',
      url: predictionUrl(world, a, '/PowerPlant'),
      token: world.token,
      payload: plantBody(world, 2),
    });
    await createPrediction(app, world, { name: 'B' });
    // A colleague's Draft-Private prediction: not theirs to clone.
    const colleague = await createCompanyUser(app, { companyId: world.companyId });
    const hidden = await call(app, {
      method: 'POST',
      url: `/api/Project/${world.projectId}/Prediction`,
      token: world.token,
      payload: { name: 'Private of owner' },
    });
    expect(hidden.statusCode).toBe(200);

    const res = await call(app, {
      method: 'POST',
      url: `/api/Project/${world.projectId}/Clone`,
      token: colleague.token,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const clone = res.json() as { id: number; projectId: number; predictionIds: number[] };
    expect(clone.id).not.toBe(world.projectId);
    // The colleague reads none of the owner's Draft-Private predictions.
    expect(clone.predictionIds).toEqual([]);

    const mine = await call(app, {
      method: 'POST',
      url: `/api/Project/${world.projectId}/Clone`,
      token: world.token,
      payload: { name: 'Greensboro copy' },
    });
    expect(mine.statusCode, mine.body).toBe(200);
    const copy = mine.json() as { id: number; predictionIds: number[] };
    expect(copy.predictionIds).toHaveLength(3);
    const project = (
      await call(app, { method: 'GET', url: `/api/Project/${copy.id}`, token: world.token })
    ).json() as Json;
    expect(project).toMatchObject({
      name: 'Greensboro copy',
      latitude: 36.1,
      longitude: -79.95,
      elevation: 273,
    });
    const list = (
      await call(app, { method: 'GET', url: `/api/Project/${copy.id}/Prediction`, token: world.token })
    ).json() as Json[];
    expect(list.map((p) => p.name).sort()).toEqual(['A', 'B', 'Private of owner']);
    const copiedA = list.find((p) => p.name === 'A')!;
    expect(copiedA).toMatchObject({ status: 1, processingStatus: 0, weatherId: world.weatherId });
    expect(String(copiedA.description)).toMatch(/^Cloned from A on \d{4}-\d{2}-\d{2}\.$/);
    const [sourcePlant, copiedPlant] = await Promise.all(
      [a, copiedA.id as number].map(
        async (id) =>
          (
            await call(app, {
              method: 'GET',
              url: `/api/Project/${id === a ? world.projectId : copy.id}/Prediction/${id}/PowerPlant`,
              token: world.token,
            })
          ).json() as Json,
      ),
    );
    expect((copiedPlant!.blocks as unknown[]).length).toBe(2);
    expect(nodeIds(copiedPlant!).length).toBeGreaterThan(3);
    const shared = nodeIds(copiedPlant!).filter((id) => nodeIds(sourcePlant!).includes(id));
    expect(shared).toEqual([]);
    // The source is unchanged.
    const source = (
      await call(app, {
        method: 'GET',
        url: `/api/Project/${world.projectId}/Prediction`,
        token: world.token,
      })
    ).json() as Json[];
    expect(source).toHaveLength(3);

    // Another company: 404; a bad name: 400.
    const stranger = await createCompanyUser(app);
    expect(
      (
        await call(app, {
          method: 'POST',
          url: `/api/Project/${world.projectId}/Clone`,
          token: stranger.token,
          payload: {},
        })
      ).statusCode,
    ).toBe(404);
    const bad = await call(app, {
      method: 'POST',
      url: `/api/Project/${world.projectId}/Clone`,
      token: world.token,
      payload: { name: 'x'.repeat(201) },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys((bad.json() as { modelState: Json }).modelState)).toEqual(['name']);
  });

  it('imports chosen predictions from another project or from part of an export file', async () => {
    const { app, database } = ctx();
    const world = await predictionWorld(app);
    const a = await createPrediction(app, world, { name: 'A', weatherId: world.weatherId });
    await call(app, {
      method: 'POST',
      url: predictionUrl(world, a, '/PowerPlant'),
      token: world.token,
      payload: plantBody(world, 1),
    });
    const b = await createPrediction(app, world, { name: 'B' });
    const target = await call(app, {
      method: 'POST',
      url: '/api/Project',
      token: world.token,
      payload: { name: 'Target', latitude: 35, longitude: -80 },
    });
    const targetId = (target.json() as { id: number }).id;

    // From another project: only the chosen one, with its plant.
    const fromProject = await call(app, {
      method: 'POST',
      url: `/api/Project/${targetId}/ImportPredictions`,
      token: world.token,
      payload: { sourceProjectId: world.projectId, predictionIds: [a] },
    });
    expect(fromProject.statusCode, fromProject.body).toBe(200);
    const [copiedA] = (fromProject.json() as { predictionIds: number[] }).predictionIds;
    const rows = await database.db
      .select({ name: predictions.name, projectId: predictions.projectId, companyId: predictions.companyId })
      .from(predictions)
      .where(eq(predictions.id, copiedA!));
    expect(rows[0]).toEqual({ name: 'A', projectId: targetId, companyId: world.companyId });
    expect(
      await database.db
        .select({ id: powerPlants.predictionId })
        .from(powerPlants)
        .where(eq(powerPlants.predictionId, copiedA!)),
    ).toHaveLength(1);

    // Not a prediction of that project: 400, nothing written.
    const before = await database.db
      .select({ id: predictions.id })
      .from(predictions)
      .where(and(eq(predictions.projectId, targetId)));
    const wrong = await call(app, {
      method: 'POST',
      url: `/api/Project/${targetId}/ImportPredictions`,
      token: world.token,
      payload: { sourceProjectId: world.projectId, predictionIds: [b, copiedA] },
    });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys((wrong.json() as { modelState: Json }).modelState)).toEqual(['predictionIds']);
    const after = await database.db
      .select({ id: predictions.id })
      .from(predictions)
      .where(eq(predictions.projectId, targetId));
    expect(after).toHaveLength(before.length);
    // Another company's project as source or target: 404.
    const stranger = await predictionWorld(app);
    const foreignSource = await call(app, {
      method: 'POST',
      url: `/api/Project/${targetId}/ImportPredictions`,
      token: world.token,
      payload: { sourceProjectId: stranger.projectId, predictionIds: [1] },
    });
    expect(foreignSource.statusCode).toBe(404);
    const foreignTarget = await call(app, {
      method: 'POST',
      url: `/api/Project/${targetId}/ImportPredictions`,
      token: stranger.token,
      payload: { sourceProjectId: stranger.projectId, predictionIds: [1] },
    });
    expect(foreignTarget.statusCode).toBe(404);

    // Part of an export file: prediction 1 (B, no plant) only, the library pruned to what it uses.
    const exported = (
      await call(app, { method: 'GET', url: `/api/Project/${world.projectId}/Export`, token: world.token })
    ).json() as Json;
    const names = (exported.predictions as { prediction: Json }[]).map((p) => p.prediction.name);
    const index = names.indexOf('B');
    const part = await call(app, {
      method: 'POST',
      url: `/api/Project/${targetId}/ImportPredictions?predictions=${index}`,
      token: world.token,
      payload: exported,
    });
    expect(part.statusCode, part.body).toBe(200);
    const report = part.json() as {
      predictions: { name: string }[];
      modules: unknown[];
      weathers: unknown[];
    };
    expect(report.predictions.map((p) => p.name)).toEqual(['B']);
    expect(report.modules).toEqual([]);
    expect(report.weathers).toEqual([]);
    const outOfRange = await call(app, {
      method: 'POST',
      url: `/api/Project/${targetId}/ImportPredictions?predictions=7`,
      token: world.token,
      payload: exported,
    });
    expect(outOfRange.statusCode).toBe(400);
    expect((outOfRange.json() as { message: string; modelState: Json }).message).toBe(
      'The project could not be imported. Please try again',
    );
    const garbage = await call(app, {
      method: 'POST',
      url: `/api/Project/${targetId}/ImportPredictions?predictions=a,b`,
      token: world.token,
      payload: exported,
    });
    expect(Object.keys((garbage.json() as { modelState: Json }).modelState)).toEqual(['predictions']);
  });
});
