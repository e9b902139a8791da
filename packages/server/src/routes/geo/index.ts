/**
 * Site helpers (spec 2 §7.12, spec 4 §1): GET /Geo/{lat}/{lng}/Location | Timezone | Elevation,
 * answered offline from the data shipped with the server (lib/geo.ts). `TimeZone` is accepted too,
 * as the SDK spells it (paths match case-insensitively anyway).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../../auth/context.ts';
import { parse } from '../../lib/errors.ts';
import { locationAt, timeZoneInfoAt } from '../../lib/geo.ts';
import { latitudeSchema, longitudeSchema } from '../project/schemas.ts';

const toNumber = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? Number(value) : value;

const pointSchema = z.object({
  lat: z.preprocess(toNumber, latitudeSchema),
  lng: z.preprocess(toNumber, longitudeSchema),
});

export async function geoRoutes(app: FastifyInstance): Promise<void> {
  const point = (params: unknown) => {
    const { lat, lng } = parse(pointSchema, params);
    return { latitude: lat, longitude: lng };
  };

  /** Country, its ISO code, a territory as state/province and the UN M49 region; no locality offline. */
  app.get('/Geo/:lat/:lng/Location', async (request) => {
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
  });

  app.get('/Geo/:lat/:lng/Timezone', async (request) => {
    requireAuth(request);
    return timeZoneInfoAt(point(request.params));
  });

  /**
   * No elevation model ships with the server and lookups stay offline, so the elevation is
   * unknown (null): the user enters it on the project.
   */
  app.get('/Geo/:lat/:lng/Elevation', async (request) => {
    requireAuth(request);
    point(request.params);
    return { elevation: null };
  });
}
