/**
 * Word search over a few text columns of a company's own rows (projects, weather), with the library
 * search's rule (lib/searchKey.ts): every searched word must occur, ignoring case, spaces and
 * punctuation, in one of the columns ("grand-view" finds "Grand View Solar", "50off" finds
 * "Charlie 50%_off"); a word is matched where it occurs, so prefixes match. These lists are scoped to
 * one company and paged, so the columns are compacted at query time rather than stored twice.
 */
import { type SQL, or, sql } from 'drizzle-orm';
import { SEARCH_IGNORED_PG, searchKeys } from '../lib/searchKey.ts';

const compacted = (column: SQL | unknown): SQL =>
  sql`regexp_replace(lower(coalesce(${column}, '')), ${sql.raw(`'${SEARCH_IGNORED_PG}'`)}, '', 'g')`;

/**
 * One condition per searched word: its compacted form occurs in one of `columns`. The words hold no
 * LIKE wildcards (searchKeys drops %, _ and \), and fold case through the database's lower() as the
 * columns do.
 */
export function wordSearchConditions(columns: readonly unknown[], search: string | undefined): SQL[] {
  return searchKeys(search).map((key) =>
    or(...columns.map((column) => sql`${compacted(column)} like lower(${`%${key}%`})`))!,
  );
}
