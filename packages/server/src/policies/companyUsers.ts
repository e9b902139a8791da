/**
 * Who manages the users of a company (spec 1 §6 leaves it open; docs/permissions.md has the table):
 *
 * - its admins and IT admins, within their own company; super admins in any company
 *   (`canManageUsers` of the domain); users and managers never (403);
 * - a user of another company is "not found" (404) for everyone but super admins, so ids of other
 *   companies reveal nothing;
 * - nobody changes their own role or status, deletes themselves or sets their own password here (the
 *   profile and the forgot-password flow are for that): a company cannot lock out its last admin;
 * - only a super admin changes, disables or deletes a super admin, or makes one.
 */
import { and, eq } from 'drizzle-orm';
import { canManageUsers, isSuperAdmin } from '@sunfield/domain';
import type { AuthContext, UserRow } from '../auth/context.ts';
import type { Db } from '../db/index.ts';
import { users } from '../db/schema.ts';
import { forbidden, notFound } from '../lib/errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const USER_NOT_FOUND = 'User not found.';
export const NOT_ALLOWED = 'You are not allowed to do this.';
export const NOT_ON_YOURSELF = 'You cannot do this to your own account.';
export const SUPER_ADMIN_ONLY = 'Only a super admin can change a super admin.';

/** May the caller manage the users of this company? */
export const canManageCompanyUsers = (auth: AuthContext, companyId: string): boolean =>
  isSuperAdmin(auth.user.roles) || (companyId === auth.company.id && canManageUsers(auth.user.roles));

/**
 * A user the caller may see: of the caller's company, or of any company for a super admin; 404 for
 * a malformed or unknown id and for another company's user.
 */
export async function findVisibleUser(db: Db, auth: AuthContext, rawId: unknown): Promise<UserRow> {
  if (typeof rawId !== 'string' || !UUID.test(rawId)) throw notFound(USER_NOT_FOUND);
  const id = rawId.toLowerCase();
  const where = isSuperAdmin(auth.user.roles)
    ? eq(users.id, id)
    : and(eq(users.id, id), eq(users.companyId, auth.company.id));
  const [row] = await db.select().from(users).where(where).limit(1);
  if (!row) throw notFound(USER_NOT_FOUND);
  return row;
}

/**
 * A user the caller may manage (change role or status, delete, reset the password of, move the
 * assets of): 404 as `findVisibleUser`, then 403 for a caller who does not manage users, for the
 * caller's own account (unless `self` is allowed) and for a super admin managed by a non-super-admin.
 */
export async function loadManagedUser(
  db: Db,
  auth: AuthContext,
  rawId: unknown,
  options: { self?: boolean } = {},
): Promise<UserRow> {
  const target = await findVisibleUser(db, auth, rawId);
  if (!canManageCompanyUsers(auth, target.companyId)) throw forbidden(NOT_ALLOWED);
  if (!options.self && target.id === auth.user.id) throw forbidden(NOT_ON_YOURSELF);
  if (isSuperAdmin(target.roles) && !isSuperAdmin(auth.user.roles)) throw forbidden(SUPER_ADMIN_ONLY);
  return target;
}
