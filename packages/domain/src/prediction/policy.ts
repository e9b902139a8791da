/**
 * Who may read, edit, delete and change the status of a prediction (spec 1 §4, §6), shared by the
 * server's policy and the web app's buttons.
 *
 * - A prediction belongs to its project's company; another company never sees it.
 * - A Draft-Private prediction is visible to its owner (and the company's admins) only; sharing it
 *   (Draft-Shared, as the SDK's example says: "to make it accessible to other members of your team")
 *   or any later status makes it visible company-wide.
 * - Draft statuses (Draft-Private, Draft-Shared, String-Sizing) are editable and deletable; any other
 *   status makes the prediction read-only (a status change is still possible).
 */
import { isDraftPredictionStatus, PREDICTION_STATUS } from '../definitions.ts';
import type { LibraryActor } from '../library.ts';
import { isAnyAdmin } from '../roles.ts';
import { PredictionStatusEnum } from '../enums/status.ts';

export interface PredictionRef {
  companyId: string;
  ownerId: string | null;
  status: number;
}

export function canReadPrediction(actor: LibraryActor, prediction: PredictionRef): boolean {
  if (prediction.companyId !== actor.companyId) return false;
  if (prediction.status === PREDICTION_STATUS.DRAFT_PRIVATE) {
    return prediction.ownerId === actor.userId || prediction.ownerId === null || isAnyAdmin(actor.roles);
  }
  return true;
}

export const canEditPrediction = (actor: LibraryActor, prediction: PredictionRef): boolean =>
  canReadPrediction(actor, prediction) && isDraftPredictionStatus(prediction.status);

export const canDeletePrediction = canEditPrediction;

export const canChangePredictionStatus = canReadPrediction;

/** Statuses a user may set on a prediction (every prediction status; spec 1 §4). */
export const SETTABLE_PREDICTION_STATUSES: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/** The label of a prediction status ('Draft-Private', 'As-Built', …), from its definition. */
export function predictionStatusLabel(status: number): string {
  const value = PredictionStatusEnum.values.find((v) => v.id === status) as
    { name: string; label?: string } | undefined;
  return value ? (value.label ?? value.name) : String(status);
}

/** The refusal of an edit of a read-only prediction (409). */
export function predictionReadOnlyMessage(name: string, status: number): string {
  return (
    `${name} is read-only in its status ${predictionStatusLabel(status)}: only Draft-Private, ` +
    'Draft-Shared and String-Sizing predictions can be changed.'
  );
}
