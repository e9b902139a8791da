/**
 * The embedded database's folder is claimed by one process at a time (db/dataDirLock.ts): the
 * claim is exclusive, given up on release, refused while a live process or one of another host
 * holds it, and taken over from a process that died.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { claimDataDir, DataDirInUseError, LOCK_FILE } from '../../src/db/dataDirLock.ts';

const dirs: string[] = [];
const folder = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunfield-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const holderOf = (dir: string) =>
  JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')) as { pid: number; host: string };

describe('claimDataDir', () => {
  it('writes this process as the holder and removes the file on release', () => {
    const dir = folder();
    const release = claimDataDir(dir);
    expect(holderOf(dir)).toMatchObject({ pid: process.pid, host: os.hostname() });
    release();
    release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it('refuses a folder a live process of this host holds, naming it', () => {
    const dir = folder();
    fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: process.ppid, host: os.hostname() }));
    expect(() => claimDataDir(dir)).toThrow(DataDirInUseError);
    expect(() => claimDataDir(dir)).toThrow(`(pid ${process.ppid}), most likely \`sunfield serve\``);
    expect(holderOf(dir).pid).toBe(process.ppid);
  });

  it('refuses a folder another host holds, and says which file to delete if nothing runs there', () => {
    const dir = folder();
    fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: 1, host: 'other-host' }));
    expect(() => claimDataDir(dir)).toThrow(
      `(pid 1 on host other-host), most likely \`sunfield serve\`. Only one process can open it at a ` +
        `time: stop that process first, or, if no process on other-host has it open any more, delete ` +
        `${path.join(dir, LOCK_FILE)}.`,
    );
  });

  it('takes over the folder of a process that died, or a file that is not a holder', () => {
    const dir = folder();
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: dead, host: os.hostname() }));
    claimDataDir(dir)();
    fs.writeFileSync(path.join(dir, LOCK_FILE), 'half-writ');
    const release = claimDataDir(dir);
    expect(holderOf(dir).pid).toBe(process.pid);
    release();
  });
});
