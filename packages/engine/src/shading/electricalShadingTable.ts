/**
 * A module's electrical shading table (spec 1 `electricalShadingInputTable`, spec 2 §7.8
 * `ElectricalShading/CustomParse`): the power loss of a module against the fraction of it that is
 * shaded, as measured or simulated by the manufacturer (the "module-file-defined" shading response).
 *
 * Text layout (CSV, one point per row, a header row optional):
 *
 *   Shaded fraction (%),Power loss (%)
 *   0,0
 *   10,33.3
 *   20,66.7
 *   35,100
 *
 * Both columns are percentages 0…100 (a trailing '%' is allowed); the separator is a comma, a
 * semicolon or a tab (with a semicolon or tab, a decimal comma is accepted); blank lines and lines
 * starting with '#' are skipped. Points are sorted by shaded fraction; a repeated fraction, a value
 * outside 0…100 or a power loss that falls as the shade grows is refused. At most 1000 points.
 */

/** One point of the table (the domain's `electricalShadingPointSchema`). */
export interface ElectricalShadingPoint {
  /** shaded fraction of the module [%] */
  shadedFraction: number;
  /** power loss [%] of the unshaded power */
  powerLoss: number;
}

/** A table that cannot be read: the message names the problem and the 1-based line. */
export class ShadingTableError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(line > 0 ? `line ${line}: ${message}` : message);
    this.name = 'ShadingTableError';
  }
}

function number(cell: string, decimalComma: boolean): number {
  let t = cell.trim().replace(/^"|"$/g, '').replace(/%$/, '').trim();
  if (decimalComma) t = t.replace(',', '.');
  return t === '' ? Number.NaN : Number(t);
}

/**
 * Parses an electrical shading table (see the file's documentation).
 * @param text the CSV text
 * @returns the points sorted by shaded fraction
 * @throws ShadingTableError naming the problem and the line
 */
export function parseElectricalShadingTable(text: string): ElectricalShadingPoint[] {
  if (text.length > 1_000_000) throw new ShadingTableError('the table is too large (at most 1 MB)', 0);
  if (text.includes('\u0000')) throw new ShadingTableError('the file is binary, not a CSV text', 0);
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const points: (ElectricalShadingPoint & { line: number })[] = [];
  let sep: string | undefined;
  let first = true;
  for (let k = 0; k < lines.length; k++) {
    const s = lines[k]!.trim();
    if (s === '' || s.startsWith('#')) continue;
    sep ??= s.includes('\t') ? '\t' : s.includes(';') ? ';' : ',';
    const cells = s.split(sep);
    if (cells.length < 2)
      throw new ShadingTableError('two columns are needed: shaded fraction and power loss', k + 1);
    const f = number(cells[0]!, sep !== ',');
    const l = number(cells[1]!, sep !== ',');
    if (first && (!Number.isFinite(f) || !Number.isFinite(l))) {
      first = false;
      continue; // the header
    }
    first = false;
    if (!Number.isFinite(f))
      throw new ShadingTableError(`shaded fraction is not a number ("${cells[0]!.trim()}")`, k + 1);
    if (!Number.isFinite(l))
      throw new ShadingTableError(`power loss is not a number ("${cells[1]!.trim()}")`, k + 1);
    if (f < 0 || f > 100) throw new ShadingTableError('shaded fraction must be between 0 and 100 %', k + 1);
    if (l < 0 || l > 100) throw new ShadingTableError('power loss must be between 0 and 100 %', k + 1);
    points.push({ shadedFraction: f, powerLoss: l, line: k + 1 });
    if (points.length > 1000) throw new ShadingTableError('more than 1000 points', k + 1);
  }
  if (points.length === 0) throw new ShadingTableError('the table has no points', 0);
  points.sort((a, b) => a.shadedFraction - b.shadedFraction);
  for (let k = 1; k < points.length; k++) {
    const a = points[k - 1]!;
    const b = points[k]!;
    if (a.shadedFraction === b.shadedFraction)
      throw new ShadingTableError(`shaded fraction ${b.shadedFraction} % is repeated`, b.line);
    if (b.powerLoss < a.powerLoss)
      throw new ShadingTableError(
        `power loss falls from ${a.powerLoss} to ${b.powerLoss} % as the shade grows`,
        b.line,
      );
  }
  return points.map(({ shadedFraction, powerLoss }) => ({ shadedFraction, powerLoss }));
}

/**
 * Power factor of a module from its shading table: 1 − loss(f)/100, the loss linear between the
 * points, rising linearly from 0 at 0 % to the first point, and the last point's value beyond the last.
 * @param x.shadedFraction shaded fraction of the module [0, 1]
 * @param table points sorted by shaded fraction (as {@link parseElectricalShadingTable} returns)
 * @returns factor on the module's power [-]
 */
export function electricalShadingTableFactor(
  x: { shadedFraction: number },
  table: readonly ElectricalShadingPoint[],
): number {
  const f = 100 * x.shadedFraction;
  if (table.length === 0 || !(f > 0)) return 1;
  let loss: number;
  if (f <= table[0]!.shadedFraction)
    loss = (table[0]!.powerLoss * f) / Math.max(table[0]!.shadedFraction, 1e-12);
  else if (f >= table[table.length - 1]!.shadedFraction) loss = table[table.length - 1]!.powerLoss;
  else {
    let k = 1;
    while (table[k]!.shadedFraction < f) k++;
    const a = table[k - 1]!;
    const b = table[k]!;
    loss =
      a.powerLoss +
      ((b.powerLoss - a.powerLoss) * (f - a.shadedFraction)) / (b.shadedFraction - a.shadedFraction);
  }
  return Math.max(0, 1 - Math.min(100, loss) / 100);
}
