/**
 * Global notifications (spec 1 §2, spec 2 §7.3): the signed-in user sees the first pending one
 * (global or for the user's company, not dismissed by the user) and may dismiss it when it is
 * dismissable. Super admins list (GET /Notification, paged, with the company and how many users
 * dismissed each), create (the HTML message cleaned to the allow-list of lib/notificationHtml.ts before
 * it is stored) and remove them.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth, SUPER_ADMIN_ONLY } from '../../auth/context.ts';
import { companies } from '../../db/schema.ts';
import { badRequest, INVALID_INPUT, notFound, parse } from '../../lib/errors.ts';
import { cleanNotificationHtml } from '../../lib/notificationHtml.ts';
import { canonicalQuery, integerId, skipTakeQuery } from '../../lib/request.ts';
import {
  deleteNotification,
  dismissNotification,
  findVisibleNotification,
  firstPendingNotification,
  insertNotification,
  notificationPage,
  type NotificationListRow,
  type NotificationRow,
} from '../../models/notification.ts';
const NOT_FOUND = 'Notification not found';

/** NotificationType: Announcement 0, Warning 1, Error 2. */
export const notificationCreateSchema = z.object({
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

export const NOTIFICATION_DEFAULT_TAKE = 50;
export const NOTIFICATION_MAX_TAKE = 200;

export const notificationListQuerySchema = z.object({
  ...skipTakeQuery(NOTIFICATION_MAX_TAKE),
  /** only this company's notifications (and, with includeGlobal, the ones to every company) */
  companyId: z.uuid('Company id must be a company id.').optional(),
  includeGlobal: z
    .enum(['true', 'false'], { error: 'IncludeGlobal must be true or false.' })
    .optional()
    .transform((value) => value === 'true'),
});
const LIST_KEYS = ['skip', 'take', 'companyId', 'includeGlobal'] as const;

const presentListItem = ({ notification, companyName, dismissedCount }: NotificationListRow) => ({
  id: notification.id,
  type: notification.type,
  message: notification.message,
  dismissable: notification.dismissable,
  companyId: notification.companyId,
  companyName,
  createdDate: notification.createdDate.toISOString(),
  dismissedCount,
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

  app.get(
    '/Notification',
    {
      schema: {
        summary: 'Every notification, newest first, one page (super admins)',
        querystring: notificationListQuerySchema,
      },
      config: SUPER_ADMIN_ONLY,
    },
    async (request, reply) => {
      const query = parse(notificationListQuerySchema, canonicalQuery(request.query, LIST_KEYS));
      const { rows, total } = await notificationPage(
        db,
        { companyId: query.companyId?.toLowerCase(), includeGlobal: query.includeGlobal },
        { skip: query.skip ?? 0, take: query.take ?? NOTIFICATION_DEFAULT_TAKE },
      );
      reply.header('X-Total-Count', String(total));
      return rows.map(presentListItem);
    },
  );

  app.post(
    '/Notification',
    {
      schema: { summary: 'Create a notification (super admins)', body: notificationCreateSchema },
      config: SUPER_ADMIN_ONLY,
    },
    async (request) => {
      const input = parse(notificationCreateSchema, request.body);
      if (input.companyId) {
        const [company] = await db
          .select({ id: companies.id })
          .from(companies)
          .where(eq(companies.id, input.companyId));
        if (!company) throw badRequest(INVALID_INPUT, { companyId: ['Company not found.'] });
      }
      // Stored cleaned (lib/notificationHtml.ts): what the bar and the list get holds no script.
      const message = cleanNotificationHtml(input.message);
      if (!message)
        throw badRequest(INVALID_INPUT, { message: ['Message has no text once its HTML is cleaned.'] });
      const row = await insertNotification(db, {
        type: input.type,
        message,
        dismissable: input.dismissable,
        companyId: input.companyId ?? null,
      });
      return { id: row.id, message: row.message };
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
