/** Totals of the list pages (issue 18: a list's count is its most expensive query). */
import { tableEpoch, type WatchedTable } from '../db/writeWatch.ts';

/**
 * The number of matches over all pages: counted only when the page is full (or an empty page past
 * the first), since a page that ends before `top` already says how many there are.
 */
export async function listTotal(
  rowsOnPage: number,
  skip: number,
  top: number,
  countAll: () => Promise<{ n: number }[]>,
): Promise<number> {
  if (rowsOnPage < top && (rowsOnPage > 0 || skip === 0)) return skip + rowsOnPage;
  const [row] = await countAll();
  return Number(row?.n ?? 0);
}

/** How long a library list's count is reused when this process has not written the table [ms]. */
export const COUNT_CACHE_MS = 10_000;
const MAX_COUNTS = 5_000;

interface CachedCount {
  n: number;
  at: number;
  epoch: number;
}

const counts = new Map<string, CachedCount>();

/**
 * {@link listTotal} for the module and inverter libraries, whose pages count 16,830 Global rows
 * (3.6× the page's own cost: 145 → 520 req/s for a module page on PostgreSQL when not counted). The
 * count of one filter (`key`: the table, the viewer and every filter) is reused for
 * {@link COUNT_CACHE_MS} unless this process wrote the table since (db/writeWatch.ts), so the total
 * shown under a page is exact after one's own changes and at most that old after another process's —
 * the estimate issue 18 allows where the UI shows a total.
 */
export async function cachedListTotal(
  table: WatchedTable,
  key: string,
  rowsOnPage: number,
  skip: number,
  top: number,
  countAll: () => Promise<{ n: number }[]>,
  now: () => number = Date.now,
): Promise<number> {
  if (rowsOnPage < top && (rowsOnPage > 0 || skip === 0)) return skip + rowsOnPage;
  const fullKey = `${table}|${key}`;
  const epoch = tableEpoch(table);
  const hit = counts.get(fullKey);
  if (hit && hit.epoch === epoch && now() - hit.at < COUNT_CACHE_MS) return hit.n;
  const at = now();
  const n = await listTotal(rowsOnPage, skip, top, countAll);
  if (counts.size >= MAX_COUNTS) counts.clear();
  counts.set(fullKey, { n, at, epoch });
  return n;
}
