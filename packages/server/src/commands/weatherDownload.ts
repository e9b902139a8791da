/**
 * Starting, validating and finalizing provider downloads (spec 2 §7.10). Starting one creates the
 * weather row first (status Unknown, `state.downloadInfo` Queued at 0 %), queues the
 * `weather.download` job and pushes the row as a `weatheritem` with progress 0 (which makes the web
 * client refresh its weather lists once, spec 2 §9.4). If the job cannot be queued the row is removed.
 */
import { ASSET_STATUS } from '@sunfield/domain/definitions.ts';
import type { AuthContext } from '../auth/context.ts';
import type { Database } from '../db/index.ts';
import { weathers } from '../db/schema.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { publishWeatherItem, type DownloadInfo } from '../jobs/weatherDownload.ts';
import { badRequest, INVALID_INPUT } from '../lib/errors.ts';
import { deleteWeatherRow } from '../models/weather.ts';
import { providerCredentials, type VendorKeySource } from '../models/weatherVendorSettings.ts';
import {
  providerSettings,
  type DownloadRequest,
  type WeatherProviderClient,
} from '../weatherProviders/index.ts';

export interface DownloadInput extends DownloadRequest {
  name?: string | undefined;
  projectId?: number | undefined;
}

export interface DownloadCheck {
  errors: string[];
  warnings: string[];
  usingSystemKey: boolean;
}

/** What stands in the way of a download: missing credentials, location, interval, years. */
export async function checkDownload(
  database: Database,
  secret: VendorKeySource,
  auth: AuthContext,
  client: WeatherProviderClient,
  input: DownloadRequest,
): Promise<DownloadCheck> {
  const errors: string[] = [];
  const warnings: string[] = [];
  const credentials = await providerCredentials(
    database.db,
    secret,
    auth.company.id,
    client.id,
    providerSettings(),
  );
  if (!credentials) errors.push(`No ${client.name} credentials are set for the company.`);
  if (credentials?.usingSystemKey) {
    warnings.push(`The company has no ${client.name} key of its own; the server's key is used.`);
  }
  const coverage = client.coverage(input.latitude, input.longitude);
  if (coverage) errors.push(coverage);
  errors.push(...client.validate(input));
  if (input.years.length > 1) {
    warnings.push(
      `${input.years.length} years are downloaded one after another; this can take several minutes.`,
    );
  }
  return { errors, warnings, usingSystemKey: credentials?.usingSystemKey === true };
}

export function defaultDownloadName(client: WeatherProviderClient, input: DownloadRequest): string {
  const when =
    input.years.length === 0
      ? 'TMY'
      : input.years.length === 1
        ? String(input.years[0])
        : `${Math.min(...input.years)}-${Math.max(...input.years)}`;
  return `${client.name} ${input.latitude.toFixed(4)}, ${input.longitude.toFixed(4)} ${when}`;
}

export async function startDownload(
  services: { database: Database; queue: JobQueue; secret: VendorKeySource },
  auth: AuthContext,
  client: WeatherProviderClient,
  input: DownloadInput,
): Promise<{ id: number; warnings: string[] }> {
  const { database, queue } = services;
  const check = await checkDownload(database, services.secret, auth, client, input);
  if (check.errors.length) {
    throw badRequest(check.errors[0] ?? INVALID_INPUT, { provider: check.errors });
  }
  const info: DownloadInfo = {
    provider: client.name,
    status: 'Queued',
    downloadPercentComplete: 0,
    step: 'Queued',
    message: null,
    queuedAt: new Date().toISOString(),
    completedAt: null,
    usingSystemKey: check.usingSystemKey,
    projectId: input.projectId ?? null,
  };
  const [row] = await database.db
    .insert(weathers)
    .values({
      companyId: auth.company.id,
      ownerId: auth.user.id,
      lastModifiedById: auth.user.id,
      status: ASSET_STATUS.Unknown,
      name: input.name?.trim() || defaultDownloadName(client, input),
      source: `${client.name} download`,
      dataProvider: client.dataProvider,
      latitude: input.latitude,
      longitude: input.longitude,
      timeInterval: input.intervalMinutes,
      data: { downloadInfo: info, apiDownloaded: true },
      state: {
        downloadInfo: info,
        pendingDownload: true,
        downloadRequest: {
          provider: client.id,
          years: input.years,
          intervalMinutes: input.intervalMinutes,
          version: input.version ?? null,
        },
      },
    })
    .returning();
  const weather = row!;
  try {
    await queue.enqueue(
      'weather.download',
      {
        weatherId: weather.id,
        companyId: auth.company.id,
        userId: auth.user.id,
        provider: client.id,
        latitude: input.latitude,
        longitude: input.longitude,
        years: input.years,
        intervalMinutes: input.intervalMinutes,
        ...(input.version ? { version: input.version } : {}),
      },
      { singletonKey: `weather-download-${weather.id}` },
    );
  } catch (error) {
    await deleteWeatherRow(database.db, weather.id);
    throw error;
  }
  await publishWeatherItem(database, auth.user.id, weather);
  return { id: weather.id, warnings: check.warnings };
}
