/**
 * Input schemas of the project routes: the shared project schemas of the domain package (the same
 * messages as the web form), extended with the time zone, plus the list, search and status inputs.
 */
import { z } from 'zod';
import {
  PROJECT_MESSAGES,
  PROJECT_STATUS,
  projectCreateSchema,
  projectFields,
  projectUpdateSchema,
} from '@sunfield/domain';
import { isValidTimeZone } from '../../lib/geo.ts';
import { queryNumber } from '../../lib/request.ts';
import { PROJECT_SORTS, type ProjectSort } from '../../models/project.ts';
import { SETTABLE_PROJECT_STATUSES } from '../../policies/project.ts';

export const latitudeSchema = projectFields.latitude;
export const longitudeSchema = projectFields.longitude;

const timeZone = z
  .string({ error: 'Time zone must be text.' })
  .refine(isValidTimeZone, 'Time zone must be an IANA time zone such as America/Denver.')
  .nullish();

const settableStatus = z
  .number({ error: PROJECT_MESSAGES.status })
  .min(Math.min(...SETTABLE_PROJECT_STATUSES), PROJECT_MESSAGES.status)
  .max(Math.max(...SETTABLE_PROJECT_STATUSES), PROJECT_MESSAGES.status)
  .refine((value) => SETTABLE_PROJECT_STATUSES.includes(value), PROJECT_MESSAGES.status);

export const createProjectSchema = projectCreateSchema.extend({ timeZone });

/**
 * An update may carry any status back unchanged (the web client sends the whole project, which may
 * be Voltage Pro); setting Voltage Pro is refused by the command. The id comes from the path or is
 * read by the route, so it is dropped here.
 */
export const updateProjectSchema = projectUpdateSchema.omit({ id: true }).extend({
  timeZone,
  status: z
    .number({ error: PROJECT_MESSAGES.status })
    .refine((value) => (Object.values(PROJECT_STATUS) as number[]).includes(value), PROJECT_MESSAGES.status)
    .optional(),
});

const sortByLower = new Map<string, ProjectSort>(PROJECT_SORTS.map((sort) => [sort.toLowerCase(), sort]));

export const PROJECT_LIST_KEYS = ['status', 'search', 'sort', 'order', 'skip', 'top'] as const;

export const projectListQuerySchema = z.object({
  status: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return undefined;
      const statuses = value.split(',').map((part) => Number(part.trim()));
      if (statuses.some((status) => ![0, 1, 2].includes(status))) {
        ctx.addIssue({
          code: 'custom',
          message: 'Status must be 0 (Active), 1 (Archived) or 2 (Voltage Pro).',
        });
        return z.NEVER;
      }
      return statuses;
    }),
  search: z.string().max(200, 'Search must be at most 200 characters.').optional(),
  sort: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return 'lastModified' as ProjectSort;
      const sort = sortByLower.get(value.toLowerCase());
      if (!sort) {
        ctx.addIssue({ code: 'custom', message: `Sort must be one of ${PROJECT_SORTS.join(', ')}.` });
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
  skip: queryNumber(
    z
      .number({ error: 'Skip must be a whole number.' })
      .int('Skip must be a whole number.')
      .min(0, 'Skip must be a whole number.')
      .max(100_000_000, 'Skip is out of range.'),
  ),
  top: queryNumber(
    z
      .number({ error: 'Top must be a whole number.' })
      .int('Top must be a whole number.')
      .min(1, 'Top must be between 1 and 500.')
      .max(500, 'Top must be between 1 and 500.'),
  ),
});

export const PROJECT_SEARCH_KEYS = ['latitude', 'longitude', 'searchRadius'] as const;

/** Default radius of a project search [mi] (spec 2 §9.2: default search radius 50). */
export const DEFAULT_SEARCH_RADIUS_MILES = 50;

export const projectSearchQuerySchema = z.object({
  latitude: z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : Number(value)),
    latitudeSchema,
  ),
  longitude: z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : Number(value)),
    longitudeSchema,
  ),
  searchRadius: queryNumber(
    z
      .number({ error: 'Search radius must be a positive number of miles.' })
      .positive('Search radius must be a positive number of miles.')
      .max(12_500, 'Search radius must be at most 12500 miles.'),
  ),
});

export const statusChangeSchema = z
  .array(
    z.object({
      id: z
        .number({ error: 'Id is required.' })
        .int('Id must be a whole number.')
        .positive('Id must be positive.')
        .max(2_147_483_647, 'Id is out of range.'),
      status: settableStatus,
      note: z.string().max(4000, 'Note must be at most 4000 characters.').nullable().optional(),
    }),
    { error: 'A list of {id, status, note} is required.' },
  )
  .min(1, 'There are no files currently selected.')
  .max(1000, 'At most 1000 projects can change status at once.');
