/**
 * Project status change in two calls (spec 1 §4, spec 2 §7.4): POST /Project/Status/Validate
 * answers `{draftComponents: []}` (projects have none), POST /Project/Status sets the statuses and
 * answers `true`. Both take `[{id, status, note}]`; only Active (0) and Archived (1) can be set.
 */
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../auth/context.ts';
import { changeProjectStatus, validateProjectStatusChange } from '../../commands/projectStatus.ts';
import { parse } from '../../lib/errors.ts';
import { statusChangeSchema } from './schemas.ts';

export function registerProjectStatusRoutes(app: FastifyInstance): void {
  const db = app.services.database.db;

  app.post(
    '/Project/Status/Validate',
    { schema: { summary: 'Check a status change of projects without making it', body: statusChangeSchema } },
    async (request) => {
      const auth = requireAuth(request);
      const items = parse(statusChangeSchema, request.body);
      return validateProjectStatusChange(db, auth, items);
    },
  );

  app.post(
    '/Project/Status',
    { schema: { summary: 'Change the status of projects', body: statusChangeSchema } },
    async (request) => {
      const auth = requireAuth(request);
      const items = parse(statusChangeSchema, request.body);
      await changeProjectStatus(db, auth, items);
      return true;
    },
  );
}
