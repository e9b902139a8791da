/**
 * The prediction and power-plant shapes the screens use. The API answers with every field of spec 3
 * (`Prediction`, `PVPlant`, …); the screens type the fields they read and keep the rest as JSON so
 * that a save sends back what it was given.
 */
export type Json = Record<string, unknown>;

/** ProcessingStatusEnum (spec 1 §3). */
export const PROCESSING = { None: 0, Queued: 1, Running: 2, Success: 3, Error: 4, Cancelled: 5 } as const;
export const PROCESSING_LABELS: Record<number, string> = {
  0: 'Not run',
  1: 'Queued',
  2: 'Running',
  3: 'Success',
  4: 'Error',
  5: 'Cancelled',
};
export const processingLabel = (status: number | null | undefined): string =>
  PROCESSING_LABELS[status ?? 0] ?? 'Unknown';
export const isProcessing = (status: number | null | undefined): boolean =>
  status === PROCESSING.Queued || status === PROCESSING.Running;

export interface MonthlyFactor extends Json {
  month: number;
  soilingLoss: number | null;
  albedo: number | null;
  spectralShift?: number | null;
}

export interface Prediction extends Json {
  id: number;
  projectId: number;
  name: string;
  description: string | null;
  status: number;
  processingStatus: number;
  percentComplete: number | null;
  processingMessage?: string | null;
  isReadOnly: boolean;
  weatherId: number | null;
  start: string | null;
  end: string | null;
  lastModified: string;
  runCompletedDateTimeUTC: string | null;
  monthlyFactors: MonthlyFactor[] | null;
  pValues: number[] | null;
  min50Year: number | null;
  cool996: number | null;
  max50Year: number | null;
  elevation: number | null;
  timeZone: number | null;
}

/** GET …/Hydrated: the prediction with its project, weather (no series) and plant. */
export interface HydratedPrediction extends Prediction {
  project: Json & { id: number; name: string; latitude: number; longitude: number };
  weather: (Json & { id: number; name: string }) | null;
  powerPlant: PowerPlant | null;
}

/** A project's prediction list item: the prediction with its plant's DC and AC size [kW]. */
export interface PredictionListItem extends Prediction {
  dcCapacityKw: number | null;
  acCapacityKw: number | null;
  p50EnergyMwh?: number | null;
}

export interface DcField extends Json {
  name: number | string;
  moduleId: number | null;
}
export interface PlantInverter extends Json {
  name: string;
  repeater: number;
  inverterId: number | null;
  dcFields: DcField[];
}
export interface PlantArray extends Json {
  name: number | string;
  repeater: number;
  inverters: PlantInverter[];
}
export interface PlantBlock extends Json {
  name: number | string;
  repeater: number;
  arrays: PlantArray[];
}
export interface PowerPlant extends Json {
  blocks: PlantBlock[];
  transformers?: Json[];
  transmissionLines?: Json[];
}
