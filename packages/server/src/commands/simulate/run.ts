/**
 * `sunfield simulate CASE.json [--weather FILE] [--hourly OUT.csv] [--json OUT.json] [--repeat N]`:
 * reads a case, its weather and the CEC lists it names, simulates the plant with the engine, prints
 * the summary, and writes the per-step CSV and the ResultSummary JSON when asked. `--repeat N` runs
 * the simulation N more times after loading and prints the median time of the simulation alone.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CaseValidationError, simulate, WeatherParseError, type SimulationResult } from '@sunfield/engine';
import { InputError, loadCase } from './inputs.ts';
import { formatSummary, writeHourlyCsv, writeSummaryJson } from './report.ts';

export const SIMULATE_USAGE = `Usage: sunfield simulate CASE.json [--weather FILE] [--hourly OUT.csv] [--json OUT.json] [--repeat N]

  CASE.json        project, prediction, powerPlant and weather.file with the names of spec 3
                   (see docs/simulate.md and examples/)
  --weather FILE   weather file to use instead of the case's (TMY3, TMY2, EPW, NSRDB PSM3/4, PVGIS,
                   SolarAnywhere, SURFRAD; recognised by content)
  --hourly FILE    write one CSV row per step of the first year (W/m², °, °C, W)
  --json FILE      write the result summary (PredictionResultSummary names)
  --repeat N       run the simulation N more times and print the median time of the simulation alone
  --quiet          print only the energies
`;

/** Where the command writes. */
export interface CommandIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

const consoleIo: CommandIo = {
  out: (t) => process.stdout.write(`${t}\n`),
  err: (t) => process.stderr.write(`${t}\n`),
};

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * Runs the command.
 * @param args the arguments after `simulate`
 * @param io output sinks (stdout, stderr by default)
 * @returns the exit code: 0 done, 1 invalid case or input, 2 usage
 */
export async function runSimulateCommand(args: string[], io: CommandIo = consoleIo): Promise<number> {
  let values: {
    weather?: string;
    hourly?: string;
    json?: string;
    repeat?: string;
    quiet?: boolean;
    help?: boolean;
  };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        weather: { type: 'string' },
        hourly: { type: 'string' },
        json: { type: 'string' },
        repeat: { type: 'string' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (e) {
    io.err(`${e instanceof Error ? e.message : String(e)}\n\n${SIMULATE_USAGE}`);
    return 2;
  }
  if (values.help) {
    io.out(SIMULATE_USAGE);
    return 0;
  }
  if (positionals.length !== 1) {
    io.err(SIMULATE_USAGE);
    return 2;
  }
  const repeat = values.repeat === undefined ? 0 : Number(values.repeat);
  if (!Number.isInteger(repeat) || repeat < 0) {
    io.err(`--repeat must be a whole number ≥ 0 (got ${values.repeat})`);
    return 2;
  }
  try {
    const loaded = loadCase(positionals[0]!, values.weather !== undefined ? { weather: values.weather } : {});
    const options = { libraries: loaded.libraries, weatherName: path.basename(loaded.weatherFile) };
    // The bin's V8 tuning for the series' length, when it installed it (bin/sunfield.js; issue 17).
    const steps = (globalThis as Record<symbol, unknown>)[Symbol.for('sunfield.simulate.steps')];
    if (typeof steps === 'function') (steps as (n: number) => void)(loaded.weather.time.length);
    const t0 = performance.now();
    let result: SimulationResult = simulate(loaded.caseJson, loaded.weather, options);
    const first = (performance.now() - t0) / 1000;
    const rel = (f: string) => path.relative(process.cwd(), f) || f;
    if (values.quiet) {
      const y = result.years[0]!;
      io.out(`DC ${(y.dcEnergy / 1000).toFixed(3)} kWh, AC ${(y.acEnergy / 1000).toFixed(3)} kWh`);
    } else
      io.out(
        formatSummary(result, {
          caseFile: rel(loaded.caseFile),
          weatherFile: rel(loaded.weatherFile),
          seconds: first,
        }),
      );
    if (values.hourly !== undefined) {
      writeHourlyCsv(result, values.hourly);
      io.out(`Per-step CSV: ${values.hourly} (${result.length} rows)`);
    }
    if (values.json !== undefined) {
      writeSummaryJson(result, values.json);
      io.out(`Result summary: ${values.json}`);
    }
    if (repeat > 0) {
      const times: number[] = [];
      const cpu: number[] = [];
      for (let k = 0; k < repeat; k++) {
        const c = process.cpuUsage();
        const t = performance.now();
        // The previous result is not read again: this run takes its columns (SimulateOptions.recycle).
        result = simulate(loaded.caseJson, loaded.weather, { ...options, recycle: result });
        times.push(performance.now() - t);
        const u = process.cpuUsage(c);
        cpu.push((u.user + u.system) / 1000);
      }
      // CPU time beside the wall time: on a busy machine the wall time also counts the waits for a core.
      io.out(
        `Repeat: ${repeat} runs, median ${median(times).toFixed(2)} ms per simulation ` +
          `(min ${Math.min(...times).toFixed(2)} ms; CPU median ${median(cpu).toFixed(2)} ms; ` +
          `first run ${(first * 1000).toFixed(1)} ms; ` +
          `weather parse ${loaded.timings.weather.toFixed(0)} ms, libraries ${loaded.timings.libraries.toFixed(0)} ms)`,
      );
    }
    return 0;
  } catch (e) {
    if (
      e instanceof CaseValidationError ||
      e instanceof InputError ||
      e instanceof WeatherParseError ||
      e instanceof RangeError
    ) {
      io.err(e instanceof WeatherParseError ? `weather file: ${e.message}` : e.message);
      return 1;
    }
    throw e;
  }
}
