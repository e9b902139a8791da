/**
 * `sunfield simulate` speed (issue 17 "Speed"): the command itself, as a user runs it, in child
 * processes, against the reference's figures.
 *
 * 1. Hourly year, fixed and tracker (examples/greensboro_*_cec.json on the Greensboro TMY3):
 *    `sunfield simulate CASE --repeat 20`, the command's median of the 20 runs after the first (JIT
 *    warm-up included, as the issue measures it), and the first run; in `--processes` processes (3),
 *    the median over them.
 * 2. 1-minute year of the same systems: no 1-minute year of measurements is in shared/data, so the
 *    bench writes one from the Greensboro TMY3 (each hourly value at the middle of its hour, the
 *    minutes between interpolated linearly, wind direction the hour's; NSRDB PSM v3 CSV for 2021,
 *    525,600 records, 35 MB, in the system's temporary folder, written once) and runs
 *    `sunfield simulate CASE --weather MINUTE.csv --repeat 3 --quiet` in `--processes` processes: the
 *    median of their first runs (each listed) and of their medians; and the same first simulation in
 *    `--processes` single runs (`simulate CASE --weather MINUTE.csv`, its "Simulation: … ms"), which
 *    compile the command with its code cache where `--repeat` does not.
 * 3. The whole command: `sunfield simulate CASE --quiet` spawned, wall time from spawn to exit, median
 *    of `--whole` (5) runs, through `node packages/server/bin/sunfield.js` (with the command's code
 *    cache and its cache of parsed inputs, which the runs before have made; again with the code cache
 *    alone, SUNFIELD_SIMULATE_CACHE=code; and with neither, SUNFIELD_SIMULATE_CACHE=0) and through
 *    `npx sunfield` (npm's own start-up included), and `npx` with a bin that does nothing (npm's
 *    share).
 * 4. Steps per second of the simulation (steps / median time) and bytes per step: the typed-array
 *    bytes the result holds (every Float64Array/Uint8Array reachable from it, each counted once) over
 *    the steps, and the process's peak resident memory during the 1-minute run.
 *
 * Ratios against the reference (pvlib ModelChain on the same systems, pvlibReference.py on the
 * reference systems the cases state), where Python has pvlib (`SUNFIELD_PYTHON`, else `python3`; with
 * PYTHONPATH for a pvlib source tree): the hourly year (pvlib's median of 20 runs, its AC energy against
 * the reference run's to show it is the same system), the 1-minute year (one pvlib run, against our
 * first run and our median) and the whole command (the script with `--repeat 1` spawned). Where it has
 * not, the bench says why and prints the ratios against the figures the issue states for this
 * machine (hourly year ~130 ms, 1-minute year ~8 s, whole command ~0.97× ours before the work, i.e.
 * 1.6 s), labelled as such.
 *
 * The bin runs packages/server/dist when it is a current build, the TypeScript sources through tsx
 * otherwise: the bench prints which (`SUNFIELD_FROM_SOURCE=0|1` forces one, as for the command).
 *
 *   node --import tsx bench/src/simulateSpeed.ts [--processes 3] [--whole 5] [--no-minute] [--no-npx]
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { simulate } from '@sunfield/engine';
import { parseTmy3 } from '@sunfield/engine/weather/tmy3.ts';
import { loadCase } from '../../packages/server/src/commands/simulate/inputs.ts';
import { sharedDir } from '../../scripts/sharedDir.ts';
import { pvlibTimings, pvlibWholeMs, sameSystem } from './pvlibReference.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.join(ROOT, 'packages/server/bin/sunfield.js');
const DATA = path.join(sharedDir(), 'data');
const SYSTEMS = ['fixed', 'tracker'] as const;
const caseFile = (s: string) => path.join(ROOT, 'examples', `greensboro_${s}_cec.json`);
/** The reference system (../shared/reference/systems) that a case file states. */
const referenceName = (s: string) => `greensboro_${s}_cec`;

/** The issue's figures for the reference on this machine [ms] (used when pvlib is not installed). */
const STATED = { hourly: 130, minute: 8000, whole: 1600 };

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
const flag = (name: string) => process.argv.includes(`--${name}`);
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

/** The 1-minute year built from the hourly TMY3 (see the file comment), as an NSRDB PSM v3 CSV. */
export function minuteYearCsv(text: string): string {
  const w = parseTmy3(text);
  const n = w.ghi.length;
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
    const x = Math.min(n - 1, Math.max(0, (k + 0.5) / 60 - 0.5));
    const i0 = Math.min(n - 2, Math.floor(x));
    const f = x - i0;
    const lerp = (a: Float64Array | undefined, fallback: number) =>
      (1 - f) * at(a, i0, fallback) + f * at(a, i0 + 1, fallback);
    const d = new Date(start + k * 60_000);
    lines.push(
      `${d.getUTCFullYear()},${d.getUTCMonth() + 1},${d.getUTCDate()},${d.getUTCHours()},${d.getUTCMinutes()},` +
        `${lerp(w.ghi, 0).toFixed(1)},${lerp(w.dni, 0).toFixed(1)},${lerp(w.dhi, 0).toFixed(1)},` +
        `${lerp(w.tempAir, 15).toFixed(2)},${lerp(w.tempDew, 5).toFixed(2)},${lerp(w.relativeHumidity, 60).toFixed(1)},` +
        `${(lerp(w.pressure, 101_325) / 100).toFixed(1)},${lerp(w.windSpeed, 2).toFixed(2)},` +
        `${at(w.windDirection, Math.floor(k / 60), 180).toFixed(0)},${lerp(w.albedo, 0.2).toFixed(3)}`,
    );
  }
  return lines.join('\n') + '\n';
}

/** The 1-minute file, written once into the temporary folder. */
function minuteFile(): string {
  const file = path.join(os.tmpdir(), 'sunfield-bench-greensboro-1min-2021.csv');
  if (!fs.existsSync(file)) {
    const tmp = `${file}.${process.pid}`;
    fs.writeFileSync(tmp, minuteYearCsv(fs.readFileSync(path.join(DATA, '723170TYA.CSV'), 'utf8')));
    fs.renameSync(tmp, file);
  }
  return file;
}

interface CommandRun {
  wallMs: number;
  stdout: string;
  /** peak resident memory of the child [bytes] and its CPU time, user + system [ms] (from /usr/bin/time when present) */
  maxRss: number | undefined;
  cpuMs: number | undefined;
}

const TIME = fs.existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

/** Spawns a command, timing it from spawn to exit. */
function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): CommandRun {
  const full = TIME ? [TIME, ['-f', 'maxrss=%M cpu=%U+%S', cmd, ...args]] : [cmd, args];
  const t = performance.now();
  const r = spawnSync(full[0] as string, full[1] as string[], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 1 << 24,
    env,
  });
  const wallMs = performance.now() - t;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}):\n${r.stderr}`);
  const rss = /maxrss=(\d+) cpu=([\d.]+)\+([\d.]+)/.exec(r.stderr);
  return {
    wallMs,
    stdout: r.stdout,
    maxRss: rss ? Number(rss[1]) * 1024 : undefined,
    cpuMs: rss ? (Number(rss[2]) + Number(rss[3])) * 1000 : undefined,
  };
}

/** The `--repeat` line of the command: median wall and CPU time, first run [ms]. */
function repeatFigures(stdout: string): { median: number; cpu: number; first: number } {
  const m = /median ([\d.]+) ms per simulation .*CPU median ([\d.]+) ms.*first run ([\d.]+) ms/.exec(stdout);
  if (!m) throw new Error(`no repeat line in:\n${stdout}`);
  return { median: Number(m[1]), cpu: Number(m[2]), first: Number(m[3]) };
}

/** The "Simulation: … ms" line of a single run's summary [ms]. */
function singleSimulationMs(stdout: string): number {
  const m = /^Simulation: ([\d.]+) ms$/m.exec(stdout);
  if (!m) throw new Error(`no simulation time in:\n${stdout}`);
  return Number(m[1]);
}

/** Energies from `--quiet` output (`DC … kWh, AC … kWh`), to show every run computes the same. */
function energies(stdout: string): string {
  return /DC [\d.]+ kWh, AC [\d.]+ kWh/.exec(stdout)?.[0] ?? '';
}

/**
 * The bytes of typed arrays a simulation result holds, per step: every array reachable from it, each
 * buffer counted once (the weather's own columns included, as the result refers to them).
 */
function resultBytesPerStep(system: string): { bytes: number; columns: number; steps: number } {
  const loaded = loadCase(caseFile(system));
  const result = simulate(loaded.caseJson, loaded.weather, { libraries: loaded.libraries });
  const buffers = new Set<ArrayBufferLike>();
  let columns = 0;
  const seen = new Set<object>();
  const walk = (v: unknown): void => {
    if (v === null || typeof v !== 'object' || seen.has(v)) return;
    seen.add(v);
    if (ArrayBuffer.isView(v)) {
      if (!buffers.has(v.buffer)) columns++;
      buffers.add(v.buffer);
      return;
    }
    for (const x of v instanceof Map ? v.values() : Object.values(v)) walk(x);
  };
  walk(result);
  let bytes = 0;
  for (const b of buffers) bytes += b.byteLength;
  return { bytes: bytes / result.length, columns, steps: result.length };
}

const ratio = (refMs: number, ms: number) => `${(refMs / ms).toFixed(1)}×`;

function main(): void {
  const processes = arg('processes', 3);
  const wholeRuns = arg('whole', 5);
  const src = process.env.SUNFIELD_FROM_SOURCE;
  const built = fs.existsSync(path.join(ROOT, 'packages/server/dist/build.json'));
  console.log(
    `sunfield simulate speed — node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), load ${load()}`,
  );
  console.log(
    `command: node ${path.relative(ROOT, BIN)} (SUNFIELD_FROM_SOURCE=${src ?? 'unset'}; dist ${built ? 'present (used when current)' : 'absent: the sources through tsx'})`,
  );
  // pvlib's ModelChain on the same systems (pvlibReference.py), 20 runs each, where Python has pvlib;
  // and once each on the 1-minute year, unless --no-minute.
  const minute = flag('no-minute') ? undefined : minuteFile();
  const reference = pvlibTimings({
    shared: sharedDir(),
    systems: SYSTEMS.map(referenceName),
    repeat: 20,
    ...(minute !== undefined ? { minute } : {}),
  });
  if (reference.available)
    for (const t of reference.systems)
      console.log(
        `reference: pvlib ${t.pvlibVersion} ModelChain, ${t.name}: median ${t.medianMs.toFixed(1)} ms of ${t.runs} runs, ` +
          `first ${t.firstMs.toFixed(0)} ms; AC ${t.acKwh.toFixed(1)} kWh (the reference run's ${t.referenceAcKwh ?? '?'} kWh: ` +
          `same system ${sameSystem(t) ? 'yes' : 'NO'})`,
      );
  if (reference.available)
    for (const t of reference.minute)
      console.log(
        `reference: pvlib ${t.pvlibVersion} ModelChain, ${t.name}, 1-minute year: ${t.firstMs.toFixed(0)} ms (one run); ` +
          `AC ${t.acKwh.toFixed(1)} kWh`,
      );
  else
    console.log(
      `reference: skipped (${reference.reason}); ratios are against the issue's stated figures for this machine ` +
        `(hourly year ${STATED.hourly} ms, 1-minute year ${STATED.minute} ms, whole command ${STATED.whole} ms)`,
    );
  const hourlyReference = (s: string): [number, string] => {
    const t = reference.available ? reference.systems.find((x) => x.name === referenceName(s)) : undefined;
    return t ? [t.medianMs, 'pvlib (measured)'] : [STATED.hourly, 'the stated reference'];
  };
  for (const s of SYSTEMS) {
    const figures = Array.from({ length: processes }, () =>
      repeatFigures(run(process.execPath, [BIN, 'simulate', caseFile(s), '--repeat', '20']).stdout),
    );
    const med = median(figures.map((f) => f.median));
    const cpu = median(figures.map((f) => f.cpu));
    const first = median(figures.map((f) => f.first));
    console.log(
      `hourly year, ${s.padEnd(7)}: --repeat 20 median ${med.toFixed(2)} ms (over ${processes} processes: ` +
        `${figures.map((f) => f.median.toFixed(2)).join(', ')}; CPU ${cpu.toFixed(2)} ms), first run ${first.toFixed(1)} ms; ` +
        `${((8760 / med) * 1000).toExponential(2)} steps/s; ${ratio(hourlyReference(s)[0], med)} ${hourlyReference(s)[1]} (target ≥ 20×)`,
    );
  }
  for (const s of SYSTEMS) {
    const b = resultBytesPerStep(s);
    console.log(
      `result size, ${s.padEnd(7)}: ${b.columns} typed-array columns, ${b.bytes.toFixed(0)} bytes/step ` +
        `(${((b.bytes * 525_600) / 1e6).toFixed(0)} MB for a 1-minute year)`,
    );
  }
  if (minute !== undefined) {
    const minuteReference = (s: string): [number, string] => {
      const t = reference.available ? reference.minute.find((x) => x.name === referenceName(s)) : undefined;
      return t ? [t.firstMs, 'pvlib (measured)'] : [STATED.minute, 'the stated reference'];
    };
    for (const s of SYSTEMS) {
      // The first run of a process pays for its new memory and its compilation: the median over
      // `processes` processes, with each, so that one slow start (a cold machine) does not stand alone.
      const runs = Array.from({ length: processes }, () =>
        run(process.execPath, [
          BIN,
          'simulate',
          caseFile(s),
          '--weather',
          minute,
          '--repeat',
          '3',
          '--quiet',
        ]),
      );
      const figures = runs.map((r) => repeatFigures(r.stdout));
      const first = median(figures.map((f) => f.first));
      const med = median(figures.map((f) => f.median));
      const cpu = median(figures.map((f) => f.cpu));
      const rss = median(runs.map((r) => r.maxRss ?? NaN));
      const [refMs, refLabel] = minuteReference(s);
      console.log(
        `1-minute year, ${s.padEnd(7)}: first run ${first.toFixed(0)} ms (over ${processes} processes: ` +
          `${figures.map((f) => f.first.toFixed(0)).join(', ')}), --repeat 3 median ${med.toFixed(0)} ms (CPU ${cpu.toFixed(0)} ms); ` +
          `${((525_600 / med) * 1000).toExponential(2)} steps/s; peak RSS ${Number.isFinite(rss) ? `${(rss / 1e6).toFixed(0)} MB` : '?'}` +
          `${Number.isFinite(rss) ? ` (${(rss / 525_600).toFixed(0)} bytes/step with the 35 MB file and its parse)` : ''}; ` +
          `${energies(runs[0]!.stdout) ? `${energies(runs[0]!.stdout)}; ` : ''}` +
          `${ratio(refMs, first)} (first) / ${ratio(refMs, med)} (median) ${refLabel} (target ≥ 20×)`,
      );
      // The same first simulation as a user's single `simulate` runs it: with the command's code cache
      // (which `--repeat` leaves out, see bin/sunfield.js), the time it prints as "Simulation: … ms".
      const singles = Array.from({ length: processes }, () =>
        singleSimulationMs(run(process.execPath, [BIN, 'simulate', caseFile(s), '--weather', minute]).stdout),
      );
      const single = median(singles);
      console.log(
        `1-minute year, ${s.padEnd(7)}: single run (no --repeat) ${single.toFixed(0)} ms (over ${processes} processes: ` +
          `${singles.map((t) => t.toFixed(0)).join(', ')}); ${ratio(refMs, single)} ${refLabel} (target ≥ 20×)`,
      );
    }
  }
  const whole = (label: string, cmd: string, args: string[], env?: NodeJS.ProcessEnv) => {
    const runs = Array.from({ length: wholeRuns }, () => run(cmd, args, env));
    const med = median(runs.map((r) => r.wallMs));
    const e = new Set(runs.map((r) => energies(r.stdout)));
    console.log(
      `${label}: median ${med.toFixed(0)} ms wall of ${wholeRuns} (${runs.map((r) => r.wallMs.toFixed(0)).join(', ')})` +
        `${runs[0]!.cpuMs !== undefined ? `, CPU ${median(runs.map((r) => r.cpuMs!)).toFixed(0)} ms` : ''}` +
        `${e.size === 1 && [...e][0] ? `; ${[...e][0]}` : ''}`,
    );
    return med;
  };
  const viaNode = whole('whole command, node bin/sunfield.js simulate fixed --quiet', process.execPath, [
    BIN,
    'simulate',
    caseFile('fixed'),
    '--quiet',
  ]);
  const refWhole = reference.available
    ? pvlibWholeMs({ shared: sharedDir(), system: referenceName('fixed'), runs: wholeRuns })
    : undefined;
  if (refWhole)
    console.log(
      `reference: python3 pvlibReference.py --repeat 1 ${referenceName('fixed')} (whole command): median ` +
        `${median(refWhole).toFixed(0)} ms wall of ${wholeRuns} (${refWhole.map((t) => t.toFixed(0)).join(', ')})`,
    );
  const [wholeRef, wholeLabel] = refWhole
    ? [median(refWhole), 'pvlib (measured)']
    : [STATED.whole, 'the stated reference'];
  console.log(
    `  ${ratio(wholeRef, viaNode)} ${wholeLabel} (target ≥ 5×); start-up under 0.3 s: ${viaNode < 300 ? 'yes' : 'no'}`,
  );
  // The same with the code cache alone (SUNFIELD_SIMULATE_CACHE=code: the weather file and the CEC rows
  // parsed again), as a run on files the command has not read yet runs; and without either cache
  // (SUNFIELD_SIMULATE_CACHE=0), as the first run of a new build on new files runs.
  for (const [choice, label] of [
    ['code', 'with its code cache alone (SUNFIELD_SIMULATE_CACHE=code: inputs parsed)'],
    ['0', 'without its caches (SUNFIELD_SIMULATE_CACHE=0)'],
  ] as const) {
    const ms = whole(
      `whole command ${label}`,
      process.execPath,
      [BIN, 'simulate', caseFile('fixed'), '--quiet'],
      {
        ...process.env,
        SUNFIELD_SIMULATE_CACHE: choice,
      },
    );
    console.log(`  ${ratio(wholeRef, ms)} ${wholeLabel} (target ≥ 5×)`);
  }
  if (!flag('no-npx')) {
    const viaNpx = whole('whole command, npx sunfield simulate fixed --quiet', 'npx', [
      'sunfield',
      'simulate',
      caseFile('fixed'),
      '--quiet',
    ]);
    console.log(`  ${ratio(wholeRef, viaNpx)} ${wholeLabel} (target ≥ 5×)`);
    const noop = whole('npx alone (npx --no-install node -e 0: npm start-up)', 'npx', [
      '--no-install',
      'node',
      '-e',
      '0',
    ]);
    console.log(`  npx's own share: ${noop.toFixed(0)} ms of the ${viaNpx.toFixed(0)} ms`);
  }
  console.log(`load after: ${load()}`);
}

main();
