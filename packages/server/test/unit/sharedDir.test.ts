/**
 * The one locator of the public data folder (scripts/sharedDir.ts) used by every suite, the bench,
 * the examples, the library seed and `sunfield simulate`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  REPO_ROOT,
  requireSharedDir,
  sharedDir,
  sharedDirCandidates,
} from '../../../../scripts/sharedDir.ts';
import { libraryDir } from '../../src/commands/librarySeed.ts';

describe('shared data folder', () => {
  it('tries SUNFIELD_SHARED_DIR first, then ../shared beside the repository, then shared/ inside it', () => {
    expect(sharedDirCandidates({ SUNFIELD_SHARED_DIR: '/elsewhere/shared' })).toEqual([
      '/elsewhere/shared',
      path.resolve(REPO_ROOT, '../shared'),
      path.resolve(REPO_ROOT, 'shared'),
    ]);
    expect(sharedDirCandidates({})).toHaveLength(2);
  });

  it('takes the variable when it names a folder that holds data/', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunfield-shared-'));
    try {
      fs.mkdirSync(path.join(dir, 'data'));
      const env = { SUNFIELD_SHARED_DIR: dir };
      expect(sharedDir(env)).toBe(dir);
      expect(requireSharedDir(env)).toBe(dir);
      // The library seed follows it unless SUNFIELD_LIBRARY_DIR says otherwise.
      expect(libraryDir(env)).toBe(path.join(dir, 'data'));
      expect(libraryDir({ ...env, SUNFIELD_LIBRARY_DIR: '/lists' })).toBe('/lists');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('passes over a folder without data/ and finds the one this checkout uses', () => {
    const found = sharedDir({ SUNFIELD_SHARED_DIR: '/no/such/folder' });
    expect(found).not.toBe('/no/such/folder');
    expect(fs.existsSync(path.join(found, 'data', '723170TYA.CSV'))).toBe(true);
  });
});
