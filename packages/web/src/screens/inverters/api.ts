/**
 * The inverter calls (spec 2 §7.9) under /api/Inverter. Saves are silent (the editor shows field
 * errors under the fields and the rest above the form); uploads go through startUpload (the overlay
 * with 'Cancel Upload').
 */
import { ApiError, UI_HEADER, api, buildUrl, getAccessToken, refreshSession } from '../../api/client.ts';
import { startUpload, type Upload } from '../../api/upload.ts';
import type { LibraryQuery } from './model/listParams.ts';
import type { Inverter, InverterFields, InverterOverviewPage } from './model/types.ts';

const I = '/Inverter';

export async function listInverters(
  query: LibraryQuery,
  signal?: AbortSignal,
): Promise<InverterOverviewPage> {
  const body = await api<unknown>(`${I}/InverterOverview`, { query: { ...query }, signal, background: true });
  if (Array.isArray(body)) {
    return { items: body, total: body.length, page: query.page, pageSize: query.pageSize };
  }
  const page = (body ?? {}) as Partial<InverterOverviewPage>;
  const items = Array.isArray(page.items) ? page.items : [];
  return {
    items,
    total: typeof page.total === 'number' ? page.total : items.length,
    page: page.page ?? query.page,
    pageSize: page.pageSize ?? query.pageSize,
  };
}

/** Silent: the screen shows the not-found state for a 404. */
export function getInverter(id: number, signal?: AbortSignal): Promise<Inverter> {
  return api<Inverter>(`${I}/${id}`, { silent: true, signal });
}

export function createInverter(inverter: InverterFields): Promise<{ id: number }> {
  return api<{ id: number }>(I, { method: 'POST', body: inverter, silent: true });
}

export function updateInverter(id: number, inverter: InverterFields): Promise<unknown> {
  return api(`${I}/${id}`, { method: 'PUT', body: inverter, silent: true });
}

export function deleteInverter(id: number): Promise<unknown> {
  return api(`${I}/${id}`, { method: 'DELETE' });
}

export function cloneInverter(id: number): Promise<{ id: number }> {
  return api<{ id: number }>(`${I}/${id}/Clone`, { method: 'POST' });
}

/** The note as text (the answer may be a bare string or {note}). */
export async function getInverterNote(id: number, signal?: AbortSignal): Promise<string> {
  const body = await api<unknown>(`${I}/${id}/Note`, { signal, background: true });
  if (typeof body === 'string') return body;
  const note = (body as { note?: unknown } | null)?.note;
  return typeof note === 'string' ? note : '';
}

export interface KvaRequest {
  temperature: number;
  elevation: number;
  useCoolingTemp: boolean;
}

function readKva(body: unknown): number {
  if (typeof body === 'number') return body;
  const record = (body ?? {}) as { kVA?: unknown; kVa?: unknown; kva?: unknown };
  const value = record.kVA ?? record.kVa ?? record.kva;
  return typeof value === 'number' ? value : Number.NaN;
}

/** GET /Inverter/{id}/kVA for a saved inverter. */
export async function getSavedKva(id: number, request: KvaRequest): Promise<number> {
  const body = await api<unknown>(`${I}/${id}/kVA`, {
    query: {
      Temperature: request.temperature,
      Elevation: request.elevation,
      UseCoolingTemp: request.useCoolingTemp,
    },
    background: true,
  });
  return readKva(body);
}

/** POST /Inverter/kVA with the inverter as edited (unsaved changes included). */
export async function postKva(inverter: InverterFields, request: KvaRequest): Promise<number> {
  const body = await api<unknown>(`${I}/kVA`, {
    method: 'POST',
    body: { inverter, ...request },
    background: true,
  });
  return readKva(body);
}

/** POST /Inverter/ParseONDFile: the parsed, unsaved inverter. */
export function parseOndFile(file: File): Upload<InverterFields> {
  const form = new FormData();
  form.append('file', file, file.name);
  return startUpload<InverterFields>(`${I}/ParseONDFile`, form);
}

/** POST /Inverter/Import: a file exported by GET /Inverter/{id}/Export, saved; answers {id}. */
export function importInverterFile(file: File): Upload<{ id: number } | Inverter> {
  const form = new FormData();
  form.append('file', file, file.name);
  return startUpload<{ id: number } | Inverter>(`${I}/Import`, form);
}

function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1] ?? fallback;
}

/** GET /Inverter/{id}/Export, saved by the browser under the server's file name. */
export async function exportInverter(id: number, name: string): Promise<void> {
  const url = buildUrl(`${I}/${id}/Export`);
  const send = () => {
    const headers: Record<string, string> = { [UI_HEADER]: 'true' };
    const token = getAccessToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    return fetch(url, { headers, credentials: 'same-origin' });
  };
  let response = await send();
  if (response.status === 401 && (await refreshSession())) response = await send();
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // plain text
    }
    throw new ApiError(response.status, body);
  }
  const blob = await response.blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileNameOf(response, `${name.replace(/[\\/:*?"<>|]+/g, '_')}.json`);
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
