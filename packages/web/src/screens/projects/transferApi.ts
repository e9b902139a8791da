/**
 * Project clone and prediction import calls (spec 1 §2 /projects/{cloneID}/clone, spec 2 §7.4
 * /Project/{id}/ImportPredictions), and reading the predictions of a project file in the browser.
 */
import { api } from '../../api/client.ts';
import { startUpload, type Upload } from '../../api/upload.ts';

export interface CloneAnswer {
  id: number;
  predictionIds: number[];
}

export const cloneProject = (id: number, name: string) =>
  api<CloneAnswer>(`/Project/${id}/Clone`, { method: 'POST', body: { name }, silent: true });

export const importFromProject = (targetId: number, sourceProjectId: number, predictionIds: number[]) =>
  api<CloneAnswer>(`/Project/${targetId}/ImportPredictions`, {
    method: 'POST',
    body: { sourceProjectId, predictionIds },
    silent: true,
  });

/** Uploads the file with the chosen predictions (their places in the file). */
export function importFromFile(targetId: number, file: File, indexes: number[]): Upload<CloneAnswer> {
  const form = new FormData();
  form.append('file', file, file.name);
  return startUpload<CloneAnswer>(
    `/Project/${targetId}/ImportPredictions?predictions=${indexes.join(',')}`,
    form,
  );
}

export interface FilePrediction {
  index: number;
  name: string;
  blocks: number;
}

/** The predictions a project file holds, read in the browser; an error text when it is not one. */
export async function readProjectFile(
  file: File,
): Promise<{ predictions: FilePrediction[] } | { error: string }> {
  let doc: unknown;
  try {
    doc = JSON.parse(await file.text());
  } catch {
    return { error: 'This file is not a Sunfield project file (it is not JSON).' };
  }
  const body = doc as { sunfieldExport?: unknown; predictions?: unknown };
  if (body?.sunfieldExport !== 'project' || !Array.isArray(body.predictions))
    return { error: 'This file is not a Sunfield project file.' };
  return {
    predictions: body.predictions.map((item: unknown, index) => {
      const entry = item as { prediction?: { name?: unknown }; powerPlant?: { blocks?: unknown } | null };
      const name =
        typeof entry?.prediction?.name === 'string' ? entry.prediction.name : `Prediction ${index + 1}`;
      const blocks = Array.isArray(entry?.powerPlant?.blocks) ? entry.powerPlant.blocks.length : 0;
      return { index, name, blocks };
    }),
  };
}
