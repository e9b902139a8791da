/**
 * Malformed weather files: every problem is a WeatherParseError that names the line (1-based; 0 for
 * the file as a whole) and the problem; nothing partial is returned.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseWeather } from '../src/weather/parseWeather.ts';
import { WEATHER_PARSE_DEFAULTS, WeatherParseError } from '../src/weather/types.ts';
import { SHARED_DIR } from './golden.ts';

const read = (file: string): string => fs.readFileSync(path.join(SHARED_DIR, 'data', file), 'latin1');
const TMY3 = read('723170TYA.CSV');
const PSM3 = read('test_read_psm3.csv');
const EPW = read('NLD_Amsterdam062400_IWEC.epw');
const TMY2 = read('12839.tm2');
const PVGIS_CSV = read('tmy_45.000_8.000_2005_2023.csv');
const PVGIS_JSON = read('tmy_45.000_8.000_2005_2023.json');
const SA = read(
  'Burlington, United States SolarAnywhere Time Series 20210101 to 20210103 Lat_44_4675 Lon_-73_2075 SA format.csv',
);

/** The error `parseWeather(text)` throws (fails the test when it returns). */
function failure(text: string, options = {}): WeatherParseError {
  try {
    parseWeather(text, options);
  } catch (e) {
    expect(e).toBeInstanceOf(WeatherParseError);
    return e as WeatherParseError;
  }
  throw new Error('parsed without error');
}

/** Replaces line `n` (1-based) of a text. */
function withLine(text: string, n: number, edit: (line: string) => string): string {
  const lines = text.split('\n');
  lines[n - 1] = edit(lines[n - 1]!);
  return lines.join('\n');
}
/** Replaces field `k` (0-based, comma-separated) of line `n`. */
const withField = (text: string, n: number, k: number, value: string): string =>
  withLine(text, n, (l) =>
    l
      .split(',')
      .map((f, i) => (i === k ? value : f))
      .join(','),
  );
/** The first `n` lines, the last of them cut to `keep` characters. */
const cutAt = (text: string, n: number, keep: number): string => {
  const lines = text.split('\n').slice(0, n);
  lines[n - 1] = lines[n - 1]!.slice(0, keep);
  return lines.join('\n');
};
const firstLines = (text: string, n: number): string => text.split('\n').slice(0, n).join('\n') + '\n';

describe('truncated files', () => {
  it('a record cut in the middle names its line, in every format', () => {
    expect(failure(cutAt(TMY3, 5000, 60)).line).toBe(5000);
    expect(failure(cutAt(PSM3, 900, 30)).line).toBe(900);
    expect(failure(cutAt(EPW, 4000, 40)).line).toBe(4000);
    expect(failure(cutAt(TMY2, 3000, 80)).line).toBe(3000);
    expect(failure(cutAt(PVGIS_CSV, 200, 30)).line).toBe(200);
    expect(failure(cutAt(SA, 100, 25)).line).toBe(100);
    const e = failure(cutAt(TMY3, 5000, 60));
    expect(e.message).toMatch(/^line 5000: \d+ fields where at least 71 are expected: truncated/);
  });

  it('a whole year cut at a line boundary names the last line', () => {
    for (const [text, n] of [
      [TMY3, 5000],
      [EPW, 3000],
      [TMY2, 2000],
      [PSM3, 10_000],
      [PVGIS_CSV, 8000],
    ] as const) {
      const e = failure(firstLines(text, n));
      expect([e.line, e.reason]).toEqual([n, expect.stringMatching(/truncated$/)]);
    }
  });

  it('truncated JSON', () => {
    const e = failure(PVGIS_JSON.slice(0, 700_000));
    expect(e.line).toBe(1);
    expect(e.reason).toMatch(/^invalid JSON/);
  });

  it('a file of headers only', () => {
    expect(failure(firstLines(TMY3, 2)).reason).toMatch(/no data records/);
    expect(failure(firstLines(PSM3, 3)).reason).toMatch(/no data records/);
  });
});

describe('wrong delimiter', () => {
  it('semicolons or tabs instead of commas are named, at the first line read', () => {
    const e = failure(TMY3.replace(/,/g, ';'));
    expect([e.line, e.reason]).toEqual([1, "values are separated by ';'; this format uses commas"]);
    expect(failure(PSM3.replace(/,/g, ';')).line).toBe(1);
    expect(failure(EPW.replace(/,/g, '\t')).reason).toMatch(/separated by 'tab'/);
    expect(failure(SA.replace(/,/g, ';')).line).toBe(1);
  });

  it('data lines with another delimiter than the header', () => {
    const e = failure(withLine(PSM3, 10, (l) => l.replace(/,/g, ';')));
    expect([e.line, e.reason]).toEqual([10, "values are separated by ';'; this format uses commas"]);
  });
});

describe('text in a number', () => {
  it('names the line and the column', () => {
    let e = failure(withField(TMY3, 100, 4, 'abc'));
    expect(e.message).toBe("line 100: GHI (W/m^2): 'abc' is not a number");
    e = failure(withField(PSM3, 50, 20, '1O.5')); // letter O for zero in Temperature
    expect([e.line, e.reason]).toEqual([50, "Temperature: '1O.5' is not a number"]);
    e = failure(withField(EPW, 20, 13, '12a'));
    expect([e.line, e.reason]).toEqual([20, "Global Horizontal Radiation: '12a' is not a number"]);
    e = failure(withField(SA, 30, 1, 'n.a.'));
    expect(e.line).toBe(30);
    e = failure(withField(PVGIS_CSV, 300, 1, 'x'));
    expect([e.line, e.reason]).toEqual([300, "T2m: 'x' is not a number"]);
    e = failure(withLine(TMY2, 40, (l) => l.slice(0, 68) + 'X' + l.slice(69)));
    expect(e.line).toBe(40);
    expect(e.reason).toMatch(/^Dry bulb temperature \(columns 68–71\)/);
  });

  it('in JSON, naming the record', () => {
    const text = PVGIS_JSON.replace('"G(h)": 149.0', '"G(h)": "149"');
    expect(failure(text).reason).toBe('G(h) of 20180101:0900: "149" is not a number');
  });

  it('invalid dates and times', () => {
    expect(failure(withField(TMY3, 60, 0, '02/30/1988')).message).toBe('line 60: invalid date 1988-2-30');
    expect(failure(withField(TMY3, 61, 1, '25:00')).message).toBe("line 61: '25:00' is not a time HH:MM");
    expect(failure(withField(PSM3, 70, 3, '24')).line).toBe(70);
  });
});

describe('missing columns and metadata', () => {
  it('a required column renamed away is named on the header line', () => {
    let e = failure(withLine(TMY3, 2, (l) => l.replace('GHI (W/m^2)', 'GHX')));
    expect(e.message).toBe("line 2: missing required column 'GHI (…'");
    e = failure(withLine(PSM3, 3, (l) => l.replace(',GHI,', ',GHX,')));
    expect([e.line, e.reason]).toEqual([3, "missing required column 'GHI'"]);
    e = failure(withLine(PSM3, 3, (l) => l.replace('Year,', 'Yr,')));
    expect([e.line, e.reason]).toEqual([3, "missing required column 'Year'"]);
    e = failure(withLine(SA, 2, (l) => l.replace(/ObservationTime\([A-Z]+\)/g, 'Time')));
    expect(e.line).toBe(2);
  });

  it('no irradiance at all', () => {
    const empty = TMY3.split('\n')
      .map((l, i) =>
        i < 2 || l === ''
          ? l
          : l
              .split(',')
              .map((f, k) => (k === 4 ? '' : f))
              .join(','),
      )
      .join('\n');
    expect(failure(empty).message).toBe(
      'line 2: no irradiance: the file has no GHI or plane-of-array values',
    );
  });

  it('bad site metadata', () => {
    expect(failure(withField(TMY3, 1, 4, '136.1')).message).toBe('line 1: latitude 136.1 is outside −90…90');
    expect(failure(withField(EPW, 1, 8, 'CET')).message).toBe("line 1: time zone: 'CET' is not a number");
    expect(failure(withLine(EPW, 8, () => 'COMMENTS 3,x')).reason).toMatch(/DATA PERIODS/);
    const e = failure(withLine(PSM3, 1, (l) => l.replace('Latitude', 'Lat')));
    expect(e.message).toBe("line 1: missing metadata field 'Latitude'");
  });
});

describe('absurd inputs', () => {
  it('too large or too many records: line 0, before anything is allocated', () => {
    expect(WEATHER_PARSE_DEFAULTS.maxChars).toBeLessThan(200_000_000);
    let e = failure(TMY3, { maxChars: 1_000_000 });
    expect([e.line, e.reason]).toEqual([
      0,
      'file of 1,716,576 characters is larger than the 1,000,000 accepted',
    ]);
    e = failure(TMY3, { maxRows: 5000 });
    expect([e.line, e.reason]).toEqual([0, '8,760 records exceed the 5,000 accepted']);
  });

  it('binary, empty and unknown files', () => {
    expect(failure('PK\u0003\u0004\u0000\u0000binary').reason).toMatch(/binary/);
    expect(
      failure(String.fromCharCode(...Array.from({ length: 500 }, (_, i) => (i * 7) % 32))).reason,
    ).toMatch(/binary/);
    expect(failure('   \n\n').message).toBe('line 1: file is empty');
    expect(failure('a,b,c\n1,2,3\n').reason).toMatch(/^unrecognised weather file/);
  });

  it('daily records, a blank line inside the data', () => {
    const daily = ['Source,Latitude,Longitude,Time Zone', 'NSRDB,40,-105,-7', 'Year,Month,Day,Hour,GHI'];
    for (let d = 1; d <= 5; d++) daily.push(`2020,1,${d},0,100`);
    expect(failure(daily.join('\n')).message).toBe(
      'line 5: records are 1440 minutes apart; weather must have intervals of 1 to 60 minutes',
    );
    expect(failure(withLine(TMY3, 500, () => '')).message).toBe('line 500: blank line inside the data');
  });
});
