/**
 * The embedded database's folder belongs to one process at a time. PGlite is PostgreSQL in
 * single-user mode inside the process: a second process that opens the same folder (a `sunfield
 * outbox`, `seed` or `create-admin` beside a running `sunfield serve`) writes pages and WAL the
 * first knows nothing of, and corrupts the database. The process that opens the folder writes its
 * pid and host to `sunfield.pid` in it (created exclusively, so two processes cannot both claim it)
 * and removes it when it closes the database or exits; another process finds it and is refused with
 * a message that says who holds the folder. A file left by a process that died (its pid no longer
 * runs on this host) is taken over.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const LOCK_FILE = 'sunfield.pid';

/** Another process holds the folder; the message says which and what to do. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: { pid: number; host: string },
  ) {
    const sameHost = holder.host === os.hostname();
    super(
      `The embedded database in ${dataDir} is open in another Sunfield process ` +
        `(pid ${holder.pid}${sameHost ? '' : ` on host ${holder.host}`}), most likely \`sunfield serve\`. ` +
        'Only one process can open it at a time: stop that process first' +
        (sameHost
          ? '.'
          : `, or, if no process on ${holder.host} has it open any more, delete ${path.join(dataDir, LOCK_FILE)}.`),
    );
    this.name = 'DataDirInUseError';
  }
}

interface Holder {
  pid: number;
  host: string;
}

function readHolder(file: string): Holder | undefined {
  try {
    const value = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Holder>;
    if (typeof value.pid === 'number' && typeof value.host === 'string')
      return { pid: value.pid, host: value.host };
  } catch {
    // missing, half-written or not ours: treated as no holder
  }
  return undefined;
}

/** Whether process `pid` runs on this host (a process of another user counts as running). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claims `dataDir` for this process.
 * @returns a function that gives the folder up (idempotent; also run when the process exits)
 * @throws DataDirInUseError when another live process holds it
 */
export function claimDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  const me: Holder = { pid: process.pid, host: os.hostname() };
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify({ ...me, started: new Date().toISOString() }), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(file);
      if (holder && holder.host === me.host && holder.pid === me.pid) return () => {}; // opened twice by us
      if (holder && (holder.host !== me.host || running(holder.pid)))
        throw new DataDirInUseError(dataDir, holder);
      // Another process claimed it between our removal and our write.
      if (attempt > 0) throw new DataDirInUseError(dataDir, holder ?? { pid: 0, host: me.host });
      fs.rmSync(file, { force: true }); // left by a process that died: take it over
    }
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    const holder = readHolder(file);
    if (holder?.pid === me.pid && holder.host === me.host) fs.rmSync(file, { force: true });
  };
  process.on('exit', release);
  return release;
}
