/** Totals of the list pages (issue 18: a list's count is its most expensive query). */
import { changeEpoch } from '../db/changeEpochs.ts';
import type { Db } from '../db/index.ts';

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

const MAX_COUNTS = 5_000;

interface CachedCount {
  n: number;
  /** the change epoch read before it was counted */
  epoch: string;
}

/** Counts per database handle (two databases of one process, the tests, never share one). */
const counts = new WeakMap<Db, Map<string, CachedCount>>();

/**
 * {@link listTotal} for the module and inverter libraries, whose pages count 16,830 Global rows
 * (3.6× the page's own cost: 145 → 520 req/s for a module page on PostgreSQL when not counted). The
 * count of one filter (`key`: the table, the viewer and every filter) is reused while the change
 * epoch of `db` (db/changeEpochs.ts, read by `epoch` before counting) is the same, so it is
 * exact whichever process wrote: every page and sort of one filter shares it until a write commits.
 * (It was reused for 10 s unless this process wrote the table, an estimate that a page kept by
 * lib/pageCache.ts on PostgreSQL would have kept as long as the epoch stood.)
 */
export async function cachedListTotal(
  db: Db,
  key: string,
  rowsOnPage: number,
  skip: number,
  top: number,
  countAll: () => Promise<{ n: number }[]>,
  epoch: () => Promise<string> = () => changeEpoch(db),
): Promise<number> {
  if (rowsOnPage < top && (rowsOnPage > 0 || skip === 0)) return skip + rowsOnPage;
  const now = await epoch();
  let ofDb = counts.get(db);
  if (!ofDb) {
    ofDb = new Map();
    counts.set(db, ofDb);
  }
  const hit = ofDb.get(key);
  if (hit && hit.epoch === now) return hit.n;
  const n = await listTotal(rowsOnPage, skip, top, countAll);
  if (ofDb.size >= MAX_COUNTS) ofDb.clear();
  ofDb.set(key, { n, epoch: now });
  return n;
}
