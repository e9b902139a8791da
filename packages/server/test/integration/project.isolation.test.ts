import { expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { call, describeEachDatabase } from './harness.ts';
import { createCompanyUser } from './projectFactory.ts';

describeEachDatabase('project isolation between companies', (ctx) => {
  it('answers 404 to another company for every project route and never shows the project', async () => {
    const { app } = ctx();
    const owner = await createCompanyUser(app);
    // A super admin of another company is still another company.
    const other = await createCompanyUser(app, { roles: ['User', 'Admin', 'FSLRAdmin'] });
    const payload = { name: 'Secret plant', latitude: 35.1, longitude: -106.6 };
    const { id } = (
      await call(app, { method: 'POST', url: '/api/Project', token: owner.token, payload })
    ).json() as {
      id: number;
    };
    await call(app, {
      method: 'POST',
      url: '/api/Project',
      token: other.token,
      payload: { ...payload, name: 'Mine' },
    });

    const attempts: InjectOptions[] = [
      { method: 'GET', url: `/api/Project/${id}` },
      { method: 'GET', url: `/api/Project/${id}/Overview` },
      { method: 'PUT', url: `/api/Project/${id}`, payload: { name: 'Taken over' } },
      { method: 'PUT', url: `/api/Project/${id}`, payload: { latitude: 500 } },
      { method: 'PUT', url: '/api/Project', payload: { id, name: 'Taken over' } },
      { method: 'DELETE', url: `/api/Project/${id}` },
      { method: 'POST', url: '/api/Project/Status/Validate', payload: [{ id, status: 1, note: '' }] },
      { method: 'POST', url: '/api/Project/Status', payload: [{ id, status: 1, note: '' }] },
    ];
    for (const attempt of attempts) {
      const res = await call(app, { ...attempt, token: other.token });
      const label = `${attempt.method} ${attempt.url}`;
      expect(res.statusCode, label).toBe(404);
      expect(res.body, label).toBe('Project not found');
      expect(res.body, label).not.toContain('Secret');
    }

    const listed = await call(app, { method: 'GET', url: '/api/Project?search=Secret', token: other.token });
    expect(listed.json()).toEqual([]);
    expect(listed.headers['x-total-count']).toBe('0');
    const all = (await call(app, { method: 'GET', url: '/api/Project', token: other.token })).json() as {
      id: number;
    }[];
    expect(all.map((p) => p.id)).not.toContain(id);
    const mine = (
      await call(app, { method: 'GET', url: '/api/ProjectsAndPredictions/My', token: other.token })
    ).json() as {
      id: number;
    }[];
    expect(mine.map((p) => p.id)).not.toContain(id);
    const near = (
      await call(app, {
        method: 'GET',
        url: '/api/Project/Search?latitude=35.1&longitude=-106.6&searchRadius=10',
        token: other.token,
      })
    ).json() as { id: number; name: string }[];
    expect(near.map((p) => p.name)).toEqual(['Mine']);

    // Untouched for its owner.
    const still = await call(app, { method: 'GET', url: `/api/Project/${id}`, token: owner.token });
    expect(still.statusCode).toBe(200);
    expect(still.json()).toMatchObject({ name: 'Secret plant', status: 0, lastModifiedById: owner.userId });
  });
});
