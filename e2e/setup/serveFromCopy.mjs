// The browser tests' server, started from a copy of the repository in the run's temporary folder,
// with no `shared/` beside it and SUNFIELD_SHARED_DIR unset (issue 16: "a test from a temporary copy
// of the repository without shared/"): the product must seed its Global library, its demo weather and
// its demo project from what the repository ships. The copy holds the files git knows (tracked and
// not ignored) and the builds (packages/server/dist, packages/web/dist), timestamps kept, so that the
// command runs the compiled server exactly when the checkout would; node_modules are linked, not
// copied. The specs themselves may still read ../shared (weather files to upload, PAN and OND files).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const runDir = process.env.E2E_RUN_DIR;
if (!runDir) throw new Error('E2E_RUN_DIR is not set (e2e/setup/env.ts sets it)');
const copy = path.join(runDir, 'repository');

fs.rmSync(copy, { recursive: true, force: true });
const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
  cwd: repoRoot,
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
})
  .split('\0')
  .filter(Boolean);
for (const file of files) {
  const from = path.join(repoRoot, file);
  if (!fs.existsSync(from)) continue; // deleted in the work tree, not yet in the index
  fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
  fs.cpSync(from, path.join(copy, file), { preserveTimestamps: true });
}
for (const build of ['packages/server/dist', 'packages/web/dist']) {
  const from = path.join(repoRoot, build);
  if (fs.existsSync(from))
    fs.cpSync(from, path.join(copy, build), { recursive: true, preserveTimestamps: true });
}
for (const modules of [
  'node_modules',
  ...['engine', 'domain', 'server', 'web'].map((p) => `packages/${p}/node_modules`),
]) {
  const from = path.join(repoRoot, modules);
  if (fs.existsSync(from)) fs.symlinkSync(from, path.join(copy, modules), 'dir');
}
if (fs.existsSync(path.join(runDir, 'shared')) || fs.existsSync(path.join(copy, 'shared')))
  throw new Error(`a shared/ folder is beside the copy in ${runDir}`);

const env = { ...process.env };
delete env.SUNFIELD_SHARED_DIR;
// A super admin for the specs that need one (specs/helpers.ts SUPER_ADMIN), made before the server
// opens the embedded database, by the product's own `sunfield create-admin`.
execFileSync(
  process.execPath,
  [
    path.join(copy, 'packages/server/bin/sunfield.js'),
    'create-admin',
    '--email',
    'super-admin@e2e.sunfield.local',
    '--password',
    'Super-Admin-2026!',
    '--company',
    'E2E Operator',
  ],
  { cwd: copy, env, stdio: 'inherit' },
);
const server = spawn(process.execPath, [path.join(copy, 'packages/server/bin/sunfield.js'), 'serve'], {
  cwd: copy,
  env,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
