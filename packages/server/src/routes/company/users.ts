/**
 * POST /api/Company/{cid}/User (spec 2 §7.3 "Creating users for a company": users, companyID):
 * invites users into a company. Each gets a temporary password by email with a link to
 * /login?email=… and sets their own at the first sign-in (commands/companyUsers.ts). Admins and IT
 * admins of the company, and super admins, may invite (policies/companyUsers.ts); a user or manager is
 * refused (403), another company is 404.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { assignableRoles } from '@sunfield/domain';
import { requireAuth } from '../../auth/context.ts';
import { inviteUsers } from '../../commands/companyUsers.ts';
import { badRequest, forbidden, parse } from '../../lib/errors.ts';
import { NOT_ALLOWED, SUPER_ADMIN_ONLY, canManageCompanyUsers } from '../../policies/companyUsers.ts';
import { loadCompanyFor } from '../../policies/company.ts';
import { presentUser } from '../../presenters/user.ts';
import { emailField, requiredText } from '../auth/fields.ts';
import { roleField } from '../user/admin.ts';

/** At most this many invitations in one call. */
export const MAX_INVITES = 50;

const idParams = z.object({ id: z.string().max(100) });

const companyIdField = z.uuid({ error: 'Must be a company id.' });

const invitee = z.object({
  email: emailField,
  firstName: requiredText('First name'),
  lastName: requiredText('Last name'),
  /** The role name (User, Manager, Admin, ITAdmin; FSLRAdmin by super admins); User when absent. */
  role: roleField.optional(),
});

const inviteBody = z.object({
  users: z
    .array(invitee, { error: 'users must be a list of users.' })
    .min(1, 'Add at least one user.')
    .max(MAX_INVITES, `At most ${MAX_INVITES} users at a time.`),
  /** The path's company id again, when given. */
  companyID: companyIdField.optional(),
  companyId: companyIdField.optional(),
});

export async function companyUserRoutes(app: FastifyInstance): Promise<void> {
  const services = app.services;
  const db = services.database.db;

  app.post(
    '/:id/User',
    {
      schema: {
        summary: 'Invite users into a company (each gets an email to set a password)',
        params: idParams,
        body: inviteBody,
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { id } = parse(idParams, request.params);
      const company = await loadCompanyFor(db, auth, id);
      if (!canManageCompanyUsers(auth, company.id)) throw forbidden(NOT_ALLOWED);
      const body = parse(inviteBody, request.body);
      const given = body.companyID ?? body.companyId;
      if (given && given.toLowerCase() !== company.id) {
        throw badRequest('The request is invalid.', { companyID: ['Must be the id of the path.'] });
      }
      const allowed = assignableRoles(auth.user.roles);
      const inputs = body.users.map((user) => ({ ...user, role: user.role ?? ('User' as const) }));
      if (inputs.some((user) => !allowed.includes(user.role))) throw forbidden(SUPER_ADMIN_ONLY);
      const created = await inviteUsers(services, company, auth.user, inputs, request.log);
      return reply.status(201).send(created.map((user) => presentUser(user, company)));
    },
  );
}
