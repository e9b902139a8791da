/**
 * The list kit's pure part: reading and writing the list state kept in the address (so reload, back
 * and forward keep filters, search, sort and page), sorting by column and the paging texts. The
 * projects, modules, inverters and weather lists each describe their own parameters with these.
 */
export type SortOrder = 'asc' | 'desc';

export const SORT_ORDERS = ['asc', 'desc'] as const;

/** `value` when it is one of `allowed`, otherwise `fallback` (addresses are typed by people). */
export function oneOf<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** '3,x,5,3' → [3, 5]: non-negative integers in order, no repeats; anything else is dropped. */
export function parseIdList(raw: string | null | undefined): number[] {
  const out: number[] = [];
  for (const part of (raw ?? '').split(',')) {
    const text = part.trim();
    if (!/^\d+$/.test(text)) continue;
    const n = Number(text);
    if (Number.isSafeInteger(n) && !out.includes(n)) out.push(n);
  }
  return out;
}

/** A 1-based page number; anything that is not a positive integer is page 1. */
export function parsePage(raw: string | null): number {
  const page = Number(raw);
  return Number.isSafeInteger(page) && page > 0 ? page : 1;
}

/** A range bound such as a minimum power: a finite non-negative number, or null (open). */
export function parseBound(raw: string | null): number | null {
  if (raw === null || raw.trim() === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/** Same members, whatever the order. */
export const sameSet = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && a.every((value) => b.includes(value));

/** The sort part of every list's state. */
export interface SortState<K extends string> {
  sort: K;
  order: SortOrder;
}

/**
 * Clicking a column: the same column flips the order, another column starts at its natural order
 * (names A→Z, dates newest first: `defaultOrderFor`). A paged list goes back to page 1.
 */
export function toggleSortOf<P extends SortState<string>>(
  params: P,
  sort: P['sort'],
  defaultOrderFor: (sort: P['sort']) => SortOrder,
): P {
  const order = params.sort === sort ? (params.order === 'asc' ? 'desc' : 'asc') : defaultOrderFor(sort);
  return 'page' in params ? { ...params, sort, order, page: 1 } : { ...params, sort, order };
}

/** Writes `sort` and `order` unless they are the defaults, so a default list keeps a bare address. */
export function writeSort<K extends string>(
  out: URLSearchParams,
  params: SortState<K>,
  defaultSort: K,
  defaultOrderFor: (sort: K) => SortOrder,
): void {
  if (params.sort !== defaultSort) out.set('sort', params.sort);
  if (params.order !== defaultOrderFor(params.sort)) out.set('order', params.order);
}

/** Reads `sort` and `order` (an unknown sort falls back to the default, the order to its natural one). */
export function readSort<K extends string>(
  search: URLSearchParams,
  keys: readonly K[],
  defaultSort: K,
  defaultOrderFor: (sort: K) => SortOrder,
): SortState<K> {
  const sort = oneOf(search.get('sort'), keys, defaultSort);
  return { sort, order: oneOf(search.get('order'), SORT_ORDERS, defaultOrderFor(sort)) };
}

export const pageCount = (total: number, pageSize: number): number =>
  Math.max(1, Math.ceil(total / pageSize));

/** How a list names its rows: ['project', 'projects']. */
export type Noun = readonly [singular: string, plural: string];

/** 'Showing 26–50 of 73 projects'; '0 projects' when there is nothing; '73 projects' past the end. */
export function rangeLabel(page: number, total: number, pageSize: number, noun: Noun): string {
  const word = total === 1 ? noun[0] : noun[1];
  if (total <= 0) return `0 ${noun[1]}`;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return first > total ? `${total} ${word}` : `Showing ${first}–${last} of ${total} ${word}`;
}
