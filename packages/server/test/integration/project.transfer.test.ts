import { expect, it } from 'vitest';
import { call, describeEachDatabase } from './harness.ts';
import {
  createPrediction,
  plantBody,
  predictionUrl,
  predictionWorld,
  dcFieldOf,
} from './predictionFactory.ts';
import { createCompanyUser } from './projectFactory.ts';

type Json = Record<string, unknown>;
const withoutIds = (v: unknown): unknown =>
  JSON.parse(
    JSON.stringify(v, (key, value: unknown) =>
      ['id', 'moduleId', 'inverterId', 'module', 'inverter'].includes(key) ? undefined : value,
    ),
  );

describeEachDatabase('project export and import with predictions', (ctx) => {
  it('exports a project with its predictions and plants, and imports it into another company', async () => {
    const { app } = ctx();
    const world = await predictionWorld(app);
    const module = await call(app, {
      method: 'POST',
      url: '/api/Module',
      token: world.token,
      payload: { name: 'Company module', stcMaxPower: 410, length: 2000, width: 1000 },
    });
    const moduleId = (module.json() as { id: number }).id;
    const a = await createPrediction(app, world, { name: 'A', weatherId: world.weatherId, cool996: 31 });
    const body = plantBody(world, 2);
    const field = dcFieldOf(body);
    field.moduleId = moduleId;
    await call(app, {
      method: 'POST',
      url: predictionUrl(world, a, '/PowerPlant'),
      token: world.token,
      payload: body,
    });
    await createPrediction(app, world, { name: 'B' });

    const exported = await call(app, {
      method: 'GET',
      url: `/api/Project/${world.projectId}/Export`,
      token: world.token,
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toBe('attachment; filename="Greensboro.json"');
    const doc = exported.json() as Json;
    expect(doc).toMatchObject({
      sunfieldExport: 'project',
      version: 2,
      project: { name: 'Greensboro', latitude: 36.1 },
    });
    expect((doc.predictions as Json[]).map((p) => (p.prediction as Json).name)).toEqual(['A', 'B']);

    const other = await createCompanyUser(app);
    const validate = await call(app, {
      method: 'POST',
      url: '/api/Project/Import/Validate',
      token: other.token,
      payload: doc,
    });
    expect(validate.statusCode).toBe(200);
    const report = validate.json() as Json;
    expect(report).toMatchObject({
      valid: true,
      projectName: 'Greensboro',
      predictions: [
        { name: 'A', blocks: 2, dcFields: 2 },
        { name: 'B', blocks: 0, dcFields: 0 },
      ],
      modules: expect.arrayContaining([
        { name: 'Company module', resolution: 'created' },
        { name: 'CSI Solar Co., Ltd. CS3U-400MS', resolution: 'same' },
      ]),
      inverters: [{ name: 'SMA America: SB7.7-1SP-US-40 [240V]', resolution: 'same' }],
      weathers: [{ resolution: 'created' }],
      messages: [],
    });

    const imported = await call(app, {
      method: 'POST',
      url: '/api/Project/Import',
      token: other.token,
      payload: doc,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const { id: projectId, predictionIds } = imported.json() as { id: number; predictionIds: number[] };
    expect(predictionIds).toHaveLength(2);
    const list = (
      await call(app, { method: 'GET', url: `/api/Project/${projectId}/Prediction`, token: other.token })
    ).json() as Json[];
    expect(list.map((p) => [p.name, p.status, p.weatherId === world.weatherId, p.cool996])).toEqual([
      ['A', 1, false, 31],
      ['B', 1, false, null],
    ]);
    expect(list[0]!.weatherId).toEqual(expect.any(Number));
    expect(list[1]!.weatherId).toBeNull();
    const source = (
      await call(app, { method: 'GET', url: predictionUrl(world, a, '/PowerPlant'), token: world.token })
    ).json();
    const copy = (
      await call(app, {
        method: 'GET',
        url: `/api/Project/${projectId}/Prediction/${predictionIds[0]}/PowerPlant`,
        token: other.token,
      })
    ).json() as Json;
    expect(withoutIds(copy)).toEqual(withoutIds(source));
    const copiedField = dcFieldOf(copy);
    expect(copiedField.moduleId).not.toBe(moduleId);
    expect((copiedField.module as Json).name).toBe('Company module');
    expect((copiedField.module as Json).companyId).toBe(other.companyId);
  });

  it('imports predictions into an existing project of the same company, reusing its library', async () => {
    const { app } = ctx();
    const world = await predictionWorld(app);
    const a = await createPrediction(app, world, { name: 'A', weatherId: world.weatherId });
    await call(app, {
      method: 'POST',
      url: predictionUrl(world, a, '/PowerPlant'),
      token: world.token,
      payload: plantBody(world, 1),
    });
    const doc = (
      await call(app, { method: 'GET', url: `/api/Project/${world.projectId}/Export`, token: world.token })
    ).json();
    const res = await call(app, {
      method: 'POST',
      url: `/api/Project/${world.projectId}/ImportPredictions`,
      token: world.token,
      payload: doc as Json,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ weathers: [{ resolution: 'same' }], messages: [] });
    const list = (
      await call(app, {
        method: 'GET',
        url: `/api/Project/${world.projectId}/Prediction`,
        token: world.token,
      })
    ).json() as Json[];
    expect(list.map((p) => [p.name, p.weatherId])).toEqual([
      ['A', world.weatherId],
      ['A', world.weatherId],
    ]);
  });

  it('refuses a document that is not an export, or whose values are out of range, and writes nothing', async () => {
    const { app } = ctx();
    const world = await predictionWorld(app);
    const wrong = await call(app, {
      method: 'POST',
      url: '/api/Project/Import/Validate',
      token: world.token,
      payload: { hello: 1 },
    });
    expect(wrong.statusCode).toBe(400);
    expect((wrong.json() as { modelState: Json }).modelState).toHaveProperty('sunfieldExport');
    const doc = {
      sunfieldExport: 'project',
      version: 1,
      project: { name: 'Bad', latitude: 1, longitude: 1 },
      predictions: [{ prediction: { name: 'P', yearRepeater: 99 }, powerPlant: null }],
    };
    const before = (
      await call(app, { method: 'GET', url: '/api/Project', token: world.token })
    ).json() as unknown[];
    const res = await call(app, {
      method: 'POST',
      url: '/api/Project/Import',
      token: world.token,
      payload: doc,
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { modelState: Json }).modelState).toHaveProperty([
      'predictions.0.prediction.yearRepeater',
    ]);
    const after = (
      await call(app, { method: 'GET', url: '/api/Project', token: world.token })
    ).json() as unknown[];
    expect(after).toHaveLength(before.length);
  });
});
