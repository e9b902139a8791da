import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase, type Database } from '../../src/db/index.ts';
import { call } from './harness.ts';

/** Issue 16: `GET /metrics` behind a setting, in Prometheus text. */
describe('GET /metrics', () => {
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    const config = loadConfig({ SUNFIELD_METRICS: '1', SUNFIELD_METRICS_TOKEN: 'scrape-me' });
    app = await buildApp({ config: { ...config, secret: 'metrics' }, database, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('is off unless SUNFIELD_METRICS is set', async () => {
    // No web app beside it: where packages/web/dist is built (after `npm start`), every unknown path
    // answers the single-page app's index.html with 200.
    const webDist = path.join(os.tmpdir(), 'sunfield-metrics-no-web');
    const config = { ...loadConfig({}), secret: 'm', webDist };
    const plain = await buildApp({ config, database, logger: false });
    try {
      expect((await call(plain, { method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('refuses a scraper without the token', async () => {
    expect((await call(app, { method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect((await call(app, { method: 'GET', url: '/metrics', token: 'wrong' })).statusCode).toBe(401);
  });

  it('counts requests by route pattern and reads jobs and queue depth from the queue tables', async () => {
    await call(app, { method: 'GET', url: '/api/system/version' });
    await call(app, { method: 'GET', url: '/api/Project/12345' });
    await app.services.queue!.enqueue('mail.send', { to: 'm@example.test', subject: 'S', text: 'T' });
    const res = await call(app, { method: 'GET', url: '/metrics', token: 'scrape-me' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(
      /sunfield_http_requests_total\{method="GET",route="\/api\/system\/version",status="200"\} 1/,
    );
    // The pattern, not the URL: ids must not make a series each.
    expect(text).toContain('route="/api/Project/:id"');
    expect(text).not.toContain('12345');
    expect(text).toMatch(/sunfield_http_request_duration_seconds_bucket\{le="0.005"/);
    expect(text).toMatch(/sunfield_queue_depth\{name="mail.send"\} 1/);
    expect(text).toMatch(/sunfield_jobs\{name="mail.send",state="created"\} 1/);
    expect(text).toContain('sunfield_process_cpu_user_seconds_total');
  });
});
