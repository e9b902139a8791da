/**
 * Calls of the project page's prediction list that differ from the shared ones in ../api.ts: a
 * delete that fails silently (spec 2 §8.4: a failed prediction deletion shows no message).
 */
import { api } from '../../../api/client.ts';
import { predictionPath } from '../api.ts';
import type { Json } from '../model/types.ts';
import {
  ASHRAE_VERSION_2021,
  ashraeQuery,
  sitePatch,
  type AshraeAnswer,
} from '../pages/overview/siteConditions.ts';

export function deletePredictionSilently(projectId: number, id: number): Promise<unknown> {
  return api(predictionPath(projectId, id), { method: 'DELETE', silent: true });
}

/**
 * The site design temperatures a new prediction starts with: GET /ASHRAE at the project's location
 * (as the overview's "Look up ASHRAE station" does), so that a prediction made in the browser is
 * created complete instead of opening with unsaved changes. Nothing (and no message) when the
 * project has no location or no station is near: the overview then offers the lookup.
 */
export async function siteForNewPrediction(projectId: number): Promise<Json> {
  try {
    const project = await api<Json>(`/Project/${projectId}`, { background: true, silent: true });
    const latitude = Number(project?.latitude);
    const longitude = Number(project?.longitude);
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return {};
    const answer = await api<AshraeAnswer>('/ASHRAE', {
      query: { ...ashraeQuery(latitude, longitude, ASHRAE_VERSION_2021) },
      background: true,
      silent: true,
    });
    return answer ? (sitePatch(answer, {}, project.elevation) as Json) : {};
  } catch {
    return {};
  }
}
