/**
 * Offline map data for the web app's built-in map style: country outlines from country-coder's
 * borders (the same data that names a project's country), so a location can be picked on a real map
 * without any tile server. Served outside /api, public and cacheable; built once per process.
 */
import type { FastifyInstance } from 'fastify';
import { borders } from 'country-coder';

let countries: string | undefined;

function countriesGeoJson(): string {
  countries ??= JSON.stringify({
    type: 'FeatureCollection',
    features: borders.features
      .filter((feature) => feature.geometry)
      .map((feature) => ({
        type: 'Feature',
        properties: { name: feature.properties.nameEn, iso: feature.properties.iso1A2 ?? null },
        geometry: feature.geometry,
      })),
  });
  return countries;
}

export async function mapRoutes(app: FastifyInstance): Promise<void> {
  app.get('/map/countries.geojson', { config: { public: true } }, async (_request, reply) =>
    reply
      .type('application/geo+json')
      .header('cache-control', 'public, max-age=86400')
      .send(countriesGeoJson()),
  );
}
