// Entry of a run pool thread (pool.ts) when the server runs its TypeScript sources: a worker thread
// does not inherit the loader of the thread that started it, so this registers tsx, then loads the
// task module once per thread (the engine's code stays compiled and warm between runs). The build
// compiles task.ts itself to dist/worker.mjs (scripts/build.mjs), which needs no loader.
import { register } from 'tsx/esm/api';

register();
const task = await import('./task.ts');

export default function run(input) {
  return task.default(input);
}
