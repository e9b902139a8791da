/**
 * Cloning a project (spec 1 §2 /projects/{cloneID}/clone) and copying predictions from one project
 * into another (POST /Project/{id}/ImportPredictions with {sourceProjectId, predictionIds}).
 *
 * A clone is a new project of the caller's company with the source's location fields and the name
 * given (default '{name} - CLONE'), holding a copy of every prediction of the source the caller may
 * read: each a new Draft-Private prediction owned by the caller with the same name and fields, its
 * description noting the clone (spec 1 §4), processing reset and no results, its plant copied with
 * fresh node ids, the same weather, modules and inverters (they are the company's or global). All of
 * it is written in one transaction: a failure leaves nothing behind.
 */
import { canReadPrediction } from '@sunfield/domain';
import type { AuthContext } from '../auth/context.ts';
import type { Db } from '../db/index.ts';
import { badRequest, INVALID_INPUT } from '../lib/errors.ts';
import { listProjectPredictions, type PredictionRow } from '../models/prediction.ts';
import type { ProjectRow, ProjectWithOwner } from '../models/project.ts';
import { actorOf } from '../policies/prediction.ts';
import { cloneDescription, cloneName, copyPrediction } from './predictionClone.ts';
import { createProject, type ProjectInput } from './projectSave.ts';

type Json = Record<string, unknown>;

/** The predictions of a project the caller may read, in id order. */
async function readablePredictions(db: Db, auth: AuthContext, projectId: number): Promise<PredictionRow[]> {
  const actor = actorOf(auth);
  return (await listProjectPredictions(db, auth.company.id, projectId))
    .map((row) => row.prediction)
    .filter((prediction) => canReadPrediction(actor, prediction));
}

const copiedData = (source: PredictionRow, now: Date): Json => ({
  ...(source.data ?? {}),
  description: cloneDescription(source, now),
});

/** The project fields a clone takes from its source. */
function projectFields(project: ProjectRow, name: string): ProjectInput {
  return {
    name,
    latitude: project.latitude,
    longitude: project.longitude,
    description: project.description,
    country: project.country,
    countryCode: project.countryCode,
    stateProvince: project.stateProvince,
    stateProvinceCode: project.stateProvinceCode,
    locality: project.locality,
    region: project.region,
    elevation: project.elevation,
    timeZone: project.timeZone,
    standardOffsetFromUTC: project.standardOffsetFromUTC,
  };
}

export async function cloneProject(
  db: Db,
  auth: AuthContext,
  found: ProjectWithOwner,
  options: { name?: string | undefined },
): Promise<{ projectId: number; predictionIds: number[] }> {
  const sources = await readablePredictions(db, auth, found.project.id);
  const now = new Date();
  const name = options.name?.trim() || cloneName(found.project.name);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const { project } = await createProject(t, auth, projectFields(found.project, name));
    const predictionIds: number[] = [];
    for (const source of sources) {
      const copy = await copyPrediction(t, auth, source, {
        projectId: project.id,
        data: copiedData(source, now),
        name: source.name,
      });
      predictionIds.push(copy.id);
    }
    return { projectId: project.id, predictionIds };
  });
}

/**
 * Copies the chosen predictions of another project of the company into `target`: each id must be a
 * prediction of the source project that the caller may read (else a 400 naming predictionIds, nothing
 * written).
 */
export async function copyPredictionsFromProject(
  db: Db,
  auth: AuthContext,
  target: ProjectRow,
  source: ProjectRow,
  predictionIds: readonly number[],
): Promise<number[]> {
  const readable = new Map((await readablePredictions(db, auth, source.id)).map((p) => [p.id, p]));
  const missing = predictionIds.filter((id) => !readable.has(id));
  if (missing.length)
    throw badRequest(INVALID_INPUT, {
      predictionIds: [`Not a prediction of ${source.name} you can read: ${missing.join(', ')}.`],
    });
  const now = new Date();
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const ids: number[] = [];
    for (const id of new Set(predictionIds)) {
      const prediction = readable.get(id)!;
      const copy = await copyPrediction(t, auth, prediction, {
        projectId: target.id,
        data: copiedData(prediction, now),
        name: prediction.name,
      });
      ids.push(copy.id);
    }
    return ids;
  });
}
