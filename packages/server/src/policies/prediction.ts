/**
 * Who may read, edit, delete and change the status of a prediction (rules in
 * `@sunfield/domain` prediction/policy.ts). Everything is scoped to the caller's company and the
 * project in the path: a prediction of another company or project, or a Draft-Private prediction of
 * a colleague, is "not found" (404, text); an edit of a read-only status is a conflict (409, text).
 */
import {
  canDeletePrediction,
  canEditPrediction,
  canReadPrediction,
  predictionReadOnlyMessage,
  type LibraryActor,
} from '@sunfield/domain';
import type { AuthContext } from '../auth/context.ts';
import type { Db } from '../db/index.ts';
import { conflict, notFound } from '../lib/errors.ts';
import { integerId } from '../lib/request.ts';
import {
  findProjectPrediction,
  type PlantEquipmentIds,
  type PredictionRow,
  type PredictionWithPlantSummary,
} from '../models/prediction.ts';
import type { ProjectWithOwner } from '../models/project.ts';
import { canReadProject, loadProjectFor, projectNotFound } from './project.ts';

export const PREDICTION_NOT_FOUND = 'Prediction not found';
export const predictionNotFound = () => notFound(PREDICTION_NOT_FOUND);

export const actorOf = (auth: AuthContext): LibraryActor => ({
  userId: auth.user.id,
  companyId: auth.company.id,
  roles: auth.user.roles,
});

export type PredictionAction = 'read' | 'edit' | 'delete';

export function mayActOnPrediction(auth: AuthContext, row: PredictionRow, action: PredictionAction): boolean {
  const actor = actorOf(auth);
  if (action === 'read') return canReadPrediction(actor, row);
  if (action === 'edit') return canEditPrediction(actor, row);
  return canDeletePrediction(actor, row);
}

export interface LoadedPrediction extends PredictionWithPlantSummary {
  project: ProjectWithOwner;
}

/**
 * The prediction of the project that the caller may read (else 404) and, for 'edit' and 'delete',
 * whose status allows it (else 409 with the read-only text). `plantEquipment`: the equipment whose
 * versions `plantVersion` should hold (the plant route's kept answer, presenters/powerPlantCache.ts).
 */
export async function loadPredictionFor(
  db: Db,
  auth: AuthContext,
  rawProjectId: unknown,
  rawId: unknown,
  action: PredictionAction = 'read',
  plantEquipment?: PlantEquipmentIds,
): Promise<LoadedPrediction> {
  const projectId = integerId(rawProjectId);
  const id = integerId(rawId);
  if (projectId === undefined || id === undefined) {
    await loadProjectFor(db, auth, rawProjectId);
    throw predictionNotFound();
  }
  // One statement reads both (models/prediction.ts); the project's checks come first, as
  // loadProjectFor makes them.
  const both = await findProjectPrediction(db, auth.company.id, projectId, id, plantEquipment);
  if (!both || !canReadProject(auth, both.project.project)) throw projectNotFound();
  const found = both.prediction;
  if (!found || !mayActOnPrediction(auth, found.prediction, 'read')) throw predictionNotFound();
  if (action !== 'read' && !mayActOnPrediction(auth, found.prediction, action)) {
    throw conflict(predictionReadOnlyMessage(found.prediction.name, found.prediction.status));
  }
  return { ...found, project: both.project };
}
