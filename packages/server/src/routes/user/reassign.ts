/**
 * /api/users/{userID}/reassign-assets (the page of the same path, spec 1 §2): what a user owns, and
 * moving all of it (projects, predictions, modules, inverters, weather) to another user of the same
 * company in one transaction. For the company's user managers (policies/companyUsers.ts); a user may
 * not move their own assets here, another company's user is 404.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../../auth/context.ts';
import { ownedAssetCounts, reassignAssets } from '../../commands/companyUsers.ts';
import { badRequest, parse } from '../../lib/errors.ts';
import { findVisibleUser, loadManagedUser } from '../../policies/companyUsers.ts';

const idParams = z.object({ id: z.string().max(100) });

const reassignBody = z.object({
  /** The user who receives the assets: a user of the same company. */
  toUserId: z.uuid({ error: 'Must be a user id.' }),
});

export async function reassignRoutes(app: FastifyInstance): Promise<void> {
  const db = app.services.database.db;

  app.get(
    '/:id/reassign-assets',
    { schema: { summary: 'How many assets of each kind a user owns', params: idParams } },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = parse(idParams, request.params);
      const user = await loadManagedUser(db, auth, id);
      return { userId: user.id, owned: await ownedAssetCounts(db, user.id) };
    },
  );

  app.post(
    '/:id/reassign-assets',
    {
      schema: {
        summary: 'Move every asset of a user to another user of the company (one transaction)',
        params: idParams,
        body: reassignBody,
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = parse(idParams, request.params);
      const from = await loadManagedUser(db, auth, id);
      const { toUserId } = parse(reassignBody, request.body);
      const to = await findVisibleUser(db, auth, toUserId).catch(() => undefined);
      if (!to || to.companyId !== from.companyId) {
        throw badRequest('The request is invalid.', { toUserId: ['Must be a user of the same company.'] });
      }
      if (to.status === 0) {
        throw badRequest('The request is invalid.', { toUserId: ['This user is disabled.'] });
      }
      const moved = await reassignAssets(db, from, to);
      return { fromUserId: from.id, toUserId: to.id, reassigned: moved };
    },
  );
}
