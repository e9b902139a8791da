/**
 * Generic CSV import: inspection guesses, parsing with a mapping (units, timestamp layouts,
 * intervals, multi-year), errors naming the line, and the speed of a 1-minute year.
 */
import { describe, expect, it } from 'vitest';
import { inspectGenericCsv, parseGenericCsv, type GenericCsvMapping } from '../src/weather/genericCsv.ts';
import { WeatherParseError } from '../src/weather/types.ts';

const pad = (v: number, w = 2): string => String(v).padStart(w, '0');

/** A 1-minute year, 10 columns, ISO stamps in UTC−7 site time. */
function minuteYear(): string {
  const parts: string[] = ['time,ghi,dni,dhi,temp,wind,rh,pressure,wdir,pwat\n'];
  const start = Date.UTC(2019, 0, 1);
  for (let i = 0; i < 525_600; i++) {
    const d = new Date(start + i * 60_000);
    const h = d.getUTCHours() + d.getUTCMinutes() / 60;
    const ghi = h > 6 && h < 18 ? Math.round(800 * Math.sin(((h - 6) / 12) * Math.PI) * 10) / 10 : 0;
    parts.push(
      `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:00,` +
        `${ghi},${(ghi * 0.8).toFixed(1)},${(ghi * 0.2).toFixed(1)},${(10 + h / 2).toFixed(2)},3.4,55,1012.5,180,1.2\n`,
    );
  }
  return parts.join('');
}

const minuteMapping: GenericCsvMapping = {
  delimiter: ',',
  headerRow: 0,
  timestamp: { format: 'iso', column: 0 },
  timeZone: -7,
  timestampDefinition: 'intervalBegin',
  columns: [
    { index: 1, key: 'ghi', unit: 'W/m2' },
    { index: 2, key: 'dni', unit: 'W/m2' },
    { index: 3, key: 'dhi', unit: 'W/m2' },
    { index: 4, key: 'tempAir', unit: 'C' },
    { index: 5, key: 'windSpeed', unit: 'm/s' },
    { index: 6, key: 'relativeHumidity', unit: '%' },
    { index: 7, key: 'pressure', unit: 'hPa' },
    { index: 8, key: 'windDirection', unit: 'deg' },
    { index: 9, key: 'precipitableWater', unit: 'cm' },
  ],
  latitude: 40,
  longitude: -105,
  elevation: 1600,
};

describe('generic CSV', () => {
  it('parses a 1-minute year of 10 columns in under 3 s', () => {
    const text = minuteYear();
    const t0 = performance.now();
    const w = parseGenericCsv(text, minuteMapping);
    const ms = performance.now() - t0;
    console.log(
      `generic CSV 1-minute year (${(text.length / 1e6).toFixed(1)} MB, 525,600 rows × 10 columns): ${ms.toFixed(0)} ms`,
    );
    expect(ms).toBeLessThan(3000);
    expect(w.meta.rowCount).toBe(525_600);
    expect(w.meta.intervalMinutes).toBe(1);
    expect(w.meta.startDate).toBe('2019-01-01T00:00:00-07:00');
    expect(w.meta.endDate).toBe('2019-12-31T23:59:00-07:00');
    expect(w.pressure[0]).toBe(101_250);
    expect(w.meta.format).toBe('generic');
  }, 60_000);
});

const SEMI = `# Station: Test site
# Latitude: 47.5; Longitude: 8.25; Altitude: 420 m; Time zone: UTC+1
Date;Time;GHI [W/m2];Air temp [°C];Wind speed [km/h];Pressure [hPa]
01.01.2020;01:00;0;-1,5;7,2;1013,2
01.01.2020;02:00;0;-1,7;3,6;1013,0
01.01.2020;03:00;0;-1,9;0;1012,8
13.01.2020;04:00;12,5;-2,0;3,6;1012,9
`;

describe('inspectGenericCsv', () => {
  it('guesses delimiter, decimal comma, header, date order, series, units and metadata', () => {
    const g = inspectGenericCsv(SEMI);
    expect([g.delimiter, g.decimal, g.headerRow, g.firstDataRow]).toEqual([';', ',', 2, 3]);
    expect(g.timestamp).toEqual({ format: 'date time', order: 'dmy', dateColumn: 0, timeColumn: 1 });
    expect(g.columns.map((c) => [c.guessedKey, c.guessedUnit])).toEqual([
      [null, null],
      [null, null],
      ['ghi', 'W/m2'],
      ['tempAir', 'C'],
      ['windSpeed', 'km/h'],
      ['pressure', 'hPa'],
    ]);
    expect([g.latitude, g.longitude, g.elevation, g.timeZone]).toEqual([47.5, 8.25, 420, 1]);
    const w = parseGenericCsv(SEMI, g.mapping!);
    expect(w.meta.rowCount).toBe(4);
    expect(w.tempAir[0]).toBe(-1.5);
    expect(w.windSpeed[0]).toBeCloseTo(2, 12);
    expect(w.pressure[0]).toBeCloseTo(101_320, 6);
    expect(w.meta.startDate).toBe('2020-01-01T01:00:00+01:00');
    expect(w.meta.latitude).toBe(47.5);
  });

  it('year/month/day/hour columns and irradiation per interval (Wh/m² per 15 min)', () => {
    const rows = ['Year,Month,Day,Hour,Minute,GHI (Wh/m2),Tamb (F)'];
    for (let q = 0; q < 96 * 2; q++) {
      const d = 1 + Math.floor(q / 96);
      const m = q % 96;
      rows.push(`2021,3,${d},${Math.floor(m / 4)},${(m % 4) * 15},25,50`);
    }
    const text = rows.join('\n');
    const g = inspectGenericCsv(text);
    expect(g.timestamp).toEqual({ format: 'ymdhm columns', year: 0, month: 1, day: 2, hour: 3, minute: 4 });
    expect(g.columns[5]!.guessedUnit).toBe('Wh/m2');
    expect(g.columns[6]).toMatchObject({ guessedKey: 'tempAir', guessedUnit: 'F' });
    const w = parseGenericCsv(text, { ...g.mapping!, timestampDefinition: 'intervalBegin' });
    expect(w.meta.intervalMinutes).toBe(15);
    expect(w.ghi[0]).toBe(100); // 25 Wh/m² in 15 min = 100 W/m²
    expect(w.tempAir[0]).toBeCloseTo(10, 12);
    expect(w.meta.columns.find((c) => c.key === 'ghi')!.fileUnit).toBe('Wh/m2 per 15 min');
  });

  it('Excel serial dates and Unix seconds', () => {
    const excel = 'Timestamp,GHI\n43466.0416666667,0\n43466.0833333333,10\n43466.125,20\n';
    const g = inspectGenericCsv(excel);
    expect(g.timestamp).toEqual({ format: 'excel serial', column: 0 });
    const w = parseGenericCsv(excel, { ...g.mapping!, timeZone: 0 });
    expect(w.meta.startDate).toBe('2019-01-01T01:00:00+00:00');
    const unix = 'unix_time,ghi\n1546300800,0\n1546304400,5\n1546308000,9\n';
    const u = inspectGenericCsv(unix);
    expect(u.timestamp).toEqual({ format: 'unix', column: 0 });
    const wu = parseGenericCsv(unix, { ...u.mapping!, timeZone: -5 });
    expect(wu.meta.startDate).toBe('2018-12-31T19:00:00-05:00');
    expect(wu.meta.stampUtcOffset).toBe(0);
  });

  it('multi-year hourly files and ISO stamps with offsets', () => {
    const rows = ['time,ghi'];
    for (let h = 0; h < 24 * 800; h++)
      rows.push(`${new Date(Date.UTC(2019, 0, 1) + h * 3_600_000).toISOString()},1`);
    const w = parseGenericCsv(rows.join('\n'), {
      ...inspectGenericCsv(rows.join('\n')).mapping!,
      timeZone: 2,
    });
    expect(w.meta.years).toEqual([2019, 2020, 2021]);
    expect(w.meta.startDate).toBe('2019-01-01T02:00:00+02:00');
    expect(w.meta.rowCount).toBe(24 * 800);
  });
});

describe('generic CSV errors name the line', () => {
  const base: GenericCsvMapping = {
    delimiter: ',',
    headerRow: 0,
    timestamp: { format: 'iso', column: 0 },
    timeZone: 0,
    timestampDefinition: 'intervalEnd',
    columns: [
      { index: 1, key: 'ghi', unit: 'W/m2' },
      { index: 2, key: 'tempAir', unit: 'C' },
    ],
  };
  const ok = 'time,ghi,t\n2020-01-01T01:00,0,1\n2020-01-01T02:00,0,1\n2020-01-01T03:00,5,2\n';
  const err = (text: string, m: GenericCsvMapping = base): string => {
    try {
      parseGenericCsv(text, m);
    } catch (e) {
      expect(e).toBeInstanceOf(WeatherParseError);
      return (e as Error).message;
    }
    return 'no error';
  };
  it('each malformed case', () => {
    expect(parseGenericCsv(ok, base).meta.rowCount).toBe(3);
    expect(err(ok.replace('0,1\n2020-01-01T02', '0\n2020-01-01T02'))).toBe(
      'line 2: 2 fields where 3 are expected: truncated or malformed record',
    );
    expect(err(ok.replaceAll(',', ';'))).toBe("line 2: values are separated by ';', not ','");
    expect(err(ok.replace('5,2', 'abc,2'))).toBe("line 4: ghi: 'abc' is not a number");
    expect(err(ok.replace('2020-01-01T02:00', '2020-13-01T02:00'))).toBe('line 3: invalid date 2020-13-1');
    expect(err(ok.replace('2020-01-01T02:00', 'yesterday'))).toMatch(
      /^line 3: 'yesterday' is not an ISO 8601/,
    );
    expect(err('time,ghi,t\n')).toMatch(/no data records/);
    expect(err('')).toBe('line 1: file is empty');
    expect(() => parseGenericCsv(ok, base, { maxChars: 20 })).toThrow(
      /^file of \d+ characters is larger than the 20 accepted$/,
    );
    expect(() => parseGenericCsv(ok, base, { maxRows: 2 })).toThrow(/records exceed the 2 accepted/);
    expect(err('\u0000\u0001binary')).toMatch(/binary/);
    expect(err(ok, { ...base, columns: [{ index: 1, key: 'ghi', unit: 'C' }] })).toMatch(
      /unit 'C' does not fit ghi/,
    );
    expect(err(ok, { ...base, columns: [{ index: 7, key: 'ghi', unit: 'W/m2' }] })).toMatch(
      /^line 2: 3 fields where 8 are expected/,
    );
    expect(err(ok.replace('2020-01-01T03:00,5,2\n', '\n2020-01-01T03:00,5,2\n'))).toBe(
      'line 4: blank line inside the data',
    );
  });
});

describe('inspectGenericCsv on a real file', () => {
  it('NREL PVWatts hourly output: header on line 18, month/day/hour columns, west longitude', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const { SHARED_DIR } = await import('./golden.ts');
    const full = fs.readFileSync(path.join(SHARED_DIR, 'data', 'pvwatts_8760_rackmount.csv'), 'latin1');
    const g = inspectGenericCsv(full);
    expect([g.delimiter, g.headerRow, g.firstDataRow]).toEqual([',', 17, 18]);
    expect(g.timestamp).toEqual({ format: 'ymdhm columns', month: 0, day: 1, hour: 2 });
    expect(g.columns.map((c) => c.guessedKey)).toEqual([
      null,
      null,
      null,
      'dni',
      'dhi',
      'tempAir',
      'windSpeed',
      'poa',
      null,
      null,
      null,
    ]);
    expect([g.latitude, g.longitude, g.elevation]).toEqual([39.73, -105.18, 1819.599976]);
    // The file ends with a 'Totals' row: the parse names it.
    expect(() => parseGenericCsv(full, { ...g.mapping!, timeZone: -7 })).toThrow(
      "line 8779: month: 'Totals' is not a number",
    );
    const w = parseGenericCsv(full.slice(0, full.indexOf('Totals')), { ...g.mapping!, timeZone: -7 });
    expect([w.meta.rowCount, w.meta.typicalYear, w.meta.startDate]).toEqual([
      8760,
      true,
      '1990-01-01T00:00:00-07:00',
    ]);
  });
});
