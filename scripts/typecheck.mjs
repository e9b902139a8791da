// Type-checks every workspace with its own tsconfig (strict), two at a time (tsc uses one core;
// CI machines have two). Each project's output is printed whole when it ends.
import { spawn } from 'node:child_process';

const projects = [
  // The slowest first, so that the two lanes end together.
  'packages/web',
  'packages/server',
  'packages/engine',
  'packages/engine/test',
  'packages/domain',
  'e2e',
  'bench',
];
const LANES = 2;

function check(project) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['tsc', '-p', project, '--noEmit'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      if (output) process.stdout.write(output);
      if (code !== 0) console.error(`typecheck failed: ${project}`);
      resolve(code === 0);
    });
  });
}

const queue = [...projects];
let failed = false;
await Promise.all(
  Array.from({ length: LANES }, async () => {
    for (let project = queue.shift(); project; project = queue.shift()) {
      if (!(await check(project))) failed = true;
    }
  }),
);
process.exit(failed ? 1 : 0);
