/**
 * Where the public data lives: the `shared/` folder with `data/` (weather files, CEC lists, PAN and OND
 * files), `reference/` (reference vectors and systems) and `spec/`.
 *
 * One locator for every suite, the bench, the examples and the server's commands:
 * `SUNFIELD_SHARED_DIR` when it is set, else `../shared` beside the repository (where CI and a normal
 * checkout have it), else `shared/` inside the repository. A clone elsewhere sets the variable.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The repository root (this file is in `scripts/`). */
export const REPO_ROOT = path.resolve(import.meta.dirname, '..');

/** The environment variable that names the shared folder. */
export const SHARED_DIR_VARIABLE = 'SUNFIELD_SHARED_DIR';

/**
 * The folders tried, in order.
 * @param env the environment (SUNFIELD_SHARED_DIR)
 * @param root the repository root (tests give another)
 */
export function sharedDirCandidates(env: NodeJS.ProcessEnv = process.env, root = REPO_ROOT): string[] {
  const fromEnv = env[SHARED_DIR_VARIABLE];
  return [
    ...(fromEnv ? [path.resolve(fromEnv)] : []),
    path.resolve(root, '../shared'),
    path.resolve(root, 'shared'),
  ];
}

/**
 * The shared folder: the first candidate that holds `data/`; when none does, the first candidate
 * (so that a caller's "file not found" names the place it looked).
 * @param env the environment (SUNFIELD_SHARED_DIR)
 * @param root the repository root (tests give another)
 */
export function sharedDir(env: NodeJS.ProcessEnv = process.env, root = REPO_ROOT): string {
  const candidates = sharedDirCandidates(env, root);
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'data'))) ?? candidates[0]!;
}

/**
 * The shared folder, or an error that says where it looked and how to point at it (for tests, whose
 * failures should say why at once rather than as ninety missing files).
 * @param env the environment (SUNFIELD_SHARED_DIR)
 * @param root the repository root (tests give another)
 */
export function requireSharedDir(env: NodeJS.ProcessEnv = process.env, root = REPO_ROOT): string {
  const candidates = sharedDirCandidates(env, root);
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, 'data')));
  if (found) return found;
  throw new Error(
    `The public data folder (shared/ with data/, reference/, spec/) was not found at ${candidates.join(
      ' or ',
    )}. Set ${SHARED_DIR_VARIABLE} to the folder that holds it.`,
  );
}

/**
 * A path inside the shared folder.
 * @param parts path segments below `shared/`, e.g. `('data', '723170TYA.CSV')`
 */
export function sharedPath(...parts: string[]): string {
  return path.join(requireSharedDir(), ...parts);
}
