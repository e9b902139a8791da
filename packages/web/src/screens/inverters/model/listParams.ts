/**
 * The inverter library list state kept in the address, and the query of GET /Inverter/InverterOverview
 * (the state the module library shares: components/library/libraryParams.ts).
 */
import {
  LIBRARY_PAGE_SIZE,
  buildLibraryListQuery,
  defaultLibraryOrder,
  defaultLibraryParams,
  readLibraryListParams,
  writeLibraryListParams,
  type LibraryListParams,
  type LibraryListQuery,
  type OwnerFilter,
} from '../../../components/library/libraryParams.ts';
import {
  pageCount as pageCountOf,
  rangeLabel as rangeLabelOf,
  toggleSortOf,
  type Noun,
  type SortOrder,
} from '../../../components/list/listState.ts';

export { OWNER_FILTERS, parseStatuses } from '../../../components/library/libraryParams.ts';
export type { OwnerFilter, SortOrder };

export const PAGE_SIZE = LIBRARY_PAGE_SIZE;

export const OWNER_FILTER_LABELS: Record<OwnerFilter, string> = {
  mine: 'My Inverters',
  all: 'All Inverters',
};

export const SORT_KEYS = ['name', 'manufacturer', 'model', 'powerRating', 'status', 'lastModified'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/** Power rating bounds are in kW. */
export type LibraryParams = LibraryListParams<SortKey>;
export type LibraryQuery = LibraryListQuery<SortKey>;

export const DEFAULT_LIBRARY_PARAMS: LibraryParams = defaultLibraryParams<SortKey>('name');

export const defaultOrderFor = (sort: SortKey): SortOrder => defaultLibraryOrder(sort);

/** A route id is digits only (spec 1 §2); anything else is an inverter that does not exist. */
export function parseInverterId(raw: string | undefined | null): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export const readLibraryParams = (search: URLSearchParams): LibraryParams =>
  readLibraryListParams(search, SORT_KEYS, DEFAULT_LIBRARY_PARAMS.sort);

export const writeLibraryParams = (params: LibraryParams): URLSearchParams =>
  writeLibraryListParams(new URLSearchParams(), params, DEFAULT_LIBRARY_PARAMS.sort);

export const toggleSort = (params: LibraryParams, sort: SortKey): LibraryParams =>
  toggleSortOf(params, sort, defaultOrderFor);

export const buildLibraryQuery = (params: LibraryParams): LibraryQuery => buildLibraryListQuery(params);

export const INVERTER_NOUN: Noun = ['inverter', 'inverters'];

export const pageCount = (total: number): number => pageCountOf(total, PAGE_SIZE);

export const rangeLabel = (page: number, total: number): string =>
  rangeLabelOf(page, total, PAGE_SIZE, INVERTER_NOUN);
