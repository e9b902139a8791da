/**
 * The `weather.download` handler across queue retries: a rate-limited attempt leaves the download
 * Queued with the provider's message and throws (so pg-boss retries it); the next attempt stores the
 * weather; a further run of the same job (a duplicate or late retry) changes nothing; the last
 * allowed attempt marks the download Error instead of throwing.
 */
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { weathers } from '../../src/db/schema.ts';
import type { JobContext } from '../../src/jobs/types.ts';
import {
  WEATHER_DOWNLOAD_RETRY_LIMIT,
  weatherDownloadJob,
  type DownloadInfo,
  type WeatherDownloadData,
} from '../../src/jobs/weatherDownload.ts';
import { findWeatherRow } from '../../src/models/weather.ts';
import { nsrdbHandler, throttled } from '../providerStubs/providers.ts';
import { startStub, type StubServer } from '../providerStubs/stubServer.ts';
import { signUpUser } from './factories.ts';
import { call, describeEachDatabase } from './harness.ts';

const KEY = 'nsrdb-key-retry-0001';
const EMAIL = 'retry@example.test';
const ENV = ['SUNFIELD_NSRDB_URL', 'SUNFIELD_PROVIDER_RETRIES', 'SUNFIELD_PROVIDER_RETRY_MS'] as const;
const saved = Object.fromEntries(ENV.map((k) => [k, process.env[k]]));

let stub: StubServer;
beforeAll(async () => {
  stub = await startStub(nsrdbHandler({ apiKey: KEY, email: EMAIL }));
  process.env.SUNFIELD_NSRDB_URL = stub.url;
  process.env.SUNFIELD_PROVIDER_RETRIES = '0';
  process.env.SUNFIELD_PROVIDER_RETRY_MS = '1';
});
afterAll(async () => {
  await stub.close();
  for (const key of ENV) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

const silentLog = {
  error: () => {},
  warn: () => {},
  info: () => {},
  debug: () => {},
  child: () => silentLog,
} as unknown as FastifyBaseLogger;

describeEachDatabase('weather download retries', (ctx) => {
  function context(retryCount: number): JobContext {
    return {
      database: ctx().database,
      config: ctx().app.services.config,
      mailer: ctx().app.services.mailer,
      log: silentLog,
      job: { id: `test-${retryCount}`, name: 'weather.download', retryCount },
    };
  }

  async function newDownload(): Promise<WeatherDownloadData> {
    const admin = await signUpUser(ctx().app);
    await call(ctx().app, {
      method: 'PUT',
      url: '/api/Company/NSRDBSettings',
      token: admin.token,
      payload: { apiKey: KEY, email: EMAIL },
    });
    const info: DownloadInfo = {
      provider: 'NSRDB',
      status: 'Queued',
      downloadPercentComplete: 0,
      step: 'Queued',
      message: null,
    };
    const [row] = await ctx()
      .database.db.insert(weathers)
      .values({
        companyId: admin.user.companyId,
        ownerId: admin.user.id,
        status: 0,
        name: 'Retry test',
        latitude: 40.53,
        longitude: -108.54,
        state: { downloadInfo: info, pendingDownload: true },
        data: { downloadInfo: info },
      })
      .returning({ id: weathers.id });
    return {
      weatherId: row!.id,
      companyId: admin.user.companyId,
      userId: admin.user.id,
      provider: 'NSRDB',
      latitude: 40.53,
      longitude: -108.54,
      years: [2023],
      intervalMinutes: 30,
    };
  }

  const infoOf = async (id: number) =>
    (await findWeatherRow(ctx().database.db, id))!.state.downloadInfo as DownloadInfo;

  it('retries a rate-limited download, then stores it once', async () => {
    const data = await newDownload();
    stub.handle(throttled(nsrdbHandler({ apiKey: KEY, email: EMAIL }), 1));
    stub.requests.length = 0;
    await expect(weatherDownloadJob.handler(data, context(0))).rejects.toThrow(/rate limiting/);
    expect(await infoOf(data.weatherId)).toMatchObject({
      status: 'Queued',
      message: 'NSRDB is rate limiting requests; try again later',
    });
    expect((await findWeatherRow(ctx().database.db, data.weatherId))!.rowCount).toBe(0);

    await expect(weatherDownloadJob.handler(data, context(1))).resolves.toMatchObject({ rows: 17520 });
    expect(await infoOf(data.weatherId)).toMatchObject({ status: 'Success', downloadPercentComplete: 100 });
    const requests = stub.requests.length;

    await expect(weatherDownloadJob.handler(data, context(2))).resolves.toEqual({ skipped: 'Success' });
    expect(stub.requests.length).toBe(requests);
  });

  it('marks the download failed after the last allowed attempt', async () => {
    const data = await newDownload();
    stub.handle(() => ({ status: 503, body: 'maintenance' }));
    await expect(
      weatherDownloadJob.handler(data, context(WEATHER_DOWNLOAD_RETRY_LIMIT)),
    ).resolves.toMatchObject({ error: expect.stringMatching(/NSRDB is unavailable/) });
    expect(await infoOf(data.weatherId)).toMatchObject({ status: 'Error' });
  });

  it('does nothing for a deleted weather or a cancelled download', async () => {
    const data = await newDownload();
    const cancelled: DownloadInfo = {
      provider: 'NSRDB',
      status: 'Cancelled',
      downloadPercentComplete: 0,
      step: 'Cancelled',
      message: null,
    };
    await ctx()
      .database.db.update(weathers)
      .set({ state: { downloadInfo: cancelled } })
      .where(eq(weathers.id, data.weatherId));
    expect(await weatherDownloadJob.handler(data, context(0))).toEqual({ skipped: 'Cancelled' });
    expect(await weatherDownloadJob.handler({ ...data, weatherId: 2_000_000_000 }, context(0))).toEqual({
      skipped: 'weather not found',
    });
  });
});
