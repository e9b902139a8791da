/**
 * How project facts read on screen: place, time zone, elevation, dates, status labels. Coordinates
 * use the DMS formatter of `@sunfield/domain` (spec 2 §9.3); the fields get plain decimal degrees.
 */
import { PROJECT_STATUS, definitionLabel, formatQuantity, type UnitSystemName } from '@sunfield/domain';
import type { GeoLocation, GeoTimeZone } from './types.ts';

/** Decimal degrees as typed back into a field: at most 6 decimals (about 0.1 m). */
export function formatDecimalDegrees(value: number): string {
  if (!Number.isFinite(value)) return '--';
  const rounded = Math.round(value * 1e6) / 1e6;
  return String(Object.is(rounded, -0) ? 0 : rounded);
}

/** 'Kansas, United States'; locality first when the server knows it. */
export function formatPlace(location: GeoLocation | null | undefined): string {
  if (!location) return '';
  const parts = [location.locality, location.stateProvince, location.country]
    .map((part) => part?.trim())
    .filter((part): part is string => Boolean(part));
  return [...new Set(parts)].join(', ');
}

/** Standard offset in hours → 'UTC−06:00', 'UTC+05:30', 'UTC±00:00'; '--' when unknown. */
export function formatUtcOffset(hours: number | null | undefined): string {
  if (hours === null || hours === undefined || !Number.isFinite(hours)) return '--';
  const totalMinutes = Math.round(Math.abs(hours) * 60);
  const hh = String(Math.floor(totalMinutes / 60)).padStart(2, '0');
  const mm = String(totalMinutes % 60).padStart(2, '0');
  const sign = totalMinutes === 0 ? '±' : hours < 0 ? '−' : '+';
  return `UTC${sign}${hh}:${mm}`;
}

/** 'America/Chicago (UTC−06:00)'; '--' when the zone is unknown. */
export function formatTimeZone(zone: GeoTimeZone | null | undefined): string {
  if (!zone?.timeZone) return '--';
  const offset = formatUtcOffset(zone.standardOffsetFromUTC);
  return offset === '--' ? zone.timeZone : `${zone.timeZone} (${offset})`;
}

/** Elevation in the user's unit system, 2 decimals at most (spec 2 §9.2); null when there is none. */
export function formatElevation(metres: number | null | undefined, units: UnitSystemName): string | null {
  if (metres === null || metres === undefined || !Number.isFinite(metres)) return null;
  return formatQuantity('elevation', metres, units, { decimals: 2 });
}

export { formatDateTime } from '../../../lib/dates.ts';

export const PROJECT_STATUS_ACTIVE: number = PROJECT_STATUS.Active;
export const PROJECT_STATUS_ARCHIVED: number = PROJECT_STATUS.Archived;

/** 'Active', 'Archived', 'Voltage Pro'. */
export function projectStatusLabel(status: number | null | undefined): string {
  return definitionLabel('ProjectStatusEnum', status) ?? 'Unknown';
}

/** 'Draft-Private', 'As-Built', …; '--' when unknown. */
export function predictionStatusLabel(status: number | null | undefined): string {
  return definitionLabel('PredictionStatusEnum', status) ?? '--';
}
