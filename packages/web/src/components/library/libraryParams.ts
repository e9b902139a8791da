/**
 * The list state the module and inverter libraries share (issue 16: the two read alike): owner
 * (own assets by default), statuses (Active and Global by default, spec 1 §6), search, a power range,
 * sort and page, kept in the address with the same parameter names, and the same page size.
 */
import { ASSET_STATUS } from '@sunfield/domain';
import {
  oneOf,
  parseBound,
  parseIdList,
  parsePage,
  readSort,
  sameSet,
  writeSort,
  type SortOrder,
} from '../list/listState.ts';

/** Rows per page of both libraries. */
export const LIBRARY_PAGE_SIZE = 50;

export const OWNER_FILTERS = ['mine', 'all'] as const;
export type OwnerFilter = (typeof OWNER_FILTERS)[number];

export const DEFAULT_STATUSES: readonly number[] = [ASSET_STATUS.Active, ASSET_STATUS.Global];

export interface LibraryListParams<K extends string> {
  owner: OwnerFilter;
  /** Asset status ids; empty = every status. */
  statuses: number[];
  search: string;
  /** Power bounds in the library's unit; null = open. */
  minPower: number | null;
  maxPower: number | null;
  sort: K;
  order: SortOrder;
  /** 1-based */
  page: number;
}

export const defaultLibraryOrder = (sort: string): SortOrder => (sort === 'lastModified' ? 'desc' : 'asc');

export function defaultLibraryParams<K extends string>(sort: K): LibraryListParams<K> {
  return {
    owner: 'mine',
    statuses: [...DEFAULT_STATUSES],
    search: '',
    minPower: null,
    maxPower: null,
    sort,
    order: defaultLibraryOrder(sort),
    page: 1,
  };
}

/** 'all' → [] (every status); '3,5' → [3, 5]; absent (or nothing usable) → the default statuses. */
export function parseStatuses(raw: string | null): number[] {
  if (raw === null) return [...DEFAULT_STATUSES];
  if (raw === 'all') return [];
  const out = parseIdList(raw);
  return out.length ? out : [...DEFAULT_STATUSES];
}

export function readLibraryListParams<K extends string>(
  search: URLSearchParams,
  keys: readonly K[],
  defaultSort: K,
): LibraryListParams<K> {
  return {
    owner: oneOf(search.get('owner'), OWNER_FILTERS, 'mine'),
    statuses: parseStatuses(search.get('status')),
    search: search.get('q') ?? '',
    minPower: parseBound(search.get('min')),
    maxPower: parseBound(search.get('max')),
    ...readSort(search, keys, defaultSort, defaultLibraryOrder),
    page: parsePage(search.get('page')),
  };
}

/** Writes the shared part into `out`; defaults are left out so a default list keeps a bare address. */
export function writeLibraryListParams<K extends string>(
  out: URLSearchParams,
  params: LibraryListParams<K>,
  defaultSort: K,
): URLSearchParams {
  if (params.owner !== 'mine') out.set('owner', params.owner);
  if (!params.statuses.length) out.set('status', 'all');
  else if (!sameSet(params.statuses, DEFAULT_STATUSES)) out.set('status', params.statuses.join(','));
  if (params.search.trim()) out.set('q', params.search);
  if (params.minPower !== null) out.set('min', String(params.minPower));
  if (params.maxPower !== null) out.set('max', String(params.maxPower));
  writeSort(out, params, defaultSort, defaultLibraryOrder);
  if (params.page > 1) out.set('page', String(params.page));
  return out;
}

export interface LibraryListQuery<K extends string> {
  search?: string;
  status?: string;
  ownerOnly: boolean;
  minPower?: number;
  maxPower?: number;
  sort: K;
  order: SortOrder;
  page: number;
  pageSize: number;
}

/** The shared part of GET /Module/ModuleOverview and /Inverter/InverterOverview. */
export function buildLibraryListQuery<K extends string>(params: LibraryListParams<K>): LibraryListQuery<K> {
  const query: LibraryListQuery<K> = {
    ownerOnly: params.owner === 'mine',
    sort: params.sort,
    order: params.order,
    page: params.page,
    pageSize: LIBRARY_PAGE_SIZE,
  };
  const search = params.search.trim();
  if (search) query.search = search;
  if (params.statuses.length) query.status = params.statuses.join(',');
  if (params.minPower !== null) query.minPower = params.minPower;
  if (params.maxPower !== null) query.maxPower = params.maxPower;
  return query;
}
