/**
 * The totals of a prediction's plant (`plantTotals` of `@sunfield/domain`: DC and AC size, DC:AC
 * ratio, node counts with and without repeaters), kept per company and prediction (issue 18).
 * GET Prediction/{id}/Overview and /Hydrated answer them; computing them read the whole plant
 * document (507 kB of JSON for the bench's 100-DC-field plant, a 300-block plant more) and walked
 * it on every request.
 *
 * Why a kept total is never stale. The totals are a function of the plant document alone (no
 * equipment row, no viewer). They are kept with the version (`xmin`) of the plant row they were
 * computed from, read by the same statement as the document (models/prediction.ts
 * findVersionedPlant), and answered again only when the version the caller read in its own
 * statement (`plantVersion` of policies/prediction.ts loadPredictionFor, which reads the project and
 * prediction) is the same. Any update of the row, through the API or by raw SQL from any process,
 * writes a new row version with a new `xmin`, and a deleted plant answers no version, so equal
 * versions mean the same document (the same argument as presenters/powerPlantCache.ts). The key holds
 * the company, and both statements are scoped to it; who may read the prediction is decided before.
 */
import { plantTotals, type PlantTotals } from '@sunfield/domain';
import { perHandle } from '../db/perHandle.ts';
import type { Db } from '../db/index.ts';
import { findVersionedPlant } from '../models/prediction.ts';

/** Plants whose totals are kept per database handle (least recently used dropped first; ~200 B each). */
export const PLANT_TOTALS_KEPT = 2000;

interface Entry {
  /** `xmin` of the plant row the totals were computed from */
  version: string;
  totals: Readonly<PlantTotals>;
}

const cacheOf = perHandle((): Map<string, Entry> => new Map());

/** The plant row's own version in a `plantVersion` string (`xmin|modules|inverters`). */
const rowVersionOf = (plantVersion: string): string => plantVersion.split('|', 1)[0]!;

/**
 * The totals of the company's prediction's plant, or undefined when it has none.
 * `plantVersion`: the `plantVersion` the caller's loadPredictionFor read (null: no plant). The
 * caller has checked that the viewer may read the prediction.
 */
export async function keptPlantTotals(
  db: Db,
  companyId: string,
  predictionId: number,
  plantVersion: string | null,
  limit = PLANT_TOTALS_KEPT,
): Promise<Readonly<PlantTotals> | undefined> {
  const cache = cacheOf(db);
  const key = `${companyId}:${predictionId}`;
  const entry = cache.get(key);
  cache.delete(key);
  if (plantVersion === null) return undefined;
  if (entry && entry.version === rowVersionOf(plantVersion)) {
    // Most recently used last.
    cache.set(key, entry);
    return entry.totals;
  }
  const plant = await findVersionedPlant(db, companyId, predictionId);
  if (!plant) return undefined;
  const totals = plantTotals(plant.data);
  keepPlantTotals(db, companyId, predictionId, plant.version, totals, limit);
  return totals;
}

/**
 * Keeps the totals of the plant row of version `version` (its `xmin`), computed from that row's
 * document as stored: a save keeps the totals of the row it wrote (commands/powerPlantSave.ts
 * storePlant, from the row its statement returned), so the next overview reads no document. Were the
 * row written again meanwhile, or the transaction rolled back, no visible row has this version, and
 * the entry is never answered.
 */
export function keepPlantTotals(
  db: Db,
  companyId: string,
  predictionId: number,
  version: string,
  totals: PlantTotals,
  limit = PLANT_TOTALS_KEPT,
): void {
  const cache = cacheOf(db);
  const key = `${companyId}:${predictionId}`;
  cache.delete(key);
  cache.set(key, { version, totals: Object.freeze(totals) });
  for (const oldest of cache.keys()) {
    if (cache.size <= limit) break;
    cache.delete(oldest);
  }
}
