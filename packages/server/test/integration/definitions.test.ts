import { expect, it } from 'vitest';
import { definitionsCatalog, type Definition } from '@sunfield/domain';
import { call, describeEachDatabase } from './harness.ts';

describeEachDatabase('definitions', (ctx) => {
  it('answers every enumeration without sign-in, cacheable for 15 minutes', async () => {
    for (const url of ['/api/definitions', '/api/Definitions', '/API/DEFINITIONS/']) {
      const res = await call(ctx().app, { method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=900');
      expect(res.json()).toEqual(definitionsCatalog());
    }
  });

  it('serves the GET /Definitions shape of the public API', async () => {
    const res = await call(ctx().app, { method: 'GET', url: '/api/definitions' });
    const body = res.json() as Definition[];
    const prediction = body.find((d) => d.type === 'PredictionStatusEnum');
    expect(prediction?.values).toContainEqual({
      id: 10,
      name: 'StringSizing',
      label: 'String-Sizing',
      aliases: ['STRING_SIZING'],
    });
    const project = body.find((d) => d.type === 'ProjectStatusEnum');
    expect(project?.values.map((v) => [v.id, v.name])).toEqual([
      [0, 'Active'],
      [1, 'Archived'],
      [2, 'VoltagePro'],
    ]);
    for (const definition of body) {
      expect(typeof definition.type).toBe('string');
      for (const value of definition.values) {
        expect(Number.isInteger(value.id)).toBe(true);
        expect(typeof value.name).toBe('string');
      }
    }
  });

  it('filters by ?type=, by type name or alias, case-insensitively', async () => {
    const one = await call(ctx().app, { method: 'GET', url: '/api/definitions?type=ProcessingStatusEnum' });
    expect(one.statusCode).toBe(200);
    expect(one.headers['cache-control']).toBe('public, max-age=900');
    expect(one.json()).toEqual([
      {
        type: 'ProcessingStatusEnum',
        aliases: ['ProcessingStatus'],
        values: [
          { id: 0, name: 'None' },
          { id: 1, name: 'Queued' },
          { id: 2, name: 'Running' },
          { id: 3, name: 'Success' },
          { id: 4, name: 'Error' },
          { id: 5, name: 'Cancelled' },
        ],
      },
    ]);
    const alias = await call(ctx().app, { method: 'GET', url: '/api/definitions?type=limittype' });
    expect((alias.json() as Definition[]).map((d) => d.type)).toEqual(['TimeSeriesType']);
    const unknown = await call(ctx().app, { method: 'GET', url: '/api/definitions?type=NoSuchEnum' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual([]);
    const empty = await call(ctx().app, { method: 'GET', url: '/api/definitions?type=' });
    expect((empty.json() as Definition[]).length).toBe(definitionsCatalog().length);
  });

  it('answers 400 with a modelState for a repeated type', async () => {
    const res = await call(ctx().app, { method: 'GET', url: '/api/definitions?type=A&type=B' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ modelState: { type: [expect.any(String)] } });
  });
});
