/**
 * Managing a company's users under /api/User (spec 2 §7.3): search, role, status (disable/enable),
 * delete, resend the welcome email and set a password. The rules are in policies/companyUsers.ts:
 * admins and IT admins within their company, super admins anywhere; another company's user is 404.
 */
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { assignableRoles, roleByName, ROLE_NAMES, type RoleName } from '@sunfield/domain';
import { requireAuth, type AuthContext, type UserRow } from '../../auth/context.ts';
import {
  MAX_LISTED_ASSETS,
  deleteUser,
  listOwnedAssets,
  reassignSelectedAssets,
  resendWelcome,
  setUserPassword,
  setUserRole,
  setUserStatus,
} from '../../commands/companyUsers.ts';
import type { Db } from '../../db/index.ts';
import { companies, users } from '../../db/schema.ts';
import { badRequest, forbidden, parse } from '../../lib/errors.ts';
import { canonicalQuery } from '../../lib/request.ts';
import { SUPER_ADMIN_ONLY, findVisibleUser, loadManagedUser } from '../../policies/companyUsers.ts';
import { loadCompanyFor } from '../../policies/company.ts';
import { presentUser } from '../../presenters/user.ts';
import { announceRevocation } from '../../realtime/publish.ts';
import { newPasswordField } from '../auth/fields.ts';

const idParams = z.object({ id: z.string().max(100) });

export const ROLE_MESSAGE = `Role must be one of ${ROLE_NAMES.join(', ')}.`;

/** A role by name ('ITAdmin', 'IT Admin', 'SUPER_ADMIN', any case). */
export const roleField = z
  .string({ error: ROLE_MESSAGE })
  .max(40, ROLE_MESSAGE)
  .transform((value, ctx): RoleName => {
    const role = roleByName(value);
    if (!role) {
      ctx.addIssue({ code: 'custom', message: ROLE_MESSAGE });
      return z.NEVER;
    }
    return role;
  });

const userIdField = z.uuid({ error: 'Must be a user id.' });

const roleBody = z.object({
  /** The user's id again (spec 2 §7.3: userID, role); when given it must be the path's. */
  userID: userIdField.optional(),
  userId: userIdField.optional(),
  role: roleField,
});

const STATUS_MESSAGE = 'Status must be 0 (Disabled) or 1 (Active).';
export const statusBody = z.object({
  /** UserStatusEnum: Disabled 0, Active 1 (Pending comes back by itself for a user never signed in). */
  status: z.union([z.literal(0), z.literal(1)], { error: STATUS_MESSAGE }),
});

const passwordBody = z.object({
  password: newPasswordField,
  /** false (default): the user chooses their own at the next sign-in. */
  permanent: z.boolean({ error: 'permanent must be true or false.' }).optional(),
});

const assetTypeParams = z.object({
  id: z.string().max(100),
  /** Asset type (spec 1 §3): All 0, Project 1, Module 2, Inverter 3, Weather 4, Prediction 5. */
  x: z.coerce
    .number({ error: 'Asset type must be 0 to 5.' })
    .int('Asset type must be 0 to 5.')
    .min(0, 'Asset type must be 0 to 5.')
    .max(5, 'Asset type must be 0 to 5.'),
});

const MAX_SELECTED = 1000;
const selectedAssetsBody = z.object({
  /** The user who receives the assets: a user of the same company. */
  toUserId: userIdField,
  assets: z
    .array(
      z.object({
        assetType: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)], {
          error: 'Asset type must be 1 (Project) to 5 (Prediction).',
        }),
        id: z
          .number({ error: 'Must be an asset id.' })
          .int('Must be an asset id.')
          .min(1, 'Must be an asset id.')
          .max(2_147_483_647, 'Must be an asset id.'),
      }),
      { error: 'assets must be a list.' },
    )
    .min(1, 'Choose at least one asset.')
    .max(MAX_SELECTED, `At most ${MAX_SELECTED} assets at a time.`),
});

export const deleteQuery = z.object({ reassignTo: userIdField.optional() });

export const searchQuery = z.object({
  /** Words of the name or email. */
  q: z.string().trim().max(200, 'Must be at most 200 characters.').optional(),
  /** A super admin may search another company. */
  companyId: z.uuid({ error: 'Must be a company id.' }).optional(),
  limit: z.coerce
    .number({ error: 'Must be a number.' })
    .int('Must be a whole number.')
    .min(1, 'Must be at least 1.')
    .max(200, 'Must be at most 200.')
    .optional(),
});

async function companyOf(db: Db, auth: AuthContext, user: UserRow) {
  if (user.companyId === auth.company.id) return auth.company;
  const [row] = await db.select().from(companies).where(eq(companies.id, user.companyId)).limit(1);
  return row ?? auth.company;
}

/** LIKE wildcards typed by the user are matched literally. */
const likeWord = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function registerUserAdminRoutes(app: FastifyInstance): void {
  const services = app.services;
  const db = services.database.db;

  app.get(
    '/Search',
    {
      schema: {
        summary: 'Users of the company whose name or email has every word',
        querystring: searchQuery,
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const query = parse(searchQuery, canonicalQuery(request.query, ['q', 'companyId', 'limit']));
      const company = await loadCompanyFor(db, auth, query.companyId);
      const words = (query.q ?? '').split(/\s+/).filter(Boolean).slice(0, 10);
      const rows = await db
        .select()
        .from(users)
        .where(
          and(
            eq(users.companyId, company.id),
            ...words.map((word) =>
              or(
                ilike(users.firstName, likeWord(word)),
                ilike(users.lastName, likeWord(word)),
                ilike(users.email, likeWord(word)),
              ),
            ),
          ),
        )
        .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id))
        .limit(query.limit ?? 50);
      return rows.map((user) => presentUser(user, company));
    },
  );

  app.put(
    '/:id/Role',
    { schema: { summary: 'Give a user a role', params: idParams, body: roleBody } },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = parse(idParams, request.params);
      const target = await loadManagedUser(db, auth, id);
      const body = parse(roleBody, request.body);
      const given = body.userID ?? body.userId;
      if (given && given.toLowerCase() !== target.id) {
        throw badRequest('The request is invalid.', { userID: ['Must be the id of the path.'] });
      }
      if (!assignableRoles(auth.user.roles).includes(body.role)) throw forbidden(SUPER_ADMIN_ONLY);
      const updated = await setUserRole(db, target, body.role);
      return presentUser(updated, await companyOf(db, auth, updated));
    },
  );

  app.get(
    '/:id/:x/asset',
    {
      schema: {
        summary: `The assets of a type a user owns (0: all; at most ${MAX_LISTED_ASSETS} of each type)`,
        params: assetTypeParams,
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { id, x } = parse(assetTypeParams, request.params);
      // One's own assets, or those of a user one manages.
      const visible = await findVisibleUser(db, auth, id);
      const owner = visible.id === auth.user.id ? visible : await loadManagedUser(db, auth, id);
      return listOwnedAssets(db, owner.id, x);
    },
  );

  app.post(
    '/:id/asset',
    {
      schema: {
        summary: 'Move chosen assets of a user to another user of the company (one transaction)',
        params: idParams,
        body: selectedAssetsBody,
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = parse(idParams, request.params);
      const from = await loadManagedUser(db, auth, id);
      const body = parse(selectedAssetsBody, request.body);
      const to = await findVisibleUser(db, auth, body.toUserId).catch(() => undefined);
      if (!to || to.companyId !== from.companyId || to.status === 0) {
        throw badRequest('The request is invalid.', {
          toUserId: ['Must be an enabled user of the same company.'],
        });
      }
      const moved = await reassignSelectedAssets(db, from, to, body.assets);
      return { fromUserId: from.id, toUserId: to.id, reassigned: moved };
    },
  );

  app.put(
    '/:id/Status',
    { schema: { summary: 'Disable (0) or enable (1) a user', params: idParams, body: statusBody } },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = parse(idParams, request.params);
      const target = await loadManagedUser(db, auth, id);
      const { status } = parse(statusBody, request.body);
      const updated = await setUserStatus(db, target, status === 1);
      // Its hub sockets close now on every API process.
      if (status === 0) await announceRevocation(services.database, target.id);
      return presentUser(updated, await companyOf(db, auth, updated));
    },
  );

  app.delete(
    '/Delete/:id',
    {
      schema: {
        summary: 'Delete a user (their assets first move to reassignTo, or the user must own none)',
        params: idParams,
        querystring: deleteQuery,
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = parse(idParams, request.params);
      const target = await loadManagedUser(db, auth, id);
      const { reassignTo } = parse(deleteQuery, canonicalQuery(request.query, ['reassignTo']));
      const heir = reassignTo ? await findVisibleUser(db, auth, reassignTo) : undefined;
      if (heir && heir.companyId !== target.companyId) {
        throw badRequest('The request is invalid.', { reassignTo: ['Must be a user of the same company.'] });
      }
      const moved = await deleteUser(db, target, heir);
      await announceRevocation(services.database, target.id);
      return { deleted: true, ...(moved ? { reassigned: moved } : {}) };
    },
  );

  app.post(
    '/:id/ResendWelcomeEmail',
    { schema: { summary: 'Send an invited user a new invitation', params: idParams } },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = parse(idParams, request.params);
      const target = await loadManagedUser(db, auth, id);
      await resendWelcome(services, target, await companyOf(db, auth, target), auth.user, request.log);
      return { result: 'Success' };
    },
  );

  app.post(
    '/:id/SetUserPassword',
    {
      schema: {
        summary: 'Set a user’s password (temporary unless permanent is true)',
        params: idParams,
        body: passwordBody,
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = parse(idParams, request.params);
      const target = await loadManagedUser(db, auth, id);
      const { password, permanent } = parse(passwordBody, request.body);
      await setUserPassword(db, target, password, permanent ?? false);
      await announceRevocation(services.database, target.id);
      return { result: 'Success' };
    },
  );
}

/** For GET /User/{id}: a user of the caller's company, or of any company for a super admin. */
export async function readVisibleUser(db: Db, auth: AuthContext, id: string) {
  const user = await findVisibleUser(db, auth, id);
  return presentUser(user, await companyOf(db, auth, user));
}
