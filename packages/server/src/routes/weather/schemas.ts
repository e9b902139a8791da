/** Input schemas of the weather routes (query keys are matched case-insensitively by the routes). */
import { z } from 'zod';
import { MAX_ID } from '@sunfield/domain/api/fields.ts';
import { WEATHER_SORTS, type WeatherSort } from '../../models/weather.ts';

const optionalNumber = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (value === undefined || value === '' || value === null ? undefined : Number(value)),
    schema.optional(),
  );

const booleanQuery = z.preprocess((value) => {
  if (value === undefined || value === '') return undefined;
  if (typeof value === 'boolean') return value;
  return String(value).toLowerCase() === 'true' || value === '1';
}, z.boolean().optional());

const latitude = z
  .number({ error: 'Latitude must be a number between -90 and 90.' })
  .min(-90, 'Latitude must be between -90 and 90.')
  .max(90, 'Latitude must be between -90 and 90.');
const longitude = z
  .number({ error: 'Longitude must be a number between -180 and 180.' })
  .min(-180, 'Longitude must be between -180 and 180.')
  .max(180, 'Longitude must be between -180 and 180.');
const timeZone = z
  .number({ error: 'Time zone must be an offset from UTC in hours.' })
  .min(-12, 'Time zone must be between -12 and 14.')
  .max(14, 'Time zone must be between -12 and 14.');
const name = z
  .string({ error: 'Name is required.' })
  .trim()
  .min(1, 'Name is required.')
  .max(200, 'Name must be at most 200 characters.');

const sortByLower = new Map<string, WeatherSort>(WEATHER_SORTS.map((sort) => [sort.toLowerCase(), sort]));

export const WEATHER_LIST_KEYS = [
  'search',
  'status',
  'ownerOnly',
  'page',
  'pageSize',
  'sort',
  'order',
] as const;

export const weatherListQuerySchema = z.object({
  search: z.string().max(200, 'Search must be at most 200 characters.').optional(),
  status: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return undefined;
      const statuses = value.split(',').map((part) => Number(part.trim()));
      if (statuses.some((s) => !Number.isInteger(s) || s < 0 || s > 10)) {
        ctx.addIssue({
          code: 'custom',
          message: 'Status must be a comma-separated list of library statuses.',
        });
        return z.NEVER;
      }
      return statuses;
    }),
  ownerOnly: booleanQuery,
  page: optionalNumber(
    z
      .number({ error: 'Page must be a whole number.' })
      .int('Page must be a whole number.')
      .min(1, 'Page must be at least 1.')
      .max(1_000_000, 'Page is out of range.'),
  ),
  pageSize: optionalNumber(
    z
      .number({ error: 'Page size must be a whole number.' })
      .int('Page size must be a whole number.')
      .min(1, 'Page size must be between 1 and 500.')
      .max(500, 'Page size must be between 1 and 500.'),
  ),
  sort: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return 'lastModified' as WeatherSort;
      const sort = sortByLower.get(value.toLowerCase());
      if (!sort) {
        ctx.addIssue({ code: 'custom', message: `Sort must be one of ${WEATHER_SORTS.join(', ')}.` });
        return z.NEVER;
      }
      return sort;
    }),
  order: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const order = (value || 'desc').toLowerCase();
      if (order !== 'asc' && order !== 'desc') {
        ctx.addIssue({ code: 'custom', message: 'Order must be asc or desc.' });
        return z.NEVER;
      }
      return order as 'asc' | 'desc';
    }),
});

export const WEATHER_SEARCH_KEYS = ['latitude', 'longitude', 'searchRadius'] as const;
/**
 * Default radius of a weather search [mi]. The radius is in statute miles, as in the commercial API
 * (the SDK's `Weather.search(…, search_radius)` documents "search radius in miles"; project search is
 * in miles too, spec 4 §1); 50 as the default search radius of spec 2 §9.2.
 */
export const DEFAULT_WEATHER_SEARCH_RADIUS_MILES = 50;

/** Latitude and longitude of a query (strings), validated. */
export const queryPointSchema = z.object({
  latitude: z.preprocess((v) => (v === undefined || v === '' ? undefined : Number(v)), latitude),
  longitude: z.preprocess((v) => (v === undefined || v === '' ? undefined : Number(v)), longitude),
});

/** An optional search radius [mi] of a query. */
export const searchRadiusMilesSchema = optionalNumber(
  z
    .number({ error: 'Search radius must be a positive number of miles.' })
    .positive('Search radius must be a positive number of miles.')
    .max(12_500, 'Search radius must be at most 12500 miles.'),
);

export const weatherSearchQuerySchema = queryPointSchema.extend({ searchRadius: searchRadiusMilesSchema });

export const DETAIL_KEYS = ['offset', 'limit'] as const;
export const detailQuerySchema = z.object({
  offset: optionalNumber(
    z
      .number({ error: 'Offset must be a whole number.' })
      .int('Offset must be a whole number.')
      .min(0, 'Offset must be a whole number.')
      .max(100_000_000, 'Offset is out of range.'),
  ),
  limit: optionalNumber(
    z
      .number({ error: 'Limit must be a whole number.' })
      .int('Limit must be a whole number.')
      .min(1, 'Limit must be between 1 and 10000.')
      .max(10_000, 'Limit must be between 1 and 10000.'),
  ),
});

/** The corrections of ValidateImport / FinalizeImport (all optional: the file's values are kept). */
export const importCorrectionsSchema = z.object({
  name: name.optional(),
  latitude: latitude.optional(),
  longitude: longitude.optional(),
  elevation: z
    .number({ error: 'Elevation must be a number of metres.' })
    .min(-500)
    .max(9000)
    .nullable()
    .optional(),
  timeZone: timeZone.optional(),
  timestampDefinition: z
    .number({ error: 'Timestamp definition must be 1, 2, 3 or 4.' })
    .int()
    .min(
      1,
      'Timestamp definition must be 1 (interval end), 2 (interval begin), 3 (interval middle) or 4 (instantaneous).',
    )
    .max(
      4,
      'Timestamp definition must be 1 (interval end), 2 (interval begin), 3 (interval middle) or 4 (instantaneous).',
    )
    .optional(),
  note: z.string().max(4000, 'Note must be at most 4000 characters.').nullable().optional(),
  mapping: z.unknown().optional(),
});

export const finalizeImportSchema = importCorrectionsSchema.extend({
  importId: z.number({ error: 'Import id is required.' }).int().positive().max(MAX_ID),
});

export const titleSchema = z.object({ name });

export const updateWeatherSchema = z.object({
  name: name.optional(),
  latitude: latitude.optional(),
  longitude: longitude.optional(),
  elevation: z
    .number({ error: 'Elevation must be a number of metres.' })
    .min(-500)
    .max(9000)
    .nullable()
    .optional(),
  timeZone: timeZone.optional(),
  note: z.string().max(4000, 'Note must be at most 4000 characters.').nullable().optional(),
  description: z.string().max(4000, 'Description must be at most 4000 characters.').nullable().optional(),
});

export const statusChangeSchema = z
  .array(
    z.object({
      id: z
        .number({ error: 'Id is required.' })
        .int('Id must be a whole number.')
        .positive()
        .max(2_147_483_647),
      status: z
        .number({ error: 'Status is required.' })
        .int()
        .min(0, 'Status must be a library status (0–10).')
        .max(10, 'Status must be a library status (0–10).'),
      note: z.string().max(4000, 'Note must be at most 4000 characters.').nullable().optional(),
    }),
    { error: 'A list of {id, status, note} is required.' },
  )
  .min(1, 'A list of {id, status, note} is required.');

/** The status routes accept the list itself or `{items: [...]}`. */
export const statusBodySchema = z.preprocess(
  (body) =>
    body && typeof body === 'object' && !Array.isArray(body) && 'items' in body
      ? (body as { items: unknown }).items
      : body,
  statusChangeSchema,
);

export const GTI_KEYS = ['tilt', 'azimuth', 'albedo', 'model'] as const;
export const gtiSchema = z.object({
  tilt: z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : Number(v)),
    z
      .number({ error: 'Tilt must be a number of degrees.' })
      .min(-90, 'Tilt must be between -90 and 90.')
      .max(90, 'Tilt must be between -90 and 90.'),
  ),
  azimuth: optionalNumber(z.number({ error: 'Azimuth must be a number of degrees.' }).min(-360).max(360)),
  albedo: optionalNumber(
    z
      .number({ error: 'Albedo must be between 0 and 1.' })
      .min(0, 'Albedo must be between 0 and 1.')
      .max(1, 'Albedo must be between 0 and 1.'),
  ),
  model: optionalNumber(
    z.union([z.literal(0), z.literal(1)], { error: 'Model must be 0 (Hay) or 1 (Perez).' }),
  ),
});

export const qualityCheckSchema = z
  .object({
    importId: z.number().int().positive().max(MAX_ID).optional(),
    weatherId: z.number().int().positive().max(MAX_ID).optional(),
  })
  .refine((v) => v.importId !== undefined || v.weatherId !== undefined, {
    message: 'An importId or a weatherId is required.',
    path: ['importId'],
  });

export const finalizeQualitySchema = z.object({
  accept: z.boolean().optional(),
  note: z.string().max(4000).nullable().optional(),
});
