/**
 * /api/Company/… (spec 2 §7.11): the company, its users, its default settings and its weather-vendor
 * credentials. A user reads their own company; a super admin reads any; another company's id is 404.
 * Settings are changed by the company's admins and IT admins, and by super admins (403 otherwise).
 *
 * Weather-vendor credentials: GET answers them masked (last 4 characters of a secret); PUT sets a
 * field from a string, clears it with '' or null, and keeps it when the field is absent or is the
 * masked value GET gave. Besides the three vendors of the spec (CleanPowerResearchSettings: key;
 * SolarGISSettings: key; MeteonormSettings: licence, user, password), NSRDBSettings (apiKey, email)
 * and SolcastSettings (key) hold the keys of the two other download providers.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  COMPANY_ADMIN_MESSAGES,
  SUBSCRIPTION_FIELD_NAMES,
  companySubscriptionFields,
  defaultSettingsSchema,
  isSuperAdmin,
} from '@sunfield/domain';
import { requireAuth } from '../../auth/context.ts';
import { companies, users } from '../../db/schema.ts';
import { badRequest, forbidden, INVALID_INPUT, parse } from '../../lib/errors.ts';
import { canonicalQuery } from '../../lib/request.ts';
import {
  readAllVendorSettings,
  readVendorSettings,
  writeVendorSettings,
  type VendorName,
  type VendorValues,
} from '../../models/weatherVendorSettings.ts';
import { defaultStatusProblems, loadCompanyFor } from '../../policies/company.ts';
import { presentCompany, presentDefaultSettings } from '../../presenters/company.ts';
import { presentCompanySummary, presentUser } from '../../presenters/user.ts';

const secretField = z
  .string({ error: 'Must be text.' })
  .max(500, 'Must be at most 500 characters.')
  .nullable()
  .optional();

/** The body of each vendor's PUT; `license` and `apiKey` are accepted as spellings of licence and key. */
const VENDOR_BODIES: Record<VendorName, z.ZodType<VendorValues>> = {
  cleanPowerResearch: z
    .object({ key: secretField, apiKey: secretField })
    .transform((b) => withDefined({ key: b.key ?? b.apiKey })),
  solarGIS: z
    .object({ key: secretField, apiKey: secretField })
    .transform((b) => withDefined({ key: b.key ?? b.apiKey })),
  solcast: z
    .object({ key: secretField, apiKey: secretField })
    .transform((b) => withDefined({ key: b.key ?? b.apiKey })),
  meteonorm: z
    .object({ licence: secretField, license: secretField, user: secretField, password: secretField })
    .transform((b) => withDefined({ licence: b.licence ?? b.license, user: b.user, password: b.password })),
  nsrdb: z
    .object({
      apiKey: secretField,
      key: secretField,
      email: z.union([z.literal(''), z.null(), z.email('Must be an e-mail address.').max(320)]).optional(),
    })
    .transform((b) => withDefined({ apiKey: b.apiKey ?? b.key, email: b.email })),
};

function withDefined(values: Record<string, string | null | undefined>): VendorValues {
  const out: VendorValues = {};
  for (const [k, v] of Object.entries(values)) if (v !== undefined) out[k] = v;
  return out;
}

const VENDOR_PATHS: readonly { path: string; vendor: VendorName }[] = [
  { path: '/CleanPowerResearchSettings', vendor: 'cleanPowerResearch' },
  { path: '/SolarGISSettings', vendor: 'solarGIS' },
  { path: '/MeteonormSettings', vendor: 'meteonorm' },
  { path: '/NSRDBSettings', vendor: 'nsrdb' },
  { path: '/SolcastSettings', vendor: 'solcast' },
];

const idParams = z.object({ id: z.string() });

/**
 * Name and type (the company's admins); the subscription fields (tier, active, alpha tester, PVRADAR,
 * free-trial expiry: domain companySubscriptionFields) only from a super admin (403 otherwise).
 */
const companyUpdateBody = z
  .object({
    name: z.string().trim().min(1, 'Company name is required.').max(200).optional(),
    /** CompanyType: Other 0 … Individual 7 (spec 1 §3) */
    companyType: z.number().int().min(0).max(7).nullable().optional(),
    ...companySubscriptionFields,
  })
  .transform((b) => {
    const out: Partial<Pick<typeof companies.$inferInsert, 'name' | 'companyType' | SubscriptionField>> = {};
    for (const [key, value] of Object.entries(b))
      if (value !== undefined) Object.assign(out, { [key]: value });
    return out;
  });
type SubscriptionField = (typeof SUBSCRIPTION_FIELD_NAMES)[number];

/** CompanyId from the query (any case) or the body; absent → the caller's company. */
function companyIdOf(request: FastifyRequest): unknown {
  const query = canonicalQuery(request.query, ['CompanyId']);
  if (query.CompanyId !== undefined) return query.CompanyId;
  const body = request.body as Record<string, unknown> | null | undefined;
  return body && typeof body === 'object' ? (body.companyId ?? body.CompanyId) : undefined;
}

export async function companyRoutes(app: FastifyInstance): Promise<void> {
  const db = app.services.database.db;
  /** The credentials key and the server secret (models/weatherVendorSettings.ts VendorKeySource). */
  const vendorKeys = app.services.config;

  for (const { path, vendor } of VENDOR_PATHS) {
    app.get(
      path,
      { schema: { summary: `The company’s ${vendor} weather-vendor settings` } },
      async (request) => {
        const auth = requireAuth(request);
        const company = await loadCompanyFor(db, auth, companyIdOf(request));
        return { companyId: company.id, ...(await readVendorSettings(db, vendorKeys, company.id, vendor)) };
      },
    );
    app.put(
      path,
      {
        schema: {
          summary: `Set the company’s ${vendor} weather-vendor settings`,
          body: VENDOR_BODIES[vendor],
        },
      },
      async (request) => {
        const auth = requireAuth(request);
        const company = await loadCompanyFor(db, auth, companyIdOf(request), { edit: true });
        const values = parse(VENDOR_BODIES[vendor], request.body);
        await writeVendorSettings(db, vendorKeys, company.id, vendor, values);
        return { companyId: company.id, ...(await readVendorSettings(db, vendorKeys, company.id, vendor)) };
      },
    );
  }

  app.get('/DefaultSettings', { schema: { summary: 'The company’s default settings' } }, async (request) => {
    const auth = requireAuth(request);
    const company = await loadCompanyFor(db, auth, companyIdOf(request));
    return presentDefaultSettings(company, await readAllVendorSettings(db, vendorKeys, company.id));
  });

  /**
   * Saves default-settings groups (domain company/defaultSettings.ts): each group sent replaces the
   * stored one (null removes it), groups not sent are kept, so two admins saving different pages do
   * not undo each other. Every field is checked against its range or enumeration (400 naming
   * `group.field`); unknown groups and fields are dropped. The weather-vendor credentials change only
   * through their own paths.
   */
  app.put(
    '/DefaultSettings',
    {
      schema: {
        summary: 'Save the company’s default settings groups (vendor credentials kept)',
        body: defaultSettingsSchema,
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const company = await loadCompanyFor(db, auth, companyIdOf(request), { edit: true });
      const body = parse(defaultSettingsSchema, request.body);
      const groups: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(body)) if (value !== undefined) groups[key] = value;
      // The statuses new modules, inverters and weather take: only those the caller may set.
      const problems = defaultStatusProblems(groups, auth.user.roles);
      if (Object.keys(problems).length) throw badRequest(INVALID_INPUT, problems);
      const [row] = await db
        .update(companies)
        .set({
          // One statement: the stored groups with those sent over them, nulls removed.
          defaultSettings: sql`jsonb_strip_nulls(coalesce(${companies.defaultSettings}, '{}'::jsonb) || ${JSON.stringify(groups)}::jsonb)`,
          lastModified: new Date(),
        })
        .where(eq(companies.id, company.id))
        .returning();
      return presentDefaultSettings(row ?? company, await readAllVendorSettings(db, vendorKeys, company.id));
    },
  );

  /** Super admins: every company (name order); everyone else: their own. */
  app.get(
    '/',
    { schema: { summary: 'Companies (super admins: all; others: their own)' } },
    async (request) => {
      const auth = requireAuth(request);
      const rows = isSuperAdmin(auth.user.roles)
        ? await db.select().from(companies).orderBy(asc(companies.name)).limit(10_000)
        : [auth.company];
      return rows.map((company) => presentCompanySummary(company));
    },
  );

  /**
   * Renames the company or changes its type (admins of the company, super admins); super admins also
   * change its tier and flags (manage accounts).
   */
  app.put(
    '/:id',
    { schema: { summary: 'Rename a company or change its type', params: idParams, body: companyUpdateBody } },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = parse(idParams, request.params);
      const company = await loadCompanyFor(db, auth, id, { edit: true });
      const changes = parse(companyUpdateBody, request.body);
      if (!isSuperAdmin(auth.user.roles) && SUBSCRIPTION_FIELD_NAMES.some((key) => key in changes))
        throw forbidden(COMPANY_ADMIN_MESSAGES.superAdminOnly);
      await db
        .update(companies)
        .set({ ...changes, lastModified: new Date() })
        .where(eq(companies.id, company.id));
      return { changesMade: true };
    },
  );

  app.get(
    '/:id',
    { schema: { summary: 'A company with its settings', params: idParams } },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = parse(idParams, request.params);
      const company = await loadCompanyFor(db, auth, id);
      return presentCompany(company, await readAllVendorSettings(db, vendorKeys, company.id));
    },
  );

  app.get(
    '/:id/user',
    { schema: { summary: 'The users of a company', params: idParams } },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = parse(idParams, request.params);
      const company = await loadCompanyFor(db, auth, id);
      const rows = await db
        .select()
        .from(users)
        .where(eq(users.companyId, company.id))
        .orderBy(asc(users.lastName), asc(users.firstName));
      return rows.map((user) => presentUser(user, company));
    },
  );
}
