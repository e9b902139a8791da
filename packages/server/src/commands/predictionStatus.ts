/**
 * The two-call status change of predictions (spec 1 §4): validate, then change.
 *
 * Validate answers the draft components the change affects: the weather, modules and inverters of
 * the predictions that are drafts of the company. Moving a prediction to Draft-Shared or
 * String-Sizing proposes Draft-Shared for its Draft-Private components; moving it to any other
 * status but Draft-Private proposes Active for its draft components. Change sets the statuses and
 * moves those components (the company's own, which the caller may change) to the proposed status,
 * in one transaction. Either call loads every listed prediction through the company scope first: an
 * id of another company (or a colleague's Draft-Private prediction) makes the whole call 404.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { ASSET_STATUS, canChangeAssetStatus, isGlobalAsset } from '@sunfield/domain';
import type { AuthContext } from '../auth/context.ts';
import type { Db } from '../db/index.ts';
import { inverters, modules, plantEquipment, predictions, weathers } from '../db/schema.ts';
import { findPredictionsByIds, type PredictionRow } from '../models/prediction.ts';
import { actorOf, mayActOnPrediction, predictionNotFound } from '../policies/prediction.ts';
import type { PredictionStatusItem } from '../routes/prediction/schemas.ts';

export interface DraftComponent {
  id: number;
  name: string;
  /** 'Weather', 'Module' or 'Inverter' */
  type: string;
  /** EntityType: Module 2, Inverter 3, Weather 4 */
  entityType: number;
  status: number;
  newStatus: number;
}

const DRAFTS: number[] = [ASSET_STATUS.DraftPrivate, ASSET_STATUS.DraftShared];

/** The status proposed for a component in `status` when its prediction moves to `predictionStatus`. */
export function proposedComponentStatus(predictionStatus: number, status: number): number | null {
  if (predictionStatus === 1) return null;
  if (predictionStatus === 2 || predictionStatus === 10) {
    return status === ASSET_STATUS.DraftPrivate ? ASSET_STATUS.DraftShared : null;
  }
  return DRAFTS.includes(status) ? ASSET_STATUS.Active : null;
}

async function loadAll(
  db: Db,
  auth: AuthContext,
  projectId: number,
  items: PredictionStatusItem[],
): Promise<PredictionRow[]> {
  const ids = [...new Set(items.map((item) => item.id))];
  const rows = await findPredictionsByIds(db, auth.company.id, ids);
  if (
    rows.length !== ids.length ||
    rows.some((row) => row.projectId !== projectId || !mayActOnPrediction(auth, row, 'read'))
  ) {
    throw predictionNotFound();
  }
  return rows;
}

/** The components of the listed predictions that the change would move, each once. */
async function affectedComponents(
  db: Db,
  auth: AuthContext,
  rows: PredictionRow[],
  items: PredictionStatusItem[],
): Promise<DraftComponent[]> {
  const target = new Map(items.map((item) => [item.id, item.status]));
  const equipment = await db
    .select()
    .from(plantEquipment)
    .where(
      inArray(
        plantEquipment.predictionId,
        rows.map((row) => row.id),
      ),
    );
  // The target statuses of the predictions that use each component.
  const wanted = {
    module: new Map<number, Set<number>>(),
    inverter: new Map<number, Set<number>>(),
    weather: new Map<number, Set<number>>(),
  };
  const want = (map: Map<number, Set<number>>, id: number, status: number) => {
    const set = map.get(id) ?? new Set<number>();
    set.add(status);
    map.set(id, set);
  };
  for (const row of rows) {
    const status = target.get(row.id)!;
    if (row.weatherId !== null) want(wanted.weather, row.weatherId, status);
    for (const e of equipment)
      if (e.predictionId === row.id)
        want(e.kind === 'module' ? wanted.module : wanted.inverter, e.equipmentId, status);
  }
  const actor = actorOf(auth);
  const out: DraftComponent[] = [];
  const collect = async (
    table: typeof modules | typeof inverters | typeof weathers,
    map: Map<number, Set<number>>,
    type: string,
    entityType: number,
  ) => {
    if (map.size === 0) return;
    const found = await db
      .select({
        id: table.id,
        name: table.name,
        status: table.status,
        companyId: table.companyId,
        ownerId: table.ownerId,
      })
      .from(table)
      .where(and(inArray(table.id, [...map.keys()]), eq(table.companyId, auth.company.id)));
    for (const c of found) {
      if (isGlobalAsset(c) || !canChangeAssetStatus(actor, c)) continue;
      // A component of several predictions takes the strongest proposal (Active over Draft-Shared).
      let newStatus: number | null = null;
      for (const target of map.get(c.id)!) {
        const proposal = proposedComponentStatus(target, c.status);
        if (proposal !== null && (newStatus === null || proposal > newStatus)) newStatus = proposal;
      }
      if (newStatus !== null && newStatus !== c.status)
        out.push({ id: c.id, name: c.name, type, entityType, status: c.status, newStatus });
    }
  };
  await collect(weathers, wanted.weather, 'Weather', 4);
  await collect(modules, wanted.module, 'Module', 2);
  await collect(inverters, wanted.inverter, 'Inverter', 3);
  return out;
}

export async function validatePredictionStatusChange(
  db: Db,
  auth: AuthContext,
  projectId: number,
  items: PredictionStatusItem[],
): Promise<{ draftComponents: DraftComponent[] }> {
  const rows = await loadAll(db, auth, projectId, items);
  return { draftComponents: await affectedComponents(db, auth, rows, items) };
}

export async function changePredictionStatus(
  db: Db,
  auth: AuthContext,
  projectId: number,
  items: PredictionStatusItem[],
): Promise<{ draftComponents: DraftComponent[] }> {
  const rows = await loadAll(db, auth, projectId, items);
  const components = await affectedComponents(db, auth, rows, items);
  const now = new Date();
  await db.transaction(async (tx) => {
    for (const item of items) {
      await tx
        .update(predictions)
        .set({ status: item.status, lastModified: now, lastModifiedById: auth.user.id })
        .where(and(eq(predictions.companyId, auth.company.id), eq(predictions.id, item.id)));
    }
    for (const c of components) {
      const table = c.type === 'Module' ? modules : c.type === 'Inverter' ? inverters : weathers;
      await tx
        .update(table)
        .set({ status: c.newStatus, lastModified: now, lastModifiedById: auth.user.id })
        .where(and(eq(table.id, c.id), eq(table.companyId, auth.company.id)));
    }
  });
  return { draftComponents: components };
}
