import { expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { EARTH_RADIUS_KM, KM_PER_MILE } from '../../src/lib/geo.ts';
import { call, describeEachDatabase } from './harness.ts';
import { createCompanyUser } from './projectFactory.ts';

interface Listed {
  id: number;
  name: string;
  status: number;
  country: string | null;
  distance?: number;
}

async function create(
  app: FastifyInstance,
  token: string,
  payload: Record<string, unknown>,
): Promise<number> {
  const res = await call(app, { method: 'POST', url: '/api/Project', token, payload });
  if (res.statusCode !== 200) throw new Error(res.body);
  return (res.json() as { id: number }).id;
}

async function list(app: FastifyInstance, token: string, query: string) {
  const res = await call(app, { method: 'GET', url: `/api/Project${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return { total: Number(res.headers['x-total-count']), rows: res.json() as Listed[] };
}

describeEachDatabase('project list, radius search and status', (ctx) => {
  it('filters by status and search, sorts, pages and counts', async () => {
    const { app } = ctx();
    const me = await createCompanyUser(app);
    await create(app, me.token, { name: 'Bravo Denver', latitude: 39.74, longitude: -104.99 });
    await create(app, me.token, {
      name: 'alpha Amsterdam',
      latitude: 52.37,
      longitude: 4.9,
      locality: 'Noord',
    });
    await create(app, me.token, { name: 'Charlie 50%_off', latitude: 51.5, longitude: -0.12, status: 1 });
    await create(app, me.token, { name: 'Delta', latitude: -33.87, longitude: 151.2 });

    const all = await list(app, me.token, '');
    expect(all.total).toBe(4);
    // Default order: last modified, newest first.
    expect(all.rows.map((p) => p.name)).toEqual([
      'Delta',
      'Charlie 50%_off',
      'alpha Amsterdam',
      'Bravo Denver',
    ]);

    const active = await list(app, me.token, '?status=0&sort=name&order=asc');
    expect(active.total).toBe(3);
    expect(active.rows.map((p) => p.name)).toEqual(['alpha Amsterdam', 'Bravo Denver', 'Delta']);
    expect((await list(app, me.token, '?status=1')).rows.map((p) => p.name)).toEqual(['Charlie 50%_off']);
    expect((await list(app, me.token, '?status=0,1')).total).toBe(4);

    // Every word in the name, locality or country, ignoring case, spaces and punctuation (as the
    // library search does); LIKE wildcards never act as wildcards.
    const names = async (search: string) =>
      (await list(app, me.token, `?search=${encodeURIComponent(search)}`)).rows.map((p) => p.name);
    expect(await names('DENVER')).toEqual(['Bravo Denver']);
    expect(await names('noord')).toEqual(['alpha Amsterdam']);
    expect(await names('kingdom')).toEqual(['Charlie 50%_off']);
    expect(await names('50%_')).toEqual(['Charlie 50%_off']);
    expect(await names('50off')).toEqual(['Charlie 50%_off']);
    expect(await names('char 50-OFF')).toEqual(['Charlie 50%_off']);
    expect(await names('bravo amst')).toEqual([]);
    expect(await names('alph noord')).toEqual(['alpha Amsterdam']);
    expect(await names('a%d')).toEqual([]);
    // A search of punctuation only has no word: the whole list.
    expect((await list(app, me.token, '?search=_')).total).toBe(4);

    const byCountry = await list(app, me.token, '?Sort=country&Order=ASC');
    expect(byCountry.rows.map((p) => p.country)).toEqual([
      'Australia',
      'Netherlands',
      'United Kingdom',
      'United States of America',
    ]);

    const page = await list(app, me.token, '?sort=name&order=desc&skip=1&top=2');
    expect(page.total).toBe(4);
    expect(page.rows.map((p) => p.name)).toEqual(['Charlie 50%_off', 'Bravo Denver']);
    const created = await list(app, me.token, '?sort=createdDate&order=asc&top=1');
    expect(created.rows.map((p) => p.name)).toEqual(['Bravo Denver']);

    for (const query of [
      '?top=0',
      '?top=501',
      '?skip=-1',
      '?sort=owner',
      '?order=up',
      '?status=5',
      '?top=x',
    ]) {
      const res = await call(app, { method: 'GET', url: `/api/Project${query}`, token: me.token });
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys((res.json() as { modelState: object }).modelState).length, query).toBe(1);
    }
  });

  it('finds projects within a radius in miles, nearest first, with distances to 0.1 %', async () => {
    const { app } = ctx();
    const me = await createCompanyUser(app);
    const center = { latitude: 40, longitude: -105 };
    const north1 = await create(app, me.token, { name: 'One degree north', latitude: 41, longitude: -105 });
    const half = await create(app, me.token, {
      name: 'Half a degree north',
      latitude: 40.5,
      longitude: -105,
    });
    const east = await create(app, me.token, { name: 'One degree east', latitude: 40, longitude: -104 });
    await create(app, me.token, { name: 'Two degrees north', latitude: 42, longitude: -105 });
    await create(app, me.token, { name: 'Far away', latitude: 52.37, longitude: 4.9 });

    const res = await call(app, {
      method: 'GET',
      url: `/api/Project/Search?Latitude=${center.latitude}&Longitude=${center.longitude}&SearchRadius=100`,
      token: me.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json() as Listed[];
    expect(rows.map((r) => r.id)).toEqual([half, east, north1]);

    const degreeMiles = (EARTH_RADIUS_KM * Math.PI) / 180 / KM_PER_MILE; // 69.093 mi
    // Along a parallel: 2R·asin(cos φ · sin(Δλ/2)).
    const rad = Math.PI / 180;
    const eastMiles =
      (2 * EARTH_RADIUS_KM * Math.asin(Math.cos(40 * rad) * Math.sin(0.5 * rad))) / KM_PER_MILE;
    const expected = [degreeMiles / 2, eastMiles, degreeMiles];
    rows.forEach((row, i) => {
      expect(Math.abs(row.distance! - expected[i]!) / expected[i]!).toBeLessThan(1e-3);
    });
    expect(Math.abs(eastMiles - 52.93) / 52.93).toBeLessThan(1e-3);

    const small = await call(app, {
      method: 'GET',
      url: '/api/Project/Search?latitude=40&longitude=-105&searchRadius=40',
      token: me.token,
    });
    expect((small.json() as Listed[]).map((r) => r.id)).toEqual([half]);

    for (const query of [
      'latitude=95&longitude=0&searchRadius=10',
      'latitude=40&longitude=-181&searchRadius=10',
      'latitude=40&longitude=-105&searchRadius=-1',
      'latitude=abc&longitude=-105',
      'longitude=-105&searchRadius=10',
    ]) {
      const bad = await call(app, { method: 'GET', url: `/api/Project/Search?${query}`, token: me.token });
      expect(bad.statusCode, query).toBe(400);
    }
  });

  it('validates and changes status in two calls', async () => {
    const { app } = ctx();
    const me = await createCompanyUser(app);
    const a = await create(app, me.token, { name: 'A', latitude: 10, longitude: 10 });
    const b = await create(app, me.token, { name: 'B', latitude: 10, longitude: 10 });
    const items = [
      { id: a, status: 1, note: 'Done' },
      { id: b, status: 1, note: 'Done', name: 'B', type: 1 },
    ];
    const validate = await call(app, {
      method: 'POST',
      url: '/api/Project/Status/Validate',
      token: me.token,
      payload: items,
    });
    expect(validate.statusCode, validate.body).toBe(200);
    expect(validate.json()).toEqual({ draftComponents: [] });

    const change = await call(app, {
      method: 'POST',
      url: '/api/Project/Status',
      token: me.token,
      payload: items,
    });
    expect(change.statusCode, change.body).toBe(200);
    expect(change.json()).toBe(true);
    expect((await list(app, me.token, '?status=1')).rows.map((p) => p.id).sort()).toEqual([a, b].sort());

    const voltagePro = await call(app, {
      method: 'POST',
      url: '/api/Project/Status',
      token: me.token,
      payload: [{ id: a, status: 2, note: '' }],
    });
    expect(voltagePro.statusCode).toBe(400);
    const empty = await call(app, {
      method: 'POST',
      url: '/api/Project/Status',
      token: me.token,
      payload: [],
    });
    expect(empty.statusCode).toBe(400);
    const unknown = await call(app, {
      method: 'POST',
      url: '/api/Project/Status',
      token: me.token,
      payload: [
        { id: a, status: 0, note: '' },
        { id: 2_000_000_000, status: 0, note: '' },
      ],
    });
    expect(unknown.statusCode).toBe(404);
    // Nothing changed: the whole call was refused.
    expect((await list(app, me.token, '?status=1')).total).toBe(2);
  });
});
