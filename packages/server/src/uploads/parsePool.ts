/**
 * Uploaded files are read in a small pool of threads (piscina), never on the event loop: a 50 MB
 * weather CSV parses for a second or two and a hostile workbook may parse for longer, and on the
 * event loop either held every other user's request that long. Each thread has a heap limit, so a
 * file built to exhaust memory ends its own thread (the pool starts a fresh one) and its request
 * gets a 413 naming the file field, while the server and the other requests carry on.
 *
 * The pool is separate from the run pool (runs/pool.ts: long engine runs with a 4 GB heap), started
 * on the first upload, its threads ended after 30 s idle, and closed with the app (app.ts onClose).
 */
import os from 'node:os';
import { Piscina } from 'piscina';
import { HttpError } from '../lib/errors.ts';
import type { ParseKind, ParseOptions, ParseResults } from './parseTasks.ts';

/** Threads: SUNFIELD_PARSE_THREADS, else 2 (1 on one CPU). */
export function parseThreadCount(): number {
  const fromEnv = Number(process.env.SUNFIELD_PARSE_THREADS);
  if (Number.isInteger(fromEnv) && fromEnv > 0) return fromEnv;
  return Math.min(2, Math.max(1, os.availableParallelism() - 1));
}

/**
 * Heap limit of a thread [MB]: SUNFIELD_PARSE_HEAP_MB, else 768, what a 150 MB one-minute weather
 * CSV (the upload limit) needs to parse, with room.
 */
export function parseHeapMb(): number {
  const fromEnv = Number(process.env.SUNFIELD_PARSE_HEAP_MB);
  return Number.isInteger(fromEnv) && fromEnv >= 16 ? fromEnv : 768;
}

/**
 * Longest a parse may take [ms]: SUNFIELD_PARSE_TIMEOUT_MS, else 60 s (the largest weather file
 * accepted, four one-minute years, parses in 10 s on a busy 2-CPU machine). A file built to keep a
 * thread busy (a sheet of millions of tiny cells under the inflate cap) is stopped there, so that
 * it holds one of the few parsing threads for a bounded time.
 */
export function parseTimeoutMs(): number {
  const fromEnv = Number(process.env.SUNFIELD_PARSE_TIMEOUT_MS);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : 60_000;
}

/** Below this a copy costs less than it is worth to move [bytes]. */
const MOVE_FROM = 1024 * 1024;

let shared: Piscina | undefined;

function pool(): Piscina {
  shared ??= new Piscina({
    filename: new URL('./parseWorker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: parseThreadCount(),
    idleTimeout: 30_000,
    resourceLimits: { maxOldGenerationSizeMb: parseHeapMb() },
  });
  return shared;
}

/** Ends the parsing threads (a parse under way fails); the next upload starts them again. */
export async function closeParsePool(): Promise<void> {
  const closing = shared;
  shared = undefined;
  await closing?.destroy();
}

type Answer<K extends ParseKind> =
  { ok: ParseResults[K] } | { refused: { statusCode: number; body: unknown; message: string } };

/** Files handed to the parsing threads since the process started, by kind. */
const handed = new Map<ParseKind, number>();

/** How many files of a kind were handed to the parsing threads (tests: which uploads go there). */
export const filesParsedInWorker = (kind: ParseKind): number => handed.get(kind) ?? 0;

/**
 * Reads an uploaded file in a parsing thread (parseTasks.ts `parseNow`).
 * @param kind what the file is
 * @param bytes the file: moved to the thread when it is large and owns its whole buffer (an upload
 *   read into one `Buffer.concat`), so the caller must not use it afterwards; else copied
 * @param options the kind's options
 * @throws HttpError 400 naming the file field for a file its reader refuses, 413 for one that
 *   exhausts a thread's memory or outlasts {@link parseTimeoutMs}
 */
export async function parseInWorker<K extends ParseKind>(
  kind: K,
  bytes: Uint8Array,
  options: ParseOptions[K],
): Promise<ParseResults[K]> {
  handed.set(kind, filesParsedInWorker(kind) + 1);
  let answer: Answer<K>;
  try {
    const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    const transferList =
      own && bytes.byteLength >= MOVE_FROM && bytes.buffer instanceof ArrayBuffer ? [bytes.buffer] : [];
    const signal = AbortSignal.timeout(parseTimeoutMs());
    answer = (await pool().run({ kind, bytes, options }, { transferList, signal })) as Answer<K>;
  } catch (error) {
    const { code, name } = error as { code?: string; name?: string };
    const reason =
      code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? 'The file needs more memory to read than the server allows'
        : name === 'AbortError'
          ? `The file takes longer to read than the server allows (${parseTimeoutMs() / 1000} s)`
          : undefined;
    if (!reason) throw error;
    const message = `${reason}: it cannot be imported.`;
    throw new HttpError(413, { message, modelState: { file: [message] } }, message);
  }
  if ('refused' in answer) {
    const { statusCode, body, message } = answer.refused;
    throw new HttpError(statusCode, body, message);
  }
  return answer.ok;
}
