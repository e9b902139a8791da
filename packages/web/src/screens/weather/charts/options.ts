/**
 * ECharts options of the weather charts, built from the API answers (pure, unit-tested): monthly
 * bars, daily profiles by month, the hour × day heat map, flagged quality-check points, the compare
 * chart and the horizon profile.
 */
import type { UnitSystemName } from '@sunfield/domain';
import { MONTHS, seriesLabel, seriesUnit, seriesValue } from '../model/format.ts';
import type {
  DailyProfile,
  DailyProfileSeries,
  FlaggedStep,
  HeatMap,
  HorizonPoint,
  MonthlyChartRow,
  WeatherSeriesKey,
} from '../model/types.ts';

const COLORS: Record<string, string> = {
  ghi: '#f08c00',
  dni: '#e03131',
  dhi: '#1c7ed6',
  poa: '#7048e8',
  tempAir: '#2f9e44',
};

const finite = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** Monthly irradiation bars (kWh/m²) for the keys present in the rows. */
export function monthlyBarsOption(
  rows: readonly MonthlyChartRow[],
  keys: readonly string[] = ['ghi', 'dni', 'dhi'],
) {
  const present = keys.filter((key) => rows.some((row) => finite(row[key]) !== null));
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  return {
    tooltip: { trigger: 'axis' },
    legend: { data: present.map(seriesLabel), top: 0 },
    grid: { left: 56, right: 24, top: 36, bottom: 32 },
    xAxis: { type: 'category', data: MONTHS },
    yAxis: { type: 'value', name: 'kWh/m²' },
    series: present.map((key) => ({
      name: seriesLabel(key),
      type: 'bar',
      itemStyle: COLORS[key] ? { color: COLORS[key] } : undefined,
      data: MONTHS.map((_, i) => {
        const value = finite(byMonth.get(i + 1)?.[key]);
        return value === null ? null : Math.round(value * 10) / 10;
      }),
    })),
  };
}

/**
 * Profiles by quantity and month from either shape: the server's `{key, months: [{month, values}]}`
 * or flat `{month, key, values}` / `{month, ghi: [...]}` entries.
 */
export function normalizeProfiles(
  profiles: readonly (DailyProfileSeries | DailyProfile)[],
): Map<string, Map<number, (number | null)[]>> {
  const out = new Map<string, Map<number, (number | null)[]>>();
  const put = (key: string, month: number, values: unknown) => {
    if (!Array.isArray(values)) return;
    const byMonth = out.get(key) ?? new Map<number, (number | null)[]>();
    byMonth.set(month, (values as unknown[]).map(finite));
    out.set(key, byMonth);
  };
  for (const entry of profiles) {
    if ('months' in entry && Array.isArray(entry.months)) {
      for (const m of entry.months) put(String(entry.key), m.month, m.values);
      continue;
    }
    const flat = entry as DailyProfile;
    if (typeof flat.month !== 'number') continue;
    if (flat.key && Array.isArray(flat.values)) put(flat.key, flat.month, flat.values);
    for (const [key, value] of Object.entries(flat))
      if (key !== 'values' && Array.isArray(value)) put(key, flat.month, value);
  }
  return out;
}

/** Mean daily profile (value by hour) of one quantity for each chosen month. */
export function dailyProfilesOption(
  profiles: ReadonlyMap<string, ReadonlyMap<number, (number | null)[]>>,
  key: string,
  months: readonly number[],
  system: UnitSystemName = 'metric',
) {
  const byMonth = profiles.get(key) ?? new Map<number, (number | null)[]>();
  const chosen = [...months].sort((a, b) => a - b).filter((m) => byMonth.has(m));
  const hours = Math.max(24, ...chosen.map((m) => byMonth.get(m)!.length));
  const step = 24 / hours;
  return {
    tooltip: { trigger: 'axis' },
    legend: { data: chosen.map((m) => MONTHS[m - 1] ?? String(m)), top: 0, type: 'scroll' },
    grid: { left: 56, right: 24, top: 36, bottom: 40 },
    xAxis: {
      type: 'category',
      name: 'Hour',
      nameLocation: 'middle',
      nameGap: 26,
      data: Array.from({ length: hours }, (_, i) => String(Math.round(i * step * 100) / 100)),
    },
    yAxis: { type: 'value', name: `${seriesLabel(key)} (${seriesUnit(key, system)})` },
    series: chosen.map((month) => ({
      name: MONTHS[month - 1] ?? String(month),
      type: 'line',
      showSymbol: false,
      data: byMonth.get(month)!.map((value) => seriesValue(key, value, system)),
    })),
  };
}

/** Hour × day heat map: x = day of year, y = hour (or step) of day. */
export function heatMapOption(map: HeatMap, system: UnitSystemName = 'metric') {
  const data: [number, number, number][] = [];
  let max = 0;
  let min = 0;
  for (let hour = 0; hour < map.height; hour++) {
    for (let day = 0; day < map.width; day++) {
      const value = seriesValue(map.key, finite(map.values[hour * map.width + day]), system);
      if (value === null) continue;
      if (value > max) max = value;
      if (value < min) min = value;
      data.push([day, hour, Math.round(value * 10) / 10]);
    }
  }
  const step = 24 / map.height;
  return {
    tooltip: {
      position: 'top',
      formatter: (p: { value: [number, number, number] }) =>
        `Day ${p.value[0] + 1}, ${(p.value[1] * step).toFixed(step < 1 ? 2 : 0)} h: ${p.value[2]} ${seriesUnit(map.key, system)}`,
    },
    grid: { left: 56, right: 24, top: 16, bottom: 72 },
    xAxis: {
      type: 'category',
      name: 'Day',
      data: Array.from({ length: map.width }, (_, i) => String(i + 1)),
      splitArea: { show: false },
    },
    yAxis: {
      type: 'category',
      name: 'Hour',
      data: Array.from({ length: map.height }, (_, i) => String(Math.round(i * step * 100) / 100)),
    },
    visualMap: {
      min: Math.floor(min),
      max: max || 1,
      calculable: true,
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      inRange: { color: ['#0b1d51', '#2c7bb6', '#ffffbf', '#fdae61', '#d7191c'] },
      text: [`${seriesLabel(map.key)} ${seriesUnit(map.key, system)}`, ''],
    },
    series: [{ type: 'heatmap', data, progressive: 2000, animation: false }],
  };
}

/** Flagged steps as points (their GHI, W/m²) over their step index, one scatter series per check. */
export function flaggedPointsOption(
  steps: readonly FlaggedStep[],
  totalSteps: number,
  names: ReadonlyMap<string, string> = new Map(),
) {
  const byCheck = new Map<string, [number, number][]>();
  for (const step of steps) {
    const checks = step.checks?.length ? step.checks : [step.check ?? 'flagged'];
    const value = finite(step.value) ?? finite(step.ghi) ?? 0;
    for (const check of checks) {
      const name = names.get(check) ?? check;
      const list = byCheck.get(name) ?? [];
      list.push([step.index, value]);
      byCheck.set(name, list);
    }
  }
  return {
    tooltip: {
      trigger: 'item',
      formatter: (p: { seriesName: string; value: [number, number] }) =>
        `${p.seriesName}: step ${p.value[0]}, GHI ${p.value[1]} W/m²`,
    },
    legend: { top: 0, type: 'scroll' },
    grid: { left: 56, right: 24, top: 36, bottom: 56 },
    dataZoom: [{ type: 'inside' }, { type: 'slider', bottom: 8 }],
    xAxis: { type: 'value', name: 'Step', min: 0, max: Math.max(totalSteps, 1) },
    yAxis: { type: 'value', name: 'GHI (W/m²)' },
    series: [...byCheck].map(([name, data]) => ({
      name,
      type: 'scatter',
      symbolSize: 6,
      data,
      large: data.length > 2000,
    })),
  };
}

/** GHI, DNI and DHI of the first rows (W/m²) as lines over their time stamps. */
export function firstHoursOption(rows: readonly { timeStamp: string; [key: string]: unknown }[]) {
  const fields: [string, string][] = [
    ['ghi', 'globalHorizontalIrradiance'],
    ['dni', 'directNormalIrradiance'],
    ['dhi', 'diffuseHorizontalIrradiance'],
  ];
  const present = fields.filter(([, field]) => rows.some((row) => finite(row[field]) !== null));
  return {
    tooltip: { trigger: 'axis' },
    legend: { data: present.map(([key]) => seriesLabel(key)), top: 0 },
    grid: { left: 56, right: 24, top: 36, bottom: 48 },
    xAxis: { type: 'category', data: rows.map((row) => row.timeStamp.replace('T', ' ').slice(5, 16)) },
    yAxis: { type: 'value', name: 'W/m²' },
    series: present.map(([key, field]) => ({
      name: seriesLabel(key),
      type: 'line',
      showSymbol: false,
      itemStyle: COLORS[key] ? { color: COLORS[key] } : undefined,
      data: rows.map((row) => finite(row[field])),
    })),
  };
}

/** Monthly GHI (or another key) of several assets side by side. */
export function compareMonthlyOption(
  assets: readonly { name: string; monthly: readonly MonthlyChartRow[] }[],
  key: WeatherSeriesKey | string = 'ghi',
  system: UnitSystemName = 'metric',
) {
  return {
    tooltip: { trigger: 'axis' },
    legend: { data: assets.map((a) => a.name), top: 0, type: 'scroll' },
    grid: { left: 56, right: 24, top: 36, bottom: 32 },
    xAxis: { type: 'category', data: MONTHS },
    yAxis: { type: 'value', name: key === 'tempAir' ? seriesUnit(key, system) : 'kWh/m²' },
    series: assets.map((asset) => {
      const byMonth = new Map(asset.monthly.map((row) => [row.month, row]));
      return {
        name: asset.name,
        type: key === 'tempAir' ? 'line' : 'bar',
        data: MONTHS.map((_, i) => {
          const value =
            key === 'tempAir'
              ? seriesValue(key, finite(byMonth.get(i + 1)?.[key]), system)
              : finite(byMonth.get(i + 1)?.[key]);
          return value === null ? null : Math.round(value * 10) / 10;
        }),
      };
    }),
  };
}

/** Horizon elevation by azimuth (line, azimuth 0…360). */
export function horizonOption(points: readonly HorizonPoint[]) {
  const sorted = [...points].sort((a, b) => a.azimuth - b.azimuth);
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 56, right: 24, top: 24, bottom: 40 },
    xAxis: {
      type: 'value',
      name: 'Azimuth (°)',
      min: 0,
      max: 360,
      interval: 45,
      nameLocation: 'middle',
      nameGap: 26,
    },
    yAxis: { type: 'value', name: 'Elevation (°)', min: 0 },
    series: [
      {
        name: 'Horizon',
        type: 'line',
        areaStyle: { opacity: 0.3 },
        showSymbol: false,
        data: sorted.map((p) => [p.azimuth, p.elevation]),
      },
    ],
  };
}

/**
 * Monthly sums (kWh/m²) of hourly-or-finer rows: Σ W/m² × interval hours / 1000, by the month of the
 * row's time stamp (read from its text, so no time-zone shift).
 */
export function monthlySumsFromRows(
  rows: readonly { timeStamp: string; [key: string]: unknown }[],
  fields: Record<string, string>,
  intervalMinutes = 60,
): MonthlyChartRow[] {
  const sums = Array.from({ length: 12 }, (_, i) => ({ month: i + 1 }) as MonthlyChartRow);
  const hours = intervalMinutes / 60;
  for (const row of rows) {
    const month = Number(/^\d{4}-(\d{2})/.exec(row.timeStamp)?.[1]);
    if (!(month >= 1 && month <= 12)) continue;
    const target = sums[month - 1]!;
    for (const [key, field] of Object.entries(fields)) {
      const value = finite(row[field]);
      if (value === null) continue;
      target[key] = (target[key] ?? 0) + (value * hours) / 1000;
    }
  }
  return sums;
}
