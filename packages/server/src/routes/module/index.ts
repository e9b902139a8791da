/**
 * /api/Module/… routes (spec 2 §7.8): the shared library routes (equipment.ts) plus PAN import,
 * the default IAM, the electrical shading table parser and the module generator.
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
import { badRequest, parse } from '../../lib/errors.ts';
import { parseInWorker } from '../../uploads/parsePool.ts';
import { dropNulls, registerEquipmentRoutes } from './equipment.ts';
import { registerGeneratorRoutes } from './generator.ts';
import { registerPublicGeneratorRoutes } from './generatorPublic.ts';
import { registerModuleToolRoutes } from './tools.ts';
import { moduleBodySchema } from './schemas.ts';
import { newModuleEntity, prepareModule } from './moduleRules.ts';
import { fileUpload } from '../../lib/openapi.ts';

const PAN = 'PAN file';

/**
 * Reads an uploaded PAN file in a parsing process (engine `readPanFile`: text in UTF-8, UTF-16 or Windows-1252; binary,
 * truncated and out-of-range files refused naming the line); the module it describes, not saved.
 */
async function moduleOfUpload(upload: Upload): Promise<Entity> {
  const record = (await parseInWorker('pan', upload.bytes, { fileName: upload.fileName })) as Entity;
  const parsed = moduleBodySchema.safeParse({ ...newModuleEntity(record), ...record });
  if (!parsed.success) throw invalidFileValues(PAN, parsed.error);
  return prepareModule(parsed.data);
}

/** A JSON object body as an entity, or undefined for anything else. */
const objectBody = (body: unknown): Entity | undefined =>
  body && typeof body === 'object' && !Array.isArray(body) ? (body as Entity) : undefined;

export async function moduleRoutes(app: FastifyInstance): Promise<void> {
  const db = app.services.database.db;

  // JSON names match case-insensitively (the public SDK sends `stcMppCurrent` for `stcmppCurrent`).
  app.addHook('preValidation', async (request) => {
    if (objectBody(request.body)) request.body = canonicalKeys(moduleBodySchema, request.body);
  });

  /** Parses a PAN file into a module for review; nothing is saved. */
  app.post(
    '/ImportPANFile',
    {
      schema: {
        summary: 'Read a PAN file into a module for review (nothing saved)',
        ...fileUpload('A PVsyst PAN file'),
      },
    },
    async (request) => {
      requireAuth(request);
      const upload = await readUpload(request, PAN, EQUIPMENT_FILE_LIMIT);
      return { ...(await moduleOfUpload(upload)), source: `PAN file (${upload.fileName})` };
    },
  );

  /**
   * Parses a PAN file and saves the module (optional form field `name`). The public SDK instead posts
   * the module ImportPANFile answered, as JSON (spec 4 §1): saved like POST /Module, source kept.
   */
  app.post(
    '/CreatePANFileModule',
    {
      schema: {
        summary:
          'Save a module from a PAN file (multipart, field `file`, optional `name`) or from the module ImportPANFile answered (JSON)',
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      if (!request.isMultipart()) {
        const body = objectBody(request.body);
        if (!body) {
          const message =
            'Upload the PAN file as multipart/form-data in the field "file", or post the module ImportPANFile answered.';
          throw badRequest(message, { file: [message] });
        }
        // No default name: a body without one is not a parsed PAN file (the SDK posts ImportPANFile's
        // 400 answer here as it is when the file was refused).
        const { name: _defaultName, ...defaults } = newModuleEntity(body);
        const entity = prepareModule(parse(moduleBodySchema, { ...defaults, ...dropNulls(body) }));
        const source =
          typeof body.source === 'string' && body.source.trim() ? body.source.trim().slice(0, 200) : PAN;
        return { id: await createEquipment(db, auth, 'module', entity, { source }) };
      }
      const upload = await readUpload(request, PAN, EQUIPMENT_FILE_LIMIT);
      const entity = await moduleOfUpload(upload);
      const name = upload.fields.name?.trim();
      if (name) entity.name = parse(moduleBodySchema.pick({ name: true }), { name }).name;
      const id = await createEquipment(db, auth, 'module', entity, {
        source: `PAN file (${upload.fileName})`,
      });
      return { id };
    },
  );

  registerModuleToolRoutes(app);
  registerGeneratorRoutes(app);
  registerPublicGeneratorRoutes(app);
  registerEquipmentRoutes(app, {
    kind: 'module',
    overviewPath: 'ModuleOverview',
    bodySchema: moduleBodySchema,
    defaults: newModuleEntity,
    prepare: prepareModule,
  });
}
