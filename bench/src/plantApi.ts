/**
 * Power-plant API benchmark (issue 12): a 300-block, 1,200-DC-field plant (each block one array of
 * four inverters with one DC field each, every field with its full set of inputs) through the HTTP
 * app (Fastify inject, so JSON parsing, validation, the merge, the database write and the
 * presentation with the module and inverter records are all in the figure): POST it, GET it, PUT the
 * GET back, GET again, and POST CalculatePowerPlantFields. Target: PUT and GET each under 1 s.
 * Runs on the embedded database and, when reachable, on PostgreSQL (TEST_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/sunfield_test).
 *
 *   npx tsx bench/src/plantApi.ts [--runs 5] [--blocks 300]
 */
import os from 'node:os';
import { insertEquipment } from '../../packages/server/src/models/equipment.ts';
import { benchApp, postgresUrl } from './benchApp.ts';
import { plant } from './plantBody.ts';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

async function bench(kind: 'pglite' | 'postgres', url: string | undefined, runs: number, blocks: number) {
  const { app, database, headers, companyId, userId, close } = await benchApp('Plant', url);
  const db = database.db;
  const moduleId = await insertEquipment(db, 'module', {
    companyId: companyId,
    ownerId: userId,
    status: 2,
    name: 'Bench module 500 W',
    manufacturer: 'Bench',
    model: '500',
    source: 'bench',
    data: {
      name: 'Bench module 500 W',
      stcMaxPower: 500,
      length: 2278,
      width: 1134,
      numberOfCellsInSeries: 144,
    },
  });
  const inverterId = await insertEquipment(db, 'inverter', {
    companyId: companyId,
    ownerId: userId,
    status: 2,
    name: 'Bench inverter 3 MVA',
    manufacturer: 'Bench',
    model: '3000',
    source: 'bench',
    data: {
      name: 'Bench inverter 3 MVA',
      powerRated: 3000,
      apparentPower: 3000,
      maxAbsoluteVoltage: 1500,
      minVoltage: 900,
    },
  });
  const project = await app.inject({
    method: 'POST',
    url: '/api/Project',
    headers,
    payload: { name: 'Bench', latitude: 35, longitude: -110 },
  });
  const projectId = (project.json() as { id: number }).id;
  const body = plant(blocks, moduleId, inverterId);
  const times: Record<string, number[]> = { POST: [], GET: [], PUT: [], Calculate: [] };
  let size = 0;
  for (let run = 0; run < runs; run++) {
    const created = await app.inject({
      method: 'POST',
      url: `/api/Project/${projectId}/Prediction`,
      headers,
      payload: { name: `Run ${run}` },
    });
    const url = `/api/Project/${projectId}/Prediction/${(created.json() as { id: number }).id}`;
    const timed = async (label: string, fn: () => Promise<{ statusCode: number; body: string }>) => {
      const t0 = performance.now();
      const res = await fn();
      const ms = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      times[label]!.push(ms);
      return res;
    };
    await timed('POST', () =>
      app.inject({ method: 'POST', url: `${url}/PowerPlant`, headers, payload: body }),
    );
    const got = await timed('GET', () => app.inject({ method: 'GET', url: `${url}/PowerPlant`, headers }));
    size = got.body.length;
    await timed('PUT', () =>
      app.inject({
        method: 'PUT',
        url: `${url}/PowerPlant`,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: got.body,
      }),
    );
    await timed('GET', () => app.inject({ method: 'GET', url: `${url}/PowerPlant`, headers }));
    await timed('Calculate', () =>
      app.inject({
        method: 'POST',
        url: `${url}/CalculatePowerPlantFields`,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: got.body,
      }),
    );
  }
  const fmt = (label: string) => {
    const xs = times[label]!;
    return `${label} median ${median(xs).toFixed(0)} ms (min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)}, n ${xs.length})`;
  };
  console.log(
    `\n${kind}: ${blocks} blocks, ${blocks * 4} DC fields; GET answer ${(size / 1e6).toFixed(2)} MB`,
  );
  for (const label of ['POST', 'GET', 'PUT', 'Calculate']) console.log(`  ${fmt(label)}`);
  await close();
}

async function main(): Promise<void> {
  const runs = arg('runs', 5);
  const blocks = arg('blocks', 300);
  const load = os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
  console.log(
    `power-plant API, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), node ${process.version}, load ${load}`,
  );
  await bench('pglite', undefined, runs, blocks);
  const url = await postgresUrl(
    process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sunfield_test',
  );
  if (url) await bench('postgres', url, runs, blocks);
  else console.log('\npostgres: not reachable, skipped');
}

await main();
