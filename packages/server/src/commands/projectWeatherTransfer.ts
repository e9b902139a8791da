/**
 * The weather files of a project export (version 2, docs/project-export.md): each weather a
 * prediction uses travels whole, its row's fields and every stored series as the stored bytes
 * (little-endian Float32, Float64 for the time stamps, base64), so that an import into another
 * company runs on the very same numbers and gives the same energy.
 *
 * On import every series is checked before anything is written: known names, the stored width, one
 * value per row, time stamps finite (1900 … 2200), values NaN (missing) or within physical ranges.
 * The columns are staged outside the import's transaction (models/weather.ts `stageColumns`) and
 * attached inside it, as every weather write does.
 */
import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import { canReadAsset, type LibraryActor } from '@sunfield/domain';
import { TIMESTAMP_DEFINITIONS } from '@sunfield/engine/time/weatherTimestamps.ts';
import type { WeatherSeriesKey } from '@sunfield/engine/weather/types.ts';
import type { AuthContext } from '../auth/context.ts';
import type { Db } from '../db/index.ts';
import { weathers } from '../db/schema.ts';
import type { ModelState } from '../lib/errors.ts';
import {
  attachStagedColumns,
  discardStagedColumns,
  loadWeatherColumnBytes,
  stageColumns,
  TIME_COLUMN,
  WEATHER_SERIES_KEYS,
} from '../models/weather.ts';

type Json = Record<string, unknown>;

/** Largest weather an export may carry: two years of one-minute steps. */
export const MAX_WEATHER_ROWS = 2 * 366 * 24 * 60;

/**
 * Physical bounds of each series (the engine's units: W/m², °C, %, Pa, m/s, °, cm, –, mm); a value
 * outside is refused, NaN is a missing value. Irradiance allows small negative night readings.
 */
const SERIES_RANGES: Record<WeatherSeriesKey, [number, number]> = {
  ghi: [-100, 2000],
  dni: [-100, 2000],
  dhi: [-100, 2000],
  poa: [-100, 2500],
  tempAir: [-100, 80],
  tempDew: [-100, 80],
  relativeHumidity: [0, 110],
  pressure: [10_000, 120_000],
  windSpeed: [0, 120],
  windDirection: [-360, 720],
  precipitableWater: [0, 30],
  albedo: [0, 1],
  rainfall: [0, 1000],
};

/** 1900-01-01 … 2200-01-01 in epoch milliseconds: the range of a stored time stamp. */
const TIME_RANGE: [number, number] = [Date.UTC(1900, 0, 1), Date.UTC(2200, 0, 1)];

const COLUMN_NAMES = [TIME_COLUMN, ...WEATHER_SERIES_KEYS] as [string, ...string[]];
const finite = (min: number, max: number) => z.number().min(min).max(max);
const date = z.iso.datetime({ offset: true, error: 'A date and time (ISO 8601) is required.' });

/**
 * The stored meta the engine reads back (models/weather.ts `weatherMetaOf`): its numbers in
 * physical ranges (the row's own columns, checked below, take precedence where both exist).
 */
const metaSchema = z.looseObject({
  stampUtcOffset: finite(-14, 14).nullish(),
  timeZone: finite(-14, 14).nullish(),
  sunOffsetMinutes: finite(-1440, 1440).nullish(),
  intervalMinutes: finite(1, 1440).nullish(),
  timestampDefinition: z.enum(TIMESTAMP_DEFINITIONS as [string, ...string[]]).nullish(),
  poaTilt: finite(0, 90).nullish(),
  poaAzimuth: finite(-360, 360).nullish(),
  windSensorHeight: finite(0, 300).nullish(),
  typicalYear: z.boolean().nullish(),
  years: z.array(z.number().int().min(1900).max(2200)).max(300).nullish(),
});

export const weatherRecordSchema = z.object({
  id: z.number().int(),
  name: z.string().trim().min(1, 'Name is required.').max(200),
  source: z.string().max(200).nullish(),
  note: z.string().max(4000).nullish(),
  dataProvider: z.number().int().min(0).max(100).nullish(),
  latitude: finite(-90, 90),
  longitude: finite(-180, 180),
  elevation: finite(-500, 9000).nullish(),
  timeZone: finite(-14, 14).nullish(),
  startDate: date.nullish(),
  endDate: date.nullish(),
  timeInterval: z.number().int().min(1).max(1440),
  rowCount: z.number().int().min(1).max(MAX_WEATHER_ROWS),
  data: z.looseObject({ meta: metaSchema.optional() }).default({}),
  series: z
    .array(
      z.object({
        name: z.enum(COLUMN_NAMES, { error: 'Not a weather series.' }),
        dtype: z.enum(['f32', 'f64']),
        values: z.base64({ error: 'The values must be base64.' }),
      }),
    )
    .min(1)
    .max(COLUMN_NAMES.length),
});

export type WeatherRecord = z.output<typeof weatherRecordSchema>;

/** A checked weather of an export: its record and the decoded columns, ready to stage. */
export interface WeatherCopy {
  record: WeatherRecord;
  columns: { name: string; dtype: string; values: Buffer }[];
}

/** The values of a column (little-endian), or the first problem with them. */
function checkColumn(name: string, dtype: string, bytes: Buffer, rows: number): string | undefined {
  const width = dtype === 'f64' ? 8 : 4;
  if (name === TIME_COLUMN && dtype !== 'f64') return 'Time stamps are stored as f64.';
  if (bytes.length !== rows * width) return `Expected ${rows} values (${rows * width} bytes).`;
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const read = (i: number) => (width === 8 ? dv.getFloat64(i * 8, true) : dv.getFloat32(i * 4, true));
  if (name === TIME_COLUMN) {
    // Not necessarily increasing: a typical year's stamps keep their months' source years.
    for (let i = 0; i < rows; i++) {
      const t = read(i);
      if (!Number.isFinite(t) || t < TIME_RANGE[0] || t > TIME_RANGE[1])
        return `Time stamp ${i + 1} is not a time between 1900 and 2200.`;
    }
    return undefined;
  }
  const [min, max] = SERIES_RANGES[name as WeatherSeriesKey];
  for (let i = 0; i < rows; i++) {
    const v = read(i);
    if (Number.isNaN(v)) continue;
    if (!(v >= min && v <= max)) return `Value ${i + 1} (${v}) is outside ${min} … ${max}.`;
  }
  return undefined;
}

/**
 * The checked weathers of an export's library (version 2), keyed by their exported id; problems go to
 * `modelState` under `library.weathers.{i}…`. Records without series (version 1) are skipped.
 */
export function checkWeatherRecords(records: Json[], modelState: ModelState): Map<number, WeatherCopy> {
  const out = new Map<number, WeatherCopy>();
  records.forEach((raw, index) => {
    if (raw.series === undefined) return;
    const at = `library.weathers.${index}`;
    const parsed = weatherRecordSchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        (modelState[[at, ...issue.path.map(String)].join('.')] ??= []).push(issue.message);
      return;
    }
    const record = parsed.data;
    const columns: WeatherCopy['columns'] = [];
    const seen = new Set<string>();
    record.series.forEach((column, c) => {
      const problem = seen.has(column.name)
        ? 'This series is given twice.'
        : checkColumn(column.name, column.dtype, Buffer.from(column.values, 'base64'), record.rowCount);
      seen.add(column.name);
      if (problem) (modelState[`${at}.series.${c}.values`] ??= []).push(problem);
      else
        columns.push({
          name: column.name,
          dtype: column.dtype,
          values: Buffer.from(column.values, 'base64'),
        });
    });
    if (!seen.has(TIME_COLUMN)) (modelState[`${at}.series`] ??= []).push('The time stamps are required.');
    for (const key of ['ghi', 'dni', 'dhi', 'tempAir'] as const)
      if (!seen.has(key)) (modelState[`${at}.series`] ??= []).push(`The ${key} series is required.`);
    if (!out.has(record.id)) out.set(record.id, { record, columns });
    else (modelState[`${at}.id`] ??= []).push('This weather is in the library twice.');
  });
  return out;
}

/** The export records of the weathers `ids` the caller may read, with every stored series. */
export async function exportWeathers(db: Db, actor: LibraryActor, ids: number[]): Promise<Json[]> {
  if (ids.length === 0) return [];
  const rows = (await db.select().from(weathers).where(inArray(weathers.id, ids))).filter((row) =>
    canReadAsset(actor, row),
  );
  const out: Json[] = [];
  for (const row of rows) {
    const columns = await loadWeatherColumnBytes(db, row.id, COLUMN_NAMES);
    out.push({
      id: row.id,
      name: row.name,
      source: row.source,
      note: row.note,
      dataProvider: row.dataProvider,
      latitude: row.latitude,
      longitude: row.longitude,
      elevation: row.elevation,
      timeZone: row.timeZone,
      startDate: row.startDate?.toISOString() ?? null,
      endDate: row.endDate?.toISOString() ?? null,
      timeInterval: row.timeInterval,
      rowCount: row.rowCount,
      data: row.data,
      series: columns
        .sort((a, b) => COLUMN_NAMES.indexOf(a.name) - COLUMN_NAMES.indexOf(b.name))
        .map((c) => ({ name: c.name, dtype: c.dtype, values: c.values.toString('base64') })),
    });
  }
  return out;
}

/** Stages the columns of the weathers to copy (outside the transaction); `discard` removes them. */
export async function stageWeatherCopies(
  db: Db,
  copies: WeatherCopy[],
): Promise<{ tokens: Map<WeatherCopy, string>; discard: () => Promise<void> }> {
  const tokens = new Map<WeatherCopy, string>();
  const discard = async () => {
    for (const token of tokens.values()) await discardStagedColumns(db, token);
  };
  try {
    for (const copy of copies) tokens.set(copy, await stageColumns(db, copy.columns));
  } catch (error) {
    await discard();
    throw error;
  }
  return { tokens, discard };
}

/** Inserts a copied weather (Draft-Private, the caller's) inside the import's transaction. */
export async function insertWeatherCopy(
  tx: Db,
  auth: AuthContext,
  copy: WeatherCopy,
  token: string,
): Promise<number> {
  const { record } = copy;
  const [row] = await tx
    .insert(weathers)
    .values({
      companyId: auth.company.id,
      ownerId: auth.user.id,
      lastModifiedById: auth.user.id,
      status: 1,
      name: record.name,
      source: record.source ?? 'Project import',
      note: record.note ?? null,
      dataProvider: record.dataProvider ?? null,
      latitude: record.latitude,
      longitude: record.longitude,
      elevation: record.elevation ?? null,
      timeZone: record.timeZone ?? null,
      startDate: record.startDate ? new Date(record.startDate) : null,
      endDate: record.endDate ? new Date(record.endDate) : null,
      timeInterval: record.timeInterval,
      rowCount: record.rowCount,
      data: record.data,
      state: {},
    })
    .returning({ id: weathers.id });
  await attachStagedColumns(tx, token, row!.id);
  return row!.id;
}
