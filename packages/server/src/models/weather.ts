/**
 * Weather rows and their series (DESIGN.md "Storage of series"). A weather asset is one `weathers`
 * row (what lists search and sort on, plus the spec 3 fields that have no column in `data` and the
 * mutable state in `state`) and one `weather_columns` row per quantity: the values as little-endian
 * Float32 bytes, the time stamps (`time`, ms since 1970-01-01T00:00Z) as little-endian Float64 bytes.
 *
 * Queries that take a company id filter by it (plus the Global assets every company reads); the
 * functions that take only an id are for callers that already checked the policy.
 */
import crypto from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type {
  WeatherData,
  WeatherMeta,
  WeatherSeriesKey,
  WeatherWarning,
} from '@sunfield/engine/weather/types.ts';
import { weatherPeriod } from '@sunfield/engine/weather/typicalYear.ts';
import type { Db } from '../db/index.ts';
import { users, weatherColumns, weathers } from '../db/schema.ts';
import { EARTH_RADIUS_KM } from '../lib/geo.ts';
import { wordSearchConditions } from './textSearch.ts';

export type WeatherRow = typeof weathers.$inferSelect;
export type WeatherInsert = typeof weathers.$inferInsert;

export interface WeatherOwner {
  id: string;
  firstName: string;
  lastName: string;
}

export interface WeatherWithOwner {
  weather: WeatherRow;
  owner: WeatherOwner | null;
}

/** Every series key the engine knows, in the order exports and details list them. */
export const WEATHER_SERIES_KEYS: readonly WeatherSeriesKey[] = [
  'ghi',
  'dni',
  'dhi',
  'poa',
  'tempAir',
  'tempDew',
  'relativeHumidity',
  'pressure',
  'windSpeed',
  'windDirection',
  'precipitableWater',
  'albedo',
  'rainfall',
];

const REQUIRED_KEYS: readonly WeatherSeriesKey[] = ['ghi', 'dni', 'dhi', 'tempAir', 'windSpeed', 'pressure'];

/** The column that holds the time stamps. */
export const TIME_COLUMN = 'time';

// ------------------------------------------------------------------------------------------------
// Encoding of the columns
// ------------------------------------------------------------------------------------------------

const HOST_LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Float32 little-endian bytes of a series (NaN stays NaN). */
export function encodeFloat32(values: ArrayLike<number>): Buffer {
  const f32 = values instanceof Float32Array ? values : Float32Array.from(values);
  if (HOST_LITTLE_ENDIAN) return Buffer.from(f32.buffer, f32.byteOffset, f32.byteLength);
  const out = Buffer.allocUnsafe(f32.length * 4);
  for (let i = 0; i < f32.length; i++) out.writeFloatLE(f32[i]!, i * 4);
  return out;
}

/** Float64 little-endian bytes of a series. */
export function encodeFloat64(values: ArrayLike<number>): Buffer {
  const f64 = values instanceof Float64Array ? values : Float64Array.from(values);
  if (HOST_LITTLE_ENDIAN) return Buffer.from(f64.buffer, f64.byteOffset, f64.byteLength);
  const out = Buffer.allocUnsafe(f64.length * 8);
  for (let i = 0; i < f64.length; i++) out.writeDoubleLE(f64[i]!, i * 8);
  return out;
}

/** A stored column's values as Float64 (a copy; the driver's buffer may be shared or unaligned). */
export function decodeColumn(dtype: string, bytes: Uint8Array): Float64Array {
  const width = dtype === 'f64' ? 8 : 4;
  const n = Math.floor(bytes.byteLength / width);
  const out = new Float64Array(n);
  if (HOST_LITTLE_ENDIAN) {
    const aligned = new Uint8Array(n * width);
    aligned.set(bytes.subarray(0, n * width));
    const view = width === 8 ? new Float64Array(aligned.buffer) : new Float32Array(aligned.buffer);
    for (let i = 0; i < n; i++) out[i] = view[i]!;
    return out;
  }
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < n; i++) out[i] = width === 8 ? dv.getFloat64(i * 8, true) : dv.getFloat32(i * 4, true);
  return out;
}

// ------------------------------------------------------------------------------------------------
// Storing
// ------------------------------------------------------------------------------------------------

export interface StoreWeatherInput {
  /** null for a Global asset */
  companyId: string | null;
  ownerId: string | null;
  /** LibraryStatusEnum */
  status: number;
  name: string;
  /** where the data came from ('TMY3 file', 'NSRDB PSM v3 download', …) */
  source: string | null;
  /** WeatherDataProvider id */
  dataProvider: number | null;
  data: WeatherData;
  /** download progress, pending-import flags, quality results… */
  state?: Record<string, unknown>;
  note?: string | null;
  /** more spec 3 Weather fields for the `data` jsonb (summary sums, horizon, monthlyFactors…) */
  extraData?: Record<string, unknown>;
  /** more columns stored beside the series (the raw text of a generic CSV awaiting its mapping) */
  extraColumns?: { name: string; dtype: string; values: Buffer }[];
}

/** JSON has no NaN: a non-finite number becomes null. */
const finiteOrNull = (x: number | undefined): number | null =>
  x !== undefined && Number.isFinite(x) ? x : null;

/** The meta as JSON (NaN → null), kept in `data.meta` so that `loadWeatherSeries` can rebuild it. */
export function metaJson(meta: WeatherMeta): Record<string, unknown> {
  return JSON.parse(
    JSON.stringify(meta, (_k, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? null : v)),
  ) as Record<string, unknown>;
}

/**
 * The `weathers` columns that come from the parsed data (location, period, interval, rows). The period
 * is the one a run covers (engine `weatherPeriod`): a typical year's, whose stamps keep their months'
 * source years (a TMY3 from 1988-01-01 to 1981-01-01), is the year it is simulated in (1990).
 */
export function weatherRowFromData(data: WeatherData): Partial<WeatherInsert> {
  const meta = data.meta;
  const n = data.time.length;
  const period = weatherPeriod(data);
  return {
    latitude: finiteOrNull(meta.latitude),
    longitude: finiteOrNull(meta.longitude),
    elevation: finiteOrNull(meta.elevation),
    timeZone: finiteOrNull(meta.timeZone),
    startDate: period ? new Date(period.start) : null,
    endDate: period ? new Date(period.end) : null,
    timeInterval: Number.isFinite(meta.intervalMinutes) ? Math.round(meta.intervalMinutes) : null,
    rowCount: n,
  };
}

export interface ColumnRow {
  weatherId: number;
  name: string;
  dtype: string;
  values: Buffer;
}

/** The series of `data` that are present, time first, as rows for `weather_columns`. */
export function columnRows(
  weatherId: number,
  data: Pick<WeatherData, 'time'> & Partial<Record<WeatherSeriesKey, Float64Array>>,
): ColumnRow[] {
  const rows: ColumnRow[] = [
    { weatherId, name: TIME_COLUMN, dtype: 'f64', values: encodeFloat64(data.time) },
  ];
  for (const key of WEATHER_SERIES_KEYS) {
    const series = data[key];
    if (series) rows.push({ weatherId, name: key, dtype: 'f32', values: encodeFloat32(series) });
  }
  return rows;
}

/**
 * Writes columns as staged `weather_columns` rows (no weather yet, `staged_token` a new token),
 * outside any transaction, a statement each, with a turn of the event loop after each, so that
 * other requests run between them (on the embedded database a transaction holds the only
 * connection). A column over 1 MB is written to `weather_column_uploads` in pieces first and joined
 * into its staged row by one statement. `attachStagedColumns` then gives the staged rows their
 * weather inside the transaction that creates or updates it: an update of `weather_id` only, which
 * leaves the out-of-line bytes where they are (copying them there held the embedded database
 * 0.3-1 s for a two-year one-minute file). `discardStagedColumns` removes them when that transaction
 * fails. Staged rows older than a day (a process that died between the two) are pruned first.
 *
 * The bytes travel as base64 text decoded by the server: PGlite's own bytea parameter and result
 * conversion goes byte by byte through JavaScript strings (seconds for the 2 MB of one 1-minute
 * series), base64 is converted natively on both sides.
 */
export async function stageColumns(
  db: Pick<Db, 'execute'>,
  columns: readonly { name: string; dtype: string; values: Buffer }[],
): Promise<string> {
  await db.execute(sql`delete from weather_column_uploads where created_at < now() - interval '1 day'`);
  await db.execute(
    sql`delete from weather_columns where staged_token is not null and staged_at < now() - interval '1 day'`,
  );
  const token = crypto.randomUUID();
  // PGlite answers within the same chain of microtasks: without a turn of the event loop between
  // statements those of a one-minute year ran back to back and held every other request 3 s.
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  for (const column of columns) {
    const pieces = Math.max(1, Math.ceil(column.values.length / STAGE_PIECE_BYTES));
    if (pieces === 1) {
      await db.execute(
        sql`insert into weather_columns (staged_token, staged_at, name, dtype, "values")
            values (${token}, now(), ${column.name}, ${column.dtype},
                    decode(${column.values.toString('base64')}, 'base64'))`,
      );
      await turn();
      continue;
    }
    for (let part = 0; part < pieces; part++) {
      const piece = column.values.subarray(part * STAGE_PIECE_BYTES, (part + 1) * STAGE_PIECE_BYTES);
      await db.execute(
        sql`insert into weather_column_uploads (token, name, part, dtype, "values")
            values (${token}, ${column.name}, ${part}, ${column.dtype},
                    decode(${piece.toString('base64')}, 'base64'))`,
      );
      await turn();
    }
    await db.execute(
      sql`insert into weather_columns (staged_token, staged_at, name, dtype, "values")
          select token, now(), name, min(dtype), string_agg("values", ''::bytea order by part)
            from weather_column_uploads where token = ${token} and name = ${column.name}
           group by token, name`,
    );
    await db.execute(
      sql`delete from weather_column_uploads where token = ${token} and name = ${column.name}`,
    );
    await turn();
  }
  return token;
}

/**
 * Largest piece of a column written in one statement: an 8 MB column (a two-year one-minute time
 * axis) held the embedded database, and so the event loop, a second in one statement.
 */
const STAGE_PIECE_BYTES = 1024 * 1024;

/**
 * Gives the staged columns of `token` to weather `weatherId` (their bytes stay where they are), in
 * place of its columns of the same names.
 */
export async function attachStagedColumns(
  db: Pick<Db, 'execute'>,
  token: string,
  weatherId: number,
): Promise<void> {
  await db.execute(
    sql`delete from weather_columns
         where weather_id = ${weatherId}
           and name in (select name from weather_columns where staged_token = ${token})`,
  );
  await db.execute(
    sql`update weather_columns set weather_id = ${weatherId}, staged_token = null, staged_at = null
         where staged_token = ${token}`,
  );
}

/** Removes what is left staged under `token` (nothing once attached). */
export async function discardStagedColumns(db: Pick<Db, 'execute'>, token: string): Promise<void> {
  await db.execute(sql`delete from weather_column_uploads where token = ${token}`);
  await db.execute(sql`delete from weather_columns where staged_token = ${token}`);
}

/** The base64 form of the stored bytes (see {@link stageColumns}). */
const base64Values = sql<string>`encode(${weatherColumns.values}, 'base64')`;

/**
 * Stores a weather asset: the `weathers` row and one `weather_columns` row per series, the columns
 * staged first (`stageColumns`) and attached in one short transaction with the row. Returns the new
 * id. Nothing is stored if any insert fails.
 */
export async function storeWeather(db: Db, input: StoreWeatherInput): Promise<number> {
  const { data } = input;
  const token = await stageColumns(db, [...columnRows(0, data), ...(input.extraColumns ?? [])]);
  try {
    return await storeWeatherRow(db, input, token);
  } finally {
    await discardStagedColumns(db, token);
  }
}

function storeWeatherRow(db: Db, input: StoreWeatherInput, token: string): Promise<number> {
  const { data } = input;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(weathers)
      .values({
        companyId: input.companyId,
        ownerId: input.ownerId,
        lastModifiedById: input.ownerId,
        status: input.status,
        name: input.name,
        source: input.source,
        note: input.note ?? null,
        dataProvider: input.dataProvider,
        ...weatherRowFromData(data),
        data: { meta: metaJson(data.meta), warnings: data.warnings.slice(0, 200), ...input.extraData },
        state: input.state ?? {},
      })
      .returning({ id: weathers.id });
    const id = row!.id;
    await attachStagedColumns(tx, token, id);
    return id;
  });
}

/** Replaces every series of a weather (and its row's derived columns) in one transaction. */
export async function replaceWeatherSeries(
  db: Db,
  id: number,
  data: WeatherData,
  changes: Partial<WeatherInsert> = {},
): Promise<void> {
  const token = await stageColumns(db, columnRows(id, data));
  try {
    await db.transaction(async (tx) => {
      await tx.delete(weatherColumns).where(eq(weatherColumns.weatherId, id));
      await attachStagedColumns(tx, token, id);
      await tx
        .update(weathers)
        .set({ ...weatherRowFromData(data), ...changes, lastModified: new Date() })
        .where(eq(weathers.id, id));
    });
  } finally {
    await discardStagedColumns(db, token);
  }
}

// ------------------------------------------------------------------------------------------------
// Loading
// ------------------------------------------------------------------------------------------------

/** What `loadWeatherSeries` returns: the meta, the time stamps and the series asked for that exist. */
export type LoadedWeather = {
  meta: WeatherMeta;
  time: Float64Array;
  warnings: WeatherWarning[];
} & Partial<Record<WeatherSeriesKey, Float64Array>>;

/** The stored meta, with the row's columns (which edits change) taking precedence. */
export function weatherMetaOf(row: WeatherRow): WeatherMeta {
  const stored = ((row.data as { meta?: Partial<WeatherMeta> }).meta ?? {}) as Partial<WeatherMeta>;
  const nan = (x: number | null | undefined): number => (x === null || x === undefined ? Number.NaN : x);
  return {
    format: stored.format ?? 'tmy3',
    source: stored.source ?? row.source ?? '',
    dataProvider: row.dataProvider ?? stored.dataProvider ?? 13,
    weatherFormat: stored.weatherFormat ?? null,
    name: row.name,
    stationCode: stored.stationCode ?? '',
    latitude: nan(row.latitude),
    longitude: nan(row.longitude),
    elevation: nan(row.elevation),
    timeZone: nan(row.timeZone ?? stored.timeZone),
    stampUtcOffset: stored.stampUtcOffset ?? nan(row.timeZone),
    intervalMinutes: row.timeInterval ?? stored.intervalMinutes ?? 60,
    timestampDefinition: stored.timestampDefinition ?? 'intervalEnd',
    sunOffsetMinutes: stored.sunOffsetMinutes ?? 0,
    startDate: stored.startDate ?? row.startDate?.toISOString() ?? '',
    endDate: stored.endDate ?? row.endDate?.toISOString() ?? '',
    years: stored.years ?? [],
    typicalYear: stored.typicalYear ?? false,
    ...(stored.poaTilt !== undefined && stored.poaTilt !== null ? { poaTilt: stored.poaTilt } : {}),
    ...(stored.poaAzimuth !== undefined && stored.poaAzimuth !== null
      ? { poaAzimuth: stored.poaAzimuth }
      : {}),
    ...(stored.windSensorHeight !== undefined && stored.windSensorHeight !== null
      ? { windSensorHeight: stored.windSensorHeight }
      : {}),
    rowCount: row.rowCount,
    columns: stored.columns ?? [],
  };
}

/** The weather row by id, without any company filter (check the policy first). */
export async function findWeatherRow(db: Db, id: number): Promise<WeatherRow | undefined> {
  const rows = await db.select().from(weathers).where(eq(weathers.id, id)).limit(1);
  return rows[0];
}

/**
 * The series of a stored weather, decoded to Float64Array (`keys` absent: every stored series).
 * `time` is always included. Undefined when the weather does not exist.
 */
export async function loadWeatherSeries(
  db: Db,
  id: number,
  keys?: readonly WeatherSeriesKey[],
): Promise<LoadedWeather | undefined> {
  const row = await findWeatherRow(db, id);
  if (!row) return undefined;
  const names: string[] = [TIME_COLUMN, ...(keys ?? WEATHER_SERIES_KEYS)];
  const columns = await loadWeatherColumnBytes(db, id, names);
  const out: LoadedWeather = {
    meta: weatherMetaOf(row),
    time: new Float64Array(0),
    warnings: ((row.data as { warnings?: WeatherWarning[] }).warnings ?? []).slice(),
  };
  for (const column of columns) {
    const values = decodeColumn(column.dtype, column.values);
    if (column.name === TIME_COLUMN) out.time = values;
    else out[column.name as WeatherSeriesKey] = values;
  }
  return out;
}

/**
 * The stored weather as a full `WeatherData` for the engine: the required series that were not
 * stored come back NaN-filled.
 */
export async function loadWeatherData(db: Db, id: number): Promise<WeatherData | undefined> {
  const loaded = await loadWeatherSeries(db, id);
  if (!loaded) return undefined;
  const n = loaded.time.length;
  for (const key of REQUIRED_KEYS) if (!loaded[key]) loaded[key] = new Float64Array(n).fill(Number.NaN);
  return loaded as WeatherData;
}

/** The raw text of a pending generic CSV import, undefined when there is none. */
export async function loadRawText(db: Db, id: number): Promise<string | undefined> {
  const [column] = await loadWeatherColumnBytes(db, id, [RAW_TEXT_COLUMN]);
  return column ? column.values.toString('utf8') : undefined;
}

/** The column that keeps a generic CSV's text until FinalizeImport maps it. */
export const RAW_TEXT_COLUMN = 'rawText';

/** The raw bytes of the stored columns (for the binary series response). */
export async function loadWeatherColumnBytes(
  db: Db,
  id: number,
  names: readonly string[],
): Promise<{ name: string; dtype: string; values: Buffer }[]> {
  if (names.length === 0) return [];
  const rows = await db
    .select({ name: weatherColumns.name, dtype: weatherColumns.dtype, b64: base64Values })
    .from(weatherColumns)
    .where(and(eq(weatherColumns.weatherId, id), inArray(weatherColumns.name, names as string[])));
  return rows.map((r) => ({ name: r.name, dtype: r.dtype, values: Buffer.from(r.b64, 'base64') }));
}

/**
 * Records `offset … offset + count − 1` of the stored columns: only those bytes leave the database
 * (substring of the bytea), for the paged detail rows.
 */
export async function loadWeatherColumnSlices(
  db: Db,
  id: number,
  names: readonly string[],
  offset: number,
  count: number,
): Promise<{ name: string; dtype: string; values: Buffer }[]> {
  if (names.length === 0 || count <= 0) return [];
  const width = sql`(case when ${weatherColumns.dtype} = 'f64' then 8 else 4 end)`;
  const slice = sql<string>`encode(substring(${weatherColumns.values} from ${offset}::int * ${width} + 1 for ${count}::int * ${width}), 'base64')`;
  const rows = await db
    .select({ name: weatherColumns.name, dtype: weatherColumns.dtype, b64: slice })
    .from(weatherColumns)
    .where(and(eq(weatherColumns.weatherId, id), inArray(weatherColumns.name, names as string[])));
  return rows.map((r) => ({ name: r.name, dtype: r.dtype, values: Buffer.from(r.b64, 'base64') }));
}

/** Names of the series stored for a weather. */
export async function storedColumnNames(db: Db, id: number): Promise<string[]> {
  const rows = await db
    .select({ name: weatherColumns.name })
    .from(weatherColumns)
    .where(eq(weatherColumns.weatherId, id));
  return rows.map((r) => r.name);
}

// ------------------------------------------------------------------------------------------------
// Rows with owner, company scope
// ------------------------------------------------------------------------------------------------

export const weatherOwnerColumns = { id: users.id, firstName: users.firstName, lastName: users.lastName };

export function withWeatherOwner(row: {
  weather: WeatherRow;
  owner: { id: string | null } | null;
}): WeatherWithOwner {
  const owner = row.owner?.id ? (row.owner as WeatherOwner) : null;
  return { weather: row.weather, owner };
}

/** The company's weathers and the Global ones. */
export function visibleToCompany(companyId: string): SQL {
  return or(eq(weathers.companyId, companyId), isNull(weathers.companyId))!;
}

/** Rows that are not pending imports (state.pendingImport). */
export const notPending: SQL = sql`coalesce((${weathers.state} ->> 'pendingImport')::boolean, false) = false`;

/** A weather of the company (or Global) with its owner, pending imports included. */
export async function findWeather(
  db: Db,
  companyId: string,
  id: number,
): Promise<WeatherWithOwner | undefined> {
  const rows = await db
    .select({ weather: weathers, owner: weatherOwnerColumns })
    .from(weathers)
    .leftJoin(users, eq(users.id, weathers.ownerId))
    .where(and(eq(weathers.id, id), visibleToCompany(companyId)))
    .limit(1);
  return rows[0] ? withWeatherOwner(rows[0]) : undefined;
}

export async function updateWeatherRow(
  db: Db,
  id: number,
  changes: Partial<WeatherInsert>,
): Promise<WeatherRow> {
  const [row] = await db
    .update(weathers)
    .set({ ...changes, lastModified: new Date() })
    .where(eq(weathers.id, id))
    .returning();
  return row!;
}

/** Deletes the weather and (by cascade) its columns. */
export async function deleteWeatherRow(db: Db, id: number): Promise<void> {
  await db.delete(weathers).where(eq(weathers.id, id));
}

// ------------------------------------------------------------------------------------------------
// Lists and search
// ------------------------------------------------------------------------------------------------

/** A row of the lists: every column but the heavy jsonb ones, plus the annual GHI. */
export type WeatherListRow = Omit<WeatherRow, 'data' | 'state'> & { ghiAnnual: number | null };

const listColumns = {
  id: weathers.id,
  companyId: weathers.companyId,
  ownerId: weathers.ownerId,
  lastModifiedById: weathers.lastModifiedById,
  status: weathers.status,
  name: weathers.name,
  manufacturer: weathers.manufacturer,
  model: weathers.model,
  source: weathers.source,
  note: weathers.note,
  createdDate: weathers.createdDate,
  lastModified: weathers.lastModified,
  dataProvider: weathers.dataProvider,
  latitude: weathers.latitude,
  longitude: weathers.longitude,
  elevation: weathers.elevation,
  timeZone: weathers.timeZone,
  startDate: weathers.startDate,
  endDate: weathers.endDate,
  timeInterval: weathers.timeInterval,
  rowCount: weathers.rowCount,
  ghiAnnual: sql<number | null>`(${weathers.data} ->> 'globalHorizontalIrradianceSum')::double precision`,
};

export const WEATHER_SORTS = [
  'name',
  'lastModified',
  'createdDate',
  'startDate',
  'dataProvider',
  'status',
  'timeInterval',
] as const;
export type WeatherSort = (typeof WEATHER_SORTS)[number];

export interface WeatherViewer {
  companyId: string;
  userId: string;
  /** admins see every Draft-Private weather of their company */
  isAdmin: boolean;
}

export interface WeatherListQuery {
  statuses?: number[] | undefined;
  search?: string | undefined;
  ownerOnly?: boolean | undefined;
  sort: WeatherSort;
  order: 'asc' | 'desc';
  skip: number;
  top: number;
}

/** What the viewer may see (library.ts canReadAsset, in SQL), pending imports excluded. */
function visibleTo(viewer: WeatherViewer): SQL {
  const draftPrivate = viewer.isAdmin
    ? sql`true`
    : sql`(${weathers.status} <> 1 or ${weathers.ownerId} = ${viewer.userId} or ${weathers.ownerId} is null)`;
  return and(visibleToCompany(viewer.companyId), notPending, or(isNull(weathers.companyId), draftPrivate))!;
}

function listWhere(
  viewer: WeatherViewer,
  query: Pick<WeatherListQuery, 'statuses' | 'search' | 'ownerOnly'>,
): SQL {
  const conditions: (SQL | undefined)[] = [visibleTo(viewer)];
  if (query.statuses?.length) conditions.push(inArray(weathers.status, query.statuses));
  if (query.ownerOnly) conditions.push(eq(weathers.ownerId, viewer.userId));
  conditions.push(...wordSearchConditions([weathers.name, weathers.source], query.search));
  return and(...conditions)!;
}

function listOrder(sort: WeatherSort, order: 'asc' | 'desc'): SQL[] {
  const direction = order === 'asc' ? asc : desc;
  const column = {
    name: sql`lower(${weathers.name})`,
    lastModified: sql`${weathers.lastModified}`,
    createdDate: sql`${weathers.createdDate}`,
    startDate: sql`${weathers.startDate}`,
    dataProvider: sql`${weathers.dataProvider}`,
    status: sql`${weathers.status}`,
    timeInterval: sql`${weathers.timeInterval}`,
  }[sort];
  return [direction(column), direction(weathers.id)];
}

export interface WeatherListEntry {
  weather: WeatherListRow;
  owner: WeatherOwner | null;
  distanceKm?: number;
}

function listEntry(row: {
  weather: WeatherListRow;
  owner: { id: string | null } | null;
  distanceKm?: unknown;
}): WeatherListEntry {
  const owner = row.owner?.id ? (row.owner as WeatherOwner) : null;
  const weather = {
    ...row.weather,
    ghiAnnual: row.weather.ghiAnnual === null ? null : Number(row.weather.ghiAnnual),
  };
  return row.distanceKm === undefined
    ? { weather, owner }
    : { weather, owner, distanceKm: Number(row.distanceKm) };
}

export async function listWeathers(
  db: Db,
  viewer: WeatherViewer,
  query: WeatherListQuery,
): Promise<{ rows: WeatherListEntry[]; total: number }> {
  const where = listWhere(viewer, query);
  const [totalRow] = await db.select({ n: count() }).from(weathers).where(where);
  const rows = await db
    .select({ weather: listColumns, owner: weatherOwnerColumns })
    .from(weathers)
    .leftJoin(users, eq(users.id, weathers.ownerId))
    .where(where)
    .orderBy(...listOrder(query.sort, query.order))
    .offset(query.skip)
    .limit(query.top);
  return { rows: rows.map(listEntry), total: Number(totalRow?.n ?? 0) };
}

/** What else a weather near a point must satisfy (all optional). */
export interface NearbyWeatherFilter {
  /** it stores this series (e.g. 'tempAir') */
  withSeries?: WeatherSeriesKey;
  /** it covers at least this many hours (row count × interval) */
  minHours?: number;
  /** its elevation is known */
  withElevation?: boolean;
  /** its name, or its station code, is this text (case-insensitive) */
  name?: string;
  /** at most this many rows (default 500) */
  limit?: number;
}

/**
 * The visible weathers within `radiusKm` of a point (any distance when null), nearest first, with
 * their great-circle distance (haversine, R = 6371 km).
 */
export async function weathersWithinRadius(
  db: Db,
  viewer: WeatherViewer,
  center: { latitude: number; longitude: number },
  radiusKm: number | null,
  filter: NearbyWeatherFilter = {},
): Promise<WeatherListEntry[]> {
  const lat = sql`${center.latitude}::double precision`;
  const lon = sql`${center.longitude}::double precision`;
  const distanceKm = sql<number>`(2 * ${EARTH_RADIUS_KM}::double precision * asin(least(1, sqrt(
    power(sin(radians(${weathers.latitude} - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(${weathers.latitude}))
    * power(sin(radians(${weathers.longitude} - ${lon}) / 2), 2)))))`;
  const conditions: (SQL | undefined)[] = [
    visibleTo(viewer),
    isNotNull(weathers.latitude),
    isNotNull(weathers.longitude),
  ];
  if (radiusKm !== null) conditions.push(sql`${distanceKm} <= ${radiusKm}::double precision`);
  if (filter.withSeries) {
    conditions.push(
      sql`exists (select 1 from weather_columns c where c.weather_id = ${weathers.id} and c.name = ${filter.withSeries})`,
    );
  }
  if (filter.withElevation) conditions.push(isNotNull(weathers.elevation));
  if (filter.minHours !== undefined) {
    conditions.push(
      sql`${weathers.rowCount}::double precision * coalesce(${weathers.timeInterval}, 60) >= ${filter.minHours * 60}::double precision`,
    );
  }
  const name = filter.name?.trim().toLowerCase();
  if (name) {
    conditions.push(
      or(
        sql`lower(${weathers.name}) = ${name}`,
        sql`lower(${weathers.data} -> 'meta' ->> 'stationCode') = ${name}`,
      ),
    );
  }
  const rows = await db
    .select({ weather: listColumns, owner: weatherOwnerColumns, distanceKm })
    .from(weathers)
    .leftJoin(users, eq(users.id, weathers.ownerId))
    .where(and(...conditions))
    .orderBy(asc(distanceKm), asc(weathers.id))
    .limit(filter.limit ?? 500);
  return rows.map(listEntry);
}

/** The visible, non-pending weathers among `ids` (for status changes and the compare page). */
export async function findWeathersByIds(db: Db, viewer: WeatherViewer, ids: number[]): Promise<WeatherRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(weathers)
    .where(and(visibleTo(viewer), inArray(weathers.id, ids)));
}

/**
 * Copies a weather (row and columns); returns the new id. The columns are copied as staged rows
 * first, one statement each outside any transaction (a two-year one-minute weather is ~45 MB, which
 * one statement inside the transaction held the embedded database's only connection for), and the
 * transaction that inserts the row attaches them.
 */
export async function cloneWeatherRows(
  db: Db,
  source: WeatherRow,
  values: Pick<WeatherInsert, 'companyId' | 'ownerId' | 'status' | 'name'>,
): Promise<number> {
  const token = crypto.randomUUID();
  try {
    for (const name of await storedColumnNames(db, source.id)) {
      await db.execute(
        sql`insert into weather_columns (staged_token, staged_at, name, dtype, "values")
            select ${token}, now(), name, dtype, "values" from weather_columns
             where weather_id = ${source.id} and name = ${name}`,
      );
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    return await db.transaction(async (tx) => {
      const { id: _id, createdDate: _c, lastModified: _l, ...rest } = source;
      const [row] = await tx
        .insert(weathers)
        .values({ ...rest, ...values, lastModifiedById: values.ownerId })
        .returning({ id: weathers.id });
      await attachStagedColumns(tx, token, row!.id);
      return row!.id;
    });
  } finally {
    await discardStagedColumns(db, token);
  }
}

export async function setWeatherStatuses(
  db: Db,
  changes: { id: number; status: number; note?: string | null | undefined }[],
  userId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const now = new Date();
    for (const change of changes) {
      await tx
        .update(weathers)
        .set({
          status: change.status,
          lastModified: now,
          lastModifiedById: userId,
          ...(change.note !== undefined && change.note !== null ? { note: change.note } : {}),
        })
        .where(eq(weathers.id, change.id));
    }
  });
}

/** Row counts of both tables (tests: nothing partial is stored). */
export async function weatherTableCounts(db: Db): Promise<{ weathers: number; columns: number }> {
  const [a] = await db.select({ n: count() }).from(weathers);
  const [b] = await db.select({ n: count() }).from(weatherColumns);
  return { weathers: Number(a?.n ?? 0), columns: Number(b?.n ?? 0) };
}
