/**
 * What the prediction page hands its child pages: the editable copy of the prediction and of its
 * power plant, how to change them, the save, and the live processing state of the prediction's
 * last run. Edits replace objects (never mutate), so `dirty` is a reference comparison and a plant of
 * hundreds of fields is not serialized on every keystroke.
 */
import type { UnitSystemName } from '@sunfield/domain';
import { createContext, useContext } from 'react';
import type { HydratedPrediction, Json, PowerPlant, Prediction } from '../model/types.ts';

export interface Processing {
  status: number;
  percent: number;
  message: string | null;
}

export interface PredictionEditor {
  projectId: number;
  predictionId: number;
  /** The prediction as last loaded from the server. */
  saved: HydratedPrediction;
  project: HydratedPrediction['project'];
  /** The draft's own fields (no project, weather or plant). */
  prediction: Prediction;
  /** The draft plant; null while the prediction has none. */
  plant: PowerPlant | null;
  /** The weather the draft points to (id and facts), as loaded or as picked. */
  weather: HydratedPrediction['weather'];
  setPrediction: (change: (current: Prediction) => Prediction) => void;
  setPlant: (change: (current: PowerPlant | null) => PowerPlant | null) => void;
  setWeather: (weather: HydratedPrediction['weather']) => void;
  /** Draft-Private, Draft-Shared and String-Sizing predictions you may edit (spec 1 §4). */
  readOnly: boolean;
  dirty: boolean;
  units: UnitSystemName;
  /** Saves the prediction, then its plant. Resolves false (and shows the errors) when refused. */
  save: () => Promise<boolean>;
  saving: boolean;
  /** Field errors of the last refused save or run, by API field path. */
  errors: Record<string, string[]>;
  processing: Processing;
  /** Saves when dirty, then queues a run (spec 1 §4). */
  run: () => Promise<void>;
  cancel: () => Promise<void>;
  /** Discards the draft's changes. */
  reset: () => void;
}

export const PredictionEditorContext = createContext<PredictionEditor | null>(null);

export function usePredictionEditor(): PredictionEditor {
  const context = useContext(PredictionEditorContext);
  if (!context) throw new Error('usePredictionEditor outside the prediction page');
  return context;
}

/** Prediction fields the page never sends back in a PUT (they belong to other calls). */
export const NOT_SENT: readonly (keyof HydratedPrediction | string)[] = [
  'project',
  'weather',
  'powerPlant',
  'resultSummary',
  'resultDetail',
  'owner',
  'lastModifiedBy',
  'company',
];

export function predictionPayload(prediction: Prediction): Json {
  const body: Json = { ...prediction };
  for (const key of NOT_SENT) delete body[key];
  return body;
}
