/**
 * Projects (spec 2 §7.4, spec 4 §1): list, read, create, update, delete, radius search and status
 * change. Every call is scoped to the caller's company; another company's project is 404.
 * Creates answer `{id}`, updates `{changesMade: true}`, deletes `true`, as the commercial API.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../../auth/context.ts';
import { createProject, updateExistingProject } from '../../commands/projectSave.ts';
import { badRequest, INVALID_INPUT, parse } from '../../lib/errors.ts';
import { sendJson } from '../../lib/compression.ts';
import { pageCacheOf } from '../../lib/pageCache.ts';
import { canonicalQuery, sendXMessages } from '../../lib/request.ts';
import { deleteProject, listAllProjects, listProjects } from '../../models/project.ts';
import {
  canDeleteProject,
  canUpdateProject,
  loadProjectFor,
  projectNotFound,
} from '../../policies/project.ts';
import { presentProject } from '../../presenters/project.ts';
import { presentPredictionListItem } from '../../presenters/prediction.ts';
import { listPredictionsOfProjects, listProjectPredictions } from '../../models/prediction.ts';
import { actorOf } from '../../policies/prediction.ts';
import { canReadPrediction } from '@sunfield/domain';
import { registerProjectSearchRoutes } from './search.ts';
import { registerProjectStatusRoutes } from './status.ts';
import { registerProjectTransferRoutes } from './transfer.ts';
import {
  createProjectSchema,
  PROJECT_LIST_KEYS,
  projectListQuerySchema,
  updateProjectSchema,
} from './schemas.ts';

const DEFAULT_TOP = 25;

export async function projectRoutes(app: FastifyInstance): Promise<void> {
  const db = app.services.database.db;
  const pages = pageCacheOf(app.services.database);

  /**
   * The company's projects, one page. Without `status` every status is listed (the web app asks
   * for status=0); `X-Total-Count` carries the number of matches over all pages.
   */
  app.get(
    '/Project',
    {
      schema: {
        summary: 'The company’s projects, one page (X-Total-Count: all matches)',
        querystring: projectListQuerySchema,
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const query = parse(projectListQuerySchema, canonicalQuery(request.query, PROJECT_LIST_KEYS));
      // The page depends on the company and the query only; the viewer is in the key all the same.
      const key = JSON.stringify(['Project', auth.company.id, auth.user.id, query]);
      const page = await pages.page(key, async () => {
        const { rows, total } = await listProjects(db, auth.company.id, {
          statuses: query.status,
          search: query.search,
          sort: query.sort,
          order: query.order,
          skip: query.skip ?? 0,
          top: query.top ?? DEFAULT_TOP,
        });
        const body = JSON.stringify(rows.map((row) => presentProject(row.project, { owner: row.owner })));
        return { body, total };
      });
      reply.header('X-Total-Count', String(page.total));
      return sendJson(request, reply, page);
    },
  );

  app.get('/Project/:id', { schema: { summary: 'A project' } }, async (request) => {
    const auth = requireAuth(request);
    const { id } = request.params as { id: string };
    const found = await loadProjectFor(db, auth, id);
    return presentProject(found.project, { owner: found.owner });
  });

  app.get(
    '/Project/:id/Overview',
    { schema: { summary: 'A project with its predictions' } },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = request.params as { id: string };
      const found = await loadProjectFor(db, auth, id);
      const actor = actorOf(auth);
      const predictions = (await listProjectPredictions(db, auth.company.id, found.project.id))
        .filter((row) => canReadPrediction(actor, row.prediction))
        .map((row) => presentPredictionListItem(row, actor));
      return presentProject(found.project, { owner: found.owner, predictions });
    },
  );

  /** Every project of the caller's company with its predictions. */
  app.get(
    '/ProjectsAndPredictions/My',
    { schema: { summary: 'Every project of the company with its predictions' } },
    async (request) => {
      const auth = requireAuth(request);
      const rows = await listAllProjects(db, auth.company.id);
      const actor = actorOf(auth);
      const byProject = new Map<number, Record<string, unknown>[]>();
      const predictions = await listPredictionsOfProjects(
        db,
        auth.company.id,
        rows.map((row) => row.project.id),
      );
      for (const row of predictions) {
        if (!canReadPrediction(actor, row.prediction)) continue;
        const list = byProject.get(row.prediction.projectId) ?? [];
        list.push(presentPredictionListItem(row, actor));
        byProject.set(row.prediction.projectId, list);
      }
      return rows.map((row) =>
        presentProject(row.project, { owner: row.owner, predictions: byProject.get(row.project.id) ?? [] }),
      );
    },
  );

  /** Creates a project; a duplicate name is allowed but warned about in `x-message`. */
  app.post(
    '/Project',
    { schema: { summary: 'Create a project', body: createProjectSchema } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const input = parse(createProjectSchema, request.body);
      const result = await createProject(db, auth, input);
      sendXMessages(reply, result.messages);
      return { id: result.project.id };
    },
  );

  async function update(rawId: unknown, body: unknown, reply: FastifyReply) {
    const auth = requireAuth(reply.request);
    // Ownership first: another company's id answers 404 whatever the body holds.
    const found = await loadProjectFor(db, auth, rawId, canUpdateProject);
    const input = parse(updateProjectSchema, body);
    const result = await updateExistingProject(db, auth, found.project, input);
    sendXMessages(reply, result.messages);
    return { changesMade: true };
  }

  app.put(
    '/Project/:id',
    { schema: { summary: 'Update a project', body: updateProjectSchema } },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      return update(id, request.body, reply);
    },
  );

  /** The SDK's form: the id travels in the body. */
  app.put(
    '/Project',
    {
      schema: {
        summary: 'Update a project (the id in the body, as the SDK sends it)',
        body: updateProjectSchema.extend({ id: z.number() }),
      },
    },
    async (request, reply) => {
      requireAuth(request);
      const body = (request.body ?? {}) as Record<string, unknown>;
      if (body.id === undefined || body.id === null) {
        throw badRequest(INVALID_INPUT, { id: ['Id is required.'] });
      }
      return update(body.id, body, reply);
    },
  );

  app.delete('/Project/:id', { schema: { summary: 'Delete a project' } }, async (request) => {
    const auth = requireAuth(request);
    const { id } = request.params as { id: string };
    const found = await loadProjectFor(db, auth, id, canDeleteProject);
    if (!(await deleteProject(db, auth.company.id, found.project.id))) throw projectNotFound();
    return true;
  });

  registerProjectSearchRoutes(app);
  registerProjectStatusRoutes(app);
  registerProjectTransferRoutes(app);
}
