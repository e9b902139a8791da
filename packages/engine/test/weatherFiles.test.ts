/**
 * Every weather file of ../shared/data parses with the right location, time zone, interval,
 * timestamp definition, first and last stamps, record count and annual GHI. The GHI sum is
 * recomputed here from the raw text with a plain split, independently of the parsers.
 * NSRDB PSM stamps (v3 and v4, every interval, typical years too) are instants — the satellite scan
 * the values come from, sun at the stamp (psm.ts; issue 17) — and so are PVGIS's; PVGIS files give
 * no site zone and write UTC, so their site zone is UTC (0), no longer a guess from the longitude.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectWeatherFormat, parseWeather } from '../src/weather/parseWeather.ts';
import type { WeatherFileFormat } from '../src/weather/types.ts';
import { SHARED_DIR } from './golden.ts';

const DATA = path.join(SHARED_DIR, 'data');
/** The files are ASCII except SolarAnywhere's ISO-8859-1 '®'; read all as latin1. */
const read = (file: string): string => fs.readFileSync(path.join(DATA, file), 'latin1');

const SA_TMY3 =
  'Burlington, United States SolarAnywhere Time Series 2021 Lat_44_465 Lon_-73_205 TMY3 format.csv';
const SA_5MIN =
  'Burlington, United States SolarAnywhere Time Series 20210101 to 20210103 Lat_44_4675 Lon_-73_2075 SA format.csv';
const SA_TGY =
  'Burlington, United States SolarAnywhere Typical GHI Year Lat_44_465 Lon_-73_205 SA format.csv';

/** Raw values of a CSV column: `skip` lines, then the header, then records until a blank line. */
function csvColumn(text: string, skip: number, name: string): number[] {
  const lines = text.split('\n').slice(skip);
  const col = lines[0]!.split(',').indexOf(name);
  const out: number[] = [];
  for (const l of lines.slice(1)) {
    if (l.trim() === '') break;
    out.push(Number(l.split(',')[col]));
  }
  return out;
}
const column = (text: string, skip: number, index: number): number[] =>
  text
    .split('\n')
    .slice(skip)
    .filter((l) => l.trim() !== '')
    .map((l) => Number(l.split(',')[index]));
const pvgisCsv = (text: string): number[] =>
  text
    .split('\n')
    .filter((l) => /^\d{8}:\d{4},/.test(l))
    .map((l) => Number(l.split(',')[3]));
const tmy2 = (text: string): number[] =>
  text
    .split('\n')
    .slice(1)
    .filter((l) => l.trim() !== '')
    .map((l) => Number(l.slice(17, 21)));
const surfrad = (text: string): number[] =>
  text
    .split('\n')
    .slice(2)
    .filter((l) => l.trim() !== '')
    .map((l) => Number(l.trim().split(/\s+/)[8]))
    .filter((v) => v !== -9999.9);
const pvgisJson = (text: string): number[] => {
  const doc = JSON.parse(text) as { outputs?: { tmy_hourly: Record<string, number>[] } };
  const records = Array.isArray(doc) ? (doc as Record<string, number>[]) : doc.outputs!.tmy_hourly;
  return records.map((r) => r['G(h)']!);
};

/**
 * One weather file per row: file (SA_* = the SolarAnywhere names above) | format | latitude longitude
 * elevation ('-': not in the file) | time zone, UTC offset of the stamps [h] | interval [min],
 * definition | first and last stamp | records | typical year | GHI [kWh/m²] | how to read the raw GHI
 * with a plain split ('column <lines to skip> <index>', 'named <lines before the header> GHI', …).
 */
const TABLE = `
723170TYA.CSV | tmy3 | 36.1 -79.95 273 | -5 -5 | 60 intervalEnd | 1988-01-01T01:00:00-05:00 | 1981-01-01T00:00:00-05:00 | 8760 | typical | 1566.203 | column 2 4
703165TY.csv | tmy3 | 55.317 -160.517 7 | -9 -9 | 60 intervalEnd | 1997-01-01T01:00:00-09:00 | 1999-01-01T00:00:00-09:00 | 8760 | typical | 829.243 | column 2 4
SA_TMY3 | tmy3 | 44.465 -73.205 41 | -5 -5 | 60 intervalEnd | 2021-01-01T01:00:00-05:00 | 2022-01-01T00:00:00-05:00 | 8760 | - | 1317.49 | column 2 4
12839.tm2 | tmy2 | 25.8 -80.2667 2 | -5 -5 | 60 intervalEnd | 1962-01-01T01:00:00-05:00 | 1966-01-01T00:00:00-05:00 | 8760 | typical | 1792.618 | tmy2
NLD_Amsterdam062400_IWEC.epw | epw | 52.3 4.77 -2 | 1 1 | 60 intervalEnd | 1995-01-01T01:00:00+01:00 | 1991-01-01T00:00:00+01:00 | 8760 | typical | 982.481 | column 8 13
tmy_45.000_8.000_2005_2023.epw | epw | 45 8 250 | 1 0 | 60 intervalEnd | 2018-01-01T02:00:00+01:00 | 2017-01-01T01:00:00+01:00 | 8760 | typical | 1435.861 | column 8 13
test_read_psm3.csv | psm3 | 40.53 -108.54 2168 | -7 -7 | 30 instantaneous | 2017-01-01T00:00:00-07:00 | 2017-12-31T23:30:00-07:00 | 17520 | - | 1748.852 | named 2 GHI
test_read_psm4.csv | psm4 | 40.53 -108.54 2168 | -7 -7 | 30 instantaneous | 2023-01-01T00:00:00-07:00 | 2023-12-31T23:30:00-07:00 | 17520 | - | 1827.412 | named 2 GHI
test_psm4_polar_2023.csv | psm4 | 64.84091 -147.70454 132 | -9 0 | 60 instantaneous | 2022-12-31T15:00:00-09:00 | 2023-12-31T14:00:00-09:00 | 8760 | - | 945.075 | named 2 GHI
test_psm4_polar_tmy_2023.csv | psm4 | 64.84091 -147.70454 132 | -9 0 | 60 instantaneous | 2014-12-31T15:30:00-09:00 | 2018-12-31T14:30:00-09:00 | 8760 | typical | 959.245 | named 2 GHI
test_psm3_2017.csv | psmTable | - - - | 0 0 | 30 instantaneous | 2017-01-01T00:00:00+00:00 | 2017-12-31T23:30:00+00:00 | 17520 | - | 1748.852 | named 0 GHI
test_psm3_2019_5min.csv | psmTable | - - - | -7 -7 | 5 instantaneous | 2019-01-01T00:00:00-07:00 | 2019-01-01T23:55:00-07:00 | 288 | - | 2.9357 | named 0 GHI
test_psm3_tmy-2017.csv | psmTable | - - - | 0 0 | 60 instantaneous | 2003-01-01T00:30:00+00:00 | 2006-12-31T23:30:00+00:00 | 8760 | typical | 1777.892 | named 0 GHI
test_psm4_2023.csv | psmTable | - - - | 0 0 | 30 instantaneous | 2023-01-01T00:00:00+00:00 | 2023-12-31T23:30:00+00:00 | 17520 | - | 1827.412 | named 0 GHI
test_psm4_2023_5min.csv | psmTable | - - - | -7 -7 | 5 instantaneous | 2023-01-01T00:00:00-07:00 | 2023-01-01T23:55:00-07:00 | 288 | - | 1.0517 | named 0 GHI
test_psm4_full_disc_2023.csv | psmTable | - - - | -7 -7 | 60 instantaneous | 2023-01-01T00:00:00-07:00 | 2023-12-31T23:00:00-07:00 | 8760 | - | 1848.46 | named 0 GHI
test_psm4_tmy-2023.csv | psmTable | - - - | 0 0 | 60 instantaneous | 2020-01-01T00:30:00+00:00 | 2019-12-31T23:30:00+00:00 | 8760 | typical | 1809.86 | named 0 GHI
tmy_45.000_8.000_2005_2023.csv | pvgisTmyCsv | 45 8 250 | 0 0 | 60 instantaneous | 2018-01-01T00:00:00+00:00 | 2016-12-31T23:00:00+00:00 | 8760 | typical | 1435.861 | pvgisCsv
pvgis_tmy_test.csv | pvgisTmyCsv | - - - | 0 0 | 60 instantaneous | 2018-01-01T00:00:00+00:00 | 2016-12-31T23:00:00+00:00 | 8760 | typical | 1435.861 | pvgisCsv
tmy_45.000_8.000_2005_2023.json | pvgisTmyJson | 45 8 250 | 0 0 | 60 instantaneous | 2018-01-01T00:00:00+00:00 | 2016-12-31T23:00:00+00:00 | 8760 | typical | 1435.861 | pvgisJson
tmy_45.000_8.000_userhorizon.json | pvgisTmyJson | - - - | 0 0 | 60 instantaneous | 2018-01-01T00:00:00+00:00 | 2016-12-31T23:00:00+00:00 | 8760 | typical | 1251.495 | pvgisJson
SA_5MIN | solarAnywhere | 44.4675 -73.2075 41 | -5 -5 | 5 intervalEnd | 2021-01-01T00:05:00-05:00 | 2021-01-03T00:00:00-05:00 | 576 | - | 1.8467 | column 2 1
SA_TGY | solarAnywhere | 44.465 -73.205 41 | -5 -5 | 60 intervalEnd | 2000-01-01T01:00:00-05:00 | 2000-01-04T00:00:00-05:00 | 72 | typical | 2.766 | column 2 1
surfrad-slv16001.dat | surfrad | 37.7 -105.92 2317 | -7 0 | 1 intervalEnd | 2015-12-31T17:00:00-07:00 | 2016-01-01T16:59:00-07:00 | 1440 | - | 3.3688 | surfrad
`;

interface Case {
  file: string;
  format: WeatherFileFormat;
  site: [number, number, number];
  timeZone: number;
  stampUtcOffset: number;
  interval: number;
  definition: string;
  first: string;
  last: string;
  rows: number;
  typical: boolean;
  ghiKwh: number;
  rawGhi: (text: string) => number[];
}

const SA_FILES: Record<string, string> = { SA_TMY3, SA_5MIN, SA_TGY };
/** PVGIS hourly radiation on a tilted or tracking plane: POA only, checked separately. */
const PVGIS_POA_FILES = [
  'pvgis_hourly_Timeseries_45.000_8.000_SA_30deg_0deg_2016_2016.csv',
  'pvgis_hourly_Timeseries_45.000_8.000_SA2_10kWp_CIS_5_2a_2013_2014.json',
];
const RAW: Record<string, (text: string, a: number, b: string) => number[]> = {
  column: (t, skip, index) => column(t, skip, Number(index)),
  named: (t, skip, name) => csvColumn(t, skip, name),
  tmy2: (t) => tmy2(t),
  surfrad: (t) => surfrad(t),
  pvgisCsv: (t) => pvgisCsv(t),
  pvgisJson: (t) => pvgisJson(t),
};
const CASES: Case[] = TABLE.trim()
  .split('\n')
  .map((row) => {
    const [file, format, site, zones, interval, first, last, rows, typical, ghi, raw] = row.split(' | ');
    const [tz, stz] = zones!.split(' ').map(Number);
    const [minutes, definition] = interval!.split(' ');
    const [how, a, b] = raw!.split(' ');
    return {
      file: SA_FILES[file!] ?? file!,
      format: format as WeatherFileFormat,
      site: site!.split(' ').map((v) => (v === '-' ? NaN : Number(v))) as Case['site'],
      timeZone: tz!,
      stampUtcOffset: stz!,
      interval: Number(minutes),
      definition: definition!,
      first: first!,
      last: last!,
      rows: Number(rows),
      typical: typical === 'typical',
      ghiKwh: Number(ghi),
      rawGhi: (text: string) => RAW[how!]!(text, Number(a), b ?? ''),
    };
  });

const nansum = (a: Float64Array | number[]): number => {
  let s = 0;
  for (const v of a) if (v === v) s += v;
  return s;
};
const same = (actual: number, expected: number, digits: number): void =>
  Number.isNaN(expected) ? expect(actual).toBeNaN() : expect(actual).toBeCloseTo(expected, digits);

describe('every weather file of shared/data', () => {
  for (const c of CASES) {
    it(`${c.file}: ${c.format}, site, time zone, interval, stamps, annual GHI`, () => {
      const text = read(c.file);
      expect(detectWeatherFormat(text)).toBe(c.format);
      const w = parseWeather(text);
      const m = w.meta;
      expect(m.format).toBe(c.format);
      same(m.latitude, c.site[0], 3);
      same(m.longitude, c.site[1], 3);
      same(m.elevation, c.site[2], 6);
      expect(m.timeZone).toBe(c.timeZone);
      expect(m.stampUtcOffset).toBe(c.stampUtcOffset);
      expect(m.intervalMinutes).toBe(c.interval);
      expect(m.timestampDefinition).toBe(c.definition);
      expect([m.startDate, m.endDate]).toEqual([c.first, c.last]);
      expect(w.time[0]).toBe(Date.parse(c.first));
      expect(w.time[w.time.length - 1]).toBe(Date.parse(c.last));
      expect(m.rowCount).toBe(c.rows);
      expect(m.typicalYear).toBe(c.typical);
      for (const key of ['ghi', 'dni', 'dhi', 'tempAir', 'windSpeed', 'pressure'] as const) {
        expect(w[key]).toBeInstanceOf(Float64Array);
        expect(w[key].length).toBe(c.rows);
      }
      const raw = c.rawGhi(text);
      if (c.format !== 'surfrad') expect(raw.length).toBe(c.rows);
      const independent = (nansum(raw) * c.interval) / 60 / 1000;
      const fromParser = (nansum(w.ghi) * m.intervalMinutes) / 60 / 1000;
      expect(fromParser).toBeCloseTo(independent, 9);
      expect(fromParser).toBeCloseTo(c.ghiKwh, c.ghiKwh > 100 ? 0 : 2);
    });
  }

  it('recognises no format in the data files that are not weather', () => {
    const weather = new Set([...CASES.map((c) => c.file), ...PVGIS_POA_FILES]);
    const others = fs.readdirSync(DATA).filter((f) => !weather.has(f) && !f.endsWith('.md'));
    expect(others.length).toBeGreaterThan(10);
    for (const f of others) {
      const head = fs.readFileSync(path.join(DATA, f), 'latin1').slice(0, 100_000);
      expect([f, detectWeatherFormat(head)]).toEqual([f, null]);
    }
  });

  it('PVGIS plane-of-array series parse with POA, plane and UTC stamps at the satellite time', () => {
    const csv = parseWeather(read(PVGIS_POA_FILES[0]!));
    expect(csv.meta.format).toBe('pvgisHourlyCsv');
    expect([csv.meta.poaTilt, csv.meta.poaAzimuth, csv.meta.rowCount]).toEqual([30, 180, 14]);
    expect(csv.meta.startDate).toBe('2016-01-01T00:10:00+00:00'); // UTC: PVGIS states no site zone
    expect(csv.poa![8]).toBeCloseTo(26.71 + 8.28 + 0.21, 10); // Gb(i) + Gd(i) + Gr(i) at 08:10 UTC
    expect(csv.ghi.every(Number.isNaN)).toBe(true);
    const json = parseWeather(read(PVGIS_POA_FILES[1]!));
    expect(json.meta.format).toBe('pvgisHourlyJson');
    expect(json.meta.source).toContain('two-axis');
    expect(json.poa![9]).toBe(423.28);
    expect(json.tempAir[0]).toBe(-0.97);
  });
});
