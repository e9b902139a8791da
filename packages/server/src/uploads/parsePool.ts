/**
 * Uploaded files are read in a small pool of child processes, never on the event loop: a 50 MB
 * weather CSV parses for a second or two and a hostile workbook may parse for longer, and on the
 * event loop either held every other user's request that long. Each process has a heap limit
 * (`--max-old-space-size`), so a file built to exhaust memory ends its own process (the pool starts a
 * fresh one) and its request gets a 413 naming the file field, while the server and the other
 * requests carry on.
 *
 * Processes rather than worker threads: a worker thread's heap limit is best effort (Node's
 * `resourceLimits` documentation; nodejs/node#47224). A thread that allocates faster than its
 * termination lands, or inside one builtin call (JSON.parse of a huge array), reaches V8's fatal
 * out-of-memory handler, which aborts the whole process: a hostile upload took the server down with
 * it, 2 runs in 3 on Node 24 in CI. A child process's abort ends that process alone.
 *
 * A file goes to its process on the process's standard input and the answer comes back on
 * descriptor 3, framed by frames.ts: the file's bytes and an answer's large typed arrays travel raw,
 * copied a chunk at a time, so that neither holds the event loop; the rest is V8-serialised (Dates
 * and Maps arrive as they were sent). The pool is separate from the run
 * pool (runs/pool.ts: long engine runs in threads with a 4 GB heap), started on the first upload, its
 * processes ended after 30 s idle, and closed with the app (app.ts onClose). An idle process does not
 * keep the server's process alive.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { HttpError } from '../lib/errors.ts';
import { FrameReader, writeFrame } from './frames.ts';
import type { ParseReply, ParseRequest } from './parseProcess.ts';
import type { ParseKind, ParseOptions, ParseResults } from './parseTasks.ts';

/** Processes: SUNFIELD_PARSE_PROCESSES (or its older name SUNFIELD_PARSE_THREADS), else 2 (1 on one CPU). */
export function parseProcessCount(): number {
  for (const name of ['SUNFIELD_PARSE_PROCESSES', 'SUNFIELD_PARSE_THREADS']) {
    const fromEnv = Number(process.env[name]);
    if (Number.isInteger(fromEnv) && fromEnv > 0) return fromEnv;
  }
  return Math.min(2, Math.max(1, os.availableParallelism() - 1));
}

/**
 * Heap limit of a process [MB]: SUNFIELD_PARSE_HEAP_MB, else 768, what a 150 MB one-minute weather
 * CSV (the upload limit) needs to parse, with room.
 */
export function parseHeapMb(): number {
  const fromEnv = Number(process.env.SUNFIELD_PARSE_HEAP_MB);
  return Number.isInteger(fromEnv) && fromEnv >= 16 ? fromEnv : 768;
}

/**
 * Longest a parse may take [ms], from the upload's hand-over: SUNFIELD_PARSE_TIMEOUT_MS, else 60 s
 * (the largest weather file accepted, four one-minute years, parses in 10 s on a busy 2-CPU
 * machine). A file built to keep a process busy (a sheet of millions of tiny cells under the inflate
 * cap) is stopped there, so that it holds one of the few parsing processes for a bounded time.
 */
export function parseTimeoutMs(): number {
  const fromEnv = Number(process.env.SUNFIELD_PARSE_TIMEOUT_MS);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : 60_000;
}

/** A process left idle this long is ended [ms]. */
const IDLE_MS = 30_000;

/** What a crashed process's standard error is kept of, for the error it becomes [characters]. */
const STDERR_TAIL = 4096;

/** How V8 and Node say that a heap limit was reached (src/api/api.cc, src/node_errors.cc). */
const OUT_OF_MEMORY = /heap out of memory|Reached heap limit|Allocation failed/i;

interface Job {
  request: ParseRequest;
  resolve: (reply: ParseReply) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
  worker?: Worker;
}

interface Worker {
  child: ChildProcess;
  job?: Job;
  idle?: NodeJS.Timeout;
  stderr: string;
  /** why the pool ended it, if it did */
  ended?: 'timeout' | 'closed' | 'idle';
  exited: Promise<void>;
}

const workers = new Set<Worker>();
const queue: Job[] = [];
let nextId = 1;

/** The entry beside this module: parseWorker.mjs (the sources register tsx there; dist is compiled). */
const entry = (): string => fileURLToPath(new URL('./parseWorker.mjs', import.meta.url));

const abortError = (): Error =>
  Object.assign(new Error('The parse outlasted its time'), { name: 'AbortError' });

function start(): Worker {
  const child = spawn(process.execPath, [`--max-old-space-size=${parseHeapMb()}`, entry()], {
    stdio: ['pipe', 'ignore', 'pipe', 'pipe'],
    env: { ...process.env, SUNFIELD_PARSE_PROCESS: '1' },
  });
  let exited!: () => void;
  const worker: Worker = { child, stderr: '', exited: new Promise((resolve) => (exited = resolve)) };
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (text: string) => {
    worker.stderr = (worker.stderr + text).slice(-STDERR_TAIL);
  });
  (child.stderr as { unref?: () => void } | null)?.unref?.();
  // A write to a process that has just ended fails with EPIPE; its exit rejects the job.
  child.stdin?.on('error', () => undefined);
  const reader = new FrameReader(0, ({ fields, value }) => {
    const { job } = worker;
    const id = fields.id as number;
    if (!job || id !== job.request.id) return;
    finish(job);
    job.resolve({ id, ...(value as object) } as ParseReply);
    rest(worker);
    dispatch();
  });
  (child.stdio[3] as Readable).on('data', (chunk: Buffer) => reader.push(chunk));
  let gone = false;
  const end = (code: number | null, signal: NodeJS.Signals | null, error?: Error) => {
    if (gone) return;
    gone = true;
    workers.delete(worker);
    clearTimeout(worker.idle);
    const { job } = worker;
    if (job) {
      finish(job);
      job.reject(endedError(worker, code, signal, error));
    }
    exited();
    dispatch();
  };
  child.on('exit', (code, signal) => end(code, signal));
  child.on('error', (error) => end(null, null, error));
  workers.add(worker);
  return worker;
}

/** The error a task gets when its process ended under it. */
function endedError(worker: Worker, code: number | null, signal: string | null, error?: Error): Error {
  if (worker.ended === 'timeout') return abortError();
  if (worker.ended === 'closed') return new Error('The parsing processes were closed');
  if (OUT_OF_MEMORY.test(worker.stderr) || signal === 'SIGABRT' || code === 134) {
    return Object.assign(new Error('The parsing process ran out of memory'), {
      code: 'ERR_PARSE_OUT_OF_MEMORY',
    });
  }
  const how = error?.message ?? (signal ? `signal ${signal}` : `exit code ${String(code)}`);
  return new Error(`The parsing process ended (${how}): ${worker.stderr.trim().slice(-1000)}`);
}

/** Takes a job off its process (or the queue) and stops its clock. */
function finish(job: Job): void {
  clearTimeout(job.timer);
  if (job.worker) job.worker.job = undefined;
  job.worker = undefined;
  const queued = queue.indexOf(job);
  if (queued >= 0) queue.splice(queued, 1);
}

/** Whether the process and its pipes keep this process alive (while it works) or not (idle). */
function handles(worker: Worker, how: 'ref' | 'unref'): void {
  worker.child[how]();
  for (const stream of [worker.child.stdin, worker.child.stdio[3]]) {
    (stream as { ref?: () => void; unref?: () => void } | null)?.[how]?.();
  }
}

/** An idle process lets the server's process exit and ends after {@link IDLE_MS}. */
function rest(worker: Worker): void {
  handles(worker, 'unref');
  clearTimeout(worker.idle);
  worker.idle = setTimeout(() => {
    worker.ended = 'idle';
    worker.child.kill();
  }, IDLE_MS);
  worker.idle.unref();
}

/** Hands queued jobs to idle processes, starting processes up to {@link parseProcessCount}. */
function dispatch(): void {
  while (queue.length > 0) {
    const worker =
      [...workers].find((w) => !w.job && !w.ended) ??
      (workers.size < parseProcessCount() ? start() : undefined);
    if (!worker) return;
    const job = queue.shift() as Job;
    job.worker = worker;
    worker.job = job;
    clearTimeout(worker.idle);
    handles(worker, 'ref');
    const { bytes, ...fields } = job.request;
    const stdin = worker.child.stdin as Writable;
    writeFrame((piece) => stdin.write(piece), fields, [bytes]);
  }
}

/** Ends the parsing processes (a parse under way fails); the next upload starts them again. */
export async function closeParsePool(): Promise<void> {
  for (const job of queue.splice(0)) {
    clearTimeout(job.timer);
    job.reject(new Error('The parsing processes were closed'));
  }
  const ending = [...workers];
  for (const worker of ending) {
    worker.ended ??= 'closed';
    worker.child.kill('SIGKILL');
  }
  await Promise.all(ending.map((w) => w.exited));
}

/** Files handed to the parsing processes since this process started, by kind. */
const handed = new Map<ParseKind, number>();

/** How many files of a kind were handed to the parsing processes (tests: which uploads go there). */
export const filesParsedInWorker = (kind: ParseKind): number => handed.get(kind) ?? 0;

/** Runs one request in the pool; the clock runs from the hand-over, queueing included. */
function run(request: ParseRequest): Promise<ParseReply> {
  return new Promise<ParseReply>((resolve, reject) => {
    const job: Job = {
      request,
      resolve,
      reject,
      timer: setTimeout(() => {
        const { worker } = job;
        if (worker) {
          worker.ended = 'timeout';
          worker.child.kill('SIGKILL');
        } else {
          finish(job);
          reject(abortError());
        }
      }, parseTimeoutMs()),
    };
    queue.push(job);
    dispatch();
  });
}

/**
 * Reads an uploaded file in a parsing process (parseTasks.ts `parseNow`).
 * @param kind what the file is
 * @param bytes the file (written to the process as it is: the caller must not change it)
 * @param options the kind's options
 * @throws HttpError 400 naming the file field for a file its reader refuses, 413 for one that
 *   exhausts a process's memory or outlasts {@link parseTimeoutMs}
 */
export async function parseInWorker<K extends ParseKind>(
  kind: K,
  bytes: Uint8Array,
  options: ParseOptions[K],
): Promise<ParseResults[K]> {
  handed.set(kind, filesParsedInWorker(kind) + 1);
  let reply: ParseReply;
  try {
    reply = await run({ id: nextId++, kind, bytes, options });
  } catch (error) {
    const { code, name } = error as { code?: string; name?: string };
    const reason =
      code === 'ERR_PARSE_OUT_OF_MEMORY'
        ? 'The file needs more memory to read than the server allows'
        : name === 'AbortError'
          ? `The file takes longer to read than the server allows (${parseTimeoutMs() / 1000} s)`
          : undefined;
    if (!reason) throw error;
    const message = `${reason}: it cannot be imported.`;
    throw new HttpError(413, { message, modelState: { file: [message] } }, message);
  }
  if ('refused' in reply) {
    const { statusCode, body, message } = reply.refused;
    throw new HttpError(statusCode, body, message);
  }
  if ('failed' in reply) {
    throw Object.assign(new Error(reply.failed.message), { stack: reply.failed.stack });
  }
  return reply.ok as ParseResults[K];
}
