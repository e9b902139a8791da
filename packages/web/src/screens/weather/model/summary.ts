/**
 * The summary table of a weather asset: irradiance quantities are sums (kWh/m²), the others means in
 * the user's unit (pressure hPa or inHg, temperatures °C or °F …; the summary stores SI). Keys follow
 * the engine's series keys; unknown keys are shown as given.
 */
import type { UnitSystemName } from '@sunfield/domain';
import { seriesLabel, seriesUnit, seriesValue } from './format.ts';
import type { WeatherSummary } from './types.ts';

export const IRRADIANCE_KEYS = ['ghi', 'dni', 'dhi', 'poa'] as const;
/** Entries of the summary that are not quantities. */
const NOT_SHOWN = new Set(['month', 'year', 'count']);
const ORDER = [
  'ghi',
  'dni',
  'dhi',
  'poa',
  'tempAir',
  'tempAirMax',
  'tempAirMin',
  'tempDew',
  'relativeHumidity',
  'pressure',
  'windSpeed',
  'windDirection',
  'precipitableWater',
  'albedo',
  'rainfall',
];

export interface SummaryColumn {
  key: string;
  label: string;
  unit: string;
  kind: 'sum' | 'mean';
}

/** Columns present in the summary (annual or any month), in the engine's order. */
export function summaryColumns(
  summary: WeatherSummary | null | undefined,
  system: UnitSystemName = 'metric',
): SummaryColumn[] {
  if (!summary) return [];
  const present = new Set<string>();
  for (const [key, value] of Object.entries(summary.annual ?? {}))
    if (!NOT_SHOWN.has(key) && typeof value === 'number') present.add(key);
  for (const month of summary.monthly ?? [])
    for (const [key, value] of Object.entries(month))
      if (!NOT_SHOWN.has(key) && typeof value === 'number') present.add(key);
  const ordered = [
    ...ORDER.filter((key) => present.has(key)),
    ...[...present].filter((key) => !ORDER.includes(key)),
  ];
  return ordered.map((key) => {
    const irradiance = (IRRADIANCE_KEYS as readonly string[]).includes(key);
    const unit = irradiance ? 'kWh/m²' : seriesUnit(key, system);
    return { key, label: seriesLabel(key), unit, kind: irradiance || key === 'rainfall' ? 'sum' : 'mean' };
  });
}

/** A summary entry as shown in the user's unit (irradiation sums stay kWh/m²). */
export function summaryValue(key: string, value: unknown, system: UnitSystemName = 'metric'): number | null {
  if (typeof value !== 'number') return null;
  return (IRRADIANCE_KEYS as readonly string[]).includes(key) ? value : seriesValue(key, value, system);
}

/** Annual GHI (kWh/m²) from the summary, or from the asset's own sum field. */
export function annualGhi(
  summary: WeatherSummary | null | undefined,
  fallback?: number | null,
): number | null {
  const value = summary?.annual?.ghi;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  return typeof fallback === 'number' && Number.isFinite(fallback) ? fallback : null;
}
