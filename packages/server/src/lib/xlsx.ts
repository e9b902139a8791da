/**
 * The first worksheet of an uploaded XLSX workbook as a table of cells (text or numbers), read
 * defensively: the ZIP container is inflated by lib/unzip.ts, which stops a compression bomb at its
 * caps (each part, the whole, the entry count) without inflating the rest; only the parts needed are
 * inflated; the XML is parsed by fast-xml-parser, which resolves no external entities.
 *
 * The cell model is SpreadsheetML's (ECMA-376 Part 1, §18.3.1 `sheetData`, `row`, `c` with its `r`
 * reference and `t` type, §18.4 shared strings `sst`/`si`, §18.2.27 `workbook`/`sheets`).
 *
 * @see ECMA-376 5th edition, Office Open XML File Formats — Part 1 (2016)
 */
import { XMLParser } from 'fast-xml-parser';
import { type InflateBudget, UNZIP_LIMITS, UnzipError, unzipEntries } from './unzip.ts';

export class XlsxError extends Error {}

/** Whether the bytes start as a ZIP container (an XLSX workbook). */
export const isZip = (bytes: Uint8Array): boolean =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/**
 * The wanted parts of the workbook, inflated under the shared caps (lib/unzip.ts), the budget spent
 * across both passes of one read.
 * @throws XlsxError for a broken container or parts past a cap
 */
function unzipParts(
  bytes: Uint8Array,
  wanted: (name: string) => boolean,
  budget: InflateBudget,
): Map<string, Uint8Array> {
  try {
    return unzipEntries(bytes, wanted, UNZIP_LIMITS, budget);
  } catch (error) {
    if (error instanceof UnzipError) throw new XlsxError(`the workbook ${error.message}`);
    throw error;
  }
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  htmlEntities: false,
  isArray: (name) => ['sheet', 'Relationship', 'row', 'c', 'si', 'r'].includes(name),
});

type Node = Record<string, unknown>;

const xml = (bytes: Uint8Array | undefined): Node => {
  if (!bytes) return {};
  try {
    return parser.parse(Buffer.from(bytes).toString('utf8')) as Node;
  } catch (error) {
    throw new XlsxError(`the workbook's XML is damaged (${(error as Error).message})`);
  }
};

const child = (node: unknown, key: string): unknown =>
  node && typeof node === 'object' ? (node as Node)[key] : undefined;

const list = (node: unknown): unknown[] => (Array.isArray(node) ? node : node === undefined ? [] : [node]);

/** The text of a `t` element, or of `r` runs (rich text). */
function text(node: unknown): string {
  const t = child(node, 't');
  const own =
    typeof t === 'string' ? t : typeof child(t, '#text') === 'string' ? (child(t, '#text') as string) : '';
  if (own !== '' || child(node, 'r') === undefined) return own;
  return list(child(node, 'r'))
    .map((run) => text(run))
    .join('');
}

/** Zero-based column of a reference such as "C12". */
function columnOf(ref: string): number {
  const letters = /^[A-Z]+/i.exec(ref)?.[0]?.toUpperCase() ?? '';
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/** The path of the workbook's first sheet, from workbook.xml and its relationships. */
function firstSheetPath(parts: Map<string, Uint8Array>): string {
  const fallback = 'xl/worksheets/sheet1.xml';
  const first = list(
    child(child(child(xml(parts.get('xl/workbook.xml')), 'workbook'), 'sheets'), 'sheet'),
  )[0];
  const id = child(first, '@_r:id');
  if (typeof id !== 'string') return fallback;
  const rels = list(
    child(child(xml(parts.get('xl/_rels/workbook.xml.rels')), 'Relationships'), 'Relationship'),
  );
  const target = child(
    rels.find((r) => child(r, '@_Id') === id),
    '@_Target',
  );
  if (typeof target !== 'string') return fallback;
  return target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
}

/**
 * The first worksheet as rows of cells (text, numbers, or null where empty), empty rows left out,
 * with each row's number in the sheet (for messages).
 * @param bytes the XLSX file
 * @param maxRows refuse sheets with more rows
 * @throws XlsxError naming the problem
 */
export function readFirstSheet(
  bytes: Uint8Array,
  maxRows: number,
): { table: (string | number | null)[][]; lines: number[] } {
  if (!isZip(bytes)) throw new XlsxError('the file is not an XLSX workbook');
  const budget: InflateBudget = { inflated: 0 };
  const meta = unzipParts(
    bytes,
    (name) => ['xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml'].includes(name),
    budget,
  );
  const sheetPath = firstSheetPath(meta);
  const sheetBytes = unzipParts(bytes, (name) => name === sheetPath, budget).get(sheetPath);
  if (!sheetBytes) throw new XlsxError('the workbook has no worksheet');
  const shared = list(child(child(xml(meta.get('xl/sharedStrings.xml')), 'sst'), 'si')).map(text);
  const rows = list(child(child(child(xml(sheetBytes), 'worksheet'), 'sheetData'), 'row'));
  if (rows.length > maxRows + 1) throw new XlsxError(`more than ${maxRows} rows`);
  const table: (string | number | null)[][] = [];
  for (const row of rows) {
    const rowNumber = Number(child(row, '@_r'));
    const index = Number.isInteger(rowNumber) && rowNumber > 0 ? rowNumber - 1 : table.length;
    if (index > maxRows + 1) throw new XlsxError(`more than ${maxRows} rows`);
    while (table.length < index) table.push([]);
    const cells: (string | number | null)[] = [];
    for (const cell of list(child(row, 'c'))) {
      const ref = child(cell, '@_r');
      const col = typeof ref === 'string' ? columnOf(ref) : cells.length;
      if (col < 0 || col > 16_383) continue;
      const type = child(cell, '@_t');
      const raw = child(cell, 'v');
      const value =
        typeof raw === 'string'
          ? raw
          : typeof child(raw, '#text') === 'string'
            ? String(child(raw, '#text'))
            : undefined;
      let out: string | number | null = null;
      if (type === 's') out = value === undefined ? null : (shared[Number(value)] ?? null);
      else if (type === 'inlineStr') out = text(child(cell, 'is'));
      else if (type === 'str' || type === 'e') out = value ?? null;
      else if (type === 'b') out = value === '1' ? 1 : 0;
      else if (value !== undefined && value.trim() !== '') out = Number(value);
      while (cells.length < col) cells.push(null);
      cells[col] = out;
    }
    table[index] = cells;
  }
  const kept: (string | number | null)[][] = [];
  const lines: number[] = [];
  table.forEach((row, k) => {
    if (row.some((c) => c !== null && c !== '')) {
      kept.push(row);
      lines.push(k + 1);
    }
  });
  return { table: kept, lines };
}
