/**
 * What the weather page shows without reading the series again: the annual and monthly summary
 * (engine `weatherSummary`), the mean daily profile of each month (`dailyProfiles`) and the hour ×
 * day heat map of GHI (`heatMap`). Computed once when the weather is stored (a 1-minute year has
 * 525,600 rows; its page must open in under a second): the summary goes to `data.summary` with the
 * spec 3 sums (globalHorizontalIrradianceSum…), the charts to `state.charts`. JSON has no NaN:
 * missing values are null.
 */
import { calendarIndex } from '@sunfield/engine/weather/calendarIndex.ts';
import {
  dailyProfiles,
  heatMap,
  weatherSummary,
  weatherSummaryFields,
  type WeatherStats,
} from '@sunfield/engine/weather/summary.ts';
import type { WeatherData, WeatherSeriesKey } from '@sunfield/engine/weather/types.ts';
import type { LoadedWeather } from '../models/weather.ts';

/** Keys of the daily profiles. */
export const PROFILE_KEYS: readonly WeatherSeriesKey[] = ['ghi', 'dni', 'dhi', 'poa', 'tempAir', 'windSpeed'];

/** WeatherStats with null for NaN (plus `month` or `year`). */
export type StatsJson = Partial<Record<keyof WeatherStats | 'month' | 'year', number | null>>;

export interface WeatherSummaryJson {
  annual: StatsJson;
  monthly: StatsJson[];
  years: StatsJson[];
}

export interface WeatherChartsJson {
  /** the monthly summary again, for the monthly bars */
  monthly: WeatherSummaryJson['monthly'];
  /** mean by hour of day (0–23, site standard time, mid-interval) for each month */
  dailyProfiles: { key: WeatherSeriesKey; months: { month: number; values: (number | null)[] }[] }[];
  /** hourly means: `values[hour * width + (dayOfYear − 1)]`, width = 365 or 366, height = 24 */
  heatMap: {
    key: WeatherSeriesKey;
    width: number;
    height: number;
    min: number | null;
    max: number | null;
    values: (number | null)[];
  };
}

export interface WeatherDigest {
  summary: WeatherSummaryJson;
  charts: WeatherChartsJson;
  /** spec 3 Weather aggregate fields for `data` */
  aggregates: Record<string, number | boolean | null>;
}

const rounded = (x: number, digits: number): number | null => {
  if (!Number.isFinite(x)) return null;
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};

function statsJson(stats: object): StatsJson {
  const out: Record<string, number | null> = {};
  for (const [k, v] of Object.entries(stats)) if (typeof v === 'number') out[k] = rounded(v, 4);
  return out;
}

/** Computes the summary, the charts and the spec 3 aggregates (one calendar index for all). */
export function digestWeather(weather: LoadedWeather | WeatherData): WeatherDigest {
  const data = weather as WeatherData;
  const index = calendarIndex(data);
  const summary = weatherSummary(data, index);
  const monthly = summary.monthly.map((m) => statsJson(m));
  const profiles = dailyProfiles(
    data,
    PROFILE_KEYS.filter((k) => data[k]),
    index,
  );
  const heatKey: WeatherSeriesKey = data.ghi ? 'ghi' : 'poa';
  const heat = heatMap(data, heatKey, index);
  const heatValues: (number | null)[] = new Array<number | null>(heat.values.length);
  for (let j = 0; j < heat.values.length; j++) heatValues[j] = rounded(heat.values[j]!, 1);
  return {
    summary: {
      annual: statsJson(summary.annual),
      monthly,
      years: summary.years.map(({ months: _months, ...y }) => statsJson(y)),
    },
    charts: {
      monthly,
      dailyProfiles: profiles.map((p) => ({
        key: p.key,
        months: Array.from({ length: 12 }, (_, m) => ({
          month: m + 1,
          values: Array.from(p.values.subarray(m * 24, m * 24 + 24), (v) => rounded(v, 2)),
        })),
      })),
      heatMap: {
        key: heat.key,
        width: heat.days,
        height: heat.hours,
        min: rounded(heat.min, 1),
        max: rounded(heat.max, 1),
        values: heatValues,
      },
    },
    aggregates: weatherSummaryFields(summary),
  };
}
