/**
 * The routes that modules and inverters share (spec 2 §7.8–7.9): overview list, the public API's
 * list of full records, read, create, update (id in the path, or in the body as the SDK sends it),
 * delete, clone, note, export, import of an export, and the two-call status change.
 * `/Module/…` and `/Inverter/…` register them with their kind; their own routes (PAN, OND, IAM, kVA,
 * generator) sit beside them.
 *
 * Answers: creates `{id}`, updates the updated entity, deletes `true`; an asset the caller cannot
 * read is 404 text ('Module not found'), one it reads but may not change 403 `{message}`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { requireAuth } from '../../auth/context.ts';
import {
  changeEquipmentStatus,
  cloneEquipment,
  createEquipment,
  saveEquipment,
  validateEquipmentStatus,
  type Entity,
} from '../../commands/equipmentSave.ts';
import { readUpload } from '../../commands/equipmentUpload.ts';
import { badRequest, conflict, INVALID_INPUT, parse } from '../../lib/errors.ts';
import { sendJson } from '../../lib/compression.ts';
import { pageCacheOf } from '../../lib/pageCache.ts';
import { canonicalQuery } from '../../lib/request.ts';
import {
  deleteEquipment,
  findEquipment,
  listEquipment,
  listEquipmentRecords,
  type EquipmentKind,
} from '../../models/equipment.ts';
import { inUseMessage, plantsUsingEquipment } from '../../models/prediction.ts';
import { actorOf, EQUIPMENT_LABEL, equipmentNotFound, loadEquipmentFor } from '../../policies/equipment.ts';
import {
  presentEquipmentEntity,
  presentEquipmentExport,
  presentOverviewItem,
} from '../../presenters/equipment.ts';
import {
  DEFAULT_PAGE_SIZE,
  LIBRARY_LIST_KEYS,
  LIBRARY_LIST_TOP,
  libraryListQuerySchema,
  OVERVIEW_KEYS,
  overviewQuerySchema,
  statusChangeSchema,
} from './schemas.ts';
import { fileUpload } from '../../lib/openapi.ts';
import { parseInWorker } from '../../uploads/parsePool.ts';

/** Exported files are small JSON documents. */
const EXPORT_FILE_LIMIT = 2 * 1024 * 1024;

export interface EquipmentRouteOptions {
  kind: EquipmentKind;
  /** 'ModuleOverview' or 'InverterOverview'. */
  overviewPath: string;
  bodySchema: z.ZodType<Entity>;
  /** The defaults under the fields of a POST (spec 1 §3), given the body. */
  defaults: (body: Entity) => Entity;
  /** Turns a parsed body into what is stored (drops nulls, applies save rules); may throw a 400. */
  prepare: (entity: Entity) => Entity;
}

/** A file name from an asset name: letters, digits, spaces, dots, dashes and underscores only. */
export const fileNameOf = (name: string, extension: string): string =>
  `${
    name
      .replace(/[^\w .-]+/g, '_')
      .trim()
      .slice(0, 120) || 'export'
  }.${extension}`;

export function registerEquipmentRoutes(app: FastifyInstance, options: EquipmentRouteOptions): void {
  const { kind } = options;
  const db = app.services.database.db;
  const pages = pageCacheOf(app.services.database);
  const label = EQUIPMENT_LABEL[kind];
  const querySchema = overviewQuerySchema(kind);
  const listQuerySchema = libraryListQuerySchema(kind);

  async function present(id: number, auth: ReturnType<typeof requireAuth>) {
    const found = await findEquipment(db, kind, id);
    if (!found) throw equipmentNotFound(kind);
    return presentEquipmentEntity(kind, found.row, found.ownerName, actorOf(auth));
  }

  const validEntity = (body: unknown): Entity => options.prepare(parse(options.bodySchema, body));

  app.get(
    `/${options.overviewPath}`,
    { schema: { summary: `${label} library overview, one page`, querystring: querySchema } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const query = parse(querySchema, canonicalQuery(request.query, OVERVIEW_KEYS));
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
      const actor = actorOf(auth);
      // Who looks decides the rows (visibleTo) and each row's isReadOnly: all of the actor is in the key.
      const key = JSON.stringify([options.overviewPath, actor.companyId, actor.userId, actor.roles, query]);
      const answer = await pages.page(key, async () => {
        const { rows, total } = await listEquipment(db, kind, actor, {
          search: query.search,
          statuses: query.status,
          ownerOnly: query.ownerOnly,
          cellTechnologyTypes: query.cellTechnologyType,
          minPower: query.minPower,
          maxPower: query.maxPower,
          sort: query.sort,
          order: query.order,
          page,
          pageSize,
        });
        const items = rows.map((row) => presentOverviewItem(kind, row, actor));
        return { body: JSON.stringify({ items, total, page, pageSize }), total };
      });
      return sendJson(request, reply, answer);
    },
  );

  /**
   * The public API's library list (the SDK's get_module_list / get_inverter_list): a JSON array of
   * full records as GET /{id} shows them, of the library the caller sees (the company's first, then
   * the Global ones, each by id), filtered as the overview; `top` records (default and at most
   * LIBRARY_LIST_TOP) after the first `skip`; `X-Total-Count` carries the number of matches.
   */
  app.get(
    '/',
    {
      schema: {
        summary: `${label} library: full records, one page (X-Total-Count: all matches)`,
        querystring: listQuerySchema,
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const query = parse(listQuerySchema, canonicalQuery(request.query, LIBRARY_LIST_KEYS));
      const actor = actorOf(auth);
      const { rows, total } = await listEquipmentRecords(db, kind, actor, {
        search: query.search,
        statuses: query.status,
        ownerOnly: query.ownerOnly,
        cellTechnologyTypes: query.cellTechnologyType,
        minPower: query.minPower,
        maxPower: query.maxPower,
        skip: query.skip ?? 0,
        top: query.top ?? LIBRARY_LIST_TOP,
      });
      reply.header('X-Total-Count', String(total));
      return rows.map(({ row, ownerName }) => presentEquipmentEntity(kind, row, ownerName, actor));
    },
  );

  app.post(
    '/Status/Validate',
    {
      schema: {
        summary: `Check a status change of ${label.toLowerCase()}s without making it`,
        body: statusChangeSchema,
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { items } = parse(statusChangeSchema, request.body);
      return validateEquipmentStatus(db, auth, kind, items);
    },
  );

  app.post(
    '/Status',
    { schema: { summary: `Change the status of ${label.toLowerCase()}s`, body: statusChangeSchema } },
    async (request) => {
      const auth = requireAuth(request);
      const { items } = parse(statusChangeSchema, request.body);
      await changeEquipmentStatus(db, auth, kind, items);
      return true;
    },
  );

  /** Creates an asset from an exported file (GET …/Export). */
  app.post(
    '/Import',
    {
      schema: {
        summary: `Create a ${label.toLowerCase()} from an exported file`,
        ...fileUpload(`A ${label.toLowerCase()} file from GET …/Export`),
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const what = `${label.toLowerCase()} file`;
      const upload = await readUpload(request, what, EXPORT_FILE_LIMIT);
      // Parsed in a parsing process (uploads/parsePool.ts), as every upload is.
      const json = await parseInWorker('json', upload.bytes, { what });
      if (!json || typeof json !== 'object' || Array.isArray(json)) {
        throw badRequest(`The ${what} must hold one ${label.toLowerCase()}.`, {
          file: ['Expected a JSON object.'],
        });
      }
      const record = json as Entity;
      if (typeof record.sunfieldExport === 'string' && record.sunfieldExport !== kind) {
        const message = `This file is an export of ${article(record.sunfieldExport)}, not of ${article(label.toLowerCase())}.`;
        throw badRequest(message, { file: [message] });
      }
      const { sunfieldExport: _kind, version: _version, ...fields } = record;
      const entity = validEntity(fields);
      const source =
        typeof record.source === 'string' && record.source.trim() ? record.source.trim() : 'Import';
      const id = await createEquipment(db, auth, kind, entity, { source });
      return { id };
    },
  );

  app.post(
    '/',
    { schema: { summary: `Create a ${label.toLowerCase()}`, body: options.bodySchema } },
    async (request) => {
      const auth = requireAuth(request);
      const body = (request.body ?? {}) as Entity;
      if (typeof body !== 'object' || Array.isArray(body)) {
        throw badRequest(`A ${label.toLowerCase()} object is required.`, { $: ['Expected a JSON object.'] });
      }
      const entity = validEntity({ ...options.defaults(body), ...dropNulls(body) });
      const source =
        typeof body.source === 'string' && body.source.trim() ? body.source.trim().slice(0, 200) : 'User';
      const id = await createEquipment(db, auth, kind, entity, { source });
      return { id };
    },
  );

  app.get('/:id', { schema: { summary: `A ${label.toLowerCase()}` } }, async (request) => {
    const auth = requireAuth(request);
    const { id } = request.params as { id: string };
    const found = await loadEquipmentFor(db, auth, kind, id);
    return presentEquipmentEntity(kind, found.row, found.ownerName, actorOf(auth));
  });

  async function update(request: FastifyRequest, id: string) {
    const auth = requireAuth(request);
    // Ownership and status first: another company's id answers 404 whatever the body holds.
    const found = await loadEquipmentFor(db, auth, kind, id, 'edit');
    const entity = validEntity(request.body);
    await saveEquipment(db, auth, kind, found.row, entity);
    return present(found.row.id, auth);
  }

  app.put(
    '/:id',
    { schema: { summary: `Update a ${label.toLowerCase()}`, body: options.bodySchema } },
    async (request) => update(request, (request.params as { id: string }).id),
  );

  /** The SDK's form (`Inverter.update()` sends PUT /Inverter): the id travels in the body. */
  app.put(
    '/',
    {
      schema: {
        summary: `Update a ${label.toLowerCase()} (the id in the body, as the SDK sends it)`,
        body: options.bodySchema,
      },
    },
    async (request) => {
      const body = request.body;
      const rawId =
        body && typeof body === 'object' && !Array.isArray(body) ? (body as Entity).id : undefined;
      if (rawId === undefined || rawId === null) throw badRequest(INVALID_INPUT, { id: ['Id is required.'] });
      return update(request, String(rawId));
    },
  );

  app.delete('/:id', { schema: { summary: `Delete a ${label.toLowerCase()}` } }, async (request) => {
    const auth = requireAuth(request);
    const { id } = request.params as { id: string };
    const found = await loadEquipmentFor(db, auth, kind, id, 'delete');
    const uses = await plantsUsingEquipment(db, kind, found.row.id);
    if (uses > 0) throw conflict(inUseMessage(found.row.name, uses));
    if (!(await deleteEquipment(db, kind, found.row.id))) throw equipmentNotFound(kind);
    return true;
  });

  app.post(
    '/:id/Clone',
    { schema: { summary: `Copy a ${label.toLowerCase()} into the company’s library` } },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = request.params as { id: string };
      const found = await loadEquipmentFor(db, auth, kind, id);
      return { id: await cloneEquipment(db, auth, kind, found.row) };
    },
  );

  app.get('/:id/Note', { schema: { summary: `The note of a ${label.toLowerCase()}` } }, async (request) => {
    const auth = requireAuth(request);
    const { id } = request.params as { id: string };
    const found = await loadEquipmentFor(db, auth, kind, id);
    return { note: found.row.note };
  });

  app.get(
    '/:id/Export',
    { schema: { summary: `Export a ${label.toLowerCase()} as a file` } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { id } = request.params as { id: string };
      const found = await loadEquipmentFor(db, auth, kind, id);
      const fileName = fileNameOf(found.row.name, 'json');
      reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`);
      return JSON.stringify(presentEquipmentExport(kind, found.row), null, 2);
    },
  );
}

/** 'a module', 'an inverter'. */
const article = (noun: string): string => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun.slice(0, 40)}`;

/** The object without its null and undefined values (spec 1 §5: null-valued fields are omitted). */
export function dropNulls(entity: Entity): Entity {
  const out: Entity = {};
  for (const [key, value] of Object.entries(entity)) {
    if (value !== null && value !== undefined) out[key] = value;
  }
  return out;
}
