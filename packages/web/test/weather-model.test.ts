import { describe, expect, it } from 'vitest';
import {
  compareMonthlyOption,
  dailyProfilesOption,
  flaggedPointsOption,
  heatMapOption,
  monthlyBarsOption,
  monthlySumsFromRows,
  normalizeProfiles,
} from '../src/screens/weather/charts/options.ts';
import { downloadProgress, formatUtcOffset, formatTimestamp } from '../src/screens/weather/model/format.ts';
import {
  buildGenerateRequest,
  checkGenerate,
  defaultMonthly,
  DEFAULT_MONTHLY_GHI,
  shiftSouth,
  timeZoneFromLongitude,
} from '../src/screens/weather/model/generateModel.ts';
import { summarizeGti } from '../src/screens/weather/model/gti.ts';
import {
  buildMapping,
  buildSettings,
  checkForm,
  importErrorMessages,
  initialForm,
  setRole,
  setStampFormat,
  validationMessages,
} from '../src/screens/weather/model/importModel.ts';
import {
  DEFAULT_LIBRARY_PARAMS,
  buildLibraryQuery,
  parseIds,
  parseStatuses,
  parseWeatherId,
  readLibraryParams,
  toggleSort,
  writeLibraryParams,
} from '../src/screens/weather/model/listParams.ts';
import { pagesFor, presentDetailFields } from '../src/screens/weather/model/detailColumns.ts';
import { annualGhi, summaryColumns } from '../src/screens/weather/model/summary.ts';
import type { GenericCsvInfo, ParseResult } from '../src/screens/weather/model/types.ts';

describe('weather list params', () => {
  it("defaults to 'My Weather' and keeps defaults out of the address", () => {
    const params = readLibraryParams(new URLSearchParams(''));
    expect(params).toEqual(DEFAULT_LIBRARY_PARAMS);
    expect(params.owner).toBe('mine');
    expect(writeLibraryParams(params).toString()).toBe('');
    expect(buildLibraryQuery(params)).toMatchObject({
      ownerOnly: true,
      page: 1,
      sort: 'lastModified',
      order: 'desc',
    });
  });
  it('round-trips filter, statuses, search, sort and page', () => {
    const params = {
      ...DEFAULT_LIBRARY_PARAMS,
      owner: 'all' as const,
      statuses: [3, 5],
      search: 'NC',
      page: 3,
    };
    const back = readLibraryParams(writeLibraryParams(toggleSort(params, 'name')));
    expect(back).toMatchObject({
      owner: 'all',
      statuses: [3, 5],
      search: 'NC',
      sort: 'name',
      order: 'asc',
      page: 1,
    });
    expect(buildLibraryQuery(back)).toMatchObject({ ownerOnly: false, status: '3,5', search: 'NC' });
  });
  it('reads ids and statuses defensively', () => {
    expect(parseWeatherId('12')).toBe(12);
    for (const raw of ['', '0', '-1', '1.5', 'abc', '1e3', undefined]) expect(parseWeatherId(raw)).toBeNull();
    expect(parseIds('3,x,3,4, 5')).toEqual([3, 4, 5]);
    expect(parseStatuses('0,3,a,3')).toEqual([0, 3]);
  });
});

describe('weather formatting', () => {
  it('formats offsets, stamps and download progress', () => {
    expect(formatUtcOffset(-5)).toBe('UTC−05:00');
    expect(formatUtcOffset(5.5)).toBe('UTC+05:30');
    expect(formatUtcOffset(null)).toBe('--');
    expect(formatTimestamp('2005-01-01T13:00:00')).toBe('2005-01-01 13:00');
    expect(downloadProgress({ downloadPercentComplete: 42.4 })).toBe(42);
    expect(downloadProgress({ downloadPercentComplete: 0 })).toBe(0);
    expect(downloadProgress({ downloadPercentComplete: 100 })).toBeNull();
    expect(downloadProgress(null)).toBeNull();
  });
});

const inspection: GenericCsvInfo = {
  delimiter: ';',
  decimal: ',',
  headerRow: 2,
  firstDataRow: 3,
  columns: [
    { index: 0, header: 'Date', guessedKey: null, guessedUnit: null },
    { index: 1, header: 'Hour', guessedKey: null, guessedUnit: null },
    { index: 2, header: 'Global kW/m²', guessedKey: 'ghi', guessedUnit: 'kW/m2' },
    { index: 3, header: 'T_amb [F]', guessedKey: 'tempAir', guessedUnit: 'F' },
    { index: 4, header: 'notes', guessedKey: null, guessedUnit: null },
  ],
  timestamp: { format: 'date time', order: 'mdy', dateColumn: 0, timeColumn: 1 },
  latitude: 36.1,
  longitude: -79.95,
  elevation: null,
  timeZone: -5,
  sampleRows: [['01/01/2020', '01:00', '0', '30', 'x']],
  mapping: null,
};

const genericParse: ParseResult = {
  importId: 7,
  weatherFileInfo: {
    name: 'generic',
    latitude: null,
    longitude: null,
    timeZone: null,
    timestampDefinition: 1,
  },
  genericCsv: inspection,
};

describe('weather import form', () => {
  it('prefills from the guesses and builds the engine mapping', () => {
    const form = initialForm(genericParse);
    expect(form).toMatchObject({
      latitude: 36.1,
      longitude: -79.95,
      timeZone: -5,
      delimiter: ';',
      decimal: ',',
      stampFormat: 'date time',
      dateOrder: 'mdy',
    });
    expect(form.columns.map((c) => c.role)).toEqual(['date', 'time', 'ghi', 'tempAir', 'ignore']);
    expect(form.columns[2]!.unit).toBe('kW/m2');
    expect(checkForm(form, true)).toEqual({});
    const mapping = buildMapping(form);
    expect(mapping).toMatchObject({
      delimiter: ';',
      headerRow: 2,
      firstDataRow: 3,
      decimal: ',',
      timestamp: { format: 'date time', order: 'mdy', dateColumn: 0, timeColumn: 1 },
      timeZone: -5,
      siteTimeZone: -5,
      timestampDefinition: 'intervalEnd',
      columns: [
        { index: 2, key: 'ghi', unit: 'kW/m2' },
        { index: 3, key: 'tempAir', unit: 'F' },
      ],
    });
    expect(buildSettings(form, true)).toMatchObject({
      name: 'generic',
      latitude: 36.1,
      timeZone: -5,
      timestampDefinition: 1,
    });
    expect(buildSettings(form, false).mapping).toBeUndefined();
  });
  it('keeps one column per stamp role and resets units on a new role', () => {
    const form = initialForm(genericParse);
    const moved = setRole(form.columns, 4, 'date');
    expect(moved.map((c) => c.role)).toEqual(['ignore', 'time', 'ghi', 'tempAir', 'date']);
    const wind = setRole(form.columns, 4, 'windSpeed');
    expect(wind[4]).toMatchObject({ role: 'windSpeed', unit: 'm/s' });
    const single = setStampFormat(form, 'iso');
    expect(single.columns.map((c) => c.role)).toEqual(['ignore', 'ignore', 'ghi', 'tempAir', 'ignore']);
    expect(checkForm(single, true).mapping).toBe('Choose the time stamp column.');
    const stamped = { ...single, columns: setRole(single.columns, 0, 'timestamp') };
    expect(buildMapping(stamped).timestamp).toEqual({ format: 'iso', column: 0 });
    const noGhi = { ...stamped, columns: setRole(stamped.columns, 2, 'ignore') };
    expect(checkForm(noGhi, true).mapping).toBe('Map the GHI column.');
  });
  it('checks location, time zone and name', () => {
    const form = {
      ...initialForm(genericParse),
      name: ' ',
      latitude: 91,
      longitude: '' as const,
      timeZone: 15,
    };
    expect(checkForm(form, false)).toEqual({
      name: 'Name is required.',
      latitude: 'Latitude must be between -90 and 90.',
      longitude: 'Longitude is required.',
      timeZone: 'Time zone must be between -12 and 14 hours.',
    });
  });
  it('states the elevation range in the user unit system', () => {
    const form = { ...initialForm(genericParse), elevation: 9500 };
    expect(checkForm(form, false).elevation).toBe('Elevation must be between -500 and 9000 m.');
    expect(checkForm(form, false, 'imperial').elevation).toBe(
      'Elevation must be between -1640.4 and 29527.6 ft.',
    );
  });
  it('shows the line and problem of a 400, without the generic heading', () => {
    expect(
      importErrorMessages(
        { message: 'Line 12: bad number', modelState: { file: ['Line 12: bad number'] } },
        'fallback',
      ),
    ).toEqual(['Line 12: bad number']);
    expect(importErrorMessages({ modelState: { name: ['Name is required.'] } }, 'fallback')).toEqual([
      'Name is required.',
    ]);
    expect(importErrorMessages(null, 'fallback')).toEqual(['fallback']);
    expect(validationMessages({ warnings: ['w'], errors: [{ message: 'bad', line: 3 }] })).toEqual({
      warnings: ['w'],
      errors: ['Line 3: bad'],
    });
  });
});

describe('weather charts', () => {
  it('monthly bars for the present keys only', () => {
    const option = monthlyBarsOption([
      { month: 1, ghi: 80.04, dni: null },
      { month: 7, ghi: 190 },
    ]);
    expect(option.series).toHaveLength(1);
    expect(option.series[0]!.data[0]).toBe(80);
    expect(option.series[0]!.data[1]).toBeNull();
    expect(option.series[0]!.data[6]).toBe(190);
  });
  it('reads the server profile shape and the flat one', () => {
    const map = normalizeProfiles([
      { key: 'ghi', months: [{ month: 1, values: [0, 1, null] }] },
      { month: 2, key: 'ghi', values: [5] },
    ]);
    expect(map.get('ghi')?.get(1)).toEqual([0, 1, null]);
    expect(map.get('ghi')?.get(2)).toEqual([5]);
    const option = dailyProfilesOption(map, 'ghi', [2, 1, 3]);
    expect(option.series.map((s) => s.name)).toEqual(['Jan', 'Feb']);
  });
  it('heat map reads hour-major values', () => {
    const values = [1, 2, 3, 4, 5, 6];
    const option = heatMapOption({ key: 'ghi', width: 3, height: 2, values });
    // hour 1, day 2 → values[1 * 3 + 2] = 6
    expect(option.series[0]!.data).toContainEqual([2, 1, 6]);
    expect(option.visualMap.max).toBe(6);
  });
  it('flagged points by check and compare series by asset', () => {
    const option = flaggedPointsOption(
      [
        { index: 3, checks: ['a', 'b'], value: 2 },
        { index: 4, check: 'a' },
      ],
      10,
    );
    expect(option.series.map((s) => [s.name, s.data.length])).toEqual([
      ['a', 2],
      ['b', 1],
    ]);
    const compare = compareMonthlyOption([
      { name: 'A', monthly: [{ month: 1, ghi: 10 }] },
      { name: 'B', monthly: [] },
    ]);
    expect(compare.series.map((s) => s.name)).toEqual(['A', 'B']);
  });
  it('monthly sums from hourly rows', () => {
    const rows = [
      { timeStamp: '2020-01-01T12:00:00', globalHorizontalIrradiance: 500 },
      { timeStamp: '2020-01-01T13:00:00', globalHorizontalIrradiance: 500 },
      { timeStamp: '2020-02-01T13:00:00', globalHorizontalIrradiance: 1000 },
    ];
    const sums = monthlySumsFromRows(rows, { ghi: 'globalHorizontalIrradiance' });
    expect(sums[0]!.ghi).toBeCloseTo(1);
    expect(sums[1]!.ghi).toBeCloseTo(1);
    expect(sums[2]!.ghi).toBeUndefined();
  });
});

describe('weather summary, detail and tilted plane', () => {
  it('lists summary quantities with sums and means', () => {
    const columns = summaryColumns({
      annual: { ghi: 1566.2, tempAir: 14.9, count: 8760, rainfall: 3 },
      monthly: [{ month: 1, ghi: 80 }],
    });
    expect(columns.map((c) => [c.key, c.kind, c.unit])).toEqual([
      ['ghi', 'sum', 'kWh/m²'],
      ['tempAir', 'mean', '°C'],
      ['rainfall', 'sum', 'mm'],
    ]);
    expect(annualGhi({ annual: { ghi: 1566.2 }, monthly: [] })).toBe(1566.2);
    expect(annualGhi(null, 12)).toBe(12);
  });
  it('detail columns and pages', () => {
    expect(
      presentDetailFields([{ timeStamp: 'x', globalHorizontalIrradiance: 1, temperature: null }]).map(
        (f) => f.field,
      ),
    ).toEqual(['globalHorizontalIrradiance']);
    expect(pagesFor(0, 40)).toEqual([0]);
    expect(pagesFor(480, 520)).toEqual([0, 1]);
  });
  it('sums a tilted-plane answer', () => {
    const answer = [
      { timeStamp: '2020-03-01T12:00:00', globalTiltedIrradiance: 800 },
      { timeStamp: '2020-03-01T13:00:00', globalTiltedIrradiance: 200 },
    ];
    const summary = summarizeGti(answer);
    expect(summary.monthly[2]!.poa).toBeCloseTo(1);
    expect(summary.annual).toBeCloseTo(1);
    expect(summarizeGti({ monthly: [{ month: 1, gti: 50 }], annual: 600 }).annual).toBe(600);
  });
});

describe('generate form', () => {
  it('prefills, mirrors for the south and builds the request', () => {
    expect(defaultMonthly(undefined, 36).ghi).toEqual(DEFAULT_MONTHLY_GHI);
    expect(defaultMonthly(undefined, -33).ghi).toEqual(shiftSouth(DEFAULT_MONTHLY_GHI));
    expect(defaultMonthly({ monthlyGhi: Array(12).fill(100) }, 10).ghi[0]).toBe(100);
    expect(timeZoneFromLongitude(-79.95)).toBe(-5);
    const form = {
      name: 'Synthetic',
      latitude: 36,
      longitude: -80,
      elevation: '' as const,
      timeZone: -5,
      monthlyGhi: [...DEFAULT_MONTHLY_GHI],
      monthlyTemp: Array(12).fill(10),
      seed: 1,
    };
    expect(checkGenerate(form)).toEqual({});
    expect(buildGenerateRequest(form)).toEqual({
      name: 'Synthetic',
      latitude: 36,
      longitude: -80,
      timeZone: -5,
      monthlyGhi: DEFAULT_MONTHLY_GHI,
      monthlyTemp: Array(12).fill(10),
      seed: 1,
    });
    expect(
      checkGenerate({ ...form, monthlyGhi: [...form.monthlyGhi.slice(0, 11), ''] }).monthlyGhi,
    ).toBeDefined();
    // The temperatures are held in °C whatever the user types in; the message is in the user's unit.
    const hot = { ...form, monthlyTemp: [...form.monthlyTemp.slice(0, 11), 70] };
    expect(checkGenerate(hot).monthlyTemp).toBe('Each monthly temperature must be between -60 and 60 °C.');
    expect(checkGenerate(hot, 'imperial').monthlyTemp).toBe(
      'Each monthly temperature must be between -76 and 140 °F.',
    );
  });
});
