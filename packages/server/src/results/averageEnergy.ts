/**
 * `GET …/AverageEnergy` (spec 4 §1): `years[{year, months[{month, hours[{hour, energy}]}]}]`, the mean
 * energy of each hour of the day in each month of each simulated year at the point of interconnection
 * [kWh] (the month's energy in that hour of the day, divided by the month's days); hours are the
 * project's standard time of the step's middle.
 */
import type { StoredResult } from './load.ts';

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

export function averageEnergy(result: StoredResult): { years: unknown[] } {
  return {
    years: result.details.years.map((y) => ({
      year: y.year,
      months: DAYS.map((days, m) => {
        const d = m === 1 && isLeap(y.year) ? 29 : days;
        return {
          month: m + 1,
          hours: Array.from({ length: 24 }, (_, hour) => ({
            hour,
            energy: (y.monthHourEnergy[m * 24 + hour] ?? 0) / 1000 / d,
          })),
        };
      }),
    })),
  };
}
