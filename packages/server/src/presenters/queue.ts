/**
 * A run as the user's queue shows it (`/User/Queue`, `addorupdate:queueitem`), and the processing
 * fields of a prediction as `addorupdate:predictionitem` carries them (spec 2 §9.4).
 */
import type { QueueRow, RunAssumptions, RunLogRow } from '../models/predictionRun.ts';

export function presentQueueItem(q: QueueRow): Record<string, unknown> {
  return {
    ...presentRun(q.run),
    type: 'Prediction',
    predictionId: q.run.predictionId,
    projectId: q.run.projectId,
    predictionName: q.predictionName,
    projectName: q.projectName,
  };
}

/** A run as the prediction's run log lists it. */
export function presentRun(r: RunLogRow & Partial<RunAssumptions>): Record<string, unknown> {
  return {
    // The run log's entries say what the run assumed where the prediction said nothing, and what it warned of.
    ...(r.assumptions !== undefined ? { assumptions: r.assumptions ?? [], warnings: r.warnings ?? [] } : {}),
    id: r.id,
    processingStatus: r.status,
    percentComplete: r.percentComplete,
    processingStep: r.processingStep,
    message: r.message,
    attempts: r.attempts,
    engineMs: r.engineMs,
    queuedDate: r.queuedAt.toISOString(),
    startedDate: r.startedAt?.toISOString() ?? null,
    completedDate: r.completedAt?.toISOString() ?? null,
    elapsedSeconds:
      r.startedAt && r.completedAt ? (r.completedAt.getTime() - r.startedAt.getTime()) / 1000 : null,
  };
}

/** The processing fields of the run's prediction (no name: it goes to every user of the company). */
export function presentPredictionProcessing(r: RunLogRow): Record<string, unknown> {
  return {
    id: r.predictionId,
    projectId: r.projectId,
    processingStatus: r.status,
    percentComplete: r.percentComplete,
    processingStep: r.processingStep,
    resultId: r.status === 3 ? r.id : null,
  };
}
