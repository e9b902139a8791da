/**
 * Predictions of a project (spec 2 §7.5, spec 4 §1), under /Project/{projectId}/Prediction: list,
 * create (`{id}`), read (every spec 3 field), update (PUT with the id in the path or, as the SDK
 * sends it, in the body; `{changesMade: true}`), delete, /Hydrated, /Overview, /Clone, TitleUpdate,
 * NotesUpdate, Status/Validate and Status. Another company's project or prediction, and a
 * colleague's Draft-Private prediction, is 404; editing a read-only status is 409.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { canReadPrediction, predictionSchema } from '@sunfield/domain';
import { requireAuth } from '../../auth/context.ts';
import { clonePrediction } from '../../commands/predictionClone.ts';
import { createPrediction, updatePrediction } from '../../commands/predictionSave.ts';
import { changePredictionStatus, validatePredictionStatusChange } from '../../commands/predictionStatus.ts';
import { badRequest, INVALID_INPUT, parse } from '../../lib/errors.ts';
import { sendJson } from '../../lib/compression.ts';
import { pageCacheOf } from '../../lib/pageCache.ts';
import { canonicalQuery, integerId, sendXMessages } from '../../lib/request.ts';
import { deletePredictionRow, listProjectPredictions, updatePredictionRow } from '../../models/prediction.ts';
import { findWeather } from '../../models/weather.ts';
import {
  actorOf,
  loadPredictionFor,
  predictionNotFound,
  type LoadedPrediction,
} from '../../policies/prediction.ts';
import { loadProjectFor } from '../../policies/project.ts';
import { keptPlantEquipment, presentedPlantBytes } from '../../presenters/powerPlantCache.ts';
import { keptPlantTotals } from '../../presenters/plantTotalsCache.ts';
import { presentPrediction, presentPredictionListItem } from '../../presenters/prediction.ts';
import { presentProject } from '../../presenters/project.ts';
import { presentWeather } from '../../presenters/weather.ts';
import { registerPowerPlantRoutes } from './plant.ts';
import { registerExportRoutes } from './exports.ts';
import { registerRunRoutes } from './run.ts';
import {
  cloneQuerySchema,
  notesUpdateSchema,
  predictionStatusChangeSchema,
  titleUpdateSchema,
} from './schemas.ts';

const BASE = '/Project/:projectId/Prediction';

/**
 * Stands for the plant in a presented prediction until its kept bytes take its place: a string no
 * stored value holds (it starts with NUL, which PostgreSQL's text and jsonb refuse, and is random per
 * process), so its JSON text is found where the plant goes.
 */
export const PLANT_MARK = `\u0000plant:${randomUUID()}`;
const PLANT_MARK_JSON = JSON.stringify(PLANT_MARK);

/**
 * The JSON of a presented prediction whose `powerPlant` is {@link PLANT_MARK}, with the plant's JSON
 * bytes in its place: the text JSON.stringify gives for the prediction holding the plant's value.
 * Were the mark found anywhere else as well, the plant is parsed and the whole serialized instead.
 */
export function withPlantBytes(
  presented: Record<string, unknown>,
  plant: Buffer | undefined,
): string | Buffer {
  const text = JSON.stringify(presented);
  if (!plant) return text;
  const at = text.indexOf(PLANT_MARK_JSON);
  if (at < 0 || text.includes(PLANT_MARK_JSON, at + 1)) {
    return JSON.stringify({ ...presented, powerPlant: JSON.parse(plant.toString('utf8')) as unknown });
  }
  return Buffer.concat([
    Buffer.from(text.slice(0, at)),
    plant,
    Buffer.from(text.slice(at + PLANT_MARK_JSON.length)),
  ]);
}

/** A hydrated answer larger than this is not kept whole by the page cache [bytes] (as a plant read). */
const HYDRATED_KEPT_BYTES = 4 * 1024 * 1024;

interface PredictionParams {
  projectId: string;
  id: string;
}

export async function predictionRoutes(app: FastifyInstance): Promise<void> {
  const db = app.services.database.db;
  const pages = pageCacheOf(app.services.database);

  const load = (request: FastifyRequest, action: 'read' | 'edit' | 'delete' = 'read') => {
    const auth = requireAuth(request);
    const { projectId, id } = request.params as PredictionParams;
    return loadPredictionFor(db, auth, projectId, id, action);
  };

  /** The project's predictions the caller may see, with their plant's DC and AC size. */
  app.get(BASE, { schema: { summary: 'The project’s predictions' } }, async (request) => {
    const auth = requireAuth(request);
    const { projectId } = request.params as PredictionParams;
    const project = await loadProjectFor(db, auth, projectId);
    const actor = actorOf(auth);
    const rows = await listProjectPredictions(db, auth.company.id, project.project.id);
    return rows
      .filter((row) => canReadPrediction(actor, row.prediction))
      .map((row) => presentPredictionListItem(row, actor));
  });

  app.post(
    BASE,
    { schema: { summary: 'Create a prediction', body: predictionSchema } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { projectId } = request.params as PredictionParams;
      const project = await loadProjectFor(db, auth, projectId);
      const input = parse(predictionSchema, request.body);
      const result = await createPrediction(db, auth, project.project, input);
      sendXMessages(reply, result.messages);
      return { id: result.prediction.id };
    },
  );

  async function update(request: FastifyRequest, reply: FastifyReply, rawId: unknown) {
    const auth = requireAuth(request);
    const { projectId } = request.params as PredictionParams;
    const loaded = await loadPredictionFor(db, auth, projectId, rawId, 'edit');
    const input = parse(predictionSchema, request.body);
    if (input.id !== undefined && input.id !== null && input.id !== loaded.prediction.id) {
      throw badRequest(INVALID_INPUT, { id: ['The id in the body differs from the id in the path.'] });
    }
    const result = await updatePrediction(db, auth, loaded.prediction, loaded.project.project, input);
    sendXMessages(reply, result.messages);
    return { changesMade: true };
  }

  /** The SDK's form: the id travels in the body. */
  app.put(
    BASE,
    {
      schema: {
        summary: 'Update a prediction (the id in the body, as the SDK sends it)',
        body: predictionSchema,
      },
      bodyLimit: 64 * 1024 * 1024,
    },
    async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const rawId = body.id ?? body.Id;
      if (rawId === undefined || rawId === null) throw badRequest(INVALID_INPUT, { id: ['Id is required.'] });
      if (integerId(rawId) === undefined) throw predictionNotFound();
      return update(request, reply, rawId);
    },
  );

  app.put(
    `${BASE}/:id`,
    { schema: { summary: 'Update a prediction', body: predictionSchema }, bodyLimit: 64 * 1024 * 1024 },
    async (request, reply) => update(request, reply, (request.params as PredictionParams).id),
  );

  /**
   * The answer is kept while the change epoch stands (lib/pageCache.ts, on either database):
   * it is a function of the rows and of the viewer (user, with their roles and company, and the kind
   * of token), all in the key. A refusal (404) is never kept.
   */
  app.get(`${BASE}/:id`, { schema: { summary: 'A prediction' } }, async (request, reply) => {
    const auth = requireAuth(request);
    const { projectId, id } = request.params as PredictionParams;
    const key = JSON.stringify(['Prediction', auth.company.id, auth.user.id, auth.tokenKind, projectId, id]);
    const answer = await pages.page(key, async () => {
      const loaded = await load(request);
      const body = JSON.stringify(
        presentPrediction(loaded.prediction, actorOf(auth), {
          owner: loaded.owner,
          hasPowerPlant: loaded.plantBlocks !== null,
          numOfBlocks: loaded.plantBlocks,
        }),
      );
      return { body, total: 1 };
    });
    return sendJson(request, reply, answer);
  });

  /**
   * The prediction with its project, its weather (without the series) and its plant. The plant is the
   * kept answer of the PowerPlant route (presenters/powerPlantCache.ts: the same bytes, checked by the
   * versions the statement that reads the prediction also reads), spliced into the answer as it is;
   * its block count is the kept totals' (presenters/plantTotalsCache.ts). The whole answer is kept
   * while the change epoch stands (lib/pageCache.ts), keyed as the prediction read; a refusal is
   * never kept.
   */
  app.get(
    `${BASE}/:id/Hydrated`,
    { schema: { summary: 'A prediction with its project, weather (without series) and power plant' } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { projectId, id } = request.params as PredictionParams;
      const key = JSON.stringify(['Hydrated', auth.company.id, auth.user.id, auth.tokenKind, projectId, id]);
      const answer = await pages.page<string | Buffer>(
        key,
        async () => {
          const predictionId = integerId(id);
          const kept = predictionId && keptPlantEquipment(db, auth.company.id, predictionId);
          const loaded = await loadPredictionFor(db, auth, projectId, id, 'read', kept || undefined);
          const actor = actorOf(auth);
          const { plantVersion } = loaded;
          const [plant, totals, weather] = await Promise.all([
            plantVersion === null
              ? undefined
              : presentedPlantBytes(db, actor, loaded.prediction.id, kept ? plantVersion : undefined),
            keptPlantTotals(db, auth.company.id, loaded.prediction.id, plantVersion),
            loaded.prediction.weatherId !== null
              ? findWeather(db, auth.company.id, loaded.prediction.weatherId)
              : undefined,
          ]);
          const presented = presentPrediction(loaded.prediction, actor, {
            owner: loaded.owner,
            project: presentProject(loaded.project.project, { owner: loaded.project.owner }),
            weather: weather ? presentWeather(weather.weather, { owner: weather.owner, actor }) : null,
            powerPlant: plant ? PLANT_MARK : null,
            hasPowerPlant: plant !== undefined,
            numOfBlocks: plant ? (totals?.blocks ?? null) : null,
          });
          return { body: withPlantBytes(presented, plant), total: 1 };
        },
        { maxChars: HYDRATED_KEPT_BYTES },
      );
      return sendJson(request, reply, answer);
    },
  );

  /**
   * The prediction with a summary of its plant (sizes, counts) for the overview page: the totals kept
   * with the version of the plant row (presenters/plantTotalsCache.ts), which the statement that reads
   * the prediction reads too; the plant document is read only when the row changed. The whole answer
   * is kept while the change epoch stands (lib/pageCache.ts), keyed as the prediction read.
   */
  app.get(
    `${BASE}/:id/Overview`,
    { schema: { summary: 'A prediction with a summary of its power plant' } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { projectId, id } = request.params as PredictionParams;
      const key = JSON.stringify(['Overview', auth.company.id, auth.user.id, auth.tokenKind, projectId, id]);
      const answer = await pages.page(key, async () => {
        const loaded = await load(request);
        const totals = await keptPlantTotals(db, auth.company.id, loaded.prediction.id, loaded.plantVersion);
        const body = JSON.stringify({
          ...presentPrediction(loaded.prediction, actorOf(auth), {
            owner: loaded.owner,
            hasPowerPlant: totals !== undefined,
            numOfBlocks: totals?.blocks ?? null,
          }),
          powerPlantSummary: totals ?? null,
        });
        return { body, total: 1 };
      });
      return sendJson(request, reply, answer);
    },
  );

  app.delete(`${BASE}/:id`, { schema: { summary: 'Delete a prediction' } }, async (request) => {
    const auth = requireAuth(request);
    const loaded = await load(request, 'delete');
    if (!(await deletePredictionRow(db, auth.company.id, loaded.prediction.id))) throw predictionNotFound();
    return true;
  });

  async function clone(request: FastifyRequest) {
    const auth = requireAuth(request);
    const loaded = await load(request);
    const query = parse(cloneQuerySchema, canonicalQuery(request.query, ['cloneToBlockBuilder', 'name']));
    const row = await clonePrediction(db, auth, loaded, query);
    return presentPrediction(row, actorOf(auth), { owner: loaded.owner, hasPowerPlant: true });
  }
  app.get(
    `${BASE}/:id/Clone`,
    { schema: { summary: 'Clone a prediction (GET form)', querystring: cloneQuerySchema } },
    clone,
  );
  app.post(
    `${BASE}/:id/Clone`,
    { schema: { summary: 'Clone a prediction', querystring: cloneQuerySchema } },
    clone,
  );

  async function rename(request: FastifyRequest, loaded: LoadedPrediction, name: string) {
    const auth = requireAuth(request);
    await updatePredictionRow(db, auth.company.id, loaded.prediction.id, {
      name,
      lastModified: new Date(),
      lastModifiedById: auth.user.id,
    });
    return { changesMade: true };
  }

  app.put(
    `${BASE}/:id/TitleUpdate`,
    { schema: { summary: 'Rename a prediction', body: titleUpdateSchema } },
    async (request) => {
      const loaded = await load(request, 'edit');
      const name = parse(titleUpdateSchema, request.body);
      return rename(request, loaded, name);
    },
  );

  app.put(
    `${BASE}/:id/NotesUpdate`,
    { schema: { summary: 'Set the notes of a prediction', body: notesUpdateSchema } },
    async (request) => {
      const auth = requireAuth(request);
      const loaded = await load(request, 'edit');
      const notes = parse(notesUpdateSchema, request.body ?? null);
      const data = { ...(loaded.prediction.data ?? {}) };
      if (notes === null || notes === '') delete data.description;
      else data.description = notes;
      await updatePredictionRow(db, auth.company.id, loaded.prediction.id, {
        data,
        lastModified: new Date(),
        lastModifiedById: auth.user.id,
      });
      return { changesMade: true };
    },
  );

  app.post(
    `${BASE}/Status/Validate`,
    {
      schema: {
        summary: 'Check a status change of predictions without making it',
        body: predictionStatusChangeSchema,
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { projectId } = request.params as PredictionParams;
      const project = await loadProjectFor(db, auth, projectId);
      const items = parse(predictionStatusChangeSchema, request.body);
      return validatePredictionStatusChange(db, auth, project.project.id, items);
    },
  );

  app.post(
    `${BASE}/Status`,
    { schema: { summary: 'Change the status of predictions', body: predictionStatusChangeSchema } },
    async (request) => {
      const auth = requireAuth(request);
      const { projectId } = request.params as PredictionParams;
      const project = await loadProjectFor(db, auth, projectId);
      const items = parse(predictionStatusChangeSchema, request.body);
      await changePredictionStatus(db, auth, project.project.id, items);
      return true;
    },
  );

  registerPowerPlantRoutes(app);
  registerRunRoutes(app);
  registerExportRoutes(app);
}
