/**
 * Runs every benchmark of bench/src and prints the optics-chain table (`npm run bench`).
 *
 * 1. The optics-chain cases of optics-chain.ts, each in a fresh process per series length, so that
 *    "cold" is a real first call (JIT cold, lazy tables unbuilt); "warm" is the median over samples
 *    after warm-up. CPU time of the child process. With `--repeat N` each case runs in N processes and
 *    the table shows the median warm and cold over them, and the range of the warm figure.
 * 2. The detailed benchmarks of the other files (sun, geometry, optics, …, and the API benchmarks
 *    plantApi, weatherApi, predictionRun and uploadDos, which also use PostgreSQL when it answers;
 *    predictionRun takes minutes; uploadDos starts a server process and posts zip bombs and a 50 MB
 *    CSV at it), each in its own process, as they print themselves (skip them with `--table-only`).
 *
 * The machine's load average is printed before and after: other processes on a shared machine inflate
 * the figures (CPU time less than wall time, but caches and hyperthreads are shared).
 *
 *   npm run bench                                 # table + detailed benchmarks
 *   npm run bench -- --table-only --repeat 3
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CASES, type CaseResult } from './optics-chain.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SIZES = [
  { label: 'hourly', steps: 8760, targetMs: 5 },
  { label: '1-minute', steps: 525_600, targetMs: 500 },
] as const;

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function load(): string {
  return os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
}

/** Runs one case at one length in a fresh process; its JSON result. */
function child(name: string, steps: number): CaseResult {
  const r = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(HERE, 'optics-chain.ts'),
      '--case',
      name,
      '--steps',
      String(steps),
      '--json',
    ],
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  if (r.status !== 0) throw new Error(`bench case ${name} (${steps} steps) failed:\n${r.stderr}`);
  const line = r.stdout.trim().split('\n').at(-1)!;
  return (JSON.parse(line) as Record<string, CaseResult[]>)[name]![0]!;
}

function median(a: number[]): number {
  const s = [...a].sort((x, y) => x - y);
  return s[s.length >> 1]!;
}

const fmt = (v: number, d: number, w: number) => v.toFixed(d).padStart(w);

const repeat = Math.max(1, Number(arg('repeat') ?? 1));
console.log(
  `optics-chain benchmark, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), node ${process.version}`,
);
console.log(`load average before: ${load()}; each case in ${repeat} fresh process(es); CPU time\n`);
const head =
  `${'case'.padEnd(60)} | ${'hourly year (8,760 steps)'.padEnd(40)} | 1-minute year (525,600 steps)\n` +
  `${''.padEnd(60)} | ${'warm ms  ns/step   cold ms   warm range'.padEnd(40)} | warm ms   ns/step   cold ms   warm range`;
console.log(head);
console.log('-'.repeat(head.split('\n')[0]!.length + 12));
const summary: string[] = [];
for (const [name, c] of Object.entries(CASES)) {
  const cells: string[] = [];
  for (const size of SIZES) {
    const runs = Array.from({ length: repeat }, () => child(name, size.steps));
    const warm = median(runs.map((r) => r.warmMs));
    const cold = median(runs.map((r) => r.coldMs));
    const lo = Math.min(...runs.map((r) => r.warmMs));
    const hi = Math.max(...runs.map((r) => r.warmMs));
    cells.push(
      `${fmt(warm, 2, 7)} ${fmt((warm * 1e6) / size.steps, 1, 8)} ${fmt(cold, 1, 9)}   ${lo.toFixed(1)}–${hi.toFixed(1)}`.padEnd(
        40,
      ),
    );
    if (name.startsWith('chain'))
      summary.push(
        `${c.label}, ${size.label} year: warm ${warm.toFixed(2)} ms (target ≤ ${size.targetMs} ms: ${warm <= size.targetMs ? 'met' : 'MISSED'}), cold ${cold.toFixed(1)} ms`,
      );
  }
  console.log(`${c.label.padEnd(60)} | ${cells.join(' | ')}`);
}
console.log(`\n${summary.join('\n')}`);
console.log(`load average after: ${load()}`);

if (!process.argv.includes('--table-only')) {
  const others = fs
    .readdirSync(HERE)
    .filter(
      (f) =>
        f.endsWith('.ts') &&
        !f.endsWith('.d.ts') &&
        f !== 'index.ts' &&
        f !== 'optics-chain.ts' &&
        !f.startsWith('_'),
    )
    .sort();
  for (const f of others) {
    console.log(`\n=== ${f} ===`);
    const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(HERE, f)], { stdio: 'inherit' });
    if (r.status !== 0) console.log(`(${f} exited with ${r.status})`);
  }
}
