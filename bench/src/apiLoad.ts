/**
 * API load benchmark (issue 18): the server started as `sunfield serve` runs it, in its own process
 * (_apiLoadServer.ts), on the embedded database and on PostgreSQL, loaded over HTTP by autocannon at
 * 1, 10 and 50 connections. Prints req/s, p50 and p99 [ms] of each route, the non-2xx answers and
 * errors (any is a failed run), the server process's CPU time per request (Linux; steadier than req/s
 * when other work shares the machine) and the server's request-log bytes per request.
 *
 * Routes: a public route with a token (`GET /api/system/version`), a no-op authenticated route
 * (`GET /api/User/current`, no query of its own), the project list (25 of 200, last modified first),
 * a project, a prediction and its 100-DC-field plant, the module library (`ModuleOverview`, 50 of
 * 16,830), and project creation (last, since it adds projects).
 *
 * PostgreSQL: BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/sunfield_bench (created
 * when missing); the embedded database in BENCH_PGLITE_DIR (default a folder in the temp directory,
 * kept so the library is seeded once). The client shares the machine's CPUs with the server: on two
 * cores the figures are a floor, and other load on the machine lowers them (the load is printed).
 * BENCH_SERVER_ARGS passes node options to the server process only (a CPU profile: `--cpu-prof
 * --cpu-prof-dir=DIR`; the profile is written when the server closes).
 *
 *   npx tsx bench/src/apiLoad.ts [--duration 5] [--modes pglite,postgres] [--routes list,read]
 *                                [--connections 1,10,50] [--json out.json]
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { postgresUrl } from './benchApp.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

interface Ready {
  port: number;
  headers: { authorization: string };
  projectId: number;
  predictionId: number;
  kind: string;
}

interface Route {
  name: string;
  method?: 'GET' | 'POST';
  path: (ready: Ready) => string;
  body?: () => string;
  /** more request headers (the `-gzip` rows ask a compressed answer, as browsers and requests do) */
  headers?: Record<string, string>;
}

const GZIP = { 'accept-encoding': 'gzip' };

const ROUTES: Route[] = [
  { name: 'public+token', path: () => '/api/system/version' },
  { name: 'noop-auth', path: () => '/api/User/current' },
  { name: 'project-list', path: () => '/api/Project?top=25' },
  { name: 'project-list-gzip', path: () => '/api/Project?top=25', headers: GZIP },
  { name: 'project-read', path: (r) => `/api/Project/${r.projectId}` },
  { name: 'prediction-read', path: (r) => `/api/Project/${r.projectId}/Prediction/${r.predictionId}` },
  { name: 'plant-read', path: (r) => `/api/Project/${r.projectId}/Prediction/${r.predictionId}/PowerPlant` },
  {
    name: 'plant-read-gzip',
    path: (r) => `/api/Project/${r.projectId}/Prediction/${r.predictionId}/PowerPlant`,
    headers: GZIP,
  },
  {
    name: 'prediction-overview',
    path: (r) => `/api/Project/${r.projectId}/Prediction/${r.predictionId}/Overview`,
  },
  {
    name: 'prediction-hydrated',
    path: (r) => `/api/Project/${r.projectId}/Prediction/${r.predictionId}/Hydrated`,
  },
  { name: 'module-list', path: () => '/api/Module/ModuleOverview?pageSize=50' },
  {
    name: 'project-create',
    method: 'POST',
    path: () => '/api/Project',
    body: () => JSON.stringify({ name: 'Load created', latitude: 35.2, longitude: -101.8 }),
  },
];

export interface Figure {
  mode: string;
  route: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** The server process's CPU time per answered request [µs] (Linux). */
  cpuUsPerRequest?: number;
}

async function startServer(databaseUrl: string | undefined, logFile: string) {
  const log = fs.openSync(logFile, 'w');
  const child = fork(path.join(HERE, '_apiLoadServer.ts'), [], {
    // BENCH_SERVER_ARGS: more node options for the server alone, e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`
    // (NODE_OPTIONS refuses --cpu-prof).
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_SERVER_ARGS?.split(/\s+/).filter(Boolean) ?? [])],
    env: {
      ...process.env,
      BENCH_DATABASE_URL: databaseUrl ?? '',
      BENCH_PGLITE_DIR: process.env.BENCH_PGLITE_DIR ?? path.join(os.tmpdir(), 'sunfield_bench_pglite'),
    },
    stdio: ['ignore', log, 'inherit', 'ipc'],
  });
  fs.closeSync(log);
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (message) => resolve(message as Ready));
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before it listened`)));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { ready, stop, cpu: () => processCpuMs(child.pid) };
}

/**
 * CPU time the server process has used [ms] (user + system, from /proc on Linux; undefined elsewhere):
 * CPU per request is a steadier figure than req/s on a shared machine.
 */
function processCpuMs(pid: number | undefined): number | undefined {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

async function load(url: string, route: Route, ready: Ready, connections: number, duration: number) {
  return autocannon({
    url: `${url}${route.path(ready)}`,
    method: route.method ?? 'GET',
    connections,
    duration,
    headers: requestHeaders(route, ready),
    ...(route.body ? { body: route.body() } : {}),
  });
}

function requestHeaders(route: Route, ready: Ready): Record<string, string> {
  return {
    ...ready.headers,
    ...(route.body ? { 'content-type': 'application/json' } : {}),
    ...route.headers,
  };
}

/**
 * The answer's size as sent (bytes on the wire, before any decoding) and its Content-Encoding, asked
 * with `acceptEncoding` (identity or gzip).
 */
function answerSize(url: string, route: Route, ready: Ready, acceptEncoding: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${url}${route.path(ready)}`,
      {
        method: route.method ?? 'GET',
        headers: { ...requestHeaders(route, ready), 'accept-encoding': acceptEncoding },
      },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () =>
          resolve(`${bytes} bytes, ${response.headers['content-encoding'] ?? 'identity'}`),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(route.body?.());
  });
}

async function benchMode(
  mode: 'pglite' | 'postgres',
  databaseUrl: string | undefined,
  routes: Route[],
  connectionCounts: number[],
  duration: number,
): Promise<Figure[]> {
  const logFile = path.join(os.tmpdir(), `sunfield_bench_api_${mode}.log`);
  const started = performance.now();
  const { ready, stop, cpu } = await startServer(databaseUrl, logFile);
  console.log(`\n${mode}: server ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  console.log(
    `${'route'.padEnd(16)} ${'conns'.padStart(5)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}  non2xx errors  server CPU µs/req`,
  );
  const url = `http://127.0.0.1:${ready.port}`;
  const figures: Figure[] = [];
  let requests = 0;
  const logStart = fs.statSync(logFile).size;
  for (const route of routes) {
    if (route.method !== 'POST') {
      const sizes = [];
      for (const encoding of ['identity', 'gzip']) sizes.push(await answerSize(url, route, ready, encoding));
      console.log(`${route.name}: answer ${sizes.join(' / ')}`);
    }
    // Warm-up: JIT, the pool's connections, the caches.
    await load(url, route, ready, 10, 1);
    for (const connections of connectionCounts) {
      const cpuBefore = cpu();
      const r = await load(url, route, ready, connections, duration);
      const cpuAfter = cpu();
      requests += r.requests.total;
      const figure: Figure = {
        mode,
        route: route.name,
        connections,
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        non2xx: r.non2xx,
        errors: r.errors + r.timeouts,
        ...(cpuBefore !== undefined && cpuAfter !== undefined
          ? { cpuUsPerRequest: ((cpuAfter - cpuBefore) * 1000) / Math.max(1, r.requests.total) }
          : {}),
      };
      figures.push(figure);
      console.log(
        `${route.name.padEnd(16)} ${String(connections).padStart(5)} ${figure.rps.toFixed(0).padStart(8)} ` +
          `${figure.p50.toFixed(1).padStart(8)} ${figure.p99.toFixed(1).padStart(8)}  ${String(figure.non2xx).padStart(6)} ${String(figure.errors).padStart(6)}  ${figure.cpuUsPerRequest?.toFixed(0).padStart(16) ?? ''}`,
      );
    }
  }
  await stop();
  const logBytes = fs.statSync(logFile).size - logStart;
  console.log(`request log: ${(logBytes / Math.max(1, requests)).toFixed(0)} bytes per request (${logFile})`);
  return figures;
}

async function main(): Promise<void> {
  const duration = Number(arg('duration') ?? 5);
  const modes = (arg('modes') ?? 'pglite,postgres').split(',');
  const wanted = arg('routes')?.split(',');
  const routes = wanted ? ROUTES.filter((r) => wanted.some((w) => r.name.startsWith(w))) : ROUTES;
  const connectionCounts = (arg('connections') ?? '1,10,50').split(',').map(Number);
  const loadAverage = () =>
    os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ');
  console.log(
    `API load, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), node ${process.version}, ` +
      `${duration} s per run, load average before ${loadAverage()}`,
  );
  const figures: Figure[] = [];
  if (modes.includes('pglite'))
    figures.push(...(await benchMode('pglite', undefined, routes, connectionCounts, duration)));
  if (modes.includes('postgres')) {
    const url = await postgresUrl(
      process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sunfield_bench',
    );
    if (url) figures.push(...(await benchMode('postgres', url, routes, connectionCounts, duration)));
    else console.log('\npostgres: not reachable, skipped');
  }
  console.log(`\nload average after ${loadAverage()}`);
  const failed = figures.filter((f) => f.non2xx > 0 || f.errors > 0);
  if (failed.length) {
    process.exitCode = 1;
    console.log(
      `FAILED runs (non-2xx or errors): ${failed.map((f) => `${f.mode} ${f.route} ${f.connections}`).join(', ')}`,
    );
  }
  const out = arg('json');
  if (out)
    fs.writeFileSync(out, JSON.stringify({ at: new Date().toISOString(), duration, figures }, null, 2));
}

await main();
