/**
 * The change-status wizard's rules (spec 1 §2 "Change Status screen", §4, §5), pure and unit-tested:
 * the five item types with their calls and exits, the status options, the proposed status of draft
 * components, and the ids query.
 */
import {
  ASSET_STATUS,
  PREDICTION_STATUS,
  PROJECT_STATUS,
  definitionLabel,
  settableAssetStatuses,
  type RoleList,
} from '@sunfield/domain';

export const CHANGE_STATUS_TYPES = ['module', 'inverter', 'weather', 'project', 'prediction'] as const;
export type ChangeStatusType = (typeof CHANGE_STATUS_TYPES)[number];

export function parseChangeStatusType(raw: string | undefined | null): ChangeStatusType | null {
  const wanted = (raw ?? '').toLowerCase();
  return (CHANGE_STATUS_TYPES as readonly string[]).includes(wanted) ? (wanted as ChangeStatusType) : null;
}

/** Which enumeration labels a type's statuses. */
export type StatusKind = 'asset' | 'project' | 'prediction';

export interface TypeConfig {
  /** 'Module', 'Inverter', … as the title shows it. */
  label: string;
  kind: StatusKind;
  /** The API resource of the status calls (under /api). */
  resource: 'Module' | 'Inverter' | 'Weather' | 'Project';
  /** Where finish and cancel-leave go; null = back one page (predictions). */
  exitPath: string | null;
  /** A rejected validation is ignored and the wizard carries on (weather and projects, spec 1 §5). */
  ignoreValidationErrors: boolean;
}

export const TYPE_CONFIG: Record<ChangeStatusType, TypeConfig> = {
  module: {
    label: 'Module',
    kind: 'asset',
    resource: 'Module',
    exitPath: '/module-library',
    ignoreValidationErrors: false,
  },
  inverter: {
    label: 'Inverter',
    kind: 'asset',
    resource: 'Inverter',
    exitPath: '/inverter-library',
    ignoreValidationErrors: false,
  },
  weather: {
    label: 'Weather',
    kind: 'asset',
    resource: 'Weather',
    exitPath: '/weather-library',
    ignoreValidationErrors: true,
  },
  project: {
    label: 'Project',
    kind: 'project',
    resource: 'Project',
    exitPath: '/',
    ignoreValidationErrors: true,
  },
  prediction: {
    label: 'Prediction',
    kind: 'prediction',
    resource: 'Project',
    exitPath: null,
    ignoreValidationErrors: false,
  },
};

/** 'Change Inverter Status' (spec 1 §2). */
export const changeStatusTitle = (type: ChangeStatusType): string =>
  `Change ${TYPE_CONFIG[type].label} Status`;

const ENUM_OF_KIND: Record<StatusKind, string> = {
  asset: 'LibraryStatusEnum',
  project: 'ProjectStatusEnum',
  prediction: 'PredictionStatusEnum',
};

/** A label lookup: the served definitions when loaded, otherwise the domain's copy. */
export type LabelLookup = (enumType: string, id: number) => string | undefined;

export function statusLabel(
  kind: StatusKind,
  status: number | null | undefined,
  lookup: LabelLookup = (type, id) => definitionLabel(type, id),
): string {
  if (status === null || status === undefined) return '--';
  return lookup(ENUM_OF_KIND[kind], status) ?? definitionLabel(ENUM_OF_KIND[kind], status) ?? String(status);
}

/** Every status a user may choose for the kind, before excluding the ones the items hold. */
export function candidateStatuses(kind: StatusKind, roles: RoleList | null | undefined): number[] {
  switch (kind) {
    case 'prediction':
      return [
        PREDICTION_STATUS.DraftPrivate,
        PREDICTION_STATUS.DraftShared,
        PREDICTION_STATUS.Analysis,
        PREDICTION_STATUS.Bid,
        PREDICTION_STATUS.Contract,
        PREDICTION_STATUS.Development,
        PREDICTION_STATUS.AsBuilt,
        PREDICTION_STATUS.Warranty,
        PREDICTION_STATUS.Archived,
        PREDICTION_STATUS.StringSizing,
      ];
    case 'project':
      // 'Voltage Pro' is never offered (spec 1 §4).
      return [PROJECT_STATUS.Active, PROJECT_STATUS.Archived];
    case 'asset':
      // Global and Global-Retired only for super admins.
      return settableAssetStatuses(roles ?? []);
  }
}

/** The 'Change Status To' options: the candidates minus every status the items already hold. */
export function statusOptions(
  kind: StatusKind,
  currentStatuses: readonly (number | null | undefined)[],
  roles: RoleList | null | undefined,
  lookup?: LabelLookup,
): { value: string; label: string }[] {
  const held = new Set(currentStatuses.filter((s): s is number => typeof s === 'number'));
  return candidateStatuses(kind, roles)
    .filter((status) => !held.has(status))
    .map((status) => ({ value: String(status), label: statusLabel(kind, status, lookup) }));
}

/** One component a status change also affects (validate's draftComponents). */
export interface DraftComponent {
  id?: number;
  name: string;
  type?: string | number | null;
  status: number;
  newStatus?: number | null;
}

/**
 * The status proposed for an affected draft component of a prediction (spec 1 §4): Draft-Shared when
 * the prediction becomes Draft-Shared or String-Sizing and the component is Draft-Private, otherwise
 * Active.
 */
export function proposedComponentStatus(newPredictionStatus: number, componentStatus: number): number {
  const sharedTarget =
    newPredictionStatus === PREDICTION_STATUS.DraftShared ||
    newPredictionStatus === PREDICTION_STATUS.StringSizing;
  return sharedTarget && componentStatus === ASSET_STATUS.DraftPrivate
    ? ASSET_STATUS.DraftShared
    : ASSET_STATUS.Active;
}

/** The validate answer as `{data: {draftComponents}}` or `{draftComponents}`; [] for anything else. */
export function readDraftComponents(answer: unknown): DraftComponent[] {
  const record = (answer ?? {}) as { data?: { draftComponents?: unknown }; draftComponents?: unknown };
  const list = record.data?.draftComponents ?? record.draftComponents;
  if (!Array.isArray(list)) return [];
  return list
    .filter((item): item is Record<string, unknown> => !!item && typeof item === 'object')
    .map((item) => ({
      id: typeof item.id === 'number' ? item.id : undefined,
      name: typeof item.name === 'string' ? item.name : String(item.name ?? ''),
      type: (item.type as string | number | null | undefined) ?? null,
      status: Number(item.status),
      newStatus: typeof item.newStatus === 'number' ? item.newStatus : null,
    }));
}

/** '1,2,x,2' → [1, 2]: digits only, no repeats, in order (spec 1 §2: ids accept digits only). */
export function parseIdList(raw: string | null | undefined): number[] {
  const out: number[] = [];
  for (const part of (raw ?? '').split(',')) {
    const text = part.trim();
    if (!/^\d+$/.test(text)) continue;
    const id = Number(text);
    if (Number.isSafeInteger(id) && id > 0 && !out.includes(id)) out.push(id);
  }
  return out;
}

/** The address of the wizard for a selection, e.g. `/change-status/inverter?ids=4,7`. */
export function changeStatusPath(type: ChangeStatusType, ids: readonly number[], projectId?: number): string {
  const query = new URLSearchParams({ ids: ids.join(',') });
  if (projectId !== undefined) query.set('projectId', String(projectId));
  return `/change-status/${type}?${query.toString().replace(/%2C/g, ',')}`;
}

/** One row of the wizard's list. */
export interface ChangeStatusItem {
  id: number;
  name: string;
  status: number | null;
  projectId?: number;
}

export interface ChangeRequestItem {
  id: number;
  status: number;
  note: string | null;
}

/** The items of the validate and change calls: the note is placed on each file (spec 1 §2). */
export function buildRequestItems(
  items: readonly ChangeStatusItem[],
  status: number,
  note: string,
): ChangeRequestItem[] {
  const text = note.trim();
  return items.map((item) => ({ id: item.id, status, note: text === '' ? null : text }));
}

export const WIZARD_STEPS = ['Review', 'Change Status To', 'Confirm'] as const;
export const NO_SELECTION_TEXT = 'There are no files currently selected.';
