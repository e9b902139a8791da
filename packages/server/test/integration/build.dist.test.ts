import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl, onServer } from './pgServer.ts';

/**
 * Issue 16: "`npm start` runs compiled JavaScript (a build step for server, engine and domain), not
 * tsx". The server is built (scripts/build.mjs) into a temporary folder, and the built CLI runs
 * without a TypeScript loader: `simulate` of an example case, and on PostgreSQL `seed` (the demo
 * weather parsed in an upload parsing process, dist/parseWorker.mjs) and `serve`, whose health route answers
 * and which runs the demo prediction in a run thread (dist/worker.mjs) — the files read beside the
 * sources (migrations, the demo files) found from dist.
 */
const SERVER = path.resolve(import.meta.dirname, '../..');
const REPO = path.resolve(SERVER, '../..');

/** Calls the built CLI's `main` the way bin/sunfield.js does, with nothing registered. */
const RUNNER =
  'const { main } = await import(process.argv[1]); process.exitCode = await main(process.argv.slice(2));';

let outdir = '';

function runBuilt(args: string[], env: NodeJS.ProcessEnv = process.env) {
  return spawnSync(
    process.execPath,
    ['--input-type=module', '-e', RUNNER, path.join(outdir, 'cli.mjs'), ...args],
    { cwd: REPO, env, encoding: 'utf8', timeout: 60_000 },
  );
}

beforeAll(() => {
  // Inside the repository's node_modules (ignored by git and the linters), where the bundle's npm
  // imports resolve as they do from packages/server/dist.
  const cache = path.join(REPO, 'node_modules/.cache');
  fs.mkdirSync(cache, { recursive: true });
  outdir = fs.mkdtempSync(path.join(cache, 'sunfield-dist-'));
  const build = spawnSync(process.execPath, ['scripts/build.mjs', outdir], {
    cwd: SERVER,
    encoding: 'utf8',
  });
  expect(build.status, build.stderr).toBe(0);
});

afterAll(() => {
  if (outdir) fs.rmSync(outdir, { recursive: true, force: true });
});

describe('the built server', () => {
  it('has the CLI and both thread entries, and imports no TypeScript and no tsx', () => {
    for (const entry of ['cli.mjs', 'worker.mjs', 'parseWorker.mjs', 'simulate.cjs', 'build.json']) {
      expect(fs.existsSync(path.join(outdir, entry)), entry).toBe(true);
    }
    for (const file of fs.readdirSync(outdir).filter((f) => f.endsWith('.mjs') || f.endsWith('.cjs'))) {
      const code = fs.readFileSync(path.join(outdir, file), 'utf8');
      expect(code, file).not.toMatch(/(?:from |import\(|require\()\s*["'](?:tsx|@sunfield\/|[^"']+\.ts["'])/);
      // a script has no import.meta (buildSimulate makes import.meta.dirname the bundle's __dirname)
      if (file.endsWith('.cjs')) expect(code, file).not.toMatch(/\bimport\.meta\b/);
    }
  });

  it('simulates an example case', () => {
    const run = runBuilt(['simulate', 'examples/greensboro_fixed_cec.json', '--quiet']);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    // The reference energies of docs/simulate.md.
    expect(run.stdout.trim()).toBe('DC 15278.649 kWh, AC 14701.252 kWh');
  });

  it('simulates an example case from simulate.cjs, the bundle bin/sunfield.js runs as a script', () => {
    const run = spawnSync(
      process.execPath,
      [
        '-e',
        'require(process.argv[1]).runSimulateCommand(process.argv.slice(2)).then((c) => { process.exitCode = c; });',
        path.join(outdir, 'simulate.cjs'),
        'examples/greensboro_fixed_cec.json',
        '--quiet',
      ],
      { cwd: REPO, encoding: 'utf8', timeout: 60_000 },
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe('DC 15278.649 kWh, AC 14701.252 kWh');
  });

  it.skipIf(process.env.SKIP_POSTGRES === '1')(
    'seeds, serves and runs a prediction on PostgreSQL',
    async () => {
      const name = `sunfield_test_dist_${crypto.randomBytes(4).toString('hex')}`;
      await onServer((c) => c.query(`create database ${name}`));
      const emptyLibrary = fs.mkdtempSync(path.join(os.tmpdir(), 'sunfield-nolib-'));
      const port = 20_000 + crypto.randomInt(20_000);
      const env = {
        ...process.env,
        DATABASE_URL: databaseUrl(name),
        // The demo's own module and inverter instead of 20,000 CEC rows: seconds, not a minute.
        SUNFIELD_LIBRARY_DIR: emptyLibrary,
        PORT: String(port),
        HOST: '127.0.0.1',
        SMTP_URL: '',
        LOG_LEVEL: 'warn',
        SUNFIELD_WORKERS: '1',
      };
      let child: ReturnType<typeof spawn> | undefined;
      let exited: Promise<unknown> = Promise.resolve();
      try {
        const seed = runBuilt(['seed'], env);
        expect(seed.status, seed.stdout + seed.stderr).toBe(0);
        expect(seed.stdout).toContain('Seeded demo@sunfield.local.');

        child = spawn(
          process.execPath,
          ['--input-type=module', '-e', RUNNER, path.join(outdir, 'cli.mjs'), 'serve'],
          { cwd: REPO, env, stdio: ['ignore', 'pipe', 'pipe'] },
        );
        let output = '';
        child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
        const running = child;
        exited = new Promise((resolve) => running.on('exit', resolve));
        const base = `http://127.0.0.1:${port}`;
        const deadline = Date.now() + 60_000;
        for (;;) {
          const health = await fetch(`${base}/api/health`).catch(() => undefined);
          if (health?.status === 200) break;
          if (Date.now() > deadline || child.exitCode !== null)
            throw new Error(`serve did not start:\n${output}`);
          await new Promise((resolve) => setTimeout(resolve, 200));
        }

        const call = async (method: string, url: string, token?: string, body?: unknown) => {
          const res = await fetch(base + url, {
            method,
            headers: {
              ...(token ? { authorization: `Bearer ${token}` } : {}),
              ...(body ? { 'content-type': 'application/json' } : {}),
            },
            ...(body ? { body: JSON.stringify(body) } : {}),
          });
          const text = await res.text();
          expect(res.status, `${method} ${url}: ${text}`).toBeLessThan(300);
          return (text ? JSON.parse(text) : null) as Record<string, unknown> & Record<string, unknown>[];
        };
        const login = await call('POST', '/api/auth/login', undefined, {
          email: 'demo@sunfield.local',
          password: 'sunfield-demo',
        });
        const token = login.accessToken as string;
        const projects = await call('GET', '/api/Project', token);
        const project = projects.find((p) => p.name === 'Demo: Greensboro, NC')!;
        const predictions = await call('GET', `/api/Project/${String(project.id)}/Prediction`, token);
        const url = `/api/Project/${String(project.id)}/Prediction/${String(predictions[0]!.id)}`;
        await call('POST', `${url}/Run`, token);
        let prediction = await call('GET', url, token);
        while (![3, 4, 5].includes(prediction.processingStatus as number)) {
          if (Date.now() > deadline + 60_000) throw new Error('the run did not end');
          await new Promise((resolve) => setTimeout(resolve, 250));
          prediction = await call('GET', url, token);
        }
        // ProcessingStatusEnum Success.
        expect(prediction.processingStatus, String(prediction.processingMessage)).toBe(3);
      } finally {
        child?.kill('SIGTERM');
        await exited;
        fs.rmSync(emptyLibrary, { recursive: true, force: true });
        await onServer((c) => c.query(`drop database if exists ${name} with (force)`));
      }
    },
    150_000,
  );
});
