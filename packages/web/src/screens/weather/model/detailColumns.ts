/** Columns of the raw-data table: spec 3 WeatherDetail fields, shown when any loaded row has them. */
import type { WeatherDetail } from './types.ts';

export const DETAIL_FIELDS: { field: string; label: string; unit: string; decimals: number }[] = [
  { field: 'globalHorizontalIrradiance', label: 'GHI', unit: 'W/m²', decimals: 1 },
  { field: 'directNormalIrradiance', label: 'DNI', unit: 'W/m²', decimals: 1 },
  { field: 'diffuseHorizontalIrradiance', label: 'DHI', unit: 'W/m²', decimals: 1 },
  { field: 'planeOfArrayIrradiance', label: 'POA', unit: 'W/m²', decimals: 1 },
  { field: 'temperature', label: 'Temperature', unit: '°C', decimals: 1 },
  { field: 'dewpoint', label: 'Dew point', unit: '°C', decimals: 1 },
  { field: 'relativeHumidity', label: 'RH', unit: '%', decimals: 1 },
  { field: 'pressure', label: 'Pressure', unit: 'hPa', decimals: 1 },
  { field: 'windspeed', label: 'Wind speed', unit: 'm/s', decimals: 1 },
  { field: 'windDirection', label: 'Wind dir.', unit: '°', decimals: 0 },
  { field: 'precipitableWater', label: 'PW', unit: 'cm', decimals: 2 },
  { field: 'albedoData', label: 'Albedo', unit: '–', decimals: 2 },
  { field: 'rainfall', label: 'Rainfall', unit: 'mm', decimals: 1 },
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
