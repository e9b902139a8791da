/**
 * Running a prediction and reading its results (spec 2 §7.5, spec 4 §1), under
 * /Project/{projectId}/Prediction/{id}: POST Run (optional export options) and Cancel; GET
 * ResultSummary (204 before a run), ResultDetails, NodalJson, AverageEnergy and RunLog. Every route
 * loads the prediction through its policy first: another company's prediction is 404.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth } from '../../auth/context.ts';
import { cancelRun, queueRun } from '../../commands/predictionRun.ts';
import { badRequest, INVALID_INPUT } from '../../lib/errors.ts';
import { predictionRunLog } from '../../models/predictionRun.ts';
import { presentRun } from '../../presenters/queue.ts';
import { loadPredictionFor } from '../../policies/prediction.ts';
import { averageEnergy } from '../../results/averageEnergy.ts';
import { resultDetails } from '../../results/details.ts';
import { findResult, plantSeries } from '../../results/load.ts';
import { nodalJson, nodalQuerySchema } from '../../results/nodal.ts';

const BASE = '/Project/:projectId/Prediction/:id';

export function registerRunRoutes(app: FastifyInstance): void {
  const db = app.services.database.db;

  const load = (request: FastifyRequest) => {
    const auth = requireAuth(request);
    const { projectId, id } = request.params as { projectId: string; id: string };
    return loadPredictionFor(db, auth, projectId, id, 'read').then((loaded) => ({ auth, loaded }));
  };

  const run = async (request: FastifyRequest) => {
    const { auth, loaded } = await load(request);
    const row = await queueRun(app, auth, loaded, request.body);
    return { id: row.id, processingStatus: row.status };
  };
  app.post(
    `${BASE}/Run`,
    { schema: { summary: 'Queue a run of the prediction' }, config: { feature: 'runPrediction' } },
    run,
  );

  const cancel = async (request: FastifyRequest) => {
    const { auth, loaded } = await load(request);
    await cancelRun(app, auth, loaded);
    return true;
  };
  app.post(
    `${BASE}/Cancel`,
    { schema: { summary: 'Cancel the prediction’s queued or running run' } },
    cancel,
  );

  app.get(
    `${BASE}/ResultSummary`,
    { schema: { summary: 'Yearly results of the latest run (204 when none)' } },
    async (request, reply) => {
      const { auth, loaded } = await load(request);
      const result = await findResult(db, auth.company.id, loaded.prediction.id);
      if (!result) return reply.code(204).send();
      return result.summary;
    },
  );

  app.get(
    `${BASE}/ResultDetails`,
    { schema: { summary: 'Monthly and loss-tree results of the latest run' } },
    async (request, reply) => {
      const { auth, loaded } = await load(request);
      const result = await findResult(db, auth.company.id, loaded.prediction.id);
      if (!result) return reply.code(204).send();
      const series = await plantSeries(db, result);
      return resultDetails(result, series);
    },
  );

  app.get(
    `${BASE}/NodalJson`,
    {
      schema: { summary: 'Nodal results of the latest run as JSON', querystring: nodalQuerySchema },
      config: { feature: 'nodalExport' },
    },
    async (request, reply) => {
      const { auth, loaded } = await load(request);
      const parsed = nodalQuerySchema.safeParse(request.query ?? {});
      if (!parsed.success) {
        const modelState: Record<string, string[]> = {};
        for (const issue of parsed.error.issues)
          (modelState[String(issue.path[0] ?? 'query')] ??= []).push(issue.message);
        throw badRequest(INVALID_INPUT, modelState);
      }
      const result = await findResult(db, auth.company.id, loaded.prediction.id);
      if (!result) return reply.code(204).send();
      return nodalJson(db, result, parsed.data, {
        projectName: loaded.project.project.name,
        predictionName: loaded.prediction.name,
      });
    },
  );

  app.get(
    `${BASE}/AverageEnergy`,
    { schema: { summary: 'Average energy of the latest run (204 when none)' } },
    async (request, reply) => {
      const { auth, loaded } = await load(request);
      const result = await findResult(db, auth.company.id, loaded.prediction.id);
      if (!result) return reply.code(204).send();
      return averageEnergy(result);
    },
  );

  app.get(`${BASE}/RunLog`, { schema: { summary: 'The log of the latest run' } }, async (request) => {
    const { auth, loaded } = await load(request);
    const rows = await predictionRunLog(db, auth.company.id, loaded.prediction.id);
    return rows.map(presentRun);
  });
}
