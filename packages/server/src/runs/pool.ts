/**
 * The pool of threads that run the engine (piscina), one per process that runs prediction jobs: the
 * API process in embedded mode, each `sunfield worker` otherwise. Its threads stay alive between runs
 * (`idleTimeout: Infinity`, `minThreads = maxThreads`), so the engine's modules are loaded and its hot
 * loops compiled once per thread, not once per run. A run is cancelled by aborting its task, which
 * stops the thread running it (the pool starts a fresh one).
 */
import os from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { RunOutput } from './output.ts';
import type { RunRefusal, RunTask } from './task.ts';
import { CaseValidationError } from '@sunfield/engine';

export interface RunPoolOptions {
  /** threads (default: one per CPU but one, at least 1; SUNFIELD_RUN_THREADS) */
  threads?: number;
  /** heap limit of a thread [MB] (default 4096) */
  maxOldGenerationSizeMb?: number;
}

/** Threads of a pool: SUNFIELD_RUN_THREADS, else one per CPU but one, at least 1. */
export function runThreadCount(): number {
  const fromEnv = Number(process.env.SUNFIELD_RUN_THREADS);
  if (Number.isInteger(fromEnv) && fromEnv > 0) return fromEnv;
  return Math.max(1, os.availableParallelism() - 1);
}

let shared: RunPool | undefined;

/** The process's pool, started on first use. */
export function runPool(): RunPool {
  shared ??= new RunPool();
  return shared;
}

/** Stops the process's pool (its threads end; a running task fails). */
export async function closeRunPool(): Promise<void> {
  const pool = shared;
  shared = undefined;
  await pool?.close();
}

export class RunPool {
  private readonly pool: Piscina;
  readonly threads: number;

  constructor(options: RunPoolOptions = {}) {
    this.threads = Math.max(1, options.threads ?? runThreadCount());
    this.pool = new Piscina({
      filename: new URL('./worker.mjs', import.meta.url).href,
      minThreads: this.threads,
      maxThreads: this.threads,
      idleTimeout: Number.POSITIVE_INFINITY,
      resourceLimits: { maxOldGenerationSizeMb: options.maxOldGenerationSizeMb ?? 4096 },
    });
  }

  /**
   * Runs a task in a pool thread.
   * @param task the case, weather and export options
   * @param onProgress called with whole percents (0–100) as the engine advances
   * @param signal aborts the task (its thread is stopped)
   * @throws CaseValidationError when the case cannot be simulated (or the weather is unusable)
   */
  async run(
    task: Omit<RunTask, 'progress'>,
    onProgress?: (percent: number) => void,
    signal?: AbortSignal,
  ): Promise<RunOutput> {
    const channel = new MessageChannel();
    channel.port1.on('message', (percent: number) => onProgress?.(percent));
    channel.port1.unref();
    try {
      const answer = (await this.pool.run(
        { ...task, progress: channel.port2 },
        { transferList: [channel.port2], ...(signal ? { signal } : {}) },
      )) as RunOutput | RunRefusal;
      if ('refused' in answer) throw new CaseValidationError(answer.errors);
      return answer;
    } finally {
      channel.port1.close();
    }
  }

  /** Tasks waiting for a thread. */
  get queued(): number {
    return this.pool.queueSize;
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
