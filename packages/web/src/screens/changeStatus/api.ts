/**
 * The calls of the change-status wizard (spec 1 §4, spec 2 §7.4, §7.5, §7.8-7.10): load the listed
 * items, validate, change. Modules, inverters and weather send `{items}`; projects send the bare list
 * (their existing route); predictions send `{projectId, items}` under /Project/{projectId}/Prediction.
 * Every call is silent: the screen decides what a rejection shows.
 */
import { api } from '../../api/client.ts';
import {
  TYPE_CONFIG,
  type ChangeRequestItem,
  type ChangeStatusItem,
  type ChangeStatusType,
} from './model.ts';

function statusBase(type: ChangeStatusType, projectId?: number): string {
  if (type === 'prediction') return `/Project/${projectId ?? 0}/Prediction/Status`;
  return `/${TYPE_CONFIG[type].resource}/Status`;
}

function statusBody(type: ChangeStatusType, items: ChangeRequestItem[], projectId?: number): unknown {
  if (type === 'project') return items;
  if (type === 'prediction') return { projectId, items };
  return { items };
}

export function validateStatusChange(
  type: ChangeStatusType,
  items: ChangeRequestItem[],
  projectId?: number,
): Promise<unknown> {
  return api(`${statusBase(type, projectId)}/Validate`, {
    method: 'POST',
    body: statusBody(type, items, projectId),
    silent: true,
  });
}

export function changeStatus(
  type: ChangeStatusType,
  items: ChangeRequestItem[],
  projectId?: number,
): Promise<unknown> {
  return api(statusBase(type, projectId), {
    method: 'POST',
    body: statusBody(type, items, projectId),
    silent: true,
  });
}

function itemPath(type: ChangeStatusType, id: number, projectId?: number): string {
  if (type === 'prediction') return `/Project/${projectId ?? 0}/Prediction/${id}`;
  return `/${TYPE_CONFIG[type].resource}/${id}`;
}

/** One listed item's name and status; null when it cannot be read (gone, or another company's). */
export async function loadStatusItem(
  type: ChangeStatusType,
  id: number,
  projectId?: number,
  signal?: AbortSignal,
): Promise<ChangeStatusItem | null> {
  try {
    const body = await api<Record<string, unknown> | null>(itemPath(type, id, projectId), {
      silent: true,
      signal,
    });
    // GET /Project/{id} answers {project, …}; a prediction's own `project` field is not the item.
    const wrapped = type === 'project' && body && typeof body === 'object' && 'project' in body;
    const record = (wrapped ? body.project : body) as Record<string, unknown> | null;
    if (!record) return null;
    return {
      id,
      name: typeof record.name === 'string' ? record.name : `#${id}`,
      status: typeof record.status === 'number' ? record.status : null,
      ...(projectId !== undefined ? { projectId } : {}),
    };
  } catch {
    return null;
  }
}

export async function loadStatusItems(
  type: ChangeStatusType,
  ids: readonly number[],
  projectId?: number,
  signal?: AbortSignal,
): Promise<{ items: ChangeStatusItem[]; missing: number[] }> {
  const answers = await Promise.all(ids.map((id) => loadStatusItem(type, id, projectId, signal)));
  return {
    items: answers.filter((item): item is ChangeStatusItem => item !== null),
    missing: ids.filter((_, index) => answers[index] === null),
  };
}
