/**
 * The one splitter of delimited text lines (CSV, and the semicolon, tab and bar variants): double
 * quotes enclose a field that holds the delimiter, and a doubled quote inside them is one quote
 * (RFC 4180 §2, rules 5–7). Used by the CEC lists, the weather readers (headers, metadata lines, the
 * generic and template readers); the generic reader's hot loop locates fields in place by the same
 * rules (genericCsvParse.ts).
 */
export function splitCsvLine(line: string, delimiter = ','): string[] {
  if (!line.includes('"')) return line.split(delimiter);
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) {
      out.push(field);
      field = '';
    } else field += ch;
  }
  out.push(field);
  return out;
}

/**
 * The fields of a line of a delimited file whose delimiter the user chose (or that was guessed):
 * runs of spaces for ' ', else `splitCsvLine`, each field trimmed.
 */
export function splitDelimited(line: string, delimiter: string): string[] {
  if (delimiter === ' ') return line.trim().split(/\s+/);
  return splitCsvLine(line, delimiter).map((field) => field.trim());
}
