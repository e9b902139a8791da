/**
 * Global notifications (spec 1 §2, spec 2 §7.3): the signed-in user sees the first pending one
 * (global or for the user's company, not dismissed by the user) and may dismiss it when it is
 * dismissable. Super admins create and remove them.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth, SUPER_ADMIN_ONLY } from '../../auth/context.ts';
import { companies } from '../../db/schema.ts';
import { badRequest, INVALID_INPUT, notFound, parse } from '../../lib/errors.ts';
import { integerId } from '../../lib/request.ts';
import {
  deleteNotification,
  dismissNotification,
  findVisibleNotification,
  firstPendingNotification,
  insertNotification,
  type NotificationRow,
} from '../../models/notification.ts';
const NOT_FOUND = 'Notification not found';

/** NotificationType: Announcement 0, Warning 1, Error 2. */
const createSchema = z.object({
  type: z
    .number({ error: 'Type must be 0 (Announcement), 1 (Warning) or 2 (Error).' })
    .int()
    .min(0, 'Type must be 0 (Announcement), 1 (Warning) or 2 (Error).')
    .max(2, 'Type must be 0 (Announcement), 1 (Warning) or 2 (Error).')
    .default(0),
  message: z
    .string({ error: 'Message is required.' })
    .trim()
    .min(1, 'Message is required.')
    .max(4000, 'Message must be at most 4000 characters.'),
  dismissable: z.boolean({ error: 'Dismissable must be true or false.' }).default(true),
  companyId: z.uuid('Company id must be a company id.').nullable().optional(),
});

const presentNotification = (row: NotificationRow) => ({
  id: row.id,
  type: row.type,
  message: row.message,
  dismissable: row.dismissable,
});

export function registerNotificationRoutes(app: FastifyInstance): void {
  const db = app.services.database.db;

  /** A list with at most one entry: only the first pending notification is shown. */
  app.get(
    '/User/Notification',
    { schema: { summary: 'The first pending notification of the signed-in user' } },
    async (request) => {
      const auth = requireAuth(request);
      const row = await firstPendingNotification(db, { id: auth.user.id, companyId: auth.company.id });
      return row ? [presentNotification(row)] : [];
    },
  );

  app.post(
    '/User/Notification/:id/Dismiss',
    { schema: { summary: 'Dismiss a notification' } },
    async (request) => {
      const auth = requireAuth(request);
      const id = integerId((request.params as { id: string }).id);
      const row = id === undefined ? undefined : await findVisibleNotification(db, auth.company.id, id);
      if (!row) throw notFound(NOT_FOUND);
      if (!row.dismissable) throw badRequest('This notification cannot be dismissed.');
      await dismissNotification(db, row.id, auth.user.id);
      return true;
    },
  );

  app.post(
    '/Notification',
    {
      schema: { summary: 'Create a notification (super admins)', body: createSchema },
      config: SUPER_ADMIN_ONLY,
    },
    async (request) => {
      const input = parse(createSchema, request.body);
      if (input.companyId) {
        const [company] = await db
          .select({ id: companies.id })
          .from(companies)
          .where(eq(companies.id, input.companyId));
        if (!company) throw badRequest(INVALID_INPUT, { companyId: ['Company not found.'] });
      }
      const row = await insertNotification(db, {
        type: input.type,
        message: input.message,
        dismissable: input.dismissable,
        companyId: input.companyId ?? null,
      });
      return { id: row.id };
    },
  );

  app.delete(
    '/Notification/:id',
    { schema: { summary: 'Remove a notification (super admins)' }, config: SUPER_ADMIN_ONLY },
    async (request) => {
      const id = integerId((request.params as { id: string }).id);
      if (id === undefined || !(await deleteNotification(db, id))) throw notFound(NOT_FOUND);
      return true;
    },
  );
}
