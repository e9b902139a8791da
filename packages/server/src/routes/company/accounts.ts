/**
 * Manage accounts (spec 1 §2 /manage-accounts; spec 2 §7.11 POST /Company, DELETE /Company/{id}) and
 * promotion codes (spec 2 §7.12 POST PromotionCode/Redemption). Super admins list, create and delete
 * companies and make promotion codes; a company's admins and IT admins (and a super admin, for their
 * own company) redeem a code. Changing a company's tier and flags is PUT /Company/{id} (index.ts).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  COMPANY_ADMIN_MESSAGES,
  PROMOTION_CODE_MESSAGES,
  ROLE,
  companyCreateSchema,
  promotionCodeCreateSchema,
  promotionCodeRedemptionSchema,
} from '@sunfield/domain';
import { SUPER_ADMIN_ONLY, requireAuth } from '../../auth/context.ts';
import {
  NEW_COMPANY_TIER,
  deleteCompany,
  hasSuperAdmin,
  listAccounts,
  presentPromotionCode,
  redeemPromotionCode,
} from '../../commands/companyAccounts.ts';
import { companies, promotionCodes } from '../../db/schema.ts';
import { badRequest, forbidden, INVALID_INPUT, notFound, parse } from '../../lib/errors.ts';
import { COMPANY_NOT_FOUND } from '../../policies/company.ts';
import { presentUser } from '../../presenters/user.ts';
import { desc } from 'drizzle-orm';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idParams = z.object({ id: z.string() });

/** Registered under /company. */
export async function companyAccountRoutes(app: FastifyInstance): Promise<void> {
  const db = app.services.database.db;

  app.get(
    '/Accounts',
    {
      schema: { summary: 'Every company with its tier, flags, user count and last activity (super admins)' },
      config: SUPER_ADMIN_ONLY,
    },
    async () => listAccounts(db),
  );

  app.post(
    '/',
    {
      schema: { summary: 'Create a company (super admins)', body: companyCreateSchema },
      config: SUPER_ADMIN_ONLY,
    },
    async (request, reply) => {
      const body = parse(companyCreateSchema, request.body);
      const [row] = await db
        .insert(companies)
        .values({
          name: body.name,
          companyType: body.companyType ?? null,
          subscriptionType: body.subscriptionType ?? NEW_COMPANY_TIER,
          isSubscriptionActive: body.isSubscriptionActive ?? true,
          isAlphaTester: body.isAlphaTester ?? false,
          allowPVRADARExtension: body.allowPVRADARExtension ?? false,
          freeTrialExpirationDate: body.freeTrialExpirationDate ?? null,
        })
        .returning({ id: companies.id });
      if (!row) throw new Error('company not created');
      const [account] = await listAccounts(db, row.id);
      return reply.code(201).send(account);
    },
  );

  app.delete(
    '/:id',
    {
      schema: { summary: 'Delete a company and everything it owns (super admins)', params: idParams },
      config: SUPER_ADMIN_ONLY,
    },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = parse(idParams, request.params);
      if (!UUID.test(id)) throw notFound(COMPANY_NOT_FOUND);
      const companyId = id.toLowerCase();
      if (companyId === auth.company.id) throw forbidden(COMPANY_ADMIN_MESSAGES.ownCompany);
      if (await hasSuperAdmin(db, companyId))
        throw forbidden('A company with a super admin cannot be deleted: remove the role first.');
      const deleted = await deleteCompany(db, companyId);
      if (!deleted) throw notFound(COMPANY_NOT_FOUND);
      request.log.info({ companyId, deleted, by: auth.user.id }, 'company deleted');
      return { deleted: true, ...deleted };
    },
  );
}

/** Registered at the API root: /PromotionCode… */
export async function promotionCodeRoutes(app: FastifyInstance): Promise<void> {
  const db = app.services.database.db;

  app.get(
    '/PromotionCode',
    { schema: { summary: 'Every promotion code (super admins)' }, config: SUPER_ADMIN_ONLY },
    async () => {
      const rows = await db
        .select()
        .from(promotionCodes)
        .orderBy(desc(promotionCodes.createdDate))
        .limit(1000);
      return rows.map(presentPromotionCode);
    },
  );

  app.post(
    '/PromotionCode',
    {
      schema: { summary: 'Make a promotion code (super admins)', body: promotionCodeCreateSchema },
      config: SUPER_ADMIN_ONLY,
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const body = parse(promotionCodeCreateSchema, request.body);
      const [row] = await db
        .insert(promotionCodes)
        .values({
          code: body.code,
          subscriptionType: body.subscriptionType,
          durationDays: body.durationDays,
          maxRedemptions: body.maxRedemptions,
          expiresAt: body.expiresAt ?? null,
          createdById: auth.user.id,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw badRequest(INVALID_INPUT, { code: [PROMOTION_CODE_MESSAGES.duplicate] });
      return reply.code(201).send(presentPromotionCode(row));
    },
  );

  app.post(
    '/PromotionCode/Redemption',
    {
      schema: {
        summary: 'Redeem a promotion code for the caller’s company (its admins and IT admins)',
        body: promotionCodeRedemptionSchema,
      },
      config: { roles: [ROLE.Admin, ROLE.ITAdmin, ROLE.SuperAdmin] },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { code } = parse(promotionCodeRedemptionSchema, request.body);
      const { promotionCode, company } = await redeemPromotionCode(db, {
        code,
        companyId: auth.company.id,
        userId: auth.user.id,
      });
      request.log.info(
        { companyId: company.id, promotionCodeId: promotionCode.id },
        'promotion code redeemed',
      );
      return { promotionCode: presentPromotionCode(promotionCode), user: presentUser(auth.user, company) };
    },
  );
}
