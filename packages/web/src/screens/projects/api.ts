/** The project calls (spec 2 §7.4, §7.12) and the list fetch that also reads X-Total-Count. */
import {
  ApiError,
  UI_HEADER,
  api,
  buildUrl,
  getAccessToken,
  pendingCalls,
  refreshSession,
} from '../../api/client.ts';
import type { ListQuery } from './model/params.ts';
import type { GeoLocation, GeoTimeZone, Project, ProjectListPage, ProjectPayload } from './model/types.ts';
import { geoTimeZoneOf, type GeoTimeZoneAnswer } from './model/geoTimeZone.ts';

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * GET /api/Project with the same headers as api() (bearer token, UI flag, one refresh on 401), but
 * keeping the response so the total in X-Total-Count can be read. Errors throw ApiError.
 */
export async function listProjects(query: ListQuery, signal?: AbortSignal): Promise<ProjectListPage> {
  const url = buildUrl('/Project', { ...query });
  const send = () => {
    const headers: Record<string, string> = { [UI_HEADER]: 'true', Accept: 'application/json' };
    const token = getAccessToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    return fetch(url, { headers, credentials: 'same-origin', signal });
  };
  pendingCalls.set((n) => n + 1);
  try {
    let response = await send();
    if (response.status === 401 && (await refreshSession())) response = await send();
    const body = await readBody(response);
    if (!response.ok) throw new ApiError(response.status, body);
    const items = Array.isArray(body) ? (body as Project[]) : [];
    const total = Number(response.headers.get('X-Total-Count'));
    return { items, total: Number.isFinite(total) && total >= items.length ? total : items.length };
  } finally {
    pendingCalls.set((n) => Math.max(0, n - 1));
  }
}

/**
 * GET /api/Project/{id}/Overview: the project with its predictions. Silent: the screen shows the
 * not-found state for a 404 and reports other failures itself.
 */
export async function getProjectOverview(id: number, signal?: AbortSignal): Promise<Project> {
  const body = await api<Project | { project: Project; predictions?: Project['predictions'] }>(
    `/Project/${id}/Overview`,
    { silent: true, signal },
  );
  if (body && 'project' in body && body.project) {
    return { ...body.project, predictions: body.predictions ?? body.project.predictions ?? [] };
  }
  return body as Project;
}

/** Field errors of a 400 are shown under the fields, so the caller reports the rest. */
export function createProject(payload: ProjectPayload): Promise<{ id: number }> {
  return api<{ id: number }>('/Project', { method: 'POST', body: payload, silent: true });
}

export function updateProject(id: number, payload: ProjectPayload & { status?: number }): Promise<unknown> {
  return api(`/Project/${id}`, { method: 'PUT', body: payload, silent: true });
}

export function deleteProject(id: number): Promise<unknown> {
  return api(`/Project/${id}`, { method: 'DELETE' });
}

/** Background calls (no loading overlay), silent: the form shows '--' when the answer is missing. */
export function getGeoLocation(
  latitude: number,
  longitude: number,
  signal?: AbortSignal,
): Promise<GeoLocation> {
  return api<GeoLocation>(`/Geo/${latitude}/${longitude}/Location`, {
    background: true,
    silent: true,
    signal,
  });
}

/** The zone's IANA name and standard offset (the answer's `timeZone` is the offset in hours). */
export async function getGeoTimeZone(
  latitude: number,
  longitude: number,
  signal?: AbortSignal,
): Promise<GeoTimeZone> {
  const answer = await api<GeoTimeZoneAnswer>(`/Geo/${latitude}/${longitude}/Timezone`, {
    background: true,
    silent: true,
    signal,
  });
  return geoTimeZoneOf(answer);
}
