/**
 * Runs Python scripts, the public SDK's examples and our own, against the real app listening on
 * 127.0.0.1 (a random port), as a customer would run them against a Sunfield server.
 *
 *   describeSdk('…', (sdk) => {
 *     it('…', async () => {
 *       const { stdout } = await sdk().runExample('upload_pan_file.py', [literal(…)]);
 *     });
 *   });
 *
 * `describeSdk` builds on `describeEachDatabase` (PGlite, and PostgreSQL when reachable), makes sure
 * Debian's python3 has the SDK's dependencies, listens, runs `prediction.run` workers beside the app
 * (as `sunfield serve` does in embedded mode, so a script's `prediction.run()` completes) and gives
 * each suite a company user with API client credentials (POST /api/User/{id}/Secret). Scripts run in
 * a child process with a timeout (never synchronously: the server answering them runs in this
 * process).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { requireSharedDir } from '../../../../../scripts/sharedDir.ts';
import { signUpUser, type SignedUpUser } from '../factories.ts';
import { call, describeEachDatabase, type TestContext } from '../harness.ts';
import { runWorkers } from '../runHelpers.ts';
import { ensurePython, PYTHON, pythonEnv } from './ensurePython.ts';
import {
  apiCallSubstitution,
  notebookScript,
  substitute,
  type ApiTarget,
  type Substitution,
} from './scriptText.ts';

/** The public Python SDK (MIT) and its example scripts, in the shared folder. */
export const sdkDir = (): string => path.join(requireSharedDir(), 'clients', 'plantpredict-python-sdk');
export const examplesDir = (): string => path.join(sdkDir(), 'example_usage');

/** A script gets this long before it is killed (the SDK retries refused connections forever). */
export const SCRIPT_TIMEOUT_MS = 90_000;

export interface ScriptResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

export interface RunOptions {
  /** Working directory (scripts open their data files relatively). */
  cwd: string;
  /** Extra environment variables. */
  env?: Record<string, string>;
  /** Also put the SDK on PYTHONPATH (default true). */
  sdk?: boolean;
  timeoutMs?: number;
}

/** Runs a Python file with Debian's python3; never throws for the script's own failure. */
export function runPython(scriptPath: string, options: RunOptions): Promise<ScriptResult> {
  const env = pythonEnv({ ...(options.sdk === false ? {} : { PYTHONPATH: sdkDir() }), ...options.env });
  return new Promise((resolve, reject) => {
    const child = spawn(PYTHON, ['-s', scriptPath], {
      cwd: options.cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs ?? SCRIPT_TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, timedOut });
    });
  });
}

/** The last `max` characters of a text, for error messages. */
const tail = (text: string, max = 6000): string => (text.length > max ? `…${text.slice(-max)}` : text);

/** Throws with the script's stderr (and stdout, and `context` when given) unless it exited 0. */
export function assertSucceeded(name: string, result: ScriptResult, context?: string): ScriptResult {
  if (result.code === 0) return result;
  const how = result.timedOut ? 'timed out' : `exited ${result.code ?? result.signal}`;
  throw new Error(
    `${name} ${how}.\n--- stderr ---\n${tail(result.stderr)}\n--- stdout ---\n${tail(result.stdout, 2000)}` +
      (context ? `\n${context}` : ''),
  );
}

/** A fresh copy of the SDK's example_usage folder (scripts open their files relatively). */
export function copyExamples(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunfield-sdk-'));
  fs.cpSync(examplesDir(), dir, { recursive: true });
  // The shared folder is read-only in CI and cpSync keeps modes: let the copy be written and removed.
  for (const name of fs.readdirSync(dir)) fs.chmodSync(path.join(dir, name), 0o644);
  return dir;
}

export interface ExampleOptions {
  /** Files (absolute paths) copied beside the script, e.g. another PAN file to upload. */
  extraFiles?: readonly string[];
  /**
   * Python appended after the script (which runs unchanged above it), to print what the script's
   * calls returned for the test to read, e.g. `print(json.dumps({'rows': len(nodal_data_system)}))`.
   */
  epilogue?: string;
  /** How long the script may take (default {@link SCRIPT_TIMEOUT_MS}). */
  timeoutMs?: number;
}

export interface SdkContext {
  ctx: TestContext;
  app: FastifyInstance;
  /** http://127.0.0.1:PORT */
  origin: string;
  target: ApiTarget;
  /** The signed-up company admin whose credentials the scripts use (its session token for checks). */
  user: SignedUpUser;
  /** GET an API path (under /api) as the user, through inject; throws unless 200. */
  getJson: <T = Record<string, unknown>>(apiPath: string) => Promise<T>;
  /**
   * Copies the example folder, applies the Api(...) substitution and `substitutions` to the script
   * (of a notebook, `….ipynb`: to the script of its code cells), runs it there with the SDK on
   * PYTHONPATH and throws with its stderr unless it succeeds.
   */
  runExample: (
    scriptName: string,
    substitutions?: readonly Substitution[],
    options?: ExampleOptions,
  ) => Promise<ScriptResult>;
  /** Runs a Python file of ours (not the SDK's) with `env`; throws with its stderr unless it succeeds. */
  runScript: (scriptPath: string, env?: Record<string, string>) => Promise<ScriptResult>;
}

/** Listens on a random port of 127.0.0.1; answers the origin. */
export async function listenLocal(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening on a TCP port');
  return `http://127.0.0.1:${address.port}`;
}

/** Signs up a company admin and generates its API client credentials. */
export async function apiClientFor(
  app: FastifyInstance,
  origin: string,
): Promise<{ user: SignedUpUser; target: ApiTarget }> {
  const user = await signUpUser(app);
  const res = await call(app, { method: 'POST', url: `/api/User/${user.user.id}/Secret`, token: user.token });
  if (res.statusCode !== 200) throw new Error(`POST /api/User/{id}/Secret: ${res.statusCode} ${res.body}`);
  const { clientId, clientSecret } = res.json() as { clientId: string; clientSecret: string };
  return {
    user,
    target: { clientId, clientSecret, baseUrl: `${origin}/api`, authUrl: `${origin}/api/oauth2/token` },
  };
}

/** Like describeEachDatabase, with a listening app, Python ready and API credentials. */
export function describeSdk(name: string, suite: (sdk: () => SdkContext) => void): void {
  describeEachDatabase(name, (ctx) => {
    let context: SdkContext | undefined;
    const workDirs: string[] = [];
    runWorkers(ctx);

    // apt-get update and install on a fresh machine take longer than the project's hook timeout.
    beforeAll(async () => {
      await ensurePython();
      const { app } = ctx();
      const origin = await listenLocal(app);
      const { user, target } = await apiClientFor(app, origin);
      const getJson = async <T>(apiPath: string): Promise<T> => {
        const res = await call(app, { method: 'GET', url: `/api${apiPath}`, token: user.token });
        if (res.statusCode !== 200) throw new Error(`GET /api${apiPath}: ${res.statusCode} ${res.body}`);
        return res.json() as T;
      };
      // The SDK's prediction.run() polls until processingStatus is 3 and never looks at the answer of
      // POST …/Run: a refused or failed run makes the script spin until it is killed. Say why.
      const queueReport = async (): Promise<string> => {
        const runs = await getJson<Record<string, unknown>[]>('/User/Queue').catch(() => []);
        if (!runs.length)
          return '--- runs ---\nnone queued (was POST …/Run refused? the SDK polls regardless of its answer)';
        const lines = runs.map(
          (r) =>
            `${String(r.predictionName)}: status ${String(r.processingStatus)} ${String(r.message ?? '')}`,
        );
        return `--- runs (GET /User/Queue) ---\n${lines.join('\n')}`;
      };
      const runExample = async (
        scriptName: string,
        substitutions: readonly Substitution[] = [],
        options: ExampleOptions = {},
      ) => {
        const dir = copyExamples();
        workDirs.push(dir);
        for (const file of options.extraFiles ?? []) {
          fs.copyFileSync(file, path.join(dir, path.basename(file)));
          fs.chmodSync(path.join(dir, path.basename(file)), 0o644);
        }
        // A notebook runs as the script of its code cells, written beside it.
        const notebook = scriptName.endsWith('.ipynb');
        const source = fs.readFileSync(path.join(dir, scriptName), 'utf8');
        const scriptPath = path.join(
          dir,
          notebook ? `${scriptName.slice(0, -'.ipynb'.length)}.py` : scriptName,
        );
        const script = substitute(notebook ? notebookScript(source) : source, [
          apiCallSubstitution(target),
          ...substitutions,
        ]);
        const epilogue = options.epilogue
          ? `\n\n# --- added by the test: what the script got ---\n${options.epilogue.trim()}\n`
          : '';
        fs.writeFileSync(scriptPath, `${script.trimEnd()}\n${epilogue}`);
        const result = await runPython(scriptPath, { cwd: dir, timeoutMs: options.timeoutMs });
        return assertSucceeded(scriptName, result, result.timedOut ? await queueReport() : undefined);
      };
      const runScript = async (scriptPath: string, env: Record<string, string> = {}) => {
        const result = await runPython(scriptPath, { cwd: path.dirname(scriptPath), env, sdk: false });
        return assertSucceeded(path.basename(scriptPath), result);
      };
      context = { ctx: ctx(), app, origin, target, user, getJson, runExample, runScript };
    }, 20 * 60_000);

    afterAll(() => {
      for (const dir of workDirs) fs.rmSync(dir, { recursive: true, force: true });
    });

    suite(() => {
      if (!context) throw new Error('SDK context not ready');
      return context;
    });
  });
}
