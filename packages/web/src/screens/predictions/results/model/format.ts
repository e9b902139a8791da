/**
 * Numbers of the result screens (pure): thousands separators, units in the user's system. Energy is
 * MWh or kWh in both systems; irradiation kWh/m² ↔ kWh/ft², irradiance W/m² ↔ W/ft² (domain units).
 */
import { MONTH_NAMES, toUserUnits, UNITS, displayUnit, type UnitSystemName } from '@sunfield/domain';

/** A finite number or null. */
export const finite = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** '3,843.6' (en-US grouping, exactly `decimals` decimals); '--' when not a finite number. */
export function formatValue(value: number | null | undefined, decimals = 2): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '--';
  const text = value.toLocaleString('en-US', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}

/** A value with its unit symbol: '3,843.6 MWh'; '--' when unknown. */
export function withUnit(value: number | null | undefined, symbol: string, decimals = 2): string {
  const text = formatValue(value, decimals);
  return text === '--' ? text : `${text} ${symbol}`;
}

/** A loss in % with the UI sign (the API stores + loss / − gain): '−2.55 %', '+17.80 %'. */
export function formatLossPercent(rawLoss: number | null | undefined, decimals = 2): string {
  if (typeof rawLoss !== 'number' || !Number.isFinite(rawLoss)) return '--';
  const shown = -rawLoss;
  const text = formatValue(Math.abs(shown), decimals);
  if (Number(text.replace(/,/g, '')) === 0) return `${formatValue(0, decimals)} %`;
  return `${shown < 0 ? '−' : '+'}${text} %`;
}

/** The stored unit of each quantity the result screens convert. */
export const RESULT_UNITS = {
  irradiation: 'kilowattHourPerSquareMetre',
  irradiance: 'wattPerSquareMetre',
  length: 'metre',
} as const;
export type ConvertedQuantity = keyof typeof RESULT_UNITS;

/** A stored value of a quantity in the user's system. */
export function inUserUnits(
  value: number | null | undefined,
  quantity: ConvertedQuantity,
  units: UnitSystemName,
): number | null {
  const v = finite(value);
  return v === null ? null : toUserUnits(v, RESULT_UNITS[quantity], units).value;
}

/** The symbol of a quantity in the user's system: 'kWh/m²' or 'kWh/ft²'. */
export function unitOf(quantity: ConvertedQuantity, units: UnitSystemName): string {
  return UNITS[displayUnit(RESULT_UNITS[quantity], units)].symbol;
}

/** A power scale for a maximum in kW: kW below 10 MW, MW above. */
export function powerScale(maxKw: number): { factor: number; symbol: 'kW' | 'MW' } {
  return Math.abs(maxKw) >= 10_000 ? { factor: 1 / 1000, symbol: 'MW' } : { factor: 1, symbol: 'kW' };
}

/** '1990-01-01T12:00:00' (project standard time as the API writes it) → '1990-01-01 12:00'. */
export function formatTimeStamp(stamp: string | null | undefined): string {
  if (!stamp) return '--';
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})/.exec(stamp);
  return match ? `${match[1]} ${match[2]}` : stamp;
}

export { formatDateTime } from '../../../../lib/dates.ts';

/** Month abbreviations (domain MONTH_NAMES, the product's `monthName`). */
export { MONTH_NAMES };

// eslint-disable-next-line no-control-regex
const UNSAFE_FILE_CHARACTERS = /[\\/:*?"<>|\u0000-\u001f\u007f]+/g;

/** A prediction name made safe for a file name, as the server makes it (at most 150 characters). */
export function safeFileName(name: string): string {
  return name.replace(UNSAFE_FILE_CHARACTERS, '_').trim().slice(0, 150) || 'Prediction';
}
