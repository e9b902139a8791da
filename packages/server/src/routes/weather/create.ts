/**
 * POST /Weather: a new weather from its records as JSON (spec 2 §7.10 "returns id"; the SDK's
 * `Weather.create()`, example_usage/upload_weather_data.py). Answers `{id}`.
 *
 * A year of hourly `weatherDetails` is 3–4 MB of JSON, so this route and PUT /Weather/{id} take
 * bodies up to {@link WEATHER_JSON_BODY_LIMIT}; every other route keeps the app's 2 MB.
 */
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../auth/context.ts';
import { createWeatherFromDetails } from '../../commands/weatherCreate.ts';
import { parse } from '../../lib/errors.ts';
import { createWeatherSchema } from './detailsSchemas.ts';

/** Largest JSON body of POST /Weather and PUT /Weather/{id} [bytes]. */
export const WEATHER_JSON_BODY_LIMIT = 64 * 1024 * 1024;

export function registerWeatherCreateRoutes(app: FastifyInstance): void {
  const database = app.services.database;

  app.post(
    '/',
    {
      schema: { summary: 'Create a weather from its records as JSON', body: createWeatherSchema },
      bodyLimit: WEATHER_JSON_BODY_LIMIT,
    },
    async (request) => {
      const auth = requireAuth(request);
      const input = parse(createWeatherSchema, request.body);
      const id = await createWeatherFromDetails(database, auth, input);
      return { id };
    },
  );
}
