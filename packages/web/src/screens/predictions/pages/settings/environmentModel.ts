/**
 * The environmental conditions of a prediction (pure, unit-tested): the 12 monthly factors (soiling
 * loss, albedo, spectral shift; spec 3 `MonthlyFactors`, domain MONTHLY_FACTORS_KEYS) and the horizon
 * profile (spec 3 `HorizonDetail`: azimuth N = 0, E = 90, and the horizon's elevation there), with
 * their ranges, the edits (always new arrays: the draft compares by reference) and spreadsheet pastes.
 */
import { MONTH_NAMES } from '@sunfield/domain';
import { horizonTable } from '@sunfield/engine';
import type { MonthlyFactor } from '../../model/types.ts';
import { finite, parseGrid, rangeProblem, type Range } from './fieldRules.ts';

export type MonthlyKey = 'soilingLoss' | 'albedo' | 'spectralShift';

export interface MonthlyColumn {
  key: MonthlyKey;
  label: string;
  /** the unit symbol ('' for albedo, a fraction) */
  symbol: string;
  range: Range;
  decimals: number;
}

/**
 * The three monthly columns. Soiling is a loss of 0–100 % (the API takes −100 to 100, but a
 * negative soiling loss is no physical soiling); albedo a fraction 0–1; spectral shift −100 to 100 %
 * (negative: a gain, as the SDK's example says).
 */
export const MONTHLY_COLUMNS: readonly MonthlyColumn[] = [
  { key: 'soilingLoss', label: 'Soiling loss', symbol: '%', range: { min: 0, max: 100 }, decimals: 2 },
  { key: 'albedo', label: 'Albedo', symbol: '', range: { min: 0, max: 1 }, decimals: 2 },
  {
    key: 'spectralShift',
    label: 'Spectral shift',
    symbol: '%',
    range: { min: -100, max: 100 },
    decimals: 2,
  },
];

const columnOf = (key: MonthlyKey): MonthlyColumn => MONTHLY_COLUMNS.find((c) => c.key === key)!;

/**
 * Twelve rows, January first: the stored row of each month (its id and fields kept), or a new row
 * with blank values for a month the prediction lacks.
 */
export function twelveMonths(factors: readonly MonthlyFactor[] | null | undefined): MonthlyFactor[] {
  const byMonth = new Map<number, MonthlyFactor>();
  for (const factor of factors ?? []) if (!byMonth.has(factor.month)) byMonth.set(factor.month, factor);
  return MONTH_NAMES.map(
    (monthName, i) =>
      byMonth.get(i + 1) ?? { month: i + 1, monthName, soilingLoss: null, albedo: null, spectralShift: null },
  );
}

/** The factors with one month's value changed (a new list of 12; the other rows are the same objects). */
export function setMonthlyValue(
  factors: readonly MonthlyFactor[] | null | undefined,
  month: number,
  key: MonthlyKey,
  value: number | null,
): MonthlyFactor[] {
  return twelveMonths(factors).map((row) => (row.month === month ? { ...row, [key]: value } : row));
}

/**
 * The factors after pasting a spreadsheet column into `key` from `month` down (values past December
 * are dropped). Null when the text is not a list of numbers.
 */
export function pasteMonthlyColumn(
  factors: readonly MonthlyFactor[] | null | undefined,
  month: number,
  key: MonthlyKey,
  text: string,
): MonthlyFactor[] | null {
  const grid = parseGrid(text);
  if (!grid) return null;
  const values = grid.length === 1 ? grid[0]! : grid.map((row) => row[0]!);
  return twelveMonths(factors).map((row) => {
    const i = row.month - month;
    return i >= 0 && i < values.length ? { ...row, [key]: values[i]! } : row;
  });
}

/** The same value in every month of one column (the 'Fill' action). */
export function fillMonthlyColumn(
  factors: readonly MonthlyFactor[] | null | undefined,
  key: MonthlyKey,
  value: number | null,
): MonthlyFactor[] {
  return twelveMonths(factors).map((row) => ({ ...row, [key]: value }));
}

/** The range problem of one monthly value, or null. */
export const monthlyProblem = (key: MonthlyKey, value: unknown): string | null =>
  rangeProblem(value, columnOf(key).range, { symbol: columnOf(key).symbol }, 'metric');

/** Every problem of the monthly table: `{'3.albedo': 'Must be …'}` (month.key). */
export function monthlyProblems(
  factors: readonly MonthlyFactor[] | null | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const row of twelveMonths(factors))
    for (const column of MONTHLY_COLUMNS) {
      const problem = monthlyProblem(column.key, row[column.key]);
      if (problem) out[`${row.month}.${column.key}`] = problem;
    }
  return out;
}

/** The twelve values of one column for a chart (null where blank). */
export const monthlySeries = (factors: readonly MonthlyFactor[] | null | undefined, key: MonthlyKey) =>
  twelveMonths(factors).map((row) => finite(row[key]));

/** Annual means of a column over the months that have a value; null when none has. */
export function monthlyMean(
  factors: readonly MonthlyFactor[] | null | undefined,
  key: MonthlyKey,
): number | null {
  const values = monthlySeries(factors, key).filter((v): v is number => v !== null);
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
}

// ---------------------------------------------------------------------------------------------
// Horizon

/** A horizon point as stored (spec 3 HorizonDetail), with any id kept. */
export interface HorizonPoint {
  id?: number | null;
  azimuth: number | null;
  elevation: number | null;
  [field: string]: unknown;
}

export const HORIZON_RANGES = {
  azimuth: { min: 0, max: 360, required: true },
  elevation: { min: 0, max: 90, required: true },
} as const satisfies Record<'azimuth' | 'elevation', Range>;

/** The horizon points of a prediction (its `horizonDetails`), [] when none. */
export const horizonPoints = (details: unknown): HorizonPoint[] =>
  Array.isArray(details) ? (details as HorizonPoint[]) : [];

/**
 * A new point after the last one: 10° further round (at most 360°), or north when the profile is
 * empty; its elevation that of the last point (0 when none).
 */
export function addHorizonPoint(points: readonly HorizonPoint[]): HorizonPoint[] {
  const last = points[points.length - 1];
  const azimuth = last && finite(last.azimuth) !== null ? Math.min(360, (last.azimuth as number) + 10) : 0;
  const elevation = last && finite(last.elevation) !== null ? (last.elevation as number) : 0;
  return [...points, { azimuth, elevation }];
}

export const removeHorizonPoint = (points: readonly HorizonPoint[], index: number): HorizonPoint[] =>
  points.filter((_, i) => i !== index);

export function setHorizonValue(
  points: readonly HorizonPoint[],
  index: number,
  key: 'azimuth' | 'elevation',
  value: number | null,
): HorizonPoint[] {
  return points.map((point, i) => (i === index ? { ...point, [key]: value } : point));
}

/** The points by azimuth (blank azimuths last; equal azimuths keep their order). */
export function sortHorizon(points: readonly HorizonPoint[]): HorizonPoint[] {
  return points
    .map((point, i) => ({ point, i }))
    .sort((a, b) => {
      const x = finite(a.point.azimuth);
      const y = finite(b.point.azimuth);
      if (x === null || y === null) return x === null ? (y === null ? a.i - b.i : 1) : -1;
      return x - y || a.i - b.i;
    })
    .map(({ point }) => point);
}

export const isHorizonSorted = (points: readonly HorizonPoint[]): boolean =>
  sortHorizon(points).every((point, i) => point === points[i]);

/** Every problem of the horizon table: `{'0.azimuth': 'Must be …'}` (row index.key). */
export function horizonProblems(points: readonly HorizonPoint[]): Record<string, string> {
  const out: Record<string, string> = {};
  points.forEach((point, i) => {
    for (const key of ['azimuth', 'elevation'] as const) {
      const problem = rangeProblem(point[key], HORIZON_RANGES[key], { symbol: '°' }, 'metric');
      if (problem) out[`${i}.${key}`] = problem;
    }
  });
  return out;
}

/**
 * The points after pasting rows of 'azimuth elevation' from a spreadsheet at row `index` (rows
 * beyond the table are added). A single column is taken as the values of `key` from that row down.
 * Null when the text is not numbers.
 */
export function pasteHorizon(
  points: readonly HorizonPoint[],
  index: number,
  key: 'azimuth' | 'elevation',
  text: string,
): HorizonPoint[] | null {
  const grid = parseGrid(text);
  if (!grid) return null;
  const twoColumns = grid.every((row) => row.length >= 2);
  const rows: Partial<HorizonPoint>[] = twoColumns
    ? grid.map((row) => ({ azimuth: row[0]!, elevation: row[1]! }))
    : (grid.length === 1 ? grid[0]! : grid.map((row) => row[0]!)).map((v) => ({ [key]: v }));
  const out = [...points];
  rows.forEach((row, k) => {
    const at = index + k;
    const base: HorizonPoint = out[at] ?? { azimuth: null, elevation: null };
    out[at] = { ...base, ...row };
  });
  return out;
}

/** The valid points (both values in range), as the engine reads them. */
export const validHorizonPoints = (
  points: readonly HorizonPoint[],
): { azimuth: number; elevation: number }[] =>
  points.flatMap((p) =>
    rangeProblem(p.azimuth, HORIZON_RANGES.azimuth, {}, 'metric') === null &&
    rangeProblem(p.elevation, HORIZON_RANGES.elevation, {}, 'metric') === null
      ? [{ azimuth: p.azimuth as number, elevation: p.elevation as number }]
      : [],
  );

/**
 * The horizon line as a run sees it, every `step` degrees from 0 to 360: the engine's linear
 * interpolation between the valid points, wrapping round north (engine `horizonTable`). Empty when
 * there is no valid point (a flat horizon).
 */
export function horizonProfile(points: readonly HorizonPoint[], step = 1): [number, number][] {
  const horizon = validHorizonPoints(points);
  if (horizon.length === 0) return [];
  const table = horizonTable({ horizon }, step);
  return Array.from(table.elevation, (elevation, j): [number, number] => [j * step, elevation]);
}
