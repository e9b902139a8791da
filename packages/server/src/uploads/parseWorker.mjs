// Entry of an upload parsing thread (parsePool.ts). The server runs its TypeScript sources through
// tsx, and a worker thread does not inherit the loader of the thread that started it: register it
// here, then load the readers once per thread. A reader's 400 travels back as data (an HttpError
// loses its class in a structured clone); anything else is thrown, and the pool rejects the task.
import { register } from 'tsx/esm/api';
import { move, transferableSymbol, valueSymbol } from 'piscina';

register();
const { parseNow } = await import('./parseTasks.ts');
const { HttpError } = await import('../lib/errors.ts');

/** Below this a copy costs less than it is worth to move [bytes]. */
const MOVE_FROM = 1024 * 1024;

/**
 * The large byte arrays of an answer (a weather year's series, a generic file's text), to move to the
 * request's thread rather than copy: copying 100 MB of series there held its event loop ~0.4 s. Only
 * arrays that own their whole buffer move (a small Buffer shares Node's pool, which must stay).
 */
function movableBuffers(value, depth = 0, found = new Set()) {
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

export default function parse({ kind, bytes, options }) {
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
