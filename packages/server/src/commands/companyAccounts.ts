/**
 * Manage accounts (spec 1 §2 /manage-accounts, super admins) and promotion codes (spec 2 §7.12
 * POST PromotionCode/Redemption): every company with its tier, users and last activity; creating and
 * deleting companies; redeeming a promotion code. The rules: docs/subscriptions.md.
 */
import { and, asc, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import {
  PROMOTION_CODE_MESSAGES,
  ROLE,
  SUBSCRIPTION_TYPE,
  promotionCodeProblem,
  redemptionExpiry,
  subscriptionState,
  type CompanyAccount,
} from '@sunfield/domain';
import type { CompanyRow } from '../auth/context.ts';
import type { Db } from '../db/index.ts';
import {
  companies,
  inverters,
  modules,
  predictions,
  projects,
  promotionCodeRedemptions,
  promotionCodes,
  users,
  weathers,
} from '../db/schema.ts';
import { badRequest } from '../lib/errors.ts';

export function presentAccount(
  company: CompanyRow,
  usage: { userCount: number; lastActivity: Date | string | null },
  now: Date = new Date(),
): CompanyAccount {
  const last = usage.lastActivity ? new Date(usage.lastActivity) : null;
  return {
    id: company.id,
    name: company.name,
    companyType: company.companyType,
    subscriptionType: company.subscriptionType,
    isSubscriptionActive: company.isSubscriptionActive,
    subscriptionState: subscriptionState(company, now),
    isAlphaTester: company.isAlphaTester,
    allowPVRADARExtension: company.allowPVRADARExtension,
    freeTrialExpirationDate: company.freeTrialExpirationDate?.toISOString() ?? null,
    status: company.status,
    createdDate: company.createdDate.toISOString(),
    userCount: usage.userCount,
    lastActivity: last && !Number.isNaN(last.getTime()) ? last.toISOString() : null,
  };
}

/** Every company (name order) with its user count and last activity: three grouped scans, one query. */
export async function listAccounts(db: Db, onlyId?: string): Promise<CompanyAccount[]> {
  const userStats = db
    .select({
      companyId: users.companyId,
      userCount: count().as('user_count'),
      lastLogin: sql<Date | null>`max(${users.lastLogin})`.as('last_login'),
    })
    .from(users)
    .groupBy(users.companyId)
    .as('user_stats');
  const projectStats = db
    .select({
      companyId: projects.companyId,
      lastModified: sql<Date | null>`max(${projects.lastModified})`.as('project_modified'),
    })
    .from(projects)
    .groupBy(projects.companyId)
    .as('project_stats');
  const predictionStats = db
    .select({
      companyId: predictions.companyId,
      lastModified: sql<Date | null>`max(${predictions.lastModified})`.as('prediction_modified'),
    })
    .from(predictions)
    .groupBy(predictions.companyId)
    .as('prediction_stats');
  const rows = await db
    .select({
      company: companies,
      userCount: sql<number>`coalesce(${userStats.userCount}, 0)`.mapWith(Number),
      lastActivity: sql<
        string | null
      >`greatest(${userStats.lastLogin}, ${projectStats.lastModified}, ${predictionStats.lastModified})`,
    })
    .from(companies)
    .leftJoin(userStats, eq(userStats.companyId, companies.id))
    .leftJoin(projectStats, eq(projectStats.companyId, companies.id))
    .leftJoin(predictionStats, eq(predictionStats.companyId, companies.id))
    .where(onlyId ? eq(companies.id, onlyId) : undefined)
    .orderBy(asc(sql`lower(${companies.name})`), asc(companies.id))
    .limit(10_000);
  const now = new Date();
  return rows.map((row) => presentAccount(row.company, row, now));
}

export interface CompanyDeletion {
  users: number;
  projects: number;
  predictions: number;
  modules: number;
  inverters: number;
  weather: number;
}

/**
 * Deletes a company and everything it owns in one transaction: predictions (with their plants, runs,
 * results and reports), projects, modules, inverters and weather (with their series), users (with
 * their sessions and credentials), notifications, agreements and promotion-code redemptions (the
 * foreign keys cascade from the company row; predictions go first so that no prediction is left
 * pointing at a deleted weather). Answers what was deleted, or null when there was no such company.
 */
export async function deleteCompany(db: Db, companyId: string): Promise<CompanyDeletion | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, companyId))
      .for('update');
    if (!row) return null;
    const counted = async (table: typeof users | typeof projects | typeof predictions) =>
      (await tx.select({ n: count() }).from(table).where(eq(table.companyId, companyId)))[0]?.n ?? 0;
    const library = async (table: typeof modules | typeof inverters | typeof weathers) =>
      (await tx.select({ n: count() }).from(table).where(eq(table.companyId, companyId)))[0]?.n ?? 0;
    const deleted: CompanyDeletion = {
      users: await counted(users),
      projects: await counted(projects),
      predictions: await counted(predictions),
      modules: await library(modules),
      inverters: await library(inverters),
      weather: await library(weathers),
    };
    await tx.delete(predictions).where(eq(predictions.companyId, companyId));
    await tx.delete(projects).where(eq(projects.companyId, companyId));
    await tx.delete(weathers).where(eq(weathers.companyId, companyId));
    await tx.delete(modules).where(eq(modules.companyId, companyId));
    await tx.delete(inverters).where(eq(inverters.companyId, companyId));
    await tx.delete(companies).where(eq(companies.id, companyId));
    return deleted;
  });
}

/** Whether any user of the company is a super admin (such a company is not deleted). */
export async function hasSuperAdmin(db: Db, companyId: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.companyId, companyId), sql`${users.roles} @> ${JSON.stringify([ROLE.SuperAdmin])}::jsonb`),
    )
    .limit(1);
  return rows.length > 0;
}

export type PromotionCodeRow = typeof promotionCodes.$inferSelect;

export function presentPromotionCode(row: PromotionCodeRow) {
  return {
    id: row.id,
    code: row.code,
    subscriptionType: row.subscriptionType,
    durationDays: row.durationDays,
    maxRedemptions: row.maxRedemptions,
    redemptionCount: row.redemptionCount,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdDate: row.createdDate.toISOString(),
  };
}

const refuse = (message: string) => badRequest(message, { code: [message] });

/**
 * Redeems a code for a company, atomically: the count grows only while the code is unexpired and
 * under its limit (one conditional UPDATE, so two companies racing for the last redemption cannot
 * both get it), the redemption row is unique per code and company, and the company takes the code's
 * tier, an active subscription and freeTrialExpirationDate = now + the code's days. Any refusal is a
 * 400 naming `code`, and undoes the count.
 */
export async function redeemPromotionCode(
  db: Db,
  input: { code: string; companyId: string; userId: string },
  now: Date = new Date(),
): Promise<{ promotionCode: PromotionCodeRow; company: CompanyRow }> {
  return db.transaction(async (tx) => {
    const [promo] = await tx
      .update(promotionCodes)
      .set({ redemptionCount: sql`${promotionCodes.redemptionCount} + 1` })
      .where(
        and(
          eq(promotionCodes.code, input.code),
          or(isNull(promotionCodes.expiresAt), gt(promotionCodes.expiresAt, now)),
          lt(promotionCodes.redemptionCount, promotionCodes.maxRedemptions),
        ),
      )
      .returning();
    if (!promo) {
      const [known] = await tx
        .select()
        .from(promotionCodes)
        .where(eq(promotionCodes.code, input.code))
        .limit(1);
      if (!known) throw refuse(PROMOTION_CODE_MESSAGES.unknown);
      throw refuse(PROMOTION_CODE_MESSAGES[promotionCodeProblem(known, now) ?? 'usedUp']);
    }
    const [redemption] = await tx
      .insert(promotionCodeRedemptions)
      .values({ promotionCodeId: promo.id, companyId: input.companyId, userId: input.userId })
      .onConflictDoNothing()
      .returning({ id: promotionCodeRedemptions.id });
    if (!redemption) throw refuse(PROMOTION_CODE_MESSAGES.alreadyRedeemed);
    const [company] = await tx
      .update(companies)
      .set({
        subscriptionType: promo.subscriptionType,
        isSubscriptionActive: true,
        freeTrialExpirationDate: redemptionExpiry(promo.durationDays, now),
        lastModified: now,
      })
      .where(eq(companies.id, input.companyId))
      .returning();
    if (!company) throw refuse(PROMOTION_CODE_MESSAGES.unknown);
    return { promotionCode: promo, company };
  });
}

/** The tier a company gets when POST /Company names none: Free Trial (as a sign-up), no end date. */
export const NEW_COMPANY_TIER = SUBSCRIPTION_TYPE.FreeTrial;
