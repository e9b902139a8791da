/**
 * /api/Company/SingleSignOn: the company's single sign-on through its OpenID Connect provider
 * (models/companySso.ts). Read and changed by the company's admins and IT admins and by super
 * admins (policies/company.ts canEditCompanySettings); other users of the company get 403, another
 * company's id 404. The client secret is answered masked and kept when the masked value (or none)
 * comes back. Turning it on checks that the issuer answers its discovery document.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { normalizeSsoDomain } from '@sunfield/domain';
import { requireAuth } from '../../auth/context.ts';
import { isUniqueViolation } from '../../commands/accounts.ts';
import { issuerProblem, providerConfiguration, ssoRedirectUri } from '../../commands/ssoSignIn.ts';
import { badRequest, INVALID_INPUT, parse, type ModelState } from '../../lib/errors.ts';
import { canonicalQuery } from '../../lib/request.ts';
import {
  domainsOfOtherCompanies,
  hasStoredClientSecret,
  readSsoSettings,
  writeSsoSettings,
} from '../../models/companySso.ts';
import { loadCompanyFor } from '../../policies/company.ts';

export const MAX_SSO_DOMAINS = 50;
export const SSO_DOMAIN_TAKEN = (domain: string) => `${domain} is used by another company’s single sign-on.`;
export const SSO_DISCOVERY_FAILED =
  'The provider’s OpenID Connect discovery document could not be read from this issuer.';

const ssoBody = z.object({
  companyId: z.string().max(100).nullish(),
  enabled: z.boolean({ error: 'Must be true or false.' }).default(false),
  issuer: z
    .string({ error: 'Must be text.' })
    .trim()
    .max(500, 'Must be at most 500 characters.')
    // As the provider writes it: discovery compares it with the document's issuer exactly.
    .default(''),
  clientId: z
    .string({ error: 'Must be text.' })
    .trim()
    .max(500, 'Must be at most 500 characters.')
    .default(''),
  clientSecret: z.string({ error: 'Must be text.' }).max(1000, 'Must be at most 1000 characters.').nullish(),
  allowedDomains: z
    .array(z.string({ error: 'Must be text.' }).max(253, 'Must be at most 253 characters.'), {
      error: 'Must be a list of domains.',
    })
    .max(MAX_SSO_DOMAINS, `At most ${MAX_SSO_DOMAINS} domains.`)
    .default([]),
  allowAutoCreate: z.boolean({ error: 'Must be true or false.' }).default(false),
  passwordSignInDisabled: z.boolean({ error: 'Must be true or false.' }).default(false),
});

function companyIdOf(request: FastifyRequest): unknown {
  const query = canonicalQuery(request.query, ['CompanyId']);
  if (query.CompanyId !== undefined) return query.CompanyId;
  const body = request.body as Record<string, unknown> | null | undefined;
  return body && typeof body === 'object' ? (body.companyId ?? body.CompanyId) : undefined;
}

export async function companySsoRoutes(app: FastifyInstance): Promise<void> {
  const db = app.services.database.db;
  const config = app.services.config;
  const redirectUri = ssoRedirectUri(config);

  app.get(
    '/SingleSignOn',
    { schema: { summary: 'The company’s single sign-on (OpenID Connect) settings, the secret masked' } },
    async (request) => {
      const company = await loadCompanyFor(db, requireAuth(request), companyIdOf(request), { edit: true });
      return readSsoSettings(db, config, company.id, redirectUri);
    },
  );

  app.put(
    '/SingleSignOn',
    {
      schema: {
        summary: 'Connect the company’s OpenID Connect provider, or change or turn off its single sign-on',
        body: ssoBody,
      },
    },
    async (request) => {
      const company = await loadCompanyFor(db, requireAuth(request), companyIdOf(request), { edit: true });
      const body = parse(ssoBody, request.body);
      const problems: ModelState = {};
      const add = (field: string, message: string) => (problems[field] ??= []).push(message);

      const domains: string[] = [];
      for (const raw of body.allowedDomains) {
        if (!raw.trim()) continue;
        const domain = normalizeSsoDomain(raw);
        if (!domain) add('allowedDomains', `${raw.trim()} is not a domain such as example.com.`);
        else if (!domains.includes(domain)) domains.push(domain);
      }
      for (const taken of await domainsOfOtherCompanies(db, company.id, domains)) {
        add('allowedDomains', SSO_DOMAIN_TAKEN(taken));
      }
      if (body.issuer) {
        const problem = issuerProblem(body.issuer, config.ssoAllowHttp);
        if (problem) add('issuer', problem);
      }
      if (body.enabled) {
        if (!body.issuer) add('issuer', 'The issuer is required.');
        if (!body.clientId) add('clientId', 'The client ID is required.');
        if (!domains.length) add('allowedDomains', 'At least one email domain is required.');
      }
      if (body.passwordSignInDisabled && !body.enabled) {
        add('passwordSignInDisabled', 'Password sign-in can be turned off only while single sign-on is on.');
      }
      if (body.enabled && !Object.keys(problems).length) {
        const secret = body.clientSecret;
        const keeps = secret === undefined || secret === null || secret.startsWith('••••');
        const hasSecret = keeps ? await hasStoredClientSecret(db, company.id) : secret.trim() !== '';
        // The secret itself is checked by the provider at the first sign-in; its discovery now.
        try {
          await providerConfiguration(
            { issuer: body.issuer, clientId: body.clientId, clientSecret: hasSecret ? 'check' : null },
            config.ssoAllowHttp,
          );
        } catch (error) {
          request.log.info({ err: error }, 'single sign-on discovery failed');
          add('issuer', SSO_DISCOVERY_FAILED);
        }
      }
      if (Object.keys(problems).length) throw badRequest(INVALID_INPUT, problems);

      try {
        await writeSsoSettings(db, config, company.id, {
          enabled: body.enabled,
          issuer: body.issuer,
          clientId: body.clientId,
          clientSecret: body.clientSecret,
          allowedDomains: domains,
          allowAutoCreate: body.allowAutoCreate,
          passwordSignInDisabled: body.passwordSignInDisabled,
        });
      } catch (error) {
        // Another company took one of the domains since the check above.
        if (!isUniqueViolation(error)) throw error;
        const taken = await domainsOfOtherCompanies(db, company.id, domains);
        throw badRequest(INVALID_INPUT, { allowedDomains: taken.map(SSO_DOMAIN_TAKEN) });
      }
      return readSsoSettings(db, config, company.id, redirectUri);
    },
  );
}
