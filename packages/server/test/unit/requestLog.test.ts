import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { RequestLog, requestLogOptions } from '../../src/lib/requestLog.ts';

/** A Fastify app whose log lines are collected, with a fast, a failing and a slow route. */
async function appWith(env: NodeJS.ProcessEnv) {
  const lines: Record<string, unknown>[] = [];
  const app = Fastify({
    logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    logController: new RequestLog(requestLogOptions(false, env)),
  });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/bad', async (_request, reply) => reply.status(400).send({ message: 'no' }));
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  app.get('/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 30));
    return { ok: true };
  });
  await app.ready();
  const requests = () =>
    lines.filter((line) => line.msg === 'request completed' || line.msg === 'request errored');
  return { app, lines, requests };
}

describe('request log', () => {
  it('writes one line per request, with the request, the status and the time', async () => {
    const { app, lines, requests } = await appWith({});
    await app.inject({ method: 'GET', url: '/ok' });
    expect(lines.filter((line) => line.msg === 'incoming request')).toEqual([]);
    expect(requests()).toHaveLength(1);
    expect(requests()[0]).toMatchObject({
      req: { method: 'GET', url: '/ok' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    await app.close();
  });

  it('samples successful fast requests, and keeps every error and slow request', async () => {
    const { app, requests } = await appWith({ LOG_REQUEST_SAMPLE: '10', LOG_REQUEST_SLOW_MS: '20' });
    for (let i = 0; i < 30; i++) await app.inject({ method: 'GET', url: '/ok' });
    expect(requests()).toHaveLength(3);
    await app.inject({ method: 'GET', url: '/bad' });
    await app.inject({ method: 'GET', url: '/boom' });
    await app.inject({ method: 'GET', url: '/slow' });
    const urls = requests().map((line) => (line.req as { url: string }).url);
    expect(urls.slice(3)).toEqual(['/bad', '/boom', '/slow']);
    await app.close();
  });

  it('reads its settings, with defaults for missing or bad values', () => {
    expect(requestLogOptions(false, {})).toEqual({ disabled: false, sample: 1, slowMs: 1000 });
    expect(requestLogOptions(true, { LOG_REQUEST_SAMPLE: 'x', LOG_REQUEST_SLOW_MS: '-1' })).toEqual({
      disabled: true,
      sample: 1,
      slowMs: 1000,
    });
    expect(requestLogOptions(false, { LOG_REQUEST_SAMPLE: '100' }).sample).toBe(100);
  });
});
