/**
 * The inverter library list state kept in the address, and the query of GET /Inverter/InverterOverview.
 * Filters default to the user's own assets and to the Active and Global statuses (spec 1 §6).
 */
import { ASSET_STATUS } from '@sunfield/domain';

export const PAGE_SIZE = 50;

export const OWNER_FILTERS = ['mine', 'all'] as const;
export type OwnerFilter = (typeof OWNER_FILTERS)[number];
export const OWNER_FILTER_LABELS: Record<OwnerFilter, string> = {
  mine: 'My Inverters',
  all: 'All Inverters',
};

export const SORT_KEYS = ['name', 'manufacturer', 'model', 'powerRating', 'status', 'lastModified'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortOrder = 'asc' | 'desc';

export const DEFAULT_STATUSES: readonly number[] = [ASSET_STATUS.Active, ASSET_STATUS.Global];

export interface LibraryParams {
  owner: OwnerFilter;
  /** Asset status ids; empty = every status. */
  statuses: number[];
  search: string;
  /** Power rating bounds [kW]; null = open. */
  minPower: number | null;
  maxPower: number | null;
  sort: SortKey;
  order: SortOrder;
  page: number;
}

export const DEFAULT_LIBRARY_PARAMS: LibraryParams = {
  owner: 'mine',
  statuses: [...DEFAULT_STATUSES],
  search: '',
  minPower: null,
  maxPower: null,
  sort: 'name',
  order: 'asc',
  page: 1,
};

export const defaultOrderFor = (sort: SortKey): SortOrder => (sort === 'lastModified' ? 'desc' : 'asc');

/** A route id is digits only (spec 1 §2); anything else is an inverter that does not exist. */
export function parseInverterId(raw: string | undefined | null): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** 'all' → [] (every status); '3,5' → [3, 5]; absent → the default statuses. */
export function parseStatuses(raw: string | null): number[] {
  if (raw === null) return [...DEFAULT_STATUSES];
  if (raw === 'all') return [];
  const out: number[] = [];
  for (const part of raw.split(',')) {
    const text = part.trim();
    if (!/^\d+$/.test(text)) continue;
    const n = Number(text);
    if (!out.includes(n)) out.push(n);
  }
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

const sameStatuses = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && [...a].sort().every((value, index) => value === [...b].sort()[index]);

export function readLibraryParams(search: URLSearchParams): LibraryParams {
  const sort = oneOf(search.get('sort'), SORT_KEYS, DEFAULT_LIBRARY_PARAMS.sort);
  const page = Number(search.get('page'));
  return {
    owner: oneOf(search.get('owner'), OWNER_FILTERS, DEFAULT_LIBRARY_PARAMS.owner),
    statuses: parseStatuses(search.get('status')),
    search: search.get('q') ?? '',
    minPower: parseBound(search.get('min')),
    maxPower: parseBound(search.get('max')),
    sort,
    order: oneOf(search.get('order'), ['asc', 'desc'] as const, defaultOrderFor(sort)),
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}

export function writeLibraryParams(params: LibraryParams): URLSearchParams {
  const out = new URLSearchParams();
  if (params.owner !== DEFAULT_LIBRARY_PARAMS.owner) out.set('owner', params.owner);
  if (!params.statuses.length) out.set('status', 'all');
  else if (!sameStatuses(params.statuses, DEFAULT_STATUSES)) out.set('status', params.statuses.join(','));
  if (params.search.trim()) out.set('q', params.search);
  if (params.minPower !== null) out.set('min', String(params.minPower));
  if (params.maxPower !== null) out.set('max', String(params.maxPower));
  if (params.sort !== DEFAULT_LIBRARY_PARAMS.sort) out.set('sort', params.sort);
  if (params.order !== defaultOrderFor(params.sort)) out.set('order', params.order);
  if (params.page > 1) out.set('page', String(params.page));
  return out;
}

export function toggleSort(params: LibraryParams, sort: SortKey): LibraryParams {
  const order = params.sort === sort ? (params.order === 'asc' ? 'desc' : 'asc') : defaultOrderFor(sort);
  return { ...params, sort, order, page: 1 };
}

export interface LibraryQuery {
  search?: string;
  status?: string;
  ownerOnly: boolean;
  minPower?: number;
  maxPower?: number;
  sort: SortKey;
  order: SortOrder;
  page: number;
  pageSize: number;
}

export function buildLibraryQuery(params: LibraryParams): LibraryQuery {
  const query: LibraryQuery = {
    ownerOnly: params.owner === 'mine',
    sort: params.sort,
    order: params.order,
    page: params.page,
    pageSize: PAGE_SIZE,
  };
  const search = params.search.trim();
  if (search) query.search = search;
  if (params.statuses.length) query.status = params.statuses.join(',');
  if (params.minPower !== null) query.minPower = params.minPower;
  if (params.maxPower !== null) query.maxPower = params.maxPower;
  return query;
}

export const pageCount = (total: number): number => Math.max(1, Math.ceil(total / PAGE_SIZE));

export function rangeLabel(page: number, total: number): string {
  if (total <= 0) return '0 inverters';
  const first = (page - 1) * PAGE_SIZE + 1;
  const last = Math.min(total, page * PAGE_SIZE);
  const noun = total === 1 ? 'inverter' : 'inverters';
  return first > total ? `${total} ${noun}` : `Showing ${first}–${last} of ${total} ${noun}`;
}
