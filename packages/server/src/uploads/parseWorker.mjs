// Entry of an upload parsing thread (parsePool.ts). The server runs its TypeScript sources through
// tsx, and a worker thread does not inherit the loader of the thread that started it: register it
// here, then load the readers once per thread. A reader's 400 travels back as data (an HttpError
// loses its class in a structured clone); anything else is thrown, and the pool rejects the task.
import { register } from 'tsx/esm/api';

register();
const { parseNow } = await import('./parseTasks.ts');
const { HttpError } = await import('../lib/errors.ts');

export default function parse({ kind, bytes, options }) {
  try {
    return { ok: parseNow(kind, bytes, options) };
  } catch (error) {
    if (error instanceof HttpError) {
      return { refused: { statusCode: error.statusCode, body: error.body, message: error.message } };
    }
    throw error;
  }
}
