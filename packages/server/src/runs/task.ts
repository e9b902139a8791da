/**
 * The work of one run inside a pool thread (pool.ts): simulate the case on the weather with the engine
 * and keep what the run stores (output.ts). Progress goes back through the task's MessagePort as whole
 * percents. The returned columns are transferred, not copied, to the calling thread.
 */
import type { MessagePort } from 'node:worker_threads';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import {
  CaseValidationError,
  midIntervalShiftMs,
  simulate,
  type CaseLibraries,
  type WeatherData,
} from '@sunfield/engine';
import { runOutput, type ExportOptions, type RunOutput } from './output.ts';

export interface RunTask {
  caseJson: Record<string, unknown>;
  weather: WeatherData;
  weatherName: string;
  options: ExportOptions;
  /** parsed CEC lists, for cases that name records instead of inlining them (`sunfield simulate` cases) */
  libraries?: CaseLibraries;
  /** receives integers 0–100 as the engine advances */
  progress?: MessagePort;
}

/** Simulates and returns the run's output (plain data and Float64Arrays). */
export function runTask(task: RunTask): RunOutput {
  let last = -1;
  const t0 = performance.now();
  const result = simulate(task.caseJson, task.weather, {
    weatherName: task.weatherName,
    ...(task.libraries ? { libraries: task.libraries } : {}),
    onProgress: (fraction) => {
      const percent = Math.floor(fraction * 100);
      if (percent !== last) {
        last = percent;
        task.progress?.postMessage(percent);
      }
    },
  });
  const shift = midIntervalShiftMs({
    definition: result.case.timestampDefinition, // the case's override, else the weather's
    intervalMinutes: task.weather.meta.intervalMinutes,
  });
  return runOutput(result, task.caseJson, task.options, performance.now() - t0, shift);
}

/** The buffers of every column of the output, each once. */
export function outputBuffers(output: RunOutput): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  const add = (a: Float64Array) => {
    if (a.buffer instanceof ArrayBuffer) buffers.add(a.buffer);
  };
  add(output.time);
  output.plant.columns.forEach(add);
  for (const node of output.nodes) node.columns.forEach(add);
  for (const y of output.years) add(y.monthHourEnergy);
  return [...buffers];
}

/**
 * What the pool's entry answers when the case cannot be simulated: errors lose their class crossing
 * the thread boundary, so an invalid case (or unusable weather) comes back as data.
 */
export interface RunRefusal {
  refused: true;
  /** `CaseValidationError.errors`, or the one reason */
  errors: string[];
}

/** The pool's entry: runs the task and moves the output's buffers to the caller. */
export default function poolTask(task: RunTask): unknown {
  let output: RunOutput;
  try {
    output = runTask(task);
  } catch (error) {
    task.progress?.close();
    if (error instanceof CaseValidationError)
      return { refused: true, errors: [...error.errors] } satisfies RunRefusal;
    if (error instanceof RangeError) return { refused: true, errors: [error.message] } satisfies RunRefusal;
    throw error;
  }
  task.progress?.close();
  return move({
    get [transferableSymbol]() {
      return outputBuffers(output);
    },
    get [valueSymbol]() {
      return output;
    },
  });
}
