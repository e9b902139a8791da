/** /api/Weather/… routes (spec 2 §7.10); shapes in docs/api-weather.md. */
import type { FastifyInstance } from 'fastify';
import { registerWeatherAnalysisRoutes } from './analysis.ts';
import { registerWeatherAssetRoutes } from './assets.ts';
import { registerWeatherCreateRoutes } from './create.ts';
import { weatherDownloadRoutes } from './download.ts';
import { registerWeatherImportRoutes } from './import.ts';

export async function weatherRoutes(app: FastifyInstance): Promise<void> {
  registerWeatherImportRoutes(app);
  registerWeatherCreateRoutes(app);
  registerWeatherAssetRoutes(app);
  registerWeatherAnalysisRoutes(app);
  await app.register(weatherDownloadRoutes);
}
