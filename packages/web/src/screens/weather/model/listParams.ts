/**
 * The weather library list state kept in the address (spec 1 §6: the weather filter defaults to
 * 'My Weather'), the query of GET /Weather/WeatherOverview, ids of the weather route (digits only,
 * spec 1 §2) and the ids list of the compare page.
 */
export const PAGE_SIZE = 100;

export const OWNER_FILTERS = ['mine', 'all'] as const;
export type OwnerFilter = (typeof OWNER_FILTERS)[number];
export const OWNER_FILTER_LABELS: Record<OwnerFilter, string> = { mine: 'My Weather', all: 'All Weather' };

export const SORT_KEYS = ['name', 'lastModified', 'dataProvider', 'status', 'startDate'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortOrder = 'asc' | 'desc';

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
export function parseStatuses(raw: string | null | undefined): number[] {
  const out: number[] = [];
  for (const part of (raw ?? '').split(',')) {
    if (!/^\d+$/.test(part.trim())) continue;
    const n = Number(part.trim());
    if (!out.includes(n)) out.push(n);
  }
  return out;
}

function oneOf<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

export function readLibraryParams(search: URLSearchParams): LibraryParams {
  const sort = oneOf(search.get('sort'), SORT_KEYS, DEFAULT_LIBRARY_PARAMS.sort);
  const page = Number(search.get('page'));
  return {
    owner: oneOf(search.get('owner'), OWNER_FILTERS, DEFAULT_LIBRARY_PARAMS.owner),
    statuses: parseStatuses(search.get('status')),
    search: search.get('q') ?? '',
    sort,
    order: oneOf(search.get('order'), ['asc', 'desc'] as const, defaultOrderFor(sort)),
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}

export function writeLibraryParams(params: LibraryParams): URLSearchParams {
  const out = new URLSearchParams();
  if (params.owner !== DEFAULT_LIBRARY_PARAMS.owner) out.set('owner', params.owner);
  if (params.statuses.length) out.set('status', params.statuses.join(','));
  if (params.search.trim()) out.set('q', params.search);
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

export const pageCount = (total: number): number => Math.max(1, Math.ceil(total / PAGE_SIZE));

export function rangeLabel(page: number, total: number): string {
  if (total <= 0) return '0 weather files';
  const first = (page - 1) * PAGE_SIZE + 1;
  const last = Math.min(total, page * PAGE_SIZE);
  const noun = total === 1 ? 'weather file' : 'weather files';
  return first > total ? `${total} ${noun}` : `Showing ${first}–${last} of ${total} ${noun}`;
}
