/**
 * The billing provider's pages (spec 2 §7.12): GET /Subscription/{companyId}/Checkout/{tier}/{period}
 * and GET /Subscription/{companyId}/SelfService answer `{url}`, the operator's BILLING_CHECKOUT_URL or
 * BILLING_PORTAL_URL with {companyId}, {tier} and {period} filled in (domain fillBillingUrl); 404 when
 * the operator configured none. A company's admins and IT admins ask for their company, super admins
 * for any (policies/company.ts loadCompanyFor: others 403, another company 404).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CHECKOUT_TIERS, fillBillingUrl } from '@sunfield/domain';
import { requireAuth } from '../../auth/context.ts';
import { notFound, parse } from '../../lib/errors.ts';
import { loadCompanyFor } from '../../policies/company.ts';

export const BILLING_NOT_CONFIGURED = 'Billing is not configured for this installation.';

const checkoutParams = z.object({
  companyId: z.string(),
  tier: z.coerce
    .number({ error: 'Tier must be a paid tier (1, 2, 3, 4, 5 or 7).' })
    .int({ error: 'Tier must be a paid tier (1, 2, 3, 4, 5 or 7).' })
    .refine((tier) => (CHECKOUT_TIERS as readonly number[]).includes(tier), {
      error: 'Tier must be a paid tier (1, 2, 3, 4, 5 or 7).',
    }),
  period: z.coerce
    .number({ error: 'Billing period must be Monthly (0) or Annual (1).' })
    .int({ error: 'Billing period must be Monthly (0) or Annual (1).' })
    .min(0, { error: 'Billing period must be Monthly (0) or Annual (1).' })
    .max(1, { error: 'Billing period must be Monthly (0) or Annual (1).' }),
});
const selfServiceParams = z.object({ companyId: z.string() });

/** Registered at the API root. */
export async function billingRoutes(app: FastifyInstance): Promise<void> {
  const db = app.services.database.db;
  const billing = () => app.services.config.billing;

  app.get(
    '/Subscription/:companyId/Checkout/:tier/:period',
    {
      schema: {
        summary: 'The billing provider’s checkout address for a tier and period',
        params: checkoutParams,
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const params = parse(checkoutParams, request.params);
      const company = await loadCompanyFor(db, auth, params.companyId, { edit: true });
      const template = billing()?.checkoutUrl;
      if (!template) throw notFound(BILLING_NOT_CONFIGURED);
      return {
        url: fillBillingUrl(template, {
          companyId: company.id,
          tier: params.tier,
          period: params.period,
        }),
      };
    },
  );

  app.get(
    '/Subscription/:companyId/SelfService',
    { schema: { summary: 'The billing provider’s self-service portal address', params: selfServiceParams } },
    async (request) => {
      const auth = requireAuth(request);
      const { companyId } = parse(selfServiceParams, request.params);
      const company = await loadCompanyFor(db, auth, companyId, { edit: true });
      const template = billing()?.portalUrl;
      if (!template) throw notFound(BILLING_NOT_CONFIGURED);
      return { url: fillBillingUrl(template, { companyId: company.id }) };
    },
  );
}
