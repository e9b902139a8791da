/**
 * The module library list state kept in the address, and the query of GET /Module/ModuleOverview.
 * Filters default to the user's own assets and to the Active and Global statuses (spec 1 §6).
 */
import { ASSET_STATUS } from '@sunfield/domain';

export const PAGE_SIZE = 100;

export const OWNER_FILTERS = ['mine', 'all'] as const;
export type OwnerFilter = (typeof OWNER_FILTERS)[number];
export const OWNER_FILTER_LABELS: Record<OwnerFilter, string> = { mine: 'My Modules', all: 'All Modules' };

export const SORT_KEYS = [
  'name',
  'manufacturer',
  'model',
  'stcMaxPower',
  'cellTechnologyType',
  'status',
  'lastModified',
] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortOrder = 'asc' | 'desc';

export const DEFAULT_STATUSES: readonly number[] = [ASSET_STATUS.Active, ASSET_STATUS.Global];

export interface ModuleListParams {
  owner: OwnerFilter;
  /** Asset status ids; empty = every status. */
  statuses: number[];
  search: string;
  /** Cell technology ids; empty = every technology. */
  technologies: number[];
  /** STC power bounds [W]; null = open. */
  minPower: number | null;
  maxPower: number | null;
  sort: SortKey;
  order: SortOrder;
}

export const DEFAULT_LIST_PARAMS: ModuleListParams = {
  owner: 'mine',
  statuses: [...DEFAULT_STATUSES],
  search: '',
  technologies: [],
  minPower: null,
  maxPower: null,
  sort: 'name',
  order: 'asc',
};

export const defaultOrderFor = (sort: SortKey): SortOrder => (sort === 'lastModified' ? 'desc' : 'asc');

/** A route id is digits only (spec 1 §2); anything else is a module that does not exist. */
export function parseModuleId(raw: string | undefined | null): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function parseIds(raw: string | null): number[] {
  if (!raw) return [];
  const out: number[] = [];
  for (const part of raw.split(',')) {
    const text = part.trim();
    if (/^\d+$/.test(text) && !out.includes(Number(text))) out.push(Number(text));
  }
  return out;
}

/** 'all' → [] (every status); '3,5' → [3, 5]; absent → the default statuses. */
export function parseStatuses(raw: string | null): number[] {
  if (raw === null) return [...DEFAULT_STATUSES];
  if (raw === 'all') return [];
  const out = parseIds(raw);
  return out.length ? out : [...DEFAULT_STATUSES];
}

function parseBound(raw: string | null): number | null {
  if (raw === null || raw.trim() === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

function oneOf<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

const sameSet = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((value) => b.includes(value));

export function readListParams(search: URLSearchParams): ModuleListParams {
  const sort = oneOf(search.get('sort'), SORT_KEYS, DEFAULT_LIST_PARAMS.sort);
  return {
    owner: oneOf(search.get('owner'), OWNER_FILTERS, DEFAULT_LIST_PARAMS.owner),
    statuses: parseStatuses(search.get('status')),
    search: search.get('q') ?? '',
    technologies: parseIds(search.get('tech')),
    minPower: parseBound(search.get('min')),
    maxPower: parseBound(search.get('max')),
    sort,
    order: oneOf(search.get('order'), ['asc', 'desc'] as const, defaultOrderFor(sort)),
  };
}

export function writeListParams(params: ModuleListParams): URLSearchParams {
  const out = new URLSearchParams();
  if (params.owner !== DEFAULT_LIST_PARAMS.owner) out.set('owner', params.owner);
  if (!params.statuses.length) out.set('status', 'all');
  else if (!sameSet(params.statuses, DEFAULT_STATUSES)) out.set('status', params.statuses.join(','));
  if (params.search.trim()) out.set('q', params.search);
  if (params.technologies.length) out.set('tech', params.technologies.join(','));
  if (params.minPower !== null) out.set('min', String(params.minPower));
  if (params.maxPower !== null) out.set('max', String(params.maxPower));
  if (params.sort !== DEFAULT_LIST_PARAMS.sort) out.set('sort', params.sort);
  if (params.order !== defaultOrderFor(params.sort)) out.set('order', params.order);
  return out;
}

export function toggleSort(params: ModuleListParams, sort: SortKey): ModuleListParams {
  const order = params.sort === sort ? (params.order === 'asc' ? 'desc' : 'asc') : defaultOrderFor(sort);
  return { ...params, sort, order };
}

export interface ModuleListQuery {
  search?: string;
  status?: string;
  ownerOnly: boolean;
  cellTechnologyType?: string;
  minPower?: number;
  maxPower?: number;
  sort: SortKey;
  order: SortOrder;
  pageSize: number;
}

/** The query without the page (infinite scroll adds it). */
export function buildListQuery(params: ModuleListParams): ModuleListQuery {
  const query: ModuleListQuery = {
    ownerOnly: params.owner === 'mine',
    sort: params.sort,
    order: params.order,
    pageSize: PAGE_SIZE,
  };
  const search = params.search.trim();
  if (search) query.search = search;
  if (params.statuses.length) query.status = params.statuses.join(',');
  if (params.technologies.length) query.cellTechnologyType = params.technologies.join(',');
  if (params.minPower !== null) query.minPower = params.minPower;
  if (params.maxPower !== null) query.maxPower = params.maxPower;
  return query;
}
