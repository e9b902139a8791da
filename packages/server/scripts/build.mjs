// Compiles the server, with the engine and domain packages it imports, to JavaScript in
// packages/server/dist, so that `npm start`, the container image and `npx sunfield` after a build run
// no TypeScript loader (bin/sunfield.js picks dist when it is current, the sources through tsx when
// not). `node packages/server/scripts/build.mjs [OUTDIR]`.
//
// Why esbuild bundling rather than tsc: the sources import with `.ts` specifiers and reach the other
// workspaces as '@sunfield/engine/….ts' (their package exports point at src/), which tsc's
// rewriteRelativeImportExtensions does not rewrite (it rewrites relative paths only); a bundle
// resolves them as Vite and tsx already do, and esbuild comes with both. Each entry is bundled with
// the workspace packages inside and every npm package outside (loaded from node_modules as usual,
// so native and WASM packages — argon2, PGlite — and packages that read their own files — pdfkit's
// fonts, geo-tz's data — work as installed). Code splitting keeps the dynamic imports of cli.ts
// lazy: `sunfield simulate` loads the engine's chunks, not Fastify or the database.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const SERVER_ROOT = path.resolve(import.meta.dirname, '..');

/**
 * The entries. The thread and process entries are named after the files the pools open next to their own
 * module (`new URL('./worker.mjs', import.meta.url)` in runs/pool.ts, './parseWorker.mjs' in
 * uploads/parsePool.ts): in dist every chunk sits in one folder, so the same URL finds these.
 */
export const ENTRIES = {
  cli: 'src/cli.ts',
  worker: 'src/runs/task.ts',
  parseWorker: 'src/uploads/parseProcess.ts',
};

/**
 * `import.meta.dirname` of each source module, as it would be in the sources: files shipped beside
 * them (migrations in drizzle/, the CEC lists in library/, the demo files, the web app's dist, the
 * root package.json) are found from it, and in a bundle every module would otherwise get the
 * chunk's folder. The path is relative to the output folder, so dist keeps working wherever the
 * repository (or the container's copy of its layout) is moved.
 */
function sourceDirname(outdir) {
  return {
    name: 'source-dirname',
    setup(builder) {
      builder.onLoad({ filter: /\.[cm]?[jt]s$/ }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const source = await fs.promises.readFile(args.path, 'utf8');
        if (!source.includes('import.meta.dirname')) return undefined;
        const relative = path.relative(outdir, path.dirname(args.path)).split(path.sep).join('/');
        const contents =
          // On the first line, so that the source map's line numbers stay the source's.
          `import { join as __sourceJoin } from 'node:path'; ` +
          source.replaceAll(
            'import.meta.dirname',
            `__sourceJoin(import.meta.dirname, ${JSON.stringify(relative)})`,
          );
        return { contents, loader: path.extname(args.path).slice(1).replace(/^[cm]/, '') };
      });
    },
  };
}

/** npm packages stay imports (node_modules at run time); the workspace packages are bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@sunfield/') || path.isAbsolute(args.path)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * Builds into outdir (emptied first).
 * @param {string} [outdir] default packages/server/dist
 * @returns {Promise<{ outdir: string, milliseconds: number, bytes: number }>}
 */
export async function buildServer(outdir = path.join(SERVER_ROOT, 'dist')) {
  const started = performance.now();
  const out = path.resolve(outdir);
  fs.rmSync(out, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: SERVER_ROOT,
    entryPoints: Object.entries(ENTRIES).map(([name, file]) => ({ in: file, out: name })),
    outdir: out,
    outExtension: { '.js': '.mjs' },
    // Chunks beside the entries: the pools' worker URLs and the paths above assume one folder.
    chunkNames: '[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    sourcemap: 'linked',
    keepNames: true,
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
    plugins: [externalPackages, sourceDirname(out)],
  });
  // `sunfield simulate` runs from a bundle of its own (buildSimulate), compiled with a code cache.
  const simulate = path.join(out, 'simulate.cjs');
  await buildSimulate(simulate);
  const bytes =
    Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0) + fs.statSync(simulate).size;
  // The bin compares this file's time with the sources' to tell a current build from a stale one.
  fs.writeFileSync(
    path.join(out, 'build.json'),
    `${JSON.stringify({ builtAt: new Date().toISOString() })}\n`,
  );
  return { outdir: out, milliseconds: Math.round(performance.now() - started), bytes };
}

/**
 * Bundles `sunfield simulate` alone (src/commands/simulate/run.ts with the engine, one CommonJS file,
 * no source map) to outfile: what bin/sunfield.js runs for `simulate`, from dist (buildServer writes
 * dist/simulate.cjs) or, when dist is not a current build, from node_modules/.cache in place of the
 * sources through tsx, whose start (the loader, then each of the engine's ~200 modules resolved and
 * compiled on the way) was most of the command's time (issue 17). About 0.2 s, once per change of the
 * sources. Written to a temporary name and renamed, so that a process running at the same time reads
 * either the old bundle or the new one.
 *
 * CommonJS, not a module: the bin compiles it as a script (`vm.Script`) with V8's code cache, which
 * Node 20 offers for scripts only (bin/sunfield.js, `runSimulateScript`). `import.meta.dirname` is the
 * bundle's own folder (`__dirname` of the wrapper the bin gives it) joined with the path back to the
 * source module's, as in dist; any other use of `import.meta`, and a dynamic `import()` of a package
 * left outside, fail the build, since a script has neither.
 * @param {string} outfile the bundle's path (.cjs)
 * @returns {Promise<{ outfile: string, milliseconds: number }>}
 */
export async function buildSimulate(outfile) {
  const started = performance.now();
  const out = path.resolve(outfile);
  const tmp = `${out}.${process.pid}.tmp.cjs`;
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const result = await build({
    absWorkingDir: SERVER_ROOT,
    entryPoints: ['src/commands/simulate/run.ts'],
    outfile: tmp,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20.19',
    define: { 'import.meta.dirname': '__dirname' },
    legalComments: 'none',
    logLevel: 'silent',
    plugins: [externalPackages, sourceDirname(path.dirname(out))],
  });
  // A script compiled by vm.Script has no import(): the bin gives it no importModuleDynamically.
  const problems = result.warnings.map((w) => w.text);
  if (/\bimport\s*\(/.test(fs.readFileSync(tmp, 'utf8')))
    problems.push('a dynamic import() stays in the bundle');
  if (problems.length > 0) {
    fs.rmSync(tmp, { force: true });
    throw new Error(`bundling simulate: ${problems.join('; ')}`);
  }
  fs.renameSync(tmp, out);
  return { outfile: out, milliseconds: Math.round(performance.now() - started) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { outdir, milliseconds, bytes } = await buildServer(process.argv[2]);
  console.log(
    `server built to ${path.relative(process.cwd(), outdir) || '.'} in ${milliseconds} ms (${(bytes / 1e6).toFixed(1)} MB with source maps)`,
  );
}
