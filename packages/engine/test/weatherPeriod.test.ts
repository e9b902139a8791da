/**
 * The period a weather file covers as a run sees it (weather/typicalYear.ts): a typical year's stamps
 * keep their source years (the Greensboro TMY3 runs from 1988-01-01 to 1981-01-01); its period is
 * the year a run simulates it in, 1990, or 1992 when it holds 29 February.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { prepareWeather } from '../src/simulate/weatherInput.ts';
import { weatherFileInfo } from '../src/weather/info.ts';
import { parseWeather } from '../src/weather/parseWeather.ts';
import { isoLocal } from '../src/weather/text.ts';
import { defaultTypicalYear, weatherPeriod } from '../src/weather/typicalYear.ts';
import { SHARED_DIR } from './golden.ts';

const read = (f: string): string => fs.readFileSync(path.join(SHARED_DIR, 'data', f), 'latin1');
const HOUR = 3_600_000;

describe('weatherPeriod', () => {
  it('a TMY3 covers 1990 from its first to its last record, as the run simulates it', () => {
    const tmy = parseWeather(read('723170TYA.CSV'));
    expect(tmy.meta.typicalYear).toBe(true);
    const period = weatherPeriod(tmy)!;
    expect(period.simulatedYear).toBe(1990);
    expect(isoLocal(period.start, -5)).toBe('1990-01-01T01:00:00-05:00');
    expect(isoLocal(period.end, -5)).toBe('1991-01-01T00:00:00-05:00');
    expect(period.end - period.start).toBe(8759 * HOUR);
    // the run's own stamps span the same period
    const run = prepareWeather(tmy, { utcOffsetHours: -5 });
    expect(run.coercedYear).toBe(1990);
    expect(run.time[0]).toBe(period.start);
    expect(run.time[run.time.length - 1]).toBe(period.end);
  });

  it('the Parse answer keeps the file’s own first and last stamps and gives the period as start and end', () => {
    const info = weatherFileInfo(parseWeather(read('723170TYA.CSV')));
    expect(info).toMatchObject({
      firstTimestamp: '1988-01-01T01:00:00-05:00',
      lastTimestamp: '1981-01-01T00:00:00-05:00',
      startDate: '1990-01-01T01:00:00-05:00',
      endDate: '1991-01-01T00:00:00-05:00',
    });
  });

  it('other files keep their first and last stamps', () => {
    const psm = parseWeather(read('test_read_psm3.csv'));
    expect(psm.meta.typicalYear).toBe(false);
    const period = weatherPeriod(psm)!;
    expect(period).toEqual({ start: psm.time[0], end: psm.time[psm.time.length - 1], simulatedYear: null });
    expect(weatherPeriod({ time: new Float64Array(0), meta: psm.meta })).toBeNull();
  });

  it('a typical year that holds 29 February is simulated in 1992', () => {
    // hourly, interval end, UTC: 2004-02-28 01:00 … 2004-03-01 00:00 (48 records, with 29 February)
    const start = Date.UTC(2004, 1, 28, 1);
    const time = Float64Array.from({ length: 48 }, (_, i) => start + i * HOUR);
    const meta = {
      typicalYear: true,
      timeZone: 0,
      timestampDefinition: 'intervalEnd' as const,
      intervalMinutes: 60,
    };
    expect(defaultTypicalYear(time, -HOUR / 2, 0)).toBe(1992);
    const period = weatherPeriod({ time, meta })!;
    expect(period.simulatedYear).toBe(1992);
    expect(new Date(period.start).toISOString()).toBe('1992-02-28T01:00:00.000Z');
    expect(new Date(period.end).toISOString()).toBe('1992-03-01T00:00:00.000Z');
    // without 29 February: 1990
    expect(weatherPeriod({ time: time.subarray(0, 23), meta })!.simulatedYear).toBe(1990);
  });

  it('months out of calendar order still give a start before the end', () => {
    // a typical year whose December comes first in the file (from 1999), then January (from 2003)
    const dec = Date.UTC(1999, 11, 31, 1);
    const jan = Date.UTC(2003, 0, 1, 1);
    const time = Float64Array.of(dec, dec + HOUR, jan, jan + HOUR);
    const period = weatherPeriod({
      time,
      meta: { typicalYear: true, timeZone: 0, timestampDefinition: 'intervalEnd', intervalMinutes: 60 },
    })!;
    expect(new Date(period.start).toISOString()).toBe('1990-01-01T01:00:00.000Z');
    expect(new Date(period.end).toISOString()).toBe('1990-12-31T02:00:00.000Z');
  });
});
