/**
 * `GET /metrics` (issue 16): Prometheus text for a company's monitoring, off unless SUNFIELD_METRICS=1
 * (and then, when SUNFIELD_METRICS_TOKEN is set, only for `Authorization: Bearer <token>`).
 *
 * - Requests: `sunfield_http_requests_total` and `sunfield_http_request_duration_seconds` by method,
 *   route pattern (never the raw URL: ids would make a series each) and status, for this process.
 * - Jobs and queue: read from pg-boss's tables at scrape time, so they count the jobs of every worker
 *   process, not only this one: jobs by name and state, queue depth (created or waiting for a retry),
 *   and the durations of the jobs completed in the last hour.
 * - The Node.js process: prom-client's default metrics (CPU, memory, event-loop lag, GC).
 *
 * prom-client is the maintained Prometheus client for Node.js; it formats the exposition text and
 * keeps histograms, which is not our product's business to hand-write.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from './db/index.ts';

export interface MetricsSettings {
  enabled: boolean;
  /** Bearer token a scraper must send; undefined leaves /metrics open (behind a private network). */
  token: string | undefined;
}

interface JobRow {
  name: string;
  state: string;
  n: number;
}

interface DurationRow {
  name: string;
  n: number;
  avg: number | null;
  max: number | null;
}

async function jobRows(database: Database): Promise<{ jobs: JobRow[]; durations: DurationRow[] }> {
  try {
    const jobs = await database.executeSql(
      `select name, state::text as state, count(*)::int as n from pgboss.job group by name, state`,
    );
    const durations = await database.executeSql(
      `select name, count(*)::int as n,
              avg(extract(epoch from completed_on - started_on))::float8 as avg,
              max(extract(epoch from completed_on - started_on))::float8 as max
         from pgboss.job
        where state = 'completed' and completed_on > now() - interval '1 hour'
        group by name`,
    );
    return { jobs: jobs.rows as unknown as JobRow[], durations: durations.rows as unknown as DurationRow[] };
  } catch {
    // The queue's schema exists once pg-boss has started; before that there is nothing to count.
    return { jobs: [], durations: [] };
  }
}

/** Registers the request hooks and the /metrics route when the settings enable them. */
export function registerMetrics(app: FastifyInstance, database: Database, settings: MetricsSettings): void {
  if (!settings.enabled) return;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'sunfield_' });
  const requests = new Counter({
    name: 'sunfield_http_requests_total',
    help: 'HTTP requests answered by this process.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'sunfield_http_request_duration_seconds',
    help: 'Time from request to response, by route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const jobs = new Gauge({
    name: 'sunfield_jobs',
    help: 'Jobs in the queue tables by name and state (every worker process).',
    labelNames: ['name', 'state'] as const,
    registers: [registry],
  });
  const depth = new Gauge({
    name: 'sunfield_queue_depth',
    help: 'Jobs waiting to run (created or waiting for a retry), by name.',
    labelNames: ['name'] as const,
    registers: [registry],
  });
  const completed = new Gauge({
    name: 'sunfield_jobs_completed_last_hour',
    help: 'Jobs completed in the last hour, by name.',
    labelNames: ['name'] as const,
    registers: [registry],
  });
  const durationAvg = new Gauge({
    name: 'sunfield_job_duration_seconds_avg',
    help: 'Mean run time of the jobs completed in the last hour, by name.',
    labelNames: ['name'] as const,
    registers: [registry],
  });
  const durationMax = new Gauge({
    name: 'sunfield_job_duration_seconds_max',
    help: 'Longest run time of the jobs completed in the last hour, by name.',
    labelNames: ['name'] as const,
    registers: [registry],
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    const labels = { method: request.method, route };
    requests.inc({ ...labels, status: String(reply.statusCode) });
    latency.observe(labels, reply.elapsedTime / 1000);
  });

  const expected = settings.token ? Buffer.from(`Bearer ${settings.token}`) : undefined;
  app.get('/metrics', { config: { public: true } }, async (request, reply) => {
    if (expected) {
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
        return reply.status(401).send({ message: 'Unauthorized.' });
      }
    }
    const rows = await jobRows(database);
    jobs.reset();
    depth.reset();
    completed.reset();
    durationAvg.reset();
    durationMax.reset();
    for (const row of rows.jobs) {
      jobs.set({ name: row.name, state: row.state }, row.n);
      if (row.state === 'created' || row.state === 'retry') depth.inc({ name: row.name }, row.n);
    }
    for (const row of rows.durations) {
      completed.set({ name: row.name }, row.n);
      if (row.avg !== null) durationAvg.set({ name: row.name }, row.avg);
      if (row.max !== null) durationMax.set({ name: row.name }, row.max);
    }
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
}
