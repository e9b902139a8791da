/**
 * The prediction calls (spec 2 §7.5, docs/predictions.md), under /Project/{pid}/Prediction/{id}.
 * Calls whose 400 the screen shows itself (save, run) are silent; the rest report through api().
 */
import { ApiError, UI_HEADER, api, buildUrl, getAccessToken, refreshSession } from '../../api/client.ts';
import type { HydratedPrediction, Json, PowerPlant, Prediction, PredictionListItem } from './model/types.ts';

export const predictionPath = (projectId: number, id?: number): string =>
  `/Project/${projectId}/Prediction${id === undefined ? '' : `/${id}`}`;

export function listPredictions(projectId: number, signal?: AbortSignal): Promise<PredictionListItem[]> {
  return api<PredictionListItem[]>(predictionPath(projectId), { signal, background: true });
}

export function getHydratedPrediction(
  projectId: number,
  id: number,
  signal?: AbortSignal,
): Promise<HydratedPrediction> {
  return api<HydratedPrediction>(`${predictionPath(projectId, id)}/Hydrated`, { signal, silent: true });
}

export function createPrediction(projectId: number, body: Json): Promise<{ id: number }> {
  return api<{ id: number }>(predictionPath(projectId), { method: 'POST', body, silent: true });
}

/** PUT the prediction's own fields (the plant is saved by savePowerPlant). */
export function updatePrediction(projectId: number, id: number, body: Json): Promise<unknown> {
  return api(predictionPath(projectId, id), { method: 'PUT', body, silent: true });
}

export function renamePrediction(projectId: number, id: number, name: string): Promise<unknown> {
  return api(`${predictionPath(projectId, id)}/TitleUpdate`, { method: 'PUT', body: { name }, silent: true });
}

export function deletePrediction(projectId: number, id: number): Promise<unknown> {
  return api(predictionPath(projectId, id), { method: 'DELETE' });
}

export function clonePrediction(projectId: number, id: number): Promise<Prediction> {
  return api<Prediction>(`${predictionPath(projectId, id)}/Clone`, { method: 'POST' });
}

/**
 * The plant as it is sent: the library records the API embeds in each DC field (`module`) and
 * inverter (`inverter`) are left out (the ids say which; a 300-block plant is 6.5 MB with them).
 */
export function plantPayload(plant: PowerPlant): PowerPlant {
  const without = (node: Json, key: string): Json => {
    if (!(key in node)) return node;
    const { [key]: _dropped, ...rest } = node;
    return rest;
  };
  return {
    ...plant,
    blocks: plant.blocks.map((block) => ({
      ...block,
      arrays: block.arrays.map((array) => ({
        ...array,
        inverters: array.inverters.map((inverter) => ({
          ...(without(inverter, 'inverter') as typeof inverter),
          dcFields: inverter.dcFields.map((field) => without(field, 'module') as typeof field),
        })),
      })),
    })),
  };
}

/** POST …/PowerPlant creates or replaces the plant. */
export function savePowerPlant(projectId: number, id: number, plant: PowerPlant): Promise<unknown> {
  return api(`${predictionPath(projectId, id)}/PowerPlant`, {
    method: 'POST',
    body: plantPayload(plant),
    silent: true,
  });
}

export function saveExportOptions(projectId: number, id: number, body: Json): Promise<unknown> {
  return api(`${predictionPath(projectId, id)}/PowerPlant/ExportOptions`, {
    method: 'PUT',
    body,
    silent: true,
  });
}

export function runPrediction(
  projectId: number,
  id: number,
): Promise<{ id: number; processingStatus: number }> {
  return api(`${predictionPath(projectId, id)}/Run`, { method: 'POST', body: {}, silent: true });
}

export function cancelPrediction(projectId: number, id: number): Promise<unknown> {
  return api(`${predictionPath(projectId, id)}/Cancel`, { method: 'POST', body: {} });
}

/** Result calls answer 204 (null here) before a successful run. */
export function getResultSummary<T = Json>(
  projectId: number,
  id: number,
  signal?: AbortSignal,
): Promise<T | null> {
  return api<T | null>(`${predictionPath(projectId, id)}/ResultSummary`, {
    signal,
    background: true,
    silent: true,
  });
}

export function getResultDetails<T = Json>(
  projectId: number,
  id: number,
  signal?: AbortSignal,
): Promise<T | null> {
  return api<T | null>(`${predictionPath(projectId, id)}/ResultDetails`, {
    signal,
    background: true,
    silent: true,
  });
}

export function getNodalJson<T = Json[]>(
  projectId: number,
  id: number,
  query: Record<string, string | number | undefined>,
  signal?: AbortSignal,
): Promise<T | null> {
  return api<T | null>(`${predictionPath(projectId, id)}/NodalJson`, {
    query,
    signal,
    background: true,
    silent: true,
  });
}

export function getAverageEnergy<T = Json>(
  projectId: number,
  id: number,
  signal?: AbortSignal,
): Promise<T | null> {
  return api<T | null>(`${predictionPath(projectId, id)}/AverageEnergy`, {
    signal,
    background: true,
    silent: true,
  });
}

export function getRunLog<T = Json[]>(projectId: number, id: number, signal?: AbortSignal): Promise<T> {
  return api<T>(`${predictionPath(projectId, id)}/RunLog`, { signal, background: true, silent: true });
}

/** A file download with the session's bearer token; resolves with the blob and the file name. */
export async function downloadFile(
  path: string,
  fallbackName: string,
): Promise<{ blob: Blob; fileName: string }> {
  const send = () => {
    const headers: Record<string, string> = { [UI_HEADER]: 'true' };
    const token = getAccessToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    return fetch(buildUrl(path), { headers, credentials: 'same-origin' });
  };
  let response = await send();
  if (response.status === 401 && (await refreshSession())) response = await send();
  if (!response.ok || response.status === 204) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // plain text
    }
    throw new ApiError(
      response.status === 204 ? 404 : response.status,
      body || 'No results to download yet.',
    );
  }
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  const fileName = match ? decodeURIComponent(match[1]!) : fallbackName;
  return { blob: await response.blob(), fileName };
}

/** Saves a blob through a temporary link (the browser's download). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
