/**
 * The engine's case of a stored prediction: its project, fields, plant and the library records its
 * plant names, translated by the domain's `simulationCase` (one function for every caller).
 */
import { canReadAsset, plantEquipmentIds, simulationCase } from '@sunfield/domain';
import type { SimulationCase } from '@sunfield/engine';
import type { AuthContext } from '../auth/context.ts';
import type { Db } from '../db/index.ts';
import { findEquipmentByIds, type EquipmentKind } from '../models/equipment.ts';
import { findPowerPlant } from '../models/prediction.ts';
import { actorOf, type LoadedPrediction } from '../policies/prediction.ts';

type Json = Record<string, unknown>;

/** Library records as stored (spec 3 names, no nulls) that the caller may use, by id. */
async function storedRecords(
  db: Db,
  auth: AuthContext,
  kind: EquipmentKind,
  ids: number[],
): Promise<Map<number, Json>> {
  const actor = actorOf(auth);
  const out = new Map<number, Json>();
  for (const row of await findEquipmentByIds(db, kind, ids)) {
    if (!canReadAsset(actor, row)) continue;
    out.set(row.id, { ...row.data, name: row.name, manufacturer: row.manufacturer, model: row.model });
  }
  return out;
}

/** The stored plant of the prediction and the library records it names that the caller may use. */
export interface PlantInputs {
  plant: Json;
  modules: Map<number, Json>;
  inverters: Map<number, Json>;
}

export async function plantInputs(
  db: Db,
  auth: AuthContext,
  loaded: LoadedPrediction,
): Promise<PlantInputs | undefined> {
  const plant = await findPowerPlant(db, auth.company.id, loaded.prediction.id);
  if (!plant) return undefined;
  const ids = plantEquipmentIds(plant.data);
  const [modules, inverters] = await Promise.all([
    storedRecords(db, auth, 'module', ids.modules),
    storedRecords(db, auth, 'inverter', ids.inverters),
  ]);
  return { plant: plant.data, modules, inverters };
}

/** The case of the prediction, or undefined while it has no plant. */
export async function predictionCase(
  db: Db,
  auth: AuthContext,
  loaded: LoadedPrediction,
  inputs?: PlantInputs,
): Promise<SimulationCase | undefined> {
  const found = inputs ?? (await plantInputs(db, auth, loaded));
  if (!found) return undefined;
  const { plant, modules, inverters } = found;
  const project = loaded.project.project;
  return simulationCase({
    project: {
      name: project.name,
      latitude: project.latitude,
      longitude: project.longitude,
      elevation: project.elevation,
      standardOffsetFromUTC: project.standardOffsetFromUTC,
    },
    prediction: { ...(loaded.prediction.data ?? {}), name: loaded.prediction.name },
    plant,
    modules,
    inverters,
  });
}
