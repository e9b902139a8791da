/**
 * Quality check, generator, global tilted plane, uncertainty and horizon routes (spec 2 §7.10).
 * See docs/api-weather.md for the shapes.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { generateWeatherSchema } from '@sunfield/domain/api/weather.ts';
import { requireAuth } from '../../auth/context.ts';
import {
  finalizeQualityCheck,
  generateInfo,
  generateWeather,
  importHorizon,
  runQualityCheck,
  tiltedPlaneOf,
  uncertaintyOf,
} from '../../commands/weatherAnalysis.ts';
import { weatherDetailPage } from '../../commands/weatherAssets.ts';
import { finalizePendingWeather, validatePendingImport } from '../../commands/weatherImport.ts';
import { parse } from '../../lib/errors.ts';
import { canonicalQuery } from '../../lib/request.ts';
import {
  isPendingImport,
  loadPendingImportFor,
  loadWeatherFor,
  mayActOnWeather,
  weatherActorOf,
} from '../../policies/weather.ts';
import { presentWeather } from '../../presenters/weather.ts';
import {
  finalizeQualitySchema,
  GTI_KEYS,
  gtiSchema,
  importCorrectionsSchema,
  qualityCheckSchema,
} from './schemas.ts';
import { readUpload, refuseDeclaredOversize } from './upload.ts';
import { fileUpload } from '../../lib/openapi.ts';

/** Largest horizon file accepted [bytes]. */
const HORIZON_UPLOAD_LIMIT = 1024 * 1024;

const generateBodySchema = generateWeatherSchema.extend({
  elevation: z.number().min(-500).max(9000).optional(),
  timeZone: z.number().min(-14).max(14).optional(),
  name: z.string({ error: 'Name is required.' }).trim().min(1, 'Name is required.').max(200),
});

const importIdSchema = z.object({ importId: z.number({ error: 'Import id is required.' }).int().positive() });

export function registerWeatherAnalysisRoutes(app: FastifyInstance): void {
  const database = app.services.database;
  const db = database.db;

  // ---- Quality check ----------------------------------------------------------------------------

  app.post(
    '/QualityCheck',
    {
      schema: {
        summary: 'Quality check of an uploaded or generated weather before it is saved',
        body: qualityCheckSchema,
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const input = parse(qualityCheckSchema, request.body);
      if (input.importId !== undefined) {
        const row = await loadPendingImportFor(db, auth, input.importId);
        return runQualityCheck(db, row, true);
      }
      const found = await loadWeatherFor(db, auth, input.weatherId);
      const canStore = mayActOnWeather(weatherActorOf(auth), found.weather, 'edit');
      return runQualityCheck(db, found.weather, canStore);
    },
  );

  app.get(
    '/:id/QualityCheck',
    { schema: { summary: 'Quality check of a stored weather' } },
    async (request) => {
      const auth = requireAuth(request);
      const found = await loadWeatherFor(db, auth, (request.params as { id: string }).id);
      return (found.weather.state as { qualityCheck?: unknown }).qualityCheck ?? null;
    },
  );

  app.post(
    '/:id/FinalizeQualityCheck',
    {
      schema: {
        summary: 'Apply the chosen quality-check corrections to a stored weather',
        body: finalizeQualitySchema,
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const found = await loadWeatherFor(db, auth, (request.params as { id: string }).id, 'edit');
      const input = parse(finalizeQualitySchema, request.body);
      const row = await finalizeQualityCheck(db, auth, found.weather, input);
      return presentWeather(row, { owner: found.owner, actor: weatherActorOf(auth) });
    },
  );

  // ---- Generate ---------------------------------------------------------------------------------

  app.get(
    '/GenerateWeather/Info',
    { schema: { summary: 'What the weather generator offers' } },
    async (request) => {
      requireAuth(request);
      return generateInfo();
    },
  );

  app.post(
    '/GenerateWeather',
    { schema: { summary: 'Generate a synthetic weather year', body: generateBodySchema } },
    async (request) => {
      const auth = requireAuth(request);
      const input = parse(generateBodySchema, request.body);
      const importId = await generateWeather(db, auth, input);
      const row = await loadPendingImportFor(db, auth, importId);
      const details = await weatherDetailPage(db, row, 0, 48);
      return { importId, weather: presentWeather(row), weatherDetails: details.weatherDetails };
    },
  );

  app.post(
    '/ValidateGeneratedWeather',
    {
      schema: {
        summary: 'Warnings and errors of a generated weather with corrections',
        body: z.intersection(importIdSchema, importCorrectionsSchema),
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { importId } = parse(importIdSchema, request.body);
      const row = await loadPendingImportFor(db, auth, importId);
      const input = parse(importCorrectionsSchema, request.body);
      const { warnings, errors } = await validatePendingImport(db, row, input);
      return { warnings, errors };
    },
  );

  app.post(
    '/FinalizeGeneratedWeather',
    {
      schema: {
        summary: 'Save a generated weather',
        body: z.intersection(importIdSchema, importCorrectionsSchema),
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { importId } = parse(importIdSchema, request.body);
      const row = await loadPendingImportFor(db, auth, importId);
      const input = parse(importCorrectionsSchema, request.body);
      const id = await finalizePendingWeather(database, auth, row, input);
      return { id };
    },
  );

  // ---- Global tilted plane, uncertainty ---------------------------------------------------------

  app.get(
    '/:id/Detail/GlobalTiltedPlane',
    { schema: { summary: 'Irradiance on a tilted plane from a stored weather', querystring: gtiSchema } },
    async (request) => {
      const auth = requireAuth(request);
      const found = await loadWeatherFor(db, auth, (request.params as { id: string }).id);
      const query = parse(gtiSchema, canonicalQuery(request.query, GTI_KEYS));
      return tiltedPlaneOf(db, found.weather, query);
    },
  );

  app.post(
    '/Import/Detail/GlobalTiltedPlane',
    {
      schema: {
        summary: 'Irradiance on a tilted plane from a weather being imported',
        body: z.intersection(importIdSchema, gtiSchema),
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { importId } = parse(importIdSchema, request.body);
      const row = await loadPendingImportFor(db, auth, importId);
      const query = parse(gtiSchema, request.body);
      return tiltedPlaneOf(db, row, query);
    },
  );

  app.get('/:id/Uncertainty', { schema: { summary: 'Uncertainty of a stored weather' } }, async (request) => {
    const auth = requireAuth(request);
    const found = await loadWeatherFor(db, auth, (request.params as { id: string }).id);
    return uncertaintyOf(db, found.weather);
  });

  // ---- Horizon ----------------------------------------------------------------------------------

  app.post(
    '/:id/Horizon',
    {
      schema: {
        summary: 'Import a horizon profile file for a weather',
        ...fileUpload('A horizon profile file'),
      },
      onRequest: refuseDeclaredOversize(HORIZON_UPLOAD_LIMIT),
    },
    async (request) => {
      const auth = requireAuth(request);
      const found = await loadWeatherFor(db, auth, (request.params as { id: string }).id, 'edit');
      const upload = await readUpload(request, HORIZON_UPLOAD_LIMIT);
      return importHorizon(db, auth, found.weather, upload.bytes);
    },
  );

  app.get(
    '/GetHorizonScene',
    { schema: { summary: 'The horizon scene of a weather (query weatherId)' } },
    async (request) => {
      const auth = requireAuth(request);
      const query = canonicalQuery(request.query, ['weatherId']);
      const found = await loadWeatherFor(db, auth, query.weatherId);
      if (isPendingImport(found.weather)) return { horizonDetails: [] };
      return {
        weatherId: found.weather.id,
        horizonDetails: (found.weather.data as { horizonDetails?: unknown[] }).horizonDetails ?? [],
      };
    },
  );
}
