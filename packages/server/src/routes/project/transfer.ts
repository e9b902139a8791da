/**
 * Project export and import with its predictions (spec 2 §7.4): GET /Project/{id}/Export,
 * POST /Project/Import/Validate, POST /Project/Import (a new project with the predictions) and
 * POST /Project/{id}/ImportPredictions (into an existing project). See commands/projectTransfer.ts.
 */
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../auth/context.ts';
import { createProject } from '../../commands/projectSave.ts';
import {
  exportedProjectFields,
  exportProject,
  importPredictions,
  validateProjectImport,
} from '../../commands/projectTransfer.ts';
import { badRequest, INVALID_INPUT, parse } from '../../lib/errors.ts';
import { deleteProject } from '../../models/project.ts';
import { canUpdateProject, loadProjectFor } from '../../policies/project.ts';
import { createProjectSchema } from './schemas.ts';

/** An export holds whole plants: bodies up to 64 MB. */
const IMPORT_BODY_LIMIT = 64 * 1024 * 1024;

/** A file name without characters that break a Content-Disposition header. */
const fileName = (name: string): string =>
  `${name.replace(/[^\w .()-]+/g, '_').slice(0, 100) || 'project'}.json`;

export function registerProjectTransferRoutes(app: FastifyInstance): void {
  const db = app.services.database.db;

  app.get(
    '/Project/:id/Export',
    { schema: { summary: 'Export a project with its predictions as a file' } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { id } = request.params as { id: string };
      const found = await loadProjectFor(db, auth, id);
      reply.header('content-disposition', `attachment; filename="${fileName(found.project.name)}"`);
      return exportProject(db, auth, found);
    },
  );

  app.post(
    '/Project/Import/Validate',
    {
      schema: { summary: 'Check an exported project file without importing it' },
      bodyLimit: IMPORT_BODY_LIMIT,
    },
    async (request) => {
      const auth = requireAuth(request);
      const report = await validateProjectImport(db, auth, request.body);
      if (!report.valid) throw badRequest(INVALID_INPUT, report.modelState);
      return report;
    },
  );

  app.post(
    '/Project/Import',
    { schema: { summary: 'Import an exported project file as a new project' }, bodyLimit: IMPORT_BODY_LIMIT },
    async (request) => {
      const auth = requireAuth(request);
      const report = await validateProjectImport(db, auth, request.body);
      if (!report.valid) throw badRequest(INVALID_INPUT, report.modelState);
      const fields = parse(createProjectSchema, exportedProjectFields(request.body));
      const { project } = await createProject(db, auth, fields);
      try {
        const result = await importPredictions(db, auth, project, request.body);
        return { id: project.id, ...result };
      } catch (error) {
        // Nothing half-imported: the new project goes with its predictions.
        await deleteProject(db, auth.company.id, project.id);
        throw error;
      }
    },
  );

  app.post(
    '/Project/:id/ImportPredictions',
    {
      schema: { summary: 'Import the predictions of an exported project file into a project' },
      bodyLimit: IMPORT_BODY_LIMIT,
    },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = request.params as { id: string };
      const found = await loadProjectFor(db, auth, id, canUpdateProject);
      if (request.body === undefined || request.body === null)
        throw badRequest(INVALID_INPUT, { $: ['A project export is required.'] });
      const result = await importPredictions(db, auth, found.project, request.body);
      return { id: found.project.id, ...result };
    },
  );
}
