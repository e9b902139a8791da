/**
 * Input schemas of the module and inverter routes: the overview query (shared by both libraries),
 * the status change, and the entity bodies. The entity schemas check what the server relies on
 * (names, the list columns, the shape of curves and tables) and keep every other spec 3 field as sent.
 */
import { z } from 'zod';
import { ASSET_STATUS } from '@sunfield/domain';
import { moduleSaveSchema } from '@sunfield/domain/api/module.ts';
import { queryNumber } from '../../lib/request.ts';
import {
  efficiencyCurveSchema,
  efficiencyPointSchema,
  inverterSaveSchema,
  kVACurveSchema,
  kVAPointSchema,
  pqCurveSchema,
  pqPointSchema,
} from '@sunfield/domain/api/inverter.ts';
import { PHYSICAL, physical } from '@sunfield/domain/api/ranges.ts';
import {
  INVERTER_SORTS,
  MODULE_SORTS,
  type EquipmentKind,
  type EquipmentSort,
} from '../../models/equipment.ts';

export const OVERVIEW_KEYS = [
  'search',
  'status',
  'ownerOnly',
  'cellTechnologyType',
  'minPower',
  'maxPower',
  'sort',
  'order',
  'page',
  'pageSize',
] as const;

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;

const KNOWN_STATUSES = new Set<number>(Object.values(ASSET_STATUS));

/** A comma list of integers in a query, e.g. `status=3,5`. */
const intList = (message: string, allowed?: (n: number) => boolean) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return undefined;
      const list = value.split(',').map((part) => Number(part.trim()));
      if (list.some((n) => !Number.isInteger(n) || (allowed && !allowed(n)))) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return list;
    });

/** A power filter: from 0 to the largest power of a device of the kind (module W, inverter kW). */
/**
 * A power filter is a bound, not a device's value: 'at most 5000 W' is a fair question of a module
 * library whose modules are at most 2000 W (the web's filter boxes take any number). It is bounded
 * (a thousand times the largest device) only so that no absurd number reaches the query.
 */
function powerFilter(kind: EquipmentKind, label: string) {
  const range = kind === 'module' ? PHYSICAL.modulePower : PHYSICAL.inverterPower;
  const max = range.max * 1000;
  const message = `${label} must be a number from 0 to ${max} ${range.unit}.`;
  return z.number({ error: message }).min(0, message).max(max, message);
}

export function overviewQuerySchema(kind: EquipmentKind) {
  const sorts: readonly EquipmentSort[] = kind === 'module' ? MODULE_SORTS : INVERTER_SORTS;
  const byLower = new Map(sorts.map((sort) => [sort.toLowerCase(), sort]));
  return z.object({
    search: z.string().max(200, 'Search must be at most 200 characters.').optional(),
    status: intList('Status must be a comma list of asset statuses (0–6, 10).', (n) => KNOWN_STATUSES.has(n)),
    ownerOnly: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value === '') return false;
        const v = value.toLowerCase();
        if (v !== 'true' && v !== 'false') {
          ctx.addIssue({ code: 'custom', message: 'OwnerOnly must be true or false.' });
          return z.NEVER;
        }
        return v === 'true';
      }),
    cellTechnologyType: intList(
      'Cell technology type must be a comma list of numbers 1–8.',
      (n) => n >= 1 && n <= 8,
    ),
    minPower: queryNumber(powerFilter(kind, 'Minimum power')),
    maxPower: queryNumber(powerFilter(kind, 'Maximum power')),
    sort: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value === '') return 'name' as EquipmentSort;
        const sort = byLower.get(value.toLowerCase());
        if (!sort) {
          ctx.addIssue({ code: 'custom', message: `Sort must be one of ${sorts.join(', ')}.` });
          return z.NEVER;
        }
        return sort;
      }),
    order: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const order = (value || 'asc').toLowerCase();
        if (order !== 'asc' && order !== 'desc') {
          ctx.addIssue({ code: 'custom', message: 'Order must be asc or desc.' });
          return z.NEVER;
        }
        return order as 'asc' | 'desc';
      }),
    page: queryNumber(
      z
        .number({ error: 'Page must be a whole number from 1.' })
        .int('Page must be a whole number from 1.')
        .min(1, 'Page must be a whole number from 1.')
        .max(1_000_000, 'Page is out of range.'),
    ),
    pageSize: queryNumber(
      z
        .number({ error: `Page size must be a whole number from 1 to ${MAX_PAGE_SIZE}.` })
        .int(`Page size must be a whole number from 1 to ${MAX_PAGE_SIZE}.`)
        .min(1, `Page size must be a whole number from 1 to ${MAX_PAGE_SIZE}.`)
        .max(MAX_PAGE_SIZE, `Page size must be a whole number from 1 to ${MAX_PAGE_SIZE}.`),
    ),
  });
}

/** Query names of the public API's GET /Module and GET /Inverter (full records, `skip`/`top` paging). */
export const LIBRARY_LIST_KEYS = [
  'search',
  'status',
  'ownerOnly',
  'cellTechnologyType',
  'minPower',
  'maxPower',
  'skip',
  'top',
] as const;

/** Records per answer of GET /Module and GET /Inverter, by default and at most. */
export const LIBRARY_LIST_TOP = 500;

/** GET /Module and GET /Inverter: the overview's filters, and `skip`/`top` as GET /Project pages. */
export function libraryListQuerySchema(kind: EquipmentKind) {
  return overviewQuerySchema(kind)
    .omit({ sort: true, order: true, page: true, pageSize: true })
    .extend({
      skip: queryNumber(
        z
          .number({ error: 'Skip must be a whole number.' })
          .int('Skip must be a whole number.')
          .min(0, 'Skip must be a whole number.')
          .max(100_000_000, 'Skip is out of range.'),
      ),
      top: queryNumber(
        z
          .number({ error: `Top must be a whole number from 1 to ${LIBRARY_LIST_TOP}.` })
          .int(`Top must be a whole number from 1 to ${LIBRARY_LIST_TOP}.`)
          .min(1, `Top must be a whole number from 1 to ${LIBRARY_LIST_TOP}.`)
          .max(LIBRARY_LIST_TOP, `Top must be a whole number from 1 to ${LIBRARY_LIST_TOP}.`),
      ),
    });
}

const STATUS_RANGE = 'Status must be an asset status (0–6, 10).';

const statusItem = z.object({
  id: z
    .number({ error: 'Id is required.' })
    .int('Id must be a whole number.')
    .positive('Id must be positive.')
    .max(2_147_483_647, 'Id is out of range.'),
  status: z
    .number({ error: 'Status is required.' })
    .int('Status must be a whole number.')
    .min(0, STATUS_RANGE)
    .max(Math.max(...KNOWN_STATUSES), STATUS_RANGE),
  note: z.string().max(4000, 'Note must be at most 4000 characters.').nullable().optional(),
});

/** `{items: [{id, status, note}]}`, or the bare list as the project routes take it. */
export const statusChangeSchema = z.preprocess(
  (value) => (Array.isArray(value) ? { items: value } : value),
  z.object({
    items: z
      .array(statusItem, { error: 'A list of {id, status, note} is required.' })
      .min(1, 'There are no files currently selected.')
      .max(1000, 'At most 1000 files can change status at once.'),
  }),
);

// ---------------------------------------------------------------------------------------------
// Entity bodies

const finite = (label: string) => z.number({ error: `${label} must be a number.` });
const optionalText = (label: string, max = 200) =>
  z
    .string({ error: `${label} must be text.` })
    .max(max, `${label} must be at most ${max} characters.`)
    .nullish();

const nameSchema = z
  .string({ error: 'Name is required.' })
  .trim()
  .min(1, 'Name is required.')
  .max(200, 'Name must be at most 200 characters.');

/**
 * Body of POST/PUT /Module: the domain's spec 3 schema (unknown keys dropped; every number within its
 * physical range, every enumeration within its members), with worded messages for the texts.
 */
export const moduleBodySchema = moduleSaveSchema.extend({
  name: nameSchema,
  manufacturer: optionalText('Manufacturer'),
  model: optionalText('Model'),
  description: optionalText('Description', 4000),
});

/**
 * Body of POST/PUT /Inverter: the domain's spec 3 schema; curves take the domain's points (physical
 * ranges) with the longer lists OND files may hold.
 */
export const inverterBodySchema = inverterSaveSchema.extend({
  name: nameSchema,
  manufacturer: optionalText('Manufacturer'),
  model: optionalText('Model'),
  description: optionalText('Description', 4000),
  /** Default setpoint of an inverter node using it [kW] (newInverter). */
  setpointkW: physical.inverterPowerLevel(),
  efficiencyCurves: z
    .array(
      efficiencyCurveSchema.extend({
        efficiencyPoints: z.array(efficiencyPointSchema).max(1000, 'Too many efficiency points.'),
      }),
    )
    .max(100, 'Too many efficiency curves.')
    .nullish(),
  kVACurves: z
    .array(kVACurveSchema.extend({ kVAPoints: z.array(kVAPointSchema).max(1000, 'Too many kVA points.') }))
    .max(100, 'Too many kVA curves.')
    .nullish(),
  pqCurves: z
    .array(pqCurveSchema.extend({ pqPoints: z.array(pqPointSchema).max(1000, 'Too many PQ points.') }))
    .max(100, 'Too many PQ curves.')
    .nullish(),
});

export const KVA_QUERY_KEYS = ['temperature', 'elevation', 'useCoolingTemp'] as const;

export const kvaQuerySchema = z.object({
  temperature: queryNumber(finite('Temperature').min(-100).max(100)),
  elevation: queryNumber(finite('Elevation').min(-500).max(10_000)),
  useCoolingTemp: z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((value) => value === true || (typeof value === 'string' && value.toLowerCase() === 'true')),
});

export const kvaBodySchema = z.object({
  inverter: inverterBodySchema.partial({ name: true }).loose(),
  temperature: finite('Temperature').min(-100).max(100).nullish(),
  elevation: finite('Elevation').min(-500).max(10_000).nullish(),
  useCoolingTemp: z.boolean().nullish(),
});
