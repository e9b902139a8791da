/**
 * A migrated PGlite database that each PGlite suite starts from, instead of applying every migration
 * and pg-boss's schema again (3–5 s a suite on a busy 2-core machine, against under 1 s to load the
 * snapshot). The snapshot is a `dumpDataDir` tarball in the system's temporary folder, named by a
 * hash of the migrations and of the PGlite and pg-boss versions, so a change to any of them makes a
 * new one. The first suite that needs it builds it; two workers building it at once write the same
 * content, each renaming its own file into place.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/index.ts';
import { startWorkers } from '../../src/jobs/index.ts';

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');
const require = createRequire(import.meta.url);

/** The installed version of a package: the first package.json named so above its entry point. */
function versionOf(pkg: string): string {
  for (let dir = path.dirname(require.resolve(pkg)); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (!fs.existsSync(manifest)) continue;
    const { name, version } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as {
      name?: string;
      version?: string;
    };
    if (name === pkg && version) return version;
  }
  throw new Error(`no package.json of ${pkg}`);
}

function snapshotPath(): string {
  const hash = crypto.createHash('sha256');
  for (const file of fs.readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const full = path.join(migrationsFolder, file);
    if (!fs.statSync(full).isFile()) continue;
    hash.update(file).update('\0').update(fs.readFileSync(full)).update('\0');
  }
  hash.update(versionOf('@electric-sql/pglite')).update('\0').update(versionOf('pg-boss'));
  return path.join(os.tmpdir(), `sunfield-test-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
}

let cached: Promise<Blob> | undefined;

/** The migrated database's folder as a tarball, built on first use. */
export function pgliteSnapshot(): Promise<Blob> {
  cached ??= (async () => {
    const file = snapshotPath();
    if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      // The job queue's schema and queues, as the suites' mail workers create them.
      const config = { ...loadConfig({}), databaseUrl: undefined, mailDir: undefined };
      const workers = await startWorkers(database, { info: () => {} }, { config, names: ['mail.send'] });
      await workers.stop();
      const blob = await database.pglite!.dumpDataDir('none');
      const partial = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
      fs.writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
      fs.renameSync(partial, file);
      return blob;
    } finally {
      await database.close();
    }
  })();
  return cached;
}
