/**
 * Calls of the project page's prediction list that differ from the shared ones in ../api.ts: a
 * delete that fails silently (spec 2 §8.4: a failed prediction deletion shows no message).
 */
import { api } from '../../../api/client.ts';
import { predictionPath } from '../api.ts';

export function deletePredictionSilently(projectId: number, id: number): Promise<unknown> {
  return api(predictionPath(projectId, id), { method: 'DELETE', silent: true });
}
