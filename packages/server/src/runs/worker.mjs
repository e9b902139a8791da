// Entry of a run pool thread (pool.ts). The server runs its TypeScript sources through tsx, and a
// worker thread does not inherit the loader of the thread that started it: register it here, then
// load the task module once per thread (the engine's code stays compiled and warm between runs).
import { register } from 'tsx/esm/api';

register();
const task = await import('./task.ts');

export default function run(input) {
  return task.default(input);
}
