#!/usr/bin/env node
// The `sunfield` command. Runs the compiled server (dist/, `npm run build`) when it is there and no
// older than the sources; otherwise the TypeScript sources through tsx, so that a checkout that was
// never built, the tests and a developer editing code run what is in src/ without a build step.
// SUNFIELD_FROM_SOURCE=1 asks for the sources (npm run dev), SUNFIELD_FROM_SOURCE=0 for dist as it is.
import fs from 'node:fs';
import path from 'node:path';

const serverRoot = path.resolve(import.meta.dirname, '..');
const dist = path.join(serverRoot, 'dist');

/** Time of the newest file under a folder [ms]; 0 when the folder is not there (a container image). */
function newestFile(dir) {
  let newest = 0;
  let entries;
  try {
    entries = fs.readdirSync(dir, { recursive: true, withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const time = fs.statSync(path.join(entry.parentPath ?? entry.path, entry.name)).mtimeMs;
    if (time > newest) newest = time;
  }
  return newest;
}

/**
 * Whether dist is a build of the sources as they are: built after the last change to the server's,
 * the engine's and the domain's sources (a few hundred stats, about 5 ms). Without the sources (the
 * container image ships dist alone) a build is current.
 */
function distIsCurrent() {
  let builtAt;
  try {
    builtAt = fs.statSync(path.join(dist, 'build.json')).mtimeMs;
  } catch {
    return false;
  }
  const sources = ['src', '../engine/src', '../domain/src'].map((dir) => path.join(serverRoot, dir));
  return Math.max(...sources.map(newestFile)) <= builtAt;
}

const choice = process.env.SUNFIELD_FROM_SOURCE;
let main;
if (choice === '0' || (choice !== '1' && distIsCurrent())) {
  // Stack traces of the server name the TypeScript files and lines (the build writes linked source
  // maps). Not for `simulate`: reading the maps of the modules it loads is a third of its start.
  if (process.argv[2] !== 'simulate') process.setSourceMapsEnabled(true);
  ({ main } = await import('../dist/cli.mjs'));
} else {
  if (choice !== '1' && fs.existsSync(path.join(dist, 'build.json'))) {
    console.error('sunfield: the sources changed after the last build; running them through tsx.');
  }
  let register;
  try {
    ({ register } = await import('tsx/esm/api'));
  } catch {
    // An install without dev dependencies has no tsx: it runs a build.
    console.error('sunfield: no current build in packages/server/dist; run `npm run build` first.');
    process.exit(1);
  }
  register();
  ({ main } = await import('../src/cli.ts'));
}
process.exitCode = await main(process.argv.slice(2));
