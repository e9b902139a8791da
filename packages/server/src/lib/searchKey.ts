/**
 * The library search key (issue 16: "SC4000" must find "SC 4000 UP"). Names of modules and inverters
 * are written with and without spaces, dashes and dots ("LR5-72HPH-540M", "SC 4000 UP"), so both the
 * stored text and each searched word drop the characters below, and a word matches where its
 * compacted form occurs in the compacted manufacturer + model + name (which also makes every prefix
 * match: "LR5-72" finds "LR5-72HPH-540M").
 *
 * The set is given by code points, not by character classes, so that PostgreSQL (whose [:alnum:]
 * depends on the database's locale) and JavaScript drop exactly the same characters; case is folded
 * by the database's own lower() on both sides (models/equipment.ts), for the same reason.
 */

/** ASCII controls, spaces and punctuation, the no-break space and the Unicode hyphens and dashes. */
const IGNORED_RANGES = '\\x01-\\x2f\\x3a-\\x40\\x5b-\\x60\\x7b-\\x7f\\u00a0\\u2010-\\u2015';

/** The bracket expression for PostgreSQL's regexp_replace (advanced regular expression syntax). */
export const SEARCH_IGNORED_PG = `[${IGNORED_RANGES}]`;

/** The same set for JavaScript, plus NUL (which PostgreSQL text cannot hold, so its pattern leaves it out). */
const IGNORED_JS = new RegExp(`[\\x00${IGNORED_RANGES}]`, 'gu');

/** At most this many words of one search are used (each adds a condition). */
export const MAX_SEARCH_WORDS = 10;

/**
 * The words of a search, each without the ignored characters: 'SC4000' → ['SC4000'],
 * 'longi  540' → ['longi', '540'], 'LR5-72' → ['LR572']; words of punctuation only are dropped.
 * Case is left to the database (lower() on both sides).
 */
export function searchKeys(search: string | undefined): string[] {
  return (search ?? '')
    .split(/\s+/u)
    .map((word) => word.replace(IGNORED_JS, ''))
    .filter((word) => word !== '')
    .slice(0, MAX_SEARCH_WORDS);
}
