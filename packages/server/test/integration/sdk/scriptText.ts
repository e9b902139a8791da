/**
 * Editing an example script of the public Python SDK the way its README asks a customer to: the
 * credentials, the base and token URLs, the library ids and (for the upload examples, which name a
 * Windows path) the file path. Every substitution must match: when a script changes upstream, the
 * suite fails naming the pattern instead of running a script that still points at the vendor.
 */

export interface Substitution {
  /** What the substitution is for, in the error when it does not match. */
  label: string;
  /** Exact text, or a regular expression (its `g` flag is added: every occurrence is replaced). */
  find: string | RegExp;
  replace: string;
}

export interface ApiTarget {
  clientId: string;
  clientSecret: string;
  /** e.g. http://127.0.0.1:PORT/api */
  baseUrl: string;
  /** e.g. http://127.0.0.1:PORT/api/oauth2/token */
  authUrl: string;
}

/** A Python string literal (a JSON string is one, for the characters credentials and URLs use). */
export const pythonString = (value: string): string => JSON.stringify(value);

/** The `plantpredict.Api(client_id="insert client_id here", client_secret="…")` call of every example. */
export const API_CALL_PATTERN =
  /plantpredict\.Api\(\s*client_id="insert client_id here",\s*client_secret="insert client_secret here"\s*\)/;

/** Replaces the example's `plantpredict.Api(...)` by one with real credentials and our URLs. */
export function apiCallSubstitution(target: ApiTarget): Substitution {
  const args = [
    `client_id=${pythonString(target.clientId)}`,
    `client_secret=${pythonString(target.clientSecret)}`,
    `base_url=${pythonString(target.baseUrl)}`,
    `auth_url=${pythonString(target.authUrl)}`,
  ];
  return {
    label: 'plantpredict.Api(client_id="insert client_id here", client_secret="insert client_secret here")',
    find: API_CALL_PATTERN,
    replace: `plantpredict.Api(\n    ${args.join(',\n    ')}\n)`,
  };
}

/** Exact text → replacement, e.g. `literal('inverter_id=619', 'inverter_id=12')`. */
export const literal = (find: string, replace: string): Substitution => ({ label: find, find, replace });

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Applies every substitution to the script; each must match at least once (all its occurrences are
 * replaced). Throws naming the substitutions that matched nothing.
 */
export function substitute(source: string, substitutions: readonly Substitution[]): string {
  let text = source;
  const unmatched: string[] = [];
  for (const { label, find, replace } of substitutions) {
    const pattern =
      typeof find === 'string'
        ? new RegExp(escapeRegExp(find), 'g')
        : new RegExp(find.source, find.flags.includes('g') ? find.flags : `${find.flags}g`);
    let count = 0;
    // A function replacement: `$` in the new text (a secret, say) is never read as a group reference.
    text = text.replace(pattern, () => {
      count += 1;
      return replace;
    });
    if (count === 0) unmatched.push(label);
  }
  if (unmatched.length) {
    throw new Error(
      `The script no longer contains what the test substitutes (has it changed upstream?): ${unmatched
        .map((label) => JSON.stringify(label))
        .join(', ')}`,
    );
  }
  return text;
}

/**
 * A Jupyter notebook's code cells as one Python script (each cell's source, in order, a blank line
 * between cells), as a customer would paste them into a file. Markdown and raw cells are left out.
 */
export function notebookScript(notebookJson: string): string {
  const notebook = JSON.parse(notebookJson) as {
    cells?: { cell_type?: string; source?: string | string[] }[];
  };
  if (!Array.isArray(notebook.cells)) throw new Error('not a Jupyter notebook: no cells');
  return notebook.cells
    .filter((cell) => cell.cell_type === 'code')
    .map((cell) => (Array.isArray(cell.source) ? cell.source.join('') : (cell.source ?? '')).trimEnd())
    .join('\n\n')
    .concat('\n');
}
