/**
 * Range checks of the settings pages (pure, unit-tested). A value is checked in its stored unit; the
 * message names the range in the unit the user sees (metric or imperial, domain units.ts), in the
 * words the API uses for the same refusal ('Must be a number from 0 to 90 °.').
 */
import { formatNumber, toUserUnits, type UnitId, type UnitSystemName } from '@sunfield/domain';

/** A range in the stored unit. */
export interface Range {
  min: number;
  max: number;
  /** the lower end is excluded (e.g. a rating must be above 0) */
  minExclusive?: boolean;
  integer?: boolean;
  /** a value is required (blank is a problem) */
  required?: boolean;
}

/** The unit of a value: one that converts between systems (`unit`), or a fixed symbol. */
export interface UnitOf {
  unit?: UnitId;
  symbol?: string;
}

/** A number as typed in a field: finite, else null. */
export const finite = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** Trims a range end for a message: 1242.742 → '1242.74', 90 → '90'. */
function end(value: number): string {
  return Number.isInteger(value) ? String(value) : formatNumber(value, 2).replace(/\.?0+$/, '');
}

/**
 * The problem of a value, or null when it is in range.
 * @param value the stored value (null or undefined: blank)
 * @param range the range in the stored unit
 * @param of the unit: `unit` converts for the message, `symbol` is shown as is
 * @param units the user's unit system
 */
export function rangeProblem(value: unknown, range: Range, of: UnitOf, units: UnitSystemName): string | null {
  const n = finite(value);
  if (value === null || value === undefined) return range.required ? 'Required.' : null;
  const lo = of.unit ? toUserUnits(range.min, of.unit, units) : { value: range.min, symbol: of.symbol ?? '' };
  const hi = of.unit ? toUserUnits(range.max, of.unit, units).value : range.max;
  const symbol = lo.symbol ? ` ${lo.symbol}` : '';
  const message = range.integer
    ? `Must be a whole number from ${end(lo.value)} to ${end(hi)}${symbol}.`
    : range.minExclusive
      ? `Must be greater than ${end(lo.value)} and at most ${end(hi)}${symbol}.`
      : `Must be a number from ${end(lo.value)} to ${end(hi)}${symbol}.`;
  if (n === null) return message;
  if (range.integer && !Number.isInteger(n)) return message;
  if (range.minExclusive ? n <= range.min : n < range.min) return message;
  if (n > range.max) return message;
  return null;
}

/**
 * Numbers pasted from a spreadsheet: rows split on line breaks, cells on tabs, semicolons or spaces
 * (a trailing % is dropped). Null when a cell is not a number (the paste is then left to the field).
 */
export function parseGrid(text: string): number[][] | null {
  const rows = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (rows.length === 0) return null;
  const grid: number[][] = [];
  for (const row of rows) {
    const cells = row.split(/[\t;]|\s+/).map((cell) => cell.trim().replace(/%$/, ''));
    const values: number[] = [];
    for (const cell of cells) {
      if (cell === '') continue;
      const n = Number(cell);
      if (!Number.isFinite(n) || !/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(cell)) return null;
      values.push(n);
    }
    if (values.length) grid.push(values);
  }
  return grid.length ? grid : null;
}

/** Whether a paste holds more than one value (a column or a block), so a table takes it. */
export const isMultiValuePaste = (text: string): boolean => /[\n\t]/.test(text.trim());
