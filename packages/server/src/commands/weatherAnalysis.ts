/**
 * Analyses of a weather series (spec 2 §7.10): the quality check and its acceptance, the global
 * tilted plane irradiation, the uncertainty of the annual irradiation, the horizon profile, and the
 * synthetic year of the generator. The physics is the engine's; this file loads, stores and shapes.
 */
import type { WeatherData } from '@sunfield/engine/weather/types.ts';
import { globalTiltedPlane, weatherUncertainty } from '@sunfield/engine/weather/tiltedPlane.ts';
import { qualityCheck } from '@sunfield/engine/weatherQuality/qualityCheck.ts';
import {
  generateSyntheticYear,
  type SyntheticYearInput,
} from '@sunfield/engine/weatherGenerate/syntheticYear.ts';
import type { AuthContext } from '../auth/context.ts';
import type { Db } from '../db/index.ts';
import { badRequest } from '../lib/errors.ts';
import { timeZoneInfoAt } from '../lib/geo.ts';
import { loadWeatherData, updateWeatherRow, type WeatherRow } from '../models/weather.ts';
import { storePendingWeather } from './weatherImport.ts';
import { parseInWorker } from '../uploads/parsePool.ts';
import { weatherDetailPage } from './weatherAssets.ts';
import { engineRangeCall } from './weatherRead.ts';

/** Runs an engine function; bad input (its WeatherParseError or RangeError) becomes a 400. */
const engine = engineRangeCall;

const finiteOrNull = (x: number): number | null => (Number.isFinite(x) ? Math.round(x * 1e4) / 1e4 : null);

async function dataOf(db: Db, row: WeatherRow): Promise<WeatherData> {
  const data = await loadWeatherData(db, row.id);
  if (!data || data.time.length === 0) {
    const message = 'The weather has no series to analyse.';
    throw badRequest(message, { $: [message] });
  }
  return data;
}

// ------------------------------------------------------------------------------------------------
// Quality check
// ------------------------------------------------------------------------------------------------

export interface QualityCheckAnswer {
  checks: { id: string; name: string; severity: string; bit: number; count: number }[];
  flaggedSteps: unknown[];
  flaggedCount: number;
  rowCount: number;
  checkedAt: string;
}

/** Runs the engine's checks on a stored (or pending) weather; the answer is also kept in state. */
export async function runQualityCheck(db: Db, row: WeatherRow, store: boolean): Promise<QualityCheckAnswer> {
  const data = await dataOf(db, row);
  const meta = data.meta;
  const result = engine(() =>
    qualityCheck(data, {
      ...(Number.isFinite(meta.latitude) ? { latitude: meta.latitude } : {}),
      ...(Number.isFinite(meta.longitude) ? { longitude: meta.longitude } : {}),
      ...(Number.isFinite(meta.elevation) ? { elevation: meta.elevation } : {}),
      ...(Number.isFinite(meta.timeZone) ? { timeZone: meta.timeZone } : {}),
    }),
  );
  const answer: QualityCheckAnswer = {
    checks: result.checks.map((c) => ({
      id: c.id,
      name: c.name,
      severity: c.severity,
      bit: c.bit,
      count: c.count,
    })),
    flaggedSteps: result.flagged.slice(0, 1000).map((s) => {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s)) out[k] = typeof v === 'number' ? finiteOrNull(v) : v;
      return out;
    }),
    flaggedCount: result.flaggedCount,
    rowCount: data.time.length,
    checkedAt: new Date().toISOString(),
  };
  if (store) {
    const state = { ...(row.state as Record<string, unknown>) };
    state.qualityCheckPending = { ...answer, flaggedSteps: answer.flaggedSteps.slice(0, 100) };
    await updateWeatherRow(db, row.id, { state });
  }
  return answer;
}

/** Accepts the last check (running one if there is none) into state.qualityCheck. */
export async function finalizeQualityCheck(
  db: Db,
  auth: AuthContext,
  row: WeatherRow,
  input: { accept?: boolean | undefined; note?: string | null | undefined },
): Promise<WeatherRow> {
  const state = { ...(row.state as Record<string, unknown>) };
  const pending =
    (state.qualityCheckPending as QualityCheckAnswer | undefined) ?? (await runQualityCheck(db, row, false));
  delete state.qualityCheckPending;
  state.qualityCheck = {
    ...pending,
    flaggedSteps: pending.flaggedSteps.slice(0, 100),
    accepted: input.accept !== false,
    note: input.note ?? null,
    acceptedBy: auth.user.id,
    acceptedAt: new Date().toISOString(),
  };
  return updateWeatherRow(db, row.id, { state, lastModifiedById: auth.user.id });
}

// ------------------------------------------------------------------------------------------------
// Global tilted plane and uncertainty
// ------------------------------------------------------------------------------------------------

export interface TiltedPlaneQuery {
  tilt: number;
  azimuth?: number | undefined;
  albedo?: number | undefined;
  model?: number | undefined;
}

/** Monthly and annual plane-of-array irradiation [kWh/m²] (spec 2 §7.10; albedo 0.2, model 1 by default). */
export async function tiltedPlaneOf(db: Db, row: WeatherRow, query: TiltedPlaneQuery) {
  const data = await dataOf(db, row);
  const model = query.model === 0 ? 0 : 1;
  const result = engine(() =>
    globalTiltedPlane(data, {
      tilt: query.tilt,
      ...(query.azimuth !== undefined ? { azimuth: query.azimuth } : {}),
      albedo: query.albedo ?? 0.2,
      model,
    }),
  );
  return {
    tilt: query.tilt,
    azimuth: query.azimuth ?? null,
    albedo: query.albedo ?? 0.2,
    model,
    monthly: result.monthly.map(finiteOrNull),
    annual: finiteOrNull(result.annual),
    monthlyGhi: result.monthlyGhi.map(finiteOrNull),
    annualGhi: finiteOrNull(result.annualGhi),
  };
}

export async function uncertaintyOf(db: Db, row: WeatherRow) {
  const data = await dataOf(db, row);
  const u = engine(() => weatherUncertainty(data));
  return {
    totalPercent: finiteOrNull(u.totalPercent),
    interannualPercent: finiteOrNull(u.interannualPercent),
    sourcePercent: finiteOrNull(u.sourcePercent),
    years: u.years,
  };
}

// ------------------------------------------------------------------------------------------------
// Horizon
// ------------------------------------------------------------------------------------------------

/** Reads a PVGIS horizon file and stores its points in data.horizonDetails. */
export async function importHorizon(db: Db, auth: AuthContext, row: WeatherRow, bytes: Uint8Array) {
  // Read in a parsing process (uploads/parsePool.ts), as every upload is.
  const points = await parseInWorker('horizon', bytes, {});
  const horizonDetails = points.map((p, i) => ({ id: i + 1, azimuth: p.azimuth, elevation: p.elevation }));
  await updateWeatherRow(db, row.id, {
    data: { ...(row.data as Record<string, unknown>), horizonDetails },
    lastModifiedById: auth.user.id,
  });
  return { horizonDetails };
}

// ------------------------------------------------------------------------------------------------
// Generate
// ------------------------------------------------------------------------------------------------

/** Monthly GHI [kWh/m²] and temperature [°C] defaults of the generator (a mid-latitude site). */
const DEFAULT_MONTHLY_GHI = [75, 95, 140, 170, 195, 200, 205, 185, 150, 115, 80, 65];
const DEFAULT_MONTHLY_TEMP = [2, 4, 8, 12, 17, 21, 24, 23, 19, 13, 7, 3];

/** GenerateWeather/Info: the inputs the generator takes and their defaults. */
export function generateInfo() {
  return {
    inputs: [
      { name: 'latitude', unit: '°', required: true },
      { name: 'longitude', unit: '°', required: true },
      { name: 'elevation', unit: 'm', required: false, default: 0 },
      { name: 'timeZone', unit: 'h', required: false, default: 'from the location' },
      { name: 'monthlyGhi', unit: 'kWh/m²', required: true, length: 12 },
      { name: 'monthlyTemp', unit: '°C', required: true, length: 12 },
      { name: 'monthlyWind', unit: 'm/s', required: false, length: 12, default: 2 },
      { name: 'seed', unit: '', required: false, default: 1 },
      { name: 'name', unit: '', required: true },
    ],
    defaults: {
      elevation: 0,
      monthlyGhi: DEFAULT_MONTHLY_GHI,
      monthlyTemp: DEFAULT_MONTHLY_TEMP,
      monthlyWind: new Array<number>(12).fill(2),
      seed: 1,
      year: 2001,
      timeInterval: 60,
      timestampDefinition: 1,
    },
  };
}

export interface GenerateInput {
  latitude: number;
  longitude: number;
  elevation?: number | undefined;
  timeZone?: number | undefined;
  monthlyGhi: number[];
  monthlyTemp: number[];
  monthlyWind?: number[] | undefined;
  seed?: number | undefined;
  name: string;
}

/** Generates the synthetic year and keeps it as the caller's pending import. */
export async function generateWeather(db: Db, auth: AuthContext, input: GenerateInput) {
  const timeZone =
    input.timeZone ??
    timeZoneInfoAt({ latitude: input.latitude, longitude: input.longitude }).standardOffsetFromUTC ??
    Math.round(input.longitude / 15);
  const engineInput: SyntheticYearInput = {
    latitude: input.latitude,
    longitude: input.longitude,
    elevation: input.elevation ?? 0,
    timeZone,
    monthlyGhi: input.monthlyGhi,
    monthlyTemp: input.monthlyTemp,
    ...(input.monthlyWind ? { monthlyWind: input.monthlyWind } : {}),
    ...(input.seed !== undefined ? { seed: input.seed } : {}),
    name: input.name,
  };
  const data = engine(() => generateSyntheticYear(engineInput));
  const importId = await storePendingWeather(db, auth, data, {
    name: input.name,
    source: 'Synthetic (monthly means)',
    state: { generated: true, generateInput: engineInput },
  });
  return importId;
}

export { weatherDetailPage };
