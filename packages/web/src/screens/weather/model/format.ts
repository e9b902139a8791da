/**
 * How weather facts read on screen: quantity names and units, enumeration labels, numbers, dates
 * and the download progress of a list row.
 */
import {
  definitionLabel,
  quantitySymbol,
  toDisplay,
  type QuantityKind,
  type UnitId,
  type UnitSystemName,
} from '@sunfield/domain';
import type { DownloadInfo, WeatherSeriesKey } from './types.ts';

export const SERIES_KEYS: readonly WeatherSeriesKey[] = [
  'ghi',
  'dni',
  'dhi',
  'poa',
  'tempAir',
  'tempDew',
  'relativeHumidity',
  'pressure',
  'windSpeed',
  'windDirection',
  'precipitableWater',
  'albedo',
  'rainfall',
];

export const SERIES_LABELS: Record<WeatherSeriesKey | 'tempAirMax' | 'tempAirMin', string> = {
  tempAirMax: 'Max air temperature',
  tempAirMin: 'Min air temperature',
  ghi: 'GHI',
  dni: 'DNI',
  dhi: 'DHI',
  poa: 'POA irradiance',
  tempAir: 'Air temperature',
  tempDew: 'Dew point',
  relativeHumidity: 'Relative humidity',
  pressure: 'Pressure',
  windSpeed: 'Wind speed',
  windDirection: 'Wind direction',
  precipitableWater: 'Precipitable water',
  albedo: 'Albedo',
  rainfall: 'Rainfall',
};

/** Canonical (stored) unit of each quantity (engine NOMENCLATURE). Shown through `seriesUnit`. */
export const SERIES_UNITS: Record<WeatherSeriesKey | 'tempAirMax' | 'tempAirMin', string> = {
  tempAirMax: '°C',
  tempAirMin: '°C',
  ghi: 'W/m²',
  dni: 'W/m²',
  dhi: 'W/m²',
  poa: 'W/m²',
  tempAir: '°C',
  tempDew: '°C',
  relativeHumidity: '%',
  pressure: 'Pa',
  windSpeed: 'm/s',
  windDirection: '°',
  precipitableWater: 'cm',
  albedo: '–',
  rainfall: 'mm',
};

/**
 * The quantity kind of each series that the Metric/Imperial switch converts (lib/units.tsx);
 * irradiance, humidity, direction, albedo and precipitable water read the same in both systems.
 */
export const SERIES_QUANTITIES: Partial<Record<string, QuantityKind>> = {
  tempAir: 'temperature',
  tempAirMax: 'temperature',
  tempAirMin: 'temperature',
  tempDew: 'temperature',
  pressure: 'pressure',
  windSpeed: 'windSpeed',
  rainfall: 'precipitation',
};

/** The unit a series is shown in for a unit system: '°F', 'hPa', 'W/m²'. */
export function seriesUnit(key: string, system: UnitSystemName = 'metric'): string {
  const kind = SERIES_QUANTITIES[key];
  return kind ? quantitySymbol(kind, system) : ((SERIES_UNITS as Record<string, string>)[key] ?? '');
}

/** A stored series value as shown for a unit system (`stored`: its unit when not the canonical one). */
export function seriesValue(
  key: string,
  value: number | null | undefined,
  system: UnitSystemName = 'metric',
  stored?: UnitId,
): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const kind = SERIES_QUANTITIES[key];
  return kind ? toDisplay(kind, value, system, stored) : value;
}

/** Units a generic CSV column may be in, per quantity (the first is the canonical one). */
export const FILE_UNITS: Record<WeatherSeriesKey, string[]> = {
  ghi: ['W/m2', 'kW/m2', 'Wh/m2', 'kWh/m2', 'J/cm2', 'MJ/m2'],
  dni: ['W/m2', 'kW/m2', 'Wh/m2', 'kWh/m2', 'J/cm2', 'MJ/m2'],
  dhi: ['W/m2', 'kW/m2', 'Wh/m2', 'kWh/m2', 'J/cm2', 'MJ/m2'],
  poa: ['W/m2', 'kW/m2', 'Wh/m2', 'kWh/m2', 'J/cm2', 'MJ/m2'],
  tempAir: ['C', 'F', 'K'],
  tempDew: ['C', 'F', 'K'],
  relativeHumidity: ['%', 'fraction'],
  pressure: ['Pa', 'hPa', 'mbar', 'kPa', 'bar', 'atm', 'mmHg'],
  windSpeed: ['m/s', 'km/h', 'mph', 'kn'],
  windDirection: ['deg'],
  precipitableWater: ['cm', 'mm', 'in'],
  albedo: ['fraction', '%'],
  rainfall: ['mm', 'cm', 'in'],
};

/** Label of a column key, falling back to the key itself. */
export function seriesLabel(key: string): string {
  return (SERIES_LABELS as Record<string, string>)[key] ?? key;
}

export function formatNumber(value: number | null | undefined, decimals = 2): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '--';
  return value.toLocaleString('en-US', { maximumFractionDigits: decimals, minimumFractionDigits: 0 });
}

/** Standard offset in hours → 'UTC−05:00'; '--' when unknown. */
export function formatUtcOffset(hours: number | null | undefined): string {
  if (hours === null || hours === undefined || !Number.isFinite(hours)) return '--';
  const totalMinutes = Math.round(Math.abs(hours) * 60);
  const hh = String(Math.floor(totalMinutes / 60)).padStart(2, '0');
  const mm = String(totalMinutes % 60).padStart(2, '0');
  const sign = totalMinutes === 0 ? '±' : hours < 0 ? '−' : '+';
  return `UTC${sign}${hh}:${mm}`;
}

/** The time stamp as written (local standard time of the file): '2005-01-01 13:00'. */
export function formatTimestamp(iso: string | null | undefined): string {
  if (!iso) return '--';
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})/.exec(iso);
  if (match) return `${match[1]} ${match[2]}`;
  return iso;
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '--';
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(iso);
  return match ? match[1]! : iso;
}

/**
 * A weather file's period: '2017-01-01 – 2017-12-31'. A typical year (TMY…) has no calendar period:
 * its months come from different years, so its first and last records can read "1988-01-01 –
 * 1981-01-01". It reads as the year a run simulates it in and where its months come from: 'Typical
 * year 1990 (months from 1976–2005)'. A file not flagged typical whose end is before its start is
 * one of those too (stored before the flag existed): its two dates' years are source years.
 */
export function formatPeriod(weather: {
  startDate?: string | null;
  endDate?: string | null;
  typicalYear?: boolean | null;
  years?: readonly number[] | null;
}): string {
  const start = formatDate(weather.startDate);
  const end = formatDate(weather.endDate);
  const reversed = weather.typicalYear !== true && start !== '--' && end !== '--' && end < start;
  if (weather.typicalYear !== true && !reversed) return `${start} – ${end}`;
  const yearOf = (date: string): number | null => (/^\d{4}/.test(date) ? Number(date.slice(0, 4)) : null);
  const sources = reversed ? [yearOf(start), yearOf(end)] : [...(weather.years ?? [])];
  const years = sources.filter((y): y is number => Number.isInteger(y));
  const simulated = reversed ? null : yearOf(start);
  const title = simulated === null ? 'Typical year' : `Typical year ${simulated}`;
  if (years.length === 0) return title;
  const first = Math.min(...years);
  const last = Math.max(...years);
  return `${title} (months from ${first === last ? first : `${first}–${last}`})`;
}

export { formatDateTime } from '../../../lib/dates.ts';

/** '60 min', '1 min'; '--' when unknown. */
export function formatInterval(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes)) return '--';
  return `${minutes} min`;
}

export const statusLabel = (status: number | null | undefined): string =>
  definitionLabel('LibraryStatusEnum', status) ?? '--';

export const providerLabel = (provider: number | null | undefined): string =>
  definitionLabel('WeatherDataProvider', provider) ?? '--';

export function formatLabel(format: string | number | null | undefined): string {
  if (format === null || format === undefined || format === '') return '--';
  if (typeof format === 'number') return definitionLabel('WeatherFormat', format) ?? String(format);
  return FILE_FORMAT_LABELS[format] ?? format;
}

/** Names of the engine's detected formats. */
export const FILE_FORMAT_LABELS: Record<string, string> = {
  tmy3: 'TMY3',
  tmy2: 'TMY2',
  epw: 'EPW',
  psm3: 'NSRDB PSM3',
  psm4: 'NSRDB PSM4',
  psmTable: 'NSRDB PSM table',
  pvgisTmyCsv: 'PVGIS TMY (CSV)',
  pvgisTmyJson: 'PVGIS TMY (JSON)',
  pvgisHourlyCsv: 'PVGIS hourly (CSV)',
  pvgisHourlyJson: 'PVGIS hourly (JSON)',
  solarAnywhere: 'SolarAnywhere',
  surfrad: 'SURFRAD',
  genericCsv: 'Generic CSV',
  generic: 'Generic CSV',
  generated: 'Synthetic',
};

export const TIMESTAMP_DEFINITIONS = [
  { value: '1', label: 'Interval end' },
  { value: '2', label: 'Interval beginning' },
  { value: '3', label: 'Interval middle' },
  { value: '4', label: 'Instantaneous' },
];

export function timestampDefinitionLabel(id: number | null | undefined): string {
  return TIMESTAMP_DEFINITIONS.find((d) => d.value === String(id))?.label ?? '--';
}

export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Download progress of a row, 0…100, or null when nothing is downloading (no downloadInfo, or a
 * finished download at 100).
 */
export function downloadProgress(info: DownloadInfo | null | undefined): number | null {
  const value = info?.downloadPercentComplete;
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  if (value >= 100) return null;
  return Math.max(0, Math.min(100, Math.round(value)));
}
