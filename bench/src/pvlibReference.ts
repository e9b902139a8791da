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

/** One system's figures from the reference: an hourly year of ModelChain.run_model. */
export interface ReferenceTiming {
  name: string;
  firstMs: number;
  medianMs: number;
  runs: number;
  /** AC energy of the year [kWh], and the reference run's own (NAME.summary.json), to show it is the same system */
  acKwh: number;
  referenceAcKwh: number | null;
  pvlibVersion: string;
}

export type ReferenceTimings =
  { available: true; systems: ReferenceTiming[] } | { available: false; reason: string };

const lastLine = (text: string) => text.trim().split('\n').at(-1) ?? '';

/**
 * Times pvlib on the named reference systems.
 * @param o.shared the shared folder (its data/ and reference/systems/)
 * @param o.systems reference system names (`greensboro_fixed_cec`, …)
 * @param o.repeat runs of each (the median is reported)
 * @param o.python the Python to use (default `SUNFIELD_PYTHON`, else `python3`)
 */
export function pvlibTimings(o: {
  shared: string;
  systems: readonly string[];
  repeat: number;
  python?: string;
}): ReferenceTimings {
  const python = o.python ?? process.env.SUNFIELD_PYTHON ?? 'python3';
  const probe = spawnSync(python, ['-c', 'import pvlib, pandas'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0)
    return {
      available: false,
      reason: `${python} -c "import pvlib, pandas" fails here (${probe.error?.message ?? lastLine(probe.stderr)})`,
    };
  const run = spawnSync(python, [SCRIPT, '--shared', o.shared, '--repeat', String(o.repeat), ...o.systems], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  if (run.error || run.status !== 0)
    return {
      available: false,
      reason: `pvlibReference.py failed (${run.error?.message ?? lastLine(run.stderr)})`,
    };
  const systems = run.stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as ReferenceTiming);
  const missing = o.systems.filter((name) => !systems.some((s) => s.name === name));
  if (missing.length > 0)
    return { available: false, reason: `pvlibReference.py gave no figures for ${missing.join(', ')}` };
  return { available: true, systems };
}

/** Whether the reference ran the same system: its annual AC within 0.5 % of the reference run's. */
export function sameSystem(t: ReferenceTiming): boolean {
  return t.referenceAcKwh !== null && Math.abs(t.acKwh / t.referenceAcKwh - 1) < 0.005;
}
