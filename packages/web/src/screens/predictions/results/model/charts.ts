/**
 * ECharts options of the result and compare charts (pure, unit-tested): the loss waterfall, monthly
 * energy and PR, energy per block, daily profiles by month, the day × hour heat map of power, the
 * irradiance vs power scatter and the compare charts. Every chart gets its 'Save as image' button
 * from EChart (screens/weather/charts/EChart.tsx).
 */
import { COLOR_PALETTES, type UnitSystemName } from '@sunfield/domain';
import type { DetailRow } from '../types.ts';
import type { BlockRow, CascadeStep, MonthRow } from './summary.ts';
import {
  finite,
  formatLossPercent,
  formatValue,
  inUserUnits,
  MONTH_NAMES,
  powerScale,
  unitOf,
} from './format.ts';

export const COLORS = {
  total: '#1c7ed6',
  loss: '#e03131',
  gain: '#2f9e44',
  energy: '#1c7ed6',
  pr: '#f08c00',
  poa: '#7048e8',
};

/** A palette for series of months or predictions: the default one (the user's replaces it in EChart). */
export const PALETTE: string[] = [...COLOR_PALETTES.default.colors];

interface TooltipParam {
  dataIndex: number;
  seriesName?: string;
  value?: unknown;
  marker?: string;
}
const firstParam = (params: unknown): TooltipParam =>
  (Array.isArray(params) ? params[0] : params) as TooltipParam;

/** The bars of a waterfall: an invisible base and the visible part of each step [MWh]. */
export function waterfallBars(steps: readonly CascadeStep[]) {
  const base: (number | null)[] = [];
  const total: (number | null)[] = [];
  const loss: (number | null)[] = [];
  const gain: (number | null)[] = [];
  for (const step of steps) {
    const low = Math.min(step.before, step.after);
    const high = Math.max(step.before, step.after);
    base.push(step.kind === 'total' ? null : low);
    total.push(step.kind === 'total' ? step.after : null);
    loss.push(step.kind === 'loss' ? high - low : null);
    gain.push(step.kind === 'gain' ? high - low : null);
  }
  return { base, total, loss, gain };
}

/** The loss diagram: a horizontal waterfall from GHI × DC rating to the energy at the POI [MWh]. */
export function waterfallOption(steps: readonly CascadeStep[]) {
  const bars = waterfallBars(steps);
  const label = (i: number): string => {
    const step = steps[i]!;
    return step.kind === 'total' ? `${formatValue(step.after, 1)} MWh` : formatLossPercent(step.loss);
  };
  const stack = { type: 'bar', stack: 'cascade', barCategoryGap: '25%' } as const;
  return {
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (params: unknown) => {
        const i = firstParam(params).dataIndex;
        const step = steps[i];
        if (!step) return '';
        if (step.kind === 'total') return `${step.label}<br/>${formatValue(step.after, 1)} MWh`;
        return `${step.label}: ${formatLossPercent(step.loss)}<br/>${formatValue(step.before, 1)} → ${formatValue(step.after, 1)} MWh`;
      },
    },
    grid: { left: 8, right: 96, top: 28, bottom: 24, containLabel: true },
    xAxis: { type: 'value', name: 'MWh', nameLocation: 'end' },
    yAxis: {
      type: 'category',
      inverse: true,
      data: steps.map((s) => s.label),
      axisLabel: { interval: 0, width: 220, overflow: 'truncate' },
    },
    series: [
      {
        ...stack,
        name: 'Base',
        silent: true,
        itemStyle: { color: 'transparent', borderColor: 'transparent' },
        emphasis: { disabled: true },
        data: bars.base,
      },
      {
        ...stack,
        name: 'Total',
        itemStyle: { color: COLORS.total },
        label: { show: true, position: 'right', formatter: (p: TooltipParam) => label(p.dataIndex) },
        data: bars.total,
      },
      {
        ...stack,
        name: 'Loss',
        itemStyle: { color: COLORS.loss },
        label: { show: true, position: 'right', formatter: (p: TooltipParam) => label(p.dataIndex) },
        data: bars.loss,
      },
      {
        ...stack,
        name: 'Gain',
        itemStyle: { color: COLORS.gain },
        label: { show: true, position: 'right', formatter: (p: TooltipParam) => label(p.dataIndex) },
        data: bars.gain,
      },
    ],
  };
}

const round = (value: number | null, decimals: number): number | null =>
  value === null ? null : Number(value.toFixed(decimals));

/** Monthly energy [MWh] as bars and PR [%] as a line on a second axis. */
export function monthlyEnergyOption(rows: readonly MonthRow[]) {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: ['Energy', 'Performance ratio'] },
    grid: { left: 64, right: 64, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: rows.map((r) => r.label) },
    yAxis: [
      { type: 'value', name: 'MWh' },
      { type: 'value', name: '%', min: 0, max: 100, splitLine: { show: false } },
    ],
    series: [
      {
        name: 'Energy',
        type: 'bar',
        itemStyle: { color: COLORS.energy },
        data: rows.map((r) => round(r.energyMwh, 2)),
      },
      {
        name: 'Performance ratio',
        type: 'line',
        yAxisIndex: 1,
        itemStyle: { color: COLORS.pr },
        data: rows.map((r) => round(r.performanceRatio, 2)),
      },
    ],
  };
}

/** Energy of every block (all its instances) [MWh]; a zoom bar for long plants. */
export function blocksOption(rows: readonly BlockRow[]) {
  const many = rows.length > 30;
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 64, right: 24, top: 32, bottom: many ? 64 : 32 },
    xAxis: { type: 'category', data: rows.map((r) => `Block ${r.name}`) },
    yAxis: { type: 'value', name: 'MWh' },
    dataZoom: many ? [{ type: 'slider', start: 0, end: Math.min(100, (30 / rows.length) * 100) }] : undefined,
    series: [
      {
        name: 'Energy',
        type: 'bar',
        itemStyle: { color: COLORS.energy },
        data: rows.map((r) => round(r.totalEnergyMwh, 2)),
      },
    ],
  };
}

/** `GET …/AverageEnergy`: the mean energy of each hour of the day per month [kWh]. */
export interface AverageEnergy {
  years?: { year: number; months?: { month: number; hours?: { hour: number; energy: number }[] }[] }[];
}

/** Daily profiles by month: the mean power of each hour of the day (kWh in an hour = mean kW). */
export function dailyProfilesOption(average: AverageEnergy | null | undefined, yearIndex = 0) {
  const months = average?.years?.[yearIndex]?.months ?? [];
  let max = 0;
  for (const m of months) for (const h of m.hours ?? []) max = Math.max(max, Math.abs(h.energy));
  const scale = powerScale(max);
  const hours = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);
  const names = months.map((m) => MONTH_NAMES[m.month - 1] ?? String(m.month));
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: names, type: 'scroll' },
    grid: { left: 64, right: 24, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: hours, name: 'Hour' },
    yAxis: { type: 'value', name: scale.symbol },
    color: PALETTE,
    series: months.map((m, i) => {
      const byHour = new Map((m.hours ?? []).map((h) => [h.hour, h.energy]));
      return {
        name: names[i],
        type: 'line',
        showSymbol: false,
        data: hours.map((_, h) => {
          const v = finite(byHour.get(h));
          return v === null ? null : round(v * scale.factor, 3);
        }),
      };
    }),
  };
}

const dayOf = (stamp: string): number | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2})/.exec(stamp);
  if (!match) return null;
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / 86_400_000;
};

/**
 * The heat map of power by day and hour: `[dayIndex, hour, power]` cells from the hourly rows
 * (energy of an hour in kWh = its mean kW), days counted from the first row's date.
 */
export function heatmapCells(rows: readonly DetailRow[]) {
  const cells: [number, number, number][] = [];
  const first = rows.length ? dayOf(String(rows[0]!.TimeStamp)) : null;
  let max = 0;
  let days = 0;
  const dayLabels: string[] = [];
  if (first === null) return { cells, max, days, dayLabels, scale: powerScale(0) };
  for (const row of rows) {
    const stamp = String(row.TimeStamp);
    const day = dayOf(stamp);
    const energy = finite(row.EnergyGenerated);
    if (day === null || energy === null) continue;
    const index = Math.round(day - first);
    const hour = Number(stamp.slice(11, 13));
    cells.push([index, hour, energy]);
    if (energy > max) max = energy;
    while (days <= index) {
      const date = new Date((first + days) * 86_400_000);
      dayLabels.push(`${MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCDate()}`);
      days++;
    }
  }
  const scale = powerScale(max);
  if (scale.factor !== 1) for (const cell of cells) cell[2] = cell[2] * scale.factor;
  for (const cell of cells) cell[2] = Number(cell[2].toFixed(3));
  return { cells, max: max * scale.factor, days, dayLabels, scale };
}

export function heatmapOption(rows: readonly DetailRow[]) {
  const map = heatmapCells(rows);
  return {
    tooltip: {
      position: 'top',
      formatter: (p: TooltipParam) => {
        const [day, hour, value] = p.value as [number, number, number];
        return `${map.dayLabels[day] ?? day}, ${String(hour).padStart(2, '0')}:00<br/>${formatValue(value, 2)} ${map.scale.symbol}`;
      },
    },
    grid: { left: 56, right: 24, top: 16, bottom: 80 },
    xAxis: { type: 'category', data: map.dayLabels, name: 'Day', splitArea: { show: false } },
    yAxis: {
      type: 'category',
      data: Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0')),
      name: 'Hour',
    },
    visualMap: {
      min: 0,
      max: Math.max(Number(map.max.toFixed(3)), 0.001),
      calculable: true,
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      text: [map.scale.symbol, ''],
      inRange: { color: ['#f1f3f5', '#ffd43b', '#f76707', '#c92a2a'] },
    },
    series: [{ name: 'Power', type: 'heatmap', data: map.cells, progressive: 0 }],
  };
}

/**
 * Input vs output: the mean POA irradiance of each hour (POAI kWh/m² in an hour × 1000 = W/m², in
 * the user's system) against the plant's mean power (kW or MW); daylight hours only.
 */
export function scatterPoints(rows: readonly DetailRow[], units: UnitSystemName) {
  let max = 0;
  for (const row of rows) max = Math.max(max, finite(row.EnergyGenerated) ?? 0);
  const scale = powerScale(max);
  const points: [number, number][] = [];
  for (const row of rows) {
    const poa = finite(row.POAI);
    const energy = finite(row.EnergyGenerated);
    if (poa === null || energy === null || poa <= 0) continue;
    const irradiance = inUserUnits(poa * 1000, 'irradiance', units) ?? 0;
    points.push([Number(irradiance.toFixed(2)), Number((energy * scale.factor).toFixed(3))]);
  }
  return { points, scale, irradianceUnit: unitOf('irradiance', units) };
}

export function scatterOption(rows: readonly DetailRow[], units: UnitSystemName) {
  const s = scatterPoints(rows, units);
  return {
    tooltip: {
      trigger: 'item',
      formatter: (p: TooltipParam) => {
        const [x, y] = p.value as [number, number];
        return `${formatValue(x, 1)} ${s.irradianceUnit} → ${formatValue(y, 2)} ${s.scale.symbol}`;
      },
    },
    grid: { left: 64, right: 32, top: 24, bottom: 48 },
    xAxis: {
      type: 'value',
      name: `POA irradiance (${s.irradianceUnit})`,
      nameLocation: 'middle',
      nameGap: 28,
    },
    yAxis: { type: 'value', name: `Power (${s.scale.symbol})` },
    series: [
      {
        name: 'Hours',
        type: 'scatter',
        symbolSize: 3,
        large: true,
        itemStyle: { color: COLORS.poa, opacity: 0.5 },
        data: s.points,
      },
    ],
  };
}

/** Monthly energy of several predictions side by side [MWh]. */
export function compareMonthlyOption(
  series: readonly { name: string; values: readonly (number | null)[] }[],
) {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, type: 'scroll', data: series.map((s) => s.name) },
    grid: { left: 64, right: 24, top: 40, bottom: 32 },
    color: PALETTE,
    xAxis: { type: 'category', data: [...MONTH_NAMES] },
    yAxis: { type: 'value', name: 'MWh' },
    series: series.map((s) => ({
      name: s.name,
      type: 'bar',
      data: s.values.map((v) => round(v, 2)),
    })),
  };
}
