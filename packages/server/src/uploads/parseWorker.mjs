// Entry of an upload parsing process (parsePool.ts) when the server runs its TypeScript sources: the
// process is started with no loader, so this registers tsx, then loads the process's work
// (parseProcess.ts), which answers the pool's messages. The build compiles parseProcess.ts itself to
// dist/parseWorker.mjs (scripts/build.mjs), which needs no loader.
import { register } from 'tsx/esm/api';

register();
await import('./parseProcess.ts');
