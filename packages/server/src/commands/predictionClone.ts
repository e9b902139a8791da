/**
 * Cloning a prediction (spec 1 §4): a new Draft-Private prediction of the same project owned by the
 * caller, named with the suffix ' - CLONE', its description noting the clone date; processing status
 * none, 0 % complete, no results; the plant copied with fresh node ids. `cloneToBlockBuilder` turns a
 * map-builder prediction into a block-builder one.
 */
import { plantIdCount, walkPlant } from '@sunfield/domain';
import type { AuthContext } from '../auth/context.ts';
import type { Db } from '../db/index.ts';
import {
  findPowerPlant,
  insertPrediction,
  nextPlantNodeIds,
  type PredictionRow,
} from '../models/prediction.ts';
import type { LoadedPrediction } from '../policies/prediction.ts';
import { storePlant } from './powerPlantSave.ts';

type Json = Record<string, unknown>;

export const CLONE_SUFFIX = ' - CLONE';

/** Longest name a clone can take (the suffix fits within the name limit). */
const NAME_MAX = 200;

export function cloneName(name: string): string {
  const room = NAME_MAX - CLONE_SUFFIX.length;
  return `${name.length > room ? name.slice(0, room) : name}${CLONE_SUFFIX}`;
}

/** The clone's description: the source's, then a line noting the clone. */
export function cloneDescription(source: PredictionRow, now: Date): string {
  const note = `Cloned from ${source.name} on ${now.toISOString().slice(0, 10)}.`;
  const before = typeof source.data?.description === 'string' ? source.data.description : '';
  const text = before ? `${before}\n${note}` : note;
  return text.length > 4000 ? text.slice(text.length - 4000) : text;
}

export async function clonePrediction(
  db: Db,
  auth: AuthContext,
  loaded: LoadedPrediction,
  options: { cloneToBlockBuilder?: boolean; name?: string },
): Promise<PredictionRow> {
  const source = loaded.prediction;
  const now = new Date();
  const data: Json = { ...(source.data ?? {}), description: cloneDescription(source, now) };
  if (options.cloneToBlockBuilder) data.useMapBuilder = false;
  // One transaction: a clone is never left without its plant.
  return db.transaction(async (tx) =>
    copyPrediction(tx as unknown as Db, auth, source, {
      projectId: source.projectId,
      data,
      name: options.name?.trim() || cloneName(source.name),
    }),
  );
}

/**
 * A copy of a prediction of the caller's company, in the same or another project of it: a new
 * Draft-Private prediction owned by the caller with the given name and fields, processing reset, no
 * results, the plant copied with fresh node ids. Runs in the caller's transaction.
 */
export async function copyPrediction(
  db: Db,
  auth: AuthContext,
  source: PredictionRow,
  target: { projectId: number; data: Json; name: string },
): Promise<PredictionRow> {
  const { data, name } = target;
  const clone = await insertPrediction(db, {
    companyId: auth.company.id,
    projectId: target.projectId,
    ownerId: auth.user.id,
    lastModifiedById: auth.user.id,
    name,
    status: 1,
    processingStatus: 0,
    percentComplete: 0,
    weatherId: source.weatherId,
    data,
  });
  const plant = await findPowerPlant(db, auth.company.id, source.id);
  if (plant) {
    const copy = structuredClone(plant.data);
    const ids = await nextPlantNodeIds(db, plantIdCount(copy));
    let next = 0;
    walkPlant(copy, ({ node }) => {
      node.id = ids[next++];
    });
    for (const key of ['transformers', 'transmissionLines'])
      if (Array.isArray(copy[key])) for (const item of copy[key] as Json[]) item.id = ids[next++];
    await storePlant(db, auth.company.id, clone.id, copy);
  }
  return clone;
}
