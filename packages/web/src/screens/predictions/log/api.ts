/**
 * GET /PredictionLog?skip&take (server routes/predictionLog), read with its X-Total-Count header,
 * and the row actions: dismiss one's own run (DELETE /User/Queue/{id}); cancel goes through the
 * prediction's Cancel (../api.ts).
 */
import { ApiError, UI_HEADER, api, buildUrl, getAccessToken, refreshSession } from '../../../api/client.ts';
import { LOG_PAGE_SIZE, type PredictionLogItem, type PredictionLogPage } from './model.ts';

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A background read (no loading overlay): the table shows its own loader and errors. */
export async function getPredictionLog(page: number, signal?: AbortSignal): Promise<PredictionLogPage> {
  const url = buildUrl('/PredictionLog', { skip: (page - 1) * LOG_PAGE_SIZE, take: LOG_PAGE_SIZE });
  const send = () => {
    const headers: Record<string, string> = { [UI_HEADER]: 'true', Accept: 'application/json' };
    const token = getAccessToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    return fetch(url, { headers, credentials: 'same-origin', signal });
  };
  let response = await send();
  if (response.status === 401 && (await refreshSession())) response = await send();
  const body = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, body);
  const items = Array.isArray(body) ? (body as PredictionLogItem[]) : [];
  const total = Number(response.headers.get('X-Total-Count'));
  return { items, total: Number.isFinite(total) && total >= items.length ? total : items.length };
}

export function dismissRun(id: number): Promise<unknown> {
  return api(`/User/Queue/${id}`, { method: 'DELETE' });
}
