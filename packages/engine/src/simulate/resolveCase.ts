/**
 * Validation and resolution of a whole simulation case (`SimulationCase`): project, prediction and
 * plant, with the defaults of absent fields (listed in `defaultsApplied`) and every error naming its
 * field (`CaseValidationError`).
 */
import type { OpticsSite } from '../chain/choices.ts';
import { TIMESTAMP_DEFINITIONS, type TimestampDefinition } from '../time/weatherTimestamps.ts';
import type { WeatherData } from '../weather/types.ts';
import type { CaseLibraries } from './libraryRefs.ts';
import { CaseReader } from './read.ts';
import { resolvePlant, type PlantSettings } from './resolvePlant.ts';
import { resolvePrediction, type PredictionSettings, type WeatherFacts } from './resolvePrediction.ts';

/** A case ready to simulate. */
export interface ResolvedCase {
  project: { name: string; latitude: number; longitude: number; elevation: number; timeZone: number };
  site: OpticsSite;
  prediction: PredictionSettings;
  plant: PlantSettings;
  /** year the stamps of a typical-year weather file are moved to */
  coerceYear: number | undefined;
  /** what the weather's stamps mark: the case's `weather.timestampDefinition`, else the reader's */
  timestampDefinition: TimestampDefinition;
  /** the defaults applied to absent fields, "path = value" */
  defaultsApplied: string[];
  /** what deserves a look but does not stop the run (the weather far from the site, another time zone) */
  warnings: string[];
}

/** Great-circle distance between two points [km] (haversine, R = 6371 km). */
function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const r = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * r) / 2) ** 2 +
    Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(((lon2 - lon1) * r) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(a)));
}

function finite(a: Float64Array | undefined): boolean {
  if (!a) return false;
  for (let i = 0; i < a.length; i++) if (a[i]! === a[i]!) return true;
  return false;
}

/** What a weather series holds, for the defaults and checks of the case. */
export function weatherFacts(w: WeatherData): WeatherFacts {
  return {
    length: w.time.length,
    hasDniDhi: finite(w.dni) && finite(w.dhi),
    hasPoa: finite(w.poa),
    hasPrecipitableWater: finite(w.precipitableWater),
    hasRelativeHumidity: finite(w.relativeHumidity),
    hasDewPoint: finite(w.tempDew),
    hasAlbedo: finite(w.albedo),
  };
}

/**
 * `weather.timestampDefinition` (spec 3 WeatherTimestampDefinitionEnum: 1 interval end, 2 begin,
 * 3 middle, 4 instantaneous) overrides what the weather reader assumed its stamps mark; absent, the
 * reader's definition is used and written to the run's log, since it moves the sun by up to half an
 * interval (issue 17).
 */
function resolveTimestampDefinition(
  r: CaseReader,
  w: Record<string, unknown>,
  weather: WeatherData,
): TimestampDefinition {
  const ids = Object.fromEntries(TIMESTAMP_DEFINITIONS.map((d, i) => [d, i + 1]));
  const fileDefinition = weather.meta.timestampDefinition;
  const id = r.choice(w, 'timestampDefinition', 'weather', ids, ids[fileDefinition]!, false);
  const definition = TIMESTAMP_DEFINITIONS[id - 1]!;
  if (w.timestampDefinition === undefined || w.timestampDefinition === null) {
    r.note(
      'weather.timestampDefinition',
      `${id} (${definition}: the ${weather.meta.format} reader's; sun at ${SUN_AT[definition]})`,
    );
  }
  return definition;
}

/** Where the sun is computed for each definition, as the run's log says it. */
const SUN_AT: Readonly<Record<TimestampDefinition, string>> = {
  intervalEnd: 'stamp − interval/2',
  intervalBegin: 'stamp + interval/2',
  intervalMiddle: 'the stamp',
  instantaneous: 'the stamp',
};

/**
 * Validates a case against its weather and resolves it.
 *
 * `project.latitude` and `longitude` are required; `elevation` and `timeZone` (or
 * `standardOffsetFromUTC`) default to the weather file's. `weather.coerceYear`: the calendar year a
 * typical-year file (TMY) is simulated in, default 1990 (a non-leap year, as the reference systems;
 * 1992 when the file holds 29 February). See `resolvePrediction`, `resolvePlant`, `resolveDcField`,
 * `resolveModule` and `resolveInverterNode` for the defaults of each level.
 *
 * @param caseJson the case as parsed JSON (names of spec 3)
 * @param weather the weather series the case will run on (its length, columns, site and time zone)
 * @param libraries parsed CEC lists for modules and inverters given by name
 * @returns the resolved case
 * @throws CaseValidationError listing every problem, each with its field's path
 */
export function resolveCase(
  caseJson: unknown,
  weather: WeatherData,
  libraries: CaseLibraries = {},
): ResolvedCase {
  const r = new CaseReader();
  const root = r.object(caseJson, 'case') ?? {};
  const pj = r.object(root.project, 'project') ?? {};
  const latitude = r.required(pj, 'latitude', 'project', { min: -90, max: 90 });
  const longitude = r.required(pj, 'longitude', 'project', { min: -180, max: 180 });
  const fileElevation = Number.isFinite(weather.meta.elevation) ? weather.meta.elevation : undefined;
  const elevation = r.number(pj, 'elevation', 'project', { min: -500, max: 9000 }) ?? fileElevation;
  if (elevation === undefined) r.error('project.elevation', 'is required (the weather file has none)');
  else if (pj.elevation === undefined) r.note('project.elevation', `${elevation} (weather file)`);
  const tz =
    r.number(pj, 'timeZone', 'project', { min: -12, max: 14 }) ??
    r.number(pj, 'standardOffsetFromUTC', 'project', { min: -12, max: 14 }) ??
    weather.meta.timeZone;
  const w = r.object(root.weather, 'weather', false) ?? {};
  const coerce = r.number(w, 'coerceYear', 'weather', { integer: true, min: 1900, max: 2200 });
  const timestampDefinition = resolveTimestampDefinition(r, w, weather);
  const facts = weatherFacts(weather);
  const prediction = resolvePrediction(r, root.prediction, facts);
  const plant = resolvePlant(r, root.powerPlant, {
    prediction,
    latitude,
    elevation: elevation ?? 0,
    timeZone: tz,
    steps: facts.length,
    libraries,
  });
  r.check();
  const warnings: string[] = [];
  const m = weather.meta;
  if (Number.isFinite(m.latitude) && Number.isFinite(m.longitude)) {
    const km = distanceKm(latitude, longitude, m.latitude, m.longitude);
    if (km > 50)
      warnings.push(
        `the weather file is ${Math.round(km)} km from the project (${m.latitude}, ${m.longitude}): its irradiance is simulated with the project's sun`,
      );
  }
  if (m.timeZone !== tz)
    warnings.push(
      `the weather file's time zone UTC${m.timeZone >= 0 ? '+' : ''}${m.timeZone} differs from the project's (${tz})`,
    );
  return {
    warnings,
    project: {
      name: r.string(pj, 'name', 'project') ?? 'Project',
      latitude,
      longitude,
      elevation: elevation!,
      timeZone: tz,
    },
    site: {
      latitude,
      longitude,
      altitude: elevation!,
      ...(prediction.horizon ? { horizon: prediction.horizon } : {}),
    },
    prediction,
    plant,
    coerceYear: coerce,
    timestampDefinition,
    defaultsApplied: r.defaults,
  };
}
