/**
 * Who may see and change a user. Everything is scoped to the caller's company: a user of another
 * company is "not found" (404), never forbidden, so ids of other companies reveal nothing.
 */
import { and, eq } from 'drizzle-orm';
import { isAnyAdmin } from '@sunfield/domain';
import type { AuthContext, UserRow } from '../auth/context.ts';
import type { Db } from '../db/index.ts';
import { users } from '../db/schema.ts';
import { forbidden, notFound } from '../lib/errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Any user of the caller's company may be read. */
export const canReadUser = (auth: AuthContext, target: UserRow): boolean =>
  target.companyId === auth.company.id;

/** Oneself, or any admin (admin or super admin) of the same company. */
export const canUpdateUser = (auth: AuthContext, target: UserRow): boolean =>
  canReadUser(auth, target) && (target.id === auth.user.id || isAnyAdmin(auth.user.roles));

/** API credentials follow the same rule as editing the user. */
export const canManageUserSecret = canUpdateUser;

/** A user of the caller's company by id; 404 for an unknown id, a malformed id or another company. */
export async function findCompanyUser(db: Db, auth: AuthContext, id: string): Promise<UserRow> {
  if (!UUID.test(id)) throw notFound('User not found.');
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.companyId, auth.company.id)))
    .limit(1);
  if (!row || !canReadUser(auth, row)) throw notFound('User not found.');
  return row;
}

/** Throws 403 unless the check passes (use after `findCompanyUser`, which already gave 404). */
export function authorize(allowed: boolean): void {
  if (!allowed) throw forbidden('You are not allowed to do this.');
}
