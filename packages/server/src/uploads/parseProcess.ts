/**
 * The work of an upload parsing process (parsePool.ts): read the file with parseTasks' readers and
 * answer on the process's answer pipe (frames.ts). A reader's 400 travels back as data (an HttpError
 * loses its class in serialisation); anything else travels back as its message and stack, and the
 * pool rejects the task. The process's entry is parseWorker.mjs from the sources (it registers tsx first)
 * and dist/parseWorker.mjs from the build (scripts/build.mjs), which is this module compiled.
 *
 * It serves only where the pool started it (SUNFIELD_PARSE_PROCESS=1): a module that imported it in
 * another process must not start reading that process's standard input.
 */
import net from 'node:net';
import { HttpError } from '../lib/errors.ts';
import { FrameReader, writeFrame } from './frames.ts';
import { parseNow, type ParseKind, type ParseOptions } from './parseTasks.ts';

/** What the pool asks: one file to read. */
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

if (process.env.SUNFIELD_PARSE_PROCESS === '1') {
  // Requests arrive on standard input, answers leave on descriptor 3 (frames.ts), one at a time.
  const out = new net.Socket({ fd: 3, readable: false, writable: true });
  const reader = new FrameReader(1, ({ fields, raw }) => {
    const { id, kind, options } = fields as Omit<ParseRequest, 'bytes'>;
    const { id: _, ...reply } = answer({ id, kind, options, bytes: raw[0] ?? new Uint8Array(0) });
    writeFrame((piece) => out.write(piece), { id }, [], reply);
  });
  process.stdin.on('data', (chunk: Buffer) => reader.push(chunk));
  // The pool's process ended or closed the pipe: nothing is left to answer.
  process.stdin.on('end', () => process.exit(0));
}
