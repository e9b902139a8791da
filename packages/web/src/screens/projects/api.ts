/** The project calls (spec 2 §7.4, §7.12) and the list fetch that also reads X-Total-Count. */
import { api, apiPage } from '../../api/client.ts';
import { startUpload, type Upload } from '../../api/upload.ts';
import type { ListQuery } from './model/params.ts';
import type { GeoLocation, GeoTimeZone, Project, ProjectListPage, ProjectPayload } from './model/types.ts';
import { geoTimeZoneOf, type GeoTimeZoneAnswer } from './model/geoTimeZone.ts';

/** GET /api/Project, with the total from X-Total-Count. Errors throw ApiError. */
export function listProjects(query: ListQuery, signal?: AbortSignal): Promise<ProjectListPage> {
  return apiPage<Project>('/Project', { ...query }, { signal });
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

/** GET /Project/{id}/Export (docs/project-export.md), saved by the browser as `{name}.json`. */
export async function exportProjectFile(id: number, name: string): Promise<void> {
  const body = await api<unknown>(`/Project/${id}/Export`);
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name.replace(/[\\/:*?"<>|]+/g, '_') || 'project'}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** POST /Project/Import with the file (the upload overlay shows progress): the new project's id. */
export function importProjectFile(file: File): Upload<{ id: number; predictionIds: number[] }> {
  const form = new FormData();
  form.append('file', file, file.name);
  return startUpload<{ id: number; predictionIds: number[] }>('/Project/Import', form);
}
