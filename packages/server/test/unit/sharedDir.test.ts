/**
 * The one locator of the public data folder (scripts/sharedDir.ts) used by every suite, the bench,
 * the examples and `sunfield simulate` (not the app's library seed, which ships its lists). Hermetic: a repository root and shared
 * folders made in a temporary directory.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  REPO_ROOT,
  requireSharedDir,
  sharedDir,
  sharedDirCandidates,
} from '../../../../scripts/sharedDir.ts';
import { libraryDir, SHIPPED_LIBRARY_DIR } from '../../src/commands/librarySeed.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sunfield-shared-'));
/** tmp/checkout (a repository root), tmp/shared/data beside it, tmp/elsewhere/data, tmp/empty. */
const root = path.join(tmp, 'checkout');
const beside = path.join(tmp, 'shared');
const elsewhere = path.join(tmp, 'elsewhere');
const empty = path.join(tmp, 'empty');
for (const dir of [root, path.join(beside, 'data'), path.join(elsewhere, 'data'), empty])
  fs.mkdirSync(dir, { recursive: true });
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('shared data folder', () => {
  it('tries SUNFIELD_SHARED_DIR first, then ../shared beside the repository, then shared/ inside it', () => {
    expect(sharedDirCandidates({ SUNFIELD_SHARED_DIR: '/elsewhere/shared' }, root)).toEqual([
      '/elsewhere/shared',
      beside,
      path.join(root, 'shared'),
    ]);
    expect(sharedDirCandidates({})[0]).toBe(path.resolve(REPO_ROOT, '../shared'));
  });

  it('takes the variable when it names a folder that holds data/', () => {
    const env = { SUNFIELD_SHARED_DIR: elsewhere };
    expect(sharedDir(env, root)).toBe(elsewhere);
    expect(requireSharedDir(env, root)).toBe(elsewhere);
  });

  it('passes over a folder without data/ to the one beside the repository', () => {
    expect(sharedDir({ SUNFIELD_SHARED_DIR: empty }, root)).toBe(beside);
    expect(sharedDir({}, root)).toBe(beside);
  });

  it('says where it looked and which variable to set when no folder holds data/', () => {
    const lone = path.join(empty, 'checkout');
    expect(sharedDir({}, lone)).toBe(path.join(empty, 'shared'));
    expect(() => requireSharedDir({ SUNFIELD_SHARED_DIR: '/no/such' }, lone)).toThrow(
      /not found at \/no\/such or .*empty\/shared or .*checkout\/shared\. Set SUNFIELD_SHARED_DIR/,
    );
  });

  it('does not lead the library seed: the app seeds the lists shipped in the repository', () => {
    const env = { SUNFIELD_SHARED_DIR: elsewhere };
    expect(libraryDir(env)).toBe(SHIPPED_LIBRARY_DIR);
    expect(libraryDir({ ...env, SUNFIELD_LIBRARY_DIR: '/lists' })).toBe('/lists');
  });
});
