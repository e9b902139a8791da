/**
 * The reference's timings for the speed bench (issue 17 Speed): pvlibReference.py run with the Python
 * that has pvlib (`SUNFIELD_PYTHON`, else `python3`), on the reference systems of
 * ../shared/reference/systems that examples/greensboro_*_cec.json state for `sunfield simulate`. Where
 * Python or pvlib (with pandas) is missing, or the script fails, the answer says why, and the bench
 * prints that instead of a ratio.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pvlibReference.py');

/**
 * One system's figures from the reference: an hourly year of ModelChain.run_model, or (`weather`
 * "minute") the 1-minute year the bench wrote, run the same way.
 */
export interface ReferenceTiming {
  name: string;
  weather?: 'minute';
  firstMs: number;
  medianMs: number;
  runs: number;
  /** AC energy of the year [kWh], and the reference run's own (NAME.summary.json), to show it is the same system */
  acKwh: number;
  referenceAcKwh: number | null;
  pvlibVersion: string;
}

export type ReferenceTimings =
  | { available: true; systems: ReferenceTiming[]; minute: ReferenceTiming[] }
  | { available: false; reason: string };

const lastLine = (text: string) => text.trim().split('\n').at(-1) ?? '';

/**
 * Times pvlib on the named reference systems.
 * @param o.shared the shared folder (its data/ and reference/systems/)
 * @param o.systems reference system names (`greensboro_fixed_cec`, …)
 * @param o.repeat runs of each (the median is reported)
 * @param o.python the Python to use (default `SUNFIELD_PYTHON`, else `python3`)
 * @param o.minute also run each system once on this 1-minute year (an NSRDB PSM3 CSV)
 */
export function pvlibTimings(o: {
  shared: string;
  systems: readonly string[];
  repeat: number;
  python?: string;
  minute?: string;
}): ReferenceTimings {
  const python = o.python ?? process.env.SUNFIELD_PYTHON ?? 'python3';
  const probe = spawnSync(python, ['-c', 'import pvlib, pandas'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0)
    return {
      available: false,
      reason: `${python} -c "import pvlib, pandas" fails here (${probe.error?.message ?? lastLine(probe.stderr)})`,
    };
  const minute = o.minute !== undefined ? ['--minute', o.minute] : [];
  const args = [SCRIPT, '--shared', o.shared, '--repeat', String(o.repeat), ...minute, ...o.systems];
  const run = spawnSync(python, args, { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (run.error || run.status !== 0)
    return {
      available: false,
      reason: `pvlibReference.py failed (${run.error?.message ?? lastLine(run.stderr)})`,
    };
  const lines = run.stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as ReferenceTiming);
  const systems = lines.filter((t) => t.weather === undefined);
  const missing = o.systems.filter((name) => !systems.some((s) => s.name === name));
  if (missing.length > 0)
    return { available: false, reason: `pvlibReference.py gave no figures for ${missing.join(', ')}` };
  return { available: true, systems, minute: lines.filter((t) => t.weather === 'minute') };
}

/** Whether the reference ran the same system: its annual AC within 0.5 % of the reference run's. */
export function sameSystem(t: ReferenceTiming): boolean {
  return t.referenceAcKwh !== null && Math.abs(t.acKwh / t.referenceAcKwh - 1) < 0.005;
}

/**
 * The reference as a whole command: `python3 pvlibReference.py --repeat 1 NAME` spawned (interpreter
 * start-up, imports of pandas and pvlib, the CEC lists read whole by retrieve_sam, the weather file,
 * one ModelChain run), wall time from spawn to exit [ms], one value per run; undefined where Python
 * has no pvlib.
 */
export function pvlibWholeMs(o: {
  shared: string;
  system: string;
  runs: number;
  python?: string;
}): number[] | undefined {
  const python = o.python ?? process.env.SUNFIELD_PYTHON ?? 'python3';
  const times: number[] = [];
  for (let k = 0; k < o.runs; k++) {
    const t0 = performance.now();
    const run = spawnSync(python, [SCRIPT, '--shared', o.shared, '--repeat', '1', o.system], {
      encoding: 'utf8',
    });
    if (run.error || run.status !== 0) return undefined;
    times.push(performance.now() - t0);
  }
  return times;
}
