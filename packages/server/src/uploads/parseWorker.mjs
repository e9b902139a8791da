// Entry of an upload parsing thread (parsePool.ts) when the server runs its TypeScript sources: a
// worker thread does not inherit the loader of the thread that started it, so this registers tsx,
// then loads the thread's work (parseThread.ts) once per thread. The build compiles parseThread.ts
// itself to dist/parseWorker.mjs (scripts/build.mjs), which needs no loader.
import { register } from 'tsx/esm/api';

register();
const { default: parse } = await import('./parseThread.ts');

export default parse;
