/**
 * `weather.download`: downloads weather from a provider (weatherProviders/) into a weather row the
 * route created beforehand (status Unknown, `state.downloadInfo` at 0 %), and reports progress as
 * `addorupdate:weatheritem` pushes to the user who asked (spec 2 §9.4): 0 when queued (sent by the
 * route), then while requesting, receiving, parsing and storing, and 100 at the end.
 *
 * Failures: a rejected key, a refused request or an unusable answer marks the download Error with the
 * provider's message (no retry: retrying cannot help). Rate limiting, time-outs and provider outages
 * are retried by the queue (retryLimit, with back-off) and marked Error after the last attempt. A run
 * for a row that is gone, or already downloaded, does nothing, so a retried or duplicated job is
 * harmless. The series are stored in one transaction (models/weather.ts `replaceWeatherSeries`): a
 * failed download leaves no partial series.
 */
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ASSET_STATUS } from '@sunfield/domain/definitions.ts';
import { WEATHER_TIMESTAMP_DEFINITION } from '@sunfield/engine/weather/types.ts';
import { digestWeather } from '../commands/weatherCharts.ts';
import type { Database } from '../db/index.ts';
import { weathers } from '../db/schema.ts';
import { findWeatherRow, replaceWeatherSeries, type WeatherRow } from '../models/weather.ts';
import { providerCredentials } from '../models/weatherVendorSettings.ts';
import { presentWeather } from '../presenters/weather.ts';
import { publishClientData } from '../realtime/publish.ts';
import { PROVIDER_IDS, PROVIDERS, ProviderError, providerSettings } from '../weatherProviders/index.ts';
import { defineJob } from './types.ts';

export const WEATHER_DOWNLOAD_RETRY_LIMIT = 3;

export const weatherDownloadData = z.object({
  weatherId: z.number().int().positive(),
  companyId: z.uuid(),
  userId: z.uuid(),
  provider: z.enum(PROVIDER_IDS),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  years: z.array(z.number().int().min(1950).max(2100)).max(30),
  intervalMinutes: z.number().int().min(1).max(60),
  version: z.string().max(60).optional(),
});

export type WeatherDownloadData = z.infer<typeof weatherDownloadData>;

/** spec 1 §3 download status names. */
export type DownloadStatus = 'None' | 'Queued' | 'Downloading' | 'Success' | 'Error' | 'Cancelled';

export interface DownloadInfo {
  provider: string;
  status: DownloadStatus;
  downloadPercentComplete: number;
  step: string;
  message: string | null;
  queuedAt?: string;
  completedAt?: string | null;
  usingSystemKey?: boolean;
  projectId?: number | null;
}

export const downloadInfoOf = (row: WeatherRow): DownloadInfo | undefined =>
  (row.state as { downloadInfo?: DownloadInfo }).downloadInfo;

/** Writes downloadInfo into `state` and its copy in `data` (which the weather presenter shows). */
export async function saveDownloadInfo(
  database: Pick<Database, 'db'>,
  weatherId: number,
  info: DownloadInfo,
  extraState: Record<string, unknown> = {},
): Promise<WeatherRow | undefined> {
  const json = JSON.stringify(info);
  const [row] = await database.db
    .update(weathers)
    .set({
      state: sql`coalesce(${weathers.state}, '{}'::jsonb) || ${JSON.stringify(extraState)}::jsonb || jsonb_build_object('downloadInfo', ${json}::jsonb)`,
      data: sql`coalesce(${weathers.data}, '{}'::jsonb) || jsonb_build_object('downloadInfo', ${json}::jsonb)`,
      lastModified: new Date(),
    })
    .where(eq(weathers.id, weatherId))
    .returning();
  return row;
}

/** The weatheritem push: the weather as the API shows it, with its download progress. */
export async function publishWeatherItem(database: Database, userId: string, row: WeatherRow): Promise<void> {
  await publishClientData(database, {
    userId,
    command: 'addorupdate:weatheritem',
    data: presentWeather(row),
  });
}

/** The row was deleted or the download cancelled while the job ran. */
class DownloadStopped extends Error {}

export const weatherDownloadJob = defineJob({
  schema: weatherDownloadData,
  retryLimit: WEATHER_DOWNLOAD_RETRY_LIMIT,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 30 * 60,
  concurrency: 2,
  async handler(input, { database, config, log, job }) {
    const client = PROVIDERS[input.provider];
    const existing = await findWeatherRow(database.db, input.weatherId);
    if (!existing || existing.companyId !== input.companyId) return { skipped: 'weather not found' };
    const previous = downloadInfoOf(existing);
    if (previous?.status === 'Success' || previous?.status === 'Cancelled')
      return { skipped: previous.status };

    const base: DownloadInfo = {
      provider: client.name,
      status: 'Downloading',
      downloadPercentComplete: 0,
      step: 'Starting',
      message: null,
      ...(previous?.queuedAt ? { queuedAt: previous.queuedAt } : {}),
      ...(previous?.projectId !== undefined ? { projectId: previous.projectId } : {}),
    };
    let lastPercent = -1;
    let lastAt = 0;
    const report = async (
      percent: number,
      step: string,
      extra: Partial<DownloadInfo> = {},
      force = false,
    ) => {
      const rounded = Math.max(0, Math.min(100, Math.round(percent)));
      const now = Date.now();
      if (!force && (rounded === lastPercent || (now - lastAt < 250 && rounded < 100))) return;
      lastPercent = rounded;
      lastAt = now;
      const latest = await findWeatherRow(database.db, input.weatherId);
      if (!latest || downloadInfoOf(latest)?.status === 'Cancelled') throw new DownloadStopped();
      Object.assign(base, { downloadPercentComplete: rounded, step, ...extra });
      const row = await saveDownloadInfo(database, input.weatherId, { ...base });
      if (row) await publishWeatherItem(database, input.userId, row);
    };

    /** A final report on a cancelled or deleted download is simply dropped. */
    const guard = (done: Promise<void>): Promise<void> =>
      done.catch((error: unknown) => {
        if (!(error instanceof DownloadStopped)) throw error;
      });

    const settings = providerSettings();
    const credentials = await providerCredentials(
      database.db,
      config,
      input.companyId,
      input.provider,
      settings,
    );
    if (!credentials) {
      await guard(
        report(
          0,
          'Failed',
          { status: 'Error', message: `No ${client.name} credentials are set for the company.` },
          true,
        ),
      );
      return { error: 'no credentials' };
    }
    base.usingSystemKey = credentials.usingSystemKey === true;

    try {
      await report(2, 'Request sent', {}, true);
      // The provider's own progress (requests, polling) spans 2–80 %.
      const data = await client.download(
        {
          latitude: input.latitude,
          longitude: input.longitude,
          years: input.years,
          intervalMinutes: input.intervalMinutes,
          version: input.version,
        },
        {
          credentials,
          settings,
          progress: (fraction, step) => report(2 + 78 * fraction, step),
        },
      );
      await report(85, 'Parsing', {}, true);
      const current = await findWeatherRow(database.db, input.weatherId);
      if (!current) return { skipped: 'weather deleted during the download' };
      await report(90, 'Storing', {}, true);
      const done: DownloadInfo = {
        ...base,
        status: 'Success',
        downloadPercentComplete: 100,
        step: 'Done',
        message: data.warnings.length ? `${data.warnings.length} warnings` : null,
        completedAt: new Date().toISOString(),
      };
      const currentData = current.data as Record<string, unknown>;
      const digest = digestWeather(data);
      await replaceWeatherSeries(database.db, input.weatherId, data, {
        status: current.status === ASSET_STATUS.Unknown ? ASSET_STATUS.DraftPrivate : current.status,
        source: data.meta.source || client.name,
        dataProvider: client.dataProvider,
        state: {
          ...(current.state as Record<string, unknown>),
          downloadInfo: done,
          pendingDownload: true,
          charts: digest.charts,
        },
        data: {
          ...currentData,
          ...digest.aggregates,
          summary: digest.summary,
          timestampDefinitionOriginal: WEATHER_TIMESTAMP_DEFINITION[data.meta.timestampDefinition] ?? 0,
          meta: JSON.parse(
            JSON.stringify(data.meta, (_k, v: unknown) =>
              typeof v === 'number' && !Number.isFinite(v) ? null : v,
            ),
          ) as Record<string, unknown>,
          warnings: data.warnings.slice(0, 200),
          downloadInfo: done,
          apiDownloaded: true,
          usingSytemKey: base.usingSystemKey === true,
          ...(data.meta.weatherFormat !== null ? { format: data.meta.weatherFormat } : {}),
          ...(data.meta.stationCode ? { stationCode: data.meta.stationCode } : {}),
        },
      });
      const stored = await findWeatherRow(database.db, input.weatherId);
      if (stored) await publishWeatherItem(database, input.userId, stored);
      return { weatherId: input.weatherId, rows: data.time.length };
    } catch (error) {
      if (error instanceof DownloadStopped) return { skipped: 'cancelled or deleted' };
      const retryable =
        !(error instanceof ProviderError) || error.kind === 'rateLimited' || error.kind === 'unavailable';
      const message = error instanceof ProviderError ? error.message : 'The download failed unexpectedly.';
      if (!(error instanceof ProviderError)) log.error({ err: error }, 'weather download failed');
      if (retryable && job.retryCount < WEATHER_DOWNLOAD_RETRY_LIMIT) {
        await guard(
          report(base.downloadPercentComplete, 'Waiting to retry', { status: 'Queued', message }, true),
        );
        throw error;
      }
      await guard(report(base.downloadPercentComplete, 'Failed', { status: 'Error', message }, true));
      return { error: message };
    }
  },
});
