import { describe, expect, it } from 'vitest';
import { unitsFor } from '../src/lib/units.tsx';
import { heatMapOption } from '../src/screens/weather/charts/options.ts';
import { DETAIL_FIELDS } from '../src/screens/weather/model/detailColumns.ts';
import { seriesUnit, seriesValue } from '../src/screens/weather/model/format.ts';
import { summaryColumns, summaryValue } from '../src/screens/weather/model/summary.ts';

describe('the units layer of the screens', () => {
  it('binds format, symbols and both conversions to a system', () => {
    const imperial = unitsFor('imperial');
    expect(imperial.format('elevation', 350)).toBe('1,148 ft');
    expect(imperial.label('Elevation', 'elevation')).toBe('Elevation (ft)');
    expect(imperial.symbol('moduleDimension')).toBe('in');
    expect(imperial.fromDisplay('temperature', imperial.toDisplay('temperature', 21.3))).toBe(21.3);
    expect(unitsFor('metric').format('mass', 27.5)).toBe('27.5 kg');
  });

  it('shows weather pressure in one unit: the summary (Pa) and raw rows (hPa) both read hPa or inHg', () => {
    const summary = { annual: { ghi: 1566.2, tempAir: 15, pressure: 101_325, windSpeed: 10 }, monthly: [] };
    expect(summaryColumns(summary).map((c) => c.unit)).toEqual(['kWh/m²', '°C', 'hPa', 'm/s']);
    expect(summaryColumns(summary, 'imperial').map((c) => c.unit)).toEqual(['kWh/m²', '°F', 'inHg', 'mph']);
    expect(summaryValue('pressure', 101_325)).toBe(1013.25);
    expect(summaryValue('tempAir', 15, 'imperial')).toBe(59);
    expect(summaryValue('ghi', 1566.2, 'imperial')).toBe(1566.2);
    const pressure = DETAIL_FIELDS.find((f) => f.field === 'pressure')!;
    expect(seriesValue(pressure.series, 1013.25, 'metric', pressure.stored)).toBe(1013.25);
    expect(seriesValue(pressure.series, 1013.25, 'imperial', pressure.stored)).toBeCloseTo(29.921, 3);
    expect(seriesUnit('windDirection', 'imperial')).toBe('°');
  });

  it('converts heat-map values and names their unit', () => {
    const option = heatMapOption({ key: 'tempAir', width: 1, height: 2, values: [0, 100] }, 'imperial');
    expect(option.series[0]!.data).toEqual([
      [0, 0, 32],
      [0, 1, 212],
    ]);
    expect(option.visualMap.text[0]).toBe('Air temperature °F');
  });
});
