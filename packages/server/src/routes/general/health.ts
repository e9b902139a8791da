/**
 * `GET /api/health` (issue 16): whether this API process can reach its database and its job queue,
 * for load balancers and container health checks. Public and cheap (two small queries, each with a
 * deadline); 200 when both answer, 503 naming what does not. It says nothing a visitor could use:
 * no versions, addresses or error texts.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/index.ts';

/** How long each check may take before it counts as unreachable. */
const CHECK_TIMEOUT_MS = 2000;

interface Check {
  ok: boolean;
  latencyMs: number;
}

async function timed<T>(work: () => Promise<T>): Promise<Check & { value?: T }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
    });
    const value = await Promise.race([work(), deadline]);
    return { ok: true, latencyMs: Math.round(performance.now() - started), value };
  } catch {
    return { ok: false, latencyMs: Math.round(performance.now() - started) };
  } finally {
    clearTimeout(timer);
  }
}

/** Jobs waiting to run (created or waiting for a retry), read from pg-boss's own table. */
async function queueDepth(database: Database): Promise<number> {
  const { rows } = await database.executeSql(
    `select count(*)::int as n from pgboss.job where state in ('created', 'retry')`,
  );
  return Number(rows[0]?.n ?? 0);
}

export function registerHealthRoute(app: FastifyInstance): void {
  const { database } = app.services;
  app.get(
    '/health',
    { schema: { summary: 'Whether the database and the job queue answer' }, config: { public: true } },
    async (_request, reply) => {
      const [db, queue] = await Promise.all([
        timed(() => database.executeSql('select 1')),
        timed(async () => {
          // The queue's tables exist once pg-boss has started (the first job sent, or a worker).
          await app.services.queue?.start();
          return queueDepth(database);
        }),
      ]);
      const ok = db.ok && queue.ok;
      return reply
        .status(ok ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({
          status: ok ? 'ok' : 'unavailable',
          database: { ok: db.ok, latencyMs: db.latencyMs },
          queue: { ok: queue.ok, latencyMs: queue.latencyMs, depth: queue.ok ? (queue.value ?? 0) : null },
        });
    },
  );
}
