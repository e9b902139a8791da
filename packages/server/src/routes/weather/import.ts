/**
 * POST /Weather/Parse (multipart `file`, ≤ 150 MB) → {importId, weatherFileInfo};
 * POST /Weather/ValidateImport/{importId} → {warnings, errors};
 * POST /Weather/FinalizeImport {importId, corrections} → {id} (spec 2 §7.10). See docs/api-weather.md.
 */
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../auth/context.ts';
import {
  finalizePendingWeather,
  parseWeatherUpload,
  validatePendingImport,
} from '../../commands/weatherImport.ts';
import { parse } from '../../lib/errors.ts';
import { loadPendingImportFor } from '../../policies/weather.ts';
import { finalizeImportSchema, importCorrectionsSchema } from './schemas.ts';
import { WEATHER_UPLOAD_LIMIT, readUpload, refuseDeclaredOversize } from './upload.ts';
import { fileUpload } from '../../lib/openapi.ts';

export function registerWeatherImportRoutes(app: FastifyInstance): void {
  const database = app.services.database;
  const db = database.db;

  app.post(
    '/Parse',
    {
      schema: {
        summary: 'Read an uploaded weather file for import',
        ...fileUpload('A weather file (CSV, TMY, EPW, …) up to 150 MB'),
      },
      onRequest: refuseDeclaredOversize(WEATHER_UPLOAD_LIMIT),
    },
    async (request) => {
      const auth = requireAuth(request);
      const upload = await readUpload(request, WEATHER_UPLOAD_LIMIT);
      return parseWeatherUpload(db, auth, upload.bytes, upload.fileName);
    },
  );

  app.post(
    '/ValidateImport/:importId',
    {
      schema: {
        summary: 'Warnings and errors of a weather import with corrections',
        body: importCorrectionsSchema,
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { importId } = request.params as { importId: string };
      const row = await loadPendingImportFor(db, auth, importId);
      const input = parse(importCorrectionsSchema, request.body);
      const { warnings, errors } = await validatePendingImport(db, row, input);
      return { warnings, errors };
    },
  );

  app.post(
    '/FinalizeImport',
    { schema: { summary: 'Save an imported weather', body: finalizeImportSchema } },
    async (request) => {
      const auth = requireAuth(request);
      const body = (request.body ?? {}) as { importId?: unknown };
      // Ownership first: a stranger's importId is 404 whatever the body holds.
      const row = await loadPendingImportFor(db, auth, body.importId);
      const input = parse(finalizeImportSchema, request.body);
      const id = await finalizePendingWeather(database, auth, row, input);
      return { id };
    },
  );
}
