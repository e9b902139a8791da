/**
 * Weather as JSON records for POST /Weather (spec 3 WeatherDetail, the SDK's `weather_details`):
 * synthetic hourly years whose temperatures are known, and the SDK's example year from the shared
 * folder.
 */
import fs from 'node:fs';
import crypto from 'node:crypto';
import { sharedPath } from '../../../../scripts/sharedDir.ts';

export interface DetailRecord {
  index: number;
  timeStamp: string;
  globalHorizontalIrradiance: number;
  directNormalIrradiance: number;
  diffuseHorizontalIrradiance: number;
  temperature: number;
  windspeed: number;
  pressure: number;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * Hourly records of whole calendar years, stamped at the start of each hour (00:00 … 23:00, read as
 * interval-begin), temperature `temp(year, hourOfYear)` [°C], a crude daytime sun for irradiance.
 */
export function hourlyYears(
  years: number[],
  temp: (year: number, hourOfYear: number) => number,
): DetailRecord[] {
  const out: DetailRecord[] = [];
  for (const year of years) {
    const start = Date.UTC(year, 0, 1);
    const hours = (Date.UTC(year + 1, 0, 1) - start) / 3_600_000;
    for (let h = 0; h < hours; h++) {
      const d = new Date(start + h * 3_600_000);
      const stamp = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:00:00`;
      const hour = d.getUTCHours();
      const sun = hour >= 7 && hour <= 17 ? Math.round(600 * Math.sin((Math.PI * (hour - 6)) / 12)) : 0;
      out.push({
        index: out.length + 1,
        timeStamp: stamp,
        globalHorizontalIrradiance: sun,
        directNormalIrradiance: Math.round(sun * 0.8),
        diffuseHorizontalIrradiance: Math.round(sun * 0.3),
        temperature: temp(year, h),
        windspeed: 2,
        pressure: 1000,
      });
    }
  }
  return out;
}

/** A point in the open South Pacific, different on every call (no other suite stores weather there). */
export function remotePoint(): { latitude: number; longitude: number } {
  const r = (n: number) => crypto.randomInt(0, n) / 1000;
  return { latitude: -45 + r(8000), longitude: -135 + r(10000) };
}

/** The SDK's example year (example_usage/weather_details.json), as the file holds it (snake case). */
export function sdkWeatherDetails(): Record<string, unknown>[] {
  const file = sharedPath('clients', 'plantpredict-python-sdk', 'example_usage', 'weather_details.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>[];
}

/** The SDK's snake_to_camel key conversion (plantpredict/utilities.py). */
export function sdkCamel(key: string): string {
  return key.replace(/_([a-z])/g, (_m, ch: string) => ch.toUpperCase());
}
