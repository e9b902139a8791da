/**
 * GET /Project/Search?latitude&longitude&searchRadius: the company's projects within a radius,
 * nearest first, each with its `distance`.
 *
 * Units: `searchRadius` and `distance` are in statute miles, as in the commercial API that client
 * scripts call (spec 4 §1: "searchRadius (miles)"); the radius defaults to 50 (spec 2 §9.2).
 * Distances are great-circle distances by the haversine formula on a sphere of radius 6371 km
 * (spec 2 §9.2), converted at 1.609344 km per mile. Query keys match case-insensitively (the web
 * client sends Latitude, Longitude, SearchRadius).
 */
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../auth/context.ts';
import { parse } from '../../lib/errors.ts';
import { canonicalQuery } from '../../lib/request.ts';
import { projectsWithinRadius } from '../../models/project.ts';
import { presentProject } from '../../presenters/project.ts';
import { DEFAULT_SEARCH_RADIUS_MILES, PROJECT_SEARCH_KEYS, projectSearchQuerySchema } from './schemas.ts';

export function registerProjectSearchRoutes(app: FastifyInstance): void {
  const db = app.services.database.db;
  app.get(
    '/Project/Search',
    { schema: { summary: 'Projects within a radius of a point', querystring: projectSearchQuerySchema } },
    async (request) => {
      const auth = requireAuth(request);
      const query = parse(projectSearchQuerySchema, canonicalQuery(request.query, PROJECT_SEARCH_KEYS));
      const rows = await projectsWithinRadius(
        db,
        auth.company.id,
        { latitude: query.latitude, longitude: query.longitude },
        query.searchRadius ?? DEFAULT_SEARCH_RADIUS_MILES,
      );
      return rows.map((row) => presentProject(row.project, { distance: row.distance }));
    },
  );
}
