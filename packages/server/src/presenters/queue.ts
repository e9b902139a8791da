/**
 * A run as the user's queue shows it (`/User/Queue`, `addorupdate:queueitem`), and the processing
 * fields of a prediction as `addorupdate:predictionitem` carries them (spec 2 §9.4).
 */
import type { QueueRow, RunRow } from '../models/predictionRun.ts';

export function presentQueueItem(q: QueueRow): Record<string, unknown> {
  const r = q.run;
  return {
    id: r.id,
    type: 'Prediction',
    predictionId: r.predictionId,
    projectId: r.projectId,
    predictionName: q.predictionName,
    projectName: q.projectName,
    processingStatus: r.status,
    percentComplete: r.percentComplete,
    processingStep: r.processingStep,
    message: r.message,
    attempts: r.attempts,
    queuedDate: r.queuedAt.toISOString(),
    startedDate: r.startedAt?.toISOString() ?? null,
    completedDate: r.completedAt?.toISOString() ?? null,
    elapsedSeconds:
      r.startedAt && r.completedAt ? (r.completedAt.getTime() - r.startedAt.getTime()) / 1000 : null,
  };
}

/** The processing fields of the run's prediction (no name: it goes to every user of the company). */
export function presentPredictionProcessing(r: RunRow): Record<string, unknown> {
  return {
    id: r.predictionId,
    projectId: r.projectId,
    processingStatus: r.status,
    percentComplete: r.percentComplete,
    processingStep: r.processingStep,
    resultId: r.status === 3 ? r.id : null,
  };
}
