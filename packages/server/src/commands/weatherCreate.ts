/**
 * Weather from JSON records (spec 2 §7.10 "POST /Weather (returns id)", spec 4 §1; the SDK's
 * `Weather.create()` and `update()` with `weather_details`): the records become the columnar series
 * (engine `weatherFromDetails`), stored with the summary and charts as any import is.
 *
 * Reading the records:
 * - stamps without an offset are in the site's standard time: the body's `timeZone`, else the
 *   offset of the point (lib/geo.ts), else longitude / 15;
 * - what a stamp marks: the body's `timestampDefinition` (1 end, 2 begin, 3 middle); without one, a
 *   series whose first stamp falls on local midnight is read as interval-begin (the SDK's example
 *   year runs 00:00 … 23:00), any other as interval-end (the TMY convention);
 * - the interval is detected from the stamps; sums and averages are computed from the series, not
 *   taken from the body.
 * A record the engine cannot read is a 400 naming it, under `weatherDetails`; nothing is stored.
 */
import { settableAssetStatuses } from '@sunfield/domain/library.ts';
import { MS_PER_DAY, MS_PER_HOUR, parseIsoWithOffset } from '@sunfield/engine/time/calendar.ts';
import type { TimestampDefinition } from '@sunfield/engine/time/weatherTimestamps.ts';
import { weatherFromDetails, type WeatherDetailRecord } from '@sunfield/engine/weather/details.ts';
import {
  WEATHER_DATA_PROVIDER,
  WEATHER_TIMESTAMP_DEFINITION,
  WeatherParseError,
  type WeatherData,
} from '@sunfield/engine/weather/types.ts';
import type { AuthContext } from '../auth/context.ts';
import type { Database, Db } from '../db/index.ts';
import { badRequest } from '../lib/errors.ts';
import { locationAt, timeZoneInfoAt } from '../lib/geo.ts';
import {
  findWeatherRow,
  metaJson,
  replaceWeatherSeries,
  storeWeather,
  updateWeatherRow,
  weatherMetaOf,
  type WeatherRow,
} from '../models/weather.ts';
import type { CreateWeatherInput, WeatherDetailInput } from '../routes/weather/detailsSchemas.ts';
import { newRowStatus } from '../policies/company.ts';
import { digestWeather } from './weatherCharts.ts';
import { publishWeatherItem, TIMESTAMP_DEFINITION_BY_ID } from './weatherImport.ts';

/** The spec 3 Weather fields a create or an update keeps in `data` as they are sent. */
const DESCRIPTION_FIELDS = [
  'description',
  'locality',
  'stateProvince',
  'stateProvinceCode',
  'country',
  'countryCode',
  'region',
  'stationName',
  'stationCode',
  'dataType',
  'pLevel',
  'windSensorHeight',
] as const;

type Description = Partial<Record<(typeof DESCRIPTION_FIELDS)[number], string | number | null | undefined>>;

/** The fields of `input` that were sent (null included: it clears the field). */
function descriptionOf(input: Description): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of DESCRIPTION_FIELDS) if (input[field] !== undefined) out[field] = input[field];
  return out;
}

/** What a stamp marks when the body does not say (see the module comment). */
export function inferTimestampDefinition(
  details: readonly WeatherDetailInput[],
  timeZone: number,
): TimestampDefinition {
  const first = details[0]?.timeStamp ?? details[0]?.timestamp;
  if (typeof first !== 'string') return 'intervalEnd';
  let instant: number;
  try {
    instant = parseIsoWithOffset(first, timeZone);
  } catch {
    return 'intervalEnd';
  }
  const local = (((instant + timeZone * MS_PER_HOUR) % MS_PER_DAY) + MS_PER_DAY) % MS_PER_DAY;
  return local === 0 ? 'intervalBegin' : 'intervalEnd';
}

export interface DetailsMeta {
  latitude: number;
  longitude: number;
  elevation?: number | null | undefined;
  timeZone: number;
  /** WeatherTimestampDefinitionEnum id, or null to infer */
  timestampDefinition?: number | null | undefined;
  name: string;
}

/** The records as engine columns; a record the engine refuses is a 400 under `weatherDetails`. */
export function weatherDataFromDetails(
  details: readonly WeatherDetailInput[],
  meta: DetailsMeta,
): WeatherData {
  const definition =
    (meta.timestampDefinition ? TIMESTAMP_DEFINITION_BY_ID[meta.timestampDefinition] : undefined) ??
    inferTimestampDefinition(details, meta.timeZone);
  const records: Partial<WeatherDetailRecord>[] = details.map((d) => {
    const { timestamp, windSpeed, index: _index, ...rest } = d;
    const record: Record<string, unknown> = { ...rest };
    record.timeStamp = d.timeStamp ?? timestamp;
    record.windspeed = d.windspeed ?? windSpeed;
    return record as Partial<WeatherDetailRecord>;
  });
  try {
    return weatherFromDetails(records, {
      latitude: meta.latitude,
      longitude: meta.longitude,
      elevation: meta.elevation ?? Number.NaN,
      timeZone: meta.timeZone,
      timestampDefinition: definition,
      name: meta.name,
    });
  } catch (error) {
    if (!(error instanceof WeatherParseError)) throw error;
    const message = error.reason.startsWith('weatherDetails')
      ? error.reason
      : `weatherDetails: ${error.reason}`;
    throw badRequest(message, { weatherDetails: [message] });
  }
}

/**
 * The status of a new weather: the one asked for when the caller may set it, else the company
 * default when the caller may set that, else Draft-Private.
 */
function statusForNew(auth: AuthContext, requested: number | null | undefined): number {
  if (requested !== null && requested !== undefined) {
    if (settableAssetStatuses(auth.user.roles).includes(requested)) return requested;
    const message = `Status ${requested} cannot be set.`;
    throw badRequest(message, { status: [message] });
  }
  return newRowStatus(auth, 'weather');
}

/** The site's standard offset [h]: the one given, else the point's, else longitude / 15. */
const timeZoneOf = (given: number | null | undefined, latitude: number, longitude: number): number =>
  given ?? timeZoneInfoAt({ latitude, longitude }).standardOffsetFromUTC ?? Math.round(longitude / 15);

/** The summary, charts and spec 3 aggregates of the series, as `data` and `state` entries. */
function digestEntries(data: WeatherData) {
  const digest = digestWeather(data);
  return {
    data: {
      ...digest.aggregates,
      summary: digest.summary,
      timestampDefinitionOriginal: WEATHER_TIMESTAMP_DEFINITION[data.meta.timestampDefinition] ?? 0,
    },
    charts: digest.charts,
  };
}

/** POST /Weather: stores a new weather of the caller's company from its records; returns its id. */
export async function createWeatherFromDetails(
  database: Pick<Database, 'db' | 'pubsub'>,
  auth: AuthContext,
  input: CreateWeatherInput,
): Promise<number> {
  const db = database.db;
  const status = statusForNew(auth, input.status);
  const timeZone = timeZoneOf(input.timeZone, input.latitude, input.longitude);
  const data = weatherDataFromDetails(input.weatherDetails, { ...input, timeZone });
  data.meta.dataProvider = input.dataProvider ?? WEATHER_DATA_PROVIDER.Customer;
  data.meta.stationCode = input.stationCode?.trim() ?? '';
  const location = locationAt({ latitude: input.latitude, longitude: input.longitude });
  const digest = digestEntries(data);
  const id = await storeWeather(db, {
    companyId: auth.company.id,
    ownerId: auth.user.id,
    status,
    name: input.name,
    source: input.source?.trim() || 'API (weatherDetails)',
    dataProvider: data.meta.dataProvider,
    note: input.note ?? null,
    data,
    extraData: {
      country: location.country,
      countryCode: location.countryCode,
      region: location.region,
      ...descriptionOf(input),
      ...digest.data,
    },
    state: { charts: digest.charts, createdFrom: 'weatherDetails' },
  });
  const row = await findWeatherRow(db, id);
  if (row) await publishWeatherItem(database, auth, row);
  return id;
}

/**
 * PUT /Weather/{id} without records: the spec 3 description fields sent (locality, country,
 * dataType, pLevel…) replace the stored ones. Returns the row as it now is.
 */
export async function describeWeather(db: Db, row: WeatherRow, input: Description): Promise<WeatherRow> {
  const changes = descriptionOf(input);
  if (Object.keys(changes).length === 0) return row;
  const data = { ...(row.data as Record<string, unknown>), ...changes };
  // The station code is also the meta's (GET /ASHRAE answers it as `wmo`).
  if (input.stationCode !== undefined) {
    data.meta = { ...(data.meta as Record<string, unknown>), stationCode: input.stationCode ?? '' };
  }
  return updateWeatherRow(db, row.id, { data });
}

export interface DetailsUpdate extends Description {
  weatherDetails: readonly WeatherDetailInput[];
  latitude?: number | undefined;
  longitude?: number | undefined;
  elevation?: number | null | undefined;
  timeZone?: number | null | undefined;
  timestampDefinition?: number | null | undefined;
}

/**
 * PUT /Weather/{id} with `weatherDetails`: replaces every series of the weather (and its summary
 * and charts) by the records, read with the location and time zone of the body where it gives them,
 * else the weather's. Returns the updated row; the other edits follow (updateWeather).
 */
export async function replaceWeatherDetails(
  db: Db,
  row: WeatherRow,
  input: DetailsUpdate,
): Promise<WeatherRow> {
  const meta = weatherMetaOf(row);
  const latitude = input.latitude ?? meta.latitude;
  const longitude = input.longitude ?? meta.longitude;
  const timeZone = timeZoneOf(
    input.timeZone ?? (Number.isFinite(meta.timeZone) ? meta.timeZone : undefined),
    latitude,
    longitude,
  );
  const data = weatherDataFromDetails(input.weatherDetails, {
    latitude,
    longitude,
    elevation: input.elevation === undefined ? meta.elevation : input.elevation,
    timeZone,
    timestampDefinition: input.timestampDefinition,
    name: row.name,
  });
  data.meta.dataProvider = row.dataProvider ?? meta.dataProvider;
  data.meta.stationCode = typeof input.stationCode === 'string' ? input.stationCode.trim() : meta.stationCode;
  const digest = digestEntries(data);
  await replaceWeatherSeries(db, row.id, data, {
    data: {
      ...(row.data as Record<string, unknown>),
      ...descriptionOf(input),
      ...digest.data,
      meta: metaJson(data.meta),
      warnings: data.warnings.slice(0, 200),
    },
    state: { ...(row.state as Record<string, unknown>), charts: digest.charts },
  });
  return (await findWeatherRow(db, row.id))!;
}
