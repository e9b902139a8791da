/**
 * Route and list parameters of the project screens: the project id (digits only, spec 1 §2) and the
 * list state kept in the address (status filter, search, sort, page) with the query it sends.
 */
export const PAGE_SIZE = 25;

/** A route id is digits only; anything else is treated as a project that does not exist. */
export function parseProjectId(raw: string | undefined | null): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export const STATUS_FILTERS = ['active', 'archived', 'all'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export const SORT_KEYS = ['name', 'lastModified', 'createdDate', 'country'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortOrder = 'asc' | 'desc';

export interface ListParams {
  status: StatusFilter;
  search: string;
  sort: SortKey;
  order: SortOrder;
  /** 1-based */
  page: number;
}

/** The project status filter defaults to Active (spec 1 §6); newest changes first. */
export const DEFAULT_LIST_PARAMS: ListParams = {
  status: 'active',
  search: '',
  sort: 'lastModified',
  order: 'desc',
  page: 1,
};

/** Names read A→Z, dates newest first. */
export function defaultOrderFor(sort: SortKey): SortOrder {
  return sort === 'name' || sort === 'country' ? 'asc' : 'desc';
}

function oneOf<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

export function readListParams(search: URLSearchParams): ListParams {
  const sort = oneOf(search.get('sort'), SORT_KEYS, DEFAULT_LIST_PARAMS.sort);
  const page = Number(search.get('page'));
  return {
    status: oneOf(search.get('status'), STATUS_FILTERS, DEFAULT_LIST_PARAMS.status),
    search: search.get('q') ?? '',
    sort,
    order: oneOf(search.get('order'), ['asc', 'desc'] as const, defaultOrderFor(sort)),
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}

/** The address form of the list state; defaults are left out so `/` stays `/`. */
export function writeListParams(params: ListParams): URLSearchParams {
  const out = new URLSearchParams();
  if (params.status !== DEFAULT_LIST_PARAMS.status) out.set('status', params.status);
  if (params.search.trim()) out.set('q', params.search);
  if (params.sort !== DEFAULT_LIST_PARAMS.sort) out.set('sort', params.sort);
  if (params.order !== defaultOrderFor(params.sort)) out.set('order', params.order);
  if (params.page > 1) out.set('page', String(params.page));
  return out;
}

/** Clicking a column: the same column flips the order, another column starts at its natural order. */
export function toggleSort(params: ListParams, sort: SortKey): ListParams {
  const order = params.sort === sort ? (params.order === 'asc' ? 'desc' : 'asc') : defaultOrderFor(sort);
  return { ...params, sort, order, page: 1 };
}

/** Project status numbers (Active 0, Archived 1) for the filter; 'all' sends none. */
const STATUS_QUERY: Record<StatusFilter, number | undefined> = { active: 0, archived: 1, all: undefined };

export interface ListQuery {
  status?: number;
  search?: string;
  sort: SortKey;
  order: SortOrder;
  skip: number;
  top: number;
}

/** The query of GET /api/Project for a list state; also the TanStack Query key `['projects', query]`. */
export function buildListQuery(params: ListParams): ListQuery {
  const query: ListQuery = {
    sort: params.sort,
    order: params.order,
    skip: (params.page - 1) * PAGE_SIZE,
    top: PAGE_SIZE,
  };
  const status = STATUS_QUERY[params.status];
  if (status !== undefined) query.status = status;
  const search = params.search.trim();
  if (search) query.search = search;
  return query;
}

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / PAGE_SIZE));
}

/** 'Showing 26–50 of 73 projects'; the range is empty when there is nothing to show. */
export function rangeLabel(page: number, total: number): string {
  if (total <= 0) return '0 projects';
  const first = (page - 1) * PAGE_SIZE + 1;
  const last = Math.min(total, page * PAGE_SIZE);
  const noun = total === 1 ? 'project' : 'projects';
  return first > total ? `${total} ${noun}` : `Showing ${first}–${last} of ${total} ${noun}`;
}
