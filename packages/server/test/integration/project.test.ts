import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { projects } from '../../src/db/schema.ts';
import { call, describeEachDatabase } from './harness.ts';
import { createCompanyUser } from './projectFactory.ts';

const DENVER = { latitude: 39.7392, longitude: -104.9903 };

describeEachDatabase('project create, read, update, delete', (ctx) => {
  it('creates a project and fills time zone, offset and country offline', async () => {
    const { app } = ctx();
    const me = await createCompanyUser(app);
    const res = await call(app, {
      method: 'POST',
      url: '/api/Project',
      token: me.token,
      payload: { name: '  Mile High  ', ...DENVER, elevation: 1609 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-message']).toBeUndefined();
    const { id } = res.json() as { id: number };
    expect(Number.isInteger(id)).toBe(true);

    const got = await call(app, { method: 'GET', url: `/api/Project/${id}`, token: me.token });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({
      id,
      name: 'Mile High',
      companyId: me.companyId,
      ownerId: me.userId,
      owner: { id: me.userId, firstName: 'Pat', lastName: 'Planner' },
      lastModifiedById: me.userId,
      ...DENVER,
      elevation: 1609,
      timeZone: 'America/Denver',
      standardOffsetFromUTC: -7,
      country: 'United States of America',
      countryCode: 'US',
      status: 0,
    });
    const body = got.json() as { createdDate: string; lastModified: string };
    expect(Number.isNaN(Date.parse(body.createdDate))).toBe(false);
    expect(Number.isNaN(Date.parse(body.lastModified))).toBe(false);
  });

  it('keeps the location fields the caller gives', async () => {
    const { app } = ctx();
    const me = await createCompanyUser(app);
    const res = await call(app, {
      method: 'POST',
      url: '/api/Project',
      token: me.token,
      payload: {
        name: 'Given',
        latitude: 52.3676,
        longitude: 4.9041,
        country: 'Nederland',
        countryCode: 'nl',
        locality: 'Amsterdam',
        standardOffsetFromUTC: 1,
        status: 1,
      },
    });
    const { id } = res.json() as { id: number };
    const got = (await call(app, { method: 'GET', url: `/api/Project/${id}`, token: me.token })).json();
    expect(got).toMatchObject({
      country: 'Nederland',
      countryCode: 'NL',
      locality: 'Amsterdam',
      timeZone: 'Europe/Amsterdam',
      standardOffsetFromUTC: 1,
      status: 1,
    });
  });

  it('answers 400 with a message per field for a missing name and bad coordinates', async () => {
    const { app } = ctx();
    const me = await createCompanyUser(app);
    const res = await call(app, {
      method: 'POST',
      url: '/api/Project',
      token: me.token,
      payload: { name: '   ', latitude: 91, longitude: 'east' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { message: string; modelState: Record<string, string[]> };
    expect(body.message).toBeTruthy();
    expect(body.modelState.name).toEqual(['Name is required.']);
    expect(body.modelState.latitude).toEqual(['Latitude must be between -90 and 90.']);
    expect(body.modelState.longitude).toEqual(['Longitude must be between -180 and 180.']);

    const missing = await call(app, { method: 'POST', url: '/api/Project', token: me.token, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys((missing.json() as { modelState: object }).modelState).sort()).toEqual([
      'latitude',
      'longitude',
      'name',
    ]);

    const tooFar = await call(app, {
      method: 'POST',
      url: '/api/Project',
      token: me.token,
      payload: { name: 'x', latitude: 0, longitude: -180.5, status: 2 },
    });
    expect(tooFar.statusCode).toBe(400);
    expect((tooFar.json() as { modelState: object }).modelState).toHaveProperty('longitude');
    expect((tooFar.json() as { modelState: object }).modelState).toHaveProperty('status');
  });

  it('creates a second project of the same name with a warning in x-message', async () => {
    const { app } = ctx();
    const me = await createCompanyUser(app);
    const payload = { name: 'Café Solar', ...DENVER };
    await call(app, { method: 'POST', url: '/api/Project', token: me.token, payload });
    const again = await call(app, {
      method: 'POST',
      url: '/api/Project',
      token: me.token,
      payload: { ...payload, name: 'café solar' },
    });
    expect(again.statusCode).toBe(200);
    expect(JSON.parse(String(again.headers['x-message']))).toEqual([
      { Type: 'warning', Message: 'A project named café solar already exists.' },
    ]);
  });

  it('updates by path and by body id, keeping last-modified fields and re-finding the zone on a move', async () => {
    const { app } = ctx();
    const me = await createCompanyUser(app);
    const colleague = await createCompanyUser(app, { companyId: me.companyId, firstName: 'Kim' });
    const { id } = (
      await call(app, {
        method: 'POST',
        url: '/api/Project',
        token: me.token,
        payload: { name: 'Move me', ...DENVER },
      })
    ).json() as { id: number };
    const before = (
      await call(app, { method: 'GET', url: `/api/Project/${id}`, token: me.token })
    ).json() as {
      lastModified: string;
    };

    const put = await call(app, {
      method: 'PUT',
      url: `/api/Project/${id}`,
      token: colleague.token,
      payload: { description: 'Moved to Amsterdam', latitude: 52.3676, longitude: 4.9041 },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ changesMade: true });
    const after = (
      await call(app, { method: 'GET', url: `/api/Project/${id}`, token: me.token })
    ).json() as Record<string, unknown>;
    expect(after).toMatchObject({
      name: 'Move me',
      description: 'Moved to Amsterdam',
      timeZone: 'Europe/Amsterdam',
      standardOffsetFromUTC: 1,
      countryCode: 'NL',
      ownerId: me.userId,
      lastModifiedById: colleague.userId,
    });
    expect(Date.parse(after.lastModified as string)).toBeGreaterThanOrEqual(Date.parse(before.lastModified));

    const byBody = await call(app, {
      method: 'PUT',
      url: '/api/Project',
      token: me.token,
      payload: { id, name: 'Renamed', description: null },
    });
    expect(byBody.statusCode).toBe(200);
    expect(byBody.json()).toEqual({ changesMade: true });
    const renamed = (await call(app, { method: 'GET', url: `/api/Project/${id}`, token: me.token })).json();
    expect(renamed).toMatchObject({ name: 'Renamed', description: null, lastModifiedById: me.userId });

    const noId = await call(app, {
      method: 'PUT',
      url: '/api/Project',
      token: me.token,
      payload: { name: 'x' },
    });
    expect(noId.statusCode).toBe(400);
    expect((noId.json() as { modelState: object }).modelState).toHaveProperty('id');
    const bad = await call(app, {
      method: 'PUT',
      url: `/api/Project/${id}`,
      token: me.token,
      payload: { latitude: -95 },
    });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { modelState: object }).modelState).toHaveProperty('latitude');
  });

  it('answers the overview with predictions and deletes', async () => {
    const { app } = ctx();
    const me = await createCompanyUser(app);
    const { id } = (
      await call(app, {
        method: 'POST',
        url: '/api/Project',
        token: me.token,
        payload: { name: 'Gone', ...DENVER },
      })
    ).json() as { id: number };
    const overview = await call(app, { method: 'GET', url: `/api/Project/${id}/Overview`, token: me.token });
    expect(overview.statusCode).toBe(200);
    expect(overview.json()).toMatchObject({ id, name: 'Gone', predictions: [] });

    const mine = await call(app, { method: 'GET', url: '/api/ProjectsAndPredictions/My', token: me.token });
    expect(mine.json()).toEqual([expect.objectContaining({ id, predictions: [] })]);

    const del = await call(app, { method: 'DELETE', url: `/api/Project/${id}`, token: me.token });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toBe(true);
    const gone = await call(app, { method: 'GET', url: `/api/Project/${id}`, token: me.token });
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).toMatch(/^text\/plain/);
    expect(gone.body).toBe('Project not found');
    const again = await call(app, { method: 'DELETE', url: `/api/Project/${id}`, token: me.token });
    expect(again.statusCode).toBe(404);
    for (const url of ['/api/Project/abc', '/api/Project/0', '/api/Project/99999999999']) {
      expect((await call(app, { method: 'GET', url, token: me.token })).statusCode, url).toBe(404);
    }
  });

  it('takes back the project it answered, and keeps Voltage Pro only when it was already set', async () => {
    const { app, database } = ctx();
    const me = await createCompanyUser(app);
    const created = await call(app, {
      method: 'POST',
      url: '/api/Project',
      token: me.token,
      payload: { name: 'Round trip', ...DENVER, country: null, timeZone: null, locality: '' },
    });
    const { id } = created.json() as { id: number };
    const got = (
      await call(app, { method: 'GET', url: `/api/Project/${id}/Overview`, token: me.token })
    ).json();
    expect(got).toMatchObject({ countryCode: 'US', timeZone: 'America/Denver', locality: null });

    const back = await call(app, { method: 'PUT', url: `/api/Project/${id}`, token: me.token, payload: got });
    expect(back.statusCode, back.body).toBe(200);
    const toVoltagePro = await call(app, {
      method: 'PUT',
      url: `/api/Project/${id}`,
      token: me.token,
      payload: { status: 2 },
    });
    expect(toVoltagePro.statusCode).toBe(400);
    expect((toVoltagePro.json() as { modelState: object }).modelState).toHaveProperty('status');

    await database.db.update(projects).set({ status: 2 }).where(eq(projects.id, id));
    const keep = await call(app, {
      method: 'PUT',
      url: '/api/Project',
      token: me.token,
      payload: { ...(got as object), id, status: 2, description: 'Still Voltage Pro' },
    });
    expect(keep.statusCode, keep.body).toBe(200);
    const after = (await call(app, { method: 'GET', url: `/api/Project/${id}`, token: me.token })).json();
    expect(after).toMatchObject({ status: 2, description: 'Still Voltage Pro' });
  });

  it('needs a signed-in user', async () => {
    const res = await call(ctx().app, { method: 'GET', url: '/api/Project' });
    expect(res.statusCode).toBe(401);
  });
});
