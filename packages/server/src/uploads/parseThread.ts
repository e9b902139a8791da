/**
 * The work of an upload parsing thread (parsePool.ts): read the file with parseTasks' readers. A
 * reader's 400 travels back as data (an HttpError loses its class in a structured clone); anything
 * else is thrown, and the pool rejects the task. The thread's entry is parseWorker.mjs from the
 * sources (it registers tsx first) and dist/parseWorker.mjs from the build (scripts/build.mjs), which
 * is this module compiled.
 */
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { HttpError } from '../lib/errors.ts';
import { parseNow, type ParseKind, type ParseOptions } from './parseTasks.ts';

/** Below this a copy costs less than it is worth to move [bytes]. */
const MOVE_FROM = 1024 * 1024;

/**
 * The large byte arrays of an answer (a weather year's series, a generic file's text), to move to the
 * request's thread rather than copy: copying 100 MB of series there held its event loop ~0.4 s. Only
 * arrays that own their whole buffer move (a small Buffer shares Node's pool, which must stay).
 */
function movableBuffers(value: unknown, depth = 0, found = new Set<ArrayBuffer>()): Set<ArrayBuffer> {
  if (ArrayBuffer.isView(value)) {
    const { buffer } = value;
    if (buffer instanceof ArrayBuffer && value.byteOffset === 0 && value.byteLength === buffer.byteLength) {
      if (buffer.byteLength >= MOVE_FROM) found.add(buffer);
    }
  } else if (value && typeof value === 'object' && !Array.isArray(value) && depth < 3) {
    for (const child of Object.values(value)) movableBuffers(child, depth + 1, found);
  }
  return found;
}

export interface ParseThreadTask {
  kind: ParseKind;
  bytes: Uint8Array;
  options: ParseOptions[ParseKind];
}

export default function parse({ kind, bytes, options }: ParseThreadTask): unknown {
  try {
    const answer = { ok: parseNow(kind, bytes, options) };
    const buffers = [...movableBuffers(answer.ok)];
    return buffers.length ? move({ [transferableSymbol]: buffers, [valueSymbol]: answer }) : answer;
  } catch (error) {
    if (error instanceof HttpError) {
      return { refused: { statusCode: error.statusCode, body: error.body, message: error.message } };
    }
    throw error;
  }
}
