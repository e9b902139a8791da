/**
 * The SDK suites run Python scripts with Debian's python3 (/usr/bin/python3) and Debian's packages of
 * what the public Python SDK imports: requests everywhere, numpy in powerplant.py and pandas in
 * module.py (imported by `plantpredict/api.py`, so by every script). Like e2e/setup/ensure-chromium.mjs:
 * when a package is missing and we are root (CI, fresh machines) it is installed with apt; otherwise
 * the suite fails with the command to run. pip and other registries are never used.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Debian's interpreter (not a pyenv or virtualenv one that PATH may find first). */
export const PYTHON = '/usr/bin/python3';

/** Debian packages the SDK needs, with the module each one provides. */
export const PYTHON_PACKAGES: readonly { apt: string; module: string }[] = [
  { apt: 'python3-requests', module: 'requests' },
  { apt: 'python3-numpy', module: 'numpy' },
  { apt: 'python3-pandas', module: 'pandas' },
];

/**
 * The environment for Debian's python3: no user site-packages, no byte-code files written (the SDK
 * folder is read-only in CI), no interpreter settings inherited from a pyenv or virtualenv.
 */
export function pythonEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['PYTHONHOME', 'PYTHONPATH', 'PYTHONSTARTUP', 'VIRTUAL_ENV', 'PYENV_VERSION']) {
    delete env[key];
  }
  return { ...env, PYTHONNOUSERSITE: '1', PYTHONDONTWRITEBYTECODE: '1', PYTHONUNBUFFERED: '1', ...extra };
}

/** The apt packages whose module Debian's python3 cannot import (all of them when it is missing). */
export async function missingPythonPackages(): Promise<string[]> {
  if (!fs.existsSync(PYTHON)) return PYTHON_PACKAGES.map((p) => p.apt);
  const missing: string[] = [];
  for (const { apt, module } of PYTHON_PACKAGES) {
    try {
      await run(PYTHON, ['-c', `import ${module}`], { env: pythonEnv(), timeout: 60_000 });
    } catch {
      missing.push(apt);
    }
  }
  return missing;
}

const isRoot = (): boolean => typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * Makes sure Debian's python3 can import the SDK's dependencies: installs the missing packages with
 * apt when running as root, else throws with the command to run. Takes a while on a fresh machine
 * (apt-get update): give the calling hook a long timeout.
 */
export async function ensurePython(): Promise<void> {
  const missing = await missingPythonPackages();
  if (missing.length === 0) return;
  const install = `apt-get install -y -qq --no-install-recommends ${missing.join(' ')}`;
  if (!isRoot()) {
    throw new Error(
      `The SDK tests need Debian's python3 with ${missing.join(', ')}. Install them: sudo ${install}`,
    );
  }
  console.log(`Installing ${missing.join(', ')} with apt for the SDK tests…`);
  try {
    await run('sh', ['-c', `apt-get update -qq && ${install}`], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      timeout: 15 * 60_000,
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const { stderr, message } = error as { stderr?: string; message: string };
    throw new Error(`Installing ${missing.join(', ')} with apt failed: ${stderr?.trim() || message}`, {
      cause: error,
    });
  }
  const still = await missingPythonPackages();
  if (still.length)
    throw new Error(`After apt-get install, python3 still cannot import: ${still.join(', ')}`);
}
