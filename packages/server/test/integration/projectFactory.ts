/**
 * A company with one signed-in user, inserted directly with Drizzle (EULA accepted), for the
 * project, geo and general suites. Each call builds new rows, so suites never share them.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { companies, users } from '../../src/db/schema.ts';
import { uniqueEmail } from './harness.ts';

export interface TestCompanyUser {
  token: string;
  userId: string;
  companyId: string;
  email: string;
}

export async function createCompanyUser(
  app: FastifyInstance,
  options: { roles?: string[]; companyId?: string; firstName?: string } = {},
): Promise<TestCompanyUser> {
  const db = app.services.database.db;
  let companyId = options.companyId;
  if (!companyId) {
    const [company] = await db
      .insert(companies)
      .values({ name: `Company ${crypto.randomBytes(4).toString('hex')}` })
      .returning({ id: companies.id });
    if (!company) throw new Error('company not created');
    companyId = company.id;
  }
  const email = uniqueEmail('project');
  const [user] = await db
    .insert(users)
    .values({
      companyId,
      email,
      firstName: options.firstName ?? 'Pat',
      lastName: 'Planner',
      passwordHash: 'not-a-password-hash',
      roles: options.roles ?? ['User'],
      eulaAcceptedAt: new Date(),
    })
    .returning({ id: users.id });
  if (!user) throw new Error('user not created');
  const token = await app.services.tokens.sign({ sub: user.id, cid: companyId, kind: 'session' }, 900);
  return { token, userId: user.id, companyId, email };
}
