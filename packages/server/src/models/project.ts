/**
 * Project rows and their queries. Every function takes the company id and filters by it, so a
 * query can never reach another company's project (policies/project.ts decides who may act).
 */
import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { projects, users } from '../db/schema.ts';
import { EARTH_RADIUS_KM, KM_PER_MILE } from '../lib/geo.ts';
import { listTotal } from './listTotal.ts';
import { preparedOnce } from './prepared.ts';
import { wordSearchConditions } from './textSearch.ts';

export type ProjectRow = typeof projects.$inferSelect;
export type ProjectInsert = typeof projects.$inferInsert;
export type ProjectChanges = Partial<Omit<ProjectInsert, 'id' | 'companyId' | 'createdDate'>>;

export interface OwnerSummary {
  id: string;
  firstName: string;
  lastName: string;
}

export interface ProjectWithOwner {
  project: ProjectRow;
  owner: OwnerSummary | null;
}

export const PROJECT_SORTS = ['name', 'lastModified', 'createdDate', 'country'] as const;
export type ProjectSort = (typeof PROJECT_SORTS)[number];

export interface ProjectListQuery {
  /** Only these statuses; all when absent. */
  statuses?: number[] | undefined;
  /** Contained, case-insensitively, in the name, locality or country. */
  search?: string | undefined;
  sort: ProjectSort;
  order: 'asc' | 'desc';
  skip: number;
  top: number;
}

const ownerColumns = { id: users.id, firstName: users.firstName, lastName: users.lastName };

/** Left-joined owner columns come back as an object of nulls when there is no owner. */
function withOwner(row: { project: ProjectRow; owner: { id: string | null } | null }): ProjectWithOwner {
  const owner = row.owner?.id ? (row.owner as OwnerSummary) : null;
  return { project: row.project, owner };
}

function listFilter(
  companyId: string,
  query: Pick<ProjectListQuery, 'statuses' | 'search'>,
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(projects.companyId, companyId)];
  if (query.statuses?.length) conditions.push(inArray(projects.status, query.statuses));
  conditions.push(
    ...wordSearchConditions([projects.name, projects.locality, projects.country], query.search),
  );
  return and(...conditions);
}

function listOrder(sort: ProjectSort, order: 'asc' | 'desc'): SQL[] {
  const direction = order === 'asc' ? asc : desc;
  const column = {
    name: sql`lower(${projects.name})`,
    lastModified: sql`${projects.lastModified}`,
    createdDate: sql`${projects.createdDate}`,
    country: sql`lower(${projects.country})`,
  }[sort];
  return [direction(column), direction(projects.id)];
}

/**
 * The page of the default shape (no status, no search: what the web app and the SDK ask first) with
 * its total, as one prepared statement per sort and order (one per database handle): one round trip
 * instead of two, planned once per connection, and no SQL built per request (issue 18: Drizzle's
 * building was a fifth of the list's CPU). The total is an uncorrelated subquery, so PostgreSQL counts
 * the company's rows once (by its index) and still reads only the page by the sort's index.
 */
const defaultPageQuery = (db: Db, sort: ProjectSort, order: 'asc' | 'desc') =>
  db
    .select({
      project: projects,
      owner: ownerColumns,
      total:
        sql<number>`(select count(*) from ${projects} as counted where counted.company_id = ${sql.placeholder('companyId')})`.mapWith(
          Number,
        ),
    })
    .from(projects)
    .leftJoin(users, eq(users.id, projects.ownerId))
    .where(eq(projects.companyId, sql.placeholder('companyId')))
    .orderBy(...listOrder(sort, order))
    .offset(sql.placeholder('skip'))
    .limit(sql.placeholder('top'))
    .prepare(`list_projects_${sort}_${order}`);

async function listDefaultPage(
  db: Db,
  companyId: string,
  query: ProjectListQuery,
): Promise<{ rows: ProjectWithOwner[]; total: number }> {
  const { sort, order } = query;
  const prepared = preparedOnce(db, `list_projects_${sort}_${order}`, () =>
    defaultPageQuery(db, sort, order),
  );
  const rows = await prepared.execute({ companyId, skip: query.skip, top: query.top });
  // An empty page carries no total: counted apart, unless it is the first (then there are none).
  const total =
    rows[0]?.total ??
    (query.skip === 0
      ? 0
      : Number(
          (await db.select({ n: count() }).from(projects).where(eq(projects.companyId, companyId)))[0]?.n ??
            0,
        ));
  return { rows: rows.map(withOwner), total };
}

export async function listProjects(
  db: Db,
  companyId: string,
  query: ProjectListQuery,
): Promise<{ rows: ProjectWithOwner[]; total: number }> {
  if (!query.statuses?.length && !query.search?.trim()) return listDefaultPage(db, companyId, query);
  const where = listFilter(companyId, query);
  const rows = await db
    .select({ project: projects, owner: ownerColumns })
    .from(projects)
    .leftJoin(users, eq(users.id, projects.ownerId))
    .where(where)
    .orderBy(...listOrder(query.sort, query.order))
    .offset(query.skip)
    .limit(query.top);
  return {
    rows: rows.map(withOwner),
    total: await listTotal(rows.length, query.skip, query.top, () =>
      db.select({ n: count() }).from(projects).where(where),
    ),
  };
}

/** Every project of the company, most recently modified first. */
export async function listAllProjects(db: Db, companyId: string): Promise<ProjectWithOwner[]> {
  const rows = await db
    .select({ project: projects, owner: ownerColumns })
    .from(projects)
    .leftJoin(users, eq(users.id, projects.ownerId))
    .where(eq(projects.companyId, companyId))
    .orderBy(desc(projects.lastModified), desc(projects.id));
  return rows.map(withOwner);
}

/**
 * A project by id, as a prepared statement (one per database handle): every project and prediction
 * route reads its project first, and PostgreSQL then parses and plans it once per connection, and
 * Drizzle builds its SQL once.
 */
const findProjectQuery = (db: Db) =>
  db
    .select({ project: projects, owner: ownerColumns })
    .from(projects)
    .leftJoin(users, eq(users.id, projects.ownerId))
    .where(and(eq(projects.companyId, sql.placeholder('companyId')), eq(projects.id, sql.placeholder('id'))))
    .limit(1)
    .prepare('find_project');

export async function findProject(
  db: Db,
  companyId: string,
  id: number,
): Promise<ProjectWithOwner | undefined> {
  const rows = await preparedOnce(db, 'find_project', () => findProjectQuery(db)).execute({ companyId, id });
  return rows[0] ? withOwner(rows[0]) : undefined;
}

export async function findProjectsByIds(db: Db, companyId: string, ids: number[]): Promise<ProjectRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(projects)
    .where(and(eq(projects.companyId, companyId), inArray(projects.id, ids)));
}

/** Whether another project of the company already has this name (case-insensitive). */
export async function projectNameExists(
  db: Db,
  companyId: string,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: projects.id })
    .from(projects)
    .where(
      and(
        eq(projects.companyId, companyId),
        sql`lower(${projects.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(projects.id, exceptId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertProject(db: Db, values: ProjectInsert): Promise<ProjectRow> {
  const [row] = await db.insert(projects).values(values).returning();
  if (!row) throw new Error('project insert returned no row');
  return row;
}

export async function updateProject(
  db: Db,
  companyId: string,
  id: number,
  changes: ProjectChanges,
): Promise<ProjectRow | undefined> {
  const [row] = await db
    .update(projects)
    .set(changes)
    .where(and(eq(projects.companyId, companyId), eq(projects.id, id)))
    .returning();
  return row;
}

export async function deleteProject(db: Db, companyId: string, id: number): Promise<boolean> {
  const rows = await db
    .delete(projects)
    .where(and(eq(projects.companyId, companyId), eq(projects.id, id)))
    .returning({ id: projects.id });
  return rows.length > 0;
}

/**
 * The company's projects within `radiusMiles` of a point, nearest first, with their great-circle
 * distance [mi] by the haversine formula on a sphere of radius 6371 km (spec 2 §9.2).
 */
export async function projectsWithinRadius(
  db: Db,
  companyId: string,
  center: { latitude: number; longitude: number },
  radiusMiles: number,
): Promise<{ project: ProjectRow; distance: number }[]> {
  const lat = sql`${center.latitude}::double precision`;
  const lon = sql`${center.longitude}::double precision`;
  const distanceMiles = sql<number>`(2 * ${EARTH_RADIUS_KM / KM_PER_MILE}::double precision * asin(least(1, sqrt(
    power(sin(radians(${projects.latitude} - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(${projects.latitude}))
    * power(sin(radians(${projects.longitude} - ${lon}) / 2), 2)))))`;
  const rows = await db
    .select({ project: projects, distance: distanceMiles })
    .from(projects)
    .where(and(eq(projects.companyId, companyId), sql`${distanceMiles} <= ${radiusMiles}::double precision`))
    .orderBy(asc(distanceMiles), asc(projects.id));
  return rows.map((row) => ({ project: row.project, distance: Number(row.distance) }));
}

/** Sets the status of the given projects of the company; answers how many changed. */
export async function setProjectStatuses(
  db: Db,
  companyId: string,
  changes: { id: number; status: number }[],
  userId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const now = new Date();
    for (const change of changes) {
      await tx
        .update(projects)
        .set({ status: change.status, lastModified: now, lastModifiedById: userId })
        .where(and(eq(projects.companyId, companyId), eq(projects.id, change.id)));
    }
  });
}
