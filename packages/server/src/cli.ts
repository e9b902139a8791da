/**
 * `sunfield serve | worker | migrate | seed | create-admin | outbox | simulate`.
 * serve: migrate, seed, listen on PORT (default 3000); in embedded mode the workers run in-process.
 * On a company's PostgreSQL (DATABASE_URL) serve seeds the Global library only: the demo user, whose
 * password is in the README, is made there only by `sunfield seed`.
 * The embedded database's folder is opened by one process at a time (db/dataDirLock.ts): a command
 * run beside a `sunfield serve` on the same folder says so and exits 1 instead of corrupting it.
 */
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from './config.ts';
import { claimDataDir, DataDirInUseError } from './db/dataDirLock.ts';
import type { Database, OpenOptions } from './db/index.ts';

/**
 * The server's modules (HTTP app, database, seed), loaded only by the commands that use them:
 * `sunfield simulate` starts in a fraction of the seconds they take to load.
 */
async function serverModules() {
  const [{ openDatabase }, { buildApp }, seed, { createSuperAdmin }, { announceRevocation }] =
    await Promise.all([
      import('./db/index.ts'),
      import('./app.ts'),
      import('./commands/seed.ts'),
      import('./commands/createAdmin.ts'),
      import('./realtime/publish.ts'),
    ]);
  return { openDatabase, buildApp, createSuperAdmin, announceRevocation, ...seed };
}

/**
 * Opens the configured database: PostgreSQL (DATABASE_URL), or the embedded one once this process
 * holds its folder (else DataDirInUseError); closing it gives the folder up.
 */
async function openConfigured(
  config: Config,
  openDatabase: (options: OpenOptions) => Promise<Database>,
): Promise<Database> {
  if (config.databaseUrl) return openDatabase({ databaseUrl: config.databaseUrl });
  const fs = await import('node:fs');
  fs.mkdirSync(config.dataDir, { recursive: true });
  const release = claimDataDir(config.dataDir);
  try {
    const database = await openDatabase({ dataDir: config.dataDir });
    return {
      ...database,
      async close() {
        await database.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

const USAGE = `Usage: sunfield <command>

  serve          migrate, seed and serve the app and API on PORT (default 3000)
  worker         run queue workers against DATABASE_URL
  migrate        apply database migrations
  seed           seed the demo company and user
  create-admin   --email E --password P [--first-name F --last-name L] [--company C]
                 create a super admin (FSLRAdmin)
  outbox         [--to EMAIL] [--limit N]
                 the latest mails of the outbox (reset codes, invitations) with their text
  simulate       CASE.json [--weather FILE] [--hourly OUT.csv] [--json OUT.json] [--repeat N]
                 simulate a plant from a case file (docs/simulate.md)
`;

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'simulate') {
    const { runSimulateCommand } = await import('./commands/simulate/run.ts');
    return runSimulateCommand(rest);
  }
  try {
    return await runServerCommand(command, rest);
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

async function runServerCommand(command: string | undefined, rest: string[]): Promise<number> {
  const {
    openDatabase,
    buildApp,
    createSuperAdmin,
    announceRevocation,
    DEMO_EMAIL,
    DEMO_PASSWORD,
    seedDemo,
    seedLibrary,
  } = await serverModules();
  const config = loadConfig();
  switch (command) {
    case 'serve': {
      const database = await openConfigured(config, openDatabase);
      const seeded = config.databaseUrl ? undefined : await seedDemo(database.db);
      if (config.databaseUrl) await seedLibrary(database.db);
      const app = await buildApp({ config, database });
      const { startWorkers } = await import('./jobs/index.ts');
      const workers = config.embeddedWorkers ? await startWorkers(database, app.log) : undefined;
      const close = async () => {
        await app.close();
        await workers?.stop();
        await database.close();
        process.exit(0);
      };
      process.once('SIGINT', close);
      process.once('SIGTERM', close);
      await app.listen({ port: config.port, host: config.host });
      const where = config.databaseUrl
        ? 'PostgreSQL (DATABASE_URL)'
        : `embedded PostgreSQL in ${config.dataDir}`;
      console.log(`\nSunfield is running on http://localhost:${config.port} — database: ${where}`);
      console.log(
        seeded
          ? `Demo sign-in: ${DEMO_EMAIL} / ${DEMO_PASSWORD}${seeded.created ? ' (created now)' : ''}\n`
          : 'No demo user on a company database: `sunfield create-admin` makes an administrator, `sunfield seed` the demo.\n',
      );
      return new Promise<number>(() => {});
    }
    case 'worker': {
      if (!config.databaseUrl) {
        console.error(
          'sunfield worker needs DATABASE_URL: in embedded mode the workers run inside `sunfield serve`.',
        );
        return 2;
      }
      const database = await openDatabase({ databaseUrl: config.databaseUrl });
      const { startWorkers } = await import('./jobs/index.ts');
      const { createLogger } = await import('./lib/logger.ts');
      const log = createLogger('sunfield-worker');
      const workers = await startWorkers(database, log);
      // The start-up banner, whatever LOG_LEVEL, as `serve` prints its own.
      console.log('Sunfield worker started.');
      const stop = async () => {
        await workers.stop();
        await database.close();
        process.exit(0);
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      return new Promise<number>(() => {});
    }
    case 'migrate': {
      const database = await openConfigured(config, openDatabase);
      await database.close();
      console.log('Migrations applied.');
      return 0;
    }
    case 'seed': {
      const database = await openConfigured(config, openDatabase);
      const seeded = await seedDemo(database.db);
      await database.close();
      console.log(seeded.created ? `Seeded ${DEMO_EMAIL}.` : 'Demo data already present.');
      return 0;
    }
    case 'create-admin': {
      const { values } = parseArgs({
        args: rest,
        options: {
          email: { type: 'string' },
          password: { type: 'string' },
          'first-name': { type: 'string', default: 'Super' },
          'last-name': { type: 'string', default: 'Admin' },
          company: { type: 'string', default: 'Sunfield Operations' },
        },
      });
      if (!values.email || !values.password) {
        console.error(USAGE);
        return 2;
      }
      const database = await openConfigured(config, openDatabase);
      try {
        const result = await createSuperAdmin(database.db, {
          email: values.email,
          password: values.password,
          firstName: values['first-name'] ?? 'Super',
          lastName: values['last-name'] ?? 'Admin',
          companyName: values.company ?? 'Sunfield Operations',
        });
        // A new password for an existing user ends its hub sockets on every API process.
        if (result.revokedUserId) await announceRevocation(database, result.revokedUserId);
        console.log(`${result.created ? 'Created' : 'Promoted'} super admin ${values.email}.`);
        return 0;
      } catch (error) {
        console.error(error instanceof Error ? error.message : error);
        return 1;
      } finally {
        await database.close();
      }
    }
    case 'outbox': {
      const { values } = parseArgs({
        args: rest,
        options: { to: { type: 'string' }, limit: { type: 'string' } },
      });
      const { formatOutbox, listOutbox, OUTBOX_DEFAULT_LIMIT, OUTBOX_MAX_LIMIT } =
        await import('./commands/outbox.ts');
      const limit = values.limit === undefined ? OUTBOX_DEFAULT_LIMIT : Number(values.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > OUTBOX_MAX_LIMIT) {
        console.error(`--limit must be a whole number from 1 to ${OUTBOX_MAX_LIMIT}.`);
        return 2;
      }
      const database = await openConfigured(config, openDatabase);
      try {
        const mails = await listOutbox(database.db, { to: values.to, limit });
        console.log(formatOutbox(mails, { to: values.to }));
        return 0;
      } finally {
        await database.close();
      }
    }
    default:
      console.log(USAGE);
      return command ? 2 : 0;
  }
}
