/**
 * A line chart of curves (efficiency vs power per voltage, kVA vs temperature per elevation, Q vs P per
 * temperature) drawn with ECharts on a canvas, with a legend per curve, a tooltip and the save-as-image
 * export (STYLE.md: every chart can be exported).
 */
import { Box, Text } from '@mantine/core';
import type { EChartsType } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';
import { paletteOption, useChartPalette } from '../../../lib/colorPalette.ts';
import type * as Setup from './echartsSetup.ts';

let setup: Promise<typeof Setup> | null = null;
/** ECharts is fetched with the first chart, so the library list never downloads it. */
const loadSetup = () => (setup ??= import('./echartsSetup.ts'));

export interface ChartSeries {
  name: string;
  data: [number, number][];
}

interface Props {
  series: ChartSeries[];
  xName: string;
  yName: string;
  /** The accessible name, e.g. 'Efficiency curves chart'. */
  label: string;
  /** File name of the exported image. */
  fileName: string;
  height?: number;
}

export function CurveChart({ series, xName, yName, label, fileName, height = 340 }: Props) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const [ready, setReady] = useState(false);
  const palette = useChartPalette();

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | null = null;
    void loadSetup().then(({ echarts }) => {
      if (disposed || !element.current) return;
      const instance = echarts.init(element.current, undefined, { renderer: 'canvas' });
      chart.current = instance;
      observer = new ResizeObserver(() => instance.resize());
      observer.observe(element.current);
      setReady(true);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    if (!ready) return;
    chart.current?.setOption(
      paletteOption(
        {
          animation: false,
          grid: { left: 64, right: 24, top: 48, bottom: 56 },
          tooltip: { trigger: 'axis', valueFormatter: (value: unknown) => formatTip(value) },
          legend: { top: 0, type: 'scroll' },
          toolbox: {
            right: 8,
            top: 20,
            feature: { saveAsImage: { name: fileName, title: 'Save as image' } },
          },
          xAxis: { type: 'value', name: xName, nameLocation: 'middle', nameGap: 32, scale: true },
          yAxis: { type: 'value', name: yName, nameLocation: 'middle', nameGap: 48, scale: true },
          series: series.map((entry) => ({
            type: 'line',
            name: entry.name,
            data: entry.data,
            showSymbol: true,
            symbolSize: 6,
          })),
        },
        palette,
      ),
      { notMerge: true },
    );
  }, [ready, series, xName, yName, fileName, palette]);

  const empty = series.every((entry) => entry.data.length === 0);
  return (
    <Box pos="relative">
      <div
        ref={element}
        role="img"
        aria-label={label}
        data-points={series.reduce((sum, entry) => sum + entry.data.length, 0)}
        data-ready={ready}
        data-palette={palette}
        style={{ width: '100%', height }}
      />
      {empty && (
        <Text c="dimmed" size="sm" ta="center" pos="absolute" top="45%" left={0} right={0}>
          No points to plot yet.
        </Text>
      )}
    </Box>
  );
}

function formatTip(value: unknown): string {
  return typeof value === 'number'
    ? value.toLocaleString('en-US', { maximumFractionDigits: 2 })
    : String(value);
}
