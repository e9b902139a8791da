/**
 * The signed-in user's queue (spec 2 §7.3): `GET /User/Queue` (their runs, newest first, the dismissed
 * ones left out), `GET /User/PendingQueue` (only those queued or running), `DELETE /User/Queue/{id}`
 * (dismiss an item; a queued or running one is cancelled first). Items are presenters/queue.ts.
 */
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../auth/context.ts';
import { cancelRun } from '../../commands/predictionRun.ts';
import { notFound } from '../../lib/errors.ts';
import { integerId } from '../../lib/request.ts';
import { dismissRun, findQueueRow, PROCESSING, userQueue } from '../../models/predictionRun.ts';
import { loadPredictionFor } from '../../policies/prediction.ts';
import { presentQueueItem } from '../../presenters/queue.ts';
import { publishClientData } from '../../realtime/publish.ts';

const QUEUE_ITEM_NOT_FOUND = 'Queue item not found';

export function registerQueueRoutes(app: FastifyInstance): void {
  const database = app.services.database;
  const db = database.db;

  app.get(
    '/Queue',
    { schema: { summary: 'The signed-in user’s jobs (prediction runs, downloads, reports)' } },
    async (request) => {
      const auth = requireAuth(request);
      return (await userQueue(db, auth.company.id, auth.user.id)).map(presentQueueItem);
    },
  );

  app.get(
    '/PendingQueue',
    { schema: { summary: 'The signed-in user’s jobs still waiting or running' } },
    async (request) => {
      const auth = requireAuth(request);
      return (await userQueue(db, auth.company.id, auth.user.id, { pendingOnly: true })).map(
        presentQueueItem,
      );
    },
  );

  app.delete(
    '/Queue/:id',
    { schema: { summary: 'Cancel or remove a job of the signed-in user' } },
    async (request) => {
      const auth = requireAuth(request);
      const id = integerId((request.params as { id: string }).id);
      const item = id !== undefined ? await findQueueRow(db, id) : undefined;
      if (!item || item.run.companyId !== auth.company.id || item.run.userId !== auth.user.id)
        throw notFound(QUEUE_ITEM_NOT_FOUND);
      if (item.run.status === PROCESSING.Queued || item.run.status === PROCESSING.Running) {
        const loaded = await loadPredictionFor(db, auth, item.run.projectId, item.run.predictionId, 'read');
        await cancelRun(app, auth, loaded).catch(() => undefined);
      }
      if (!(await dismissRun(db, auth.company.id, auth.user.id, item.run.id)))
        throw notFound(QUEUE_ITEM_NOT_FOUND);
      await publishClientData(database, {
        userId: auth.user.id,
        command: 'delete:queueitem',
        data: { id: item.run.id },
      });
      return true;
    },
  );
}
