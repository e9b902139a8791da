/**
 * Route and list parameters of the project screens: the project id (digits only, spec 1 §2) and the
 * list state kept in the address (status filter, search, sort, page) with the query it sends.
 */
import {
  oneOf,
  pageCount as pageCountOf,
  parsePage,
  rangeLabel as rangeLabelOf,
  readSort,
  toggleSortOf,
  writeSort,
  type Noun,
  type SortOrder,
} from '../../../components/list/listState.ts';

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
export type { SortOrder };

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

export function readListParams(search: URLSearchParams): ListParams {
  return {
    status: oneOf(search.get('status'), STATUS_FILTERS, DEFAULT_LIST_PARAMS.status),
    search: search.get('q') ?? '',
    ...readSort(search, SORT_KEYS, DEFAULT_LIST_PARAMS.sort, defaultOrderFor),
    page: parsePage(search.get('page')),
  };
}

/** The address form of the list state; defaults are left out so `/` stays `/`. */
export function writeListParams(params: ListParams): URLSearchParams {
  const out = new URLSearchParams();
  if (params.status !== DEFAULT_LIST_PARAMS.status) out.set('status', params.status);
  if (params.search.trim()) out.set('q', params.search);
  writeSort(out, params, DEFAULT_LIST_PARAMS.sort, defaultOrderFor);
  if (params.page > 1) out.set('page', String(params.page));
  return out;
}

/** Clicking a column: the same column flips the order, another column starts at its natural order. */
export const toggleSort = (params: ListParams, sort: SortKey): ListParams =>
  toggleSortOf(params, sort, defaultOrderFor);

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

export const pageCount = (total: number): number => pageCountOf(total, PAGE_SIZE);

export const PROJECT_NOUN: Noun = ['project', 'projects'];

/** 'Showing 26–50 of 73 projects'; the range is empty when there is nothing to show. */
export const rangeLabel = (page: number, total: number): string =>
  rangeLabelOf(page, total, PAGE_SIZE, PROJECT_NOUN);
