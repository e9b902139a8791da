/**
 * The `Content-Disposition` of a download: `attachment` with an ASCII `filename` for old clients and
 * the exact name as UTF-8 in `filename*` (RFC 6266 §4.3, RFC 8187 encoding), so that a prediction
 * named "Évora 2" downloads as `Évora 2_PlantSummary.pdf` and no name can break the header.
 */

/** RFC 8187 `value-chars`: attr-char stays, every other byte is %-encoded. */
const encode = (name: string): string =>
  encodeURIComponent(name).replace(
    /['()*!]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );

/**
 * The header value for a file name.
 * @param fileName the file's name (any characters)
 */
export function contentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encode(fileName)}`;
}
