/**
 * Live updates of a run (spec 2 §9.4): the queue item to the user who queued it, the prediction's
 * processing fields to every user of the company; and the same fields mirrored on the prediction row,
 * which `GET …/Prediction/{id}` (and the SDK's polling) reads. Call after the run row changed and
 * outside any open transaction (see realtime/publish.ts).
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { predictions } from '../db/schema.ts';
import { findQueueRow, PROCESSING, type RunLogRow } from '../models/predictionRun.ts';
import { presentPredictionProcessing, presentQueueItem } from '../presenters/queue.ts';
import { publishClientData } from '../realtime/publish.ts';

/** Copies the run's state onto its prediction (without touching `lastModified`). */
export async function mirrorRun(database: Pick<Database, 'db'>, run: RunLogRow): Promise<void> {
  await database.db
    .update(predictions)
    .set({
      processingStatus: run.status,
      percentComplete: run.percentComplete,
      processingMessage: run.message,
      ...(run.status === PROCESSING.Queued ? { lastPublishedDateToQueue: run.queuedAt } : {}),
      ...(run.status === PROCESSING.Success ? { runCompletedDate: run.completedAt } : {}),
    })
    .where(eq(predictions.id, run.predictionId));
}

/** Mirrors the run on its prediction and pushes it to the user's queue and the company. */
export async function announceRun(database: Database, runId: number): Promise<void> {
  const queued = await findQueueRow(database.db, runId);
  if (!queued) return;
  await mirrorRun(database, queued.run);
  if (queued.run.userId)
    await publishClientData(database, {
      userId: queued.run.userId,
      command: 'addorupdate:queueitem',
      data: presentQueueItem(queued),
    });
  await publishClientData(database, {
    companyId: queued.run.companyId,
    command: 'addorupdate:predictionitem',
    data: presentPredictionProcessing(queued.run),
  });
}
