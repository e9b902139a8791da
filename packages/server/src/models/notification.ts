/**
 * Global notifications (spec 1 §2 "global notification bar"): for everyone (companyId null) or one
 * company, dismissed per user.
 */
import { and, asc, count, desc, eq, isNull, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { companies, notificationDismissals, notifications } from '../db/schema.ts';

export type NotificationRow = typeof notifications.$inferSelect;

/** Visible to a user: global, or for the user's company. */
const visibleTo = (companyId: string) =>
  or(isNull(notifications.companyId), eq(notifications.companyId, companyId));

/** The oldest notification the user can see and has not dismissed. */
export async function firstPendingNotification(
  db: Db,
  user: { id: string; companyId: string },
): Promise<NotificationRow | undefined> {
  const dismissed = db
    .select({ one: notificationDismissals.notificationId })
    .from(notificationDismissals)
    .where(
      and(
        eq(notificationDismissals.notificationId, notifications.id),
        eq(notificationDismissals.userId, user.id),
      ),
    );
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(visibleTo(user.companyId), notExists(dismissed)))
    .orderBy(asc(notifications.createdDate), asc(notifications.id))
    .limit(1);
  return row;
}

/** A notification the user can see, by id. */
export async function findVisibleNotification(
  db: Db,
  companyId: string,
  id: number,
): Promise<NotificationRow | undefined> {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), visibleTo(companyId)))
    .limit(1);
  return row;
}

export async function dismissNotification(db: Db, notificationId: number, userId: string): Promise<void> {
  await db.insert(notificationDismissals).values({ notificationId, userId }).onConflictDoNothing();
}

export async function insertNotification(
  db: Db,
  values: { type: number; message: string; dismissable: boolean; companyId: string | null },
): Promise<NotificationRow> {
  const [row] = await db.insert(notifications).values(values).returning();
  if (!row) throw new Error('notification insert returned no row');
  return row;
}

export async function deleteNotification(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .delete(notifications)
    .where(eq(notifications.id, id))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** A notification as the super admins' list shows it. */
export interface NotificationListRow {
  notification: NotificationRow;
  /** null for a notification to every company */
  companyName: string | null;
  /** users who dismissed it */
  dismissedCount: number;
}

/**
 * Every notification, newest first, one page, with its company's name and how many users dismissed
 * it; `companyId` narrows to that company's own notifications and, with `includeGlobal`, the ones to
 * every company (what that company's users can see).
 */
export async function notificationPage(
  db: Db,
  filter: { companyId?: string; includeGlobal?: boolean },
  page: { skip: number; take: number },
): Promise<{ rows: NotificationListRow[]; total: number }> {
  const where = filter.companyId
    ? filter.includeGlobal
      ? visibleTo(filter.companyId)
      : eq(notifications.companyId, filter.companyId)
    : undefined;
  const dismissedCount = db
    .select({ n: count().as('n') })
    .from(notificationDismissals)
    .where(eq(notificationDismissals.notificationId, notifications.id));
  const [rows, totals] = await Promise.all([
    db
      .select({
        notification: notifications,
        companyName: companies.name,
        dismissedCount: sql<number>`(${dismissedCount})`.mapWith(Number),
      })
      .from(notifications)
      .leftJoin(companies, eq(companies.id, notifications.companyId))
      .where(where)
      .orderBy(desc(notifications.createdDate), desc(notifications.id))
      .offset(page.skip)
      .limit(page.take),
    db.select({ total: count() }).from(notifications).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}
