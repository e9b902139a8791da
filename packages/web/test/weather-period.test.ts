import { describe, expect, it } from 'vitest';
import { formatPeriod } from '../src/screens/weather/model/format.ts';
import { uncertaintyRows } from '../src/screens/weather/model/uncertainty.ts';

describe('a weather file’s period', () => {
  it('shows the dates of a time series', () => {
    expect(formatPeriod({ startDate: '2017-01-01T07:00:00.000Z', endDate: '2017-12-31T06:30:00.000Z' })).toBe(
      '2017-01-01 – 2017-12-31',
    );
    expect(formatPeriod({ startDate: null, endDate: undefined })).toBe('-- – --');
  });

  it('says a typical year and where its months come from', () => {
    const tmy = {
      startDate: '1990-01-01T06:00:00.000Z',
      endDate: '1991-01-01T05:00:00.000Z',
      typicalYear: true,
      years: [1976, 1981, 1988, 1990, 2005],
    };
    expect(formatPeriod(tmy)).toBe('Typical year 1990 (months from 1976–2005)');
    expect(formatPeriod({ ...tmy, years: [2000] })).toBe('Typical year 1990 (months from 2000)');
    expect(formatPeriod({ ...tmy, years: [] })).toBe('Typical year 1990');
    expect(formatPeriod({ ...tmy, typicalYear: false })).toBe('1990-01-01 – 1991-01-01');
  });

  it('never shows an end before the start: such a file is a typical year stored without the flag', () => {
    expect(formatPeriod({ startDate: '1988-01-01T06:00:00.000Z', endDate: '1981-01-01T05:00:00.000Z' })).toBe(
      'Typical year (months from 1981–1988)',
    );
  });
});

describe('uncertainty rows', () => {
  const figures = { totalPercent: 6.5, interannualPercent: 3, sourcePercent: 5, years: 0 };

  it('says what a typical year is instead of "Years of data 0"', () => {
    const rows = uncertaintyRows(figures, {
      startDate: '1990-01-01',
      endDate: '1991-01-01',
      typicalYear: true,
      years: [1976, 2005],
    });
    expect(rows).toContainEqual(['Years of data', 'Typical year 1990 (months from 1976–2005)']);
    expect(rows).toContainEqual(['Interannual variability (%), default', '3']);
    expect(rows.map(([label]) => label)).not.toContain('years');
  });

  it('counts calendar years, the engine’s full years first, and hides the row when unknown', () => {
    const series = {
      startDate: '2017-01-01',
      endDate: '2018-12-31',
      typicalYear: false,
      years: [2017, 2018],
    };
    expect(uncertaintyRows(figures, series)).toContainEqual(['Years of data', '2']);
    expect(uncertaintyRows({ ...figures, years: 5 }, series)).toContainEqual(['Years of data', '5']);
    expect(uncertaintyRows({ ...figures, years: 5 }, series)).toContainEqual([
      'Interannual variability (%)',
      '3',
    ]);
    const rows = uncertaintyRows(figures, { ...series, years: [] });
    expect(rows.map(([label]) => label)).not.toContain('Years of data');
  });
});
