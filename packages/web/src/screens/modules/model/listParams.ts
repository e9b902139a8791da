/**
 * The module library list state kept in the address, and the query of GET /Module/ModuleOverview:
 * the state the inverter library shares (components/library/libraryParams.ts: owner, statuses,
 * search, power range in W, sort, page) plus the cell technologies.
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
  parseIdList,
  rangeLabel as rangeLabelOf,
  toggleSortOf,
  type Noun,
  type SortOrder,
} from '../../../components/list/listState.ts';

export { OWNER_FILTERS, DEFAULT_STATUSES, parseStatuses } from '../../../components/library/libraryParams.ts';
export type { OwnerFilter, SortOrder };

export const PAGE_SIZE = LIBRARY_PAGE_SIZE;

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

/** STC power bounds are in W. */
export interface ModuleListParams extends LibraryListParams<SortKey> {
  /** Cell technology ids; empty = every technology. */
  technologies: number[];
}

export const DEFAULT_LIST_PARAMS: ModuleListParams = {
  ...defaultLibraryParams<SortKey>('name'),
  technologies: [],
};

export const defaultOrderFor = (sort: SortKey): SortOrder => defaultLibraryOrder(sort);

/** A route id is digits only (spec 1 §2); anything else is a module that does not exist. */
export function parseModuleId(raw: string | undefined | null): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function readListParams(search: URLSearchParams): ModuleListParams {
  return {
    ...readLibraryListParams(search, SORT_KEYS, DEFAULT_LIST_PARAMS.sort),
    technologies: parseIdList(search.get('tech')),
  };
}

export function writeListParams(params: ModuleListParams): URLSearchParams {
  const out = writeLibraryListParams(new URLSearchParams(), params, DEFAULT_LIST_PARAMS.sort);
  if (params.technologies.length) out.set('tech', params.technologies.join(','));
  return out;
}

export const toggleSort = (params: ModuleListParams, sort: SortKey): ModuleListParams =>
  toggleSortOf(params, sort, defaultOrderFor);

export interface ModuleListQuery extends LibraryListQuery<SortKey> {
  cellTechnologyType?: string;
}

export function buildListQuery(params: ModuleListParams): ModuleListQuery {
  const query: ModuleListQuery = buildLibraryListQuery(params);
  if (params.technologies.length) query.cellTechnologyType = params.technologies.join(',');
  return query;
}

export const MODULE_NOUN: Noun = ['module', 'modules'];

export const pageCount = (total: number): number => pageCountOf(total, PAGE_SIZE);

export const rangeLabel = (page: number, total: number): string =>
  rangeLabelOf(page, total, PAGE_SIZE, MODULE_NOUN);
