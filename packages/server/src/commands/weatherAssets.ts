/**
 * Changes to stored weather assets (update, title, clone, status) and the read views of their
 * series: paged WeatherDetail rows, series for charts (JSON or binary) and the CSV export.
 */
import { Readable } from 'node:stream';
import { cloneAssetStatus, settableAssetStatuses } from '@sunfield/domain/library.ts';
import { isAnyAdmin } from '@sunfield/domain/roles.ts';
import { MS_PER_HOUR, MS_PER_MINUTE } from '@sunfield/engine/time/calendar.ts';
import type { WeatherSeriesKey } from '@sunfield/engine/weather/types.ts';
import type { AuthContext } from '../auth/context.ts';
import type { Db } from '../db/index.ts';
import { badRequest } from '../lib/errors.ts';
import {
  cloneWeatherRows,
  decodeColumn,
  findWeathersByIds,
  loadWeatherColumnBytes,
  loadWeatherColumnSlices,
  setWeatherStatuses,
  TIME_COLUMN,
  updateWeatherRow,
  WEATHER_SERIES_KEYS,
  weatherMetaOf,
  type WeatherRow,
  type WeatherViewer,
} from '../models/weather.ts';
import { mayActOnWeather, weatherActorOf, weatherNotFound, weatherRefusal } from '../policies/weather.ts';
import { forbidden } from '../lib/errors.ts';

export const viewerOf = (auth: AuthContext): WeatherViewer => ({
  companyId: auth.company.id,
  userId: auth.user.id,
  isAdmin: isAnyAdmin(auth.user.roles),
});

// ------------------------------------------------------------------------------------------------
// Update, title, clone, status
// ------------------------------------------------------------------------------------------------

export interface WeatherUpdate {
  name?: string | undefined;
  latitude?: number | undefined;
  longitude?: number | undefined;
  elevation?: number | null | undefined;
  timeZone?: number | undefined;
  note?: string | null | undefined;
  description?: string | null | undefined;
}

/** Updates the editable fields. The series stay as stored (a time-zone edit relabels, not shifts). */
export async function updateWeather(
  db: Db,
  auth: AuthContext,
  row: WeatherRow,
  input: WeatherUpdate,
): Promise<WeatherRow> {
  const data = { ...(row.data as Record<string, unknown>) };
  if (input.description !== undefined) data.description = input.description;
  const meta = { ...(data.meta as Record<string, unknown> | undefined) };
  if (input.latitude !== undefined) meta.latitude = input.latitude;
  if (input.longitude !== undefined) meta.longitude = input.longitude;
  if (input.elevation !== undefined) meta.elevation = input.elevation;
  if (input.timeZone !== undefined) meta.timeZone = input.timeZone;
  data.meta = meta;
  return updateWeatherRow(db, row.id, {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.latitude !== undefined ? { latitude: input.latitude } : {}),
    ...(input.longitude !== undefined ? { longitude: input.longitude } : {}),
    ...(input.elevation !== undefined ? { elevation: input.elevation } : {}),
    ...(input.timeZone !== undefined ? { timeZone: input.timeZone } : {}),
    ...(input.note !== undefined ? { note: input.note } : {}),
    data,
    lastModifiedById: auth.user.id,
  });
}

function companyWeatherDefault(auth: AuthContext): number | null {
  const settings = auth.company.defaultSettings as { miscellaneousSettings?: { weatherStatus?: unknown } };
  const value = settings.miscellaneousSettings?.weatherStatus;
  return typeof value === 'number' ? value : null;
}

/** Copies a weather the caller reads into the caller's company; the clone's name ends with " (copy)". */
export async function cloneWeather(db: Db, auth: AuthContext, row: WeatherRow): Promise<number> {
  const name = `${row.name} (copy)`.slice(0, 200);
  return cloneWeatherRows(db, row, {
    companyId: auth.company.id,
    ownerId: auth.user.id,
    status: cloneAssetStatus(row.status, companyWeatherDefault(auth)),
    name,
  });
}

export interface StatusItem {
  id: number;
  status: number;
  note?: string | null | undefined;
}

/** Loads every listed weather (404 if one is not visible) and checks the new statuses (400/403). */
async function checkStatusItems(db: Db, auth: AuthContext, items: StatusItem[]): Promise<WeatherRow[]> {
  const ids = [...new Set(items.map((i) => i.id))];
  const rows = await findWeathersByIds(db, viewerOf(auth), ids);
  if (rows.length !== ids.length) throw weatherNotFound();
  const actor = weatherActorOf(auth);
  const settable = settableAssetStatuses(auth.user.roles);
  for (const item of items) {
    if (!settable.includes(item.status)) {
      const message = `Status ${item.status} cannot be set.`;
      throw badRequest(message, { status: [message] });
    }
  }
  for (const row of rows) {
    if (!mayActOnWeather(actor, row, 'status')) {
      const message = weatherRefusal(row, 'status');
      throw forbidden({ message, modelState: { $: [message] } });
    }
  }
  return rows;
}

/** Status/Validate: weather has no draft components (spec 2 §7.10; a rejection is ignored by the web). */
export async function validateWeatherStatus(db: Db, auth: AuthContext, items: StatusItem[]) {
  await checkStatusItems(db, auth, items);
  return { draftComponents: [] as unknown[] };
}

export async function changeWeatherStatus(db: Db, auth: AuthContext, items: StatusItem[]): Promise<void> {
  await checkStatusItems(db, auth, items);
  await setWeatherStatuses(db, items, auth.user.id);
}

// ------------------------------------------------------------------------------------------------
// Detail rows (spec 3 WeatherDetail)
// ------------------------------------------------------------------------------------------------

/** WeatherDetail field of each series; pressure is shown in mbar (hPa) as in the API. */
const DETAIL_FIELD: Partial<Record<WeatherSeriesKey, string>> = {
  ghi: 'globalHorizontalIrradiance',
  dni: 'directNormalIrradiance',
  dhi: 'diffuseHorizontalIrradiance',
  poa: 'planeOfArrayIrradiance',
  tempAir: 'temperature',
  tempDew: 'dewpoint',
  relativeHumidity: 'relativeHumidity',
  pressure: 'pressure',
  windSpeed: 'windspeed',
  windDirection: 'windDirection',
  precipitableWater: 'precipitableWater',
  albedo: 'albedoData',
  rainfall: 'rainfall',
};

/** ISO date-time without offset in the given standard UTC offset ('2020-01-01T01:00:00'). */
export function localIso(time: number, offsetHours: number): string {
  if (!Number.isFinite(time)) return '';
  return new Date(time + offsetHours * MS_PER_HOUR).toISOString().slice(0, 19);
}

const toFixedOrNull = (v: number, digits = 3): number | null =>
  Number.isFinite(v) ? Math.round(v * 10 ** digits) / 10 ** digits : null;

/** Decodes rows `offset…offset+limit` of every stored column (only those bytes). */
async function sliceColumns(db: Db, row: WeatherRow, offset: number, limit: number) {
  const names = [TIME_COLUMN, ...WEATHER_SERIES_KEYS];
  const count = Math.max(0, Math.min(row.rowCount, offset + limit) - offset);
  const columns = await loadWeatherColumnSlices(db, row.id, names, offset, count);
  const out = new Map<string, Float64Array>();
  for (const c of columns) out.set(c.name, decodeColumn(c.dtype, c.values));
  return { out, count };
}

export async function weatherDetailPage(db: Db, row: WeatherRow, offset: number, limit: number) {
  const meta = weatherMetaOf(row);
  const tz = Number.isFinite(meta.timeZone) ? meta.timeZone : 0;
  const { out, count } = await sliceColumns(db, row, offset, limit);
  const time = out.get(TIME_COLUMN) ?? new Float64Array(0);
  const rows: Record<string, unknown>[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const detail: Record<string, unknown> = {
      id: offset + i + 1,
      weatherId: row.id,
      index: offset + i,
      timeStamp: localIso(time[i]!, tz),
    };
    for (const key of WEATHER_SERIES_KEYS) {
      const series = out.get(key);
      if (!series) continue;
      const v = key === 'pressure' ? series[i]! / 100 : series[i]!;
      detail[DETAIL_FIELD[key]!] = toFixedOrNull(v);
    }
    rows[i] = detail;
  }
  return { weatherDetails: rows, total: row.rowCount };
}

// ------------------------------------------------------------------------------------------------
// Series for charts
// ------------------------------------------------------------------------------------------------

/** The requested series as JSON arrays (NaN → null); time as epoch milliseconds. */
export async function weatherSeriesJson(db: Db, row: WeatherRow, keys: readonly string[]) {
  const columns = await loadWeatherColumnBytes(db, row.id, [TIME_COLUMN, ...keys]);
  const out: Record<string, (number | null)[]> = {};
  for (const c of columns) {
    const values = decodeColumn(c.dtype, c.values);
    const list: (number | null)[] = new Array<number | null>(values.length);
    for (let i = 0; i < values.length; i++) list[i] = Number.isFinite(values[i]) ? values[i]! : null;
    out[c.name] = list;
  }
  return out;
}

/**
 * The requested series as one binary body: a little-endian uint32 with the byte length of a JSON
 * header, the header `{rowCount, columns: [{name, dtype, byteOffset, byteLength}]}` (byte offsets
 * from the start of the body, 8-byte aligned), then each column's stored bytes (time: Float64,
 * others: Float32, little-endian, NaN where missing).
 */
export async function weatherSeriesBinary(db: Db, row: WeatherRow, keys: readonly string[]): Promise<Buffer> {
  const columns = await loadWeatherColumnBytes(db, row.id, [TIME_COLUMN, ...keys]);
  columns.sort((a, b) => (a.name === TIME_COLUMN ? -1 : b.name === TIME_COLUMN ? 1 : 0));
  const describe = (start: number) => {
    let offset = start;
    return columns.map((c) => {
      const entry = { name: c.name, dtype: c.dtype, byteOffset: offset, byteLength: c.values.length };
      offset += Math.ceil(c.values.length / 8) * 8;
      return entry;
    });
  };
  // The header's own length moves the offsets; two passes settle it.
  let headerJson = JSON.stringify({ rowCount: row.rowCount, columns: describe(0) });
  let start = Math.ceil((4 + Buffer.byteLength(headerJson) + 64) / 8) * 8;
  headerJson = JSON.stringify({ rowCount: row.rowCount, columns: describe(start) });
  start = Math.max(start, Math.ceil((4 + Buffer.byteLength(headerJson)) / 8) * 8);
  headerJson = JSON.stringify({ rowCount: row.rowCount, columns: describe(start) });
  const entries = describe(start);
  const total = entries.length
    ? entries[entries.length - 1]!.byteOffset + Math.ceil(entries[entries.length - 1]!.byteLength / 8) * 8
    : start;
  const body = Buffer.alloc(total);
  body.writeUInt32LE(Buffer.byteLength(headerJson), 0);
  body.write(headerJson, 4, 'utf8');
  columns.forEach((c, i) => c.values.copy(body, entries[i]!.byteOffset));
  return body;
}

// ------------------------------------------------------------------------------------------------
// CSV export
// ------------------------------------------------------------------------------------------------

/** Export column names (NSRDB PSM CSV names, so that the export imports again; POA and rainfall extra). */
const EXPORT_NAMES: Partial<Record<WeatherSeriesKey, string>> = {
  ghi: 'GHI',
  dni: 'DNI',
  dhi: 'DHI',
  poa: 'POA',
  tempAir: 'Temperature',
  tempDew: 'Dew Point',
  relativeHumidity: 'Relative Humidity',
  pressure: 'Pressure',
  windSpeed: 'Wind Speed',
  windDirection: 'Wind Direction',
  precipitableWater: 'Precipitable Water',
  albedo: 'Surface Albedo',
  rainfall: 'Rainfall',
};

const csvText = (s: string): string => (/[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
const csvNumber = (v: number): string => (Number.isFinite(v) ? String(Math.round(v * 1000) / 1000) : '');

/** A file name for the export: the asset's name with unsafe characters replaced. */
export const exportFileName = (row: WeatherRow): string =>
  `${row.name.replace(/[^\w\- .()]+/g, '_').trim() || `weather-${row.id}`}.csv`;

/**
 * The weather as CSV in the layout of an NSRDB PSM v3 download (two metadata lines, then Year,
 * Month, Day, Hour, Minute and the series), streamed in blocks of rows. Stamps are written as
 * interval begin in the site's standard time, so that the file reads back to the same instants;
 * pressure in mbar.
 */
export async function weatherCsvStream(db: Db, row: WeatherRow): Promise<Readable> {
  const meta = weatherMetaOf(row);
  const tz = Number.isFinite(meta.timeZone) ? meta.timeZone : 0;
  const columns = await loadWeatherColumnBytes(db, row.id, [TIME_COLUMN, ...WEATHER_SERIES_KEYS]);
  const byName = new Map(columns.map((c) => [c.name, decodeColumn(c.dtype, c.values)]));
  const time = byName.get(TIME_COLUMN) ?? new Float64Array(0);
  const keys = WEATHER_SERIES_KEYS.filter((k) => byName.has(k));
  const series = keys.map((k) => byName.get(k)!);
  const interval = meta.intervalMinutes * MS_PER_MINUTE;
  const toBegin =
    meta.timestampDefinition === 'intervalEnd'
      ? -interval
      : meta.timestampDefinition === 'intervalMiddle'
        ? -interval / 2
        : 0;
  const offset = tz * MS_PER_HOUR + toBegin;
  const fmt = (x: number | null | undefined) =>
    x === null || x === undefined || !Number.isFinite(x) ? '' : String(x);
  const head =
    'Source,Location ID,City,State,Country,Latitude,Longitude,Time Zone,Elevation,Local Time Zone,Pressure Units,Version\n' +
    `Sunfield export,${row.id},${csvText(row.name)},-,-,${fmt(row.latitude)},${fmt(row.longitude)},${tz},${fmt(row.elevation)},${tz},mbar,sunfield-1\n` +
    ['Year', 'Month', 'Day', 'Hour', 'Minute', ...keys.map((k) => EXPORT_NAMES[k]!)].join(',') +
    '\n';
  const n = time.length;
  const BLOCK = 5000;
  let i = 0;
  let headSent = false;
  return Readable.from(
    (function* () {
      if (!headSent) {
        headSent = true;
        yield head;
      }
      while (i < n) {
        const end = Math.min(n, i + BLOCK);
        const parts: string[] = [];
        for (; i < end; i++) {
          const d = new Date(time[i]! + offset);
          let line = `${d.getUTCFullYear()},${d.getUTCMonth() + 1},${d.getUTCDate()},${d.getUTCHours()},${d.getUTCMinutes()}`;
          for (let k = 0; k < keys.length; k++) {
            const v = series[k]![i]!;
            line += ',' + csvNumber(keys[k] === 'pressure' ? v / 100 : v);
          }
          parts.push(line);
        }
        yield parts.join('\n') + '\n';
      }
    })(),
    { objectMode: false },
  );
}
