/**
 * Weather downloads end to end: POST /api/Weather/Download/{provider} → queued `weather.download`
 * job → worker → provider (a local stub answering in the documented format) → stored weather, with
 * `weatheritem` pushes of rising downloadInfo.downloadPercentComplete on the hub; plus validation,
 * failures (rejected key), finalize, the pending list and company isolation.
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { startWorkers, type Workers } from '../../src/jobs/index.ts';
import { findWeatherRow, loadWeatherSeries } from '../../src/models/weather.ts';
import { nsrdbHandler, solarAnywhereHandler } from '../providerStubs/providers.ts';
import { startStub, type StubServer } from '../providerStubs/stubServer.ts';
import { addCompanyUser, signUpUser, type SignedUpUser } from './factories.ts';
import { call, describeEachDatabase } from './harness.ts';
import { listenUrl, TestHubClient } from './hubClient.ts';

const quiet = { info: () => {} };
const NSRDB_KEY = 'nsrdb-key-0123456789';
const NSRDB_EMAIL = 'eng@example.test';
const SA_KEY = 'sa-key-0123456789';

interface WeatherPush {
  id: number;
  name: string;
  downloadInfo?: { downloadPercentComplete: number; status: string; message: string | null };
}

const ENV_KEYS = [
  'SUNFIELD_NSRDB_URL',
  'SUNFIELD_SOLARANYWHERE_URL',
  'SUNFIELD_PROVIDER_RETRY_MS',
  'SUNFIELD_SOLARANYWHERE_POLL_MS',
  'SUNFIELD_NSRDB_API_KEY',
  'SUNFIELD_NSRDB_EMAIL',
] as const;
const savedEnv = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));

let nsrdb: StubServer;
let solarAnywhere: StubServer;

beforeAll(async () => {
  nsrdb = await startStub(nsrdbHandler({ apiKey: NSRDB_KEY, email: NSRDB_EMAIL }));
  solarAnywhere = await startStub(solarAnywhereHandler({ apiKey: SA_KEY, pendingPolls: 2 }));
  process.env.SUNFIELD_NSRDB_URL = nsrdb.url;
  process.env.SUNFIELD_SOLARANYWHERE_URL = solarAnywhere.url;
  process.env.SUNFIELD_PROVIDER_RETRY_MS = '5';
  process.env.SUNFIELD_SOLARANYWHERE_POLL_MS = '300';
  delete process.env.SUNFIELD_NSRDB_API_KEY;
  delete process.env.SUNFIELD_NSRDB_EMAIL;
});

afterAll(async () => {
  await nsrdb.close();
  await solarAnywhere.close();
  for (const key of ENV_KEYS) {
    if (savedEnv[key] === undefined) delete process.env[key];
    else process.env[key] = savedEnv[key];
  }
});

describeEachDatabase('weather download', (ctx) => {
  const app = () => ctx().app;
  let workers: Workers | undefined;
  let baseUrl = '';
  const open: TestHubClient[] = [];

  beforeAll(async () => {
    baseUrl = await listenUrl(app());
    workers = await startWorkers(ctx().database, quiet, {
      config: app().services.config,
      pollingIntervalSeconds: 0.5,
      names: ['weather.download'],
    });
  });
  afterAll(async () => {
    await workers?.stop();
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close()));
  });

  async function companyWithNsrdbKey(apiKey = NSRDB_KEY): Promise<SignedUpUser> {
    const admin = await signUpUser(app());
    const saved = await call(app(), {
      method: 'PUT',
      url: '/api/Company/NSRDBSettings',
      token: admin.token,
      payload: { apiKey, email: NSRDB_EMAIL },
    });
    expect(saved.statusCode).toBe(200);
    return admin;
  }

  const pushesFor = (client: TestHubClient, id: number): WeatherPush[] =>
    client.messages
      .filter((m) => m.command === 'addorupdate:weatheritem' && (m.data as WeatherPush).id === id)
      .map((m) => m.data as WeatherPush);

  it('downloads an NSRDB year through the queue and pushes rising progress', async () => {
    const admin = await companyWithNsrdbKey();
    const hub = await TestHubClient.connect(baseUrl, admin.token);
    open.push(hub);
    const started = Date.now();
    const res = await call(app(), {
      method: 'POST',
      url: '/api/Weather/Download/NSRDB?latitude=40.53&longitude=-108.54',
      token: admin.token,
      payload: { year: 2023, interval: 30, name: 'Craig PSM4 2023' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json() as { id: number };
    expect(Number.isInteger(id)).toBe(true);

    await hub.next(
      'addorupdate:weatheritem',
      (d) => (d as WeatherPush).id === id && (d as WeatherPush).downloadInfo?.downloadPercentComplete === 100,
      60_000,
    );
    const elapsed = Date.now() - started;
    const percents = pushesFor(hub, id).map((p) => p.downloadInfo!.downloadPercentComplete);
    expect(percents[0]).toBe(0);
    expect(percents.at(-1)).toBe(100);
    expect(percents.every((p, i) => i === 0 || p >= percents[i - 1]!)).toBe(true);
    expect(new Set(percents).size).toBeGreaterThanOrEqual(4);
    expect(pushesFor(hub, id).at(-1)).toMatchObject({
      name: 'Craig PSM4 2023',
      downloadInfo: { status: 'Success' },
    });

    const row = await findWeatherRow(ctx().database.db, id);
    expect(row).toMatchObject({ rowCount: 17520, timeInterval: 30, dataProvider: 17, status: 1 });
    expect(row!.latitude).toBeCloseTo(40.53);
    expect(row!.longitude).toBeCloseTo(-108.54);
    const series = await loadWeatherSeries(ctx().database.db, id, ['ghi', 'tempAir']);
    expect(series!.time).toHaveLength(17520);
    expect(series!.ghi!.some((v) => v > 500)).toBe(true);
    console.info(`[${ctx().kind}] NSRDB 30-min year: queued to stored in ${elapsed} ms`);

    const read = await call(app(), { method: 'GET', url: `/api/Weather/${id}`, token: admin.token });
    if (read.statusCode === 200) {
      expect(read.json()).toMatchObject({
        downloadInfo: { downloadPercentComplete: 100, status: 'Success' },
      });
    }

    const pending = await call(app(), {
      method: 'GET',
      url: '/api/Weather/WeatherDownloadPending',
      token: admin.token,
    });
    expect((pending.json() as { id: number }[]).map((w) => w.id)).toContain(id);
    const finalized = await call(app(), {
      method: 'POST',
      url: '/api/Weather/FinalizeDownload',
      token: admin.token,
      payload: { id, name: 'Craig 2023' },
    });
    expect(finalized.statusCode, finalized.body).toBe(200);
    expect(finalized.json()).toMatchObject({ id, name: 'Craig 2023', rowCount: 17520 });
    const after = await call(app(), {
      method: 'GET',
      url: '/api/Weather/WeatherDownloadPending',
      token: admin.token,
    });
    expect((after.json() as { id: number }[]).map((w) => w.id)).not.toContain(id);

    // Another company cannot finalize (or see) it.
    const stranger = await signUpUser(app());
    const foreign = await call(app(), {
      method: 'POST',
      url: '/api/Weather/FinalizeDownload',
      token: stranger.token,
      payload: { id, name: 'Mine now' },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('marks the download failed with the provider message when the key is rejected', async () => {
    const admin = await companyWithNsrdbKey('wrong-key-0000000000');
    const hub = await TestHubClient.connect(baseUrl, admin.token);
    open.push(hub);
    const res = await call(app(), {
      method: 'POST',
      url: '/api/Weather/Download/NSRDB',
      token: admin.token,
      payload: { latitude: 40.53, longitude: -108.54, year: 2023, interval: 30 },
    });
    const { id } = res.json() as { id: number };
    const failed = await hub.next(
      'addorupdate:weatheritem',
      (d) => (d as WeatherPush).id === id && (d as WeatherPush).downloadInfo?.status === 'Error',
      30_000,
    );
    expect((failed.data as WeatherPush).downloadInfo?.message).toBe('Invalid credentials for NSRDB');
    const row = await findWeatherRow(ctx().database.db, id);
    expect(row?.rowCount).toBe(0);
    const finalize = await call(app(), {
      method: 'POST',
      url: '/api/Weather/FinalizeDownload',
      token: admin.token,
      payload: { id },
    });
    expect(finalize.statusCode).toBe(400);
  });

  it('downloads a SolarAnywhere typical year, polling the asynchronous result', async () => {
    const admin = await signUpUser(app());
    await call(app(), {
      method: 'PUT',
      url: '/api/Company/CleanPowerResearchSettings',
      token: admin.token,
      payload: { key: SA_KEY },
    });
    const hub = await TestHubClient.connect(baseUrl, admin.token);
    open.push(hub);
    const res = await call(app(), {
      method: 'POST',
      url: '/api/Weather/Download/SolarAnywhere',
      token: admin.token,
      // As the web form sends it: options as strings, an empty one meaning "not given".
      payload: { Latitude: 44.465, Longitude: -73.205, name: 'Burlington TGY', Version: 'tmy', Interval: '' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json() as { id: number };
    await hub.next(
      'addorupdate:weatheritem',
      (d) => (d as WeatherPush).id === id && (d as WeatherPush).downloadInfo?.status === 'Success',
      30_000,
    );
    const percents = pushesFor(hub, id).map((p) => p.downloadInfo!.downloadPercentComplete);
    // Queued, request sent, polling (at least one step), parsing, storing, done.
    expect(percents.length).toBeGreaterThanOrEqual(5);
    expect(percents.every((p, i) => i === 0 || p >= percents[i - 1]!)).toBe(true);
    const row = await findWeatherRow(ctx().database.db, id);
    expect(row).toMatchObject({ dataProvider: 6, timeZone: -5 });
    expect(row!.rowCount).toBeGreaterThan(0);
  });

  it('downloads the last 20 NSRDB years into one hourly multi-year weather', async () => {
    const admin = await companyWithNsrdbKey();
    const hub = await TestHubClient.connect(baseUrl, admin.token);
    open.push(hub);
    const before = nsrdb.requests.length;
    const started = Date.now();
    const res = await call(app(), {
      method: 'POST',
      url: '/api/Weather/Download/NSRDB20Year',
      token: admin.token,
      payload: { latitude: 40.53, longitude: -108.54 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json() as { id: number };
    await hub.next(
      'addorupdate:weatheritem',
      (d) => (d as WeatherPush).id === id && (d as WeatherPush).downloadInfo?.status === 'Success',
      120_000,
    );
    const elapsed = Date.now() - started;
    const sent = nsrdb.requests.slice(before);
    expect(sent.map((r) => r.query.get('names'))).toEqual(
      Array.from({ length: 20 }, (_, i) => String(2004 + i)),
    );
    expect(sent.every((r) => r.query.get('interval') === '60')).toBe(true);
    const row = await findWeatherRow(ctx().database.db, id);
    expect(row).toMatchObject({ rowCount: 20 * 8760, timeInterval: 60 });
    const percents = pushesFor(hub, id).map((p) => p.downloadInfo!.downloadPercentComplete);
    // Queued, request sent, parsing, storing and done are always pushed; the provider's own progress
    // (2–80 %) is throttled to one push per 250 ms, so how many of those come depends on the machine's
    // speed (none when the 20 stubbed years take under 250 ms): only their order and span are checked.
    expect(percents.every((p, i) => i === 0 || p >= percents[i - 1]!)).toBe(true);
    expect([0, 2, 85, 90, 100].every((p) => percents.includes(p))).toBe(true);
    expect(percents.filter((p) => p > 2 && p < 85).every((p) => p <= 80)).toBe(true);
    console.info(`[${ctx().kind}] NSRDB 20 years (175,200 hourly rows): queued to stored in ${elapsed} ms`);
  });

  it('refuses downloads without credentials or outside coverage, and explains them on validation', async () => {
    const admin = await signUpUser(app());
    const refused = await call(app(), {
      method: 'POST',
      url: '/api/Weather/Download/SolarGIS',
      token: admin.token,
      payload: { latitude: 48.6, longitude: 20.8, year: 2022 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().modelState.provider).toContain('No SolarGIS credentials are set for the company.');

    const unknown = await call(app(), {
      method: 'POST',
      url: '/api/Weather/Download/Nowhere',
      token: admin.token,
      payload: { latitude: 1, longitude: 1 },
    });
    expect(unknown.statusCode).toBe(400);

    const badInput = await call(app(), {
      method: 'POST',
      url: '/api/Weather/Download/NSRDB',
      token: admin.token,
      payload: { latitude: 123, longitude: 'east' },
    });
    expect(badInput.statusCode).toBe(400);
    expect(Object.keys(badInput.json().modelState).sort()).toEqual(['Latitude', 'Longitude']);

    const member = await addCompanyUser(app(), admin.user.companyId);
    const check = await call(app(), {
      method: 'POST',
      url: '/api/Weather/ValidateDownload',
      token: member.token,
      payload: { provider: 'NSRDB', latitude: 48.85, longitude: 2.35, year: 2023 },
    });
    expect(check.statusCode).toBe(200);
    expect(check.json().errors).toEqual([
      'No NSRDB credentials are set for the company.',
      expect.stringMatching(/Americas only/),
    ]);

    const providers = await call(app(), {
      method: 'GET',
      url: '/api/Weather/Providers',
      token: member.token,
    });
    expect(
      (providers.json() as { id: string; hasCredentials: boolean }[]).map((p) => [p.id, p.hasCredentials]),
    ).toEqual([
      ['NSRDB', false],
      ['Solcast', false],
      ['SolarGIS', false],
      ['Meteonorm', false],
      ['SolarAnywhere', false],
    ]);
    const nsrdbEntry = (providers.json() as Record<string, unknown>[])[0]!;
    expect(nsrdbEntry).toMatchObject({ key: 'NSRDB', available: false, requiresApiKey: false });
    expect(nsrdbEntry.options).toEqual([
      expect.objectContaining({ name: 'Version', values: expect.arrayContaining(['tmy', '2023']) }),
      { name: 'Interval', label: 'Interval (minutes)', values: ['60', '30'] },
    ]);
    for (const path of ['SolarGISAvailableModels', 'CPRSupportedModels', 'SolcastRegistration']) {
      const res = await call(app(), { method: 'GET', url: `/api/Weather/${path}`, token: member.token });
      expect(res.statusCode, path).toBe(200);
    }
  });
});
