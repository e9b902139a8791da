/**
 * Stored weather assets (spec 2 §7.10): lists, radius search, read (with summary), detail rows,
 * series, charts, CSV export, update, title, delete, clone and the two-call status change.
 * See docs/api-weather.md for the shapes.
 */
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../auth/context.ts';
import {
  changeWeatherStatus,
  cloneWeather,
  exportFileName,
  updateWeather,
  validateWeatherStatus,
  viewerOf,
  weatherCsvStream,
  weatherDetailPage,
  weatherSeriesBinary,
  weatherSeriesJson,
} from '../../commands/weatherAssets.ts';
import { describeWeather, replaceWeatherDetails } from '../../commands/weatherCreate.ts';
import { publishWeatherItem } from '../../commands/weatherImport.ts';
import { overrideTimestampDefinition } from '../../commands/weatherTimestampOverride.ts';
import { badRequest, conflict, parse } from '../../lib/errors.ts';
import { KM_PER_MILE } from '../../lib/geo.ts';
import { sendJson } from '../../lib/compression.ts';
import { pageCacheOf, type CachedPage } from '../../lib/pageCache.ts';
import { canonicalQuery } from '../../lib/request.ts';
import {
  deleteWeatherRow,
  listWeathers,
  WEATHER_SERIES_KEYS,
  weathersWithinRadius,
  type WeatherListEntry,
} from '../../models/weather.ts';
import { inUseMessage, predictionsUsingWeather } from '../../models/prediction.ts';
import { loadWeatherFor, weatherActorOf } from '../../policies/weather.ts';
import { presentWeather, presentWeatherListItem } from '../../presenters/weather.ts';
import {
  DEFAULT_WEATHER_SEARCH_RADIUS_MILES,
  DETAIL_KEYS,
  detailQuerySchema,
  statusBodySchema,
  titleSchema,
  updateWeatherSchema,
  WEATHER_LIST_KEYS,
  WEATHER_SEARCH_KEYS,
  weatherListQuerySchema,
  weatherSearchQuerySchema,
} from './schemas.ts';
import { WEATHER_JSON_BODY_LIMIT } from './create.ts';
import { updateWeatherDetailsSchema } from './detailsSchemas.ts';
import { z } from 'zod';

const DEFAULT_PAGE_SIZE = 50;

const round3 = (x: number): number => Math.round(x * 1000) / 1000;

export function registerWeatherAssetRoutes(app: FastifyInstance): void {
  const database = app.services.database;
  const db = database.db;

  const pages = pageCacheOf(database);

  /** One page as JSON text, kept (lib/pageCache.ts) for this viewer and query. */
  async function overview(
    request: Parameters<typeof requireAuth>[0],
    ownerOnly: boolean,
  ): Promise<CachedPage<string>> {
    const auth = requireAuth(request);
    const query = parse(weatherListQuerySchema, canonicalQuery(request.query, WEATHER_LIST_KEYS));
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
    const actor = weatherActorOf(auth);
    // Who looks decides the rows (visibleTo) and each row's isReadOnly: all of the actor is in the key.
    const key = JSON.stringify([
      'WeatherOverview',
      ownerOnly,
      actor.companyId,
      actor.userId,
      actor.roles,
      query,
    ]);
    const answer = await pages.page(key, async () => {
      const { rows, total } = await listWeathers(db, viewerOf(auth), {
        statuses: query.status,
        search: query.search,
        ownerOnly: ownerOnly || query.ownerOnly,
        sort: query.sort,
        order: query.order,
        skip: (page - 1) * pageSize,
        top: pageSize,
      });
      const items = rows.map((r: WeatherListEntry) =>
        presentWeatherListItem(r.weather, { actor, owner: r.owner }),
      );
      return { body: JSON.stringify({ items, total, page, pageSize }), total };
    });
    return answer;
  }

  app.get(
    '/WeatherOverview',
    { schema: { summary: 'Weather library overview, one page', querystring: weatherListQuerySchema } },
    async (request, reply) => sendJson(request, reply, await overview(request, false)),
  );
  app.get(
    '/MyWeatherOverview',
    { schema: { summary: 'The caller’s weather, one page', querystring: weatherListQuerySchema } },
    async (request, reply) => sendJson(request, reply, await overview(request, true)),
  );

  /**
   * Weather within `searchRadius` [mi] of a point, nearest first: a JSON array (as the SDK's
   * `Weather.search` reads it) of list items, each with `createdDate`, `distance` [mi] and
   * `distanceKm`.
   */
  app.get(
    '/Search',
    {
      schema: {
        summary: 'Weather within a radius of a point, nearest first',
        querystring: weatherSearchQuerySchema,
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const query = parse(weatherSearchQuerySchema, canonicalQuery(request.query, WEATHER_SEARCH_KEYS));
      const radiusMiles = query.searchRadius ?? DEFAULT_WEATHER_SEARCH_RADIUS_MILES;
      const rows = await weathersWithinRadius(
        db,
        viewerOf(auth),
        { latitude: query.latitude, longitude: query.longitude },
        radiusMiles * KM_PER_MILE,
      );
      const actor = weatherActorOf(auth);
      return rows.map((r) => {
        const km = r.distanceKm ?? 0;
        return presentWeatherListItem(r.weather, {
          actor,
          owner: r.owner,
          distance: round3(km / KM_PER_MILE),
          distanceKm: round3(km),
        });
      });
    },
  );

  app.post(
    '/Status/Validate',
    { schema: { summary: 'Check a status change of weather without making it', body: statusBodySchema } },
    async (request) => {
      const auth = requireAuth(request);
      const items = parse(statusBodySchema, request.body);
      return validateWeatherStatus(db, auth, items);
    },
  );

  app.post(
    '/Status',
    { schema: { summary: 'Change the status of weather', body: statusBodySchema } },
    async (request) => {
      const auth = requireAuth(request);
      const items = parse(statusBodySchema, request.body);
      await changeWeatherStatus(db, auth, items);
      return true;
    },
  );

  app.get('/:id', { schema: { summary: 'A weather with its summary' } }, async (request) => {
    const auth = requireAuth(request);
    const found = await loadWeatherFor(db, auth, (request.params as { id: string }).id);
    const summary = (found.weather.data as { summary?: unknown }).summary ?? null;
    return {
      ...presentWeather(found.weather, { owner: found.owner, actor: weatherActorOf(auth) }),
      summary,
    };
  });

  app.get('/:id/Charts', { schema: { summary: 'Chart data of a weather' } }, async (request) => {
    const auth = requireAuth(request);
    const found = await loadWeatherFor(db, auth, (request.params as { id: string }).id);
    const charts = (found.weather.state as { charts?: Record<string, unknown> }).charts ?? {};
    return { id: found.weather.id, ...charts };
  });

  app.get(
    '/:id/Detail',
    { schema: { summary: 'Rows of a weather’s series, one page', querystring: detailQuerySchema } },
    async (request) => {
      const auth = requireAuth(request);
      const found = await loadWeatherFor(db, auth, (request.params as { id: string }).id);
      const query = parse(detailQuerySchema, canonicalQuery(request.query, DETAIL_KEYS));
      return weatherDetailPage(db, found.weather, query.offset ?? 0, query.limit ?? 1000);
    },
  );

  /**
   * The series for charts: `keys` (comma list, default ghi,dni,dhi,tempAir). JSON `{time, ghi, …}`
   * by default; `format=binary` or `Accept: application/octet-stream` gives the binary layout.
   */
  app.get(
    '/:id/Series',
    { schema: { summary: 'Series of a weather for charts (JSON or binary)' } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const found = await loadWeatherFor(db, auth, (request.params as { id: string }).id);
      const query = canonicalQuery(request.query, ['keys', 'format']);
      const requested =
        typeof query.keys === 'string' && query.keys.trim()
          ? query.keys.split(',').map((k) => k.trim())
          : ['ghi', 'dni', 'dhi', 'tempAir'];
      const known = new Set<string>(WEATHER_SERIES_KEYS);
      const unknown = requested.filter((k) => !known.has(k));
      if (unknown.length) {
        const message = `Unknown series: ${unknown.join(', ')}. Known: ${WEATHER_SERIES_KEYS.join(', ')}.`;
        throw badRequest(message, { keys: [message] });
      }
      const binary =
        String(query.format ?? '').toLowerCase() === 'binary' ||
        (request.headers.accept ?? '').includes('application/octet-stream');
      if (binary) {
        const body = await weatherSeriesBinary(db, found.weather, requested);
        return reply.type('application/octet-stream').send(body);
      }
      return weatherSeriesJson(db, found.weather, requested);
    },
  );

  app.get('/:id/Export', { schema: { summary: 'Export a weather as CSV' } }, async (request, reply) => {
    const auth = requireAuth(request);
    const found = await loadWeatherFor(db, auth, (request.params as { id: string }).id);
    const stream = await weatherCsvStream(db, found.weather);
    const fileName = exportFileName(found.weather);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName.replace(/"/g, '')}"`)
      .send(stream);
  });

  /** Edits; with `weatherDetails` (a JSON body up to 64 MB) the series are replaced too. */
  app.put(
    '/:id',
    {
      schema: {
        summary: 'Update a weather (with weatherDetails: its series too)',
        body: z.intersection(updateWeatherSchema, updateWeatherDetailsSchema),
      },
      bodyLimit: WEATHER_JSON_BODY_LIMIT,
    },
    async (request) => {
      const auth = requireAuth(request);
      const found = await loadWeatherFor(db, auth, (request.params as { id: string }).id, 'edit');
      const input = parse(updateWeatherSchema, request.body);
      const { weatherDetails, ...description } = parse(updateWeatherDetailsSchema, request.body);
      let current = weatherDetails
        ? await replaceWeatherDetails(db, found.weather, { ...input, ...description, weatherDetails })
        : await describeWeather(db, found.weather, description);
      // Without records, a timestampDefinition is the user's override of the reader's (issue 17).
      if (!weatherDetails && description.timestampDefinition != null) {
        current = await overrideTimestampDefinition(db, current, description.timestampDefinition);
      }
      const row = await updateWeather(db, auth, current, input);
      await publishWeatherItem(database, auth, row);
      return { ...presentWeather(row, { owner: found.owner, actor: weatherActorOf(auth) }) };
    },
  );

  app.put(
    '/:id/TitleUpdate',
    { schema: { summary: 'Rename a weather', body: titleSchema } },
    async (request) => {
      const auth = requireAuth(request);
      const found = await loadWeatherFor(db, auth, (request.params as { id: string }).id, 'edit');
      const input = parse(titleSchema, request.body);
      const row = await updateWeather(db, auth, found.weather, { name: input.name });
      await publishWeatherItem(database, auth, row);
      return true;
    },
  );

  app.delete('/:id', { schema: { summary: 'Delete a weather' } }, async (request) => {
    const auth = requireAuth(request);
    const found = await loadWeatherFor(db, auth, (request.params as { id: string }).id, 'delete');
    const uses = await predictionsUsingWeather(db, found.weather.id);
    if (uses > 0) throw conflict(inUseMessage(found.weather.name, uses));
    await deleteWeatherRow(db, found.weather.id);
    return true;
  });

  app.post(
    '/:id/Clone',
    { schema: { summary: 'Copy a weather into the company’s library' } },
    async (request) => {
      const auth = requireAuth(request);
      const found = await loadWeatherFor(db, auth, (request.params as { id: string }).id);
      const id = await cloneWeather(db, auth, found.weather);
      return { id };
    },
  );
}
