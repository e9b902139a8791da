#!/usr/bin/env node
// The `sunfield` command. Runs the compiled server (dist/, `npm run build`) when it is there and no
// older than the sources; otherwise the TypeScript sources through tsx, so that a checkout that was
// never built, the tests and a developer editing code run what is in src/ without a build step.
// SUNFIELD_FROM_SOURCE=1 asks for the sources (npm run dev), SUNFIELD_FROM_SOURCE=0 for dist as it is.
import fs from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import v8 from 'node:v8';

const serverRoot = path.resolve(import.meta.dirname, '..');
const dist = path.join(serverRoot, 'dist');

// Node 22.1+ keeps the V8 code of the modules it compiles on disk and reads it back at the next start
// (module.enableCompileCache; it took `sunfield simulate` of the hourly example on Node 24 from 540 to
// 505 ms when that ran as modules): for the server's other commands, `simulate` having a code cache of
// its own on every Node (runSimulateScript). In node_modules/.cache, beside the simulate bundle; a
// folder that cannot be written (a read-only image) leaves it off, and Node 20 has no such cache.
const cacheRoot = path.resolve(serverRoot, '../../node_modules/.cache/sunfield');
module.enableCompileCache?.(path.join(cacheRoot, 'compile'));

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
    // the folder and the name as they are (readdir's own path, no path.join to normalise for each)
    const time = fs.statSync(`${entry.parentPath ?? entry.path}/${entry.name}`).mtimeMs;
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

/**
 * `sunfield simulate` without a current dist: the command bundled alone into node_modules/.cache
 * (`buildSimulate` of scripts/build.mjs, about 0.2 s once per change of the sources), which starts in
 * a few milliseconds where the sources through tsx took most of a second (issue 17). The path of the
 * bundle, or undefined when it cannot be built here (no esbuild in an install without dev
 * dependencies, a read-only tree): then the sources run through tsx as before.
 */
async function simulateBundle(sourcesTime) {
  const bundle = path.resolve(cacheRoot, 'simulate.cjs');
  try {
    if (fs.statSync(bundle).mtimeMs >= sourcesTime) return bundle;
  } catch {
    // not built yet
  }
  try {
    const { buildSimulate } = await import('../scripts/build.mjs');
    await buildSimulate(bundle);
    return bundle;
  } catch {
    return undefined;
  }
}

/** Time of the newest source file of the server, the engine and the domain [ms]. */
function sourcesTime() {
  const sources = ['src', '../engine/src', '../domain/src', '../../scripts'].map((dir) =>
    path.join(serverRoot, dir),
  );
  return Math.max(...sources.map(newestFile));
}

/**
 * The environment of a `simulate` started again (below): glibc's malloc asked to back its large
 * blocks with transparent huge pages (tunable `glibc.malloc.hugetlb=1`, glibc 2.35+, for kernels whose
 * THP mode is `madvise`, Debian's default; an unknown tunable is ignored, and musl ignores the
 * variable). A 1-minute year's columns are 4 MB blocks, each first touched a 4 kB page at a time, and
 * a page fault costs ~2.5 µs in a virtual machine: one run of the fixed example on a 1-minute year
 * took 84,000 page faults, 47,000 with the tunable; its first simulation 964-980 -> 761-890 ms and its
 * weather parse 782-827 -> 558-567 ms (3 runs of 4 each, load ~1 on 2 CPUs; the fourth 1127 and 971
 * ms). The median of later runs does not change (272-330 ms either way): their blocks are reused.
 */
function hugePagesEnv() {
  if (hugePagesSet()) return process.env;
  const tunables = process.env.GLIBC_TUNABLES ?? '';
  const hugetlb = 'glibc.malloc.hugetlb=1';
  return { ...process.env, GLIBC_TUNABLES: tunables ? `${tunables}:${hugetlb}` : hugetlb };
}

/** Whether GLIBC_TUNABLES already says how malloc uses huge pages (then it is left as it is). */
function hugePagesSet() {
  return (process.env.GLIBC_TUNABLES ?? '').includes('glibc.malloc.hugetlb');
}

/**
 * Runs this command again in a new node, with V8 flags added and huge pages ({@link hugePagesEnv}),
 * and exits with its status.
 */
async function runAgain(flags) {
  const { spawnSync } = await import('node:child_process');
  const child = spawnSync(
    process.execPath,
    [...process.execArgv, ...flags, import.meta.filename, ...process.argv.slice(2)],
    { stdio: 'inherit', env: hugePagesEnv() },
  );
  process.exit(child.status ?? 1);
}

/** Bytes of the file `--weather` names, 0 without one. */
function weatherBytes() {
  const argv = process.argv;
  const at = argv.findIndex((a) => a === '--weather' || a.startsWith('--weather='));
  const file = at < 0 ? undefined : argv[at].startsWith('--weather=') ? argv[at].slice(10) : argv[at + 1];
  try {
    return file ? fs.statSync(file).size : 0;
  } catch {
    return 0;
  }
}

/**
 * A single `simulate` of a weather file this large (a 30-minute year is ~2 MB, a 1-minute year ~35
 * MB) starts again with huge pages ({@link hugePagesEnv}): one more node start (~40 ms) against
 * ~200 ms saved. The hourly runs that the whole-command figure times are not started again.
 */
const HUGE_PAGES_FROM = 8 * 1024 * 1024;

const repeatAsked = process.argv.some((a) => a === '--repeat' || a.startsWith('--repeat='));
if (process.argv[2] === 'simulate' && !repeatAsked && !hugePagesSet() && weatherBytes() >= HUGE_PAGES_FROM) {
  await runAgain([]);
}
if (
  process.argv[2] === 'simulate' &&
  repeatAsked &&
  !process.execArgv.includes('--no-concurrent-recompilation')
) {
  // `--repeat` measures simulations one after another: the command runs again in a node started with
  // --no-concurrent-recompilation, which V8 reads only at start-up (v8.setFlagsFromString below leaves
  // the compiler thread in place). With the thread, a function marked hot in one simulation was
  // compiled in the background at its next call while that call's loop went on in baseline code and
  // was compiled a second time on the stack (OSR): the third simulation of a 1-minute year did both
  // for ~30 loops (--trace-osr: 6 OSR compilations instead of ~30). Measured on 1-minute years, CPU of
  // simulations 2, 3, 4 in one process, 3 processes each, load 11-17 on 2 CPUs: third simulation
  // 710-836 -> 584-656 ms; the median of the three (what --repeat 3 prints) fixed 641-697 -> 584-638
  // ms, tracker 641-703 -> 624-656 ms. One more node start (~40 ms) before the runs, outside the
  // times the command prints; huge pages for malloc come with it (hugePagesEnv).
  await runAgain(['--no-concurrent-recompilation']);
}

if (process.argv[2] === 'simulate') {
  // A short run of long loops (8,760 to 525,600 steps): baseline (Sparkplug) code from a function's
  // first call instead of after a spell in the interpreter, and optimised code compiled on the main
  // thread when a function or loop gets hot instead of queued for a compiler thread while the loop
  // goes on in slower code (on a busy machine that thread waits for a core). Measured on the fixed
  // example (issue 17), --repeat 20 median: sparkplug -20 %; then synchronous compilation a further
  // -30 % at load 16 on 2 CPUs. Set before any of the engine is compiled; these three flags are in
  // the V8 of Node 20 to 24.
  v8.setFlagsFromString('--always-sparkplug');
  v8.setFlagsFromString('--no-concurrent-recompilation');
  v8.setFlagsFromString('--no-concurrent-osr');
  // One simulation (no --repeat) of a short series: a 16× interrupt budget, so that only what is really
  // hot is compiled by TurboFan; the hourly year's single run took ~115 ms of CPU instead of ~165 with a
  // 4× budget (less compilation, which now happens on the main thread), and with 16× the loops that
  // compiled longer than they then ran are left in baseline code (SPA's per-step loop: a 14 ms OSR
  // compilation for 8,760 steps): fixed example 98-113 -> 83-88 ms, tracker 99-109 -> 84-88 ms, a
  // 30-minute PSM3 year 136-141 -> 119-125 ms (5 runs each, load ~1). A 1-minute year's single run is quicker
  // with the default budget (first run, load ~0.8: 417-442 -> 401-428 ms), and so are --repeat's
  // (runs 2-21 would take ~18 % longer with the larger one). The command calls this hook with the
  // weather's step count once it is read, before the engine runs (V8 gives a function its budget when
  // it is first called, so the engine's functions get the budget set here; issue 17).
  // The flag is V8 11's (Node 20); V8 13 (Node 24) counts invocations instead and has no
  // --interrupt-budget (setting it printed "Error: unrecognized flag" under every single run there):
  // later V8s keep their default tiering.
  const v8Major = Number(process.versions.v8.split('.')[0]);
  if (!repeatAsked && v8Major <= 11)
    globalThis[Symbol.for('sunfield.simulate.steps')] = (steps) => {
      if (steps > 17_568) return;
      v8.setFlagsFromString('--interrupt-budget=1080000');
      budgetRaised = true;
    };
}
/** Whether the hook above raised the interrupt budget (runSimulateScript sets it back before caching). */
let budgetRaised = false;

/**
 * Runs the `simulate` bundle (`buildSimulate` of scripts/build.mjs, CommonJS) as a script compiled
 * with V8's code cache: the bytecode of every function the last run compiled, read back instead of
 * parsing and compiling the 0.5 MB bundle and then each function at its first call. Node 20 has a
 * code cache for scripts only (`vm.Script` cachedData; its module compile cache came in 22.1), and
 * one script also skips the module loader's resolving and linking. Hourly fixed example, 14 runs
 * each, wall median: the chunks of dist as modules 187 ms, the bundle as a script 180 ms, with the
 * code cache 164 ms (its simulation 58 -> 50 ms: no lazy compilation).
 *
 * The cache is in node_modules/.cache/sunfield, named after the V8 version and a hash of the bundle's
 * path, size, time and inode (V8 itself checks only the source's length, its version and its flags;
 * a cache made from another path names that path in stack traces), written after a run that
 * had none or had it rejected, and is left out where the folder cannot be written. V8 refuses a cache
 * made under other flags: before making it, the interrupt budget that the hook above raised is set
 * back to what it was when the script was compiled.
 *
 * SUNFIELD_SIMULATE_CACHE=0 leaves out this cache and the inputs' (commands/simulate/inputCache.ts),
 * SUNFIELD_SIMULATE_CACHE=code the inputs' alone.
 *
 * Not for `--repeat`, whose figures are the simulations after the first: a function read from the
 * cache starts in the interpreter (--always-sparkplug acts when a function is compiled, and these are
 * not), and the later runs were slower (hourly fixed example, median of 20, 3 processes each:
 * 3.84-4.06 ms without the cache, 4.62-4.79 with it; 1-minute year, median of 3: 181-183 against
 * 189-193 ms). A single run gains: the hourly example above, and a 1-minute year's simulation 327 ->
 * 290 ms (8 runs each, wall 774 -> 715 ms).
 * @param {string} file the bundle
 * @param {string[]} args the command's arguments after `simulate`
 * @returns {Promise<number>} the exit status
 */
async function runSimulateScript(file, args) {
  const [vm, { createRequire }] = await Promise.all([import('node:vm'), import('node:module')]);
  const code = fs.readFileSync(file, 'utf8');
  // The bundle as written: its path, size, time and inode (each build writes a new file and renames
  // it); the code cache is named after it in a short FNV-1a hash (a content hash would load
  // node:crypto, ~4 ms of the start), and the inputs' entries hold it.
  const { size, mtimeMs, ino } = fs.statSync(file);
  const identity = JSON.stringify([process.arch, file, size, mtimeMs, ino]);
  const cacheFile = path.join(cacheRoot, `${CACHE_PREFIX}${fnv1a(identity)}.v8cache`);
  // SUNFIELD_SIMULATE_CACHE: unset, both caches; `code`, the code cache alone; `0`, neither.
  const cacheChoice = process.env.SUNFIELD_SIMULATE_CACHE;
  const caching = cacheChoice !== '0';
  const codeCache = caching && !repeatAsked;
  let cachedData;
  try {
    if (codeCache) cachedData = fs.readFileSync(cacheFile);
  } catch {
    // first run of this bundle
  }
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${code}\n})`, {
    filename: file,
    cachedData,
  });
  // What the command parses from its input files is kept for the next run of this bundle on the same
  // files (commands/simulate/inputCache.ts).
  if (caching && cacheChoice !== 'code')
    globalThis[Symbol.for('sunfield.simulate.inputCache')] = {
      dir: path.join(cacheRoot, 'inputs'),
      code: identity,
    };
  const cjs = { exports: {} };
  script.runInThisContext()(cjs.exports, createRequire(file), cjs, file, path.dirname(file));
  const status = await cjs.exports.runSimulateCommand(args);
  if (codeCache && (cachedData === undefined || script.cachedDataRejected))
    await writeCodeCache(script, cacheFile);
  return status;
}

/** Writes a script's code cache (see runSimulateScript), replacing this V8's caches of other bundles. */
async function writeCodeCache(script, cacheFile) {
  try {
    if (budgetRaised) {
      const budget = await flagAtStart('interrupt-budget');
      if (budget === undefined) return;
      v8.setFlagsFromString(`--interrupt-budget=${budget}`);
    }
    const data = script.createCachedData();
    const dir = path.dirname(cacheFile);
    fs.mkdirSync(dir, { recursive: true });
    for (const name of fs.readdirSync(dir))
      if (name.startsWith(CACHE_PREFIX) && name !== path.basename(cacheFile))
        fs.rmSync(path.join(dir, name), { force: true });
    const tmp = `${cacheFile}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, data);
    fs.renameSync(tmp, cacheFile);
  } catch {
    // a folder that cannot be written: no cache
  }
}

/** 32-bit FNV-1a hash of a string's UTF-16 code units, 8 hex digits. */
function fnv1a(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** The start of the names of the code caches of this V8 (one per version, so that two Nodes keep theirs). */
const CACHE_PREFIX = `simulate-v8-${process.versions.v8}-`;

/**
 * A V8 flag's value when the process started: node's own argument, else V8's default as
 * `node --v8-options` prints it (a child process, only when a cache is written: once per bundle).
 */
async function flagAtStart(flag) {
  const given = process.execArgv.findLast((a) => a.startsWith(`--${flag}=`));
  if (given) return given.slice(flag.length + 3);
  const { spawnSync } = await import('node:child_process');
  const options = spawnSync(process.execPath, ['--v8-options'], { encoding: 'utf8' }).stdout ?? '';
  return new RegExp(`default: --${flag}=(\\d+)`).exec(options)?.[1];
}

const choice = process.env.SUNFIELD_FROM_SOURCE;
const current = choice === '0' || (choice !== '1' && distIsCurrent());
const bundle =
  !current && choice !== '1' && process.argv[2] === 'simulate'
    ? await simulateBundle(sourcesTime())
    : undefined;
const distSimulate = path.join(dist, 'simulate.cjs');
let main;
if (bundle) {
  main = (argv) => runSimulateScript(bundle, argv.slice(1));
} else if (current && process.argv[2] === 'simulate' && fs.existsSync(distSimulate)) {
  main = (argv) => runSimulateScript(distSimulate, argv.slice(1));
} else if (current) {
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
