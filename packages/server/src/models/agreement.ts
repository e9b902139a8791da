/**
 * Agreement decisions and login notifications (spec 1 §2 /agreement; domain/src/agreements.ts has
 * the agreements and the rule). A decision is one row per user, agreement and version: an acceptance
 * is never overwritten, a bypass becomes an acceptance when the user accepts later.
 */
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { AgreementDecision, AgreementKind, ApiAgreementAcceptance } from '@sunfield/domain';
import type { Db } from '../db/index.ts';
import { agreementAcceptances, companies, loginNotifications } from '../db/schema.ts';

export type LoginNotificationRow = typeof loginNotifications.$inferSelect;

/** Whether a login notification asks the company's users (or every company's) for the agreements. */
export async function agreementsRequested(db: Db, companyId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: loginNotifications.id })
    .from(loginNotifications)
    .where(or(isNull(loginNotifications.companyId), eq(loginNotifications.companyId, companyId)))
    .limit(1);
  return row !== undefined;
}

export async function userDecisions(db: Db, userId: string): Promise<AgreementDecision[]> {
  const rows = await db
    .select({
      agreement: agreementAcceptances.agreement,
      version: agreementAcceptances.version,
      decision: agreementAcceptances.decision,
    })
    .from(agreementAcceptances)
    .where(eq(agreementAcceptances.userId, userId));
  return rows.map((row) => ({
    agreement: row.agreement as AgreementKind,
    version: row.version,
    decision: row.decision === 'accepted' ? 'accepted' : 'bypassed',
  }));
}

/** The user's decisions with their dates, newest first (GET /User/MigrationAgreement). */
export async function userDecisionRows(db: Db, userId: string) {
  return db
    .select({
      agreement: agreementAcceptances.agreement,
      version: agreementAcceptances.version,
      decision: agreementAcceptances.decision,
      decidedDate: agreementAcceptances.decidedDate,
    })
    .from(agreementAcceptances)
    .where(eq(agreementAcceptances.userId, userId))
    .orderBy(desc(agreementAcceptances.decidedDate), desc(agreementAcceptances.id));
}

/** The user's latest acceptance of one agreement (any version), as the user entity shows it. */
export async function latestAcceptance(
  db: Db,
  userId: string,
  agreement: AgreementKind,
): Promise<ApiAgreementAcceptance | null> {
  const [row] = await db
    .select({ version: agreementAcceptances.version, decidedDate: agreementAcceptances.decidedDate })
    .from(agreementAcceptances)
    .where(
      and(
        eq(agreementAcceptances.userId, userId),
        eq(agreementAcceptances.agreement, agreement),
        eq(agreementAcceptances.decision, 'accepted'),
      ),
    )
    .orderBy(desc(agreementAcceptances.version))
    .limit(1);
  return row ? { agreement, version: row.version, acceptedDate: row.decidedDate.toISOString() } : null;
}

/**
 * The latest acceptance of one agreement among the versions a user accepted (loaded with the account,
 * auth/accountCache.ts): what `latestAcceptance` reads, without a query.
 */
export function latestAcceptanceOf(
  accepted: readonly { agreement: string; version: number; decidedDate: string }[],
  agreement: AgreementKind,
): ApiAgreementAcceptance | null {
  let latest: (typeof accepted)[number] | undefined;
  for (const row of accepted)
    if (row.agreement === agreement && (!latest || row.version > latest.version)) latest = row;
  return latest
    ? { agreement, version: latest.version, acceptedDate: new Date(latest.decidedDate).toISOString() }
    : null;
}

/**
 * Records a decision. Accepting after a bypass turns the bypass into the acceptance (now); a second
 * acceptance, or a bypass after an acceptance, leaves the row as it is. Answers the row on record.
 */
export async function recordDecision(
  db: Db,
  values: {
    userId: string;
    companyId: string;
    agreement: AgreementKind;
    version: number;
    decision: 'accepted' | 'bypassed';
  },
): Promise<{ decision: string; decidedDate: Date }> {
  await db
    .insert(agreementAcceptances)
    .values(values)
    .onConflictDoUpdate({
      target: [agreementAcceptances.userId, agreementAcceptances.agreement, agreementAcceptances.version],
      set: { decision: sql`excluded.decision`, decidedDate: sql`now()`, companyId: sql`excluded.company_id` },
      setWhere: sql`${agreementAcceptances.decision} = 'bypassed' and excluded.decision = 'accepted'`,
    });
  const [row] = await db
    .select({ decision: agreementAcceptances.decision, decidedDate: agreementAcceptances.decidedDate })
    .from(agreementAcceptances)
    .where(
      and(
        eq(agreementAcceptances.userId, values.userId),
        eq(agreementAcceptances.agreement, values.agreement),
        eq(agreementAcceptances.version, values.version),
      ),
    );
  if (!row) throw new Error('agreement decision not recorded');
  return row;
}

export async function listLoginNotifications(db: Db) {
  return db
    .select({
      id: loginNotifications.id,
      companyId: loginNotifications.companyId,
      companyName: companies.name,
      createdDate: loginNotifications.createdDate,
    })
    .from(loginNotifications)
    .leftJoin(companies, eq(companies.id, loginNotifications.companyId))
    .orderBy(loginNotifications.id);
}

export async function insertLoginNotification(
  db: Db,
  values: { companyId: string | null; createdById: string },
): Promise<LoginNotificationRow> {
  const [row] = await db.insert(loginNotifications).values(values).returning();
  if (!row) throw new Error('login notification insert returned no row');
  return row;
}

export async function deleteLoginNotification(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .delete(loginNotifications)
    .where(eq(loginNotifications.id, id))
    .returning({ id: loginNotifications.id });
  return rows.length > 0;
}
