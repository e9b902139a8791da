/**
 * One ECharts chart (canvas). ECharts is loaded on first use, so the library list never downloads
 * it. Every chart has a 'Save as image' button (DESIGN.md: every chart can be exported).
 */
import { useEffect, useRef, useState } from 'react';
import { Center, Loader } from '@mantine/core';
import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import type { ColorPaletteName } from '@sunfield/domain';
import { paletteOption, useChartPalette } from '../../../lib/colorPalette.ts';
import type * as Setup from './echartsSetup.ts';

let setup: Promise<typeof Setup> | null = null;
const loadSetup = () => (setup ??= import('./echartsSetup.ts'));

export interface EChartProps {
  option: EChartsCoreOption;
  height?: number;
  /** Accessible name of the chart region. */
  label: string;
  onClick?: (params: { dataIndex: number; seriesIndex?: number; value?: unknown }) => void;
  /** A palette other than the user's (the accessibility page's preview). */
  palette?: ColorPaletteName;
}

export function EChart({ option, height = 320, label, onClick, palette: forced }: EChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const [ready, setReady] = useState(false);
  const userPalette = useChartPalette();
  const palette = forced ?? userPalette;
  const clickRef = useRef(onClick);
  useEffect(() => {
    clickRef.current = onClick;
  });

  useEffect(() => {
    let disposed = false;
    let resize: ResizeObserver | null = null;
    void loadSetup().then(({ echarts }) => {
      if (disposed || !ref.current) return;
      const instance = echarts.init(ref.current, undefined, { renderer: 'canvas' });
      chart.current = instance;
      instance.on('click', (params) => {
        const p = params as { dataIndex: number; seriesIndex?: number; value?: unknown };
        clickRef.current?.(p);
      });
      resize = new ResizeObserver(() => instance.resize());
      resize.observe(ref.current);
      setReady(true);
    });
    return () => {
      disposed = true;
      resize?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    if (!ready || !chart.current) return;
    chart.current.setOption(
      paletteOption(
        {
          toolbox: { feature: { saveAsImage: { title: 'Save as image', name: label } }, right: 8 },
          ...option,
        },
        palette,
      ),
      { notMerge: true },
    );
  }, [ready, option, label, palette]);

  return (
    <div
      role="img"
      aria-label={label}
      data-palette={palette}
      style={{ position: 'relative', height, width: '100%' }}
    >
      <div ref={ref} style={{ height: '100%', width: '100%' }} />
      {!ready && (
        <Center pos="absolute" inset={0}>
          <Loader size="sm" aria-label={`Loading ${label}`} />
        </Center>
      )}
    </div>
  );
}
