/**
 * ECharts options of the settings pages (pure): the monthly factors (soiling and spectral shift in %
 * as bars, albedo on its own axis as a line) and the horizon line (elevation by azimuth, the engine's
 * interpolation, with the points typed).
 */
import { formatNumber, MONTH_NAMES } from '@sunfield/domain';
import type { MonthlyFactor } from '../../model/types.ts';
import { horizonProfile, monthlySeries, validHorizonPoints, type HorizonPoint } from './environmentModel.ts';

export const SETTINGS_COLORS = {
  soiling: '#a0522d',
  spectral: '#7048e8',
  albedo: '#1c7ed6',
  horizon: '#2f9e44',
};

const tooltipValue = (value: unknown, decimals: number, symbol: string): string =>
  typeof value === 'number' ? `${formatNumber(value, decimals)}${symbol}` : '--';

/** Soiling and spectral shift [%] as bars, albedo [-] as a line on the right axis, by month. */
export function monthlyFactorsOption(
  factors: readonly MonthlyFactor[] | null | undefined,
  showSpectral: boolean,
) {
  const series: Record<string, unknown>[] = [
    {
      name: 'Soiling loss (%)',
      type: 'bar',
      data: monthlySeries(factors, 'soilingLoss'),
      itemStyle: { color: SETTINGS_COLORS.soiling },
      tooltip: { valueFormatter: (v: unknown) => tooltipValue(v, 2, ' %') },
    },
  ];
  if (showSpectral)
    series.push({
      name: 'Spectral shift (%)',
      type: 'bar',
      data: monthlySeries(factors, 'spectralShift'),
      itemStyle: { color: SETTINGS_COLORS.spectral },
      tooltip: { valueFormatter: (v: unknown) => tooltipValue(v, 2, ' %') },
    });
  series.push({
    name: 'Albedo',
    type: 'line',
    yAxisIndex: 1,
    data: monthlySeries(factors, 'albedo'),
    itemStyle: { color: SETTINGS_COLORS.albedo },
    connectNulls: false,
    tooltip: { valueFormatter: (v: unknown) => tooltipValue(v, 2, '') },
  });
  return {
    animation: false,
    grid: { left: 56, right: 64, top: 56, bottom: 32 },
    legend: { top: 4, left: 'center' },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: [...MONTH_NAMES] },
    yAxis: [
      { type: 'value', name: '%', nameLocation: 'end' },
      {
        type: 'value',
        name: 'Albedo',
        min: 0,
        max: (extent: { max: number }) => Math.max(1, Math.ceil(extent.max * 10) / 10),
        splitLine: { show: false },
      },
    ],
    series,
  };
}

const COMPASS: Record<number, string> = { 0: 'N', 90: 'E', 180: 'S', 270: 'W', 360: 'N' };

/** The horizon line (the engine's interpolation, every degree) and the points typed, 0–360°. */
export function horizonOption(points: readonly HorizonPoint[]) {
  const profile = horizonProfile(points);
  const typed = validHorizonPoints(points).map((p) => [p.azimuth, p.elevation]);
  const top = Math.max(10, ...profile.map(([, e]) => e));
  return {
    animation: false,
    grid: { left: 56, right: 48, top: 48, bottom: 40 },
    legend: { top: 4, left: 'center' },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (v: unknown) => tooltipValue(v, 1, '°'),
    },
    xAxis: {
      type: 'value',
      name: 'Azimuth (°)',
      nameLocation: 'middle',
      nameGap: 26,
      min: 0,
      max: 360,
      interval: 45,
      axisLabel: { formatter: (v: number) => (COMPASS[v] ? `${v}° ${COMPASS[v]}` : `${v}°`) },
    },
    yAxis: { type: 'value', name: 'Elevation (°)', min: 0, max: Math.min(90, Math.ceil(top / 5) * 5) },
    series: [
      {
        name: 'Horizon line',
        type: 'line',
        showSymbol: false,
        data: profile,
        areaStyle: { opacity: 0.25 },
        itemStyle: { color: SETTINGS_COLORS.horizon },
      },
      {
        name: 'Points',
        type: 'scatter',
        data: typed,
        symbolSize: 7,
        itemStyle: { color: '#343a40' },
      },
    ],
  };
}
