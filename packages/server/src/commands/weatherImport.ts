/**
 * Importing a weather file (spec 2 §7.10, issue 6): Parse reads the upload with the engine, stores
 * it as a pending import (a `weathers` row with state.pendingImport, hidden from every list, deleted
 * after 24 h) and answers what the import screen shows (weatherFileInfo); ValidateImport checks the
 * user's corrections; FinalizeImport applies them and makes the asset real. A file the engine
 * cannot read is a 400 naming the line and the problem, and nothing is stored.
 */
import { and, lt, sql } from 'drizzle-orm';
import { ASSET_STATUS } from '@sunfield/domain/definitions.ts';
import { MS_PER_HOUR } from '@sunfield/engine/time/calendar.ts';
import type { TimestampDefinition } from '@sunfield/engine/time/weatherTimestamps.ts';
import type { GenericCsvInspection, GenericCsvMapping } from '@sunfield/engine/weather/genericCsv.ts';
import { weatherFileInfo, type WeatherFileInfo } from '@sunfield/engine/weather/info.ts';
import { weatherPeriod } from '@sunfield/engine/weather/typicalYear.ts';
import {
  WEATHER_TIMESTAMP_DEFINITION,
  type WeatherData,
  type WeatherMeta,
} from '@sunfield/engine/weather/types.ts';
import type { AuthContext } from '../auth/context.ts';
import type { Database, Db } from '../db/index.ts';
import { weathers } from '../db/schema.ts';
import { badRequest, type ModelState } from '../lib/errors.ts';
import { timeZoneInfoAt } from '../lib/geo.ts';
import {
  columnRows,
  loadWeatherColumnBytes,
  loadWeatherData,
  metaJson,
  RAW_TEXT_COLUMN,
  replaceWeatherSeries,
  storeWeather,
  TIME_COLUMN,
  attachStagedColumns,
  discardStagedColumns,
  stageColumns,
  updateWeatherRow,
  weatherMetaOf,
  weatherRowFromData,
  type WeatherRow,
} from '../models/weather.ts';
import { publishClientData } from '../realtime/publish.ts';
import { presentWeatherListItem } from '../presenters/weather.ts';
import { newRowStatus } from '../policies/company.ts';
import { weatherActorOf } from '../policies/weather.ts';
import { parseInWorker } from '../uploads/parsePool.ts';
import { digestWeather, type WeatherDigest } from './weatherCharts.ts';

export { decodeUpload, parseErrorResponse } from './weatherRead.ts';
import type { WeatherMapped } from './weatherRead.ts';

/** How long an unfinished import is kept [ms]. */
export const PENDING_IMPORT_TTL_MS = 24 * MS_PER_HOUR;

/** WeatherTimestampDefinitionEnum id → the engine's name. */
export const TIMESTAMP_DEFINITION_BY_ID: Readonly<Record<number, TimestampDefinition>> = {
  1: 'intervalEnd',
  2: 'intervalBegin',
  3: 'intervalMiddle',
  4: 'instantaneous',
};

/** Formats whose stamps are UTC whatever the site's time zone (a time-zone correction keeps them). */
const UTC_STAMP_FORMATS = new Set([
  'pvgisTmyCsv',
  'pvgisHourlyCsv',
  'pvgisTmyJson',
  'pvgisHourlyJson',
  'surfrad',
]);

/** A name for the asset: the file's station name, else the file name without extension. */
export function defaultWeatherName(meta: WeatherMeta, fileName: string | undefined): string {
  const fromFile = (fileName ?? '').replace(/\.[^.]*$/, '').trim();
  const station = meta.name.trim();
  return (station || fromFile || 'Imported weather').slice(0, 200);
}

/** Deletes pending imports older than the TTL (their columns go by cascade). */
export async function cleanExpiredImports(db: Db, now = Date.now()): Promise<void> {
  await db
    .delete(weathers)
    .where(
      and(
        sql`coalesce((${weathers.state} ->> 'pendingImport')::boolean, false) = true`,
        lt(weathers.createdDate, new Date(now - PENDING_IMPORT_TTL_MS)),
      ),
    );
}

export interface PendingOptions {
  name: string;
  source: string;
  /** extra state (generate inputs, generic CSV mapping…) */
  state?: Record<string, unknown>;
  /** the summary and charts, when the parsing process made them with the data */
  digest?: WeatherDigest;
}

/** Stores parsed (or generated) data as the caller's pending import; returns its id. */
export async function storePendingWeather(
  db: Db,
  auth: AuthContext,
  data: WeatherData,
  options: PendingOptions,
): Promise<number> {
  await cleanExpiredImports(db);
  const digest = options.digest ?? digestWeather(data);
  return storeWeather(db, {
    companyId: auth.company.id,
    ownerId: auth.user.id,
    status: ASSET_STATUS.DRAFT_PRIVATE,
    name: options.name,
    source: options.source,
    dataProvider: data.meta.dataProvider,
    data,
    extraData: {
      ...digest.aggregates,
      summary: digest.summary,
      stationCode: data.meta.stationCode || undefined,
      stationName: data.meta.name || undefined,
      timestampDefinitionOriginal: WEATHER_TIMESTAMP_DEFINITION[data.meta.timestampDefinition] ?? 0,
      windSensorHeight: data.meta.windSensorHeight,
      moduleTilt: data.meta.poaTilt,
      moduleAzimuth: data.meta.poaAzimuth,
      format: data.meta.weatherFormat ?? undefined,
    },
    state: { pendingImport: true, charts: digest.charts, ...options.state },
  });
}

/** What Parse answers. */
export interface ParseAnswer {
  importId: number;
  weatherFileInfo: WeatherFileInfo & { name: string };
  /** only for a file of no known format: the guesses for the column-mapping screen */
  genericCsv?: GenericCsvInspection;
}

/**
 * Parse: the whole flow from the upload's bytes to the pending import and its weatherFileInfo. The
 * file is read and digested in a parsing process (weatherRead.ts); only the storing happens here.
 */
export async function parseWeatherUpload(
  db: Db,
  auth: AuthContext,
  bytes: Uint8Array,
  fileName: string | undefined,
): Promise<ParseAnswer> {
  const read = await parseInWorker('weather', bytes, {});
  if (read.kind === 'generic') return storeGenericUpload(db, auth, read.inspection, read.text, fileName);
  const { data, digest, info } = read;
  const name = defaultWeatherName(data.meta, fileName);
  const importId = await storePendingWeather(db, auth, data, {
    name,
    source: data.meta.source || `${data.meta.format} file`,
    state: { fileName: fileName ?? null },
    digest,
  });
  return { importId, weatherFileInfo: { ...info, name } };
}

/** An empty `WeatherData` for a generic file awaiting its mapping (the meta from the guesses). */
function emptyGenericData(inspection: GenericCsvInspection, name: string): WeatherData {
  const empty = new Float64Array(0);
  const nan = (x: number | null): number => (x === null ? Number.NaN : x);
  return {
    meta: {
      format: 'generic',
      source: 'Generic CSV',
      dataProvider: 14,
      weatherFormat: null,
      name,
      stationCode: '',
      latitude: nan(inspection.latitude),
      longitude: nan(inspection.longitude),
      elevation: nan(inspection.elevation),
      timeZone: nan(inspection.timeZone),
      stampUtcOffset: nan(inspection.timeZone),
      intervalMinutes: 60,
      timestampDefinition: inspection.mapping?.timestampDefinition ?? 'intervalEnd',
      sunOffsetMinutes: 0,
      startDate: '',
      endDate: '',
      years: [],
      typicalYear: false,
      rowCount: 0,
      columns: [],
    },
    time: empty,
    ghi: empty,
    dni: empty,
    dhi: empty,
    tempAir: empty,
    windSpeed: empty,
    pressure: empty,
    warnings: [],
  };
}

/**
 * A file of no known format: the engine's guesses (delimiter, header, series and units, timestamp
 * layout) are answered for the mapping screen, and the text is kept with the pending import until
 * FinalizeImport reads it with the confirmed mapping.
 */
async function storeGenericUpload(
  db: Db,
  auth: AuthContext,
  inspection: GenericCsvInspection,
  text: Uint8Array,
  fileName: string | undefined,
): Promise<ParseAnswer> {
  const name =
    (fileName ?? '')
      .replace(/\.[^.]*$/, '')
      .trim()
      .slice(0, 200) || 'Imported weather';
  const empty = emptyGenericData(inspection, name);
  await cleanExpiredImports(db);
  const importId = await storeWeather(db, {
    companyId: auth.company.id,
    ownerId: auth.user.id,
    status: ASSET_STATUS.DRAFT_PRIVATE,
    name,
    source: 'Generic CSV',
    dataProvider: 14,
    data: empty,
    state: {
      pendingImport: true,
      genericCsv: true,
      fileName: fileName ?? null,
      guessedMapping: inspection.mapping,
    },
    extraColumns: [
      {
        name: RAW_TEXT_COLUMN,
        dtype: 'utf8',
        values: Buffer.from(text.buffer, text.byteOffset, text.byteLength),
      },
    ],
  });
  return { importId, weatherFileInfo: { ...weatherFileInfo(empty), name }, genericCsv: inspection };
}

/** The mapping of a generic import: the user's, else the engine's guess, with the corrections applied. */
function genericMapping(row: WeatherRow, input: ImportCorrections): GenericCsvMapping {
  const guessed = (row.state as { guessedMapping?: GenericCsvMapping | null }).guessedMapping ?? null;
  const mapping = (input.mapping as GenericCsvMapping | undefined) ?? guessed;
  if (!mapping) {
    const message = 'Map the columns of the file: no timestamp or series column was recognised.';
    throw badRequest(message, { mapping: [message] });
  }
  const definition =
    input.timestampDefinition !== undefined
      ? TIMESTAMP_DEFINITION_BY_ID[input.timestampDefinition]
      : undefined;
  return {
    ...mapping,
    ...(input.latitude !== undefined ? { latitude: input.latitude } : {}),
    ...(input.longitude !== undefined ? { longitude: input.longitude } : {}),
    ...(input.elevation !== undefined && input.elevation !== null ? { elevation: input.elevation } : {}),
    ...(input.timeZone !== undefined ? { siteTimeZone: input.timeZone } : {}),
    ...(definition ? { timestampDefinition: definition } : {}),
  };
}

/**
 * Reads a pending generic import with its mapping, in a parsing process (the kept text may be a
 * 150 MB file); 400 naming the line when the mapping does not fit.
 */
async function readGeneric(db: Db, row: WeatherRow, input: ImportCorrections): Promise<WeatherMapped> {
  const [text] = await loadWeatherColumnBytes(db, row.id, [RAW_TEXT_COLUMN]);
  if (!text) throw badRequest('The import has no file text. Please upload the file again.');
  const mapping = genericMapping(row, input);
  return parseInWorker('weatherMapped', text.values, { mapping });
}

/** A row as it would be once the generic data is stored (for the validation checks). */
function rowWithData(row: WeatherRow, data: WeatherData): WeatherRow {
  return {
    ...row,
    ...weatherRowFromData(data),
    data: {
      ...(row.data as Record<string, unknown>),
      meta: metaJson(data.meta),
      warnings: data.warnings.slice(0, 200),
    },
  } as WeatherRow;
}

// ------------------------------------------------------------------------------------------------
// Validate and finalize
// ------------------------------------------------------------------------------------------------

export interface ImportCorrections {
  name?: string | undefined;
  latitude?: number | undefined;
  longitude?: number | undefined;
  elevation?: number | null | undefined;
  timeZone?: number | undefined;
  /** WeatherTimestampDefinitionEnum id (1 end, 2 begin, 3 middle) */
  timestampDefinition?: number | undefined;
  note?: string | null | undefined;
  /** generic CSV only: the confirmed column mapping (engine GenericCsvMapping) */
  mapping?: unknown;
}

export interface ImportValidation {
  warnings: string[];
  errors: string[];
  modelState: ModelState;
}

/** The values the import will have once the corrections are applied. */
function corrected(row: WeatherRow, input: ImportCorrections) {
  const meta = weatherMetaOf(row);
  return {
    meta,
    name: (input.name ?? row.name).trim(),
    latitude: input.latitude ?? meta.latitude,
    longitude: input.longitude ?? meta.longitude,
    elevation: input.elevation === undefined ? meta.elevation : (input.elevation ?? Number.NaN),
    timeZone: input.timeZone ?? meta.timeZone,
    timestampDefinition:
      input.timestampDefinition !== undefined
        ? TIMESTAMP_DEFINITION_BY_ID[input.timestampDefinition]
        : meta.timestampDefinition,
  };
}

/** The checks of ValidateImport, also run by FinalizeImport (an error refuses the import). */
export function validateImportCorrections(row: WeatherRow, input: ImportCorrections): ImportValidation {
  const v = corrected(row, input);
  const errors: string[] = [];
  const warnings: string[] = [];
  const modelState: ModelState = {};
  const error = (field: string, message: string) => {
    errors.push(message);
    (modelState[field] ??= []).push(message);
  };
  if (!v.name) error('name', 'Name is required.');
  else if (v.name.length > 200) error('name', 'Name must be at most 200 characters.');
  if (!Number.isFinite(v.latitude) || v.latitude < -90 || v.latitude > 90) {
    error('latitude', 'Latitude must be between -90 and 90.');
  }
  if (!Number.isFinite(v.longitude) || v.longitude < -180 || v.longitude > 180) {
    error('longitude', 'Longitude must be between -180 and 180.');
  }
  if (!Number.isFinite(v.timeZone) || v.timeZone < -12 || v.timeZone > 14) {
    error('timeZone', 'Time zone must be an offset from UTC between -12 and 14 hours.');
  }
  if (!v.timestampDefinition) {
    error(
      'timestampDefinition',
      'Timestamp definition must be 1 (interval end), 2 (interval begin) or 3 (interval middle).',
    );
  }
  const found = new Set(v.meta.columns.map((c) => c.key));
  if (!found.has('ghi') && !found.has('poa')) {
    error('columns', 'The file has no global horizontal irradiance (GHI) column.');
  }
  if (!found.has('dni') || !found.has('dhi')) {
    warnings.push(
      'The file has no DNI or DHI column: they will be estimated from GHI (decomposition model).',
    );
  }
  if (!found.has('tempAir')) warnings.push('The file has no air temperature column.');
  if (!found.has('windSpeed')) warnings.push('The file has no wind speed column.');
  if (errors.length === 0 || (Number.isFinite(v.latitude) && Number.isFinite(v.longitude))) {
    const zone = timeZoneInfoAt({ latitude: v.latitude, longitude: v.longitude });
    if (
      zone.standardOffsetFromUTC !== null &&
      Number.isFinite(v.timeZone) &&
      zone.standardOffsetFromUTC !== v.timeZone
    ) {
      warnings.push(
        `Weather file time zone (${v.timeZone}) is different than the location time zone (${zone.standardOffsetFromUTC}${
          zone.timeZone ? `, ${zone.timeZone}` : ''
        }).`,
      );
    }
  }
  if (
    Number.isFinite(v.meta.latitude) &&
    Number.isFinite(v.meta.longitude) &&
    (Math.abs(v.latitude - v.meta.latitude) > 1 || Math.abs(v.longitude - v.meta.longitude) > 1)
  ) {
    warnings.push(
      `The location (${v.latitude}, ${v.longitude}) is far from the one in the file (${v.meta.latitude}, ${v.meta.longitude}).`,
    );
  }
  const stored = (row.data as { warnings?: { line: number; message: string }[] }).warnings ?? [];
  for (const w of stored.slice(0, 20)) {
    warnings.push(w.line > 0 ? `Line ${w.line}: ${w.message}` : w.message);
  }
  return { warnings, errors, modelState };
}

const isGenericPending = (row: WeatherRow): boolean =>
  (row.state as { genericCsv?: unknown }).genericCsv === true;

/** The corrections without time zone and definition (applied through the generic mapping). */
const withoutTiming = (input: ImportCorrections): ImportCorrections => {
  const { timeZone: _tz, timestampDefinition: _def, ...rest } = input;
  return rest;
};

/** ValidateImport: the checks on the corrected values; for a generic file, on the mapped data. */
export async function validatePendingImport(
  db: Db,
  row: WeatherRow,
  input: ImportCorrections,
): Promise<ImportValidation> {
  if (!isGenericPending(row)) return validateImportCorrections(row, input);
  let parsed: WeatherData;
  try {
    parsed = (await readGeneric(db, row, input)).data;
  } catch (error) {
    const body = (error as { body?: { message?: string; modelState?: ModelState } }).body;
    if (body?.message) return { warnings: [], errors: [body.message], modelState: body.modelState ?? {} };
    throw error;
  }
  return validateImportCorrections(rowWithData(row, parsed), withoutTiming(input));
}

/** The company's default status for new weather (miscellaneousSettings.weatherStatus) if the caller may set it. */
function companyWeatherStatus(auth: AuthContext): number {
  return newRowStatus(auth, 'weather');
}

/**
 * Applies the corrections and makes the pending import a real asset. A time-zone correction of a
 * file written in local standard time moves every instant (the clock readings stay, their offset
 * changes); the stamps of UTC formats (PVGIS, SURFRAD) stay. The summary and charts are recomputed
 * when the time zone or the timestamp definition changed.
 */
export async function finalizePendingWeather(
  database: Pick<Database, 'db' | 'pubsub'>,
  auth: AuthContext,
  pending: WeatherRow,
  corrections: ImportCorrections,
): Promise<number> {
  const db = database.db;
  let row = pending;
  let input = corrections;
  if (isGenericPending(row)) {
    // Read the kept text with the mapping, store its series, then finish as any other import (the
    // time zone and timestamp definition went into the mapping).
    const { data: parsed, digest } = await readGeneric(db, row, input);
    const check = validateImportCorrections(rowWithData(row, parsed), withoutTiming(input));
    if (check.errors.length) throw badRequest(check.errors[0]!, check.modelState);
    const state = { ...(row.state as Record<string, unknown>), charts: digest.charts, genericCsv: false };
    await replaceWeatherSeries(db, row.id, parsed, {
      dataProvider: parsed.meta.dataProvider,
      data: {
        ...(row.data as Record<string, unknown>),
        ...digest.aggregates,
        summary: digest.summary,
        meta: metaJson(parsed.meta),
        warnings: parsed.warnings.slice(0, 200),
      },
      state,
    });
    row = (
      await db
        .select()
        .from(weathers)
        .where(sql`${weathers.id} = ${row.id}`)
    )[0]!;
    input = withoutTiming(input);
  }
  const check = validateImportCorrections(row, input);
  if (check.errors.length) throw badRequest(check.errors[0]!, check.modelState);
  const v = corrected(row, input);
  const oldMeta = v.meta;
  const tzChanged = v.timeZone !== oldMeta.timeZone;
  const defChanged = v.timestampDefinition !== oldMeta.timestampDefinition;
  const localStamps = !UTC_STAMP_FORMATS.has(oldMeta.format) && oldMeta.stampUtcOffset === oldMeta.timeZone;
  const storedMeta = { ...(row.data as { meta?: Record<string, unknown> }).meta };
  storedMeta.latitude = v.latitude;
  storedMeta.longitude = v.longitude;
  storedMeta.elevation = Number.isFinite(v.elevation) ? v.elevation : null;
  storedMeta.timeZone = v.timeZone;
  storedMeta.timestampDefinition = v.timestampDefinition;
  if (tzChanged && localStamps) storedMeta.stampUtcOffset = v.timeZone;

  let data = row.data as Record<string, unknown>;
  let state = { ...(row.state as Record<string, unknown>) };
  let timeBytes: Buffer | undefined;
  let startDate = row.startDate;
  let endDate = row.endDate;
  if (tzChanged || defChanged) {
    const weather = (await loadWeatherData(db, row.id))!;
    if (tzChanged && localStamps) {
      const shift = (oldMeta.timeZone - v.timeZone) * MS_PER_HOUR;
      const time = weather.time;
      for (let i = 0; i < time.length; i++) time[i] = time[i]! + shift;
      timeBytes = columnRows(row.id, { time })[0]!.values;
    }
    weather.meta = { ...weather.meta, timeZone: v.timeZone, timestampDefinition: v.timestampDefinition! };
    // The period follows the stamps, and for a typical year the site's day of each record (engine
    // `weatherPeriod`: the year it is simulated in).
    const period = weatherPeriod(weather);
    if (period) {
      startDate = new Date(period.start);
      endDate = new Date(period.end);
    }
    const digest = digestWeather(weather);
    data = { ...data, ...digest.aggregates, summary: digest.summary };
    state = { ...state, charts: digest.charts };
  }
  delete state.pendingImport;
  delete state.rawText;
  state.importedAt = new Date().toISOString();

  // The shifted time axis (8 MB for two one-minute years) is written before the transaction, which
  // only puts it in place (models/weather.ts stageColumns).
  const token = timeBytes
    ? await stageColumns(db, [{ name: TIME_COLUMN, dtype: 'f64', values: timeBytes }])
    : undefined;
  try {
    await db.transaction(async (tx) => {
      if (token) await attachStagedColumns(tx, token, row.id);
      await updateWeatherRow(tx as unknown as Db, row.id, {
        name: v.name,
        latitude: v.latitude,
        longitude: v.longitude,
        elevation: Number.isFinite(v.elevation) ? v.elevation : null,
        timeZone: v.timeZone,
        startDate,
        endDate,
        status: companyWeatherStatus(auth),
        note: input.note === undefined ? row.note : input.note,
        createdDate: new Date(),
        lastModifiedById: auth.user.id,
        data: { ...data, meta: storedMeta },
        state,
      });
    });
  } finally {
    if (token) await discardStagedColumns(db, token);
  }
  const [finalRow] = await db
    .select()
    .from(weathers)
    .where(sql`${weathers.id} = ${row.id}`);
  await publishWeatherItem(database, auth, finalRow!);
  return row.id;
}

/** Pushes `addorupdate:weatheritem` to the caller (after commit). Failures are logged by nobody: best effort. */
export async function publishWeatherItem(
  database: Pick<Database, 'pubsub'>,
  auth: AuthContext,
  row: WeatherRow,
): Promise<void> {
  try {
    await publishClientData(database, {
      userId: auth.user.id,
      command: 'addorupdate:weatheritem',
      data: presentWeatherListItem(row, {
        actor: weatherActorOf(auth),
        owner: { id: auth.user.id, firstName: auth.user.firstName, lastName: auth.user.lastName },
      }),
    });
  } catch {
    // The realtime push is a convenience: the asset is stored whatever happens to it.
  }
}
