/**
 * Values and units of the weather parsers: first records against the raw text, the same data in
 * different formats agreeing (NSRDB download vs its metadata-less table, PVGIS CSV vs JSON vs EPW),
 * column metadata, dropped empty columns, line endings, and 1-minute data.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { midIntervalShiftMs } from '../src/time/weatherTimestamps.ts';
import { parseWeather } from '../src/weather/parseWeather.ts';
import { WEATHER_TIMESTAMP_DEFINITION, type WeatherData } from '../src/weather/types.ts';
import { SHARED_DIR } from './golden.ts';

const read = (file: string): string => fs.readFileSync(path.join(SHARED_DIR, 'data', file), 'latin1');
const parse = (file: string): WeatherData => parseWeather(read(file));
const HOUR = 3_600_000;

/** Instant the irradiance stands for: stamp + mid-interval shift + stated offset [ms]. */
const irradianceInstant = (w: WeatherData, i: number): number =>
  w.time[i]! +
  midIntervalShiftMs({ definition: w.meta.timestampDefinition, intervalMinutes: w.meta.intervalMinutes }) +
  w.meta.sunOffsetMinutes * 60_000;

describe('units and first records', () => {
  it('TMY3: pressure mbar → Pa, other columns as written, typical-year stamps kept', () => {
    const w = parse('723170TYA.CSV');
    // 01/01/1988,01:00 … Dry-bulb 10.0, Dew-point 6.1, RHum 77, Pressure 993, Wdir 200, Wspd 6.2, Pwat 1.5
    expect([w.tempAir[0], w.tempDew![0], w.relativeHumidity![0], w.pressure[0]]).toEqual([
      10, 6.1, 77, 99_300,
    ]);
    expect([w.windDirection![0], w.windSpeed[0], w.precipitableWater![0]]).toEqual([200, 6.2, 1.5]);
    expect(w.meta.years).toEqual([1980, 1981, 1986, 1988, 1989, 1990, 1994, 1996, 2001, 2003]);
    expect(w.meta.name).toBe('GREENSBORO PIEDMONT TRIAD INT, NC');
    expect(w.meta.stationCode).toBe('723170');
    expect(w.meta.columns.find((c) => c.key === 'pressure')).toEqual({
      key: 'pressure',
      columnType: 9,
      source: 'Pressure (mbar)',
      fileUnit: 'mbar',
    });
    // Alb is 0 in every record of this file: not data, so no albedo series (with a warning).
    expect(w.albedo).toBeUndefined();
    expect(w.warnings.some((x) => x.line === 2 && x.message.includes('Alb (unitless)'))).toBe(true);
    expect(WEATHER_TIMESTAMP_DEFINITION[w.meta.timestampDefinition]).toBe(1);
  });

  it('SolarAnywhere TMY3 format: empty columns are NaN, 00:00 of the next day ends the year', () => {
    const w = parse(
      'Burlington, United States SolarAnywhere Time Series 2021 Lat_44_465 Lon_-73_205 TMY3 format.csv',
    );
    expect(w.pressure.every(Number.isNaN)).toBe(true);
    expect(w.tempDew).toBeUndefined();
    expect([w.tempAir[0], w.relativeHumidity![0], w.windSpeed[0], w.albedo![0]]).toEqual([-2, 72, 2, 0.6]);
    expect(w.meta.dataProvider).toBe(6);
    expect(w.meta.source).toBe('SolarAnywhere 3.6 Timeseries (TMY3 format)');
  });

  it('TMY2: tenths, mbar and mm converted; fixed-width fields', () => {
    const w = parse('12839.tm2');
    // 62010101 … 0200 (20.0 °C) 0150 (15.0 °C) 073 % 1017 mbar 158° 067 (6.7 m/s) … 013 mm
    expect([w.tempAir[0], w.tempDew![0], w.relativeHumidity![0], w.pressure[0]]).toEqual([
      20, 15, 73, 101_700,
    ]);
    expect([w.windDirection![0], w.windSpeed[0], w.precipitableWater![0]]).toEqual([158, 6.7, 1.3]);
    expect([w.ghi[7], w.dni[7], w.dhi[7]]).toEqual([10, 0, 11]); // 62010108: GHI 0010, DNI 0000, DHI 0011
    expect(w.meta.name).toBe('MIAMI, FL');
    expect(w.meta.latitude).toBeCloseTo(25 + 48 / 60, 12);
  });

  it('EPW: Pa kept, 0-filled water and albedo dropped, hour 24 ends the year', () => {
    const w = parse('NLD_Amsterdam062400_IWEC.epw');
    expect([w.tempAir[0], w.tempDew![0], w.relativeHumidity![0], w.pressure[0]]).toEqual([
      5.1, 1.8, 79, 100_100,
    ]);
    expect([w.windDirection![0], w.windSpeed[0]]).toEqual([340, 6.7]);
    expect(w.precipitableWater).toBeUndefined();
    expect(w.albedo).toBeUndefined();
    expect(w.meta.stationCode).toBe('062400');
  });

  it('NSRDB PSM: mbar → Pa; the stamps of a UTC download with the site zone from Local Time Zone', () => {
    const w = parse('test_read_psm3.csv');
    expect([w.pressure[0], w.tempAir[0], w.tempDew![0], w.windSpeed[0], w.albedo![0]]).toEqual([
      77_900, -8.4, -10.8, 0.3, 0.8,
    ]);
    const polar = parse('test_psm4_polar_2023.csv');
    expect(polar.time[0]).toBe(Date.UTC(2023, 0, 1));
    expect(polar.meta.timeZone).toBe(-9);
  });

  it('SURFRAD: west-positive longitude turned east-positive, pressure mbar → Pa, UTC minute ends', () => {
    const w = parse('surfrad-slv16001.dat');
    expect(w.meta.longitude).toBe(-105.92);
    expect([w.ghi[0], w.dni[0], w.dhi[0], w.tempAir[0], w.pressure[0]]).toEqual([
      -1.8, 1.8, 2.3, -7.6, 77_350,
    ]);
    expect(w.time[0]).toBe(Date.UTC(2016, 0, 1));
  });
});

describe('the same data in different formats agree', () => {
  it('an NSRDB download and its table without metadata (PSM3 2017, PSM4 2023)', () => {
    for (const [raw, table] of [
      ['test_read_psm3.csv', 'test_psm3_2017.csv'],
      ['test_read_psm4.csv', 'test_psm4_2023.csv'],
    ] as const) {
      const a = parse(raw);
      const b = parse(table);
      expect(b.meta.rowCount).toBe(a.meta.rowCount);
      for (const key of ['ghi', 'dni', 'dhi', 'tempAir', 'pressure', 'windSpeed'] as const) {
        for (let i = 0; i < a.meta.rowCount; i += 97) expect(b[key][i]).toBeCloseTo(a[key][i]!, 9);
      }
      // The table has no zone: its local clock read as UTC is 7 h ahead of the download's instants.
      expect(a.time[100]! - b.time[100]!).toBe(7 * HOUR);
    }
  });

  it('PVGIS TMY as CSV, JSON, EPW and the parsed table: same values, same irradiance instants', () => {
    const csv = parse('tmy_45.000_8.000_2005_2023.csv');
    const json = parse('tmy_45.000_8.000_2005_2023.json');
    const epw = parse('tmy_45.000_8.000_2005_2023.epw');
    const table = parse('pvgis_tmy_test.csv');
    expect(csv.meta.sunOffsetMinutes).toBeCloseTo(0.1761 * 60, 10);
    expect(epw.meta.sunOffsetMinutes).toBeCloseTo(-0.8239 * 60 + 30, 10);
    for (const other of [json, epw, table]) {
      for (const key of ['ghi', 'dhi', 'tempAir'] as const) {
        expect(Array.from(other[key])).toEqual(Array.from(csv[key]));
      }
    }
    expect(Array.from(json.windSpeed)).toEqual(Array.from(csv.windSpeed));
    expect(epw.windSpeed[0]).toBe(0.7); // EPW keeps one decimal of 0.75
    expect(Array.from(epw.pressure)).toEqual(Array.from(csv.pressure));
    expect(Array.from(json.time)).toEqual(Array.from(csv.time));
    for (const i of [0, 1000, 5000, 8759]) {
      expect(irradianceInstant(epw, i)).toBeCloseTo(irradianceInstant(csv, i), -1);
    }
    // 2018-01-01 00:00 UTC record: irradiance at 00:10:34 UTC.
    expect(irradianceInstant(csv, 0)).toBeCloseTo(Date.UTC(2018, 0, 1, 0, 10, 34), -3);
    expect(json.meta.source).toBe('PVGIS TMY (PVGIS-SARAH3 / ERA5 2005–2023)');
    expect(epw.warnings[0]!.message).toContain('PVGIS EPW');
  });
});

describe('typical years', () => {
  it('months from increasing years are a typical year too, without gap warnings', () => {
    const lines = read('NLD_Amsterdam062400_IWEC.epw').split('\n');
    const text = lines
      .map((l, i) =>
        i < 8 || l === '' ? l : l.replace(/^\d{4},(\d+),/, (_, m: string) => `${1990 + Number(m)},${m},`),
      )
      .join('\n');
    const w = parseWeather(text);
    expect(w.meta.typicalYear).toBe(true);
    expect(w.meta.years).toEqual(Array.from({ length: 12 }, (_, k) => 1991 + k)); // interval starts
    expect(w.warnings.filter((x) => x.message.includes('gaps'))).toEqual([]);
  });
});

describe('text forms', () => {
  it('CRLF line endings and a byte-order mark change nothing', () => {
    const text = read('723170TYA.CSV');
    const a = parseWeather(text);
    const b = parseWeather('\uFEFF' + text.replace(/\n/g, '\r\n'));
    expect(b.meta).toEqual(a.meta);
    expect(Array.from(b.ghi)).toEqual(Array.from(a.ghi));
    expect(Array.from(b.time)).toEqual(Array.from(a.time));
  });

  it('1-minute SolarAnywhere data: interval 1, every record kept', () => {
    const rows = [
      '0,Test Site,NA,-7,40,-105,1600,"Data Version: 3.6 / Type: Timeseries / Time Resolution: 1 minutes / Averaging Method: End of Period"',
      'ObservationTime(LST),Global Horizontal Irradiance (GHI) W/m2,AmbientTemperature (deg C),Pressure (mbar)',
    ];
    const p2 = (v: number): string => String(v).padStart(2, '0');
    const n = 3 * 1440;
    for (let k = 1; k <= n; k++) {
      const d = new Date(Date.UTC(2023, 0, 1) + k * 60_000);
      const stamp = `${p2(d.getUTCMonth() + 1)}/${p2(d.getUTCDate())}/${d.getUTCFullYear()} ${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}`;
      rows.push(`${stamp},${k % 1000},${k % 30},800`);
    }
    const w = parseWeather(rows.join('\n'));
    expect([w.meta.format, w.meta.intervalMinutes, w.meta.rowCount]).toEqual(['solarAnywhere', 1, n]);
    expect(w.time[0]).toBe(Date.UTC(2023, 0, 1, 7, 1));
    expect(w.time[n - 1]! - w.time[0]!).toBe((n - 1) * 60_000);
    expect(w.ghi[1233]).toBe(234);
    expect(w.pressure[5]).toBe(80_000);
  });
});
