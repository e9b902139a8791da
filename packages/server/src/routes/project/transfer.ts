/**
 * Project export and import with its predictions (spec 2 §7.4): GET /Project/{id}/Export,
 * POST /Project/Import/Validate, POST /Project/Import (a new project with the predictions) and
 * POST /Project/{id}/ImportPredictions (into an existing project: from a file, all or some of its
 * predictions, or from another project of the company), and POST /Project/{id}/Clone (spec 1 §2
 * /projects/{cloneID}/clone). See commands/projectTransfer.ts and projectClone.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth } from '../../auth/context.ts';
import { readUpload } from '../../commands/equipmentUpload.ts';
import {
  exportedProjectFields,
  exportProject,
  IMPORT_FAILED,
  importProjectDocument,
  validateProjectImport,
} from '../../commands/projectTransfer.ts';
import { z } from 'zod';
import { cloneProject, copyPredictionsFromProject } from '../../commands/projectClone.ts';
import { parseSelection, selectPredictions } from '../../commands/projectImportSelection.ts';
import { badRequest, modelStateFromZod, parse } from '../../lib/errors.ts';
import { scanJson, textProblems } from '../../lib/textGuard.ts';
import { canUpdateProject, loadProjectFor } from '../../policies/project.ts';
import { parseInWorker } from '../../uploads/parsePool.ts';
import { createProjectSchema } from './schemas.ts';

/** An export holds whole plants and weather years: bodies and files up to 64 MB. */
const IMPORT_BODY_LIMIT = 64 * 1024 * 1024;
const PROJECT_FILE = 'project file';

const fromProjectSchema = z.object({
  sourceProjectId: z
    .number({ error: 'Source project must be a project id.' })
    .int('Source project must be a project id.')
    .positive('Source project must be a project id.'),
  predictionIds: z
    .array(z.number().int().positive(), { error: 'Prediction ids must be a list of prediction ids.' })
    .min(1, 'Choose at least one prediction.')
    .max(500, 'At most 500 predictions at once.'),
});

/** A JSON body naming a source project (not an export document). */
const isFromProject = (body: unknown): boolean =>
  body !== null && typeof body === 'object' && 'sourceProjectId' in body && !('sunfieldExport' in body);

const cloneSchema = z.object({
  name: z
    .string({ error: 'Name must be text.' })
    .trim()
    .max(200, 'Name must be at most 200 characters.')
    .nullish(),
});

/** A file name without characters that break a Content-Disposition header. */
const fileName = (name: string): string =>
  `${name.replace(/[^\w .()-]+/g, '_').slice(0, 100) || 'project'}.json`;

/**
 * The export document of an import call: a JSON body (checked by the shared text guard), or a
 * multipart upload in the field "file" read as every upload is (size limit, a parsing process) and its
 * strings put through the same checks (nesting depth, NUL, lone surrogates).
 */
async function importBody(request: FastifyRequest): Promise<unknown> {
  if (!request.isMultipart()) {
    if (request.body === undefined || request.body === null)
      throw badRequest(IMPORT_FAILED, { $: ['A project export is required.'] });
    return request.body;
  }
  const upload = await readUpload(request, PROJECT_FILE, IMPORT_BODY_LIMIT);
  if (scanJson(upload.bytes).tooDeep)
    throw badRequest(IMPORT_FAILED, { file: ['The project file nests too deeply.'] });
  const json = await parseInWorker('json', upload.bytes, { what: PROJECT_FILE });
  const problems = textProblems(json, '');
  if (Object.keys(problems).length) throw badRequest(IMPORT_FAILED, problems);
  return json;
}

export function registerProjectTransferRoutes(app: FastifyInstance): void {
  const db = app.services.database.db;

  app.get(
    '/Project/:id/Export',
    { schema: { summary: 'Export a project with its predictions, plants, equipment and weather as a file' } },
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
      const report = await validateProjectImport(db, auth, await importBody(request));
      if (!report.valid) throw badRequest(IMPORT_FAILED, report.modelState);
      return report;
    },
  );

  app.post(
    '/Project/Import',
    {
      schema: { summary: 'Import an exported project file as a new project (JSON body or upload)' },
      bodyLimit: IMPORT_BODY_LIMIT,
    },
    async (request) => {
      const auth = requireAuth(request);
      const body = await importBody(request);
      const fields = createProjectSchema.safeParse(exportedProjectFields(body));
      if (!fields.success) {
        // The whole file is reported: the document's own problems, then the project's fields.
        const report = await validateProjectImport(db, auth, body);
        throw badRequest(IMPORT_FAILED, {
          ...report.modelState,
          ...Object.fromEntries(
            Object.entries(modelStateFromZod(fields.error)).map(([k, v]) => [`project.${k}`, v]),
          ),
        });
      }
      const result = await importProjectDocument(db, auth, { newProject: fields.data }, body);
      return { id: result.projectId, ...result };
    },
  );

  app.post(
    '/Project/:id/ImportPredictions',
    {
      schema: {
        summary:
          'Import predictions into a project: from an exported project file (all, or ?predictions=0,2), ' +
          'or from another project of the company ({sourceProjectId, predictionIds})',
      },
      bodyLimit: IMPORT_BODY_LIMIT,
    },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = request.params as { id: string };
      const found = await loadProjectFor(db, auth, id, canUpdateProject);
      if (!request.isMultipart() && isFromProject(request.body)) {
        const input = parse(fromProjectSchema, request.body);
        const source = await loadProjectFor(db, auth, input.sourceProjectId);
        const predictionIds = await copyPredictionsFromProject(
          db,
          auth,
          found.project,
          source.project,
          input.predictionIds,
        );
        return { id: found.project.id, projectId: found.project.id, predictionIds };
      }
      const selection = parseSelection((request.query as Record<string, unknown>).predictions);
      const body = await importBody(request);
      const result = await importProjectDocument(
        db,
        auth,
        { project: found.project },
        selection ? selectPredictions(body, selection) : body,
      );
      return { id: found.project.id, ...result };
    },
  );

  app.post(
    '/Project/:id/Clone',
    {
      schema: {
        summary:
          'Clone a project with the predictions you may read and their plants (new ids, one transaction)',
        body: cloneSchema,
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = request.params as { id: string };
      const found = await loadProjectFor(db, auth, id);
      const input = parse(cloneSchema, request.body ?? {});
      const result = await cloneProject(db, auth, found, { name: input.name ?? undefined });
      return { id: result.projectId, ...result };
    },
  );
}
