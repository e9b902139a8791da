/**
 * Creating and updating a prediction (spec 1 §4, spec 4 §1):
 *
 * - A new prediction takes the defaults of `newPredictionDefaults` (spec 4, then the company's default
 *   settings), the project's elevation and time zone, and starts as Draft-Private (a draft status may
 *   be given; the other statuses go through the change-status flow).
 * - An update changes the fields it gives (absent fields keep their values, null clears); the status
 *   is changed only through POST …/Prediction/Status.
 * - Choosing a weather file (a new or changed `weatherId`): the file must be one the company may use;
 *   start and end become the file's dates unless the request gives dates within the file's span
 *   (otherwise they are adjusted, with the warning of spec 2 §8.4); the meteo-POA, decomposition and
 *   transposition choices follow the file unless the request gives them (spec 1 §4); a file whose
 *   time zone differs from the project's is warned about. Warnings travel in `x-message`.
 * - A constant `albedo` or `soilingLoss` (engine choices) given without monthly factors is written into
 *   each month of the stored monthly factors (`withConstantFactors`), which the run then uses.
 */
import {
  canReadAsset,
  newPredictionDefaults,
  WARNING,
  weatherChoices,
  weatherTimeZoneWarning,
  withConstantFactors,
  type PredictionInput,
  type WeatherFacts,
} from '@sunfield/domain';
import type { AuthContext } from '../auth/context.ts';
import type { Db } from '../db/index.ts';
import { badRequest, INVALID_INPUT } from '../lib/errors.ts';
import type { XMessage } from '../lib/request.ts';
import {
  insertPrediction,
  updatePredictionRow,
  type PredictionChanges,
  type PredictionRow,
} from '../models/prediction.ts';
import type { ProjectRow } from '../models/project.ts';
import { findWeather, storedColumnNames, type WeatherRow } from '../models/weather.ts';
import { isPendingImport, weatherActorOf } from '../policies/weather.ts';
import { predictionNotFound } from '../policies/prediction.ts';

type Json = Record<string, unknown>;

export interface PredictionSaveResult {
  prediction: PredictionRow;
  messages: XMessage[];
}

/** Fields kept in columns rather than in `data`. */
const COLUMN_FIELDS = new Set(['id', 'name', 'status', 'weatherId']);

const DRAFT_STATUSES = [1, 2, 10];

export const STATUS_CHANGE_MESSAGE =
  'The status changes through the change-status flow: POST /Project/{projectId}/Prediction/Status.';

/** The input's data fields: absent skipped, null kept (it clears). */
function dataFields(input: PredictionInput): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || COLUMN_FIELDS.has(key)) continue;
    out[key] = value;
  }
  return out;
}

/** Applies changes to data: null removes the field. */
function applyData(data: Json, changes: Json): Json {
  const out: Json = { ...data };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete out[key];
    else out[key] = value;
  }
  return out;
}

/** The weather with this id if the company may use it; a 400 naming `weatherId` otherwise. */
async function usableWeather(db: Db, auth: AuthContext, id: number): Promise<WeatherRow> {
  const found = await findWeather(db, auth.company.id, id);
  if (!found || isPendingImport(found.weather) || !canReadAsset(weatherActorOf(auth), found.weather)) {
    throw badRequest(INVALID_INPUT, { weatherId: [`Weather ${id} was not found.`] });
  }
  return found.weather;
}

async function weatherFacts(db: Db, weather: WeatherRow): Promise<WeatherFacts> {
  const columns = new Set(await storedColumnNames(db, weather.id));
  return {
    startDate: weather.startDate?.toISOString() ?? null,
    endDate: weather.endDate?.toISOString() ?? null,
    hasPoa: columns.has('poa'),
    hasDniDhi: columns.has('dni') && columns.has('dhi'),
    timeZone: weather.timeZone,
  };
}

/**
 * Whether a date lies within the weather file's span. A typical year lists its months from different
 * years (its first record may come after its last): only the file's own dates match it.
 */
const within = (value: unknown, start: string | null, end: string | null): boolean => {
  if (typeof value !== 'string' || !start || !end) return false;
  const t = Date.parse(value);
  const a = Date.parse(start);
  const b = Date.parse(end);
  if (a > b) return t === a || t === b;
  return t >= a - 1000 && t <= b + 1000;
};

/**
 * The data changes that follow choosing `weather`, given what the request itself sets; with the
 * warnings to show.
 */
async function followWeather(
  db: Db,
  weather: WeatherRow,
  request: Json,
  current: Json,
  project: ProjectRow,
): Promise<{ changes: Json; messages: XMessage[] }> {
  const facts = await weatherFacts(db, weather);
  const choices = weatherChoices(facts);
  const changes: Json = {};
  const messages: XMessage[] = [];
  for (const key of ['useMeteoPOAI', 'diffuseDirectDecompModel', 'transpositionModel'])
    if (request[key] === undefined && choices[key] !== undefined) changes[key] = choices[key];
  const datesGiven =
    within(request.start, facts.startDate, facts.endDate) &&
    within(request.end, facts.startDate, facts.endDate);
  if (!datesGiven && facts.startDate && facts.endDate) {
    changes.start = facts.startDate;
    changes.end = facts.endDate;
    const before = { start: request.start ?? current.start, end: request.end ?? current.end };
    if (before.start !== undefined || before.end !== undefined)
      if (before.start !== facts.startDate || before.end !== facts.endDate)
        messages.push({ Type: 'warning', Message: WARNING.weatherDatesAdjusted });
  }
  const projectOffset = project.standardOffsetFromUTC;
  if (facts.timeZone !== null && projectOffset !== null && facts.timeZone !== projectOffset) {
    messages.push({ Type: 'warning', Message: weatherTimeZoneWarning(facts.timeZone, projectOffset) });
  }
  return { changes, messages };
}

export async function createPrediction(
  db: Db,
  auth: AuthContext,
  project: ProjectRow,
  input: PredictionInput,
): Promise<PredictionSaveResult> {
  if (!input.name) throw badRequest(INVALID_INPUT, { name: ['Name is required.'] });
  const status = input.status ?? 1;
  if (!DRAFT_STATUSES.includes(status)) {
    throw badRequest(INVALID_INPUT, {
      status: ['A new prediction is a draft (1 Draft-Private, 2 Draft-Shared or 10 String-Sizing).'],
    });
  }
  const request = dataFields(input);
  let data = newPredictionDefaults(auth.company.defaultSettings);
  if (project.elevation !== null) data.elevation = project.elevation;
  if (project.standardOffsetFromUTC !== null) data.timeZone = project.standardOffsetFromUTC;
  const messages: XMessage[] = [];
  if (input.weatherId) {
    const weather = await usableWeather(db, auth, input.weatherId);
    const follow = await followWeather(db, weather, request, {}, project);
    data = applyData(data, follow.changes);
    messages.push(...follow.messages);
  }
  data = withConstantFactors(applyData(data, request), request);
  const prediction = await insertPrediction(db, {
    companyId: auth.company.id,
    projectId: project.id,
    ownerId: auth.user.id,
    lastModifiedById: auth.user.id,
    name: input.name,
    status,
    weatherId: input.weatherId ?? null,
    data,
  });
  return { prediction, messages };
}

export async function updatePrediction(
  db: Db,
  auth: AuthContext,
  current: PredictionRow,
  project: ProjectRow,
  input: PredictionInput,
): Promise<PredictionSaveResult> {
  if (input.status !== undefined && input.status !== null && input.status !== current.status) {
    throw badRequest(INVALID_INPUT, { status: [STATUS_CHANGE_MESSAGE] });
  }
  if (input.name === null) throw badRequest(INVALID_INPUT, { name: ['Name is required.'] });
  const request = dataFields(input);
  const messages: XMessage[] = [];
  let data = current.data ?? {};
  const changes: PredictionChanges = { lastModified: new Date(), lastModifiedById: auth.user.id };
  if (input.name !== undefined) changes.name = input.name;
  if (input.weatherId !== undefined && input.weatherId !== current.weatherId) {
    changes.weatherId = input.weatherId;
    if (input.weatherId !== null) {
      const weather = await usableWeather(db, auth, input.weatherId);
      const follow = await followWeather(db, weather, request, data, project);
      data = applyData(data, follow.changes);
      messages.push(...follow.messages);
    }
  }
  changes.data = withConstantFactors(applyData(data, request), request);
  const prediction = await updatePredictionRow(db, auth.company.id, current.id, changes);
  if (!prediction) throw predictionNotFound();
  return { prediction, messages };
}
