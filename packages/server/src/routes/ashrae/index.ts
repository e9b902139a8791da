/**
 * Site design temperatures (spec 2 §7.12, spec 4 §1), as the SDK's `ASHRAE` class calls them:
 *
 * - `GET /ASHRAE?latitude&longitude[&searchRadius][&version]`: the nearest design-condition source;
 * - `GET /ASHRAE/GetStation?latitude&longitude&stationName[&version]`: the source of that name
 *   (nearest first when several share it), at any distance.
 *
 * Sunfield has no ASHRAE station database: the source is the nearest weather file the caller's
 * company sees (its own and the Global weather) that holds air temperatures over at least 8000 h,
 * within `searchRadius` statute miles (default 50, about 80 km; the API's radius unit), and the
 * answer is the spec 3 `Ashrae` shape derived from it (commands/siteConditions.ts, presenters/
 * siteConditions.ts; method: engine weather/designTemperatures.ts), flagged `derived: true`. No
 * source: 404 text saying so. Query keys match case-insensitively.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../../auth/context.ts';
import {
  DEFAULT_SITE_SEARCH_RADIUS_MILES,
  nearestDesignSource,
  weatherNameOfStation,
} from '../../commands/siteConditions.ts';
import { notFound, parse } from '../../lib/errors.ts';
import { canonicalQuery } from '../../lib/request.ts';
import { presentAshrae } from '../../presenters/siteConditions.ts';
import { queryPointSchema, searchRadiusMilesSchema } from '../weather/schemas.ts';

/** AshraeVersionEnum (spec 3): 0 = 2013, 1 = 2021; the default is 2021 (spec 2 §9.2). */
const ASHRAE_VERSION_2021 = 1;

/** `version` as the enum id (0, 1) or the edition year (2013, 2021). */
const versionSchema = z.preprocess(
  (value) => (value === undefined || value === '' ? undefined : Number(value)),
  z
    .number({ error: 'Version must be 0 (2013) or 1 (2021).' })
    .min(0, 'Version must be 0 (2013) or 1 (2021).')
    .max(2021, 'Version must be 0 (2013) or 1 (2021).')
    .refine((v) => [0, 1, 2013, 2021].includes(v), 'Version must be 0 (2013) or 1 (2021).')
    .transform((v) => (v === 0 || v === 2013 ? 0 : 1))
    .optional(),
);

const ASHRAE_KEYS = ['latitude', 'longitude', 'searchRadius', 'version'] as const;
const STATION_KEYS = [...ASHRAE_KEYS, 'stationName'] as const;

export const ashraeQuerySchema = queryPointSchema.extend({
  searchRadius: searchRadiusMilesSchema,
  version: versionSchema,
});

export const stationQuerySchema = ashraeQuerySchema.extend({
  stationName: z
    .string({ error: 'Station name is required.' })
    .trim()
    .min(1, 'Station name is required.')
    .max(250, 'Station name must be at most 250 characters.')
    .refine((name) => weatherNameOfStation(name) !== '', 'Station name is required.'),
});

const place = (latitude: number, longitude: number): string => `(${latitude}, ${longitude})`;

export async function ashraeRoutes(app: FastifyInstance): Promise<void> {
  const db = app.services.database.db;

  app.get(
    '/ASHRAE',
    { schema: { summary: 'Site design temperatures near a location', querystring: ashraeQuerySchema } },
    async (request) => {
      const auth = requireAuth(request);
      const query = parse(ashraeQuerySchema, canonicalQuery(request.query, ASHRAE_KEYS));
      const radiusMiles = query.searchRadius ?? DEFAULT_SITE_SEARCH_RADIUS_MILES;
      const source = await nearestDesignSource(db, auth, query, { radiusMiles });
      if (!source) {
        throw notFound(
          `No weather file with a year of air temperatures lies within ${radiusMiles} miles of ` +
            `${place(query.latitude, query.longitude)}. Sunfield derives design temperatures from the ` +
            'weather library: add weather near the site, or search a wider radius (searchRadius, in miles).',
        );
      }
      return presentAshrae(source, query.version ?? ASHRAE_VERSION_2021);
    },
  );

  app.get(
    '/ASHRAE/GetStation',
    {
      schema: {
        summary: 'The weather file the design temperatures come from',
        querystring: stationQuerySchema,
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const query = parse(stationQuerySchema, canonicalQuery(request.query, STATION_KEYS));
      const source = await nearestDesignSource(db, auth, query, {
        radiusMiles: query.searchRadius ?? DEFAULT_SITE_SEARCH_RADIUS_MILES,
        stationName: query.stationName,
      });
      if (!source) {
        throw notFound(
          `No weather file named "${weatherNameOfStation(query.stationName)}" with a year of air ` +
            'temperatures is visible to your company.',
        );
      }
      return presentAshrae(source, query.version ?? ASHRAE_VERSION_2021);
    },
  );
}
