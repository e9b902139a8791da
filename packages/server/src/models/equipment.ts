/**
 * Rows of the module and inverter libraries (tables `modules` and `inverters`) and their queries.
 * Both tables share the library columns, so one set of functions serves both, given the kind.
 *
 * Visibility (the SQL form of `canReadAsset` in @sunfield/domain library.ts): Global assets
 * (no company, or status Global / Global-Retired) are visible to everyone; a company's assets to
 * that company only, and Draft-Private ones to their owner and the company's admins only. Lists are
 * scoped to Global + the caller's company, even for super admins (who may still open another
 * company's asset by id: policies/equipment.ts).
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNull,
  ne,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { ASSET_STATUS, GLOBAL_STATUSES, isAnyAdmin, type LibraryActor } from '@sunfield/domain';
import type { Db } from '../db/index.ts';
import { cachedListTotal } from './listTotal.ts';
import { preparedOnce } from './prepared.ts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { inverters, modules, users } from '../db/schema.ts';
import { searchKeys } from '../lib/searchKey.ts';

export type EquipmentKind = 'module' | 'inverter';

type EquipmentTable = typeof modules | typeof inverters;

const tableOf = (kind: EquipmentKind): EquipmentTable => (kind === 'module' ? modules : inverters);

/** The library columns common to both tables, with the full entity in `data`. */
export interface EquipmentRow {
  id: number;
  companyId: string | null;
  ownerId: string | null;
  lastModifiedById: string | null;
  status: number;
  name: string;
  manufacturer: string | null;
  model: string | null;
  source: string | null;
  note: string | null;
  data: Record<string, unknown>;
  createdDate: Date;
  lastModified: Date;
}

export interface EquipmentWithOwner {
  row: EquipmentRow;
  ownerName: string | null;
}

/** One line of an overview list: the common columns (no `data`) and the kind's list columns. */
export interface EquipmentListRow {
  id: number;
  companyId: string | null;
  ownerId: string | null;
  status: number;
  name: string;
  manufacturer: string | null;
  model: string | null;
  source: string | null;
  lastModified: Date;
  ownerName: string | null;
  /** modules: stcMaxPower, cellTechnologyType, faciality; inverters: powerRating, maxAbsoluteVoltage */
  extra: Record<string, number | null>;
}

function commonColumns(t: EquipmentTable) {
  return {
    id: t.id,
    companyId: t.companyId,
    ownerId: t.ownerId,
    lastModifiedById: t.lastModifiedById,
    status: t.status,
    name: t.name,
    manufacturer: t.manufacturer,
    model: t.model,
    source: t.source,
    note: t.note,
    data: t.data,
    createdDate: t.createdDate,
    lastModified: t.lastModified,
  };
}

const ownerName = sql<
  string | null
>`case when ${users.id} is null then null else trim(${users.firstName} || ' ' || ${users.lastName}) end`;

/** The searchable, sortable columns kept beside `data`, derived from the entity on every write. */
export function listColumns(kind: EquipmentKind, data: Record<string, unknown>): Record<string, unknown> {
  const n = (key: string): number | null => {
    const v = data[key];
    return typeof v === 'number' && Number.isFinite(v) ? v : null;
  };
  if (kind === 'module') {
    return {
      stcMaxPower: n('stcMaxPower'),
      cellTechnologyType: n('cellTechnologyType'),
      faciality: n('faciality') ?? 0,
    };
  }
  return { powerRating: n('powerRated'), maxAbsoluteVoltage: n('maxAbsoluteVoltage') };
}

// ---------------------------------------------------------------------------------------------
// Lists

export const MODULE_SORTS = [
  'name',
  'manufacturer',
  'model',
  'stcMaxPower',
  'cellTechnologyType',
  'status',
  'lastModified',
] as const;
export const INVERTER_SORTS = [
  'name',
  'manufacturer',
  'model',
  'powerRating',
  'maxAbsoluteVoltage',
  'status',
  'lastModified',
] as const;
export type EquipmentSort = (typeof MODULE_SORTS)[number] | (typeof INVERTER_SORTS)[number];

export interface EquipmentListQuery {
  /** Words that must all occur in the manufacturer, model or name, ignoring case, spaces and punctuation. */
  search?: string | undefined;
  /** Only these statuses; all when absent. */
  statuses?: number[] | undefined;
  /** Only the caller's own assets, plus the Global ones (which belong to no one). */
  ownerOnly?: boolean | undefined;
  /** Modules only. */
  cellTechnologyTypes?: number[] | undefined;
  /** Module STC power [W] or inverter rated power [kW]. */
  minPower?: number | undefined;
  maxPower?: number | undefined;
  sort: EquipmentSort;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

/** Global: no company, or a Global status. */
const globalCondition = (t: EquipmentTable): SQL =>
  or(isNull(t.companyId), inArray(t.status, [...GLOBAL_STATUSES])) as SQL;

/** Who looks, as {@link visibleTo} needs it: values, or placeholders of a prepared statement. */
interface Viewer {
  companyId: string | Placeholder;
  userId: string | Placeholder;
  admin: boolean;
}

function visibleToViewer(t: EquipmentTable, viewer: Viewer): SQL {
  const ownCompany = viewer.admin
    ? eq(t.companyId, viewer.companyId)
    : and(
        eq(t.companyId, viewer.companyId),
        or(ne(t.status, ASSET_STATUS.DraftPrivate), eq(t.ownerId, viewer.userId), isNull(t.ownerId)),
      );
  return or(globalCondition(t), ownCompany) as SQL;
}

/** Global assets and the actor's company's assets that the actor may read. */
export function visibleTo(t: EquipmentTable, actor: LibraryActor): SQL {
  return visibleToViewer(t, {
    companyId: actor.companyId,
    userId: actor.userId,
    admin: isAnyAdmin(actor.roles),
  });
}

/**
 * The text searched: manufacturer, model and name, lower-cased and without spaces and punctuation (a
 * generated, trigram-indexed column; lib/searchKey.ts says why).
 */
const searchText = (t: EquipmentTable): SQL => sql`${t.searchText}`;

/**
 * One condition per searched word: its compacted form occurs in the search text. The pattern goes
 * through the database's lower() as the column did, so both sides fold case alike; the words hold no
 * LIKE wildcards (%, _ and \ are among the characters searchKeys drops). A constant pattern of three
 * or more characters is answered by the trigram index.
 */
function searchConditions(t: EquipmentTable, search: string | undefined): SQL[] {
  return searchKeys(search).map((key) => sql`${searchText(t)} like lower(${`%${key}%`})`);
}

function listFilter(kind: EquipmentKind, actor: LibraryActor, query: EquipmentListQuery): SQL | undefined {
  const t = tableOf(kind);
  const conditions: (SQL | undefined)[] = [visibleTo(t, actor)];
  if (query.ownerOnly) conditions.push(or(eq(t.ownerId, actor.userId), globalCondition(t)));
  if (query.statuses?.length) conditions.push(inArray(t.status, query.statuses));
  conditions.push(...searchConditions(t, query.search));
  const power = kind === 'module' ? modules.stcMaxPower : inverters.powerRating;
  if (query.minPower !== undefined) conditions.push(sql`${power} >= ${query.minPower}`);
  if (query.maxPower !== undefined) conditions.push(sql`${power} <= ${query.maxPower}`);
  if (kind === 'module' && query.cellTechnologyTypes?.length) {
    conditions.push(inArray(modules.cellTechnologyType, query.cellTechnologyTypes));
  }
  return and(...conditions);
}

function listOrder(kind: EquipmentKind, sort: EquipmentSort, order: 'asc' | 'desc'): SQL[] {
  const t = tableOf(kind);
  const direction = order === 'asc' ? asc : desc;
  const nulls = order === 'asc' ? sql`nulls last` : sql`nulls first`;
  let column: SQL;
  switch (sort) {
    case 'name':
      column = sql`lower(${t.name})`;
      break;
    case 'manufacturer':
      column = sql`lower(${t.manufacturer})`;
      break;
    case 'model':
      column = sql`lower(${t.model})`;
      break;
    case 'status':
      column = sql`${t.status}`;
      break;
    case 'lastModified':
      column = sql`${t.lastModified}`;
      break;
    case 'stcMaxPower':
      column = kind === 'module' ? sql`${modules.stcMaxPower}` : sql`${inverters.powerRating}`;
      break;
    case 'powerRating':
      column = kind === 'inverter' ? sql`${inverters.powerRating}` : sql`${modules.stcMaxPower}`;
      break;
    case 'cellTechnologyType':
      column = kind === 'module' ? sql`${modules.cellTechnologyType}` : sql`${t.name}`;
      break;
    case 'maxAbsoluteVoltage':
      column = kind === 'inverter' ? sql`${inverters.maxAbsoluteVoltage}` : sql`${t.name}`;
      break;
  }
  return [sql`${direction(column)} ${nulls}`, direction(t.id)];
}

function extraColumns(kind: EquipmentKind): Record<string, AnyPgColumn> {
  return kind === 'module'
    ? {
        stcMaxPower: modules.stcMaxPower,
        cellTechnologyType: modules.cellTechnologyType,
        faciality: modules.faciality,
      }
    : { powerRating: inverters.powerRating, maxAbsoluteVoltage: inverters.maxAbsoluteVoltage };
}

function overviewColumns(kind: EquipmentKind) {
  const t = tableOf(kind);
  return {
    id: t.id,
    companyId: t.companyId,
    ownerId: t.ownerId,
    status: t.status,
    name: t.name,
    manufacturer: t.manufacturer,
    model: t.model,
    source: t.source,
    lastModified: t.lastModified,
    ownerName,
    extra: extraColumns(kind),
  };
}

/** Whether the query filters nothing: the library as the page first opens, by any sort. */
const filtersNothing = (query: EquipmentListQuery): boolean =>
  !query.search?.trim() &&
  !query.statuses?.length &&
  !query.ownerOnly &&
  !query.cellTechnologyTypes?.length &&
  query.minPower === undefined &&
  query.maxPower === undefined;

/**
 * The unfiltered page as a prepared statement per kind, viewer shape (admin or not), sort and order,
 * one set per database handle: planned once per connection on PostgreSQL and never built again by
 * Drizzle (issue 18).
 */
const defaultOverviewQuery = (
  db: Db,
  name: string,
  kind: EquipmentKind,
  admin: boolean,
  sort: EquipmentSort,
  order: 'asc' | 'desc',
) => {
  const t = tableOf(kind);
  const viewer = { companyId: sql.placeholder('companyId'), userId: sql.placeholder('userId'), admin };
  return db
    .select(overviewColumns(kind))
    .from(t)
    .leftJoin(users, eq(users.id, t.ownerId))
    .where(visibleToViewer(t, viewer))
    .orderBy(...listOrder(kind, sort, order))
    .offset(sql.placeholder('skip'))
    .limit(sql.placeholder('top'))
    .prepare(name);
};

function preparedOverview(db: Db, kind: EquipmentKind, admin: boolean, query: EquipmentListQuery) {
  const { sort, order } = query;
  const name = `overview_${kind}_${admin ? 'admin' : 'user'}_${sort}_${order}`;
  return preparedOnce(db, name, () => defaultOverviewQuery(db, name, kind, admin, sort, order));
}

export async function listEquipment(
  db: Db,
  kind: EquipmentKind,
  actor: LibraryActor,
  query: EquipmentListQuery,
): Promise<{ rows: EquipmentListRow[]; total: number }> {
  const t = tableOf(kind);
  const skip = (query.page - 1) * query.pageSize;
  const rows = filtersNothing(query)
    ? await preparedOverview(db, kind, isAnyAdmin(actor.roles), query).execute({
        companyId: actor.companyId,
        userId: actor.userId,
        skip,
        top: query.pageSize,
      })
    : await db
        .select(overviewColumns(kind))
        .from(t)
        .leftJoin(users, eq(users.id, t.ownerId))
        .where(listFilter(kind, actor, query))
        .orderBy(...listOrder(kind, query.sort, query.order))
        .offset(skip)
        .limit(query.pageSize);
  const total = await cachedListTotal(
    db,
    countKey(kind, actor, query),
    rows.length,
    skip,
    query.pageSize,
    () =>
      db
        .select({ n: count() })
        .from(t)
        .where(listFilter(kind, actor, query)),
  );
  return { rows: rows.map((r) => ({ ...r, extra: r.extra as Record<string, number | null> })), total };
}

/** What a library count depends on: who looks (visibleTo) and every filter; not the sort or the page. */
function countKey(
  kind: EquipmentKind,
  actor: LibraryActor,
  query: Pick<
    EquipmentListQuery,
    'search' | 'statuses' | 'ownerOnly' | 'cellTechnologyTypes' | 'minPower' | 'maxPower'
  >,
): string {
  return JSON.stringify([
    kind,
    actor.companyId,
    actor.userId,
    isAnyAdmin(actor.roles),
    query.search ?? null,
    query.statuses ?? null,
    query.ownerOnly ?? null,
    query.cellTechnologyTypes ?? null,
    query.minPower ?? null,
    query.maxPower ?? null,
  ]);
}

/** Filters of {@link listEquipmentRecords}: the overview's, with `skip`/`top` paging. */
export type EquipmentRecordsQuery = Omit<EquipmentListQuery, 'sort' | 'order' | 'page' | 'pageSize'> & {
  skip: number;
  top: number;
};

/**
 * Full records of the library the actor sees (the public API's GET /Module and GET /Inverter): the
 * overview's filters, the company's own assets first, then the Global ones, each by id; `top` rows
 * after the first `skip`.
 */
export async function listEquipmentRecords(
  db: Db,
  kind: EquipmentKind,
  actor: LibraryActor,
  query: EquipmentRecordsQuery,
): Promise<{ rows: EquipmentWithOwner[]; total: number }> {
  const t = tableOf(kind);
  const where = listFilter(kind, actor, { ...query, sort: 'name', order: 'asc', page: 1, pageSize: 1 });
  const rows = await db
    .select({ ...commonColumns(t), ownerName })
    .from(t)
    .leftJoin(users, eq(users.id, t.ownerId))
    .where(where)
    .orderBy(sql`${t.companyId} is null`, asc(t.id))
    .offset(query.skip)
    .limit(query.top);
  return {
    rows: rows.map(({ ownerName: name, ...row }) => ({ row: row as EquipmentRow, ownerName: name })),
    total: await cachedListTotal(db, countKey(kind, actor, query), rows.length, query.skip, query.top, () =>
      db.select({ n: count() }).from(t).where(where),
    ),
  };
}

// ---------------------------------------------------------------------------------------------
// Single rows

/** The asset with this id whatever its company; the policy decides who may see it. */
export async function findEquipment(
  db: Db,
  kind: EquipmentKind,
  id: number,
): Promise<EquipmentWithOwner | undefined> {
  const t = tableOf(kind);
  const rows = await db
    .select({ ...commonColumns(t), ownerName })
    .from(t)
    .leftJoin(users, eq(users.id, t.ownerId))
    .where(eq(t.id, id))
    .limit(1);
  const first = rows[0];
  if (!first) return undefined;
  const { ownerName: name, ...row } = first;
  return { row: row as EquipmentRow, ownerName: name };
}

export async function findEquipmentByIds(
  db: Db,
  kind: EquipmentKind,
  ids: number[],
): Promise<EquipmentRow[]> {
  if (ids.length === 0) return [];
  const t = tableOf(kind);
  const rows = await db.select(commonColumns(t)).from(t).where(inArray(t.id, ids));
  return rows as EquipmentRow[];
}

export interface EquipmentInsert {
  companyId: string | null;
  ownerId: string | null;
  lastModifiedById?: string | null;
  status: number;
  name: string;
  manufacturer: string | null;
  model: string | null;
  source: string | null;
  note?: string | null;
  data: Record<string, unknown>;
}

function insertValues(kind: EquipmentKind, value: EquipmentInsert) {
  return {
    ...value,
    lastModifiedById: value.lastModifiedById ?? value.ownerId,
    ...listColumns(kind, value.data),
  };
}

export async function insertEquipment(db: Db, kind: EquipmentKind, value: EquipmentInsert): Promise<number> {
  const values = insertValues(kind, value);
  const [row] =
    kind === 'module'
      ? await db
          .insert(modules)
          .values(values as typeof modules.$inferInsert)
          .returning({ id: modules.id })
      : await db
          .insert(inverters)
          .values(values as typeof inverters.$inferInsert)
          .returning({ id: inverters.id });
  if (!row) throw new Error(`${kind} not created`);
  return row.id;
}

/** Inserts many rows, a few hundred per statement (the seeding of the Global libraries). */
export async function insertEquipmentBatch(
  db: Db,
  kind: EquipmentKind,
  values: EquipmentInsert[],
  batchSize = 400,
): Promise<void> {
  for (let i = 0; i < values.length; i += batchSize) {
    const batch = values.slice(i, i + batchSize).map((value) => insertValues(kind, value));
    if (kind === 'module') await db.insert(modules).values(batch as (typeof modules.$inferInsert)[]);
    else await db.insert(inverters).values(batch as (typeof inverters.$inferInsert)[]);
  }
}

export interface EquipmentChanges {
  name?: string;
  manufacturer?: string | null;
  model?: string | null;
  data?: Record<string, unknown>;
  status?: number;
  note?: string | null;
  lastModifiedById: string;
}

export async function updateEquipment(
  db: Db,
  kind: EquipmentKind,
  id: number,
  changes: EquipmentChanges,
): Promise<void> {
  const set: Record<string, unknown> = { ...changes, lastModified: new Date() };
  if (changes.data) Object.assign(set, listColumns(kind, changes.data));
  if (kind === 'module') await db.update(modules).set(set).where(eq(modules.id, id));
  else await db.update(inverters).set(set).where(eq(inverters.id, id));
}

export async function deleteEquipment(db: Db, kind: EquipmentKind, id: number): Promise<boolean> {
  const rows =
    kind === 'module'
      ? await db.delete(modules).where(eq(modules.id, id)).returning({ id: modules.id })
      : await db.delete(inverters).where(eq(inverters.id, id)).returning({ id: inverters.id });
  return rows.length > 0;
}

export async function countEquipment(db: Db, kind: EquipmentKind, where?: SQL): Promise<number> {
  const t = tableOf(kind);
  const [row] = await db.select({ n: count() }).from(t).where(where);
  return Number(row?.n ?? 0);
}
