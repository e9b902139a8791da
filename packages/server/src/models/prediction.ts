/**
 * Prediction and power-plant rows and their queries. Every function takes the company id and filters
 * by it, so a query can never reach another company's prediction (policies/prediction.ts decides
 * who may act within the company).
 */
import { and, asc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/index.ts';
import {
  inverters,
  modules,
  plantEquipment,
  plantNodeIds,
  powerPlants,
  predictions,
  projects,
  users,
} from '../db/schema.ts';
import type { OwnerSummary, ProjectWithOwner } from './project.ts';
import { preparedOnce } from './prepared.ts';

export type PredictionRow = typeof predictions.$inferSelect;
export type PredictionInsert = typeof predictions.$inferInsert;
export type PredictionChanges = Partial<
  Omit<PredictionInsert, 'id' | 'companyId' | 'projectId' | 'createdDate'>
>;
export type PowerPlantRow = typeof powerPlants.$inferSelect;

export interface PredictionWithOwner {
  prediction: PredictionRow;
  owner: OwnerSummary | null;
}

/** A prediction of a project list, with its plant's totals and its last result's P50 energy. */
export interface PredictionListRow extends PredictionWithOwner {
  dcCapacityKw: number | null;
  acCapacityKw: number | null;
  /** first-year P50 net energy [MWh] of the newest successful run; null before one */
  p50EnergyMwh: number | null;
}

const ownerColumns = { id: users.id, firstName: users.firstName, lastName: users.lastName };

function withOwner<T extends { owner: { id: string | null } | null }>(
  row: T,
): T & { owner: OwnerSummary | null } {
  return { ...row, owner: row.owner?.id ? (row.owner as OwnerSummary) : null };
}

/**
 * The first-year P50 net energy [MWh] of the prediction's newest successful run, read from its stored
 * summary (`years[0].summaryFactors[pValue = 50].plantNetEnergy`, GWh), as a correlated subquery:
 * the list stays one query. Null before a successful run or when the run reports no P50.
 */
const p50EnergyMwh = sql<number | null>`(
  select case when json_typeof(f -> 'plantNetEnergy') = 'number'
    then (f ->> 'plantNetEnergy')::double precision * 1000 end
  from (
    select r.summary -> 'years' -> 0 -> 'summaryFactors' as factors
    from prediction_runs r
    where r.prediction_id = ${predictions.id} and r.company_id = ${predictions.companyId} and r.status = 3
    order by r.id desc
    limit 1
  ) last
  cross join lateral json_array_elements(
    case when json_typeof(last.factors) = 'array' then last.factors else '[]'::json end
  ) f
  where case when json_typeof(f -> 'pValue') = 'number' then (f ->> 'pValue')::double precision end = 50
  limit 1
)`.mapWith((value: unknown) => (value === null || value === undefined ? null : Number(value)));

/** Predictions with their owner, plant totals and P50 energy, in project then id order. */
async function listWhere(db: Db, where: SQL | undefined): Promise<PredictionListRow[]> {
  const rows = await db
    .select({
      prediction: predictions,
      owner: ownerColumns,
      dcCapacityKw: powerPlants.dcCapacityKw,
      acCapacityKw: powerPlants.acCapacityKw,
      p50EnergyMwh,
    })
    .from(predictions)
    .leftJoin(users, eq(users.id, predictions.ownerId))
    .leftJoin(powerPlants, eq(powerPlants.predictionId, predictions.id))
    .where(where)
    .orderBy(asc(predictions.projectId), asc(predictions.id));
  return rows.map(withOwner);
}

/** The predictions of a project (every one the company has; the policy filters what a user sees). */
export const listProjectPredictions = (
  db: Db,
  companyId: string,
  projectId: number,
): Promise<PredictionListRow[]> =>
  listWhere(db, and(eq(predictions.companyId, companyId), eq(predictions.projectId, projectId)));

/** The predictions of several projects of the company, for the projects-and-predictions list. */
export async function listPredictionsOfProjects(
  db: Db,
  companyId: string,
  projectIds: number[],
): Promise<PredictionListRow[]> {
  if (projectIds.length === 0) return [];
  return listWhere(db, and(eq(predictions.companyId, companyId), inArray(predictions.projectId, projectIds)));
}

/** A row version: PostgreSQL's `xmin`, the transaction that wrote the row version a query sees. */
const rowVersion = (table: typeof powerPlants | typeof modules | typeof inverters): SQL<string> =>
  sql<string>`${table}.xmin::text`;

/** `id:xmin` of each listed row of a library table, in id order, comma-separated ('' for none). */
const equipmentVersions = (table: typeof modules | typeof inverters, ids: string): SQL<string> =>
  sql<string>`(select coalesce(string_agg(${table.id} || ':' || ${rowVersion(table)}, ',' order by ${table.id}), '')
    from ${table} where ${table.id} = any(${sql.placeholder(ids)}::int[]))`;

/** The ids of equipment rows, as an int[] parameter: only ids a row can have (int4, positive). */
const intArray = (ids: readonly number[] = []): string =>
  `{${ids.filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2 ** 31 - 1).join(',')}}`;

/** The module and inverter ids whose versions a plant answer depends on. */
export interface PlantEquipmentIds {
  modules: readonly number[];
  inverters: readonly number[];
}

/** A prediction with its owner and whether it has a plant (and how many blocks it lists). */
export interface PredictionWithPlantSummary extends PredictionWithOwner {
  /** the plant's `numOfBlocks`; null when the prediction has no plant */
  plantBlocks: number | null;
  /**
   * plantVersions() of the plant and of the equipment ids the caller named, read by the same
   * statement; null when the prediction has no plant
   */
  plantVersion: string | null;
}

/** The project of a prediction route and the prediction asked for, if the project has it. */
export interface ProjectPrediction {
  project: ProjectWithOwner;
  prediction: PredictionWithPlantSummary | undefined;
}

const projectOwner = alias(users, 'project_owner');
const predictionOwner = alias(users, 'prediction_owner');
const ownerOf = (table: typeof projectOwner | typeof predictionOwner) => ({
  id: table.id,
  firstName: table.firstName,
  lastName: table.lastName,
});

/**
 * The project (as models/project.ts findProject reads it) and the prediction of a prediction route
 * in one prepared statement (one per database handle): every prediction, plant, run and result
 * route reads both, and this is one round trip, planned once per connection, with no SQL built per
 * request (issue 18). It also answers whether the prediction has a plant and its block count (a
 * column written with each save), so GET Prediction/{id} never reads the plant document, and the
 * versions of the plant and of the equipment rows the caller names (see {@link plantVersions}), so
 * that a kept plant answer is checked in the same round trip (none named: the lists are empty).
 */
const findProjectPredictionQuery = (db: Db) =>
  db
    .select({
      project: projects,
      projectOwner: ownerOf(projectOwner),
      prediction: predictions,
      owner: ownerOf(predictionOwner),
      plantBlocks: powerPlants.blockCount,
      plantVersion: rowVersion(powerPlants),
      moduleVersions: equipmentVersions(modules, 'moduleIds'),
      inverterVersions: equipmentVersions(inverters, 'inverterIds'),
    })
    .from(projects)
    .leftJoin(projectOwner, eq(projectOwner.id, projects.ownerId))
    .leftJoin(
      predictions,
      and(
        eq(predictions.id, sql.placeholder('id')),
        eq(predictions.projectId, projects.id),
        eq(predictions.companyId, projects.companyId),
      ),
    )
    .leftJoin(predictionOwner, eq(predictionOwner.id, predictions.ownerId))
    .leftJoin(
      powerPlants,
      and(eq(powerPlants.predictionId, predictions.id), eq(powerPlants.companyId, predictions.companyId)),
    )
    .where(
      and(
        eq(projects.companyId, sql.placeholder('companyId')),
        eq(projects.id, sql.placeholder('projectId')),
      ),
    )
    .limit(1)
    .prepare('find_project_prediction');

/** The company's project, and its prediction `id` if it has it; undefined when there is no project. */
export async function findProjectPrediction(
  db: Db,
  companyId: string,
  projectId: number,
  id: number,
  equipment?: PlantEquipmentIds,
): Promise<ProjectPrediction | undefined> {
  const query = preparedOnce(db, 'find_project_prediction', () => findProjectPredictionQuery(db));
  const [row] = await query.execute({
    companyId,
    projectId,
    id,
    moduleIds: intArray(equipment?.modules),
    inverterIds: intArray(equipment?.inverters),
  });
  if (!row) return undefined;
  return {
    project: withOwner({ project: row.project, owner: row.projectOwner }),
    prediction: row.prediction
      ? withOwner({
          prediction: row.prediction,
          owner: row.owner,
          plantBlocks: row.plantBlocks,
          plantVersion:
            row.plantVersion === null
              ? null
              : `${row.plantVersion}|${row.moduleVersions}|${row.inverterVersions}`,
        })
      : undefined,
  };
}

export async function findPredictionsByIds(
  db: Db,
  companyId: string,
  ids: number[],
): Promise<PredictionRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(predictions)
    .where(and(eq(predictions.companyId, companyId), inArray(predictions.id, ids)));
}

export async function insertPrediction(db: Db, values: PredictionInsert): Promise<PredictionRow> {
  const [row] = await db.insert(predictions).values(values).returning();
  if (!row) throw new Error('prediction insert returned no row');
  return row;
}

export async function updatePredictionRow(
  db: Db,
  companyId: string,
  id: number,
  changes: PredictionChanges,
): Promise<PredictionRow | undefined> {
  const [row] = await db
    .update(predictions)
    .set(changes)
    .where(and(eq(predictions.companyId, companyId), eq(predictions.id, id)))
    .returning();
  return row;
}

export async function deletePredictionRow(db: Db, companyId: string, id: number): Promise<boolean> {
  const rows = await db
    .delete(predictions)
    .where(and(eq(predictions.companyId, companyId), eq(predictions.id, id)))
    .returning({ id: predictions.id });
  return rows.length > 0;
}

/** Sets the status of the given predictions of the company in one transaction. */
export async function setPredictionStatuses(
  db: Db,
  companyId: string,
  changes: { id: number; status: number }[],
  userId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const now = new Date();
    for (const change of changes) {
      await tx
        .update(predictions)
        .set({ status: change.status, lastModified: now, lastModifiedById: userId })
        .where(and(eq(predictions.companyId, companyId), eq(predictions.id, change.id)));
    }
  });
}

/** The refusal of deleting a library asset that predictions use (409). */
export const inUseMessage = (name: string, predictions: number): string =>
  `${name} is used by ${predictions} prediction${predictions === 1 ? '' : 's'} and cannot be deleted.`;

/** How many predictions (of any company) use a weather file. */
export async function predictionsUsingWeather(db: Db, weatherId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(predictions)
    .where(eq(predictions.weatherId, weatherId));
  return Number(row?.n ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Power plants

export async function findPowerPlant(
  db: Db,
  companyId: string,
  predictionId: number,
): Promise<PowerPlantRow | undefined> {
  const rows = await db
    .select()
    .from(powerPlants)
    .where(and(eq(powerPlants.companyId, companyId), eq(powerPlants.predictionId, predictionId)))
    .limit(1);
  return rows[0];
}

/** The plant document with the version of its row (see {@link plantVersions}). */
const findVersionedPlantQuery = (db: Db) =>
  db
    .select({ data: powerPlants.data, version: rowVersion(powerPlants) })
    .from(powerPlants)
    .where(
      and(
        eq(powerPlants.companyId, sql.placeholder('companyId')),
        eq(powerPlants.predictionId, sql.placeholder('predictionId')),
      ),
    )
    .limit(1)
    .prepare('find_versioned_plant');

export async function findVersionedPlant(
  db: Db,
  companyId: string,
  predictionId: number,
): Promise<{ data: Record<string, unknown>; version: string } | undefined> {
  const query = preparedOnce(db, 'find_versioned_plant', () => findVersionedPlantQuery(db));
  return (await query.execute({ companyId, predictionId }))[0];
}

const plantVersionsQuery = (db: Db) =>
  db
    .select({
      plant: rowVersion(powerPlants),
      modules: equipmentVersions(modules, 'moduleIds'),
      inverters: equipmentVersions(inverters, 'inverterIds'),
    })
    .from(powerPlants)
    .where(
      and(
        eq(powerPlants.companyId, sql.placeholder('companyId')),
        eq(powerPlants.predictionId, sql.placeholder('predictionId')),
      ),
    )
    .limit(1)
    .prepare('plant_versions');

/**
 * The versions of what a presented plant is made of, in one prepared statement: the plant's row and
 * each listed module and inverter row (`id:xmin`), or undefined when the company's prediction has no
 * plant. A row's `xmin` changes with every update of it (each update writes a new row version), and
 * a deleted row drops out of the list, so equal versions mean the same rows, whichever process
 * wrote them (issue 18: the plant answer cache, presenters/powerPlantCache.ts).
 */
export async function plantVersions(
  db: Db,
  companyId: string,
  predictionId: number,
  equipment: PlantEquipmentIds,
): Promise<string | undefined> {
  const query = preparedOnce(db, 'plant_versions', () => plantVersionsQuery(db));
  const [row] = await query.execute({
    companyId,
    predictionId,
    moduleIds: intArray(equipment.modules),
    inverterIds: intArray(equipment.inverters),
  });
  return row ? `${row.plant}|${row.modules}|${row.inverters}` : undefined;
}

/** `n` fresh plant node ids, unique across plants. */
export async function nextPlantNodeIds(db: Db, n: number): Promise<number[]> {
  if (n <= 0) return [];
  const result = (await db.execute(
    sql`select nextval(${sql.raw(`'${plantNodeIds.seqName}'`)}) as id from generate_series(1, ${n}::int)`,
  )) as unknown as { rows: { id: number | string }[] };
  return result.rows.map((row) => Number(row.id));
}

export interface PowerPlantWrite {
  predictionId: number;
  companyId: string;
  data: Record<string, unknown>;
  dcCapacityKw: number;
  acCapacityKw: number;
  /** the blocks as listed (`numOfBlocks`) */
  blockCount: number;
  modules: number[];
  inverters: number[];
}

/**
 * Writes the plant (insert or replace) and the list of equipment it uses, in one transaction that
 * first locks the prediction's row: a prediction deleted meanwhile answers undefined (nothing is
 * written), and a delete that comes during the write waits for it and then removes the plant too.
 * The row comes back as written, with its version (`xmin`, see {@link plantVersions}).
 */
export async function writePowerPlant(
  db: Db,
  plant: PowerPlantWrite,
): Promise<(PowerPlantRow & { version: string }) | undefined> {
  return db.transaction(async (tx) => {
    const locked = await tx
      .select({ id: predictions.id })
      .from(predictions)
      .where(and(eq(predictions.id, plant.predictionId), eq(predictions.companyId, plant.companyId)))
      .for('update');
    if (locked.length === 0) return undefined;
    const now = new Date();
    const values = {
      predictionId: plant.predictionId,
      companyId: plant.companyId,
      data: plant.data,
      dcCapacityKw: plant.dcCapacityKw,
      acCapacityKw: plant.acCapacityKw,
      blockCount: plant.blockCount,
      lastModified: now,
    };
    const [row] = await tx
      .insert(powerPlants)
      .values(values)
      .onConflictDoUpdate({
        target: powerPlants.predictionId,
        set: {
          data: values.data,
          dcCapacityKw: values.dcCapacityKw,
          acCapacityKw: values.acCapacityKw,
          blockCount: values.blockCount,
          lastModified: now,
        },
      })
      .returning({ ...getTableColumns(powerPlants), version: rowVersion(powerPlants) });
    await tx.delete(plantEquipment).where(eq(plantEquipment.predictionId, plant.predictionId));
    const equipment = [
      ...plant.modules.map((equipmentId) => ({
        predictionId: plant.predictionId,
        kind: 'module',
        equipmentId,
      })),
      ...plant.inverters.map((equipmentId) => ({
        predictionId: plant.predictionId,
        kind: 'inverter',
        equipmentId,
      })),
    ];
    if (equipment.length) await tx.insert(plantEquipment).values(equipment);
    await tx.update(predictions).set({ lastModified: now }).where(eq(predictions.id, plant.predictionId));
    if (!row) throw new Error('power plant write returned no row');
    return row;
  });
}

/** How many plants (of any company) use a library module or inverter. */
export async function plantsUsingEquipment(db: Db, kind: 'module' | 'inverter', id: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(plantEquipment)
    .where(and(eq(plantEquipment.kind, kind), eq(plantEquipment.equipmentId, id)));
  return Number(row?.n ?? 0);
}
