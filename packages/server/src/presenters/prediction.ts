/**
 * A prediction as the API shows it: every field of spec 3 `Prediction` in spec order (null where
 * unset), then Sunfield's own fields. The only path from a prediction row to JSON.
 */
import {
  asList,
  canEditPrediction,
  DEGRADATION_RATE_KEYS,
  HORIZON_DETAIL_KEYS,
  MONTHLY_FACTORS_KEYS,
  PREDICTION_EXTRAS,
  PREDICTION_KEYS,
  presentFields,
  type LibraryActor,
} from '@sunfield/domain';
import type { PredictionListRow, PredictionRow } from '../models/prediction.ts';
import type { OwnerSummary } from '../models/project.ts';

export interface PredictionExtras {
  owner?: OwnerSummary | null;
  /** joined records of /Hydrated: the project, the weather (without its series), the plant */
  project?: unknown;
  weather?: unknown;
  powerPlant?: unknown;
  /** whether a plant exists (its id is the prediction's) */
  hasPowerPlant?: boolean;
  /** blocks of the plant, when known */
  numOfBlocks?: number | null;
}

/** `P50, P90` from [50, 90]. */
export const pValuesString = (values: unknown): string | null =>
  Array.isArray(values) && values.length ? values.map((p) => `P${String(p)}`).join(', ') : null;

export function presentPrediction(
  row: PredictionRow,
  actor: LibraryActor,
  extras: PredictionExtras = {},
): Record<string, unknown> {
  const data = row.data ?? {};
  const owner = extras.owner
    ? { id: extras.owner.id, firstName: extras.owner.firstName, lastName: extras.owner.lastName }
    : null;
  const list = (key: string, keys: readonly string[]) =>
    Array.isArray(data[key]) ? asList(data[key]).map((item) => presentFields(item, keys)) : null;
  const stored: Record<string, unknown> = {
    ...data,
    monthlyFactors: list('monthlyFactors', MONTHLY_FACTORS_KEYS),
    horizonDetails: list('horizonDetails', HORIZON_DETAIL_KEYS),
    nonLinearDegradationRates: list('nonLinearDegradationRates', DEGRADATION_RATE_KEYS),
    lightAndElevatedTemperatureDegradationRates: list(
      'lightAndElevatedTemperatureDegradationRates',
      DEGRADATION_RATE_KEYS,
    ),
    id: row.id,
    name: row.name,
    companyId: row.companyId,
    ownerId: row.ownerId,
    owner,
    createdDate: row.createdDate.toISOString(),
    lastModified: row.lastModified.toISOString(),
    lastModifiedById: row.lastModifiedById,
    status: row.status,
    lastPublishedDateToQueue: row.lastPublishedDateToQueue?.toISOString() ?? null,
    weatherId: row.weatherId,
    projectId: row.projectId,
    powerPlantId: extras.hasPowerPlant ? row.id : null,
    percentComplete: row.percentComplete,
    processingStatus: row.processingStatus,
    processingMessage: row.processingMessage,
    runCompletedDateTimeUTC: row.runCompletedDate?.toISOString() ?? null,
    isReadOnly: !canEditPrediction(actor, row),
    pValuesString: pValuesString(data.pValues),
    nodalData: false,
    hasTimeSeriesData: false,
    childPredictions: [],
    timeSeriesData: [],
    numOfBlocks: extras.numOfBlocks ?? null,
    project: extras.project ?? null,
    weather: extras.weather ?? null,
    powerPlant: extras.powerPlant ?? null,
  };
  return presentFields(stored, PREDICTION_KEYS, PREDICTION_EXTRAS);
}

/**
 * A prediction in a project's list: the fields of the full prediction plus the plant's DC and AC
 * size [kW] (`dcCapacityKw`, `acCapacityKw`; null without a plant) and the first-year P50 net energy
 * [MWh] of its newest successful run (`p50EnergyMwh`; null before one).
 */
export function presentPredictionListItem(
  row: PredictionListRow,
  actor: LibraryActor,
): Record<string, unknown> {
  return {
    ...presentPrediction(row.prediction, actor, {
      owner: row.owner,
      hasPowerPlant: row.dcCapacityKw !== null,
    }),
    dcCapacityKw: row.dcCapacityKw,
    acCapacityKw: row.acCapacityKw,
    p50EnergyMwh: row.p50EnergyMwh,
  };
}
