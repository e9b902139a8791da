/**
 * GET Prediction/{id}/Overview and /Hydrated without reading and walking the whole plant per request
 * (issue 18): /Overview answers the kept plant totals (presenters/plantTotalsCache.ts), /Hydrated the
 * kept plant bytes of the PowerPlant route (presenters/powerPlantCache.ts) spliced into its answer;
 * both whole answers are kept while the change epoch stands (lib/pageCache.ts).
 * The answers are compared byte for byte with the computation the routes made before (reproduced
 * below from the same models and presenters, nothing kept), for the bench's 100-DC-field plant and a
 * 300-block plant; a save, a module edit and raw SQL writes show on the next read.
 */
import { gunzipSync } from 'node:zlib';
import { plantTotals } from '@sunfield/domain';
import { sql } from 'drizzle-orm';
import { afterEach, expect, it, vi } from 'vitest';
import { plant as benchPlant } from '../../../../bench/src/plantBody.ts';
import { loadAuth } from '../../src/auth/context.ts';
import { writeWatchLogger } from '../../src/db/writeWatch.ts';
import { findPowerPlant } from '../../src/models/prediction.ts';
import { findWeather } from '../../src/models/weather.ts';
import { actorOf, loadPredictionFor } from '../../src/policies/prediction.ts';
import { presentPrediction } from '../../src/presenters/prediction.ts';
import { presentProject } from '../../src/presenters/project.ts';
import { presentWeather } from '../../src/presenters/weather.ts';
import { loadPresentedPlant } from '../../src/routes/prediction/plant.ts';
import { call, describeEachDatabase } from './harness.ts';
import {
  createPrediction,
  dcFieldOf,
  plantBody,
  predictionUrl,
  predictionWorld,
  privateModule,
  savePlant,
  type PredictionWorld,
} from './predictionFactory.ts';
import { createCompanyUser } from './projectFactory.ts';

type Json = Record<string, unknown>;
type App = Parameters<typeof predictionWorld>[0];

afterEach(() => {
  vi.restoreAllMocks();
});

/** The caller's AuthContext as the auth pre-handler builds it (a session token). */
async function authOf(app: App, userId: string, companyId: string) {
  const auth = await loadAuth(app.services.database.db, userId, companyId);
  if (!auth) throw new Error('no account');
  return auth;
}

/** The /Hydrated answer as the route computed it before (the plant presented afresh, nothing kept). */
async function hydratedBefore(app: App, world: PredictionWorld, id: number, userId = world.userId) {
  const db = app.services.database.db;
  const auth = await authOf(app, userId, world.companyId);
  const loaded = await loadPredictionFor(db, auth, world.projectId, id);
  const actor = actorOf(auth);
  const [plant, weather] = await Promise.all([
    loadPresentedPlant(db, auth, loaded.prediction.id),
    loaded.prediction.weatherId !== null
      ? findWeather(db, auth.company.id, loaded.prediction.weatherId)
      : undefined,
  ]);
  return JSON.stringify(
    presentPrediction(loaded.prediction, actor, {
      owner: loaded.owner,
      project: presentProject(loaded.project.project, { owner: loaded.project.owner }),
      weather: weather ? presentWeather(weather.weather, { owner: weather.owner, actor }) : null,
      powerPlant: plant?.presented ?? null,
      hasPowerPlant: plant !== undefined,
      numOfBlocks: plant ? plant.totals.blocks : null,
    }),
  );
}

/** The /Overview answer as the route computed it before (the plant document read and walked). */
async function overviewBefore(app: App, world: PredictionWorld, id: number, userId = world.userId) {
  const db = app.services.database.db;
  const auth = await authOf(app, userId, world.companyId);
  const loaded = await loadPredictionFor(db, auth, world.projectId, id);
  const plant = await findPowerPlant(db, auth.company.id, loaded.prediction.id);
  const totals = plant ? plantTotals(plant.data) : null;
  return JSON.stringify({
    ...presentPrediction(loaded.prediction, actorOf(auth), {
      owner: loaded.owner,
      hasPowerPlant: plant !== undefined,
      numOfBlocks: totals?.blocks ?? null,
    }),
    powerPlantSummary: totals,
  });
}

async function read(app: App, world: PredictionWorld, id: number, tail: string, token = world.token) {
  const res = await call(app, { method: 'GET', url: predictionUrl(world, id, tail), token });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return res.body;
}

/**
 * Both routes, read three times, are the answers computed before: afresh (or from the kept plant
 * bytes and totals), then after a write to the prediction's project (the change epoch moved, so the
 * whole answer is not served again: the kept plant bytes and totals, checked by their versions), then
 * the whole answer kept while the epoch stands (lib/pageCache.ts).
 */
async function expectAsBefore(app: App, world: PredictionWorld, id: number, user?: TestViewer) {
  const token = user?.token ?? world.token;
  const userId = user?.userId ?? world.userId;
  for (let i = 0; i < 3; i++) {
    if (i === 1) await touchProject(app, world);
    expect(await read(app, world, id, '/Hydrated', token)).toBe(await hydratedBefore(app, world, id, userId));
    expect(await read(app, world, id, '/Overview', token)).toBe(await overviewBefore(app, world, id, userId));
  }
}

/** A write that moves the change epoch and leaves the plant, its equipment and its totals alone. */
async function touchProject(app: App, world: PredictionWorld) {
  await app.services.database.db.execute(sql`update projects set name = name where id = ${world.projectId}`);
}

interface TestViewer {
  token: string;
  userId: string;
}

/** The statements of one request on the tables of a prediction read (see prediction.plantCache). */
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const spy = vi.spyOn(writeWatchLogger, 'logQuery');
  await run();
  const statements = spy.mock.calls
    .map(([query]) => query)
    .filter(
      (query) =>
        !/^\s*analyze\b/i.test(query) &&
        /\b(power_plants|predictions|projects|modules|inverters|weathers)\b/.test(query),
    );
  spy.mockRestore();
  return statements;
}

const readsPlantDocument = (query: string) => /"data"/.test(query) && /from "power_plants"/.test(query);

describeEachDatabase('prediction overview and hydrated reads', (ctx) => {
  it('answers as before for the bench plant, a 300-block plant, no plant, and another viewer', async () => {
    const { app } = ctx();
    const world = await predictionWorld(app);
    const none = await createPrediction(app, world, { weatherId: world.weatherId });
    await expectAsBefore(app, world, none);
    expect(JSON.parse(await read(app, world, none, '/Overview'))).toMatchObject({
      powerPlantId: null,
      numOfBlocks: null,
      powerPlantSummary: null,
    });

    // The bench's plant (bench/src/plantBody.ts, 25 blocks of four 1-field inverters), with a weather.
    const bench = await createPrediction(app, world, { weatherId: world.weatherId });
    await savePlant(app, world, bench, benchPlant(25, world.moduleId, world.inverterId));
    await expectAsBefore(app, world, bench);
    const hydrated = JSON.parse(await read(app, world, bench, '/Hydrated')) as Json;
    expect(hydrated).toMatchObject({ id: bench, numOfBlocks: 25, powerPlantId: bench });
    expect((hydrated.weather as Json).id).toBe(world.weatherId);
    expect((hydrated.powerPlant as Json).blocks).toHaveLength(25);
    expect(JSON.parse(await read(app, world, bench, '/Overview'))).toMatchObject({
      powerPlantSummary: { blocks: 25, inverters: 100, dcFields: 100 },
    });

    // A client that takes gzip gets the same bytes compressed (lib/compression.ts), kept or not.
    for (const tail of ['/Hydrated', '/Overview']) {
      const identity = await read(app, world, bench, tail);
      for (let i = 0; i < 2; i++) {
        const zipped = await call(app, {
          method: 'GET',
          url: predictionUrl(world, bench, tail),
          token: world.token,
          headers: { 'accept-encoding': 'gzip' },
        });
        expect(zipped.headers['content-encoding']).toBe('gzip');
        expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(identity);
      }
    }

    const large = await createPrediction(app, world);
    await savePlant(app, world, large, plantBody(world, 300));
    await expectAsBefore(app, world, large);

    // A colleague who may not see the author's Draft-Private module: their own view of the plant.
    const moduleId = await privateModule(app, world);
    const shared = await createPrediction(app, world, { weatherId: world.weatherId });
    await savePlant(app, world, shared, plantBody({ ...world, moduleId }, 2));
    await app.services.database.db.execute(sql`update predictions set status = 2 where id = ${shared}`);
    const colleague = await createCompanyUser(app, { companyId: world.companyId });
    await expectAsBefore(app, world, shared);
    await expectAsBefore(app, world, shared, colleague);
    const theirs = JSON.parse(await read(app, world, shared, '/Hydrated', colleague.token)) as Json;
    expect(dcFieldOf(theirs.powerPlant as Json).module).toBeNull();
    const mine = JSON.parse(await read(app, world, shared, '/Hydrated')) as Json;
    expect(dcFieldOf(mine.powerPlant as Json).module).toMatchObject({ id: moduleId });

    // Another company: refused, whatever is kept.
    const other = await predictionWorld(app);
    for (const tail of ['/Hydrated', '/Overview']) {
      const foreign = await call(app, {
        method: 'GET',
        url: predictionUrl(world, bench, tail),
        token: other.token,
      });
      expect(foreign.statusCode).toBe(404);
    }
  });

  it('shows a save, a module edit and writes outside the API on the next read', async () => {
    const { app } = ctx();
    const world = await predictionWorld(app);
    const db = app.services.database.db;
    const moduleId = await privateModule(app, world);
    const id = await createPrediction(app, world, { weatherId: world.weatherId });
    await savePlant(app, world, id, plantBody({ ...world, moduleId }, 2));
    await expectAsBefore(app, world, id);

    // A save (replace, then a merge) through the API.
    await savePlant(app, world, id, plantBody({ ...world, moduleId }, 3));
    expect(JSON.parse(await read(app, world, id, '/Overview'))).toMatchObject({
      numOfBlocks: 3,
      powerPlantSummary: { blocks: 3 },
    });
    await expectAsBefore(app, world, id);
    await savePlant(app, world, id, { availabilityLoss: 4 }, 'PUT');
    expect((JSON.parse(await read(app, world, id, '/Hydrated')) as Json).powerPlant).toMatchObject({
      availabilityLoss: 4,
    });
    await expectAsBefore(app, world, id);

    // An edit of the module the plant names, through the API.
    const module = (
      await call(app, { method: 'GET', url: `/api/Module/${moduleId}`, token: world.token })
    ).json() as Json;
    const put = await call(app, {
      method: 'PUT',
      url: `/api/Module/${moduleId}`,
      token: world.token,
      payload: { ...module, name: 'Renamed module' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const renamed = JSON.parse(await read(app, world, id, '/Hydrated')) as Json;
    expect((dcFieldOf(renamed.powerPlant as Json).module as Json).name).toBe('Renamed module');
    await expectAsBefore(app, world, id);

    // Writes another process could have made: the module, the plant document, the plant's removal.
    await db.execute(sql`update modules set name = 'Written elsewhere' where id = ${moduleId}`);
    const elsewhere = JSON.parse(await read(app, world, id, '/Hydrated')) as Json;
    expect((dcFieldOf(elsewhere.powerPlant as Json).module as Json).name).toBe('Written elsewhere');
    await expectAsBefore(app, world, id);
    await db.execute(
      sql`update power_plants set data = json_build_object('blocks', json_build_array(data -> 'blocks' -> 0))
          where prediction_id = ${id}`,
    );
    expect(JSON.parse(await read(app, world, id, '/Overview'))).toMatchObject({
      numOfBlocks: 1,
      powerPlantSummary: { blocks: 1, arrays: 1 },
    });
    const one = JSON.parse(await read(app, world, id, '/Hydrated')) as Json;
    expect(one).toMatchObject({ numOfBlocks: 1 });
    expect((one.powerPlant as Json).blocks).toHaveLength(1);
    await expectAsBefore(app, world, id);
    await db.execute(
      sql`update weathers set name = 'Weather written elsewhere' where id = ${world.weatherId}`,
    );
    expect((JSON.parse(await read(app, world, id, '/Hydrated')) as Json).weather).toMatchObject({
      name: 'Weather written elsewhere',
    });
    await db.execute(sql`delete from power_plants where prediction_id = ${id}`);
    expect(JSON.parse(await read(app, world, id, '/Overview'))).toMatchObject({
      powerPlantId: null,
      powerPlantSummary: null,
    });
    expect(JSON.parse(await read(app, world, id, '/Hydrated'))).toMatchObject({
      powerPlant: null,
      numOfBlocks: null,
    });
    await expectAsBefore(app, world, id);
  });

  it("reads a 300-block plant's overview without its document, its hydrated answer without presenting", async () => {
    const { app } = ctx();
    const world = await predictionWorld(app);
    const id = await createPrediction(app, world, { weatherId: world.weatherId });
    await savePlant(app, world, id, plantBody(world, 300));

    // The save kept the totals of the row it wrote: the first read reads no document either.
    const first = await statementsOf(() => read(app, world, id, '/Overview'));
    expect(first.filter(readsPlantDocument)).toHaveLength(0);
    expect(first).toHaveLength(1);
    // Kept whole while the change epoch stands: no statement of these tables.
    expect(await statementsOf(() => read(app, world, id, '/Overview'))).toEqual([]);
    // After a write elsewhere: the statement that reads the project and prediction, with the plant
    // row's version, and the kept totals.
    await touchProject(app, world);
    const again = await statementsOf(() => read(app, world, id, '/Overview'));
    expect(again).toHaveLength(1);
    expect(again[0]).toMatch(/xmin/);
    expect(again.filter(readsPlantDocument)).toHaveLength(0);

    // A write of the plant row outside the API: the next read reads the document once, to count it.
    await app.services.database.db.execute(
      sql`update power_plants set data = data where prediction_id = ${id}`,
    );
    const written = await statementsOf(() => read(app, world, id, '/Overview'));
    expect(written.filter(readsPlantDocument)).toHaveLength(1);
    await touchProject(app, world);
    expect((await statementsOf(() => read(app, world, id, '/Overview'))).filter(readsPlantDocument)).toEqual(
      [],
    );

    await read(app, world, id, '/Hydrated');
    await touchProject(app, world);
    const hydrated = await statementsOf(() => read(app, world, id, '/Hydrated'));
    // The project and prediction with the versions of the plant and its equipment, and the weather.
    expect(hydrated.filter(readsPlantDocument)).toHaveLength(0);
    expect(hydrated).toHaveLength(2);
    expect(await statementsOf(() => read(app, world, id, '/Hydrated'))).toEqual([]);
  });
});
