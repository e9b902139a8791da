/**
 * The rows of a CEC list that a case needs, found without parsing the list: the SAM module list is
 * 3.8 MB and 20,000 rows, and `sunfield simulate` needs one of them (issue 17: parsing both lists whole
 * was 0.4 s of the command's start). Only the first field (the name) of each row is looked at; the
 * rows kept, with the list's header rows, are a text that `parseCecModuleLibrary` and
 * `parseCecInverterLibrary` read as they read the whole list, and that gives `findCecRecord` the same
 * answer for these names: every row whose name normalises like a wanted name is kept, so an ambiguous
 * name is as ambiguous in the rows as in the list. What differs: the line numbers of the parser's
 * warnings (rows of the kept text), and the closest names that a failed lookup suggests (the caller
 * parses the whole list when a name is not found, see the CLI's `loadCase`).
 */
import { splitCsvLine } from '../csv.ts';
import { normaliseLibraryName } from './cecCsv.ts';

/** @internal The first field of the line body[start, end), trimmed, as `splitCsvLine` reads it. */
function firstField(body: string, start: number, end: number): string {
  if (body.charCodeAt(start) === 34 /* " */) return (splitCsvLine(body.slice(start, end))[0] ?? '').trim();
  const comma = body.indexOf(',', start);
  return body.slice(start, comma >= 0 && comma < end ? comma : end).trim();
}

/**
 * The header rows of a CEC list and its rows whose name is one of `names`, exactly or once normalised
 * (`normaliseLibraryName`, as `findCecRecord` compares names).
 * @param text the list's text
 * @param names the names wanted
 * @returns a CEC list's text with those rows only (the three header rows first)
 */
export function cecListRows(text: string, names: Iterable<string>): string {
  const wanted = new Set<string>();
  const lengths = new Set<number>();
  for (const n of names) {
    const k = normaliseLibraryName(n);
    wanted.add(k);
    // Normalising trims, then replaces character for character: equal names have equal lengths.
    lengths.add(k.length);
  }
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const out: string[] = [];
  let start = 0;
  for (let line = 0; start < body.length; line++) {
    let end = body.indexOf('\n', start);
    if (end < 0) end = body.length;
    if (line <= 2) out.push(body.slice(start, end));
    else {
      const name = firstField(body, start, end);
      if (lengths.has(name.length) && wanted.has(normaliseLibraryName(name)))
        out.push(body.slice(start, end));
    }
    start = end + 1;
  }
  return out.join('\n');
}
