/** Looking up a user with their company, for sign-in, refresh, password reset and API clients. */
import { eq, sql } from 'drizzle-orm';
import type { CompanyRow, UserRow } from '../auth/context.ts';
import type { Db } from '../db/index.ts';
import { companies, users } from '../db/schema.ts';

export interface Account {
  user: UserRow;
  company: CompanyRow;
}

/** Emails are compared trimmed and lower-cased everywhere. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export async function findAccountByEmail(db: Db, email: string): Promise<Account | undefined> {
  const rows = await db
    .select({ user: users, company: companies })
    .from(users)
    .innerJoin(companies, eq(users.companyId, companies.id))
    .where(sql`lower(${users.email}) = ${normalizeEmail(email)}`)
    .limit(1);
  return rows[0];
}

export async function findAccountById(db: Db, userId: string): Promise<Account | undefined> {
  const rows = await db
    .select({ user: users, company: companies })
    .from(users)
    .innerJoin(companies, eq(users.companyId, companies.id))
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0];
}

/** Disabled users (status 0) and users of disabled companies cannot sign in (as in auth/context.ts). */
export const isAccountActive = (account: Account): boolean =>
  account.user.status !== 0 && account.company.status !== 0;

/** A unique-index violation (SQLSTATE 23505), as raised by node-postgres or PGlite, possibly wrapped by Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
