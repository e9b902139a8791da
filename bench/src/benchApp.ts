/**
 * The HTTP app of the API benchmarks: built on the embedded database (or a PostgreSQL URL), with one
 * company and one signed-in user whose bearer headers the benchmark sends.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../packages/server/src/app.ts';
import { loadConfig } from '../../packages/server/src/config.ts';
import { openDatabase, type Database } from '../../packages/server/src/db/index.ts';
import { companies, users } from '../../packages/server/src/db/schema.ts';

export interface BenchApp {
  app: FastifyInstance;
  database: Database;
  companyId: string;
  userId: string;
  headers: { authorization: string };
  close(): Promise<void>;
}

/** The app with a company and user named after the benchmark (`Bench Weather`, `bench-weather-…`). */
export async function benchApp(name: string, databaseUrl?: string): Promise<BenchApp> {
  const database = await openDatabase({ databaseUrl, dataDir: 'memory://' });
  const app = await buildApp({
    config: { ...loadConfig({}), databaseUrl, secret: 'bench' },
    database,
    logger: false,
  });
  await app.ready();
  const [company] = await database.db
    .insert(companies)
    .values({ name: `Bench ${name}` })
    .returning({ id: companies.id });
  const [user] = await database.db
    .insert(users)
    .values({
      companyId: company!.id,
      email: `bench-${name.toLowerCase()}-${crypto.randomBytes(4).toString('hex')}@example.test`,
      firstName: 'Bench',
      lastName: name,
      passwordHash: 'x',
      roles: ['User'],
      eulaAcceptedAt: new Date(),
    })
    .returning({ id: users.id });
  const token = await app.services.tokens.sign({ sub: user!.id, cid: company!.id, kind: 'session' }, 3600);
  return {
    app,
    database,
    companyId: company!.id,
    userId: user!.id,
    headers: { authorization: `Bearer ${token}` },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
