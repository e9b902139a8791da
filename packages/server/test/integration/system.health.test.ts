import { expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/index.ts';
import { call, describeEachDatabase } from './harness.ts';

/** Issue 16: `GET /api/health` says whether the database and the job queue answer. */
describeEachDatabase('GET /api/health', (ctx) => {
  it('answers 200 with the database and the queue reachable, without a token', async () => {
    const res = await call(ctx().app, { method: 'GET', url: '/api/health' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as {
      status: string;
      database: { ok: boolean; latencyMs: number };
      queue: { ok: boolean; depth: number };
    };
    expect(body.status).toBe('ok');
    expect(body.database.ok).toBe(true);
    expect(body.queue.ok).toBe(true);
    expect(body.queue.depth).toBeGreaterThanOrEqual(0);
  });
});

it('answers 503 naming the database when it cannot be reached', async () => {
  const database = await openDatabase({ dataDir: 'memory://' });
  const app = await buildApp({ config: { ...loadConfig({}), secret: 'health' }, database, logger: false });
  await app.ready();
  await database.close();
  try {
    const res = await call(app, { method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'unavailable', database: { ok: false } });
  } finally {
    await app.close().catch(() => undefined);
  }
});
