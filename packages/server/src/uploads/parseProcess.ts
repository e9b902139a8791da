/**
 * The work of an upload parsing process (parsePool.ts): read the file with parseTasks' readers and
 * answer over the IPC channel. A reader's 400 travels back as data (an HttpError loses its class in
 * the channel's serialisation); anything else travels back as its message and stack, and the pool
 * rejects the task. The process's entry is parseWorker.mjs from the sources (it registers tsx first)
 * and dist/parseWorker.mjs from the build (scripts/build.mjs), which is this module compiled.
 *
 * It serves only where the pool started it (SUNFIELD_PARSE_PROCESS=1): a module that imported it in
 * another process with an IPC channel (a test runner's fork) must not start answering messages.
 */
import { HttpError } from '../lib/errors.ts';
import { parseNow, type ParseKind, type ParseOptions } from './parseTasks.ts';

/** What the pool sends: one file to read. */
export interface ParseRequest {
  id: number;
  kind: ParseKind;
  bytes: Uint8Array;
  options: ParseOptions[ParseKind];
}

/** What the process answers: the reader's result, its refusal, or the error it threw. */
export type ParseReply =
  | { id: number; ok: unknown }
  | { id: number; refused: { statusCode: number; body: unknown; message: string } }
  | { id: number; failed: { message: string; stack?: string } };

/** Reads one file; never throws. */
export function answer({ id, kind, bytes, options }: ParseRequest): ParseReply {
  try {
    return { id, ok: parseNow(kind, bytes, options) };
  } catch (error) {
    if (error instanceof HttpError) {
      return { id, refused: { statusCode: error.statusCode, body: error.body, message: error.message } };
    }
    const { message, stack } = error instanceof Error ? error : { message: String(error), stack: undefined };
    return { id, failed: { message, stack } };
  }
}

if (process.env.SUNFIELD_PARSE_PROCESS === '1' && process.send) {
  process.on('message', (request: ParseRequest) => {
    process.send?.(answer(request));
  });
  // The pool's process ended or closed the channel: nothing is left to answer.
  process.on('disconnect', () => process.exit(0));
}
