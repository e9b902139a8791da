import { expect, it } from 'vitest';
import { call, describeEachDatabase } from './harness.ts';
import {
  createPrediction,
  plantBody,
  predictionUrl,
  predictionWorld,
  type PredictionWorld,
  dcFieldOf,
} from './predictionFactory.ts';
import { createCompanyUser } from './projectFactory.ts';

type Json = Record<string, unknown>;

/** Every prediction and plant route, with a body where it takes one. */
function routes(
  world: PredictionWorld,
  id: number,
): { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object }[] {
  const base = `/api/Project/${world.projectId}/Prediction`;
  return [
    { method: 'GET', url: base },
    { method: 'POST', url: base, payload: { name: 'X' } },
    { method: 'PUT', url: base, payload: { id, name: 'X' } },
    { method: 'GET', url: predictionUrl(world, id) },
    { method: 'PUT', url: predictionUrl(world, id), payload: { name: 'X' } },
    { method: 'DELETE', url: predictionUrl(world, id) },
    { method: 'GET', url: predictionUrl(world, id, '/Hydrated') },
    { method: 'GET', url: predictionUrl(world, id, '/Overview') },
    { method: 'GET', url: predictionUrl(world, id, '/Clone') },
    { method: 'POST', url: predictionUrl(world, id, '/Clone') },
    { method: 'PUT', url: predictionUrl(world, id, '/TitleUpdate'), payload: { name: 'X' } },
    { method: 'PUT', url: predictionUrl(world, id, '/NotesUpdate'), payload: { notes: 'X' } },
    { method: 'POST', url: `${base}/Status/Validate`, payload: [{ id, status: 2 }] },
    { method: 'POST', url: `${base}/Status`, payload: [{ id, status: 2 }] },
    { method: 'GET', url: predictionUrl(world, id, '/PowerPlant') },
    { method: 'POST', url: predictionUrl(world, id, '/PowerPlant'), payload: { blocks: [] } },
    { method: 'PUT', url: predictionUrl(world, id, '/PowerPlant'), payload: { availabilityLoss: 3 } },
    {
      method: 'PUT',
      url: predictionUrl(world, id, '/PowerPlant/ExportOptions'),
      payload: { exportSystem: true },
    },
    { method: 'POST', url: predictionUrl(world, id, '/CalculatePowerPlantFields'), payload: {} },
  ];
}

describeEachDatabase('prediction policies', (ctx) => {
  it('a user of another company gets 404 on every prediction and plant route, and nothing changes', async () => {
    const { app } = ctx();
    const world = await predictionWorld(app);
    const id = await createPrediction(app, world, { status: 2 });
    await call(app, {
      method: 'POST',
      url: predictionUrl(world, id, '/PowerPlant'),
      token: world.token,
      payload: plantBody(world, 1),
    });
    const before = (
      await call(app, { method: 'GET', url: predictionUrl(world, id, '/Hydrated'), token: world.token })
    ).json();
    const intruder = await createCompanyUser(app, { roles: ['Admin'] });
    for (const route of routes(world, id)) {
      const res = await call(app, { ...route, token: intruder.token });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(404);
    }
    // Its own project with the victim's prediction id: 404 too.
    const own = await call(app, {
      method: 'POST',
      url: '/api/Project',
      token: intruder.token,
      payload: { name: 'Mine', latitude: 10, longitude: 10 },
    });
    const ownProject = (own.json() as { id: number }).id;
    const crossed = await call(app, {
      method: 'GET',
      url: `/api/Project/${ownProject}/Prediction/${id}/PowerPlant`,
      token: intruder.token,
    });
    expect(crossed.statusCode).toBe(404);
    const after = (
      await call(app, { method: 'GET', url: predictionUrl(world, id, '/Hydrated'), token: world.token })
    ).json();
    expect(after).toEqual(before);
  });

  it("a colleague's Draft-Private prediction is not found; shared, it is readable", async () => {
    const { app } = ctx();
    const world = await predictionWorld(app);
    const id = await createPrediction(app, world);
    const colleague = await createCompanyUser(app, { companyId: world.companyId });
    expect(
      (await call(app, { method: 'GET', url: predictionUrl(world, id), token: colleague.token })).statusCode,
    ).toBe(404);
    const list = await call(app, {
      method: 'GET',
      url: `/api/Project/${world.projectId}/Prediction`,
      token: colleague.token,
    });
    expect(list.json()).toEqual([]);
    const shared = await call(app, {
      method: 'POST',
      url: `/api/Project/${world.projectId}/Prediction/Status`,
      token: world.token,
      payload: [{ name: 'Contracted', id, type: 5, status: 2, note: 'for the team' }],
    });
    expect(shared.statusCode).toBe(200);
    const got = await call(app, { method: 'GET', url: predictionUrl(world, id), token: colleague.token });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({ status: 2, isReadOnly: false });
  });

  it('a prediction in a read-only status refuses edits with the reason (409) and keeps its data', async () => {
    const { app } = ctx();
    const world = await predictionWorld(app);
    const id = await createPrediction(app, world);
    await call(app, {
      method: 'POST',
      url: predictionUrl(world, id, '/PowerPlant'),
      token: world.token,
      payload: plantBody(world, 1),
    });
    const status = await call(app, {
      method: 'POST',
      url: `/api/Project/${world.projectId}/Prediction/Status`,
      token: world.token,
      payload: { projectId: world.projectId, items: [{ id, status: 5, note: 'signed' }] },
    });
    expect(status.statusCode).toBe(200);
    const before = (
      await call(app, { method: 'GET', url: predictionUrl(world, id, '/Hydrated'), token: world.token })
    ).json() as Json;
    expect(before).toMatchObject({ status: 5, isReadOnly: true });
    const message =
      'Contracted is read-only in its status Contract: only Draft-Private, Draft-Shared and String-Sizing predictions can be changed.';
    for (const route of routes(world, id).filter(
      (r) =>
        r.method !== 'GET' &&
        !r.url.endsWith('/Clone') &&
        !r.url.includes('/Status') &&
        !r.url.endsWith('/CalculatePowerPlantFields') &&
        r.url !== `/api/Project/${world.projectId}/Prediction`,
    )) {
      const res = await call(app, { ...route, token: world.token });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(409);
      expect(res.body).toBe(message);
    }
    const after = (
      await call(app, { method: 'GET', url: predictionUrl(world, id, '/Hydrated'), token: world.token })
    ).json();
    expect(after).toEqual(before);
    // A clone is a new draft that can be edited.
    const clone = await call(app, {
      method: 'GET',
      url: predictionUrl(world, id, '/Clone'),
      token: world.token,
    });
    expect(clone.statusCode).toBe(200);
    const cloned = clone.json() as Json;
    expect(cloned).toMatchObject({
      name: 'Contracted - CLONE',
      status: 1,
      processingStatus: 0,
      percentComplete: 0,
      isReadOnly: false,
    });
    expect(String(cloned.description)).toMatch(/^Cloned from Contracted on \d{4}-\d{2}-\d{2}\.$/);
    const clonePlant = (
      await call(app, {
        method: 'GET',
        url: predictionUrl(world, cloned.id as number, '/PowerPlant'),
        token: world.token,
      })
    ).json() as Json;
    const sourcePlant = before.powerPlant as Json;
    expect((clonePlant.blocks as Json[])[0]!.id).not.toBe((sourcePlant.blocks as Json[])[0]!.id);
    const withoutIds = (v: unknown): unknown =>
      JSON.parse(JSON.stringify(v, (key, value: unknown) => (key === 'id' ? undefined : value)));
    expect(withoutIds(clonePlant)).toEqual(withoutIds(sourcePlant));
  });

  it('a status change refuses a status that does not exist and statuses of other projects', async () => {
    const { app } = ctx();
    const world = await predictionWorld(app);
    const id = await createPrediction(app, world);
    const bad = await call(app, {
      method: 'POST',
      url: `/api/Project/${world.projectId}/Prediction/Status`,
      token: world.token,
      payload: [{ id, status: 11 }],
    });
    expect(bad.statusCode).toBe(400);
    const otherProject = await call(app, {
      method: 'POST',
      url: '/api/Project',
      token: world.token,
      payload: { name: 'Other', latitude: 1, longitude: 1 },
    });
    const wrong = await call(app, {
      method: 'POST',
      url: `/api/Project/${(otherProject.json() as { id: number }).id}/Prediction/Status`,
      token: world.token,
      payload: [{ id, status: 2 }],
    });
    expect(wrong.statusCode).toBe(404);
    const put = await call(app, {
      method: 'PUT',
      url: predictionUrl(world, id),
      token: world.token,
      payload: { status: 3 },
    });
    expect(put.statusCode).toBe(400);
    expect(put.json()).toMatchObject({
      modelState: { status: [expect.stringContaining('change-status flow')] },
    });
  });

  it('validating a status change lists the draft components it moves, and the change moves them', async () => {
    const { app } = ctx();
    const world = await predictionWorld(app);
    const id = await createPrediction(app, world, { weatherId: world.weatherId });
    const module = await call(app, {
      method: 'POST',
      url: '/api/Module',
      token: world.token,
      payload: { name: 'Draft module', stcMaxPower: 400, length: 2000, width: 1000 },
    });
    const moduleId = (module.json() as { id: number }).id;
    const body = plantBody(world, 1);
    const field = dcFieldOf(body);
    field.moduleId = moduleId;
    await call(app, {
      method: 'POST',
      url: predictionUrl(world, id, '/PowerPlant'),
      token: world.token,
      payload: body,
    });
    const validate = await call(app, {
      method: 'POST',
      url: `/api/Project/${world.projectId}/Prediction/Status/Validate`,
      token: world.token,
      payload: [{ id, status: 2, note: '' }],
    });
    expect(validate.statusCode).toBe(200);
    const components = (validate.json() as { draftComponents: Json[] }).draftComponents;
    expect(components.map((c) => [c.type, c.name, c.status, c.newStatus]).sort()).toEqual(
      [
        ['Module', 'Draft module', 1, 2],
        ['Weather', expect.any(String), 1, 2],
      ].sort(),
    );
    const analysis = await call(app, {
      method: 'POST',
      url: `/api/Project/${world.projectId}/Prediction/Status/Validate`,
      token: world.token,
      payload: [{ id, status: 3 }],
    });
    expect(
      (analysis.json() as { draftComponents: Json[] }).draftComponents.every((c) => c.newStatus === 3),
    ).toBe(true);
    await call(app, {
      method: 'POST',
      url: `/api/Project/${world.projectId}/Prediction/Status`,
      token: world.token,
      payload: [{ id, status: 3 }],
    });
    const moduleAfter = (
      await call(app, { method: 'GET', url: `/api/Module/${moduleId}`, token: world.token })
    ).json();
    expect(moduleAfter).toMatchObject({ status: 3 });
    const weatherAfter = (
      await call(app, { method: 'GET', url: `/api/Weather/${world.weatherId}`, token: world.token })
    ).json();
    expect(weatherAfter).toMatchObject({ status: 3 });
  });
});
