/**
 * The weather calls (spec 2 §7.10) under /api/Weather. Import, validate and finalize are silent:
 * the import screen shows their errors itself (spec 1 §5: a weather import error with modelState
 * details shows no generic message). Uploads go through startUpload (overlay with Cancel Upload).
 */
import { api, buildUrl, getAccessToken, UI_HEADER } from '../../api/client.ts';
import { startUpload, type Upload } from '../../api/upload.ts';
import type {
  GenerateInfo,
  GenerateRequest,
  GenerateResult,
  GtiRow,
  HorizonPoint,
  ImportSettings,
  ParseResult,
  QualityCheckResult,
  ValidationResult,
  Weather,
  WeatherCharts,
  WeatherDetailPage,
  WeatherListItem,
  WeatherListPage,
  WeatherProvider,
} from './model/types.ts';
import { searchItems } from './model/locationSearch.ts';
import type { LibraryQuery } from './model/listParams.ts';

const W = '/Weather';

/** Tolerates a bare array (older shape) as well as {items,total,page,pageSize}. */
function toPage(body: unknown, query: { page?: number; pageSize?: number }): WeatherListPage {
  if (Array.isArray(body)) {
    return {
      items: body,
      total: body.length,
      page: query.page ?? 1,
      pageSize: query.pageSize ?? body.length,
    };
  }
  const page = (body ?? {}) as Partial<WeatherListPage>;
  const items = Array.isArray(page.items) ? page.items : [];
  return {
    items,
    total: typeof page.total === 'number' ? page.total : items.length,
    page: page.page ?? query.page ?? 1,
    pageSize: page.pageSize ?? query.pageSize ?? items.length,
  };
}

export async function listWeather(query: LibraryQuery, signal?: AbortSignal): Promise<WeatherListPage> {
  const body = await api<unknown>(`${W}/WeatherOverview`, { query: { ...query }, signal, background: true });
  return toPage(body, query);
}

/** GET /Weather/Search: weather within `searchRadius` [mi] of a point, nearest first. */
export async function searchWeather(
  latitude: number,
  longitude: number,
  searchRadiusMiles: number,
  signal?: AbortSignal,
): Promise<WeatherListItem[]> {
  const body = await api<unknown>(`${W}/Search`, {
    query: { latitude, longitude, searchRadius: searchRadiusMiles },
    signal,
    background: true,
  });
  return searchItems(body);
}

export const getWeather = (id: number, signal?: AbortSignal): Promise<Weather> =>
  api<Weather>(`${W}/${id}`, { silent: true, signal });

export const getWeatherCharts = (id: number, signal?: AbortSignal): Promise<WeatherCharts> =>
  api<WeatherCharts>(`${W}/${id}/Charts`, { signal, background: true });

export const getWeatherDetail = (
  id: number,
  offset: number,
  limit: number,
  signal?: AbortSignal,
): Promise<WeatherDetailPage> =>
  api<WeatherDetailPage>(`${W}/${id}/Detail`, { query: { offset, limit }, signal, background: true });

export const updateWeatherTitle = (id: number, name: string): Promise<unknown> =>
  api(`${W}/${id}/TitleUpdate`, { method: 'PUT', body: { name } });

export const updateWeather = (id: number, body: Partial<Weather>): Promise<unknown> =>
  api(`${W}/${id}`, { method: 'PUT', body });

export const deleteWeather = (id: number): Promise<unknown> => api(`${W}/${id}`, { method: 'DELETE' });

export const cloneWeather = (id: number): Promise<{ id: number; name?: string }> =>
  api<{ id: number; name?: string }>(`${W}/${id}/Clone`, { method: 'POST' });

/** GET /Weather/{id}/Export with the bearer token, saved through a temporary link. */
export async function exportWeatherCsv(id: number, name: string): Promise<void> {
  const headers: Record<string, string> = { [UI_HEADER]: 'true', Accept: 'text/csv' };
  const token = getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(buildUrl(`${W}/${id}/Export`), { headers, credentials: 'same-origin' });
  if (!response.ok) throw new Error(`The export failed (${response.status}).`);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name.replace(/[^\w.-]+/g, '_') || 'weather'}.csv`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// Import ------------------------------------------------------------------------------------------

export function parseWeatherFile(file: File): Upload<ParseResult> {
  const body = new FormData();
  body.append('file', file, file.name);
  return startUpload<ParseResult>(`${W}/Parse`, body);
}

export const validateImport = (
  importId: number | string,
  settings: ImportSettings,
): Promise<ValidationResult> =>
  api<ValidationResult>(`${W}/ValidateImport/${encodeURIComponent(String(importId))}`, {
    method: 'POST',
    body: settings,
    silent: true,
  });

export const finalizeImport = (
  importId: number | string,
  settings: ImportSettings,
): Promise<{ id: number }> =>
  api<{ id: number }>(`${W}/FinalizeImport`, {
    method: 'POST',
    body: { importId, ...settings },
    silent: true,
  });

// Quality check -----------------------------------------------------------------------------------

export const runQualityCheck = (
  target: { weatherId: number } | { importId: number | string },
): Promise<QualityCheckResult> =>
  api<QualityCheckResult>(`${W}/QualityCheck`, { method: 'POST', body: target, silent: true });

export const getQualityCheck = (id: number, signal?: AbortSignal): Promise<QualityCheckResult | null> =>
  api<QualityCheckResult | null>(`${W}/${id}/QualityCheck`, { signal, silent: true, background: true });

export const finalizeQualityCheck = (id: number): Promise<unknown> =>
  api(`${W}/${id}/FinalizeQualityCheck`, { method: 'POST' });

// Generate ----------------------------------------------------------------------------------------

export const getGenerateInfo = (signal?: AbortSignal): Promise<GenerateInfo> =>
  api<GenerateInfo>(`${W}/GenerateWeather/Info`, { signal, silent: true, background: true });

export const generateWeather = (request: GenerateRequest): Promise<GenerateResult> =>
  api<GenerateResult>(`${W}/GenerateWeather`, { method: 'POST', body: request, silent: true });

export const validateGeneratedWeather = (
  importId: number | string,
  name: string,
): Promise<ValidationResult> =>
  api<ValidationResult>(`${W}/ValidateGeneratedWeather`, {
    method: 'POST',
    body: { importId, name },
    silent: true,
  });

export const finalizeGeneratedWeather = (importId: number | string, name: string): Promise<{ id: number }> =>
  api<{ id: number }>(`${W}/FinalizeGeneratedWeather`, {
    method: 'POST',
    body: { importId, name },
    silent: true,
  });

// Tools -------------------------------------------------------------------------------------------

export interface GtiRequest {
  tilt: number;
  azimuth: number;
  albedo?: number;
  model?: number;
}

export const getGlobalTiltedPlane = (
  id: number,
  request: GtiRequest,
): Promise<GtiRow[] | { rows?: GtiRow[] }> =>
  api<GtiRow[] | { rows?: GtiRow[] }>(`${W}/${id}/Detail/GlobalTiltedPlane`, {
    query: { albedo: 0.2, model: 1, ...request },
    silent: true,
  });

export const getUncertainty = (id: number, signal?: AbortSignal): Promise<Record<string, unknown>> =>
  api<Record<string, unknown>>(`${W}/${id}/Uncertainty`, { signal, silent: true, background: true });

export function uploadHorizon(id: number, file: File): Upload<{ horizonDetails: HorizonPoint[] }> {
  const body = new FormData();
  body.append('file', file, file.name);
  return startUpload<{ horizonDetails: HorizonPoint[] }>(`${W}/${id}/Horizon`, body);
}

export const getHorizon = (
  id: number,
  signal?: AbortSignal,
): Promise<{ horizonDetails?: HorizonPoint[] } | null> =>
  api<{ horizonDetails?: HorizonPoint[] } | null>(`${W}/${id}/Horizon`, {
    signal,
    silent: true,
    background: true,
  });

// Providers ---------------------------------------------------------------------------------------

export async function getProviders(signal?: AbortSignal): Promise<WeatherProvider[]> {
  const body = await api<unknown>(`${W}/Providers`, { signal, background: true });
  if (Array.isArray(body)) return body as WeatherProvider[];
  const list = (body as { providers?: WeatherProvider[]; items?: WeatherProvider[] } | null) ?? {};
  return list.providers ?? list.items ?? [];
}

export type DownloadRequest = Record<string, unknown> & { Latitude: number; Longitude: number; name: string };

export const validateDownload = (provider: string, request: DownloadRequest): Promise<ValidationResult> =>
  api<ValidationResult>(`${W}/ValidateDownload`, {
    method: 'POST',
    body: { provider, ...request },
    silent: true,
  });

export const startDownload = (provider: string, request: DownloadRequest): Promise<{ id: number }> =>
  api<{ id: number }>(`${W}/Download/${encodeURIComponent(provider)}`, {
    method: 'POST',
    body: request,
    silent: true,
  });

export const finalizeDownload = (id: number): Promise<unknown> =>
  api(`${W}/FinalizeDownload`, { method: 'POST', body: { id }, silent: true });
