/**
 * `GET /PredictionLog?skip&take`: every run of the caller's company, newest first (spec 1 §2
 * prediction-log): the prediction and project (ids and names), the run's status, progress and reason,
 * who queued it, when it was queued, started and completed, and how long it ran. Runs of predictions
 * the caller may not read are not listed (models/predictionLog.ts); another company's runs never are.
 * `X-Total-Count` carries the number of runs over all pages. Cancelling goes through the prediction's
 * `POST …/Cancel`, dismissing one's own run through `DELETE /User/Queue/{id}`.
 */
import type { FastifyInstance } from 'fastify';
import { isAnyAdmin } from '@sunfield/domain';
import { z } from 'zod';
import { requireAuth } from '../../auth/context.ts';
import { parse } from '../../lib/errors.ts';
import { canonicalQuery, skipTakeQuery } from '../../lib/request.ts';
import { predictionLogPage, type PredictionLogRow } from '../../models/predictionLog.ts';
import { presentRun } from '../../presenters/queue.ts';

export const PREDICTION_LOG_DEFAULT_TAKE = 50;
export const PREDICTION_LOG_MAX_TAKE = 200;

export const predictionLogQuerySchema = z.object({
  ...skipTakeQuery(PREDICTION_LOG_MAX_TAKE),
});

const KEYS = ['skip', 'take'] as const;

/** A run as the log shows it: the queue item's fields, who queued it, and whether it is the caller's. */
export function presentLogItem(row: PredictionLogRow, viewerId: string): Record<string, unknown> {
  return {
    ...presentRun(row.run),
    type: 'Prediction',
    predictionId: row.run.predictionId,
    projectId: row.run.projectId,
    predictionName: row.predictionName,
    predictionStatus: row.predictionStatus,
    projectName: row.projectName,
    userId: row.run.userId,
    user: row.user ? { id: row.user.id, firstName: row.user.firstName, lastName: row.user.lastName } : null,
    isOwn: row.run.userId !== null && row.run.userId === viewerId,
  };
}

export async function predictionLogRoutes(app: FastifyInstance): Promise<void> {
  const db = app.services.database.db;

  app.get(
    '/PredictionLog',
    {
      schema: {
        summary: 'The prediction run log of the company, one page',
        querystring: predictionLogQuerySchema,
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const query = parse(predictionLogQuerySchema, canonicalQuery(request.query, KEYS));
      const { rows, total } = await predictionLogPage(
        db,
        { companyId: auth.company.id, userId: auth.user.id, admin: isAnyAdmin(auth.user.roles) },
        { skip: query.skip ?? 0, take: query.take ?? PREDICTION_LOG_DEFAULT_TAKE },
      );
      reply.header('X-Total-Count', String(total));
      return rows.map((row) => presentLogItem(row, auth.user.id));
    },
  );
}
