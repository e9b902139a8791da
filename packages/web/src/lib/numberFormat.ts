/**
 * One number formatter for what the screens show (tables and read-only values; typing keeps the
 * full value). Stored values carry binary float noise (0.041000000000000004) and more digits than a
 * datasheet gives, so a shown number is rounded twice: to a number of significant digits (6 unless
 * the quantity says otherwise, which keeps 499.123 kW and 0.0041 %/°C) and to at most a number of
 * decimals for the quantity (a power in W needs one). Trailing zeros are dropped and thousands are
 * grouped ('1,234.5'); a value that is not a finite number shows '--'.
 */
export interface NumberFormat {
  /** Significant digits kept; default 6. */
  significant?: number;
  /** At most this many decimals; default 8. */
  maxDecimals?: number;
  /** Thousands separators; default true. */
  grouping?: boolean;
}

export const NO_NUMBER = '--';

/** Formats of the library's quantities, so a quantity reads alike in the table and on the detail. */
export const NUMBER_FORMATS = {
  /** module STC power [W] */
  modulePower: { maxDecimals: 1 },
  /** inverter rated power [kW] */
  inverterPower: { maxDecimals: 3 },
  /** voltages [V] and currents [A] */
  electrical: { maxDecimals: 2 },
  /** temperature coefficients, efficiencies, resistances: small numbers, keep their digits */
  coefficient: { significant: 5, maxDecimals: 8 },
  /** dimensions [mm], masses, areas */
  dimension: { maxDecimals: 3 },
} as const satisfies Record<string, NumberFormat>;

/** `value` rounded to `significant` digits and at most `maxDecimals` decimals, as a number. */
export function roundForDisplay(value: number, significant = 6, maxDecimals = 8): number {
  if (!Number.isFinite(value) || value === 0) return value === 0 ? 0 : value;
  const bySignificance = Number(value.toPrecision(Math.min(Math.max(significant, 1), 21)));
  const factor = 10 ** Math.min(Math.max(maxDecimals, 0), 15);
  const rounded = Math.round(bySignificance * factor) / factor;
  return Object.is(rounded, -0) ? 0 : rounded;
}

export function formatNumber(value: number | null | undefined, format: NumberFormat = {}): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return NO_NUMBER;
  const maxDecimals = format.maxDecimals ?? 8;
  const rounded = roundForDisplay(value, format.significant ?? 6, maxDecimals);
  return rounded.toLocaleString('en-US', {
    maximumFractionDigits: Math.min(Math.max(maxDecimals, 0), 20),
    minimumFractionDigits: 0,
    useGrouping: format.grouping ?? true,
  });
}
