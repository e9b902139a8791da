import { describe, expect, it } from 'vitest';
import { COLOR_PALETTES, paletteSwap } from '@sunfield/domain';
import { paletteOption, swapColors } from '../src/lib/colorPalette.ts';

describe('chart colour palettes', () => {
  const option = {
    legend: { top: 0 },
    series: [
      { type: 'bar', name: 'Energy', data: [1, 2, 3], itemStyle: { color: '#1C7ED6' } },
      { type: 'bar', name: 'Losses', data: [1, 2, 3], itemStyle: { color: '#e03131' } },
      { type: 'line', name: 'Other', data: [1, 2, 3], lineStyle: { color: '#123456' } },
    ],
  };

  it('leaves the option alone in the default palette', () => {
    expect(paletteOption(option, 'default')).toBe(option);
  });

  it('swaps each default colour for the palette colour in its place and sets the series colours', () => {
    const out = paletteOption(option, 'okabeIto');
    expect(out.series[0]!.itemStyle).toEqual({ color: '#0072b2' });
    expect(out.series[1]!.itemStyle).toEqual({ color: '#d55e00' });
    // A colour outside the default palette is kept, and untouched branches are the same objects.
    expect(out.series[2]).toBe(option.series[2]);
    expect(out.legend).toBe(option.legend);
    expect((out as { color?: string[] }).color).toEqual(COLOR_PALETTES.okabeIto.colors);
    // The input is not changed.
    expect(option.series[0]).toMatchObject({ itemStyle: { color: '#1C7ED6' } });
  });

  it('wraps round a shorter palette and skips long data arrays', () => {
    const swap = paletteSwap('tolBright');
    expect(swap.get('#0c8599')).toBe(COLOR_PALETTES.tolBright.colors[5]);
    expect(swap.get('#c2255c')).toBe(COLOR_PALETTES.tolBright.colors[6]);
    expect(swap.get('#5c940d')).toBe(COLOR_PALETTES.tolBright.colors[0]);
    const data = Array.from({ length: 8760 }, (_, i) => i);
    expect(swapColors({ data }, swap)).toEqual({ data });
    expect((swapColors({ data }, swap) as { data: number[] }).data).toBe(data);
  });

  it('gives every palette distinct colours', () => {
    for (const palette of Object.values(COLOR_PALETTES))
      expect(new Set(palette.colors.map((c) => c.toLowerCase())).size).toBe(palette.colors.length);
  });
});
