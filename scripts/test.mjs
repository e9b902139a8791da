// `npm test`: every gate and suite in order — lint, types, format, unit (on this Node and on Node 24),
// integration (PGlite and PostgreSQL, on both Nodes), browser end-to-end — then one closing line with the test counts.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'test-results');
fs.mkdirSync(out, { recursive: true });
const only = process.argv.slice(2);
/** The second Node the unit and integration suites run on (the current LTS major; `node` package on npm). */
const NODE24 = '24';
/** A command's prefix that runs `node` as Node 24. */
const onNode24 = ['npx', '--yes', '--package', `node@${NODE24}`, 'node'];
/** The integration suites' PostgreSQL database (test/integration/pgServer.ts TEST_SERVER). */
const TEST_SERVER = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sunfield_test';

const stages = [
  { name: 'lint', cmd: ['npx', 'eslint', '.', '--max-warnings=0'] },
  { name: 'typecheck', cmd: ['node', 'scripts/typecheck.mjs'] },
  { name: 'format', cmd: ['npx', 'prettier', '--check', '.', '--log-level', 'warn'] },
  {
    name: 'unit',
    cmd: [
      'npx',
      'vitest',
      'run',
      '--project',
      'unit',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}/unit.json`,
    ],
    report: 'unit.json',
  },
  {
    // The same unit suite on the current LTS, Node 24, whatever Node runs this script: the npm
    // registry's `node` package ships its binary (fetched once into npm's cache by npx), and vitest's
    // worker threads run on the Node that started it. See NODE24 below for the pinned major.
    name: 'unit-node24',
    cmd: [
      ...onNode24,
      'node_modules/vitest/vitest.mjs',
      'run',
      '--project',
      'unit',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}/unit-node24.json`,
    ],
    report: 'unit-node24.json',
  },
  {
    name: 'integration',
    cmd: [
      'npx',
      'vitest',
      'run',
      '--project',
      'integration',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}/integration.json`,
    ],
    report: 'integration.json',
  },
  {
    // The integration suites on Node 24 too (issue 16), on databases of their own: the sign-in and
    // reset limits of the first run's databases still count within their windows.
    name: 'integration-node24',
    cmd: [
      ...onNode24,
      'node_modules/vitest/vitest.mjs',
      'run',
      '--project',
      'integration',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}/integration-node24.json`,
    ],
    env: { TEST_DATABASE_URL: `${TEST_SERVER}_node24` },
    report: 'integration-node24.json',
  },
  { name: 'build', cmd: ['npm', 'run', 'build', '--silent'] },
  {
    name: 'e2e',
    cmd: ['npm', 'test', '-w', '@sunfield/e2e'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(out, 'e2e.json') },
    report: 'e2e.json',
  },
];

let passed = 0;
let failed = 0;
let skipped = 0;
const failedStages = [];
for (const stage of stages) {
  if (only.length && !only.includes(stage.name)) continue;
  if (stage.report) fs.rmSync(path.join(out, stage.report), { force: true });
  console.log(`\n=== ${stage.name} ===`);
  const started = Date.now();
  const run = spawnSync(stage.cmd[0], stage.cmd.slice(1), {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...(stage.env ?? {}) },
  });
  console.log(
    `=== ${stage.name}: ${run.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (run.status !== 0) failedStages.push(stage.name);
  if (stage.report && fs.existsSync(path.join(out, stage.report))) {
    const report = JSON.parse(fs.readFileSync(path.join(out, stage.report), 'utf8'));
    if (report.numPassedTests !== undefined) {
      passed += report.numPassedTests;
      failed += report.numFailedTests;
      skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    } else if (report.stats) {
      passed += report.stats.expected ?? 0;
      failed += (report.stats.unexpected ?? 0) + (report.stats.flaky ?? 0);
      skipped += report.stats.skipped ?? 0;
    }
  } else if (run.status !== 0) {
    failed += 1;
  }
}
if (failedStages.length) console.log(`\nFailed stages: ${failedStages.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedStages.length ? 1 : 0);
