/**
 * The weather library list state kept in the address (spec 1 §6: the weather filter defaults to
 * 'My Weather'), the query of GET /Weather/WeatherOverview, ids of the weather route (digits only,
 * spec 1 §2) and the ids list of the compare page; read and written with the list kit (components/list).
 */
import {
  oneOf,
  pageCount as pageCountOf,
  parseIdList,
  parsePage,
  rangeLabel as rangeLabelOf,
  readSort,
  toggleSortOf,
  writeSort,
  type Noun,
  type SortOrder,
} from '../../../components/list/listState.ts';

export const PAGE_SIZE = 100;

export const OWNER_FILTERS = ['mine', 'all'] as const;
export type OwnerFilter = (typeof OWNER_FILTERS)[number];
export const OWNER_FILTER_LABELS: Record<OwnerFilter, string> = { mine: 'My Weather', all: 'All Weather' };

export const SORT_KEYS = ['name', 'lastModified', 'dataProvider', 'status', 'startDate'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type { SortOrder };

export interface LibraryParams {
  owner: OwnerFilter;
  /** asset status ids; empty = every status */
  statuses: number[];
  search: string;
  sort: SortKey;
  order: SortOrder;
  page: number;
}

export const DEFAULT_LIBRARY_PARAMS: LibraryParams = {
  owner: 'mine',
  statuses: [],
  search: '',
  sort: 'lastModified',
  order: 'desc',
  page: 1,
};

export const defaultOrderFor = (sort: SortKey): SortOrder =>
  sort === 'lastModified' || sort === 'startDate' ? 'desc' : 'asc';

/** A route id is digits only; anything else is a weather asset that does not exist. */
export function parseWeatherId(raw: string | undefined | null): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** '1,2,x,2' → [1, 2]: digits only, no repeats, in order. */
export function parseIds(raw: string | null | undefined): number[] {
  const out: number[] = [];
  for (const part of (raw ?? '').split(',')) {
    const id = parseWeatherId(part.trim());
    if (id !== null && !out.includes(id)) out.push(id);
  }
  return out;
}

/** '3,5' → [3, 5]: non-negative integers, no repeats. */
export const parseStatuses = (raw: string | null | undefined): number[] => parseIdList(raw);

export function readLibraryParams(search: URLSearchParams): LibraryParams {
  return {
    owner: oneOf(search.get('owner'), OWNER_FILTERS, DEFAULT_LIBRARY_PARAMS.owner),
    statuses: parseStatuses(search.get('status')),
    search: search.get('q') ?? '',
    ...readSort(search, SORT_KEYS, DEFAULT_LIBRARY_PARAMS.sort, defaultOrderFor),
    page: parsePage(search.get('page')),
  };
}

export function writeLibraryParams(params: LibraryParams): URLSearchParams {
  const out = new URLSearchParams();
  if (params.owner !== DEFAULT_LIBRARY_PARAMS.owner) out.set('owner', params.owner);
  if (params.statuses.length) out.set('status', params.statuses.join(','));
  if (params.search.trim()) out.set('q', params.search);
  writeSort(out, params, DEFAULT_LIBRARY_PARAMS.sort, defaultOrderFor);
  if (params.page > 1) out.set('page', String(params.page));
  return out;
}

export const toggleSort = (params: LibraryParams, sort: SortKey): LibraryParams =>
  toggleSortOf(params, sort, defaultOrderFor);

export interface LibraryQuery {
  search?: string;
  status?: string;
  ownerOnly: boolean;
  page: number;
  pageSize: number;
  sort: SortKey;
  order: SortOrder;
}

export function buildLibraryQuery(params: LibraryParams): LibraryQuery {
  const query: LibraryQuery = {
    ownerOnly: params.owner === 'mine',
    page: params.page,
    pageSize: PAGE_SIZE,
    sort: params.sort,
    order: params.order,
  };
  const search = params.search.trim();
  if (search) query.search = search;
  if (params.statuses.length) query.status = params.statuses.join(',');
  return query;
}

export const WEATHER_NOUN: Noun = ['weather file', 'weather files'];

export const pageCount = (total: number): number => pageCountOf(total, PAGE_SIZE);

export const rangeLabel = (page: number, total: number): string =>
  rangeLabelOf(page, total, PAGE_SIZE, WEATHER_NOUN);
