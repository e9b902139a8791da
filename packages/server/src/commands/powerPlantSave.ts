/**
 * Saving a prediction's power plant (POST creates or replaces it, PUT merges into the stored one; see
 * `mergePlant` of the domain for the rules), with the library records it uses, its totals and the
 * warnings of spec 2 §8.4 (DC:AC ratio per inverter, unless the map builder is used; modules facing
 * away from the equator) in `x-message`.
 */
import {
  azimuthWarning,
  dcAcRatioWarning,
  dcFieldPowerKw,
  mergePlant,
  plantEquipmentIds,
  plantIdCount,
  plantTotals,
  walkPlant,
  type LibraryActor,
  type PlantSaveContext,
  type PowerPlantInput,
} from '@sunfield/domain';
import type { AuthContext } from '../auth/context.ts';
import type { Db } from '../db/index.ts';
import { badRequest, INVALID_INPUT } from '../lib/errors.ts';
import type { XMessage } from '../lib/request.ts';
import { findEquipmentByIds, type EquipmentKind } from '../models/equipment.ts';
import { keepPlantTotals } from '../presenters/plantTotalsCache.ts';
import {
  findPowerPlant,
  nextPlantNodeIds,
  writePowerPlant,
  type PowerPlantRow,
} from '../models/prediction.ts';
import { actorOf, predictionNotFound, type LoadedPrediction } from '../policies/prediction.ts';
import { presentPlantEquipment } from '../presenters/powerPlant.ts';

type Json = Record<string, unknown>;

/** Library records (as GET /Module/{id} and /Inverter/{id} show them) the actor may use, by id. */
export async function equipmentRecords(
  db: Db,
  actor: LibraryActor,
  kind: EquipmentKind,
  ids: Iterable<number>,
): Promise<Map<number, Json>> {
  return presentPlantEquipment(await findEquipmentByIds(db, kind, [...new Set(ids)]), actor);
}

/**
 * What `mergePlant` needs for a plant sent (and the stored one it merges into): the library records it
 * names that the caller may use, and a fresh node id for each node, transformer and line sent.
 */
export async function plantMergeContext(
  db: Db,
  auth: AuthContext,
  latitude: number,
  input: PowerPlantInput,
  stored: Json | undefined,
): Promise<PlantSaveContext> {
  const sent = plantEquipmentIds(input as Json);
  const kept = stored ? plantEquipmentIds(stored) : { modules: [], inverters: [] };
  const actor = actorOf(auth);
  const [modules, inverters, fresh] = await Promise.all([
    equipmentRecords(db, actor, 'module', [...sent.modules, ...kept.modules]),
    equipmentRecords(db, actor, 'inverter', [...sent.inverters, ...kept.inverters]),
    nextPlantNodeIds(db, plantIdCount(input as Json)),
  ]);
  let next = 0;
  return {
    modules,
    inverters,
    newId: () => {
      const id = fresh[next++];
      if (id === undefined) throw new Error('plant node ids ran out');
      return id;
    },
    companySettings: auth.company.defaultSettings,
    latitude,
  };
}

/**
 * Writes a plant with its totals and the equipment it uses; undefined when the prediction is gone.
 * The totals of the document as stored are kept for the next overview (presenters/plantTotalsCache.ts).
 */
export async function storePlant(
  db: Db,
  companyId: string,
  predictionId: number,
  plant: Json,
): Promise<PowerPlantRow | undefined> {
  const totals = plantTotals(plant);
  const used = plantEquipmentIds(plant);
  const row = await writePowerPlant(db, {
    predictionId,
    companyId,
    data: plant,
    dcCapacityKw: totals.dcCapacityKw,
    acCapacityKw: totals.acCapacityKw,
    blockCount: totals.blocks,
    modules: used.modules,
    inverters: used.inverters,
  });
  if (row) keepPlantTotals(db, companyId, predictionId, row.version, plantTotals(row.data));
  return row;
}

/** The warnings of spec 2 §8.4 for a plant, each text once. */
export function plantWarnings(
  plant: Json,
  latitude: number,
  options: { useMapBuilder?: boolean },
): XMessage[] {
  const texts = new Set<string>();
  walkPlant(plant, ({ level, node }) => {
    if (level === 'inverter') {
      const setpoint = node.setpointkW;
      if (typeof setpoint !== 'number' || setpoint <= 0) return;
      const fields = Array.isArray(node.dcFields) ? (node.dcFields as Json[]) : [];
      const dc = fields.reduce(
        (sum, f) => sum + dcFieldPowerKw(f) * (typeof f.repeater === 'number' ? f.repeater : 1),
        0,
      );
      if (dc > 0) {
        const warning = dcAcRatioWarning(dc / setpoint, options);
        if (warning) texts.add(warning);
      }
    }
    if (level === 'dcField' && typeof node.moduleAzimuth === 'number' && node.trackingType !== 1) {
      const warning = azimuthWarning(latitude, node.moduleAzimuth);
      if (warning) texts.add(warning);
    }
  });
  return [...texts].map((Message) => ({ Type: 'warning' as const, Message }));
}

export interface PowerPlantSaveResult {
  row: PowerPlantRow;
  messages: XMessage[];
}

/**
 * Saves the plant of a prediction.
 * @param mode 'replace': a new plant from the input alone (POST); 'merge': into the stored one (PUT)
 */
export async function savePowerPlant(
  db: Db,
  auth: AuthContext,
  loaded: LoadedPrediction,
  input: PowerPlantInput,
  mode: 'replace' | 'merge',
): Promise<PowerPlantSaveResult> {
  const predictionId = loaded.prediction.id;
  const stored =
    mode === 'merge' ? (await findPowerPlant(db, auth.company.id, predictionId))?.data : undefined;
  const ctx = await plantMergeContext(db, auth, loaded.project.project.latitude, input, stored);
  const { plant, errors } = mergePlant(stored, input, ctx);
  if (Object.keys(errors).length) throw badRequest(INVALID_INPUT, errors);
  const row = await storePlant(db, auth.company.id, predictionId, plant);
  if (!row) throw predictionNotFound();
  const useMapBuilder = loaded.prediction.data?.useMapBuilder === true;
  const messages = plantWarnings(plant, loaded.project.project.latitude, { useMapBuilder });
  return { row, messages };
}
