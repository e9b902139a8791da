/**
 * Solargis, Meteonorm and PVsyst readers on files written in their documented layouts (no public
 * sample of these formats is in shared/data): detection, site, time zone, interval, stamps, record
 * count, annual GHI recomputed from the generated values, and the errors.
 */
import { describe, expect, it } from 'vitest';
import { detectWeatherFormat, parseWeather } from '../src/weather/parseWeather.ts';
import { WeatherParseError } from '../src/weather/types.ts';

const pad = (v: number, w = 2): string => String(v).padStart(w, '0');
/** A smooth daily GHI [W/m²] for local hour h (centre of the interval). */
const ghiAt = (h: number, doy: number): number =>
  h > 6 && h < 18
    ? Math.round((300 + 400 * Math.sin((doy / 365) * Math.PI)) * Math.sin(((h - 6) / 12) * Math.PI))
    : 0;

function solargis15min(): { text: string; ghiSum: number } {
  const rows: string[] = [];
  let sum = 0;
  for (let q = 0; q < 96 * 3; q++) {
    const day = 1 + Math.floor(q / 96);
    const min = (q % 96) * 15 + 7; // instantaneous at hh:07, :22, :37, :52
    const g = ghiAt(min / 60, day);
    sum += g;
    rows.push(
      `${pad(day)}.01.2019;${pad(Math.floor(min / 60))}:${pad(min % 60)};${g};${Math.round(g * 0.7)};${Math.round(g * 0.3)};-2.5;1012.4;80.1;3.2;210;6.1`,
    );
  }
  const text = [
    '#15 MINUTE VALUES OF SOLAR RADIATION AND METEOROLOGICAL PARAMETERS',
    '#',
    '#Issued: 2019-02-14 10:12',
    '#',
    '#Site name: Demo site',
    '#Latitude: 48.612590',
    '#Longitude: 20.827079',
    '#Elevation: 318.0 m a.s.l.',
    '#',
    '#Output from the climate database Solargis v2.1.13',
    '#Summarization type: instantaneous',
    '#Time reference: UTC+01',
    '#Time step: 15 min',
    '#',
    '#Columns:',
    '#Date - Date of measurement, format DD.MM.YYYY',
    '#GHI - Global horizontal irradiance [W/m2], no data value -9',
    '#',
    '#Data:',
    'Date;Time;GHI;DNI;DIF;TEMP;AP;RH;WS;WD;PWAT',
    ...rows,
    '',
  ].join('\r\n');
  return { text, ghiSum: sum };
}

function solargisTmy(): { text: string; ghiSum: number } {
  const rows: string[] = [];
  let sum = 0;
  const days = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  let doy = 0;
  days.forEach((n, m) => {
    for (let d = 1; d <= n; d++) {
      doy++;
      for (let h = 0; h < 24; h++) {
        const g = h === 12 && doy === 100 ? -9 : ghiAt(h + 0.5, doy);
        if (g !== -9) sum += g;
        rows.push(`${pad(d)}.${pad(m + 1)};${pad(h)}:30;${g};0;0;12.5;5.0`);
      }
    }
  });
  const text = [
    '#TYPICAL METEOROLOGICAL YEAR (P50) - HOURLY VALUES OF SOLAR RADIATION AND METEOROLOGICAL PARAMETERS',
    '#Latitude: -33.4500',
    '#Longitude: -70.6667',
    '#Elevation: 520.0 m a.s.l.',
    '#Output from the climate database Solargis v2.2',
    '#Time reference: UTC-05',
    '#Data:',
    'Day;Time;GHI;DNI;DIF;TEMP;WS',
    ...rows,
  ].join('\n');
  return { text, ghiSum: sum };
}

function meteonorm(): { text: string; ghiSum: number } {
  const rows: string[] = [];
  let sum = 0;
  const days = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  let doy = 0;
  days.forEach((n, m) => {
    for (let d = 1; d <= n; d++) {
      doy++;
      for (let h = 1; h <= 24; h++) {
        const g = ghiAt(h - 0.5, doy);
        sum += g;
        rows.push([m + 1, d, h, g, Math.round(g / 3), 8.4, 2.1, 75].join('\t'));
      }
    }
  });
  const text = [
    'Bern-Liebefeld',
    '46.93,7.42,565,1',
    '',
    ['m', 'dm', 'h', 'G_Gh', 'G_Dh', 'Ta', 'FF', 'RH'].join('\t'),
    ...rows,
  ].join('\n');
  return { text, ghiSum: sum };
}

function pvsyst(): { text: string; ghiSum: number } {
  const rows: string[] = [];
  let sum = 0;
  const start = Date.UTC(2020, 0, 1);
  for (let h = 0; h < 8784; h++) {
    const d = new Date(start + h * 3_600_000);
    const doy = Math.floor(h / 24) + 1;
    const g = ghiAt(d.getUTCHours() + 0.5, doy);
    sum += g;
    rows.push(
      `${d.getUTCFullYear()},${d.getUTCMonth() + 1},${d.getUTCDate()},${d.getUTCHours()},0,${g},${Math.round(g / 4)},21.5,1.7`,
    );
  }
  const text = [
    '#Meteo hourly data, PVsyst standard format',
    '#Site,Sevilla',
    '#Country,Spain',
    '#Data Source,Meteonorm 8.1',
    '#Time step,Hour',
    '#Latitude,37.38',
    '#Longitude,-5.97',
    '#Altitude,12',
    '#Time Zone,1.0',
    'Year,Month,Day,Hour,Minute,GHI,DHI,Tamb,WindVel',
    ',,,,,W/m2,W/m2,deg.C,m/s',
    ...rows,
  ].join('\n');
  return { text, ghiSum: sum };
}

const kwh = (sumW: number, minutes: number): number => (sumW * minutes) / 60 / 1000;
const nansum = (a: Float64Array): number => a.reduce((s, v) => (v === v ? s + v : s), 0);

describe('Solargis CSV', () => {
  it('15-minute instantaneous series in UTC+1', () => {
    const { text, ghiSum } = solargis15min();
    expect(detectWeatherFormat(text)).toBe('solargis');
    const w = parseWeather(text);
    const m = w.meta;
    expect([m.format, m.name, m.latitude, m.longitude, m.elevation]).toEqual([
      'solargis',
      'Demo site',
      48.61259,
      20.827079,
      318,
    ]);
    expect([m.timeZone, m.stampUtcOffset, m.intervalMinutes, m.timestampDefinition]).toEqual([
      1,
      1,
      15,
      'instantaneous', // the metadata says so: the sun at the stamp, as interval middle (issue 17)
    ]);
    expect([m.startDate, m.endDate, m.rowCount]).toEqual([
      '2019-01-01T00:07:00+01:00',
      '2019-01-03T23:52:00+01:00',
      288,
    ]);
    expect(m.source).toBe('Solargis v2.1.13');
    expect(kwh(nansum(w.ghi), 15)).toBeCloseTo(kwh(ghiSum, 15), 9);
    expect(w.pressure[0]).toBeCloseTo(101_240, 6);
    expect(w.precipitableWater![0]).toBeCloseTo(0.61, 12);
  });

  it('hourly TMY with DD.MM dates, −9 no-data, southern hemisphere', () => {
    const { text, ghiSum } = solargisTmy();
    const w = parseWeather(text);
    const m = w.meta;
    expect([m.latitude, m.longitude, m.elevation, m.timeZone]).toEqual([-33.45, -70.6667, 520, -5]);
    expect([m.typicalYear, m.rowCount, m.intervalMinutes]).toEqual([true, 8760, 60]);
    expect([m.startDate, m.endDate]).toEqual(['1990-01-01T00:30:00-05:00', '1990-12-31T23:30:00-05:00']);
    expect(Number.isNaN(w.ghi[99 * 24 + 12])).toBe(true);
    expect(kwh(nansum(w.ghi), 60)).toBeCloseTo(kwh(ghiSum, 60), 9);
    expect(w.warnings.some((x) => /ghi: 1 missing/.test(x.message))).toBe(true);
  });

  it('errors name the line', () => {
    const { text } = solargis15min();
    const lines = text.split('\r\n');
    const at = lines.findIndex((l) => l.startsWith('02.01.2019;10:07'));
    lines[at] = lines[at]!.replace(/;-2\.5;/, ';x;');
    expect(() => parseWeather(lines.join('\r\n'))).toThrow(`line ${at + 1}: TEMP: 'x' is not a number`);
    const noGhi = text.replace('Date;Time;GHI;', 'Date;Time;XXX;').replace(/#GHI.*\r\n/, '');
    expect(() => parseWeather(noGhi)).toThrow(WeatherParseError);
    const cut = text.slice(0, text.length - 30);
    expect(() => parseWeather(cut)).toThrow(/fields where 11 are expected/);
  });
});

describe('Meteonorm hourly export', () => {
  it('typical year, tab separated, hour ending', () => {
    const { text, ghiSum } = meteonorm();
    expect(detectWeatherFormat(text)).toBe('meteonorm');
    const w = parseWeather(text);
    const m = w.meta;
    expect([m.format, m.name, m.latitude, m.longitude, m.elevation, m.timeZone]).toEqual([
      'meteonorm',
      'Bern-Liebefeld',
      46.93,
      7.42,
      565,
      1,
    ]);
    expect([m.typicalYear, m.rowCount, m.intervalMinutes, m.timestampDefinition]).toEqual([
      true,
      8760,
      60,
      'intervalEnd',
    ]);
    expect([m.startDate, m.endDate]).toEqual(['1990-01-01T01:00:00+01:00', '1991-01-01T00:00:00+01:00']);
    expect(kwh(nansum(w.ghi), 60)).toBeCloseTo(kwh(ghiSum, 60), 9);
  });
});

describe('PVsyst CSV', () => {
  it('leap year, units line, interval beginning', () => {
    const { text, ghiSum } = pvsyst();
    expect(detectWeatherFormat(text)).toBe('pvsyst');
    const w = parseWeather(text);
    const m = w.meta;
    expect([m.format, m.name, m.latitude, m.longitude, m.elevation, m.timeZone]).toEqual([
      'pvsyst',
      'Sevilla',
      37.38,
      -5.97,
      12,
      1,
    ]);
    expect([m.rowCount, m.intervalMinutes, m.timestampDefinition, m.typicalYear]).toEqual([
      8784,
      60,
      'intervalBegin',
      false,
    ]);
    expect([m.startDate, m.endDate]).toEqual(['2020-01-01T00:00:00+01:00', '2020-12-31T23:00:00+01:00']);
    expect(m.source).toBe('PVsyst (Meteonorm 8.1)');
    expect(kwh(nansum(w.ghi), 60)).toBeCloseTo(kwh(ghiSum, 60), 9);
    expect(w.windSpeed[5]).toBe(1.7);
  });

  it('a record with a missing field names its line', () => {
    const lines = pvsyst().text.split('\n');
    lines[20] = lines[20]!.split(',').slice(0, 6).join(',');
    expect(() => parseWeather(lines.join('\n'))).toThrow(
      'line 21: 6 fields where 9 are expected: truncated or malformed record',
    );
    lines[20] = lines[20]!.replaceAll(',', ';');
    expect(() => parseWeather(lines.join('\n'))).toThrow("line 21: values are separated by ';', not ','");
  });
});

describe('documented formats: malformed files', () => {
  it('Meteonorm: text in a number, missing hour column, truncated record', () => {
    const lines = meteonorm().text.split('\n');
    lines[10] = lines[10]!.replace(/\t8\.4\t/, '\tabc\t');
    expect(() => parseWeather(lines.join('\n'))).toThrow("line 11: Ta: 'abc' is not a number");
    const noHour = meteonorm().text.replace('m\tdm\th\tG_Gh', 'm\tdm\thh\tG_Gh');
    expect(() => parseWeather(noHour)).toThrow(WeatherParseError);
    const cut = meteonorm().text.split('\n');
    cut[30] = cut[30]!.split('\t').slice(0, 4).join('\t');
    expect(() => parseWeather(cut.join('\n'))).toThrow(
      'line 31: 4 fields where 8 are expected: truncated or malformed record',
    );
  });

  it('binary and empty input', () => {
    expect(() => parseWeather('')).toThrow('line 1: file is empty');
    expect(() => parseWeather(`#Solargis\u0000\u0001\u0002`)).toThrow(/binary/);
  });
});
