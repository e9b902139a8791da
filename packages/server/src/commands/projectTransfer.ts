/**
 * Project export and import with its predictions (spec 2 §7.4: GET /Project/{id}/Export,
 * POST /Project/Import/Validate, POST /Project/{id}/ImportPredictions; Sunfield adds POST
 * /Project/Import, which creates the project too).
 *
 * The export is one JSON document (format version 2, docs/project-export.md): the project's fields,
 * each prediction the caller may read with its fields and its plant (spec 3 names), and the library
 * records they use: modules and inverters in full, weathers whole with their series
 * (projectWeatherTransfer.ts). Version 1 documents (weather by reference only) still import.
 *
 * An import creates Draft-Private predictions owned by the caller. A module or inverter the export
 * names is, in order: the record of the same id if the importing company may use it and it has the
 * same name (a Global record is so referenced, not copied); else a record of the same name it may
 * use; else a new company record made from the export (Draft-Private). A weather file is matched the
 * same way (id and name, then name and place), else copied from the export's series; a version 1
 * weather that cannot be matched leaves the prediction without weather, and the answer says so.
 * The whole document is checked first (a 400 naming the field, nothing written); then the project
 * (POST /Project/Import), the copies and the predictions are written in one transaction.
 */
import { and, eq, isNull, or } from 'drizzle-orm';
import { z } from 'zod';
import {
  canReadAsset,
  canReadPrediction,
  mergePlant,
  plantEquipmentIds,
  plantTotals,
  powerPlantSchema,
  predictionSchema,
  walkPlant,
  type LibraryActor,
} from '@sunfield/domain';
import type { AuthContext } from '../auth/context.ts';
import type { Db } from '../db/index.ts';
import { inverters, modules, weathers } from '../db/schema.ts';
import { badRequest, modelStateFromZod, type ModelState } from '../lib/errors.ts';
import { findEquipmentByIds, type EquipmentKind } from '../models/equipment.ts';
import { findPowerPlant, insertPrediction, listProjectPredictions } from '../models/prediction.ts';
import type { ProjectRow, ProjectWithOwner } from '../models/project.ts';
import type { createProjectSchema } from '../routes/project/schemas.ts';
import { actorOf } from '../policies/prediction.ts';
import { inverterBodySchema, moduleBodySchema } from '../routes/module/schemas.ts';
import { createEquipment, entityData } from './equipmentSave.ts';
import { plantMergeContext, storePlant } from './powerPlantSave.ts';
import { createProject } from './projectSave.ts';
import {
  checkWeatherRecords,
  exportWeathers,
  insertWeatherCopy,
  stageWeatherCopies,
  type WeatherCopy,
} from './projectWeatherTransfer.ts';

type Json = Record<string, unknown>;

export const EXPORT_KIND = 'project';
export const EXPORT_VERSION = 2;
/** The versions an import reads (1: weather by reference; 2: weather with its series). */
const IMPORT_VERSIONS = [1, 2] as const;

/** Spec 2 §8.4: the message of every refused import. */
export const IMPORT_FAILED = 'The project could not be imported. Please try again';

/** Project fields an export carries (ids, ownership and dates are the importer's). */
const PROJECT_FIELDS = [
  'name',
  'description',
  'latitude',
  'longitude',
  'country',
  'countryCode',
  'stateProvince',
  'stateProvinceCode',
  'locality',
  'region',
  'elevation',
  'timeZone',
  'standardOffsetFromUTC',
] as const;

function libraryRecord(row: {
  id: number;
  name: string;
  manufacturer: string | null;
  model: string | null;
  data: Json;
}): Json {
  // entityData: without the fields the library owns (the seed's CEC trace among them).
  return {
    ...entityData(row.data),
    id: row.id,
    name: row.name,
    manufacturer: row.manufacturer,
    model: row.model,
  };
}

/** The export document of a project (see the file comment). */
export async function exportProject(db: Db, auth: AuthContext, found: ProjectWithOwner): Promise<Json> {
  const actor = actorOf(auth);
  const rows = (await listProjectPredictions(db, auth.company.id, found.project.id)).filter((row) =>
    canReadPrediction(actor, row.prediction),
  );
  const predictions: Json[] = [];
  const moduleIds = new Set<number>();
  const inverterIds = new Set<number>();
  const weatherIds = new Set<number>();
  for (const { prediction } of rows) {
    const plant = await findPowerPlant(db, auth.company.id, prediction.id);
    if (plant) {
      const ids = plantEquipmentIds(plant.data);
      ids.modules.forEach((id) => moduleIds.add(id));
      ids.inverters.forEach((id) => inverterIds.add(id));
    }
    if (prediction.weatherId !== null) weatherIds.add(prediction.weatherId);
    predictions.push({
      prediction: {
        ...prediction.data,
        name: prediction.name,
        weatherId: prediction.weatherId,
        status: prediction.status,
      },
      powerPlant: plant?.data ?? null,
    });
  }
  const readable = async (kind: EquipmentKind, ids: Set<number>) =>
    (await findEquipmentByIds(db, kind, [...ids]))
      .filter((row) => canReadAsset(actor, row))
      .map(libraryRecord);
  const project: Json = {};
  for (const key of PROJECT_FIELDS) project[key] = found.project[key];
  return {
    sunfieldExport: EXPORT_KIND,
    version: EXPORT_VERSION,
    exportedDate: new Date().toISOString(),
    project,
    predictions,
    library: {
      modules: await readable('module', moduleIds),
      inverters: await readable('inverter', inverterIds),
      weathers: await exportWeathers(db, actor, [...weatherIds]),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Import

const record = z.record(z.string(), z.unknown());
const documentSchema = z.object({
  sunfieldExport: z.literal(EXPORT_KIND, { error: 'Not a Sunfield project export.' }),
  version: z.union(
    IMPORT_VERSIONS.map((v) => z.literal(v)),
    { error: `Only version ${IMPORT_VERSIONS.join(' and ')} exports can be imported.` },
  ),
  project: record.optional(),
  predictions: z
    .array(z.object({ prediction: record, powerPlant: record.nullish() }), {
      error: 'A list of predictions is required.',
    })
    .max(500, 'At most 500 predictions can be imported at once.'),
  library: z
    .object({
      modules: z.array(record).max(5000).default([]),
      inverters: z.array(record).max(5000).default([]),
      weathers: z.array(record).max(5000).default([]),
    })
    .default({ modules: [], inverters: [], weathers: [] }),
});

export interface ImportReport {
  valid: boolean;
  projectName: string | null;
  predictions: { name: string; weather: string | null; blocks: number; dcFields: number }[];
  modules: { name: string; resolution: 'same' | 'byName' | 'created' }[];
  inverters: { name: string; resolution: 'same' | 'byName' | 'created' }[];
  weathers: { name: string; resolution: 'same' | 'byName' | 'created' | 'missing' }[];
  messages: string[];
  modelState: ModelState;
}

interface Parsed {
  doc: z.output<typeof documentSchema>;
  /** the weathers a version 2 export carries whole, by exported id */
  weatherCopies: Map<number, WeatherCopy>;
  predictions: {
    prediction: z.output<typeof predictionSchema>;
    plant: z.output<typeof powerPlantSchema> | null;
  }[];
}

function parseDocument(body: unknown): { parsed?: Parsed; modelState: ModelState } {
  const doc = documentSchema.safeParse(body);
  if (!doc.success) return { modelState: modelStateFromZod(doc.error) };
  const modelState: ModelState = {};
  const predictions: Parsed['predictions'] = [];
  doc.data.predictions.forEach((item, i) => {
    const p = predictionSchema.safeParse(item.prediction);
    const plant = item.powerPlant ? powerPlantSchema.safeParse(item.powerPlant) : undefined;
    if (!p.success)
      for (const [k, v] of Object.entries(modelStateFromZod(p.error)))
        modelState[`predictions.${i}.prediction.${k}`] = v;
    if (plant && !plant.success)
      for (const [k, v] of Object.entries(modelStateFromZod(plant.error)))
        modelState[`predictions.${i}.powerPlant.${k}`] = v;
    if (p.success && !p.data.name) modelState[`predictions.${i}.prediction.name`] = ['Name is required.'];
    if (p.success && (!plant || plant.success))
      predictions.push({ prediction: p.data, plant: plant?.data ?? null });
  });
  const weatherCopies = checkWeatherRecords(doc.data.library.weathers, modelState);
  if (Object.keys(modelState).length) return { modelState };
  return { parsed: { doc: doc.data, predictions, weatherCopies }, modelState };
}

type Resolution = { id: number | null; resolution: 'same' | 'byName' | 'created' | 'missing' };

/** Matches the export's library records to the importing company's (see the file comment). */
async function resolveEquipment(
  db: Db,
  actor: LibraryActor,
  kind: EquipmentKind,
  records: Json[],
): Promise<Map<number, Resolution & { record: Json }>> {
  const out = new Map<number, Resolution & { record: Json }>();
  const table = kind === 'module' ? modules : inverters;
  const byId = new Map(
    (
      await findEquipmentByIds(
        db,
        kind,
        records.map((r) => r.id).filter((id): id is number => typeof id === 'number'),
      )
    )
      .filter((row) => canReadAsset(actor, row))
      .map((row) => [row.id, row]),
  );
  for (const rec of records) {
    if (typeof rec.id !== 'number') continue;
    const name = typeof rec.name === 'string' ? rec.name : '';
    const same = byId.get(rec.id);
    if (same && same.name === name) {
      out.set(rec.id, { id: same.id, resolution: 'same', record: rec });
      continue;
    }
    const named = await db
      .select({ id: table.id, companyId: table.companyId, ownerId: table.ownerId, status: table.status })
      .from(table)
      .where(and(eq(table.name, name), or(eq(table.companyId, actor.companyId), isNull(table.companyId))))
      .limit(20);
    const usable = named.find((row) => canReadAsset(actor, row));
    out.set(
      rec.id,
      usable
        ? { id: usable.id, resolution: 'byName', record: rec }
        : { id: null, resolution: 'created', record: rec },
    );
  }
  return out;
}

async function resolveWeathers(
  db: Db,
  actor: LibraryActor,
  records: Json[],
): Promise<Map<number, Resolution & { name: string }>> {
  const out = new Map<number, Resolution & { name: string }>();
  for (const rec of records) {
    if (typeof rec.id !== 'number') continue;
    const name = typeof rec.name === 'string' ? rec.name : '';
    const candidates = await db
      .select({
        id: weathers.id,
        name: weathers.name,
        companyId: weathers.companyId,
        ownerId: weathers.ownerId,
        status: weathers.status,
        latitude: weathers.latitude,
        longitude: weathers.longitude,
      })
      .from(weathers)
      .where(
        and(eq(weathers.name, name), or(eq(weathers.companyId, actor.companyId), isNull(weathers.companyId))),
      )
      .limit(50);
    const usable = candidates.filter((row) => canReadAsset(actor, row));
    const same = usable.find((row) => row.id === rec.id);
    const near = usable.find(
      (row) =>
        typeof rec.latitude === 'number' &&
        typeof rec.longitude === 'number' &&
        row.latitude !== null &&
        row.longitude !== null &&
        Math.abs(row.latitude - rec.latitude) < 1e-3 &&
        Math.abs(row.longitude - rec.longitude) < 1e-3,
    );
    const pick = same ?? near;
    out.set(rec.id, { id: pick?.id ?? null, resolution: same ? 'same' : pick ? 'byName' : 'missing', name });
  }
  return out;
}

interface Plan {
  parsed: Parsed;
  modules: Map<number, Resolution & { record: Json }>;
  inverters: Map<number, Resolution & { record: Json }>;
  weathers: Map<number, Resolution & { name: string }>;
  /** the module and inverter records to create, checked */
  newEquipment: Map<Resolution & { record: Json }, { kind: EquipmentKind; entity: Json }>;
  report: ImportReport;
}

/** The record of an export's library as a module or inverter body, or its first problem. */
function equipmentEntity(kind: EquipmentKind, record: Json): { entity?: Json; problem?: string } {
  const schema = kind === 'module' ? moduleBodySchema : inverterBodySchema;
  const { id: _id, ...fields } = record;
  const entity = schema.safeParse(Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null)));
  if (entity.success) return { entity: entity.data as Json };
  const issue = entity.error.issues[0];
  return { problem: `${issue?.path.join('.') || 'record'}: ${issue?.message ?? 'invalid'}` };
}

async function plan(db: Db, auth: AuthContext, body: unknown): Promise<Plan | ImportReport> {
  const { parsed, modelState } = parseDocument(body);
  const empty: ImportReport = {
    valid: false,
    projectName: null,
    predictions: [],
    modules: [],
    inverters: [],
    weathers: [],
    messages: [],
    modelState,
  };
  if (!parsed) return empty;
  const actor = actorOf(auth);
  const [m, i, w] = await Promise.all([
    resolveEquipment(db, actor, 'module', parsed.doc.library.modules),
    resolveEquipment(db, actor, 'inverter', parsed.doc.library.inverters),
    resolveWeathers(db, actor, parsed.doc.library.weathers),
  ]);
  // A weather the importer has no match for is copied when the export carries its series.
  for (const [from, entry] of w)
    if (entry.id === null && parsed.weatherCopies.has(from)) entry.resolution = 'created';
  const messages: string[] = [];
  const report: ImportReport = {
    valid: true,
    projectName: typeof parsed.doc.project?.name === 'string' ? parsed.doc.project.name : null,
    predictions: parsed.predictions.map(({ prediction, plant }) => {
      const totals = plant ? plantTotals(plant as Json) : undefined;
      const weather = typeof prediction.weatherId === 'number' ? w.get(prediction.weatherId) : undefined;
      if (
        typeof prediction.weatherId === 'number' &&
        (!weather || (weather.id === null && weather.resolution !== 'created'))
      )
        messages.push(
          `${prediction.name}: its weather file ${weather?.name ?? prediction.weatherId} is not in your library; the prediction is imported without weather.`,
        );
      return {
        name: prediction.name ?? '',
        weather: weather?.name ?? null,
        blocks: totals?.blocks ?? 0,
        dcFields: totals?.dcFields ?? 0,
      };
    }),
    modules: [...m.values()].map((r) => ({
      name: String(r.record.name ?? ''),
      resolution: r.resolution as 'same',
    })),
    inverters: [...i.values()].map((r) => ({
      name: String(r.record.name ?? ''),
      resolution: r.resolution as 'same',
    })),
    weathers: [...w.values()].map((r) => ({ name: r.name, resolution: r.resolution })),
    messages,
    modelState: {},
  };
  // Every module and inverter a plant names must be in the export's library.
  parsed.predictions.forEach(({ plant }, index) => {
    if (!plant) return;
    const ids = plantEquipmentIds(plant as Json);
    for (const id of ids.modules)
      if (!m.has(id))
        (report.modelState[`predictions.${index}.powerPlant`] ??= []).push(
          `Module ${id} is not in the export's library.`,
        );
    for (const id of ids.inverters)
      if (!i.has(id))
        (report.modelState[`predictions.${index}.powerPlant`] ??= []).push(
          `Inverter ${id} is not in the export's library.`,
        );
  });
  // The records to create are checked now, before anything is written.
  const newEquipment: Plan['newEquipment'] = new Map();
  for (const [kind, map, list] of [
    ['module', m, parsed.doc.library.modules],
    ['inverter', i, parsed.doc.library.inverters],
  ] as const)
    for (const entry of map.values()) {
      if (entry.id !== null) continue;
      const { entity, problem } = equipmentEntity(kind, entry.record);
      if (entity) newEquipment.set(entry, { kind, entity });
      else
        (report.modelState[`library.${kind}s.${list.indexOf(entry.record)}`] ??= []).push(
          `${String(entry.record.name)}: ${problem}`,
        );
    }
  report.valid = Object.keys(report.modelState).length === 0;
  return { parsed, modules: m, inverters: i, weathers: w, newEquipment, report };
}

export async function validateProjectImport(db: Db, auth: AuthContext, body: unknown): Promise<ImportReport> {
  const result = await plan(db, auth, body);
  return 'report' in result ? result.report : result;
}

/** Where an import goes: an existing project, or a new one made from these fields. */
export type ImportTarget = { project: ProjectRow } | { newProject: z.output<typeof createProjectSchema> };

/**
 * Checks the whole document (a 400 with spec 2 §8.4's message and the fields, nothing written), then
 * creates, in one transaction, the project when asked, the weathers, modules and inverters to copy,
 * and the predictions with their plants, references remapped to the new ids.
 */
export async function importProjectDocument(
  db: Db,
  auth: AuthContext,
  target: ImportTarget,
  body: unknown,
): Promise<ImportReport & { projectId: number; predictionIds: number[] }> {
  const result = await plan(db, auth, body);
  if (!('report' in result) || !result.report.valid) {
    const report = 'report' in result ? result.report : result;
    throw badRequest(
      IMPORT_FAILED,
      Object.keys(report.modelState).length ? report.modelState : { $: [IMPORT_FAILED] },
    );
  }
  const { parsed, report } = result;
  const copies = [...result.weathers]
    .filter(([, entry]) => entry.resolution === 'created')
    .map(([from]) => [from, parsed.weatherCopies.get(from)!] as const);
  const staged = await stageWeatherCopies(
    db,
    copies.map(([, copy]) => copy),
  );
  const predictionIds: number[] = [];
  let projectId = 0;
  try {
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const project =
        'project' in target ? target.project : (await createProject(t, auth, target.newProject)).project;
      projectId = project.id;
      for (const [from, copy] of copies)
        result.weathers.get(from)!.id = await insertWeatherCopy(t, auth, copy, staged.tokens.get(copy)!);
      for (const [entry, { kind, entity }] of result.newEquipment)
        entry.id = await createEquipment(t, auth, kind, entity, { source: 'Project import', status: 1 });
      const moduleIds = new Map([...result.modules].map(([from, r]) => [from, r.id!]));
      const inverterIds = new Map([...result.inverters].map(([from, r]) => [from, r.id!]));
      for (const { prediction, plant } of parsed.predictions) {
        const { id: _id, name, status: _status, weatherId, ...data } = prediction;
        const weather = typeof weatherId === 'number' ? (result.weathers.get(weatherId)?.id ?? null) : null;
        const row = await insertPrediction(t, {
          companyId: auth.company.id,
          projectId: project.id,
          ownerId: auth.user.id,
          lastModifiedById: auth.user.id,
          name: name ?? 'Imported prediction',
          status: 1,
          weatherId: weather,
          data: Object.fromEntries(Object.entries(data).filter(([, v]) => v !== null && v !== undefined)),
        });
        predictionIds.push(row.id);
        if (!plant) continue;
        const renamed = structuredClone(plant) as Json;
        walkPlant(renamed, ({ level, node }) => {
          delete node.id;
          if (level === 'dcField' && typeof node.moduleId === 'number')
            node.moduleId = moduleIds.get(node.moduleId) ?? null;
          if (level === 'inverter' && typeof node.inverterId === 'number')
            node.inverterId = inverterIds.get(node.inverterId) ?? null;
        });
        const ctx = await plantMergeContext(t, auth, project.latitude, renamed, undefined);
        const merged = mergePlant(undefined, renamed, ctx);
        if (Object.keys(merged.errors).length) throw badRequest(IMPORT_FAILED, merged.errors);
        await storePlant(t, auth.company.id, row.id, merged.plant);
      }
    });
  } finally {
    await staged.discard();
  }
  return { ...report, projectId, predictionIds };
}

/** The project fields of an export document, for POST /Project/Import. */
export function exportedProjectFields(body: unknown): Json {
  const project = (body as { project?: unknown } | null)?.project;
  if (project === null || typeof project !== 'object') return {};
  const out: Json = {};
  for (const key of PROJECT_FIELDS)
    if ((project as Json)[key] !== undefined) out[key] = (project as Json)[key];
  return out;
}
