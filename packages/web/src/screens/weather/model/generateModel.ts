/**
 * The generate form (pure, unit-tested): 12 monthly GHI sums (kWh/m²) and mean temperatures (°C),
 * prefilled from GenerateWeather/Info when it gives them, else from a smooth mid-latitude year
 * mirrored for the southern hemisphere; its checks and the request body.
 */
import { quantityRangeText, type UnitSystemName } from '@sunfield/domain';
import type { GenerateInfo, GenerateRequest } from './types.ts';

/** A temperate northern site (about 36° N): monthly GHI [kWh/m²] and mean air temperature [°C]. */
export const DEFAULT_MONTHLY_GHI = [78, 94, 134, 163, 183, 190, 187, 169, 140, 114, 83, 70];
export const DEFAULT_MONTHLY_TEMP = [3, 5, 10, 15, 20, 24, 26, 25, 21, 15, 9, 4];

/** Six months shifted for the southern hemisphere. */
export const shiftSouth = <T>(values: readonly T[]): T[] => values.map((_, i) => values[(i + 6) % 12]!);

export function defaultMonthly(info: GenerateInfo | undefined, latitude: number | null) {
  const south = latitude !== null && latitude < 0;
  const ghi =
    Array.isArray(info?.monthlyGhi) && info.monthlyGhi.length === 12 ? info.monthlyGhi : DEFAULT_MONTHLY_GHI;
  const temp =
    Array.isArray(info?.monthlyTemp) && info.monthlyTemp.length === 12
      ? info.monthlyTemp
      : DEFAULT_MONTHLY_TEMP;
  return { ghi: south ? shiftSouth(ghi) : [...ghi], temp: south ? shiftSouth(temp) : [...temp] };
}

export interface GenerateForm {
  name: string;
  latitude: number | '';
  longitude: number | '';
  elevation: number | '';
  timeZone: number | '';
  monthlyGhi: (number | '')[];
  monthlyTemp: (number | '')[];
  seed: number | '';
}

export type GenerateErrors = Partial<
  Record<'name' | 'latitude' | 'longitude' | 'timeZone' | 'monthlyGhi' | 'monthlyTemp', string>
>;

/** The form's errors; ranges of quantities are stated in the user's unit system. */
export function checkGenerate(form: GenerateForm, system: UnitSystemName = 'metric'): GenerateErrors {
  const errors: GenerateErrors = {};
  if (!form.name.trim()) errors.name = 'Name is required.';
  if (form.latitude === '') errors.latitude = 'Latitude is required.';
  else if (form.latitude < -90 || form.latitude > 90)
    errors.latitude = 'Latitude must be between -90 and 90.';
  if (form.longitude === '') errors.longitude = 'Longitude is required.';
  else if (form.longitude < -180 || form.longitude > 180)
    errors.longitude = 'Longitude must be between -180 and 180.';
  if (form.timeZone !== '' && (form.timeZone < -12 || form.timeZone > 14))
    errors.timeZone = 'Time zone must be between -12 and 14 hours.';
  if (form.monthlyGhi.some((v) => v === '' || v < 0 || v > 400))
    errors.monthlyGhi = 'Each monthly GHI must be between 0 and 400 kWh/m².';
  if (form.monthlyTemp.some((v) => v === '' || v < -60 || v > 60))
    errors.monthlyTemp = quantityRangeText('Each monthly temperature', 'temperature', -60, 60, system);
  return errors;
}

export function buildGenerateRequest(form: GenerateForm): GenerateRequest {
  return {
    name: form.name.trim(),
    latitude: Number(form.latitude),
    longitude: Number(form.longitude),
    ...(form.elevation !== '' ? { elevation: form.elevation } : {}),
    ...(form.timeZone !== '' ? { timeZone: form.timeZone } : {}),
    monthlyGhi: form.monthlyGhi.map(Number),
    monthlyTemp: form.monthlyTemp.map(Number),
    ...(form.seed !== '' ? { seed: form.seed } : {}),
  };
}

/** Rough standard time zone from longitude (15° per hour), until the user or the server says. */
export const timeZoneFromLongitude = (longitude: number): number =>
  Math.max(-12, Math.min(14, Math.round(longitude / 15)));
