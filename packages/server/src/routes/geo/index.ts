/**
 * Site helpers (spec 2 §7.12, spec 4 §1): GET /Geo/{lat}/{lng}/Location | Timezone | Elevation.
 * Location and time zone are answered offline from the data shipped with the server (lib/geo.ts);
 * `TimeZone` is accepted too, as the SDK spells it (paths match case-insensitively anyway). The
 * elevation comes from the nearest weather file the company sees (no elevation model ships).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../../auth/context.ts';
import { DEFAULT_SITE_SEARCH_RADIUS_MILES, nearestElevationSource } from '../../commands/siteConditions.ts';
import { notFound, parse } from '../../lib/errors.ts';
import { canonicalQuery } from '../../lib/request.ts';
import { locationAt, timeZoneInfoAt } from '../../lib/geo.ts';
import { presentElevation } from '../../presenters/siteConditions.ts';
import { latitudeSchema, longitudeSchema } from '../project/schemas.ts';
import { searchRadiusMilesSchema } from '../weather/schemas.ts';

const toNumber = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? Number(value) : value;

const pointSchema = z.object({
  lat: z.preprocess(toNumber, latitudeSchema),
  lng: z.preprocess(toNumber, longitudeSchema),
});

export const elevationQuerySchema = z.object({ searchRadius: searchRadiusMilesSchema });

export async function geoRoutes(app: FastifyInstance): Promise<void> {
  const point = (params: unknown) => {
    const { lat, lng } = parse(pointSchema, params);
    return { latitude: lat, longitude: lng };
  };

  /** Country, its ISO code, a territory as state/province and the UN M49 region; no locality offline. */
  app.get(
    '/Geo/:lat/:lng/Location',
    { schema: { summary: 'Country, state or province and region of a location', params: pointSchema } },
    async (request) => {
      requireAuth(request);
      const location = locationAt(point(request.params));
      return {
        country: location.country,
        countryCode: location.countryCode,
        stateProvince: location.stateProvince,
        stateProvinceCode: location.stateProvinceCode,
        locality: location.locality,
        region: location.region,
      };
    },
  );

  /**
   * `timeZone` is the standard offset from UTC [h], a number, as the SDK reads it
   * (`project.standard_offset_from_utc = geo.time_zone`); `standardOffsetFromUTC` repeats it and
   * `timeZoneName` is the IANA zone ('America/Denver'). At sea: the nautical zone (Etc/GMT+3).
   */
  app.get(
    '/Geo/:lat/:lng/Timezone',
    { schema: { summary: 'Time zone of a location', params: pointSchema } },
    async (request) => {
      requireAuth(request);
      const info = timeZoneInfoAt(point(request.params));
      return {
        timeZone: info.standardOffsetFromUTC,
        timeZoneName: info.timeZone,
        standardOffsetFromUTC: info.standardOffsetFromUTC,
      };
    },
  );

  /**
   * The elevation [m] of the nearest weather file with a known elevation that the company sees,
   * within `searchRadius` statute miles (default 50), with its source and distance; 404 text when
   * there is none.
   */
  app.get(
    '/Geo/:lat/:lng/Elevation',
    {
      schema: {
        summary: 'Elevation of a location from the nearest weather file',
        params: pointSchema,
        querystring: elevationQuerySchema,
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const site = point(request.params);
      const { searchRadius } = parse(elevationQuerySchema, canonicalQuery(request.query, ['searchRadius']));
      const radiusMiles = searchRadius ?? DEFAULT_SITE_SEARCH_RADIUS_MILES;
      const entry = await nearestElevationSource(app.services.database.db, auth, site, radiusMiles);
      if (!entry) {
        throw notFound(
          `No weather file with a known elevation lies within ${radiusMiles} miles of ` +
            `(${site.latitude}, ${site.longitude}). Sunfield takes the elevation from the nearest ` +
            'weather file: enter the elevation yourself, add weather near the site, or search a wider ' +
            'radius (searchRadius, in miles).',
        );
      }
      return presentElevation(entry);
    },
  );
}
