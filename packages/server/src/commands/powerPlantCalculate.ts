/**
 * POST …/CalculatePowerPlantFields (spec 4 §1): the plant sent, merged into the stored one as a save
 * would merge it (`mergePlant`), recalculated by the builder's rules (`calculatePlant`: locked fields
 * untouched), and answered as GET …/PowerPlant shows a plant — nothing is saved. The SDK's
 * `update_module` PUTs the answer back.
 */
import {
  calculatePlant,
  finiteNumber,
  mergePlant,
  type PowerPlantInput,
  powerPlantSchema,
} from '@sunfield/domain';
import type { AuthContext } from '../auth/context.ts';
import type { Db } from '../db/index.ts';
import { badRequest, INVALID_INPUT, parse } from '../lib/errors.ts';
import type { XMessage } from '../lib/request.ts';
import { findPowerPlant } from '../models/prediction.ts';
import { type LoadedPrediction } from '../policies/prediction.ts';
import { presentPowerPlant } from '../presenters/powerPlant.ts';
import { plantMergeContext, plantWarnings } from './powerPlantSave.ts';

type Json = Record<string, unknown>;

const num = finiteNumber;

export async function calculatePowerPlantFields(
  db: Db,
  auth: AuthContext,
  loaded: LoadedPrediction,
  body: unknown,
): Promise<{ plant: Json; messages: XMessage[] }> {
  const predictionId = loaded.prediction.id;
  const stored = (await findPowerPlant(db, auth.company.id, predictionId))?.data;
  const empty =
    body === undefined || body === null || (typeof body === 'object' && Object.keys(body).length === 0);
  const input: PowerPlantInput = empty ? {} : parse(powerPlantSchema, body);
  const ctx = await plantMergeContext(db, auth, loaded.project.project.latitude, input, stored);
  const { modules, inverters } = ctx;
  const { plant, errors } = mergePlant(stored, input, ctx);
  if (Object.keys(errors).length) throw badRequest(INVALID_INPUT, errors);
  const data = loaded.prediction.data ?? {};
  const notices = calculatePlant(plant, {
    modules,
    inverters,
    stored,
    latitude: loaded.project.project.latitude,
    site: {
      min50Year: num(data.min50Year) ?? null,
      cool996: num(data.cool996) ?? null,
      elevation: num(data.elevation) ?? loaded.project.project.elevation,
      spectralShiftModel: num(data.spectralShiftModel) ?? null,
    },
  });
  const messages: XMessage[] = [
    ...notices.map((Message) => ({ Type: 'warning' as const, Message })),
    ...plantWarnings(plant, loaded.project.project.latitude, { useMapBuilder: data.useMapBuilder === true }),
  ];
  return { plant: presentPowerPlant(plant, predictionId, { modules, inverters }), messages };
}
