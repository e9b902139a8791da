/**
 * The answer of GET Prediction/{id}/PowerPlant, kept as bytes (issue 18). A 100-DC-field plant is
 * 507 kB of JSON (the module record is repeated in every DC field, as spec 3 shapes it); reading,
 * presenting and serializing it cost ~17 ms of server CPU per request on PostgreSQL, a request that
 * checks the versions and sends kept bytes ~2 ms in all (measured at load ~13 on two cores).
 *
 * Why a kept answer is never stale. The answer is made of three things only:
 * - the plant row (its document);
 * - the module and inverter rows the document names;
 * - what the viewer may do with each of those rows (read, edit, delete: `canReadAsset`,
 *   `canEditAsset`, `canDeleteAsset` of the viewer's user, company and roles), since a record the
 *   viewer may not read is left out and `isReadOnly`/`canDelete` are the viewer's.
 * Every request asks the database the version (`xmin`) of the plant row and of each named equipment
 * row (models/prediction.ts plantVersions; the plant route asks them in the statement that reads the
 * project and prediction, so a kept answer costs no statement of its own); any update of a row gives it
 * a new version and a deleted row drops out, whichever process made the change, so the check is
 * exact in both database modes (per-table write epochs of db/writeWatch.ts would see only this
 * process's writes, and a statement is logged before it runs). A kept answer whose versions differ is
 * dropped and made again. On a miss the versions are read before and after the equipment rows are
 * loaded, and the plant row's version comes with its document: the entry is kept only when they all
 * agree, so it holds exactly the rows of those versions.
 * The bytes of one entry are kept per view: the string of (read, edit, delete) of each equipment row
 * for the viewer, computed by the same rules from the kept rows. Two viewers with the same view get
 * the same answer; a viewer who may not see a Draft-Private module gets their own.
 * Who may read the prediction at all is decided before, on every request (policies/prediction.ts);
 * the key also holds the company, and the version query is scoped to it.
 */
import {
  canDeleteAsset,
  canEditAsset,
  canReadAsset,
  plantEquipmentIds,
  type LibraryActor,
} from '@sunfield/domain';
import { perHandle } from '../db/perHandle.ts';
import type { Db } from '../db/index.ts';
import { gzipKept } from '../lib/pageCache.ts';
import { findEquipmentByIds, type EquipmentRow } from '../models/equipment.ts';
import { findVersionedPlant, plantVersions, type PlantEquipmentIds } from '../models/prediction.ts';
import { presentPlantEquipment, presentPowerPlant } from './powerPlant.ts';

type Json = Record<string, unknown>;

/**
 * Plants kept per database handle (least recently used dropped first), views kept per plant, and the
 * bytes of all kept answers of a handle (a 1.6 MB plant seen in four views is 6.4 MB); an answer
 * larger than a quarter of that is sent and not kept.
 */
export const PLANT_CACHE_LIMITS = { plants: 32, views: 4, bytes: 64 * 1024 * 1024 } as const;

/** Limits of the shape of {@link PLANT_CACHE_LIMITS} (smaller ones exercise the bounds in tests). */
export interface PlantCacheLimits {
  readonly plants: number;
  readonly views: number;
  readonly bytes: number;
}

/**
 * The gzip copy of a kept answer's bytes (lib/compression.ts), made once, on zlib's thread pool, the
 * first time a client that takes gzip reads it; counted with the bytes while they are kept.
 */
const gzipCopies = new WeakMap<Buffer, { made?: Promise<Buffer>; bytes: number }>();

/** The bytes of every kept answer of a handle, with their gzip copies. */
function keptBytes(cache: Map<string, Entry>): number {
  let total = 0;
  for (const entry of cache.values())
    for (const bytes of entry.views.values()) total += bytes.length + (gzipCopies.get(bytes)?.bytes ?? 0);
  return total;
}

/** Drops least recently used plants until the kept bytes are within the bound, `key` last of all. */
function bound(cache: Map<string, Entry>, key: string, limit = PLANT_CACHE_LIMITS.bytes): void {
  for (const oldest of cache.keys()) {
    if (keptBytes(cache) <= limit || oldest === key) break;
    cache.delete(oldest);
  }
}

/** The key of the plant whose kept views hold `bytes`, if any. */
function keyHolding(cache: Map<string, Entry> | undefined, bytes: Buffer): string | undefined {
  for (const [key, entry] of cache ?? [])
    for (const view of entry.views.values()) if (view === bytes) return key;
  return undefined;
}

/**
 * The gzip copy of answer bytes that {@link presentedPlantBytes} gave and keeps, or undefined when it
 * did not keep them (too large). The copy is of these very bytes, so it is as fresh as they are: the
 * caller has checked them as it checks the bytes.
 */
export function keptPlantGzip(db: Db, bytes: Buffer): Promise<Buffer> | undefined {
  const made = gzipCopies.get(bytes)?.made;
  if (made) return made;
  const cache = cacheOf(db);
  if (keyHolding(cache, bytes) === undefined) return undefined;
  const copy = { bytes: 0, made: gzipKept(bytes) };
  gzipCopies.set(bytes, copy);
  copy.made.then(
    (gzipped) => {
      const key = keyHolding(cache, bytes);
      if (key === undefined || !cache) return;
      copy.bytes = gzipped.length;
      bound(cache, key);
    },
    // The caller has the error; the next client that asks tries again.
    () => gzipCopies.delete(bytes),
  );
  return copy.made;
}

interface Entry {
  /** plantVersions() of the rows below */
  version: string;
  data: Json;
  ids: { modules: number[]; inverters: number[] };
  modules: EquipmentRow[];
  inverters: EquipmentRow[];
  /** answer bytes by view */
  views: Map<string, Buffer>;
}

const cacheOf = perHandle((): Map<string, Entry> => new Map());

/** What the viewer may do with each row: the only part of the answer that depends on the viewer. */
function viewOf(actor: LibraryActor, entry: Entry): string {
  const flags = (row: EquipmentRow) =>
    canReadAsset(actor, row)
      ? `${canEditAsset(actor, row) ? 'e' : '-'}${canDeleteAsset(actor, row) ? 'd' : '-'}`
      : 'x';
  return `${entry.modules.map(flags).join('')}|${entry.inverters.map(flags).join('')}`;
}

function byId(rows: EquipmentRow[]): EquipmentRow[] {
  return rows.sort((a, b) => a.id - b.id);
}

/** Reads the plant and its equipment; `kept` says whether the reads agree with one set of versions. */
async function load(
  db: Db,
  companyId: string,
  predictionId: number,
): Promise<{ entry: Entry; kept: boolean } | undefined> {
  const plant = await findVersionedPlant(db, companyId, predictionId);
  if (!plant) return undefined;
  const ids = plantEquipmentIds(plant.data);
  const before = await plantVersions(db, companyId, predictionId, ids);
  const [modules, inverters] = await Promise.all([
    findEquipmentByIds(db, 'module', ids.modules),
    findEquipmentByIds(db, 'inverter', ids.inverters),
  ]);
  const after = await plantVersions(db, companyId, predictionId, ids);
  const kept = before !== undefined && before === after && before.startsWith(`${plant.version}|`);
  const entry: Entry = {
    version: before ?? '',
    data: plant.data,
    ids,
    modules: byId(modules),
    inverters: byId(inverters),
    views: new Map(),
  };
  return { entry, kept };
}

/**
 * The equipment of the kept answer of the company's prediction, if there is one: the route asks
 * their versions in the statement that reads the prediction (policies/prediction.ts), and passes
 * the answer to {@link presentedPlantBytes}.
 */
export function keptPlantEquipment(
  db: Db,
  companyId: string,
  predictionId: number,
): PlantEquipmentIds | undefined {
  return cacheOf(db).get(`${companyId}:${predictionId}`)?.ids;
}

/**
 * The JSON bytes of the company's prediction's plant as the viewer sees it (presenters/powerPlant.ts),
 * or undefined when it has none. The caller has checked that the viewer may read the prediction.
 * `checked`: plantVersions() of the plant and of the {@link keptPlantEquipment} ids, read by the
 * caller after it looked them up (else they are read here). If another request has replaced the entry
 * meanwhile, its ids differ and so does the string: a mismatch, never a false match. `limits`: the
 * production {@link PLANT_CACHE_LIMITS} unless a test passes smaller ones.
 */
export async function presentedPlantBytes(
  db: Db,
  actor: LibraryActor,
  predictionId: number,
  checked?: string,
  limits: PlantCacheLimits = PLANT_CACHE_LIMITS,
): Promise<Buffer | undefined> {
  const cache = cacheOf(db);
  const key = `${actor.companyId}:${predictionId}`;
  let entry = cache.get(key);
  if (entry) {
    const version = checked ?? (await plantVersions(db, actor.companyId, predictionId, entry.ids));
    if (version !== entry.version) {
      cache.delete(key);
      if (version === undefined) return undefined;
      entry = undefined;
    }
  }
  let kept = entry !== undefined;
  if (!entry) {
    const loaded = await load(db, actor.companyId, predictionId);
    if (!loaded) return undefined;
    entry = loaded.entry;
    kept = loaded.kept;
  }
  // Most recently used last.
  cache.delete(key);
  if (kept) {
    cache.set(key, entry);
    for (const oldest of cache.keys()) {
      if (cache.size <= limits.plants) break;
      cache.delete(oldest);
    }
  }
  const view = viewOf(actor, entry);
  let bytes = entry.views.get(view);
  if (!bytes) {
    const presented = presentPowerPlant(entry.data, predictionId, {
      modules: presentPlantEquipment(entry.modules, actor),
      inverters: presentPlantEquipment(entry.inverters, actor),
    });
    bytes = Buffer.from(JSON.stringify(presented));
    if (bytes.length > limits.bytes / 4) return bytes;
    entry.views.set(view, bytes);
    if (entry.views.size > limits.views) {
      const oldest = entry.views.keys().next().value;
      if (oldest !== undefined) entry.views.delete(oldest);
    }
    // Least recently used plants go first, this one last of all.
    bound(cache, key, limits.bytes);
  }
  return bytes;
}
