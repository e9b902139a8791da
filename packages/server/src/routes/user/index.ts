/**
 * /api/user (spec 2 §7.3): the current user, users of the same company, the EULA, unit settings and
 * API credentials; managing the company's users is in admin.ts. Paths match case-insensitively (/User/Settings = /user/settings).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { agreementFor, COLOR_PALETTE_NAMES, type ColorPaletteName } from '@sunfield/domain';
import { requireAuth } from '../../auth/context.ts';
import { generateClientSecret } from '../../commands/apiClients.ts';
import { latestAcceptance, latestAcceptanceOf } from '../../models/agreement.ts';
import { users } from '../../db/schema.ts';
import { parse } from '../../lib/errors.ts';
import { authorize, canManageUserSecret, canUpdateUser, findCompanyUser } from '../../policies/user.ts';
import { presentUser } from '../../presenters/user.ts';
import { requiredText } from '../auth/fields.ts';
import { readVisibleUser, registerUserAdminRoutes } from './admin.ts';
import { registerQueueRoutes } from './queue.ts';

const idParams = z.object({ id: z.string() });

const updateBody = z.object({
  firstName: requiredText('First name').optional(),
  lastName: requiredText('Last name').optional(),
});

const UNIT_MESSAGE = 'Unit of measure must be Metric or Imperial.';
const PALETTE_MESSAGE = `Colour palette must be one of ${COLOR_PALETTE_NAMES.join(', ')}.`;
/**
 * unitOfMeasure: 'Metric' | 'Imperial' (any case), or the enum numbers 0 = Metric, 1 = Imperial, or
 * isMetric; colorPalette: a palette name of the accessibility page. At least one of them.
 */
const settingsBody = z
  .object({
    unitOfMeasure: z
      .union(
        [
          z
            .string()
            .trim()
            .toLowerCase()
            .pipe(z.enum(['metric', 'imperial'])),
          z.literal(0),
          z.literal(1),
        ],
        {
          error: UNIT_MESSAGE,
        },
      )
      .optional(),
    isMetric: z.boolean({ error: 'isMetric must be true or false.' }).optional(),
    colorPalette: z.enum(COLOR_PALETTE_NAMES, { error: PALETTE_MESSAGE }).optional(),
  })
  .refine(
    (body) =>
      body.unitOfMeasure !== undefined || body.isMetric !== undefined || body.colorPalette !== undefined,
    { path: ['unitOfMeasure'], message: UNIT_MESSAGE },
  )
  .transform((body): { unitOfMeasure?: 'Metric' | 'Imperial'; colorPalette?: ColorPaletteName } => {
    const out: { unitOfMeasure?: 'Metric' | 'Imperial'; colorPalette?: ColorPaletteName } = {};
    if (body.colorPalette !== undefined) out.colorPalette = body.colorPalette;
    if (body.unitOfMeasure !== undefined)
      out.unitOfMeasure = body.unitOfMeasure === 0 || body.unitOfMeasure === 'metric' ? 'Metric' : 'Imperial';
    else if (body.isMetric !== undefined) out.unitOfMeasure = body.isMetric ? 'Metric' : 'Imperial';
    return out;
  });

export async function userRoutes(app: FastifyInstance): Promise<void> {
  registerQueueRoutes(app);
  registerUserAdminRoutes(app);
  const db = app.services.database.db;

  app.get('/current', { schema: { summary: 'The signed-in user' } }, async (request) => {
    const auth = requireAuth(request);
    // The acceptances come with the cached account (no query); a decision drops the account at once.
    const kind = agreementFor(auth.user.roles).kind;
    const acceptance = auth.acceptances
      ? latestAcceptanceOf(auth.acceptances, kind)
      : await latestAcceptance(db, auth.user.id, kind);
    return { ...presentUser(auth.user, auth.company), migrationAgreementAcceptance: acceptance };
  });

  const acceptEula = async (request: FastifyRequest) => {
    const auth = requireAuth(request);
    // The first acceptance is the one on record.
    const eulaAcceptedAt = auth.user.eulaAcceptedAt ?? new Date();
    const [user] = await db
      .update(users)
      .set({ eulaAcceptedAt, lastModified: new Date() })
      .where(eq(users.id, auth.user.id))
      .returning();
    return presentUser(user ?? auth.user, auth.company);
  };
  app.get(
    '/AcceptEULA',
    { schema: { summary: 'Accept the EULA (GET form)' }, config: { skipEula: true } },
    acceptEula,
  );
  app.post('/AcceptEULA', { schema: { summary: 'Accept the EULA' }, config: { skipEula: true } }, acceptEula);

  app.post(
    '/Settings',
    {
      schema: {
        summary: 'Set the unit of measure or the chart colour palette of the signed-in user',
        body: settingsBody,
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const changes = parse(settingsBody, request.body);
      const [user] = await db
        .update(users)
        .set({ settings: { ...auth.user.settings, ...changes }, lastModified: new Date() })
        .where(eq(users.id, auth.user.id))
        .returning();
      return presentUser(user ?? auth.user, auth.company);
    },
  );

  app.get(
    '/:id',
    {
      schema: { summary: 'A user of the caller’s company (super admins: of any company)', params: idParams },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = parse(idParams, request.params);
      return readVisibleUser(db, auth, id);
    },
  );

  app.put(
    '/:id',
    { schema: { summary: 'Update a user’s name', params: idParams, body: updateBody } },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = parse(idParams, request.params);
      const target = await findCompanyUser(db, auth, id);
      authorize(canUpdateUser(auth, target));
      const changes = parse(updateBody, request.body);
      await db
        .update(users)
        .set({ ...changes, lastModified: new Date() })
        .where(eq(users.id, target.id));
      return { changesMade: true };
    },
  );

  app.post(
    '/:id/Secret',
    {
      schema: {
        summary: 'Generate API client credentials (client id and secret) for a user',
        params: idParams,
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = parse(idParams, request.params);
      const target = await findCompanyUser(db, auth, id);
      authorize(canManageUserSecret(auth, target));
      return generateClientSecret(db, target.id);
    },
  );
}
