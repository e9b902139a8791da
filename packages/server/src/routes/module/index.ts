/**
 * /api/Module/… routes (spec 2 §7.8): the shared library routes (equipment.ts) plus PAN import,
 * the default IAM, the electrical shading table parser and the module generator.
 */
import type { FastifyInstance } from 'fastify';
import { readPanFile } from '@sunfield/engine/library/pvsystRecords.ts';
import { requireAuth } from '../../auth/context.ts';
import { createEquipment, type Entity } from '../../commands/equipmentSave.ts';
import {
  EQUIPMENT_FILE_LIMIT,
  invalidFileValues,
  pvsystRefusal,
  readUpload,
  type Upload,
} from '../../commands/equipmentUpload.ts';
import { parse } from '../../lib/errors.ts';
import { registerEquipmentRoutes } from './equipment.ts';
import { registerGeneratorRoutes } from './generator.ts';
import { registerModuleToolRoutes } from './tools.ts';
import { moduleBodySchema } from './schemas.ts';
import { newModuleEntity, prepareModule } from './moduleRules.ts';

const PAN = 'PAN file';

/**
 * Reads an uploaded PAN file (engine `readPanFile`: text in UTF-8, UTF-16 or Windows-1252; binary,
 * truncated and out-of-range files refused naming the line); the module it describes, not saved.
 */
function moduleOfUpload(upload: Upload): Entity {
  let record: Entity;
  try {
    record = readPanFile(new Uint8Array(upload.bytes), upload.fileName).record;
  } catch (error) {
    throw pvsystRefusal(PAN, error);
  }
  const parsed = moduleBodySchema.safeParse({ ...newModuleEntity(record), ...record });
  if (!parsed.success) throw invalidFileValues(PAN, parsed.error);
  return prepareModule(parsed.data);
}

export async function moduleRoutes(app: FastifyInstance): Promise<void> {
  const db = app.services.database.db;

  /** Parses a PAN file into a module for review; nothing is saved. */
  app.post('/ImportPANFile', async (request) => {
    requireAuth(request);
    const upload = await readUpload(request, PAN, EQUIPMENT_FILE_LIMIT);
    return { ...moduleOfUpload(upload), source: `PAN file (${upload.fileName})` };
  });

  /** Parses a PAN file and saves the module (optional form field `name`). */
  app.post('/CreatePANFileModule', async (request) => {
    const auth = requireAuth(request);
    const upload = await readUpload(request, PAN, EQUIPMENT_FILE_LIMIT);
    const entity = moduleOfUpload(upload);
    const name = upload.fields.name?.trim();
    if (name) entity.name = parse(moduleBodySchema.pick({ name: true }), { name }).name;
    const id = await createEquipment(db, auth, 'module', entity, { source: `PAN file (${upload.fileName})` });
    return { id };
  });

  registerModuleToolRoutes(app);
  registerGeneratorRoutes(app);
  registerEquipmentRoutes(app, {
    kind: 'module',
    overviewPath: 'ModuleOverview',
    bodySchema: moduleBodySchema,
    defaults: newModuleEntity,
    prepare: prepareModule,
  });
}
