/**
 * /api/Inverter/… routes (spec 2 §7.9): the shared library routes (module/equipment.ts) plus OND
 * import and the temperature- and elevation-dependent kVA rating.
 */
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../auth/context.ts';
import { createEquipment, type Entity } from '../../commands/equipmentSave.ts';
import {
  EQUIPMENT_FILE_LIMIT,
  invalidFileValues,
  readUpload,
  type Upload,
} from '../../commands/equipmentUpload.ts';
import { canonicalKeys } from '../../lib/caseInsensitiveKeys.ts';
import { parse } from '../../lib/errors.ts';
import { canonicalQuery } from '../../lib/request.ts';
import { parseInWorker } from '../../uploads/parsePool.ts';
import { loadEquipmentFor } from '../../policies/equipment.ts';
import { dropNulls, registerEquipmentRoutes } from '../module/equipment.ts';
import { inverterBodySchema, KVA_QUERY_KEYS, kvaBodySchema, kvaQuerySchema } from '../module/schemas.ts';
import { inverterKvaOf, newInverterEntity } from './inverterRules.ts';
import { fileUpload } from '../../lib/openapi.ts';

const OND = 'OND file';

/**
 * Reads an uploaded OND file in a parsing process (engine `readOndFile`, as defensive as the PAN reader; a file without a
 * rating or an efficiency profile is refused); the inverter it describes, not saved.
 */
async function inverterOfUpload(upload: Upload): Promise<Entity> {
  const record = (await parseInWorker('ond', upload.bytes, { fileName: upload.fileName })) as Entity;
  const parsed = inverterBodySchema.safeParse(record);
  if (!parsed.success) throw invalidFileValues(OND, parsed.error);
  return dropNulls(parsed.data);
}

export async function inverterRoutes(app: FastifyInstance): Promise<void> {
  const db = app.services.database.db;

  // JSON names match case-insensitively (the public SDK sends `kvaCurves` for `kVACurves`).
  app.addHook('preValidation', async (request) => {
    const body = request.body;
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      request.body = canonicalKeys(inverterBodySchema, body);
    }
  });

  /**
   * Parses an OND file into an inverter for review (the UI then POSTs /Inverter); with `?save=true`
   * saves it and answers `{id}`.
   */
  app.post(
    '/ParseONDFile',
    {
      schema: {
        summary: 'Read an OND file into an inverter for review (nothing saved)',
        ...fileUpload('A PVsyst OND file', { name: 'Name of the inverter' }),
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const upload = await readUpload(request, OND, EQUIPMENT_FILE_LIMIT);
      const entity = await inverterOfUpload(upload);
      const source = `OND file (${upload.fileName})`;
      const save = String(canonicalQuery(request.query, ['save']).save ?? '').toLowerCase() === 'true';
      if (!save) return { ...entity, source };
      const name = upload.fields.name?.trim();
      if (name) entity.name = parse(inverterBodySchema.pick({ name: true }), { name }).name;
      return { id: await createEquipment(db, auth, 'inverter', entity, { source }) };
    },
  );

  /** kVA rating of an unsaved inverter. */
  app.post(
    '/kVA',
    { schema: { summary: 'kVA rating of an unsaved inverter', body: kvaBodySchema } },
    async (request) => {
      requireAuth(request);
      const body = parse(kvaBodySchema, request.body);
      const kVA = inverterKvaOf(body.inverter as Entity, {
        temperature: body.temperature ?? undefined,
        elevation: body.elevation ?? undefined,
        useCoolingTemp: body.useCoolingTemp ?? false,
      });
      return { kVA };
    },
  );

  /** kVA rating of a library inverter at a temperature [°C] and elevation [m]. */
  app.get(
    '/:id/kVA',
    {
      schema: {
        summary: 'kVA rating of a library inverter at a temperature and elevation',
        querystring: kvaQuerySchema,
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = request.params as { id: string };
      const found = await loadEquipmentFor(db, auth, 'inverter', id);
      const query = parse(kvaQuerySchema, canonicalQuery(request.query, KVA_QUERY_KEYS));
      const kVA = inverterKvaOf(found.row.data, query);
      return { kVA };
    },
  );

  registerEquipmentRoutes(app, {
    kind: 'inverter',
    overviewPath: 'InverterOverview',
    bodySchema: inverterBodySchema,
    defaults: newInverterEntity,
    prepare: dropNulls,
  });
}
