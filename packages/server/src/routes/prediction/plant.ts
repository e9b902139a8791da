/**
 * The power plant of a prediction (spec 2 §7.5, spec 4 §1), under
 * /Project/{projectId}/Prediction/{id}: GET PowerPlant (204 while none exists), POST (creates or
 * replaces it), PUT (merges into it; absent fields keep their values), PUT PowerPlant/ExportOptions
 * (the nodal export flags), POST CalculatePowerPlantFields (the builder's rules applied, nothing
 * saved). Updates answer `{changesMade: true}`, the POST also the plant's `id` (the prediction's);
 * warnings travel in `x-message`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  asList,
  exportOptionsSchema,
  plantEquipmentIds,
  plantTotals,
  powerPlantSchema,
  type PlantTotals,
} from '@sunfield/domain';
import type { AuthContext } from '../../auth/context.ts';
import { requireAuth } from '../../auth/context.ts';
import { calculatePowerPlantFields } from '../../commands/powerPlantCalculate.ts';
import { equipmentRecords, savePowerPlant, storePlant } from '../../commands/powerPlantSave.ts';
import type { Db } from '../../db/index.ts';
import { notFound, parse } from '../../lib/errors.ts';
import { sendJson } from '../../lib/compression.ts';
import { pageCacheOf } from '../../lib/pageCache.ts';
import { integerId, sendXMessages } from '../../lib/request.ts';
import { findPowerPlant } from '../../models/prediction.ts';
import { actorOf, loadPredictionFor, predictionNotFound } from '../../policies/prediction.ts';
import { presentPowerPlant } from '../../presenters/powerPlant.ts';
import { keptPlantEquipment, keptPlantGzip, presentedPlantBytes } from '../../presenters/powerPlantCache.ts';

type Json = Record<string, unknown>;

const BASE = '/Project/:projectId/Prediction/:id';

/** Plants carry per-step series (setpoints, tracking angles): bodies up to 64 MB. */
const PLANT_BODY_LIMIT = 64 * 1024 * 1024;

export const POWER_PLANT_NOT_FOUND = 'The prediction has no power plant yet.';

/** The stored plant of a prediction as the API shows it, or undefined when it has none. */
export async function loadPresentedPlant(
  db: Db,
  auth: AuthContext,
  predictionId: number,
): Promise<{ presented: Json; totals: PlantTotals } | undefined> {
  const row = await findPowerPlant(db, auth.company.id, predictionId);
  if (!row) return undefined;
  const ids = plantEquipmentIds(row.data);
  const actor = actorOf(auth);
  const [modules, inverters] = await Promise.all([
    equipmentRecords(db, actor, 'module', ids.modules),
    equipmentRecords(db, actor, 'inverter', ids.inverters),
  ]);
  return {
    presented: presentPowerPlant(row.data, predictionId, { modules, inverters }),
    totals: plantTotals(row.data),
  };
}

/** A plant answer larger than this is not kept whole by the page cache [bytes]. */
const PLANT_ANSWER_KEPT_BYTES = 4 * 1024 * 1024;

export function registerPowerPlantRoutes(app: FastifyInstance): void {
  const db = app.services.database.db;
  const pages = pageCacheOf(app.services.database);

  const load = (request: FastifyRequest, action: 'read' | 'edit') => {
    const auth = requireAuth(request);
    const { projectId, id } = request.params as { projectId: string; id: string };
    return loadPredictionFor(db, auth, projectId, id, action);
  };

  app.get(
    `${BASE}/PowerPlant`,
    { schema: { summary: 'The prediction’s power plant (204 when it has none)' } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { projectId, id } = request.params as { projectId: string; id: string };
      // First the whole answer, kept while the change epoch stands (lib/pageCache.ts, on either
      // database; the viewer is in the key, a refusal is never kept): one tiny statement. When the
      // epoch has moved (a write to any watched table, most often not to this plant), the plant's
      // kept bytes (presenters/powerPlantCache.ts) are checked instead: the statement that reads the
      // prediction (and says whether it has a plant) also reads the versions they were made of.
      const key = JSON.stringify([
        'PowerPlant',
        auth.company.id,
        auth.user.id,
        auth.tokenKind,
        projectId,
        id,
      ]);
      const answer = await pages.page<string | Buffer>(
        key,
        async () => {
          const predictionId = integerId(id);
          const kept = predictionId && keptPlantEquipment(db, auth.company.id, predictionId);
          const loaded = await loadPredictionFor(db, auth, projectId, id, 'read', kept || undefined);
          const plant =
            loaded.plantVersion === null
              ? undefined
              : await presentedPlantBytes(
                  db,
                  actorOf(auth),
                  loaded.prediction.id,
                  kept ? loaded.plantVersion : undefined,
                );
          // With the plant cache's gzip copy of these bytes, if it keeps them (made once, when asked).
          return plant
            ? { body: plant, total: 1, gzipped: () => keptPlantGzip(db, plant) }
            : { body: '', total: 0 };
        },
        { maxChars: PLANT_ANSWER_KEPT_BYTES },
      );
      if (answer.total === 0) return reply.status(204).send();
      // To a client that takes gzip, the kept gzip copy of the plant's answer (made once).
      return sendJson(request, reply, answer);
    },
  );

  for (const method of ['POST', 'PUT'] as const) {
    app.route({
      method,
      url: `${BASE}/PowerPlant`,
      bodyLimit: PLANT_BODY_LIMIT,
      schema: {
        summary:
          method === 'POST'
            ? 'Create or replace the prediction’s power plant'
            : 'Update the prediction’s power plant (the fields sent are merged)',
        body: powerPlantSchema,
      },
      handler: async (request, reply) => {
        const auth = requireAuth(request);
        const loaded = await load(request, 'edit');
        const input = parse(powerPlantSchema, request.body);
        const result = await savePowerPlant(db, auth, loaded, input, method === 'POST' ? 'replace' : 'merge');
        sendXMessages(reply, result.messages);
        // A create answers its id (spec 4 §1; the plant's id is the prediction's): the SDK's
        // PowerPlant.create() reads `response.json()['id']` and fails on a JSON answer without one.
        return method === 'POST' ? { id: loaded.prediction.id, changesMade: true } : { changesMade: true };
      },
    });
  }

  /** The nodal export flags (spec 3 ExportOptions): the system, the storage and each block by name. */
  app.put(
    `${BASE}/PowerPlant/ExportOptions`,
    {
      schema: { summary: 'Set which nodes the nodal export holds', body: exportOptionsSchema },
      config: { feature: 'nodalExport' },
    },
    async (request) => {
      const auth = requireAuth(request);
      const loaded = await load(request, 'edit');
      const options = parse(exportOptionsSchema, request.body);
      const row = await findPowerPlant(db, auth.company.id, loaded.prediction.id);
      if (!row) throw notFound(POWER_PLANT_NOT_FOUND);
      const data: Json = { ...row.data };
      if (options.exportSystem !== undefined && options.exportSystem !== null)
        data.exportSystem = options.exportSystem;
      if (options.exportESS !== undefined && options.exportESS !== null) data.exportESS = options.exportESS;
      const byName = new Map(asList(options.blockExportOptions).map((o) => [o.name, o]));
      data.blocks = asList(data.blocks).map((block) => {
        const option = byName.get(block.name);
        if (!option) return block;
        const flags: Json = { ...((block.nodalExportOptions as Json | undefined) ?? {}) };
        for (const key of ['exportBlock', 'exportArrays', 'exportInverters', 'exportDCFields'])
          if (typeof option[key] === 'boolean') flags[key] = option[key];
        return { ...block, nodalExportOptions: flags };
      });
      const written = await storePlant(db, auth.company.id, loaded.prediction.id, data);
      if (!written) throw predictionNotFound();
      return { changesMade: true };
    },
  );

  /**
   * The plant sent (or the stored one when the body is empty) with the builder's rules applied to
   * every DC field marked `calculateDCFields` (and every field when none is marked), locked fields
   * untouched; nothing is saved.
   */
  app.post(
    `${BASE}/CalculatePowerPlantFields`,
    {
      schema: { summary: 'Apply the plant builder’s rules to a plant without saving it' },
      bodyLimit: PLANT_BODY_LIMIT,
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const loaded = await load(request, 'read');
      const result = await calculatePowerPlantFields(db, auth, loaded, request.body);
      sendXMessages(reply, result.messages);
      return result.plant;
    },
  );
}
