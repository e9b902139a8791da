/**
 * The data-migration agreements and the login notifications that ask for them (spec 1 §2 /agreement,
 * /admin-agreement, /super-admin-agreement; spec 2 §7.3 GET /User/MigrationAgreement,
 * /LoginNotification/GetNotifications, POST /User/Migrate; §7.11 POST MigrationAgreement and
 * SuperAdminMigrationAgreement). The agreements and the rule are domain/src/agreements.ts.
 *
 * A decision is `{version, accept}`: accept true records the acceptance, false the bypass ('Not
 * Now'); the version must be the agreement's current one. Everyone decides on the data-migration
 * agreement, admins (and super admins) on the admin agreement, super admins on theirs. Super admins
 * publish and remove login notifications (one company, or every company with companyId null).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AGREEMENTS,
  agreementFor,
  agreementToShow,
  type AgreementKind,
  type ApiLoginNotification,
} from '@sunfield/domain';
import { ACCOUNT_CHANNEL } from '../../auth/accountCache.ts';
import { ANY_ADMIN, requireAuth, SUPER_ADMIN_ONLY } from '../../auth/context.ts';
import { companies } from '../../db/schema.ts';
import { badRequest, INVALID_INPUT, notFound, parse } from '../../lib/errors.ts';
import { integerId } from '../../lib/request.ts';
import {
  agreementsRequested,
  deleteLoginNotification,
  insertLoginNotification,
  listLoginNotifications,
  recordDecision,
  userDecisionRows,
  userDecisions,
} from '../../models/agreement.ts';

const decisionSchema = z.object({
  version: z
    .number({ error: 'Version must be a whole number.' })
    .int('Version must be a whole number.')
    .min(1, 'Version must be a whole number.')
    .max(1000, 'Version must be a whole number.'),
  accept: z.boolean({ error: 'Accept must be true or false.' }),
});

const publishSchema = z.object({
  companyId: z.uuid('Company id must be a company id.').nullable().optional(),
});

async function forgetAccount(app: FastifyInstance, userId: string): Promise<void> {
  const { accounts, database } = app.services;
  accounts.invalidate(`u:${userId}`);
  await database.pubsub.publish(ACCOUNT_CHANNEL, `u:${userId}`);
}

export function registerAgreementRoutes(app: FastifyInstance): void {
  const db = app.services.database.db;

  /** Records the caller's decision on one agreement. */
  const decide = (kind: AgreementKind) => async (request: FastifyRequest) => {
    const auth = requireAuth(request);
    const input = parse(decisionSchema, request.body);
    const agreement = AGREEMENTS[kind];
    if (input.version !== agreement.version)
      throw badRequest(INVALID_INPUT, {
        version: [`This agreement has changed: read version ${agreement.version}.`],
      });
    const row = await recordDecision(db, {
      userId: auth.user.id,
      companyId: auth.company.id,
      agreement: kind,
      version: agreement.version,
      decision: input.accept ? 'accepted' : 'bypassed',
    });
    // The accounts carry the acceptances (GET /User/current): this process drops the user before
    // answering, the others when they hear it.
    await forgetAccount(app, auth.user.id);
    return {
      agreement: kind,
      version: agreement.version,
      decision: row.decision,
      decidedDate: row.decidedDate.toISOString(),
    };
  };
  const decisionSchemaDoc = { body: decisionSchema };

  app.post(
    '/User/Migrate',
    { schema: { summary: 'Accept or bypass the data-migration agreement', ...decisionSchemaDoc } },
    decide('migration'),
  );
  app.post(
    '/Company/MigrationAgreement',
    {
      schema: { summary: "Accept or bypass the admins' data-migration agreement", ...decisionSchemaDoc },
      config: ANY_ADMIN,
    },
    decide('admin'),
  );
  app.post(
    '/Company/SuperAdminMigrationAgreement',
    {
      schema: {
        summary: "Accept or bypass the super admins' data-migration agreement",
        ...decisionSchemaDoc,
      },
      config: SUPER_ADMIN_ONLY,
    },
    decide('superAdmin'),
  );

  app.get(
    '/User/MigrationAgreement',
    { schema: { summary: "The agreements and the signed-in user's decisions on them" } },
    async (request) => {
      const auth = requireAuth(request);
      const [rows, requested] = await Promise.all([
        userDecisionRows(db, auth.user.id),
        agreementsRequested(db, auth.company.id),
      ]);
      const yours = agreementFor(auth.user.roles).kind;
      return {
        agreement: yours,
        requested,
        agreements: Object.values(AGREEMENTS).map((agreement) => {
          const current = rows.filter(
            (r) => r.agreement === agreement.kind && r.version === agreement.version,
          );
          const accepted = rows.find((r) => r.agreement === agreement.kind && r.decision === 'accepted');
          return {
            agreement: agreement.kind,
            version: agreement.version,
            title: agreement.title,
            route: agreement.route,
            yours: agreement.kind === yours,
            acceptance: accepted
              ? {
                  agreement: agreement.kind,
                  version: accepted.version,
                  acceptedDate: accepted.decidedDate.toISOString(),
                }
              : null,
            currentDecision: current[0]?.decision ?? null,
          };
        }),
      };
    },
  );

  app.get(
    '/LoginNotification/GetNotifications',
    { schema: { summary: 'What the signed-in user is shown at sign-in (the agreement of their role)' } },
    async (request): Promise<ApiLoginNotification[]> => {
      const auth = requireAuth(request);
      const [requested, decisions] = await Promise.all([
        agreementsRequested(db, auth.company.id),
        userDecisions(db, auth.user.id),
      ]);
      const agreement = agreementToShow(auth.user.roles, requested, decisions);
      return agreement
        ? [
            {
              type: 'agreement',
              agreement: agreement.kind,
              version: agreement.version,
              route: agreement.route,
              title: agreement.title,
            },
          ]
        : [];
    },
  );

  app.get(
    '/LoginNotification',
    { schema: { summary: 'The published login notifications (super admins)' }, config: SUPER_ADMIN_ONLY },
    async () =>
      (await listLoginNotifications(db)).map((row) => ({
        id: row.id,
        companyId: row.companyId,
        companyName: row.companyId === null ? null : row.companyName,
        createdDate: row.createdDate.toISOString(),
      })),
  );

  app.post(
    '/LoginNotification',
    {
      schema: {
        summary:
          "Ask a company's users (or every company's) to read the agreements at sign-in (super admins)",
        body: publishSchema,
      },
      config: SUPER_ADMIN_ONLY,
    },
    async (request) => {
      const auth = requireAuth(request);
      const input = parse(publishSchema, request.body ?? {});
      const companyId = input.companyId ?? null;
      if (companyId) {
        const [company] = await db
          .select({ id: companies.id })
          .from(companies)
          .where(eq(companies.id, companyId));
        if (!company) throw badRequest(INVALID_INPUT, { companyId: ['Company not found.'] });
      }
      const row = await insertLoginNotification(db, { companyId, createdById: auth.user.id });
      return { id: row.id };
    },
  );

  app.delete(
    '/LoginNotification/:id',
    { schema: { summary: 'Remove a login notification (super admins)' }, config: SUPER_ADMIN_ONLY },
    async (request) => {
      const id = integerId((request.params as { id: string }).id);
      if (id === undefined || !(await deleteLoginNotification(db, id)))
        throw notFound('Login notification not found');
      return true;
    },
  );
}
