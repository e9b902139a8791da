/**
 * /api/Weather/Download/{provider}, Download/NSRDB, Download/NSRDB20Year, ValidateDownload,
 * FinalizeDownload, Providers, WeatherDownloadPending, SolarGISAvailableModels, CPRSupportedModels and
 * SolcastRegistration (spec 2 §7.10): downloads from weather providers as queued jobs
 * (jobs/weatherDownload.ts) with the company's weather-vendor credentials.
 *
 * Inputs come from the query (the commercial API's `?latitude&longitude`) and/or the JSON body, keys
 * in any case: Latitude, Longitude, Year | Years | StartYear + EndYear | Version ('tmy', a year, or a
 * data set such as 'psm3'), Interval | TimeInterval | IntervalMinutes, Name, ProjectId. No year means
 * a typical year. The answer of a download is `{id}` of the weather row, which shows the progress in
 * `downloadInfo` and is pushed as `weatheritem` while the job runs.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../../auth/context.ts';
import { checkDownload, startDownload, type DownloadInput } from '../../commands/weatherDownload.ts';
import { weathers } from '../../db/schema.ts';
import { downloadInfoOf, saveDownloadInfo } from '../../jobs/weatherDownload.ts';
import { badRequest, INVALID_INPUT, parse } from '../../lib/errors.ts';
import { canonicalQuery, integerId } from '../../lib/request.ts';
import { updateWeatherRow } from '../../models/weather.ts';
import { providerCredentials } from '../../models/weatherVendorSettings.ts';
import { loadWeatherFor, weatherActorOf } from '../../policies/weather.ts';
import { presentWeather } from '../../presenters/weather.ts';
import { NSRDB_LATEST_YEAR } from '../../weatherProviders/nsrdb.ts';
import { SOLARANYWHERE_SOURCES } from '../../weatherProviders/solarAnywhere.ts';
import {
  providerById,
  providerList,
  providerSettings,
  type WeatherProviderClient,
} from '../../weatherProviders/index.ts';

const KEYS = [
  'Provider',
  'Latitude',
  'Longitude',
  'Year',
  'Years',
  'StartYear',
  'EndYear',
  'Version',
  'Versions',
  'Interval',
  'TimeInterval',
  'IntervalMinutes',
  'Name',
  'ProjectId',
  'Id',
] as const;

const year = z.coerce.number().int('Year must be a whole number.').min(1950).max(2100);
const optionalText = (max: number) => z.string().trim().max(max).optional();

const downloadSchema = z
  .object({
    Latitude: z.coerce.number({ error: 'Latitude is required.' }).min(-90).max(90),
    Longitude: z.coerce.number({ error: 'Longitude is required.' }).min(-180).max(180),
    Year: year.optional(),
    Years: z.array(year).max(30, 'At most 30 years.').optional(),
    StartYear: year.optional(),
    EndYear: year.optional(),
    Version: z.union([z.string().trim().max(60), z.number()]).optional(),
    Versions: z
      .union([z.string().trim().max(60), z.number(), z.array(z.union([z.string(), z.number()]))])
      .optional(),
    Interval: z.coerce.number().int().min(1).max(60).optional(),
    TimeInterval: z.coerce.number().int().min(1).max(60).optional(),
    IntervalMinutes: z.coerce.number().int().min(1).max(60).optional(),
    Name: optionalText(200),
    ProjectId: z.coerce.number().int().positive().optional(),
  })
  .superRefine((b, ctx) => {
    if (b.StartYear !== undefined && b.EndYear !== undefined && b.EndYear < b.StartYear) {
      ctx.addIssue({ code: 'custom', path: ['EndYear'], message: 'End year must not be before start year.' });
    }
    if (b.StartYear !== undefined && b.EndYear !== undefined && b.EndYear - b.StartYear >= 30) {
      ctx.addIssue({ code: 'custom', path: ['EndYear'], message: 'At most 30 years.' });
    }
  });

type DownloadBody = z.infer<typeof downloadSchema>;

/** Query and body merged (body wins), keys in canonical spelling. */
function inputOf(request: FastifyRequest): Record<string, unknown> {
  const query = canonicalQuery(request.query, KEYS);
  const body =
    request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
  const merged: Record<string, unknown> = { ...query, ...canonicalQuery(body, KEYS) };
  // An empty form field means "not given".
  for (const [key, value] of Object.entries(merged)) if (value === '' || value === null) delete merged[key];
  return merged;
}

/** The download request a body describes, for a provider. */
function toDownloadInput(client: WeatherProviderClient, body: DownloadBody): DownloadInput {
  const versions = ([] as unknown[])
    .concat(body.Versions ?? [])
    .concat(body.Version ?? [])
    .map((v) => String(v).trim())
    .filter(Boolean);
  let years: number[] = [];
  if (body.Years) years = body.Years;
  else if (body.Year !== undefined) years = [body.Year];
  else if (body.StartYear !== undefined || body.EndYear !== undefined) {
    const start = body.StartYear ?? body.EndYear!;
    const end = body.EndYear ?? body.StartYear!;
    years = Array.from({ length: end - start + 1 }, (_, i) => start + i);
  }
  let version: string | undefined;
  for (const v of versions) {
    if (/^\d{4}$/.test(v)) years.push(Number(v));
    else if (!/^tmy$/i.test(v)) version = v;
  }
  years = [...new Set(years)].sort((a, b) => a - b);
  return {
    latitude: body.Latitude,
    longitude: body.Longitude,
    years,
    intervalMinutes: body.IntervalMinutes ?? body.Interval ?? body.TimeInterval ?? client.intervals[0]!,
    version,
    name: body.Name,
    projectId: body.ProjectId,
  };
}

function clientOf(raw: unknown): WeatherProviderClient {
  const client = typeof raw === 'string' ? providerById(raw) : undefined;
  if (!client) {
    const names = providerList()
      .map((p) => p.id)
      .join(', ');
    throw badRequest(INVALID_INPUT, { provider: [`Unknown provider; use one of ${names}.`] });
  }
  return client;
}

const finalizeSchema = z.object({
  Id: z.union([z.number(), z.string()]),
  Name: z.string().trim().min(1, 'Name is required.').max(200).optional(),
});

export async function weatherDownloadRoutes(app: FastifyInstance): Promise<void> {
  const { database, config } = app.services;
  const db = database.db;
  const queue = () => {
    const q = app.services.queue;
    if (!q) throw new Error('The job queue is not available.');
    return q;
  };

  const start = async (
    request: FastifyRequest,
    client: WeatherProviderClient,
    override?: Partial<DownloadInput>,
  ) => {
    const auth = requireAuth(request);
    const body = parse(downloadSchema, inputOf(request));
    const input = { ...toDownloadInput(client, body), ...override };
    const { id } = await startDownload({ database, queue: queue(), secret: config }, auth, client, input);
    return { id };
  };

  app.post(
    '/Download/NSRDB',
    { schema: { summary: 'Download weather from NSRDB (queued job)', body: downloadSchema } },
    async (request) => start(request, clientOf('NSRDB')),
  );

  /** The last 20 NSRDB years at 60 minutes, joined into one multi-year weather. */
  app.post(
    '/Download/NSRDB20Year',
    {
      schema: {
        summary: 'Download the last 20 NSRDB years as one weather (queued job)',
        body: downloadSchema,
      },
    },
    async (request) =>
      start(request, clientOf('NSRDB'), {
        years: Array.from({ length: 20 }, (_, i) => NSRDB_LATEST_YEAR - 19 + i),
        intervalMinutes: 60,
      }),
  );

  app.post(
    '/Download/:provider',
    { schema: { summary: 'Download weather from a provider (queued job)', body: downloadSchema } },
    async (request) => {
      const { provider } = request.params as { provider: string };
      return start(request, clientOf(provider));
    },
  );

  /** `{errors, warnings}` for a download the caller considers; always 200 for a well-formed request. */
  app.post(
    '/ValidateDownload',
    { schema: { summary: 'Warnings and errors of a download being considered', body: downloadSchema } },
    async (request) => {
      const auth = requireAuth(request);
      const raw = inputOf(request);
      const client = clientOf(raw.Provider);
      const body = parse(downloadSchema, raw);
      const { errors, warnings } = await checkDownload(
        database,
        config,
        auth,
        client,
        toDownloadInput(client, body),
      );
      return { errors, warnings };
    },
  );

  /** Names the downloaded weather and takes it out of the pending list; answers the weather. */
  app.post(
    '/FinalizeDownload',
    {
      schema: {
        summary: 'Name a downloaded weather and take it out of the pending list',
        body: finalizeSchema,
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const body = parse(finalizeSchema, inputOf(request));
      const found = await loadWeatherFor(db, auth, body.Id, 'edit');
      const info = downloadInfoOf(found.weather);
      if (!info) throw badRequest(INVALID_INPUT, { id: ['This weather was not downloaded.'] });
      if (info.status !== 'Success') {
        throw badRequest('The download has not finished.', { id: ['The download has not finished.'] });
      }
      const row = await updateWeatherRow(db, found.weather.id, {
        ...(body.Name ? { name: body.Name } : {}),
        lastModifiedById: auth.user.id,
        state: { ...(found.weather.state as Record<string, unknown>), pendingDownload: false },
      });
      return presentWeather(row, { owner: found.owner, actor: weatherActorOf(auth) });
    },
  );

  /** The caller's downloads not yet finalized (queued, running, failed or done), newest first. */
  app.get(
    '/WeatherDownloadPending',
    { schema: { summary: 'The caller’s downloads not yet finalized' } },
    async (request) => {
      const auth = requireAuth(request);
      const query = canonicalQuery(request.query, ['ProjectId']);
      const projectId =
        query.ProjectId === undefined || query.ProjectId === '' ? undefined : integerId(query.ProjectId);
      if (query.ProjectId !== undefined && query.ProjectId !== '' && projectId === undefined) {
        throw badRequest(INVALID_INPUT, { projectId: ['ProjectId must be a positive whole number.'] });
      }
      const rows = await db
        .select()
        .from(weathers)
        .where(
          and(
            eq(weathers.companyId, auth.company.id),
            eq(weathers.ownerId, auth.user.id),
            sql`coalesce((${weathers.state} ->> 'pendingDownload')::boolean, false) = true`,
            projectId === undefined
              ? undefined
              : sql`(${weathers.state} -> 'downloadInfo' ->> 'projectId') = ${String(projectId)}`,
          ),
        )
        .orderBy(desc(weathers.createdDate))
        .limit(100);
      const actor = weatherActorOf(auth);
      return rows.map((row) => presentWeather(row, { actor }));
    },
  );

  /** Cancels a queued or running download (the job stops at its next progress report). */
  app.post(
    '/Download/:id/Cancel',
    { schema: { summary: 'Cancel a queued or running download' } },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = request.params as { id: string };
      const found = await loadWeatherFor(db, auth, id, 'edit');
      const info = downloadInfoOf(found.weather);
      if (!info || (info.status !== 'Queued' && info.status !== 'Downloading')) {
        throw badRequest(INVALID_INPUT, { id: ['There is no download in progress.'] });
      }
      await saveDownloadInfo(database, found.weather.id, { ...info, status: 'Cancelled', step: 'Cancelled' });
      return true;
    },
  );

  app.get(
    '/Providers',
    { schema: { summary: 'Weather providers and whether the company can use them' } },
    async (request) => {
      const auth = requireAuth(request);
      const settings = providerSettings();
      return Promise.all(
        providerList().map(async (client) => {
          const credentials = await providerCredentials(db, config, auth.company.id, client.id, settings);
          const years = client.yearRange
            ? Array.from({ length: client.yearRange[1] - client.yearRange[0] + 1 }, (_, i) =>
                String(client.yearRange![1] - i),
              )
            : [];
          return {
            id: client.id,
            key: client.id,
            name: client.name,
            available: credentials !== null,
            // Credentials come from the company's weather-vendor settings, never from the request.
            requiresApiKey: false,
            message: credentials
              ? credentials.usingSystemKey
                ? `Uses the server's ${client.name} key.`
                : null
              : `No ${client.name} credentials are set for the company: ask your company admin to add them.`,
            options: [
              {
                name: 'Version',
                label: 'Year',
                values: client.typicalYear ? ['tmy', ...years] : years,
              },
              { name: 'Interval', label: 'Interval (minutes)', values: client.intervals.map(String) },
            ],
            dataProvider: client.dataProvider,
            weatherSourceType: client.sourceType,
            intervals: client.intervals,
            typicalYear: client.typicalYear,
            firstYear: client.yearRange?.[0] ?? null,
            lastYear: client.yearRange?.[1] ?? null,
            hasCredentials: credentials !== null,
            usingSystemKey: credentials?.usingSystemKey === true,
            documentation: client.docsUrl,
          };
        }),
      );
    },
  );

  /** SolarGISVersion (spec 3) and the DataDelivery summarization each one downloads. */
  app.get('/SolarGISAvailableModels', { schema: { summary: 'SolarGIS data versions' } }, async (request) => {
    requireAuth(request);
    return [
      { id: 2, name: 'TMY60', intervalMinutes: 60, summarization: 'HOURLY' },
      { id: 1, name: 'TMY15', intervalMinutes: 15, summarization: 'MIN_15' },
      { id: 0, name: 'PVPlanner', intervalMinutes: 60, summarization: 'HOURLY' },
    ];
  });

  /** The SolarAnywhere data sources the download offers. */
  app.get('/CPRSupportedModels', { schema: { summary: 'SolarAnywhere data sources' } }, async (request) => {
    requireAuth(request);
    return SOLARANYWHERE_SOURCES.map((s) => ({ ...s }));
  });

  /** Whether Solcast downloads are possible for the company, and where to get a key. */
  app.get(
    '/SolcastRegistration',
    { schema: { summary: 'Whether Solcast downloads are possible for the company' } },
    async (request) => {
      const auth = requireAuth(request);
      const credentials = await providerCredentials(
        db,
        config,
        auth.company.id,
        'Solcast',
        providerSettings(),
      );
      return {
        registered: credentials !== null,
        usingSystemKey: credentials?.usingSystemKey === true,
        registrationUrl: 'https://toolkit.solcast.com.au/register',
        documentation: 'https://docs.solcast.com.au/',
      };
    },
  );
}
