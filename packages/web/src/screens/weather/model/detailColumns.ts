/**
 * Columns of the raw-data table: spec 3 WeatherDetail fields, shown when any loaded row has them.
 * `series` names the quantity (format.ts SERIES_QUANTITIES) the user's unit system converts; the
 * API sends pressure in hPa (mbar) here, where the summary has Pa, hence `stored`.
 */
import type { UnitId } from '@sunfield/domain';
import type { WeatherDetail } from './types.ts';

export interface DetailField {
  field: string;
  label: string;
  /** the series key (unit and conversion) */
  series: string;
  decimals: number;
  /** the unit the API sends when not the series' canonical one */
  stored?: UnitId;
}

export const DETAIL_FIELDS: DetailField[] = [
  { field: 'globalHorizontalIrradiance', label: 'GHI', series: 'ghi', decimals: 1 },
  { field: 'directNormalIrradiance', label: 'DNI', series: 'dni', decimals: 1 },
  { field: 'diffuseHorizontalIrradiance', label: 'DHI', series: 'dhi', decimals: 1 },
  { field: 'planeOfArrayIrradiance', label: 'POA', series: 'poa', decimals: 1 },
  { field: 'temperature', label: 'Temperature', series: 'tempAir', decimals: 1 },
  { field: 'dewpoint', label: 'Dew point', series: 'tempDew', decimals: 1 },
  { field: 'relativeHumidity', label: 'RH', series: 'relativeHumidity', decimals: 1 },
  { field: 'pressure', label: 'Pressure', series: 'pressure', decimals: 1, stored: 'hectopascal' },
  { field: 'windspeed', label: 'Wind speed', series: 'windSpeed', decimals: 1 },
  { field: 'windDirection', label: 'Wind dir.', series: 'windDirection', decimals: 0 },
  { field: 'precipitableWater', label: 'PW', series: 'precipitableWater', decimals: 2 },
  { field: 'albedoData', label: 'Albedo', series: 'albedo', decimals: 2 },
  { field: 'rainfall', label: 'Rainfall', series: 'rainfall', decimals: 1 },
];

export function presentDetailFields(rows: readonly WeatherDetail[]) {
  return DETAIL_FIELDS.filter(({ field }) =>
    rows.some((row) => typeof row[field] === 'number' && Number.isFinite(row[field] as number)),
  );
}

export const DETAIL_PAGE_SIZE = 500;

/** Pages (0-based) covering rows start…end. */
export function pagesFor(start: number, end: number, pageSize = DETAIL_PAGE_SIZE): number[] {
  const out: number[] = [];
  for (let p = Math.floor(Math.max(0, start) / pageSize); p <= Math.floor(Math.max(0, end) / pageSize); p++)
    out.push(p);
  return out;
}
