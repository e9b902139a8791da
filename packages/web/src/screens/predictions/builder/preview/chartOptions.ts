/**
 * ECharts options of the DC field previews (pure): the string-voltage window as horizontal ranges
 * (the inverter's window and MPP range, the string from its hot MPP voltage to its cold open-circuit
 * voltage, and at STC), and the clear-sky day as lines (GHI and POA irradiance in the user's unit, DC
 * power in kW).
 */
import { formatNumber, toUserUnits, type UnitSystemName } from '@sunfield/domain';
import type { ClearSkyDay, StringWindowPreview } from './model.ts';

export const PREVIEW_COLORS = {
  window: '#868e96',
  mpp: '#1c7ed6',
  ok: '#2f9e44',
  bad: '#e03131',
  stc: '#adb5bd',
  ghi: '#f08c00',
  poa: '#7048e8',
  dc: '#2f9e44',
};

interface Range {
  label: string;
  from: number;
  to: number;
  color: string;
  detail: string;
}

/** The ranges drawn, bottom to top. */
export function windowRanges(w: StringWindowPreview): Range[] {
  const v = (x: number) => `${formatNumber(x, 0)} V`;
  const ranges: Range[] = [
    {
      label: 'String at STC',
      from: w.stringVmpStc,
      to: w.stringVocStc,
      color: PREVIEW_COLORS.stc,
      detail: `Vmp ${v(w.stringVmpStc)} – Voc ${v(w.stringVocStc)} at STC`,
    },
    {
      label: 'String (hot Vmp – cold Voc)',
      from: w.stringVmpHot,
      to: w.stringVocCold,
      color: w.status === 'ok' ? PREVIEW_COLORS.ok : PREVIEW_COLORS.bad,
      detail: `Vmp ${v(w.stringVmpHot)} (hot) – Voc ${v(w.stringVocCold)} (cold)`,
    },
  ];
  if (w.maxMppVoltage !== null && w.maxMppVoltage > w.limits.minVoltage)
    ranges.push({
      label: 'Inverter MPP range',
      from: w.limits.minVoltage,
      to: w.maxMppVoltage,
      color: PREVIEW_COLORS.mpp,
      detail: `${v(w.limits.minVoltage)} – ${v(w.maxMppVoltage)}`,
    });
  ranges.push({
    label: 'Inverter window',
    from: w.limits.minVoltage,
    to: w.limits.maxAbsoluteVoltage,
    color: PREVIEW_COLORS.window,
    detail: `min ${v(w.limits.minVoltage)} – max absolute ${v(w.limits.maxAbsoluteVoltage)}`,
  });
  return ranges;
}

/** Horizontal range bars on a voltage axis (a transparent base bar stacked under the range). */
export function stringWindowOption(w: StringWindowPreview) {
  const ranges = windowRanges(w);
  const top = Math.max(...ranges.map((r) => r.to));
  // The axis starts a little below the lowest range (not at 0), so that the ranges stay readable in a
  // narrow card; three ticks keep the labels apart.
  const bottom = Math.max(0, Math.floor((Math.min(...ranges.map((r) => r.from)) * 0.8) / 100) * 100);
  return {
    animation: false,
    grid: { left: 170, right: 88, top: 30, bottom: 28 },
    tooltip: {
      trigger: 'item',
      formatter: (p: { dataIndex: number }) => {
        const r = ranges[p.dataIndex];
        return r ? `${r.label}: ${r.detail}` : '';
      },
    },
    xAxis: {
      type: 'value',
      name: 'V',
      min: bottom,
      max: Math.ceil((top * 1.08) / 100) * 100,
      splitNumber: 3,
    },
    yAxis: { type: 'category', data: ranges.map((r) => r.label) },
    series: [
      {
        type: 'bar',
        stack: 'range',
        silent: true,
        itemStyle: { color: 'transparent' },
        data: ranges.map((r) => r.from),
      },
      {
        type: 'bar',
        stack: 'range',
        barWidth: 14,
        data: ranges.map((r) => ({ value: r.to - r.from, itemStyle: { color: r.color } })),
        label: {
          show: true,
          position: 'right',
          formatter: (p: { dataIndex: number }) => {
            const r = ranges[p.dataIndex];
            return r ? `${formatNumber(r.from, 0)}–${formatNumber(r.to, 0)} V` : '';
          },
        },
      },
    ],
  };
}

const clock = (hours: number) => {
  const minutes = Math.round(hours * 60);
  return `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
};

/** GHI and POA irradiance (left axis, the user's unit) and DC power (right axis, kW) over the day. */
export function clearSkyDayOption(day: ClearSkyDay, units: UnitSystemName) {
  const irr = (x: number) => toUserUnits(x, 'wattPerSquareMetre', units).value;
  const irrSymbol = toUserUnits(0, 'wattPerSquareMetre', units).symbol;
  const hours = Array.from(day.hours);
  const pair = (values: Float64Array, f: (x: number) => number) =>
    hours.map((h, i) => [h, Number.isFinite(values[i]!) ? f(values[i]!) : null]);
  const hasDc = day.method !== 'none' && day.moduleCount > 0;
  return {
    animation: false,
    grid: { left: 56, right: hasDc ? 64 : 24, top: 56, bottom: 32 },
    legend: { top: 0, left: 0, right: 40 },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (value: unknown) =>
        typeof value === 'number' ? formatNumber(value, value >= 100 ? 0 : 1) : '–',
    },
    xAxis: {
      type: 'value',
      min: 0,
      max: 24,
      interval: 6,
      name: 'Hour',
      axisLabel: { formatter: (h: number) => clock(h) },
    },
    yAxis: [
      { type: 'value', name: irrSymbol, min: 0 },
      ...(hasDc ? [{ type: 'value', name: 'kW', min: 0, splitLine: { show: false } }] : []),
    ],
    series: [
      {
        name: `Clear-sky GHI (${irrSymbol})`,
        type: 'line',
        showSymbol: false,
        color: PREVIEW_COLORS.ghi,
        data: pair(day.ghi, irr),
      },
      {
        name: `POA irradiance (${irrSymbol})`,
        type: 'line',
        showSymbol: false,
        color: PREVIEW_COLORS.poa,
        data: pair(day.poa, irr),
      },
      ...(hasDc
        ? [
            {
              name: 'DC power (kW)',
              type: 'line',
              yAxisIndex: 1,
              showSymbol: false,
              color: PREVIEW_COLORS.dc,
              areaStyle: { opacity: 0.12 },
              data: pair(day.dcPower, (x) => x),
            },
          ]
        : []),
    ],
  };
}
