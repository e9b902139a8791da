/**
 * Prediction-run benchmark (issue 13 "Must show"): `POST …/Run` to `processingStatus` 3 through the
 * HTTP app (Fastify inject) with `prediction.run` workers in the same process, as `sunfield serve`
 * runs them in embedded mode: on the embedded database (PGlite, in memory) and, when reachable, on
 * PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/sunfield_bench, created
 * when missing; its own database, so that no test's workers pick up its jobs nor it theirs).
 *
 * 1. A 100 MW plant (4 blocks × 8 TMEIC 3.1 MW inverters, 130 MWdc; one single-axis-tracker DC field
 *    per block, the four differing in ground coverage ratio so that the engine evaluates four) on the
 *    Greensboro TMY3 (hourly): the first run after the workers start (fresh run pool: its threads
 *    start, load the engine through tsx and compile it), then the median of N warm runs, each after a
 *    random pause of up to one poll interval, with the engine time alone (`prediction_runs.engine_ms`)
 *    and where the rest goes, from the run row's stamps: queue pick-up (queued_at → started_at), weather
 *    load and pool hand-off (started_at → start of storing, minus the engine), storing (→ completed_at:
 *    series, summary, end of the run) and seeing it (→ status 3 seen by the client, which polls
 *    `GET …/Prediction/{id}` every 100 ms; includes dropping older results and mirroring the status on
 *    the prediction). With the job poll interval at `--poll` (0.5 s), then again at `--poll-alt` (2 s,
 *    the default of `startWorkers` and so of `sunfield serve`); the workers restart for it (a new pool:
 *    its own first run). The weather load and the store of one run's series are also timed alone.
 * 2. `--users` users (each their own company, user, project, weather import, prediction and the same
 *    plant) each POST Run at once and poll every 100 ms: runs that end in success, runs lost (never
 *    ended, or ended otherwise), the time of the last one, the throughput, the worker's busy time
 *    (Σ started → completed) and the longest wait for a status answer. Then again with the bench
 *    publishing on the job wake channel each time a client sees its run end, which makes the worker
 *    fetch the next job at once instead of waiting out its poll interval: what a worker that wakes
 *    itself after each job would give (within the 100 ms of the status poll). At both poll intervals.
 * 3. One DC field (block 1 of the same plant, one 3.1 MWac inverter) on a 1-minute year, end to end
 *    (Run → 3), with the engine time. No 1-minute year of measurements is in shared/data (the SURFRAD
 *    file is one day), so the bench builds one from the Greensboro TMY3: each hourly value stands for
 *    the middle of its hour (TMY3 stamps end the hour) and the minutes between are linear interpolation
 *    (wind direction: the hour's value), written as an NSRDB PSM v3 CSV (2021, 525,600 records, stamps
 *    in UTC−5, 35 MB) and imported through Parse and FinalizeImport like any upload. Not physics (no
 *    sub-hourly variability), the right size and shape for timing.
 *
 * The pool has SUNFIELD_RUN_THREADS threads (default: CPUs − 1, at least 1) and the worker takes as
 * many jobs at once. Prints a table at the end; the machine's load average before and after (other
 * processes inflate the figures: the engine shares the CPUs).
 *
 *   npx tsx bench/src/predictionRun.ts [--runs 5] [--users 20] [--poll 0.5] [--poll-alt 2]
 *                                      [--no-minute] [--no-postgres] [--no-pglite]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import { ASSET_STATUS } from '@sunfield/domain';
import {
  findCecRecord,
  parseCecInverterLibrary,
  parseCecModuleLibrary,
} from '@sunfield/engine/library/cecCsv.ts';
import { parseTmy3 } from '@sunfield/engine/weather/tmy3.ts';
import { inverterFromCec, moduleFromCec } from '../../packages/server/src/commands/equipmentRecords.ts';
import type { Database } from '../../packages/server/src/db/index.ts';
import { predictionResultSeries, predictionRuns } from '../../packages/server/src/db/schema.ts';
import { startWorkers, type Workers } from '../../packages/server/src/jobs/index.ts';
import { insertEquipment } from '../../packages/server/src/models/equipment.ts';
import { STEP, storeSeries } from '../../packages/server/src/models/predictionRun.ts';
import { JOB_WAKE_CHANNEL } from '../../packages/server/src/jobs/queue.ts';
import { loadWeatherData } from '../../packages/server/src/models/weather.ts';
import { runThreadCount } from '../../packages/server/src/runs/pool.ts';
import { sharedDir } from '../../scripts/sharedDir.ts';
import { benchApp, benchUser, postgresUrl, type BenchUser } from './benchApp.ts';

type Json = Record<string, unknown>;

const DATA = path.join(sharedDir(), 'data');
const TMY3 = '723170TYA.CSV';
const MODULE = 'CSI Solar Co., Ltd. CS3U-400MS';
const INVERTER = 'TMEIC: PVH-L3200GR [600V]';
const STATUS_POLL_MS = 100;
const RUN_TIMEOUT_MS = 15 * 60_000;

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
const flag = (name: string): boolean => process.argv.includes(`--${name}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

// ---------------------------------------------------------------- inputs

/** The 1-minute year built from the hourly TMY3 (see the file comment), as an NSRDB PSM v3 CSV. */
export function minuteYearFromTmy3(text: string): string {
  const w = parseTmy3(text);
  const n = w.ghi.length;
  if (n !== 8760) throw new Error(`${TMY3}: ${n} records, 8760 expected`);
  const at = (a: Float64Array | undefined, i: number, fallback: number) => {
    const v = a?.[i];
    return v === undefined || !Number.isFinite(v) ? fallback : v;
  };
  const lines = [
    'Source,Location ID,City,State,Country,Latitude,Longitude,Time Zone,Elevation,Local Time Zone,Pressure Units,Version',
    'Interpolated TMY3 723170,723170,Greensboro,NC,United States,36.10,-79.95,-5,273,-5,mbar,v3.2.2',
    'Year,Month,Day,Hour,Minute,GHI,DNI,DHI,Temperature,Dew Point,Relative Humidity,Pressure,Wind Speed,Wind Direction,Surface Albedo',
  ];
  const start = Date.UTC(2021, 0, 1);
  for (let k = 0; k < n * 60; k++) {
    // The minute [k, k+1) has its middle at (k + 0.5) min; hour i's value stands for (i + 0.5) h.
    const x = Math.min(n - 1, Math.max(0, (k + 0.5) / 60 - 0.5));
    const i0 = Math.min(n - 2, Math.floor(x));
    const f = x - i0;
    const lerp = (a: Float64Array | undefined, fallback: number) =>
      (1 - f) * at(a, i0, fallback) + f * at(a, i0 + 1, fallback);
    const d = new Date(start + k * 60_000);
    const hour = Math.floor(k / 60);
    lines.push(
      `${d.getUTCFullYear()},${d.getUTCMonth() + 1},${d.getUTCDate()},${d.getUTCHours()},${d.getUTCMinutes()},` +
        `${lerp(w.ghi, 0).toFixed(1)},${lerp(w.dni, 0).toFixed(1)},${lerp(w.dhi, 0).toFixed(1)},` +
        `${lerp(w.tempAir, 15).toFixed(2)},${lerp(w.tempDew, 5).toFixed(2)},${lerp(w.relativeHumidity, 60).toFixed(1)},` +
        `${(lerp(w.pressure, 101_325) / 100).toFixed(1)},${lerp(w.windSpeed, 2).toFixed(2)},` +
        `${at(w.windDirection, hour, 180).toFixed(0)},${lerp(w.albedo, 0.2).toFixed(3)}`,
    );
  }
  return lines.join('\n') + '\n';
}

/** A single-axis tracker DC field: 22 × 400 W modules per string, 462 strings (4.07 MWdc). */
function dcField(moduleId: number, groundCoverageRatio: number): Json {
  return {
    name: 1,
    repeater: 1,
    moduleId,
    trackingType: 1,
    trackingBacktrackingType: 1,
    moduleOrientation: 1,
    modulesHigh: 1,
    modulesWiredInSeries: 22,
    numberOfSeriesStringsWiredInParallel: 462,
    groundCoverageRatio,
    moduleAzimuth: 180,
    minimumTrackingLimitAngleD: -60,
    maximumTrackingLimitAngleD: 60,
    nightTimeStowAngleD: 0,
    postHeight: 1.5,
  };
}

/**
 * The 100 MW plant: 4 blocks, each one array of 8 TMEIC 3.1 MW inverters (a repeater) with one DC
 * field; the blocks' DC fields differ in ground coverage ratio. `blocks: 1` keeps the first block
 * with one inverter (the 1-minute case).
 */
function plantBody(moduleId: number, inverterId: number, blocks = 4, invertersPerBlock = 8): Json {
  const gcr = [0.33, 0.36, 0.39, 0.42];
  return {
    blocks: Array.from({ length: blocks }, (_, b) => ({
      name: b + 1,
      repeater: 1,
      arrays: [
        {
          name: 1,
          repeater: 1,
          transformerEnabled: true,
          inverters: [
            {
              name: 'A',
              repeater: invertersPerBlock,
              inverterId,
              dcFields: [dcField(moduleId, gcr[b % gcr.length]!)],
            },
          ],
        },
      ],
    })),
    transformers: [{ rating: 110, highSideVoltage: 230, noLoadLoss: 0.1, fullLoadLoss: 0.4, ordinal: 1 }],
    transmissionLines: [{ length: 10, resistance: 0.05, numberOfConductorsPerPhase: 1, ordinal: 2 }],
    lgiaLimitation: 100,
    availabilityLoss: 0.5,
  };
}

function multipart(fileName: string, content: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----bench${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function ok(res: Promise<{ statusCode: number; body: string }>, what: string): Promise<Json> {
  const r = await res;
  if (r.statusCode !== 200) throw new Error(`${what}: ${r.statusCode} ${r.body.slice(0, 400)}`);
  return JSON.parse(r.body) as Json;
}

// ---------------------------------------------------------------- set-up

interface Runnable {
  user: BenchUser;
  projectId: number;
  predictionId: number;
}

/** Imports a weather file through Parse and FinalizeImport; its id. */
async function importWeather(app: FastifyInstance, user: BenchUser, name: string, content: Buffer) {
  const body = multipart(name, content);
  const parsed = await ok(
    app.inject({
      method: 'POST',
      url: '/api/Weather/Parse',
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    }),
    `Parse ${name}`,
  );
  const done = await ok(
    app.inject({
      method: 'POST',
      url: '/api/Weather/FinalizeImport',
      headers: user.headers,
      payload: { importId: parsed.importId },
    }),
    `FinalizeImport ${name}`,
  );
  return done.id as number;
}

/** A project at Greensboro with the weather imported, a prediction on it and the plant. */
async function runnable(
  app: FastifyInstance,
  user: BenchUser,
  weather: { name: string; content: Buffer },
  plant: Json,
): Promise<Runnable> {
  const project = await ok(
    app.inject({
      method: 'POST',
      url: '/api/Project',
      headers: user.headers,
      payload: {
        name: 'Greensboro',
        latitude: 36.1,
        longitude: -79.95,
        elevation: 273,
        standardOffsetFromUTC: -5,
      },
    }),
    'project',
  );
  const projectId = project.id as number;
  const weatherId = await importWeather(app, user, weather.name, weather.content);
  const prediction = await ok(
    app.inject({
      method: 'POST',
      url: `/api/Project/${projectId}/Prediction`,
      headers: user.headers,
      payload: { name: 'Bench 100 MW', weatherId },
    }),
    'prediction',
  );
  const predictionId = prediction.id as number;
  await ok(
    app.inject({
      method: 'POST',
      url: `/api/Project/${projectId}/Prediction/${predictionId}/PowerPlant`,
      headers: user.headers,
      payload: plant,
    }),
    'plant',
  );
  return { user, projectId, predictionId };
}

/** The prediction as `GET …/Prediction/{id}` answers it. */
function predictionOf(app: FastifyInstance, r: Runnable): Promise<Json> {
  return ok(
    app.inject({
      method: 'GET',
      url: `/api/Project/${r.projectId}/Prediction/${r.predictionId}`,
      headers: r.user.headers,
    }),
    'GET prediction',
  );
}

/** DC and AC size and the first year's energy, from ResultSummary. */
async function plantFacts(app: FastifyInstance, r: Runnable): Promise<string> {
  const summary = await ok(
    app.inject({
      method: 'GET',
      url: `/api/Project/${r.projectId}/Prediction/${r.predictionId}/ResultSummary`,
      headers: r.user.headers,
    }),
    'ResultSummary',
  );
  const year = (summary.years as Json[] | undefined)?.[0];
  const num = (v: unknown) => (typeof v === 'number' ? v : NaN);
  return (
    `DC ${num(summary.dcSize).toFixed(1)} MW, AC ${num(summary.acSize).toFixed(1)} MW, ` +
    `first year ${(num(year?.totalEnergy) / 1000).toFixed(0)} MWh`
  );
}

// ---------------------------------------------------------------- one run

interface RunTiming {
  runId: number;
  status: number;
  message: unknown;
  /** client: POST start → status seen [ms] */
  totalMs: number;
  /** client: the POST's answer [ms] */
  postMs: number;
  /** queued_at → started_at */
  pickupMs: number;
  /** started_at → heartbeat_at − engine: weather load, pool hand-off, output transfer */
  prepareMs: number;
  engineMs: number;
  /** heartbeat_at → completed_at: series, summary, end of the run */
  storeMs: number;
  /** completed_at → status 3 seen: older results dropped, status mirrored, 100 ms polling */
  seeMs: number;
  /** started_at → completed_at */
  workerMs: number;
  attempts: number;
  seenAt: number;
  /** the longest time between two status answers while the run went on [ms] (100 ms apart when the API is free) */
  longestGapMs: number;
}

/**
 * POST Run, then polls the prediction every 100 ms until it ends; the run's timings. Storing starts
 * when the worker writes step StoreResults, which also renews the heartbeat: `heartbeat_at` is that
 * moment unless a 5-s heartbeat landed while storing. That can happen on PostgreSQL only (on PGlite
 * the store holds the event loop, so no timer runs), so for a run of 4.5 s or more (`watchStep`) the
 * poll also reads the run's step and the first poll that sees StoreResults stands for it (± 100 ms).
 */
async function runOnce(
  app: FastifyInstance,
  database: Database,
  r: Runnable,
  watchStep = false,
): Promise<RunTiming> {
  const url = `/api/Project/${r.projectId}/Prediction/${r.predictionId}`;
  const t0 = Date.now();
  const posted = await ok(app.inject({ method: 'POST', url: `${url}/Run`, headers: r.user.headers }), 'Run');
  const postMs = Date.now() - t0;
  const runId = posted.id as number;
  let body: Json;
  let longestGapMs = 0;
  let lastAnswer = Date.now();
  let storeSeenAt = NaN;
  for (;;) {
    body = await ok(app.inject({ method: 'GET', url, headers: r.user.headers }), 'GET prediction');
    longestGapMs = Math.max(longestGapMs, Date.now() - lastAnswer);
    lastAnswer = Date.now();
    if (watchStep && Number.isNaN(storeSeenAt)) {
      const [step] = await database.db
        .select({ step: predictionRuns.processingStep, status: predictionRuns.status })
        .from(predictionRuns)
        .where(eq(predictionRuns.id, runId));
      if (step?.step === STEP.StoreResults && step.status === 2) storeSeenAt = Date.now();
    }
    if ([3, 4, 5].includes(body.processingStatus as number)) break;
    if (Date.now() - t0 > RUN_TIMEOUT_MS) break;
    await sleep(STATUS_POLL_MS);
  }
  const seenAt = Date.now();
  const [row] = await database.db
    .select({
      queuedAt: predictionRuns.queuedAt,
      startedAt: predictionRuns.startedAt,
      heartbeatAt: predictionRuns.heartbeatAt,
      completedAt: predictionRuns.completedAt,
      engineMs: predictionRuns.engineMs,
      attempts: predictionRuns.attempts,
      status: predictionRuns.status,
    })
    .from(predictionRuns)
    .where(eq(predictionRuns.id, runId));
  const ms = (d: Date | null | undefined) => d?.getTime() ?? NaN;
  const engineMs = row?.engineMs ?? NaN;
  const workerMs = ms(row?.completedAt) - ms(row?.startedAt);
  // On PGlite the store holds the event loop (no poll, no heartbeat runs meanwhile): heartbeat_at holds.
  const storeStart = workerMs >= 4500 && Number.isFinite(storeSeenAt) ? storeSeenAt : ms(row?.heartbeatAt);
  return {
    runId,
    status: [3, 4, 5].includes(body.processingStatus as number) ? (body.processingStatus as number) : -1,
    message: body.processingMessage,
    totalMs: seenAt - t0,
    postMs,
    pickupMs: ms(row?.startedAt) - ms(row?.queuedAt),
    prepareMs: storeStart - ms(row?.startedAt) - engineMs,
    engineMs,
    storeMs: ms(row?.completedAt) - storeStart,
    seeMs: seenAt - ms(row?.completedAt),
    workerMs,
    attempts: row?.attempts ?? 0,
    seenAt,
    longestGapMs,
  };
}

/** The run's stored series, stored again the way the worker stores them [ms], and their bytes. */
async function restoreSeries(database: Database, runId: number): Promise<{ ms: number; bytes: number }> {
  const rows = await database.db
    .select({
      node: predictionResultSeries.node,
      name: predictionResultSeries.name,
      values: predictionResultSeries.values,
    })
    .from(predictionResultSeries)
    .where(eq(predictionResultSeries.runId, runId))
    .orderBy(predictionResultSeries.node, predictionResultSeries.ordinal);
  const columns = rows.map((c) => {
    const bytes = c.values as unknown as Uint8Array;
    const copy = new Uint8Array(bytes.byteLength);
    copy.set(bytes);
    return { node: c.node, name: c.name, values: new Float64Array(copy.buffer) };
  });
  const t0 = performance.now();
  await storeSeries(database.db, runId, columns);
  return { ms: performance.now() - t0, bytes: columns.reduce((s, c) => s + c.values.byteLength, 0) };
}

/** Reading the weather as a run does [ms]. */
async function weatherLoadMs(database: Database, weatherId: number): Promise<number> {
  const t0 = performance.now();
  await loadWeatherData(database.db, weatherId);
  return performance.now() - t0;
}

// ---------------------------------------------------------------- the cases

interface Concurrent {
  users: number;
  success: number;
  lost: number;
  retried: number;
  firstMs: number;
  medianMs: number;
  lastMs: number;
  perMinute: number;
  engineSumMs: number;
  storeSumMs: number;
  workerSumMs: number;
  pickupMaxMs: number;
  longestGapMs: number;
}

/**
 * Every user POSTs Run at once and polls. `wake`: each time a client sees its run end, the bench
 * publishes on the job wake channel, so the worker fetches the next job at once instead of waiting out
 * its poll interval (what a worker that wakes itself after a job would do, give or take the 100 ms poll).
 */
async function concurrent(
  app: FastifyInstance,
  database: Database,
  all: Runnable[],
  wake: boolean,
): Promise<Concurrent> {
  const t0 = Date.now();
  const results = await Promise.all(
    all.map(async (r) => {
      try {
        const t = await runOnce(app, database, r);
        if (wake) await database.pubsub.publish(JOB_WAKE_CHANNEL, 'prediction.run');
        return t;
      } catch (error) {
        console.log(`  run of prediction ${r.predictionId} failed: ${String(error)}`);
        return undefined;
      }
    }),
  );
  const done = results.filter((t): t is RunTiming => t?.status === 3);
  const ended = done.map((t) => t.seenAt - t0);
  const runIds = results.flatMap((t) => (t ? [t.runId] : []));
  const stored = runIds.length
    ? await database.db
        .select({ status: predictionRuns.status })
        .from(predictionRuns)
        .where(inArray(predictionRuns.id, runIds))
    : [];
  const successInDb = stored.filter((s) => s.status === 3).length;
  if (successInDb !== done.length)
    console.log(`  (the database counts ${successInDb} successful runs, the clients ${done.length})`);
  const lastMs = Math.max(...ended);
  return {
    users: all.length,
    success: done.length,
    lost: all.length - done.length,
    retried: done.filter((t) => t.attempts > 1).length,
    firstMs: Math.min(...ended),
    medianMs: median(ended),
    lastMs,
    perMinute: (done.length / lastMs) * 60_000,
    engineSumMs: done.reduce((s, t) => s + t.engineMs, 0),
    storeSumMs: done.reduce((s, t) => s + t.storeMs, 0),
    workerSumMs: done.reduce((s, t) => s + t.workerMs, 0),
    pickupMaxMs: Math.max(...done.map((t) => t.pickupMs)),
    longestGapMs: Math.max(...done.map((t) => t.longestGapMs)),
  };
}

interface PhaseResult {
  poll: number;
  first?: RunTiming;
  warm: RunTiming[];
  concurrent?: Concurrent;
  concurrentWake?: Concurrent;
}

interface DbResult {
  kind: string;
  phases: PhaseResult[];
  weatherMs: number;
  restore: { ms: number; bytes: number };
  minute?: RunTiming & { importMs: number; weatherMs: number; restore: { ms: number; bytes: number } };
}

const fmtRun = (t: RunTiming) =>
  `total ${t.totalMs.toFixed(0)} ms = POST ${t.postMs} + pick-up ${t.pickupMs.toFixed(0)} + weather/pool ` +
  `${t.prepareMs.toFixed(0)} + engine ${t.engineMs.toFixed(0)} + store ${t.storeMs.toFixed(0)} + seen ${t.seeMs.toFixed(0)} ` +
  `(status ${t.status}${t.attempts > 1 ? `, ${t.attempts} attempts` : ''}; longest wait for a status answer ${t.longestGapMs} ms)`;

async function benchDatabase(kind: string, url: string | undefined, options: Options): Promise<DbResult> {
  console.log(
    `\n${kind}: setting up ${options.users} users (each a project, TMY3 import, prediction, plant)`,
  );
  const bench = await benchApp('Runs', url);
  const { app, database } = bench;
  const db = database.db;
  const moduleRecord = moduleFromCec(
    findCecRecord(
      parseCecModuleLibrary(
        fs.readFileSync(path.join(DATA, 'sam-library-cec-modules-2021-12-01.csv'), 'utf8'),
        'sam-library-cec-modules-2021-12-01.csv',
      ),
      MODULE,
    ),
  );
  const inverterRecord = inverterFromCec(
    findCecRecord(
      parseCecInverterLibrary(
        fs.readFileSync(path.join(DATA, 'sam-library-cec-inverters-2019-03-05.csv'), 'utf8'),
        'sam-library-cec-inverters-2019-03-05.csv',
      ),
      INVERTER,
    ),
  );
  const global = { companyId: null, ownerId: null, status: ASSET_STATUS.Global, source: 'bench' };
  const moduleId = await insertEquipment(db, 'module', {
    ...global,
    name: MODULE,
    manufacturer: moduleRecord.manufacturer as string,
    model: null,
    data: { name: MODULE, ...moduleRecord },
  });
  const inverterId = await insertEquipment(db, 'inverter', {
    ...global,
    name: INVERTER,
    manufacturer: 'TMEIC',
    model: null,
    data: { name: INVERTER, ...inverterRecord },
  });
  const tmy3 = { name: TMY3, content: fs.readFileSync(path.join(DATA, TMY3)) };
  const plant = plantBody(moduleId, inverterId);
  const users: Runnable[] = [];
  for (let u = 0; u < Math.max(1, options.users); u++)
    users.push(await runnable(app, await benchUser(app, database, `Runs ${u + 1}`), tmy3, plant));
  const single = users[0]!;
  const weatherId = (await predictionOf(app, single)).weatherId as number;
  if (kind === 'postgres') {
    // Jobs left queued by an interrupted earlier run of the bench would be picked up first.
    const boss = await app.services.queue!.start();
    await boss.deleteQueuedJobs('prediction.run');
  }

  const phases: PhaseResult[] = [];
  let restore = { ms: NaN, bytes: 0 };
  let weatherMs = NaN;
  let minute: DbResult['minute'];
  const polls = [options.poll, ...(options.pollAlt > 0 ? [options.pollAlt] : [])];
  for (const [p, poll] of polls.entries()) {
    const workers: Workers = await startWorkers(
      database,
      { info: () => {} },
      { names: ['prediction.run'], pollingIntervalSeconds: poll },
    );
    const phase: PhaseResult = { poll, warm: [] };
    phases.push(phase);
    try {
      const first = await runOnce(app, database, single);
      console.log(`  poll ${poll} s, first run after start (pool cold): ${fmtRun(first)}`);
      if (p === 0) {
        phase.first = first;
        console.log(`  the plant: ${await plantFacts(app, single)}`);
      }
      for (let i = 0; i < options.runs; i++) {
        await sleep(Math.random() * poll * 1000);
        const t = await runOnce(app, database, single);
        phase.warm.push(t);
        console.log(`  poll ${poll} s, warm run ${i + 1}: ${fmtRun(t)}`);
      }
      if (p === 0) {
        const loads: number[] = [];
        for (let i = 0; i < 3; i++) loads.push(await weatherLoadMs(database, weatherId));
        weatherMs = median(loads);
        restore = await restoreSeries(database, phase.warm.at(-1)!.runId);
        console.log(
          `  weather load alone ${weatherMs.toFixed(0)} ms; the series of one run stored again ${restore.ms.toFixed(0)} ms ` +
            `(${(restore.bytes / 1e6).toFixed(1)} MB)`,
        );
      }
      for (const wake of options.users > 1 ? [false, true] : []) {
        await sleep(Math.random() * poll * 1000);
        const c = await concurrent(app, database, users, wake);
        if (wake) phase.concurrentWake = c;
        else phase.concurrent = c;
        console.log(
          `  poll ${poll} s, ${c.users} users at once${wake ? ', woken after each job' : ''}: ${c.success} succeeded, ` +
            `${c.lost} lost, ${c.retried} retried; first ${c.firstMs} ms, median ${c.medianMs.toFixed(0)} ms, last ${c.lastMs} ms; ` +
            `${c.perMinute.toFixed(1)} runs/min; Σ worker ${c.workerSumMs.toFixed(0)} ms (Σ engine ${c.engineSumMs.toFixed(0)} ms, ` +
            `Σ store ${c.storeSumMs.toFixed(0)} ms), longest pick-up ${c.pickupMaxMs.toFixed(0)} ms, longest wait for a status answer ${c.longestGapMs} ms`,
        );
      }
      if (p === 0 && options.minute) {
        console.log('  building the 1-minute year from the TMY3 and importing it …');
        const csv = Buffer.from(minuteYearFromTmy3(tmy3.content.toString('latin1')));
        const t0 = performance.now();
        const minuteRun = await runnable(
          app,
          single.user,
          { name: 'greensboro-1min-interpolated.csv', content: csv },
          plantBody(moduleId, inverterId, 1, 1),
        );
        const importMs = performance.now() - t0;
        const t = await runOnce(app, database, minuteRun, true);
        const mw = await weatherLoadMs(database, (await predictionOf(app, minuteRun)).weatherId as number);
        const mr = await restoreSeries(database, t.runId);
        minute = { ...t, importMs, weatherMs: mw, restore: mr };
        console.log(
          `  1-minute year (${(csv.length / 1e6).toFixed(1)} MB CSV, set-up with import ${importMs.toFixed(0)} ms), one DC field: ${fmtRun(t)}; ` +
            `weather load alone ${mw.toFixed(0)} ms; series stored again ${mr.ms.toFixed(0)} ms (${(mr.bytes / 1e6).toFixed(1)} MB)`,
        );
      }
    } finally {
      await workers.stop();
    }
  }
  await bench.close();
  return { kind, phases, weatherMs, restore, minute };
}

// ---------------------------------------------------------------- table

interface Options {
  runs: number;
  users: number;
  poll: number;
  pollAlt: number;
  minute: boolean;
}

function table(results: DbResult[], options: Options): void {
  const s = (v: number | undefined) => (v === undefined || !Number.isFinite(v) ? '–' : (v / 1000).toFixed(2));
  const rows: [string, ...((r: DbResult) => string)[]][] = [];
  const phase = (r: DbResult, poll: number) => r.phases.find((p) => p.poll === poll);
  const warmMedian = (r: DbResult, poll: number, key: keyof RunTiming) => {
    const w = phase(r, poll)?.warm ?? [];
    return w.length ? median(w.map((t) => t[key] as number)) : NaN;
  };
  const range = (r: DbResult, poll: number) => {
    const w = (phase(r, poll)?.warm ?? []).map((t) => t.totalMs);
    return w.length ? `${s(Math.min(...w))}–${s(Math.max(...w))}` : '–';
  };
  const p = options.poll;
  const q = options.pollAlt;
  rows.push([`100 MW, 4 DC fields, hourly; job poll ${p} s [s]`]);
  rows.push(['  first run after start (pool cold): Run → 3', (r) => s(phase(r, p)?.first?.totalMs)]);
  rows.push(['    of which engine (engine_ms)', (r) => s(phase(r, p)?.first?.engineMs)]);
  rows.push(['    of which weather load + pool start/hand-off', (r) => s(phase(r, p)?.first?.prepareMs)]);
  rows.push([`  warm, median of ${options.runs}: Run → 3`, (r) => s(warmMedian(r, p, 'totalMs'))]);
  rows.push(['    range', (r) => range(r, p)]);
  rows.push(['    POST …/Run answer', (r) => s(warmMedian(r, p, 'postMs'))]);
  rows.push(['    queue pick-up (queued → started)', (r) => s(warmMedian(r, p, 'pickupMs'))]);
  rows.push(['    weather load + pool hand-off', (r) => s(warmMedian(r, p, 'prepareMs'))]);
  rows.push(['      weather load alone', (r) => s(r.weatherMs)]);
  rows.push(['    engine alone (engine_ms)', (r) => s(warmMedian(r, p, 'engineMs'))]);
  rows.push(['    storing (series, summary, end)', (r) => s(warmMedian(r, p, 'storeMs'))]);
  rows.push([
    '      series alone, stored again',
    (r) => `${s(r.restore.ms)} (${(r.restore.bytes / 1e6).toFixed(1)} MB)`,
  ]);
  rows.push(['    status 3 seen (mirror + 100 ms polling)', (r) => s(warmMedian(r, p, 'seeMs'))]);
  if (q > 0) {
    rows.push([
      `  warm, median of ${options.runs}, job poll ${q} s: Run → 3`,
      (r) => s(warmMedian(r, q, 'totalMs')),
    ]);
    rows.push(['    range', (r) => range(r, q)]);
    rows.push(['    queue pick-up', (r) => s(warmMedian(r, q, 'pickupMs'))]);
  }
  for (const poll of [p, ...(q > 0 ? [q] : [])]) {
    if (options.users <= 1) break;
    const c = (r: DbResult) => phase(r, poll)?.concurrent;
    const cw = (r: DbResult) => phase(r, poll)?.concurrentWake;
    rows.push([`${options.users} users at once, job poll ${poll} s`]);
    rows.push(['  succeeded / lost', (r) => (c(r) ? `${c(r)!.success} / ${c(r)!.lost}` : '–')]);
    rows.push(['  first done [s]', (r) => s(c(r)?.firstMs)]);
    rows.push(['  last done [s]', (r) => s(c(r)?.lastMs)]);
    rows.push(['  throughput [runs/min]', (r) => (c(r) ? c(r)!.perMinute.toFixed(1) : '–')]);
    rows.push(['  Σ worker busy (started → completed) [s]', (r) => s(c(r)?.workerSumMs)]);
    rows.push(['    Σ engine_ms [s]', (r) => s(c(r)?.engineSumMs)]);
    rows.push(['    Σ storing [s]', (r) => s(c(r)?.storeSumMs)]);
    rows.push(['  longest wait for a status answer [s]', (r) => s(c(r)?.longestGapMs)]);
    rows.push([
      '  woken after each job: succeeded / lost',
      (r) => (cw(r) ? `${cw(r)!.success} / ${cw(r)!.lost}` : '–'),
    ]);
    rows.push(['    last done [s]', (r) => s(cw(r)?.lastMs)]);
    rows.push(['    throughput [runs/min]', (r) => (cw(r) ? cw(r)!.perMinute.toFixed(1) : '–')]);
  }
  if (options.minute) {
    const m = (r: DbResult) => r.minute;
    rows.push([`1-minute year, one DC field (3.1 MWac), job poll ${p} s [s]`]);
    rows.push(['  Run → 3', (r) => s(m(r)?.totalMs)]);
    rows.push(['  engine alone (engine_ms)', (r) => s(m(r)?.engineMs)]);
    rows.push(['  queue pick-up', (r) => s(m(r)?.pickupMs)]);
    rows.push(['  weather load + pool hand-off', (r) => s(m(r)?.prepareMs)]);
    rows.push(['    weather load alone', (r) => s(m(r)?.weatherMs)]);
    rows.push(['  storing (series, summary, end)', (r) => s(m(r)?.storeMs)]);
    rows.push([
      '    series alone, stored again',
      (r) => (m(r) ? `${s(m(r)!.restore.ms)} (${(m(r)!.restore.bytes / 1e6).toFixed(0)} MB)` : '–'),
    ]);
    rows.push(['  status 3 seen', (r) => s(m(r)?.seeMs)]);
    rows.push(['  longest wait for a status answer', (r) => s(m(r)?.longestGapMs)]);
    rows.push(['  (before: import of the CSV + set-up)', (r) => s(m(r)?.importMs)]);
  }
  const w = 52;
  console.log(`\n${''.padEnd(w)} | ${results.map((r) => r.kind.padEnd(14)).join(' | ')}`);
  console.log('-'.repeat(w + 17 * results.length));
  for (const [label, ...cells] of rows) {
    const fns = cells.length ? results.map((r) => cells[0]!(r).padEnd(14)) : [];
    console.log(`${label.padEnd(w)}${fns.length ? ` | ${fns.join(' | ')}` : ''}`);
  }
}

async function main(): Promise<void> {
  const options: Options = {
    runs: arg('runs', 5),
    users: arg('users', 20),
    poll: arg('poll', 0.5),
    pollAlt: arg('poll-alt', 2),
    minute: !flag('no-minute'),
  };
  console.log(
    `prediction runs, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), node ${process.version}, ` +
      `run pool ${runThreadCount()} thread(s), load ${load()}`,
  );
  const results: DbResult[] = [];
  if (!flag('no-pglite')) results.push(await benchDatabase('pglite', undefined, options));
  if (!flag('no-postgres')) {
    const url = await postgresUrl(
      process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sunfield_bench',
    );
    if (url) results.push(await benchDatabase('postgres', url, options));
    else console.log('\npostgres: not reachable, skipped');
  }
  table(results, options);
  console.log(`\nload average after: ${load()}`);
}

await main();
