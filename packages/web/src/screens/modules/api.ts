/** The module calls (spec 2 §7.8): the library, PAN import, the IAM and shading tools, the generator. */
import { api } from '../../api/client.ts';
import { startUpload, type Upload } from '../../api/upload.ts';
import type { ModuleListQuery } from './model/listParams.ts';
import type { DefaultIam, Module, ModuleOverviewPage, ModuleRecord } from './model/types.ts';

export function listModules(query: ModuleListQuery, signal?: AbortSignal): Promise<ModuleOverviewPage> {
  return api<ModuleOverviewPage>('/Module/ModuleOverview', {
    query: { ...query },
    signal,
    background: true,
  });
}

/** Silent: the screen shows the not-found state for a 404. */
export function getModule(id: number, signal?: AbortSignal): Promise<Module> {
  return api<Module>(`/Module/${id}`, { silent: true, signal });
}

/** Field errors of a 400 are shown on the fields, so the caller reports the rest. */
export function createModule(body: ModuleRecord): Promise<{ id: number }> {
  return api<{ id: number }>('/Module', { method: 'POST', body, silent: true });
}

export function updateModule(id: number, body: ModuleRecord): Promise<Module> {
  return api<Module>(`/Module/${id}`, { method: 'PUT', body, silent: true });
}

export function deleteModule(id: number): Promise<unknown> {
  return api(`/Module/${id}`, { method: 'DELETE' });
}

export function cloneModule(id: number): Promise<{ id: number }> {
  return api<{ id: number }>(`/Module/${id}/Clone`, { method: 'POST' });
}

export function getModuleNote(id: number): Promise<{ note: string | null }> {
  return api<{ note: string | null }>(`/Module/${id}/Note`);
}

/** GET /Module/{id}/Export, saved by the browser as `{name}.json`. */
export async function exportModule(id: number, name: string): Promise<void> {
  const body = await api<unknown>(`/Module/${id}/Export`);
  const text = typeof body === 'string' ? body : JSON.stringify(body, null, 2);
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name.replace(/[\\/:*?"<>|]+/g, '_') || 'module'}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function fileForm(file: File, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', file, file.name);
  return form;
}

/** POST /Module/Import (a JSON export) with the upload overlay. */
export function importModuleFile(file: File): Upload<{ id: number }> {
  return startUpload<{ id: number }>('/Module/Import', fileForm(file));
}

/** POST /Module/ImportPANFile: the parsed module, not saved. */
export function parsePanFile(file: File): Upload<ModuleRecord> {
  return startUpload<ModuleRecord>('/Module/ImportPANFile', fileForm(file));
}

/** POST /Module/CreatePANFileModule: parses and saves. */
export function createPanModule(file: File, name?: string): Upload<{ id: number }> {
  return startUpload<{ id: number }>('/Module/CreatePANFileModule', fileForm(file, name ? { name } : {}));
}

export function getDefaultIam(ashraeiamB0: number | null): Promise<DefaultIam> {
  return api<DefaultIam>('/Module/DefaultIAM', { query: { ashraeiamB0 } });
}

export function parseShadingTable(file: File): Upload<{ electricalShadingInputTable: number[][] }> {
  return startUpload('/Module/ElectricalShading/CustomParse', fileForm(file));
}

export type GeneratorCall =
  | 'SingleDiodeParameters'
  | 'SingleDiodeParametersAdvanced'
  | 'IVCurve'
  | 'EffectiveIrradianceResponse'
  | 'SeriesResistance';

/** POST /Module/Generator/{call} with a JSON body. */
export function generatorCall<T = unknown>(
  call: GeneratorCall,
  body: unknown,
  background = false,
): Promise<T> {
  return api<T>(`/Module/Generator/${call}`, { method: 'POST', body, background });
}

/** POST /Module/Generator/KeyIVPoints or IVCurves with a CSV/XLSX file (upload overlay). */
export function generatorUpload<T = unknown>(
  call: 'KeyIVPoints' | 'IVCurves',
  file: File,
  fields: Record<string, string> = {},
): Upload<T> {
  return startUpload<T>(`/Module/Generator/${call}`, fileForm(file, fields));
}
