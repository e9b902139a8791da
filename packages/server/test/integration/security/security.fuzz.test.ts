import crypto from 'node:crypto';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { observeParses } from '../../../src/lib/errors.ts';
import { apiRoutes, type RouteEntry } from '../../../src/routes/index.ts';
import type { Database } from '../../../src/db/index.ts';
import { call, describeEachDatabase } from '../harness.ts';
import { createPrediction, plantBody, predictionWorld, type PredictionWorld } from '../predictionFactory.ts';
import { arbitraryFor, arbitraryJson } from './zodArbitrary.ts';

/**
 * "A fuzz test of every POST/PUT route from its zod schema": company B's admin sends generated
 * bodies to every POST and PUT route the app registered (found through `apiRoutes`, so a route
 * added later is fuzzed too), with path ids of its own rows, of company A's rows and made up. Bodies
 * come from the schema the route parses with (learnt by `observeParses` on a first call), or are any
 * JSON where no schema is seen. No answer may be a 5xx, and company A's rows must be unchanged.
 *
 * 6,000 bodies a run by default, half on PGlite and half on PostgreSQL when both are tested, with a
 * new seed each run (so CI runs add up to tens of thousands); FUZZ_BODIES sets the figure (40,000
 * for a thorough probe), FUZZ_SEED replays a run (the seed is printed on failure), FUZZ_VERBOSE=1
 * prints each route's answers by status and its time per body. (10,000 a run cost 145 s of a CI
 * that must end within 30 minutes.)
 */
const BODIES = Number(process.env.FUZZ_BODIES ?? 6_000);
const SEED = Number(process.env.FUZZ_SEED ?? crypto.randomInt(2 ** 31));

const COMPANY_TABLES = ['companies', 'users', 'projects', 'modules', 'inverters', 'weathers'];

/** A digest of every row company A owns, table by table. */
async function snapshot(database: Database, companyId: string): Promise<Record<string, string>> {
  const digest = async (sql: string): Promise<string> => {
    const { rows } = await database.executeSql(
      `select count(*)::int as n, md5(coalesce(string_agg(md5(t::text), ',' order by md5(t::text)), '')) as h from (${sql}) t`,
      [companyId],
    );
    const row = rows[0] as { n: number; h: string };
    return `${row.n}:${row.h}`;
  };
  const out: Record<string, string> = {};
  for (const table of COMPANY_TABLES) {
    const key = table === 'companies' ? 'id' : 'company_id';
    out[table] = await digest(`select * from ${table} where ${key} = $1`);
  }
  const predictionsOfA = `select id from predictions where project_id in (select id from projects where company_id = $1)`;
  out.predictions = await digest(`select * from predictions where id in (${predictionsOfA})`);
  out.power_plants = await digest(`select * from power_plants where prediction_id in (${predictionsOfA})`);
  out.plant_equipment = await digest(
    `select * from plant_equipment where prediction_id in (${predictionsOfA})`,
  );
  out.weather_columns = await digest(
    `select * from weather_columns where weather_id in (select id from weathers where company_id = $1)`,
  );
  return out;
}

interface Target {
  route: RouteEntry;
  /** Schemas the route parsed its input with on the discovery call. */
  schemas: z.ZodType[];
  /** Its first call took over 150 ms (sign-in hashes a password on purpose): fewer bodies. */
  slow: boolean;
}

/** The route's path with the fuzzer's own ids in it. */
const idsInto = (url: string, ids: Ids): string =>
  fc.sample(paramArbitrary(url, { ...ids }, ids, 0), { numRuns: 1, seed: 1 })[0]!;

/** Path ids: mostly the fuzzer's own rows (to reach deep code), then the other company's, then junk. */
function paramArbitrary(url: string, own: Ids, other: Ids, junkWeight = 1) {
  const names = [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const junk = fc.constantFrom('0', '-1', '2147483648', '99999999', 'abc', '1.5', '%20', 'null');
  const idFor = (name: string, ids: Ids): string => {
    if (name === 'projectId') return String(ids.projectId);
    if (name === 'provider') return 'NSRDB';
    if (name === 'importId') return crypto.randomUUID();
    if (url.includes('/Prediction/')) return String(ids.predictionId);
    if (url.startsWith('/api/Project/')) return String(ids.projectId);
    if (url.startsWith('/api/weather/')) return String(ids.weatherId);
    if (url.startsWith('/api/module/')) return String(ids.moduleId);
    if (url.startsWith('/api/inverter/')) return String(ids.inverterId);
    if (url.startsWith('/api/user/')) return ids.userId;
    if (url.startsWith('/api/company/')) return ids.companyId;
    return '1';
  };
  const pick = (name: string) =>
    fc.oneof(
      { arbitrary: fc.constant(idFor(name, own)), weight: 6 },
      { arbitrary: fc.constant(idFor(name, other)), weight: junkWeight ? 2 : 0 },
      { arbitrary: junk, weight: junkWeight },
    );
  return fc.tuple(...names.map(pick)).map((values) => {
    let i = 0;
    return url.replace(/:(\w+)/g, () => encodeURIComponent(values[i++]!));
  });
}

interface Ids {
  projectId: number;
  predictionId: number;
  weatherId: number;
  moduleId: number;
  inverterId: number;
  userId: string;
  companyId: string;
}

async function world(app: FastifyInstance): Promise<PredictionWorld & { predictionId: number }> {
  const w = await predictionWorld(app, { roles: ['Admin', 'User'] });
  const predictionId = await createPrediction(app, w);
  const plant = await call(app, {
    method: 'POST',
    url: `/api/Project/${w.projectId}/Prediction/${predictionId}/PowerPlant`,
    token: w.token,
    payload: plantBody(w),
  });
  if (plant.statusCode !== 200) throw new Error(`plant: ${plant.statusCode} ${plant.body}`);
  // Company copies of the Global module and inverter, so that their PUT routes reach their code.
  const clone = async (kind: string, id: number): Promise<number> => {
    const res = await call(app, { method: 'POST', url: `/api/${kind}/${id}/Clone`, token: w.token });
    if (res.statusCode !== 200) throw new Error(`${kind} clone: ${res.statusCode} ${res.body}`);
    return (res.json() as { id: number }).id;
  };
  const moduleId = await clone('module', w.moduleId);
  const inverterId = await clone('inverter', w.inverterId);
  return { ...w, predictionId, moduleId, inverterId };
}

describeEachDatabase('security: fuzz', { mailWorkers: false }, (ctx) => {
  it('answers generated bodies on every POST/PUT route with no 5xx and leaves another company unchanged', async () => {
    const { app, database } = ctx();
    // The run's bodies are shared between the databases it has (CI has both).
    const bodies = process.env.SKIP_POSTGRES === '1' ? BODIES : Math.ceil(BODIES / 2);
    const a = await world(app);
    const b = await world(app);
    const before = await snapshot(database, a.companyId);

    let token = b.token;
    const send = async (method: string, url: string, payload: unknown) => {
      let res = await call(app, { method: method as 'POST', url, token, payload: payload as object });
      if (res.statusCode === 401) {
        // A fuzzed sign-out or password change may end the session: sign the fuzzer in again.
        token = await app.services.tokens.sign({ sub: b.userId, cid: b.companyId, kind: 'session' }, 900);
        res = await call(app, { method: method as 'POST', url, token, payload: payload as object });
      }
      return res;
    };

    const routes = (apiRoutes.get(app.services) ?? []).filter(
      (r) => r.method === 'POST' || r.method === 'PUT',
    );
    expect(routes.length).toBeGreaterThan(90);
    const targets: Target[] = [];
    for (const route of routes) {
      const schemas: z.ZodType[] = [];
      const stop = observeParses((schema) => schemas.push(schema));
      const started = performance.now();
      try {
        await send(route.method, idsInto(route.url, b), {});
      } finally {
        stop();
      }
      targets.push({ route, schemas, slow: performance.now() - started > 150 });
    }

    const failures: string[] = [];
    const stats: string[] = [];
    let sent = 0;
    const slowCount = targets.filter((t) => t.slow).length;
    const perSlow = Math.ceil(bodies / targets.length / 10);
    const perRoute = Math.ceil((bodies - slowCount * perSlow) / (targets.length - slowCount));
    for (const [index, target] of targets.entries()) {
      const body = target.schemas.length
        ? fc.oneof(
            { arbitrary: fc.oneof(...target.schemas.map(arbitraryFor)), weight: 5 },
            { arbitrary: arbitraryJson, weight: 1 },
          )
        : arbitraryJson;
      const samples = fc.sample(fc.tuple(paramArbitrary(target.route.url, b, a), body), {
        numRuns: target.slow ? perSlow : perRoute,
        seed: SEED + index,
      });
      const codes: Record<number, number> = {};
      const started = performance.now();
      for (const [url, payload] of samples) {
        const res = await send(target.route.method, url, payload);
        codes[res.statusCode] = (codes[res.statusCode] ?? 0) + 1;
        sent++;
        if (res.statusCode >= 500 && failures.length < 20) {
          failures.push(`${target.route.method} ${url} → ${res.statusCode} ${res.body.slice(0, 200)}
  body: ${JSON.stringify(payload)?.slice(0, 400)}`);
        }
      }
      const ms = (performance.now() - started) / samples.length;
      stats.push(
        `${target.route.method} ${target.route.url} schemas ${target.schemas.length} ${ms.toFixed(1)} ms ${JSON.stringify(codes)}`,
      );
    }
    if (process.env.FUZZ_VERBOSE) console.log(stats.join('\n'));
    expect(sent).toBeGreaterThanOrEqual(bodies);
    expect(failures, `seed ${SEED}:\n${failures.join('\n')}`).toEqual([]);
    expect(await snapshot(database, a.companyId)).toEqual(before);
  }, 1_200_000);
});
