/**
 * GET /PredictionLog?skip&take (server routes/predictionLog), read with its X-Total-Count header,
 * and the row actions: dismiss one's own run (DELETE /User/Queue/{id}); cancel goes through the
 * prediction's Cancel (../api.ts).
 */
import { api, apiPage } from '../../../api/client.ts';
import { LOG_PAGE_SIZE, type PredictionLogItem, type PredictionLogPage } from './model.ts';

/** A background read (no loading overlay): the table shows its own loader and errors. */
export function getPredictionLog(page: number, signal?: AbortSignal): Promise<PredictionLogPage> {
  return apiPage<PredictionLogItem>(
    '/PredictionLog',
    { skip: (page - 1) * LOG_PAGE_SIZE, take: LOG_PAGE_SIZE },
    { signal, background: true },
  );
}

export function dismissRun(id: number): Promise<unknown> {
  return api(`/User/Queue/${id}`, { method: 'DELETE' });
}
