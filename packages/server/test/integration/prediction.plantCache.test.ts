/**
 * The kept answers of GET Prediction/{id}/PowerPlant (presenters/powerPlantCache.ts, issue 18): never
 * stale after a save, an equipment edit or a write that did not go through the API, never another
 * company's, and each viewer's own when what they may see of the equipment differs. Also: a plant's
 * read is a fixed number of statements, whatever its size (one for the plant, not one per block).
 */
import { sql } from 'drizzle-orm';
import { afterEach, expect, it, vi } from 'vitest';
import { writeWatchLogger } from '../../src/db/writeWatch.ts';
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

async function readPlant(app: App, world: PredictionWorld, id: number, token = world.token) {
  return call(app, { method: 'GET', url: predictionUrl(world, id, '/PowerPlant'), token });
}

async function plantOf(app: App, world: PredictionWorld, id: number, token = world.token): Promise<Json> {
  const res = await readPlant(app, world, id, token);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return res.json() as Json;
}

describeEachDatabase('power plant answer cache', (ctx) => {
  it('shows a save at once, an equipment edit and a write outside the API on the next read', async () => {
    const { app } = ctx();
    const world = await predictionWorld(app);
    const id = await createPrediction(app, world);
    expect((await readPlant(app, world, id)).statusCode).toBe(204);
    const moduleId = await privateModule(app, world);
    const body = plantBody({ ...world, moduleId }, 2);
    await savePlant(app, world, id, body);
    const first = await plantOf(app, world, id);
    expect(first.availabilityLoss).toBe(1);
    expect(await plantOf(app, world, id)).toEqual(first);

    // A replace and a merge by this process show on the next read.
    await savePlant(app, world, id, { ...body, availabilityLoss: 3 });
    expect((await plantOf(app, world, id)).availabilityLoss).toBe(3);
    await savePlant(app, world, id, { lgiaLimitation: 0.05 }, 'PUT');
    expect(await plantOf(app, world, id)).toMatchObject({ availabilityLoss: 3, lgiaLimitation: 0.05 });
    const options = await call(app, {
      method: 'PUT',
      url: predictionUrl(world, id, '/PowerPlant/ExportOptions'),
      token: world.token,
      payload: { exportSystem: true },
    });
    expect(options.statusCode).toBe(200);
    expect((await plantOf(app, world, id)).exportSystem).toBe(true);

    // An edit of the module through the API.
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
    expect((dcFieldOf(await plantOf(app, world, id)).module as Json).name).toBe('Renamed module');

    // Writes that another process could have made (no request of this app, no API route): the check
    // reads the rows' versions from the database, it does not count this process's writes.
    const db = app.services.database.db;
    await db.execute(sql`update modules set name = 'Written elsewhere' where id = ${moduleId}`);
    expect((dcFieldOf(await plantOf(app, world, id)).module as Json).name).toBe('Written elsewhere');
    await db.execute(sql`update inverters set name = name where id = ${world.inverterId}`);
    await db.execute(
      sql`update power_plants set data = json_build_object('blocks', '[]'::json) where prediction_id = ${id}`,
    );
    expect((await plantOf(app, world, id)).blocks).toEqual([]);
    await db.execute(sql`delete from power_plants where prediction_id = ${id}`);
    expect((await readPlant(app, world, id)).statusCode).toBe(204);
  });

  it("never answers another company's plant, and a viewer gets the answer of what they may see", async () => {
    const { app } = ctx();
    const world = await predictionWorld(app);
    const colleague = await createCompanyUser(app, { companyId: world.companyId });
    const admin = await createCompanyUser(app, { companyId: world.companyId, roles: ['User', 'Admin'] });
    const other = await predictionWorld(app);
    const id = await createPrediction(app, world);
    const moduleId = await privateModule(app, world);
    await savePlant(app, world, id, plantBody({ ...world, moduleId }, 2));
    // The prediction Draft-Shared, so that the colleague may read it (the module stays private).
    await app.services.database.db.execute(sql`update predictions set status = 2 where id = ${id}`);

    const mine = await plantOf(app, world, id);
    expect(dcFieldOf(mine).module).toMatchObject({ id: moduleId, isReadOnly: false, canDelete: true });
    // The colleague may not see the author's Draft-Private module: their own answer, without it.
    const theirs = await plantOf(app, world, id, colleague.token);
    expect(dcFieldOf(theirs).module).toBeNull();
    expect(dcFieldOf(theirs).moduleId).toBe(moduleId);
    expect(dcFieldOf(await plantOf(app, world, id)).module).toMatchObject({ id: moduleId });
    expect(dcFieldOf(await plantOf(app, world, id, admin.token)).module).toMatchObject({ id: moduleId });
    // The Global inverter: read-only to all three (same flags), shown to all.
    for (const token of [world.token, colleague.token, admin.token]) {
      const plant = await plantOf(app, world, id, token);
      const block = (plant.blocks as Json[])[0]!;
      const inverter = ((block.arrays as Json[])[0]!.inverters as Json[])[0]!;
      expect(inverter.inverter).toMatchObject({ id: world.inverterId, isReadOnly: true, canDelete: false });
    }

    // Another company: 404 by its project, and by its own project with this prediction's id.
    const foreign = await readPlant(app, world, id, other.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe('Project not found');
    const viaOwnProject = await call(app, {
      method: 'GET',
      url: predictionUrl(other, id, '/PowerPlant'),
      token: other.token,
    });
    expect(viaOwnProject.statusCode).toBe(404);
    expect(viaOwnProject.body).toBe('Prediction not found');

    // Shared, the module shows to the colleague on their next read.
    const shared = await call(app, {
      method: 'POST',
      url: '/api/Module/Status',
      token: world.token,
      payload: { items: [{ id: moduleId, status: 2, note: '' }] },
    });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(dcFieldOf(await plantOf(app, world, id, colleague.token)).module).toMatchObject({
      id: moduleId,
      status: 2,
    });
  });

  it('reads a 300-block plant in as many statements as a 2-block plant (one of them the plant)', async () => {
    const { app } = ctx();
    // The statements of the read: those of its tables. The logger also sees what else the process
    // runs meanwhile (an account load, the job queue's polls, a periodic ANALYZE), which is not counted.
    const ofTheRead = (query: string) =>
      !/^\s*analyze\b/i.test(query) &&
      /\b(power_plants|predictions|projects|modules|inverters)\b/.test(query);
    const world = await predictionWorld(app);
    const statementsOfRead = async (blocks: number) => {
      const id = await createPrediction(app, world);
      await savePlant(app, world, id, plantBody(world, blocks));
      const spy = vi.spyOn(writeWatchLogger, 'logQuery');
      const plant = await plantOf(app, world, id);
      const statements = spy.mock.calls.map(([query]) => query).filter(ofTheRead);
      spy.mockRestore();
      expect(plant.blocks).toHaveLength(blocks);
      // The prediction's read counts the blocks without reading the plant (a column of its row).
      const prediction = (
        await call(app, { method: 'GET', url: predictionUrl(world, id), token: world.token })
      ).json() as Json;
      expect(prediction).toMatchObject({ powerPlantId: id, numOfBlocks: blocks });
      return statements;
    };
    const none = await createPrediction(app, world);
    expect(
      (await call(app, { method: 'GET', url: predictionUrl(world, none), token: world.token })).json(),
    ).toMatchObject({ powerPlantId: null, numOfBlocks: null });
    const small = await statementsOfRead(2);
    // Read again: the kept answer, checked by the statement that reads the project and prediction.
    const id = await createPrediction(app, world);
    await savePlant(app, world, id, plantBody(world, 2));
    await plantOf(app, world, id);
    const spy = vi.spyOn(writeWatchLogger, 'logQuery');
    await plantOf(app, world, id);
    const again = spy.mock.calls.map(([query]) => query).filter(ofTheRead);
    spy.mockRestore();
    // The whole answer is kept while the change epoch stands (lib/pageCache.ts), on both databases.
    expect(again).toHaveLength(0);
    // A write that changes none of it (no row at all) moves the epoch: the kept plant is then checked
    // by the statement that reads the project and prediction, with the versions of its rows.
    await app.services.database.db.execute(sql`update projects set name = name where false`);
    const checked = vi.spyOn(writeWatchLogger, 'logQuery');
    await plantOf(app, world, id);
    const afterWrite = checked.mock.calls.map(([query]) => query).filter(ofTheRead);
    checked.mockRestore();
    expect(afterWrite).toHaveLength(1);
    expect(afterWrite[0]).toMatch(/xmin/);

    const large = await statementsOfRead(300);
    expect(large).toEqual(small);
    expect(large.filter((q) => /"data"/.test(q) && /from "power_plants"/.test(q))).toHaveLength(1);
    expect(large.length).toBeLessThanOrEqual(8);
  });

  it('answers a prediction read afresh after any write, and each viewer their own', async () => {
    const { app } = ctx();
    const world = await predictionWorld(app);
    const colleague = await createCompanyUser(app, { companyId: world.companyId });
    const id = await createPrediction(app, world);
    const read = (token: string) => call(app, { method: 'GET', url: predictionUrl(world, id), token });
    const first = await read(world.token);
    expect(first.statusCode).toBe(200);
    expect((await read(world.token)).body).toBe(first.body);
    // Draft-Private: the colleague is refused, and the refusal is not kept once it is shared.
    expect((await read(colleague.token)).statusCode).toBe(404);
    const db = app.services.database.db;
    await db.execute(sql`update predictions set status = 2 where id = ${id}`);
    const theirs = await read(colleague.token);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toMatchObject({ id, status: 2 });
    // A rename through the API and one outside it show on the next read.
    const renamed = await call(app, {
      method: 'PUT',
      url: predictionUrl(world, id),
      token: world.token,
      payload: { ...(first.json() as Json), name: 'Renamed prediction', status: 2 },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await read(world.token)).json()).toMatchObject({ name: 'Renamed prediction' });
    await db.execute(sql`update predictions set name = 'Written elsewhere' where id = ${id}`);
    expect((await read(colleague.token)).json()).toMatchObject({ name: 'Written elsewhere' });
    expect((await read(world.token)).json()).toMatchObject({ name: 'Written elsewhere' });
  });
});
