/**
 * Weather import through the API: every sample file the engine reads goes Parse → FinalizeImport
 * and is checked through GET /Weather/{id}; malformed uploads are refused with the line and the
 * problem, and leave no row behind.
 */
import { Readable } from 'node:stream';
import { expect, it } from 'vitest';
import { call, describeEachDatabase } from './harness.ts';
import { createCompanyUser } from './projectFactory.ts';
import { dataFile, importWeather, multipart, parseUpload, tableCounts } from './weatherHelpers.ts';

interface Expected {
  file: string;
  format: string;
  latitude: number;
  longitude: number;
  timeZone: number;
  interval: number;
  rowCount: number;
  first: string;
  last: string;
  /**
   * a typical year's period (startDate, endDate): its records moved to the year a run simulates it in
   * (engine `weatherPeriod`); other files' are their first and last stamps
   */
  period?: [string, string];
  /** annual GHI sum [kWh/m²] (±0.5 %); null when the file has no GHI */
  ghi: number | null;
  corrections?: Record<string, unknown>;
}

const SA = 'Burlington, United States SolarAnywhere';
const FILES: Expected[] = [
  {
    file: '723170TYA.CSV',
    format: 'tmy3',
    latitude: 36.1,
    longitude: -79.95,
    timeZone: -5,
    interval: 60,
    rowCount: 8760,
    first: '1988-01-01T01:00:00-05:00',
    last: '1981-01-01T00:00:00-05:00',
    period: ['1990-01-01T01:00:00-05:00', '1991-01-01T00:00:00-05:00'],
    ghi: 1566.2,
  },
  {
    file: '703165TY.csv',
    format: 'tmy3',
    latitude: 55.317,
    longitude: -160.517,
    timeZone: -9,
    interval: 60,
    rowCount: 8760,
    first: '1997-01-01T01:00:00-09:00',
    last: '1999-01-01T00:00:00-09:00',
    period: ['1990-01-01T01:00:00-09:00', '1991-01-01T00:00:00-09:00'],
    ghi: 829.24,
  },
  {
    file: '12839.tm2',
    format: 'tmy2',
    latitude: 25.8,
    longitude: -80.2667,
    timeZone: -5,
    interval: 60,
    rowCount: 8760,
    first: '1962-01-01T01:00:00-05:00',
    last: '1966-01-01T00:00:00-05:00',
    period: ['1990-01-01T01:00:00-05:00', '1991-01-01T00:00:00-05:00'],
    ghi: 1792.62,
  },
  {
    file: 'NLD_Amsterdam062400_IWEC.epw',
    format: 'epw',
    latitude: 52.3,
    longitude: 4.77,
    timeZone: 1,
    interval: 60,
    rowCount: 8760,
    first: '1995-01-01T01:00:00+01:00',
    last: '1991-01-01T00:00:00+01:00',
    period: ['1990-01-01T01:00:00+01:00', '1991-01-01T00:00:00+01:00'],
    ghi: 982.48,
  },
  {
    file: 'tmy_45.000_8.000_2005_2023.epw',
    format: 'epw',
    latitude: 45,
    longitude: 8,
    timeZone: 1,
    interval: 60,
    rowCount: 8760,
    first: '2018-01-01T02:00:00+01:00',
    last: '2017-01-01T01:00:00+01:00',
    period: ['1990-01-01T01:00:00+01:00', '1991-01-01T00:00:00+01:00'],
    ghi: 1435.86,
  },
  {
    file: 'tmy_45.000_8.000_2005_2023.csv',
    format: 'pvgisTmyCsv',
    latitude: 45,
    longitude: 8,
    timeZone: 0, // PVGIS writes UTC and states no site zone (issue 17)
    interval: 60,
    rowCount: 8760,
    first: '2018-01-01T00:00:00+00:00',
    last: '2016-12-31T23:00:00+00:00',
    period: ['1990-01-01T00:00:00+00:00', '1990-12-31T23:00:00+00:00'],
    ghi: 1435.86,
  },
  {
    file: 'tmy_45.000_8.000_2005_2023.json',
    format: 'pvgisTmyJson',
    latitude: 45,
    longitude: 8,
    timeZone: 0, // PVGIS writes UTC and states no site zone (issue 17)
    interval: 60,
    rowCount: 8760,
    first: '2018-01-01T00:00:00+00:00',
    last: '2016-12-31T23:00:00+00:00',
    period: ['1990-01-01T00:00:00+00:00', '1990-12-31T23:00:00+00:00'],
    ghi: 1435.86,
  },
  {
    file: 'pvgis_hourly_Timeseries_45.000_8.000_SA_30deg_0deg_2016_2016.csv',
    format: 'pvgisHourlyCsv',
    latitude: 45,
    longitude: 8,
    timeZone: 0, // PVGIS writes UTC and states no site zone (issue 17)
    interval: 60,
    rowCount: 14,
    first: '2016-01-01T00:10:00+00:00',
    last: '2016-01-01T13:10:00+00:00',
    ghi: null,
  },
  {
    file: 'test_read_psm3.csv',
    format: 'psm3',
    latitude: 40.53,
    longitude: -108.54,
    timeZone: -7,
    interval: 30,
    rowCount: 17520,
    first: '2017-01-01T00:00:00-07:00',
    last: '2017-12-31T23:30:00-07:00',
    ghi: 1748.85,
  },
  {
    file: 'test_read_psm4.csv',
    format: 'psm4',
    latitude: 40.53,
    longitude: -108.54,
    timeZone: -7,
    interval: 30,
    rowCount: 17520,
    first: '2023-01-01T00:00:00-07:00',
    last: '2023-12-31T23:30:00-07:00',
    ghi: 1827.41,
  },
  {
    file: 'test_psm4_polar_2023.csv',
    format: 'psm4',
    latitude: 64.84091,
    longitude: -147.70454,
    timeZone: -9,
    interval: 60,
    rowCount: 8760,
    first: '2022-12-31T15:00:00-09:00',
    last: '2023-12-31T14:00:00-09:00',
    ghi: 944.12,
  },
  {
    file: `${SA} Time Series 2021 Lat_44_465 Lon_-73_205 TMY3 format.csv`,
    format: 'tmy3',
    latitude: 44.465,
    longitude: -73.205,
    timeZone: -5,
    interval: 60,
    rowCount: 8760,
    first: '2021-01-01T01:00:00-05:00',
    last: '2022-01-01T00:00:00-05:00',
    ghi: 1317.49,
  },
  {
    file: `${SA} Time Series 20210101 to 20210103 Lat_44_4675 Lon_-73_2075 SA format.csv`,
    format: 'solarAnywhere',
    latitude: 44.4675,
    longitude: -73.2075,
    timeZone: -5,
    interval: 5,
    rowCount: 576,
    first: '2021-01-01T00:05:00-05:00',
    last: '2021-01-03T00:00:00-05:00',
    ghi: 1.85,
  },
  {
    file: `${SA} Typical GHI Year Lat_44_465 Lon_-73_205 SA format.csv`,
    format: 'solarAnywhere',
    latitude: 44.465,
    longitude: -73.205,
    timeZone: -5,
    interval: 60,
    rowCount: 72,
    first: '2000-01-01T01:00:00-05:00',
    last: '2000-01-04T00:00:00-05:00',
    period: ['1990-01-01T01:00:00-05:00', '1990-01-04T00:00:00-05:00'],
    ghi: 2.77,
  },
  {
    file: 'surfrad-slv16001.dat',
    format: 'surfrad',
    latitude: 37.7,
    longitude: -105.92,
    timeZone: -7,
    interval: 1,
    rowCount: 1440,
    first: '2015-12-31T17:00:00-07:00',
    last: '2016-01-01T16:59:00-07:00',
    ghi: 3.37,
  },
];

/** The stamp of an instant in a UTC offset, as the engine writes it ('2017-01-01T00:00:00-07:00'). */
function isoAt(instant: string, offsetHours: number): string {
  const t = new Date(new Date(instant).getTime() + offsetHours * 3_600_000).toISOString().slice(0, 19);
  const sign = offsetHours < 0 ? '-' : '+';
  const a = Math.abs(offsetHours);
  return `${t}${sign}${String(Math.floor(a)).padStart(2, '0')}:${String(Math.round((a % 1) * 60)).padStart(2, '0')}`;
}

describeEachDatabase('weather import', (ctx) => {
  it('imports every sample file the engine reads and shows it through GET /Weather/{id}', async () => {
    const { app } = ctx();
    const user = await createCompanyUser(app);
    for (const f of FILES) {
      const { id, parsed } = await importWeather(app, user.token, f.file, dataFile(f.file), f.corrections);
      const info = parsed.weatherFileInfo;
      expect(info.format, f.file).toBe(f.format);
      expect(info.firstTimestamp, f.file).toBe(f.first);
      expect(info.lastTimestamp, f.file).toBe(f.last);
      const res = await call(app, { method: 'GET', url: `/api/Weather/${id}`, token: user.token });
      expect(res.statusCode, f.file).toBe(200);
      const w = res.json() as Record<string, unknown> & { summary: { annual: { ghi: number | null } } };
      expect(w.latitude as number, f.file).toBeCloseTo(f.latitude, 3);
      expect(w.longitude as number, f.file).toBeCloseTo(f.longitude, 3);
      expect(w.timeZone, f.file).toBe(f.timeZone);
      expect(w.timeInterval, f.file).toBe(f.interval);
      expect(w.rowCount, f.file).toBe(f.rowCount);
      const [start, end] = f.period ?? [f.first, f.last];
      expect(w.typicalYear, f.file).toBe(f.period !== undefined);
      expect(Array.isArray(w.years), f.file).toBe(true);
      expect(isoAt(w.startDate as string, f.timeZone), f.file).toBe(start);
      expect(isoAt(w.endDate as string, f.timeZone), f.file).toBe(end);
      expect(Date.parse(w.startDate as string), f.file).toBeLessThan(Date.parse(w.endDate as string));
      const answered = info as unknown as { startDate: string; endDate: string };
      expect([answered.startDate, answered.endDate], f.file).toEqual([start, end]);
      expect(w.status, f.file).toBe(1);
      expect(w.isReadOnly, f.file).toBe(false);
      if (f.ghi === null) {
        expect(w.globalHorizontalIrradianceSum ?? null, f.file).toBeNull();
      } else {
        expect(Math.abs((w.globalHorizontalIrradianceSum as number) / f.ghi - 1), f.file).toBeLessThan(0.005);
        expect(Math.abs(w.summary.annual.ghi! / f.ghi - 1), f.file).toBeLessThan(0.005);
      }
      const charts = await call(app, { method: 'GET', url: `/api/Weather/${id}/Charts`, token: user.token });
      expect(charts.statusCode).toBe(200);
      const body = charts.json() as {
        monthly: unknown[];
        heatMap: { width: number; height: number; values: unknown[] };
      };
      expect(body.monthly).toHaveLength(12);
      expect(body.heatMap.values).toHaveLength(body.heatMap.width * body.heatMap.height);
    }
  });

  it('applies the corrections of FinalizeImport and reports ValidateImport warnings and errors', async () => {
    const { app } = ctx();
    const user = await createCompanyUser(app);
    const res = await parseUpload(app, user.token, '723170TYA.CSV', dataFile('723170TYA.CSV'));
    const { importId } = res.json() as { importId: number };
    const bad = await call(app, {
      method: 'POST',
      url: `/api/Weather/ValidateImport/${importId}`,
      token: user.token,
      payload: { name: 'Greensboro', timeZone: -6 },
    });
    expect(bad.statusCode).toBe(200);
    const v = bad.json() as { warnings: string[]; errors: string[] };
    expect(v.errors).toEqual([]);
    expect(v.warnings.join(' ')).toContain('time zone (-6) is different than the location time zone (-5');
    const wrong = await call(app, {
      method: 'POST',
      url: `/api/Weather/ValidateImport/${importId}`,
      token: user.token,
      payload: { latitude: 123 },
    });
    expect(wrong.statusCode).toBe(400);
    // A pending import is in no list and not readable as an asset.
    const list = await call(app, { method: 'GET', url: '/api/Weather/MyWeatherOverview', token: user.token });
    expect((list.json() as { total: number }).total).toBe(0);
    expect(
      (await call(app, { method: 'GET', url: `/api/Weather/${importId}`, token: user.token })).statusCode,
    ).toBe(404);

    // The first stamp of the stored time axis [ms since 1970], and how many time columns there are.
    const firstStamp = async () => {
      const { rows } = await ctx().database.executeSql(
        `select encode(substring("values" from 1 for 8), 'base64') as b64, count(*) over () as n
           from weather_columns where weather_id = $1 and name = 'time'`,
        [importId],
      );
      expect(Number(rows[0]?.n)).toBe(1);
      return Buffer.from(String(rows[0]!.b64), 'base64').readDoubleLE(0);
    };
    const stampBefore = await firstStamp();

    const fin = await call(app, {
      method: 'POST',
      url: '/api/Weather/FinalizeImport',
      token: user.token,
      payload: {
        importId,
        name: 'Greensboro corrected',
        timeZone: -6,
        timestampDefinition: 2,
        elevation: 280,
      },
    });
    expect(fin.statusCode).toBe(200);
    const { id } = fin.json() as { id: number };
    expect(id).toBe(importId);
    const w = (
      await call(app, { method: 'GET', url: `/api/Weather/${id}`, token: user.token })
    ).json() as Record<string, unknown>;
    expect(w.name).toBe('Greensboro corrected');
    expect(w.timeZone).toBe(-6);
    expect(w.timestampDefinition).toBe(2);
    expect(w.elevation).toBe(280);
    // Local-time stamps keep their clock reading (01:00 at UTC−6 is 07:00Z). Read as interval
    // beginnings, the typical year's '24:00' record of 31 December covers 1 January 00:00–01:00 and
    // that of 28 February (a leap source year) 29 February: its period is 1992, 00:00 to 23:00 at UTC−6.
    expect(w.startDate).toBe('1992-01-01T06:00:00.000Z');
    expect(w.endDate).toBe('1993-01-01T05:00:00.000Z');
    // The stored stamps moved by the hour between UTC−5 and UTC−6 (staged, then put in place).
    expect((await firstStamp()) - stampBefore).toBe(3_600_000);
    const again = await call(app, {
      method: 'POST',
      url: '/api/Weather/FinalizeImport',
      token: user.token,
      payload: { importId },
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses malformed uploads with the line and the problem, and stores nothing', async () => {
    const { app } = ctx();
    const user = await createCompanyUser(app);
    const tmy3 = dataFile('723170TYA.CSV').toString('latin1');
    const lines = tmy3.split('\n');
    const cases: { name: string; body: Buffer | string; message: RegExp }[] = [
      {
        name: 'truncated',
        body: lines.slice(0, 4000).join('\n') + '\n' + lines[4000]!.slice(0, 20),
        message: /^Line \d+: /,
      },
      {
        name: 'wrong delimiter',
        body: lines.map((l, i) => (i >= 2 ? l.replace(/,/g, ';') : l)).join('\n'),
        message: /^Line 3: .*;/,
      },
      {
        name: 'text in numbers',
        body: lines
          .map((l, i) =>
            i === 100
              ? l
                  .split(',')
                  .map((f, k) => (k === 4 ? 'abc' : f))
                  .join(',')
              : l,
          )
          .join('\n'),
        message: /^Line 101: .*'abc' is not a number/,
      },
      {
        name: 'missing columns',
        body: [lines[0], lines[1]!.replace('GHI (W/m^2),', 'XYZ,'), ...lines.slice(2)].join('\n'),
        message: /^Line 2: .*GHI/,
      },
      {
        name: 'binary',
        body: Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7919) % 256)),
        message: /binary/,
      },
      { name: 'empty', body: '', message: /empty/i },
    ];
    const before = await tableCounts(app);
    for (const c of cases) {
      const res = await parseUpload(app, user.token, `${c.name}.csv`, c.body);
      expect(res.statusCode, c.name).toBe(400);
      const body = res.json() as { message: string; modelState: Record<string, string[]> };
      expect(body.message, c.name).toMatch(c.message);
      expect(body.modelState.file?.[0], c.name).toBe(body.message);
    }
    expect(await tableCounts(app)).toEqual(before);
  });

  it('refuses a 200 MB upload fast, declared or streamed, without storing anything', async () => {
    const { app } = ctx();
    const user = await createCompanyUser(app);
    const before = await tableCounts(app);
    const total = 200 * 1024 * 1024;
    const boundary = '----sunfieldbig';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    );
    const chunk = Buffer.alloc(1024 * 1024, 'GHI,1,2,3\n');
    const body = () => {
      let sent = 0;
      return Readable.from(
        (function* () {
          yield head;
          while (sent < total) {
            sent += chunk.length;
            yield chunk;
          }
          yield Buffer.from(`\r\n--${boundary}--\r\n`);
        })(),
      );
    };
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    let t0 = Date.now();
    const declared = await call(app, {
      method: 'POST',
      url: '/api/Weather/Parse',
      token: user.token,
      headers: { ...headers, 'content-length': String(total + head.length + 50) },
      payload: body(),
    });
    const declaredMs = Date.now() - t0;
    expect(declared.statusCode).toBe(400);
    expect((declared.json() as { message: string }).message).toBe('File is too large (limit 150 MB)');
    t0 = Date.now();
    const streamed = await call(app, {
      method: 'POST',
      url: '/api/Weather/Parse',
      token: user.token,
      headers,
      payload: body(),
    });
    const streamedMs = Date.now() - t0;
    expect(streamed.statusCode).toBe(400);
    expect((streamed.json() as { message: string }).message).toBe('File is too large (limit 150 MB)');
    console.log(`200 MB upload refused in ${declaredMs} ms (declared length), ${streamedMs} ms (streamed)`);
    expect(await tableCounts(app)).toEqual(before);
  });

  it('answers a multipart body without a file, and a non-multipart body, with 400', async () => {
    const { app } = ctx();
    const user = await createCompanyUser(app);
    const json = await call(app, {
      method: 'POST',
      url: '/api/Weather/Parse',
      token: user.token,
      payload: { a: 1 },
    });
    expect(json.statusCode).toBe(400);
    const fieldOnly = multipart('x.csv', 'a');
    const noFile = await call(app, {
      method: 'POST',
      url: '/api/Weather/Parse',
      token: user.token,
      headers: fieldOnly.headers,
      payload: Buffer.from(`--x\r\n`),
    });
    expect(noFile.statusCode).toBe(400);
  });
});
