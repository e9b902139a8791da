// Type-checks every workspace with its own tsconfig (strict), one after another.
import { spawnSync } from 'node:child_process';

const projects = [
  'packages/engine',
  'packages/engine/test',
  'packages/domain',
  'packages/server',
  'packages/web',
  'e2e',
  'bench',
];
let failed = false;
for (const project of projects) {
  const run = spawnSync('npx', ['tsc', '-p', project, '--noEmit'], { stdio: 'inherit' });
  if (run.status !== 0) {
    console.error(`typecheck failed: ${project}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
