/**
 * Whole-plant benchmark (issue 4): `simulate` end to end on the Greensboro TMY3 year.
 *
 * 1. One hourly year of a 100 MWac plant with four distinct DC fields, array (MV) transformers, a plant
 *    transformer and a line (target ≤ 20 ms on one core): (a) one tracker layout with two module bins ×
 *    two string counts (the four DC fields share their optics), (b) four different mountings (fixed
 *    20° and 30°, trackers at two ground coverage ratios: four optics chains).
 * 2. One 1-minute year of one DC field (target ≤ 1 s): no 1-minute weather year exists in
 *    ../shared/data, so one is synthesised from the hourly file: every column is interpolated linearly
 *    in time between the hourly values placed at the middle of their hours (held before the first and
 *    after the last), stamped at the end of each minute. The chain zeroes the irradiance whenever the sun
 *    is below the horizon, so the interpolated light before sunrise and after sunset does no harm.
 * 3. A batch of 100 variations of plant (a) (ground coverage ratio × DC/AC ratio × module bin) spread
 *    over worker threads (one per available core), against the same batch on this thread.
 *
 * Figures: wall time; "simulation" = the `simulate` call alone (case resolution, optics, DC fields,
 * inverters, AC side, loss tree and summary), after loading the weather and the CEC lists. Medians
 * over runs after warm-up; the load average shows how busy the machine was. V8 collects garbage on
 * helper threads as well, so the CPU time of a run can exceed its wall time; the hourly plants are
 * therefore also timed "on one core": in a child process with `--single-threaded-gc`, where the
 * collector runs on the main thread too and nothing else of the simulation runs in parallel.
 *
 *   node --import tsx bench/src/plant.ts [--runs 15] [--batch 100]
 *   node --single-threaded-gc --import tsx bench/src/plant.ts --plants-only   # one JSON line
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import {
  cecInverterRecord,
  cecModuleRecord,
  findCecRecord,
  parseCecInverterLibrary,
  parseCecModuleLibrary,
  parseWeather,
  simulate,
  type WeatherData,
} from '@sunfield/engine';
import { sharedDir } from '../../scripts/sharedDir.ts';

/** tsx's registration API, resolved from here (the worker's eval code has no package context). */
const TSX_API = import.meta.resolve('tsx/esm/api');
const DATA = path.join(sharedDir(), 'data');

type Json = Record<string, unknown>;

/** The equipment records, resolved once from the CEC lists (then inline in every case). */
export interface Equipment {
  moduleA: Json;
  moduleB: Json;
  central: Json;
  string: Json;
}

export function loadEquipment(): Equipment {
  const modules = parseCecModuleLibrary(
    fs.readFileSync(path.join(DATA, 'sam-library-cec-modules-2021-12-01.csv'), 'utf8'),
  );
  const inverters = parseCecInverterLibrary(
    fs.readFileSync(path.join(DATA, 'sam-library-cec-inverters-2019-03-05.csv'), 'utf8'),
  );
  return {
    moduleA: cecModuleRecord(findCecRecord(modules, 'CSI Solar Co., Ltd. CS3U-400MS')),
    moduleB: cecModuleRecord(findCecRecord(modules, 'CSI Solar Co., Ltd. CS3U-410MS')),
    central: cecInverterRecord(findCecRecord(inverters, 'Power Electronics: FS2150CU15 [645V]')),
    string: cecInverterRecord(findCecRecord(inverters, 'SMA America: SB7.7-1SP-US-40 [240V]')),
  };
}

const PREDICTION = {
  transpositionModel: 1,
  diffuseDirectDecompModel: 3,
  airMassModel: 1,
  modTempModel: 0,
  incAngleModel: 3,
  spectralShiftModel: 2,
  soilingModel: 0,
  directBeamShadingModel: 0,
  diffuseShadingModel: 1,
  monthlyFactors: Array.from({ length: 12 }, (_, m) => ({
    month: m + 1,
    albedo: 0.2,
    soilingLoss: m < 3 || m > 9 ? 1.5 : 2.5,
  })),
};

/** A DC field of 27-module strings (1.08 MV at STC for the 1500 V central inverter). */
function dcField(module: Json, strings: number, mounting: Json): Json {
  return {
    module,
    modulesWiredInSeries: 27,
    numberOfSeriesStringsWiredInParallel: strings,
    collectorBandwidth: 2.1,
    ...mounting,
  };
}

const TRACKER = (gcr: number): Json => ({
  trackingType: 1,
  trackingBacktrackingType: 1,
  groundCoverageRatio: gcr,
});
const FIXED = (tilt: number): Json => ({ trackingType: 0, moduleTilt: tilt, groundCoverageRatio: 0.45 });

/**
 * The 100 MWac plant: 2 blocks × an array repeated 10 times × 2 central inverters (2.56 MWac each,
 * 40 in all), each inverter with one DC field; MV transformers matched to the inverters, a 110 MVA
 * plant transformer to 138 kV and a 10 km line.
 * @param eq equipment records; @param fields the four DC fields (block 1: 0, 1; block 2: 2, 3)
 */
export function plantCase(
  eq: Equipment,
  fields: [Json, Json, Json, Json],
  prediction: Json = PREDICTION,
): Json {
  const inverter = (dc: Json) => ({ inverter: eq.central, dcFields: [dc] });
  const array = (a: Json, b: Json) => ({ repeater: 10, inverters: [inverter(a), inverter(b)] });
  return {
    project: { name: 'Bench 100 MW', latitude: 36.1, longitude: -79.95, elevation: 273, timeZone: -5 },
    prediction,
    powerPlant: {
      blocks: [{ arrays: [array(fields[0], fields[1])] }, { arrays: [array(fields[2], fields[3])] }],
      transformers: [{ rating: 110, highSideVoltage: 138, noLoadLoss: 0.1, fullLoadLoss: 0.4, ordinal: 1 }],
      transmissionLines: [{ length: 10, numberOfConductorsPerPhase: 1, ordinal: 2 }],
      availabilityLoss: 0.5,
    },
  };
}

/** Plant (a): one tracker layout, two module bins × two string counts. */
export function plantA(eq: Equipment, gcr = 0.35, strings: [number, number] = [290, 320]): Json {
  const t = TRACKER(gcr);
  return plantCase(eq, [
    dcField(eq.moduleA, strings[0], t),
    dcField(eq.moduleA, strings[1], t),
    dcField(eq.moduleB, strings[0], t),
    dcField(eq.moduleB, strings[1], t),
  ]);
}

/** Plant (b): four mountings. */
export function plantB(eq: Equipment): Json {
  return plantCase(eq, [
    dcField(eq.moduleA, 300, FIXED(20)),
    dcField(eq.moduleA, 300, FIXED(30)),
    dcField(eq.moduleA, 300, TRACKER(0.3)),
    dcField(eq.moduleA, 300, TRACKER(0.4)),
  ]);
}

/** One DC field on one string inverter (the reference tracker system with the product's losses). */
export function oneField(eq: Equipment): Json {
  return {
    project: { latitude: 36.1, longitude: -79.95, elevation: 273, timeZone: -5 },
    prediction: PREDICTION,
    powerPlant: {
      blocks: [
        {
          arrays: [
            {
              inverters: [
                {
                  inverter: eq.string,
                  dcFields: [{ ...dcField(eq.moduleA, 3, TRACKER(0.35)), modulesWiredInSeries: 8 }],
                },
              ],
            },
          ],
        },
      ],
    },
  };
}

/** A 1-minute year from an hourly one (see the module comment). */
export function minuteYear(w: WeatherData): WeatherData {
  const hours = w.time.length;
  const stepH = w.meta.intervalMinutes * 60_000;
  const n = hours * w.meta.intervalMinutes;
  const start = w.time[0]! - stepH;
  const time = new Float64Array(n);
  for (let k = 0; k < n; k++) time[k] = start + (k + 1) * 60_000;
  const interp = (src: Float64Array): Float64Array => {
    const out = new Float64Array(n);
    for (let k = 0; k < n; k++) {
      const x = (k + 0.5) / w.meta.intervalMinutes - 0.5; // position in hours from the first hour's middle
      const j = Math.min(Math.max(Math.floor(x), 0), hours - 1);
      const f = x - j;
      const a = src[j]!;
      const b = src[Math.min(j + 1, hours - 1)]!;
      out[k] = x <= 0 ? a : a + (b - a) * f;
    }
    return out;
  };
  const out: Json = { ...w, meta: { ...w.meta, intervalMinutes: 1, rowCount: n }, time, warnings: [] };
  for (const [k, v] of Object.entries(w)) if (v instanceof Float64Array && k !== 'time') out[k] = interp(v);
  return out as unknown as WeatherData;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Median wall and CPU time of `f` over `runs` runs after `warm` runs [ms]. */
function time(f: () => unknown, runs: number, warm: number): { wall: number; cpu: number; first: number } {
  const t0 = performance.now();
  f();
  const first = performance.now() - t0;
  for (let k = 1; k < warm; k++) f();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let k = 0; k < runs; k++) {
    const c = process.cpuUsage();
    const t = performance.now();
    f();
    wall.push(performance.now() - t);
    const d = process.cpuUsage(c);
    cpu.push((d.user + d.system) / 1000);
  }
  return { wall: median(wall), cpu: median(cpu), first };
}

/** The batch's variations: ground coverage ratio × strings (DC/AC ratio). */
function variations(count: number): { gcr: number; strings: [number, number] }[] {
  return Array.from({ length: count }, (_, i) => ({
    gcr: 0.28 + 0.02 * (i % 10),
    strings: [260 + 10 * Math.floor(i / 10), 300 + 10 * Math.floor(i / 10)] as [number, number],
  }));
}

/** Runs a share of the batch: the AC energy of each variation [Wh] and the time it took [ms]. */
function runShare(eq: Equipment, w: WeatherData, items: { gcr: number; strings: [number, number] }[]) {
  const t = performance.now();
  const energies = items.map((v) => simulate(plantA(eq, v.gcr, v.strings), w).years[0]!.acEnergy);
  return { energies, ms: performance.now() - t };
}

async function batch(eq: Equipment, w: WeatherData, count: number) {
  const items = variations(count);
  const threads = Math.max(1, Math.min(os.availableParallelism(), count));
  const t0 = performance.now();
  const shares = Array.from({ length: threads }, (_, k) => items.filter((_, i) => i % threads === k));
  const results = await Promise.all(
    shares.map(
      (share) =>
        new Promise<{ energies: number[]; ms: number }>((resolve, reject) => {
          // The worker runs this file through tsx, registered first (workers do not inherit --import).
          const boot = `import(${JSON.stringify(TSX_API)}).then((m) => { m.register(); return import(${JSON.stringify(import.meta.url)}); })`;
          const worker = new Worker(boot, {
            eval: true,
            workerData: { kind: 'plant-batch', eq, weather: w, items: share },
          });
          worker.once('message', resolve);
          worker.once('error', reject);
        }),
    ),
  );
  const parallel = performance.now() - t0;
  const serial = runShare(eq, w, items);
  // The workers computed the same variations (shares in round-robin order).
  const same = shares.every((share, k) =>
    share.every((v, j) => results[k]!.energies[j] === serial.energies[items.indexOf(v)]),
  );
  return {
    threads,
    parallel,
    compute: Math.max(...results.map((r) => r.ms)),
    single: serial.ms,
    count,
    same,
    min: Math.min(...serial.energies),
    max: Math.max(...serial.energies),
  };
}

/** The hourly plant cases. */
function plants(eq: Equipment): (readonly [string, Json])[] {
  return [
    ['100 MWac plant (a): tracker, 4 distinct DC fields sharing their optics', plantA(eq)],
    ['100 MWac plant (b): 4 distinct DC fields on 4 mountings (4 optics chains)', plantB(eq)],
  ];
}

/**
 * The hourly plants timed in a child process with `--single-threaded-gc` (see the module comment):
 * median wall and CPU time per plant [ms], or undefined when the child fails.
 */
function oneCore(runs: number): { wall: number; cpu: number }[] | undefined {
  const r = spawnSync(
    process.execPath,
    [
      '--single-threaded-gc',
      '--import',
      'tsx',
      import.meta.filename,
      '--plants-only',
      '--runs',
      String(runs),
    ],
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  if (r.status !== 0) {
    console.log(`  (one-core child failed: ${r.stderr.trim().split('\n').at(-1)})`);
    return undefined;
  }
  return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as { wall: number; cpu: number }[];
}

async function main(): Promise<void> {
  const arg = (name: string, dflt: number) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? Number(process.argv[i + 1]) : dflt;
  };
  const runs = arg('runs', 15);
  const batchSize = arg('batch', 100);
  if (process.argv.includes('--plants-only')) {
    const w = parseWeather(fs.readFileSync(path.join(DATA, '723170TYA.CSV'), 'utf8'));
    const eq = loadEquipment();
    const out = plants(eq).map(([, c]) => time(() => simulate(c, w), runs, 20));
    console.log(JSON.stringify(out.map((t) => ({ wall: t.wall, cpu: t.cpu }))));
    return;
  }
  const load = () =>
    os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ');
  console.log(
    `Whole-plant benchmark — node ${process.version}, ${os.availableParallelism()} cores, load ${load()}`,
  );
  const t0 = performance.now();
  const w = parseWeather(fs.readFileSync(path.join(DATA, '723170TYA.CSV'), 'utf8'));
  const t1 = performance.now();
  const eq = loadEquipment();
  console.log(
    `load: TMY3 parse ${(t1 - t0).toFixed(0)} ms, CEC lists ${(performance.now() - t1).toFixed(0)} ms (not in the figures below)\n`,
  );
  const single = oneCore(runs);
  for (const [k, [label, c]] of plants(eq).entries()) {
    const r = simulate(c, w);
    const t = time(() => simulate(c, w), runs, 20);
    const y = r.years[0]!;
    console.log(label);
    console.log(
      `  ${(r.case.plant.dcCapacity / 1e6).toFixed(1)} MWp / ${(r.case.plant.acCapacity / 1e6).toFixed(1)} MWac, ` +
        `${r.dcFields.length} distinct DC fields (${r.dcFields.reduce((s, d) => s + d.instances, 0)} in all), ` +
        `AC ${(y.acEnergy / 1e9).toFixed(2)} GWh/yr, PR ${y.summary.summaryFactors[0]!.performanceRatio.toFixed(1)} %`,
    );
    console.log(
      `  hourly year (8,760 steps): median ${t.wall.toFixed(1)} ms wall, ${t.cpu.toFixed(1)} ms CPU ` +
        `(first call ${t.first.toFixed(0)} ms; target ≤ 20 ms)`,
    );
    const o = single?.[k];
    if (o)
      console.log(
        `  on one core (child process, --single-threaded-gc): median ${o.wall.toFixed(1)} ms wall, ${o.cpu.toFixed(1)} ms CPU`,
      );
  }
  const m = minuteYear(w);
  const one = oneField(eq);
  const rm = simulate(one, m);
  const tm = time(() => simulate(one, m), Math.max(3, Math.floor(runs / 3)), 3);
  console.log('\nOne DC field, 1-minute year (525,600 steps, synthesised from the hourly TMY3)');
  console.log(
    `  median ${tm.wall.toFixed(0)} ms wall, ${tm.cpu.toFixed(0)} ms CPU (first call ${tm.first.toFixed(0)} ms; target ≤ 1 s); ` +
      `AC ${(rm.years[0]!.acEnergy / 1000).toFixed(1)} kWh vs hourly ${(simulate(one, w).years[0]!.acEnergy / 1000).toFixed(1)} kWh`,
  );
  if (batchSize <= 0) {
    console.log(`\nload after: ${load()}`);
    return;
  }
  const b = await batch(eq, w, batchSize);
  console.log(`\nBatch of ${b.count} variations of plant (a) (GCR 0.28–0.46 × DC/AC ratio), hourly year`);
  console.log(
    `  ${b.threads} worker threads: ${(b.parallel / 1000).toFixed(2)} s wall with start-up (each worker compiles the ` +
      `engine through tsx and warms up on 3 runs), ${(b.compute / 1000).toFixed(2)} s computing once warm (${(b.count / (b.compute / 1000)).toFixed(1)} simulations/s)`,
  );
  console.log(
    `  this thread alone: ${(b.single / 1000).toFixed(2)} s (${(b.single / b.count).toFixed(1)} ms each); speed-up of the ` +
      `computation ${(b.single / b.compute).toFixed(2)}× on ${b.threads} threads; results identical: ${b.same}; ` +
      `AC ${(b.min / 1e9).toFixed(2)}–${(b.max / 1e9).toFixed(2)} GWh/yr`,
  );
  console.log(`\nload after: ${load()}`);
}

if (!isMainThread && (workerData as { kind?: string } | null)?.kind === 'plant-batch') {
  const d = workerData as {
    eq: Equipment;
    weather: WeatherData;
    items: { gcr: number; strings: [number, number] }[];
  };
  // Warm the worker's JIT first, as the single-thread figure is (a simulation server keeps its workers).
  runShare(d.eq, d.weather, d.items.slice(0, 3));
  parentPort!.postMessage(runShare(d.eq, d.weather, d.items));
} else if (
  isMainThread &&
  process.argv[1] !== undefined &&
  import.meta.url === pathToFileURL(process.argv[1]).href
) {
  await main();
}
