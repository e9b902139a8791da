/**
 * Compressed answers (lib/compression.ts, issue 18): a client that asks gzip gets a body that gunzips
 * to exactly the identity answer, a kept answer is sent as its kept gzip copy (made once, lib/pageCache.ts
 * and presenters/powerPlantCache.ts) and is still fresh after a write, a client that does not ask gets
 * the identity bytes, downloads keep their bytes, and JSON answers say `Vary: Accept-Encoding`.
 */
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { gzipOf, epochPageCache } from '../../src/lib/pageCache.ts';
import { call, describeEachDatabase } from './harness.ts';
import { tag } from './moduleHelpers.ts';
import {
  createPrediction,
  plantBody,
  predictionUrl,
  predictionWorld,
  savePlant,
} from './predictionFactory.ts';
import { dataFile, importWeather } from './weatherHelpers.ts';

type App = Parameters<typeof predictionWorld>[0];

const GZIP = { 'accept-encoding': 'gzip' };
/** What Python requests sends (the SDK in shared/clients). */
const REQUESTS = { 'accept-encoding': 'gzip, deflate' };

function expectVary(res: LightMyRequestResponse): void {
  expect(String(res.headers.vary ?? '').toLowerCase()).toContain('accept-encoding');
}

/** The kept copy is made at level 9 (lib/pageCache.ts gzipKept); answers compressed per request are not. */
const keptCopyOf = (identity: Buffer) => gzipSync(identity, { level: 9 });

/**
 * The answer of `url` without and with `Accept-Encoding: gzip` (twice: the second from the kept copy
 * where there is one): the gzip bodies gunzip to exactly the identity bytes.
 */
async function readBoth(app: App, url: string, token: string) {
  const identity = await call(app, { method: 'GET', url, token });
  expect(identity.statusCode, identity.body).toBe(200);
  expect(identity.headers['content-encoding']).toBeUndefined();
  expect(identity.headers['content-type']).toBe('application/json; charset=utf-8');
  expectVary(identity);
  expect(identity.rawPayload.length).toBeGreaterThan(1024);
  const gzipped: Buffer[] = [];
  for (const headers of [GZIP, REQUESTS]) {
    const res = await call(app, { method: 'GET', url, token, headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expectVary(res);
    expect(res.rawPayload.length).toBeLessThan(identity.rawPayload.length);
    expect(gunzipSync(res.rawPayload).equals(identity.rawPayload)).toBe(true);
    gzipped.push(res.rawPayload);
  }
  return { identity: identity.rawPayload, gzipped };
}

describeEachDatabase('compressed answers', (ctx) => {
  it('gzips the plant, prediction, project list and module list exactly, from the kept copy, fresh after writes', async () => {
    const { app, database } = ctx();
    const db = database.db;
    const world = await predictionWorld(app);
    const id = await createPrediction(app, world);
    // Private modules of this company, so the module page is over the threshold and ours to rename.
    const name = tag('Gzip');
    const modules: number[] = [];
    for (let i = 0; i < 10; i++) {
      const clone = await call(app, {
        method: 'POST',
        url: `/api/Module/${world.moduleId}/Clone`,
        token: world.token,
      });
      expect(clone.statusCode, clone.body).toBe(200);
      modules.push((clone.json() as { id: number }).id);
    }
    await db.execute(
      sql`update modules set name = ${name} || ' ' || id where id in ${sql.raw(`(${modules.join(',')})`)}`,
    );
    await savePlant(app, world, id, plantBody({ ...world, moduleId: modules[0]! }, 3));

    // Projects enough for a list page over the threshold.
    for (const n of [1, 2]) {
      const project = await call(app, {
        method: 'POST',
        url: '/api/Project',
        token: world.token,
        payload: { name: `${name} ${n}`, latitude: 40, longitude: -105 },
      });
      expect(project.statusCode, project.body).toBe(200);
    }
    const plantUrl = predictionUrl(world, id, '/PowerPlant');
    const urls = {
      plant: plantUrl,
      prediction: predictionUrl(world, id),
      projects: '/api/Project?top=25',
      modules: `/api/Module/ModuleOverview?pageSize=50&search=${encodeURIComponent(name)}`,
    };
    const first = await readBoth(app, urls.plant, world.token);
    // The plant cache keeps the answer in both modes: both gzip reads are its kept copy.
    for (const bytes of first.gzipped) expect(bytes.equals(keptCopyOf(first.identity))).toBe(true);
    for (const url of [urls.projects, urls.modules, urls.prediction]) {
      const read = await readBoth(app, url, world.token);
      // The page cache keeps these answers while the change epoch stands (lib/pageCache.ts): a hit is
      // certain on the embedded database only (the test files share the PostgreSQL database).
      if (database.kind === 'pglite')
        for (const bytes of read.gzipped) expect(bytes.equals(keptCopyOf(read.identity))).toBe(true);
    }

    // Writes through the API and outside it: the next identity and gzip answers both show them.
    await savePlant(app, world, id, { availabilityLoss: 4 }, 'PUT');
    const afterSave = await readBoth(app, urls.plant, world.token);
    expect(afterSave.identity.equals(first.identity)).toBe(false);
    expect(JSON.parse(afterSave.identity.toString())).toMatchObject({ availabilityLoss: 4 });

    await db.execute(sql`update modules set name = ${`${name} renamed`} where id = ${modules[0]!}`);
    const afterRename = await readBoth(app, urls.plant, world.token);
    expect(afterRename.identity.toString()).toContain(`${name} renamed`);
    expect(gunzipSync(afterRename.gzipped[1]!).toString()).toContain(`${name} renamed`);
    const modulePage = await readBoth(app, urls.modules, world.token);
    expect(gunzipSync(modulePage.gzipped[1]!).toString()).toContain(`${name} renamed`);

    await db.execute(sql`update predictions set name = ${`${name} prediction`} where id = ${id}`);
    const prediction = await readBoth(app, urls.prediction, world.token);
    expect(JSON.parse(gunzipSync(prediction.gzipped[1]!).toString())).toMatchObject({
      name: `${name} prediction`,
    });

    const created = await call(app, {
      method: 'POST',
      url: '/api/Project',
      token: world.token,
      payload: { name: `${name} project`, latitude: 40, longitude: -105 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const projects = await readBoth(app, urls.projects, world.token);
    expect(gunzipSync(projects.gzipped[1]!).toString()).toContain(`${name} project`);
  });

  it('sends the identity bytes to a client that does not ask for gzip', async () => {
    const { app } = ctx();
    const world = await predictionWorld(app);
    const id = await createPrediction(app, world);
    await savePlant(app, world, id, plantBody(world, 3));
    const url = predictionUrl(world, id, '/PowerPlant');
    const get = (headers: Record<string, string> = {}) =>
      call(app, { method: 'GET', url, token: world.token, headers });
    const identity = await get();
    // Asked gzip first, so that a kept copy exists.
    await readBoth(app, url, world.token);
    for (const headers of [
      {} as Record<string, string>,
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'gzip;q=0, identity' },
      { 'accept-encoding': 'gzip', 'x-no-compression': '1' },
    ]) {
      const res = await get(headers);
      expect(res.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
      expect(res.rawPayload.equals(identity.rawPayload)).toBe(true);
      expectVary(res);
    }
    // A client that prefers brotli gets the kept gzip copy of a kept answer, brotli otherwise.
    const both = await get({ 'accept-encoding': 'br, gzip' });
    expect(both.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(both.rawPayload).equals(identity.rawPayload)).toBe(true);
    const br = await get({ 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).equals(identity.rawPayload)).toBe(true);
    // Small answers go as they are.
    const small = await call(app, {
      method: 'GET',
      url: '/api/User/current',
      token: world.token,
      headers: GZIP,
    });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('leaves downloads as they are: project and module exports, a weather CSV', async () => {
    const { app } = ctx();
    const world = await predictionWorld(app);
    const id = await createPrediction(app, world);
    await savePlant(app, world, id, plantBody(world, 3));
    const { id: weatherId } = await importWeather(
      app,
      world.token,
      '723170TYA.CSV',
      dataFile('723170TYA.CSV'),
      {
        name: tag('Gzip weather'),
      },
    );
    for (const url of [
      `/api/Project/${world.projectId}/Export`,
      `/api/Module/${world.moduleId}/Export`,
      `/api/Weather/${weatherId}/Export`,
    ]) {
      const get = (headers: Record<string, string> = {}) =>
        call(app, { method: 'GET', url, token: world.token, headers });
      const identity = await get();
      expect(identity.statusCode, `${url} ${identity.body.slice(0, 200)}`).toBe(200);
      expect(identity.headers['content-disposition']).toMatch(/^attachment/);
      expect(identity.rawPayload.length).toBeGreaterThan(1024);
      for (const headers of [GZIP, REQUESTS, { 'accept-encoding': 'br, gzip' }]) {
        const res = await get(headers);
        expect(res.headers['content-encoding'], url).toBeUndefined();
        expect(res.headers.vary, url).toBeUndefined();
        expect(res.headers['content-type']).toBe(identity.headers['content-type']);
        expect(res.headers['content-disposition']).toBe(identity.headers['content-disposition']);
        if (!url.endsWith(`${world.projectId}/Export`))
          expect(res.rawPayload.equals(identity.rawPayload)).toBe(true);
        // The project file carries its export time: the same document otherwise.
        else expect(Object.keys(res.json() as object)).toEqual(Object.keys(identity.json() as object));
      }
    }
  });

  it('makes a kept gzip copy once, and counts it in the page cache bound', async (test) => {
    const { database } = ctx();
    // Hits are only certain where nothing else writes (PostgreSQL is shared by the test workers).
    if (database.kind !== 'pglite') return test.skip();
    const body = JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ i, text: 'x'.repeat(i % 7) })));
    const gzipped = gzipSync(body, { level: 9 }).length;
    // Room for two bodies and one copy and a half.
    const cache = epochPageCache(database.db, 10, body.length * 2 + gzipped * 1.5);
    let loads = 0;
    const load = (text: string) => async () => {
      loads++;
      return { body: text, total: 1 };
    };
    const a = await cache.page('a', load(body));
    const copy = gzipOf(a)!;
    expect(gzipOf(a)).toBe(copy);
    expect(gunzipSync(await copy).toString()).toBe(body);
    expect(gzipOf(await cache.page('a', load(body)))).toBe(copy);
    expect(loads).toBe(1);
    // An answer that is not kept has no kept copy (the hook compresses it per request).
    expect(gzipOf({ body, total: 1 })).toBeUndefined();
    // 'b' fits beside 'a' and its copy; 'b''s own copy does not: 'a', stored first, goes.
    const b = await cache.page('b', load(body));
    await cache.page('a', load(body));
    expect(loads).toBe(2);
    await gzipOf(b);
    await cache.page('a', load(body));
    expect(loads).toBe(3);
  });
});
