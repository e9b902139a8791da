/**
 * The HTTP app of the API benchmarks: built on the embedded database (or a PostgreSQL URL), with one
 * company and one signed-in user whose bearer headers the benchmark sends (`benchUser` adds more), and
 * the PostgreSQL URL of a benchmark when the server answers (`postgresUrl`).
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../packages/server/src/app.ts';
import { loadConfig } from '../../packages/server/src/config.ts';
import { openDatabase, type Database } from '../../packages/server/src/db/index.ts';
import { companies, users } from '../../packages/server/src/db/schema.ts';

export interface BenchApp extends BenchUser {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

export interface BenchUser {
  companyId: string;
  userId: string;
  headers: { authorization: string };
}

/** A new company with one signed-in user (`Bench <name>`, `bench-<name>-…@example.test`). */
export async function benchUser(app: FastifyInstance, database: Database, name: string): Promise<BenchUser> {
  const [company] = await database.db
    .insert(companies)
    .values({ name: `Bench ${name}` })
    .returning({ id: companies.id });
  const [user] = await database.db
    .insert(users)
    .values({
      companyId: company!.id,
      email: `bench-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${crypto.randomBytes(4).toString('hex')}@example.test`,
      firstName: 'Bench',
      lastName: name,
      passwordHash: 'x',
      roles: ['User'],
      eulaAcceptedAt: new Date(),
    })
    .returning({ id: users.id });
  const token = await app.services.tokens.sign({ sub: user!.id, cid: company!.id, kind: 'session' }, 3600);
  return { companyId: company!.id, userId: user!.id, headers: { authorization: `Bearer ${token}` } };
}

/**
 * The app with a company and user named after the benchmark (`Bench Weather`, `bench-weather-…`),
 * on the embedded database in memory unless `dataDir` names a folder (as `sunfield serve` runs it).
 */
export async function benchApp(name: string, databaseUrl?: string, dataDir = 'memory://'): Promise<BenchApp> {
  const database = await openDatabase({ databaseUrl, dataDir });
  const app = await buildApp({
    config: { ...loadConfig({}), databaseUrl, secret: 'bench' },
    database,
    logger: false,
  });
  await app.ready();
  const user = await benchUser(app, database, name);
  return {
    app,
    database,
    ...user,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * The PostgreSQL URL when the server answers (its database created when missing), else undefined.
 * @param url the database's URL (`postgres://postgres@127.0.0.1:5432/sunfield_test`)
 */
export async function postgresUrl(url: string): Promise<string | undefined> {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const name = new URL(url).pathname.slice(1);
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!exists.rowCount) await client.query(`create database "${name.replace(/"/g, '""')}"`);
    return url;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}
