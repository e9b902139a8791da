/**
 * Each weather-provider client against a local stub server that checks the documented request and
 * answers in the documented format (built from ../shared/data samples), including rejected keys
 * (401/403), rate limiting (429, retried with back-off) and provider failures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDERS, ProviderError, providerSettings } from '../../src/weatherProviders/index.ts';
import type {
  DownloadContext,
  DownloadRequest,
  ProviderCredentials,
  WeatherProviderClient,
} from '../../src/weatherProviders/types.ts';
import {
  meteonormHandler,
  nsrdbHandler,
  PSM3_FILE,
  PSM4_FILE,
  PVGIS_TMY_FILE,
  SA_SERIES_FILE,
  SA_TGY_FILE,
  sampleWeather,
  solarAnywhereHandler,
  solargisHandler,
  solcastHandler,
  throttled,
  TMY3_FILE,
} from '../providerStubs/providers.ts';
import { startStub, type StubServer } from '../providerStubs/stubServer.ts';

let stub: StubServer;

beforeAll(async () => {
  stub = await startStub(() => ({ status: 500 }));
});
afterAll(async () => {
  await stub.close();
});

function context(credentials: ProviderCredentials, progress: number[] = []): DownloadContext {
  const settings = providerSettings({
    SUNFIELD_NSRDB_URL: stub.url,
    SUNFIELD_SOLCAST_URL: stub.url,
    SUNFIELD_SOLARGIS_URL: stub.url,
    SUNFIELD_METEONORM_URL: stub.url,
    SUNFIELD_SOLARANYWHERE_URL: stub.url,
    SUNFIELD_PROVIDER_RETRIES: '2',
    SUNFIELD_PROVIDER_RETRY_MS: '5',
    SUNFIELD_SOLARANYWHERE_POLL_MS: '5',
    SUNFIELD_PROVIDER_TIMEOUT_MS: '20000',
  });
  return { credentials, settings, progress: (fraction) => void progress.push(fraction) };
}

const sum = (values: Float64Array): number => values.reduce((s, v) => (Number.isFinite(v) ? s + v : s), 0);

async function expectProviderError(
  client: WeatherProviderClient,
  request: DownloadRequest,
  credentials: ProviderCredentials,
  kind: string,
  message: string | RegExp,
): Promise<void> {
  const error = await client.download(request, context(credentials)).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ProviderError);
  expect((error as ProviderError).kind).toBe(kind);
  expect((error as ProviderError).message).toMatch(message);
}

describe('NSRDB client', () => {
  const client = PROVIDERS.NSRDB;
  const credentials = { apiKey: 'nsrdb-key', email: 'eng@example.test' };
  const request: DownloadRequest = {
    latitude: 40.53,
    longitude: -108.54,
    years: [2023],
    intervalMinutes: 30,
  };

  it('downloads a PSM v4 year with the documented query and parses it', async () => {
    stub.handle(nsrdbHandler(credentials));
    stub.requests.length = 0;
    const progress: number[] = [];
    const data = await client.download(request, context(credentials, progress));
    const [sent] = stub.requests;
    expect(sent?.path).toBe('/api/nsrdb/v2/solar/nsrdb-GOES-aggregated-v4-0-0-download.csv');
    expect(Object.fromEntries(sent!.query)).toMatchObject({
      api_key: 'nsrdb-key',
      email: 'eng@example.test',
      wkt: 'POINT(-108.5400 40.5300)',
      names: '2023',
      interval: '30',
      utc: 'false',
      leap_day: 'true',
    });
    const reference = sampleWeather(PSM4_FILE);
    expect(data.meta.rowCount).toBe(17520);
    expect(data.meta.latitude).toBeCloseTo(40.53);
    expect(data.meta.longitude).toBeCloseTo(-108.54);
    expect(data.meta.timeZone).toBe(-7);
    expect(sum(data.ghi)).toBeCloseTo(sum(reference.ghi), 3);
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(1);
  });

  it('downloads a PSM v3 year from the v3.2.2 endpoint', async () => {
    stub.handle(nsrdbHandler(credentials));
    stub.requests.length = 0;
    const data = await client.download({ ...request, years: [2017], version: 'psm3' }, context(credentials));
    expect(stub.requests[0]?.path).toBe('/api/nsrdb/v2/solar/psm3-2-2-download.csv');
    expect(data.meta.rowCount).toBe(sampleWeather(PSM3_FILE).meta.rowCount);
  });

  it('joins several years into one series, one request per year', async () => {
    stub.handle(nsrdbHandler(credentials));
    stub.requests.length = 0;
    const progress: number[] = [];
    const data = await client.download({ ...request, years: [2021, 2022] }, context(credentials, progress));
    expect(stub.requests.map((r) => r.query.get('names'))).toEqual(['2021', '2022']);
    expect(data.meta.rowCount).toBe(2 * 17520);
    expect(data.meta.years).toEqual(expect.arrayContaining([2021, 2022]));
    expect(progress).toEqual([0, 0.5, 1]);
  });

  it('says the credentials are invalid on 403', async () => {
    stub.handle(nsrdbHandler(credentials));
    await expectProviderError(
      client,
      request,
      { ...credentials, apiKey: 'wrong' },
      'credentials',
      'Invalid credentials for NSRDB',
    );
  });

  it('retries 429 with back-off, then gives up with a clear message', async () => {
    stub.handle(throttled(nsrdbHandler(credentials), 2));
    stub.requests.length = 0;
    const data = await client.download(request, context(credentials));
    expect(stub.requests).toHaveLength(3);
    expect(data.meta.rowCount).toBe(17520);

    stub.handle(throttled(nsrdbHandler(credentials), 10));
    await expectProviderError(client, request, credentials, 'rateLimited', /NSRDB is rate limiting/);
  });

  it('reports the provider refusal (400 with errors) and 5xx after retries', async () => {
    stub.handle(nsrdbHandler(credentials));
    await expectProviderError(
      client,
      { ...request, years: [], intervalMinutes: 60 },
      credentials,
      'refused',
      /no TMY sample/,
    );
    stub.handle(() => ({ status: 503, body: 'down for maintenance' }));
    await expectProviderError(client, request, credentials, 'unavailable', /NSRDB is unavailable/);
  });

  it('downloads a polar TMY above 60° N from the polar endpoint', async () => {
    stub.handle(nsrdbHandler(credentials));
    stub.requests.length = 0;
    const data = await client.download(
      { latitude: 64.84, longitude: -147.7, years: [], intervalMinutes: 60 },
      context(credentials),
    );
    expect(stub.requests[0]?.path).toBe('/api/nsrdb/v2/solar/nsrdb-polar-tmy-v4-0-0-download.csv');
    expect(stub.requests[0]?.query.get('names')).toBe('tmy');
    expect(data.meta.rowCount).toBe(8760);
    expect(data.meta.timeZone).toBe(-9);
  });

  it('knows its coverage', () => {
    expect(client.coverage(40, -105)).toBeNull();
    expect(client.coverage(48, 2)).toMatch(/Americas/);
  });
});

describe('Solcast client', () => {
  const client = PROVIDERS.Solcast;
  const credentials = { apiKey: 'solcast-key' };

  it('downloads a typical year with a bearer key', async () => {
    stub.handle(solcastHandler(credentials));
    stub.requests.length = 0;
    const data = await client.download(
      { latitude: 36.1, longitude: -79.95, years: [], intervalMinutes: 60 },
      context(credentials),
    );
    const [sent] = stub.requests;
    expect(sent?.path).toBe('/data/tmy/radiation_and_weather');
    expect(sent?.headers.authorization).toBe('Bearer solcast-key');
    const reference = sampleWeather(TMY3_FILE);
    expect(data.meta.rowCount).toBe(8760);
    expect(data.meta.timestampDefinition).toBe('intervalEnd');
    expect(data.meta.timeZone).toBe(-5);
    expect(sum(data.ghi)).toBeCloseTo(sum(reference.ghi), -1);
    expect(sum(data.pressure) / sum(reference.pressure)).toBeCloseTo(1, 4);
  });

  it('downloads a year of time series as 12 monthly requests', async () => {
    stub.handle(solcastHandler(credentials));
    stub.requests.length = 0;
    const progress: number[] = [];
    const data = await client.download(
      { latitude: 40.53, longitude: -108.54, years: [2023], intervalMinutes: 30 },
      context(credentials, progress),
    );
    expect(stub.requests).toHaveLength(12);
    expect(stub.requests[1]?.query.get('start')).toBe('2023-02-01T00:00:00Z');
    expect(stub.requests[1]?.query.get('end')).toBe('2023-03-01T00:00:00Z');
    // The sample year is in UTC-7: its last 14 half hours fall in 2024 UTC and are not asked for.
    expect(data.meta.rowCount).toBe(17520 - 14);
    expect(progress).toHaveLength(13);
  });

  it('says the credentials are invalid on 401', async () => {
    stub.handle(solcastHandler(credentials));
    await expectProviderError(
      client,
      { latitude: 36.1, longitude: -79.95, years: [], intervalMinutes: 60 },
      { apiKey: 'nope' },
      'credentials',
      'Invalid credentials for Solcast',
    );
  });
});

describe('Solargis client', () => {
  const client = PROVIDERS.SolarGIS;
  const credentials = { apiKey: 'solargis-key' };
  const request: DownloadRequest = {
    latitude: 40.53,
    longitude: -108.54,
    years: [2023],
    intervalMinutes: 30,
  };

  it('posts one DataDelivery XML request per month and reads the XML answers', async () => {
    stub.handle(solargisHandler(credentials));
    stub.requests.length = 0;
    const data = await client.download(request, context(credentials));
    expect(stub.requests).toHaveLength(12);
    const first = stub.requests[0]!;
    expect(first.method).toBe('POST');
    expect(first.query.get('key')).toBe('solargis-key');
    expect(first.body).toContain('dateFrom="2023-01-01" dateTo="2023-01-31"');
    expect(stub.requests[1]!.body).toContain('dateTo="2023-02-28"');
    const reference = sampleWeather(PSM4_FILE);
    expect(data.meta.rowCount).toBe(17520 - 14); // as for Solcast: UTC months of a UTC-7 sample
    expect(data.meta.timestampDefinition).toBe('intervalMiddle');
    expect(data.meta.elevation).toBe(2168);
    expect(sum(data.ghi)).toBeCloseTo(sum(reference.ghi), -2);
    expect(data.precipitableWater).toBeDefined();
  });

  it('retries 5xx and says the credentials are invalid on 401', async () => {
    stub.handle(throttled(solargisHandler(credentials), 1, 502));
    stub.requests.length = 0;
    await client.download(request, context(credentials));
    expect(stub.requests).toHaveLength(13);
    stub.handle(solargisHandler(credentials));
    await expectProviderError(
      client,
      request,
      { apiKey: 'x' },
      'credentials',
      'Invalid credentials for SolarGIS',
    );
  });

  it('refuses a typical year (the API delivers time series)', () => {
    expect(client.validate({ ...request, years: [] })).toContain(
      'Solargis delivers time series: choose a year.',
    );
  });
});

describe('Meteonorm client', () => {
  const client = PROVIDERS.Meteonorm;
  const credentials = { licence: 'mn-licence', user: 'eng', password: 'secret' };

  it('downloads a typical year with the licence key as bearer token', async () => {
    stub.handle(meteonormHandler({ apiKey: 'mn-licence' }));
    stub.requests.length = 0;
    const data = await client.download(
      { latitude: 45, longitude: 8, years: [], intervalMinutes: 60 },
      context(credentials),
    );
    const [sent] = stub.requests;
    expect(sent?.path).toBe('/v1/climate/tmy');
    expect(sent?.headers.authorization).toBe('Bearer mn-licence');
    expect(sent?.query.get('lat')).toBe('45.000000');
    const reference = sampleWeather(PVGIS_TMY_FILE);
    expect(data.meta.rowCount).toBe(8760);
    expect(data.meta.timeZone).toBe(1);
    expect(data.meta.elevation).toBe(290);
    expect(sum(data.ghi)).toBeCloseTo(sum(reference.ghi), -1);
    expect(sum(data.pressure) / sum(reference.pressure)).toBeCloseTo(1, 4);
  });

  it('downloads observation years, one request per year', async () => {
    stub.handle(meteonormHandler({ apiKey: 'mn-licence' }));
    stub.requests.length = 0;
    const data = await client.download(
      { latitude: 40.53, longitude: -108.54, years: [2023], intervalMinutes: 60 },
      context(credentials),
    );
    const [sent] = stub.requests;
    expect(sent?.path).toBe('/v1/observation/training');
    expect(sent?.query.get('start')).toBe('2023-01-01T00:00:00Z');
    expect(sent?.query.get('end')).toBe('2024-01-01T00:00:00Z');
    expect(data.meta.intervalMinutes).toBe(60);
    expect(data.meta.timeZone).toBe(-7);
    expect(data.meta.rowCount).toBeGreaterThan(8700);
  });

  it('says the credentials are invalid on 401', async () => {
    stub.handle(meteonormHandler({ apiKey: 'mn-licence' }));
    await expectProviderError(
      client,
      { latitude: 45, longitude: 8, years: [], intervalMinutes: 60 },
      { licence: 'other' },
      'credentials',
      'Invalid credentials for Meteonorm',
    );
  });
});

describe('SolarAnywhere client', () => {
  const client = PROVIDERS.SolarAnywhere;
  const credentials = { apiKey: 'sa-key' };
  const request: DownloadRequest = { latitude: 44.465, longitude: -73.205, years: [], intervalMinutes: 60 };

  it('posts the request, polls the result and reads the periods', async () => {
    stub.handle(solarAnywhereHandler({ apiKey: 'sa-key', pendingPolls: 2 }));
    stub.requests.length = 0;
    const progress: number[] = [];
    const data = await client.download(request, context(credentials, progress));
    expect(stub.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/v2/WeatherData',
      'GET /api/v2/WeatherDataResult/req-1',
      'GET /api/v2/WeatherDataResult/req-1',
      'GET /api/v2/WeatherDataResult/req-1',
    ]);
    expect(stub.requests[0]?.headers['x-api-key']).toBe('sa-key');
    expect(JSON.parse(stub.requests[0]!.body)).toMatchObject({
      Sites: [{ Latitude: 44.465, Longitude: -73.205 }],
      Options: { WeatherDataSource: 'SolarAnywhereTGYLatest', TimeResolution_Minutes: 60 },
    });
    const reference = sampleWeather(SA_TGY_FILE, 'latin1');
    expect(data.meta.rowCount).toBe(reference.meta.rowCount);
    expect(data.meta.timeZone).toBe(-5);
    expect(sum(data.ghi)).toBeCloseTo(sum(reference.ghi), 3);
    // Progress rises while polling and reaches 1 at the end.
    expect(progress.every((p, i) => i === 0 || p >= progress[i - 1]!)).toBe(true);
    expect(progress.at(-1)).toBe(1);
  });

  it('asks for time series with start and end, and reads 5-minute periods', async () => {
    stub.handle(solarAnywhereHandler({ apiKey: 'sa-key', pendingPolls: 0 }));
    stub.requests.length = 0;
    const data = await client.download(
      { latitude: 44.4675, longitude: -73.2075, years: [2021], intervalMinutes: 5 },
      context(credentials),
    );
    expect(JSON.parse(stub.requests[0]!.body)).toMatchObject({
      Options: {
        WeatherDataSource: 'SolarAnywhereLatest',
        TimeResolution_Minutes: 5,
        StartTime: '2021-01-01T00:00:00+00:00',
        EndTime: '2022-01-01T00:00:00+00:00',
      },
    });
    const reference = sampleWeather(SA_SERIES_FILE, 'latin1');
    expect(data.meta.intervalMinutes).toBe(5);
    expect(data.meta.rowCount).toBe(reference.meta.rowCount);
    expect(data.meta.source).toBe('SolarAnywhere SolarAnywhere3_6');
    expect(sum(data.ghi)).toBeCloseTo(sum(reference.ghi), 3);
  });

  it('says the credentials are invalid on 401', async () => {
    stub.handle(solarAnywhereHandler({ apiKey: 'sa-key' }));
    await expectProviderError(
      client,
      request,
      { apiKey: 'bad' },
      'credentials',
      'Invalid credentials for SolarAnywhere',
    );
  });
});
