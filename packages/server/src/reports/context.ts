/**
 * What a report is built from: the run's stored result (the case as it was run, the spec 3 summary,
 * the details of its series), and the prediction, project and weather as they are now (names,
 * status, location). The job reads it by run id; the route that queued the report has already
 * checked that the caller may read the prediction.
 */
import { definitionLabel } from '@sunfield/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { predictions, projects } from '../db/schema.ts';
import { findRun } from '../models/predictionRun.ts';
import { findWeatherRow } from '../models/weather.ts';
import type { StoredResult } from '../results/load.ts';
import type { RunDetails } from '../results/types.ts';

type Json = Record<string, unknown>;

export interface ReportContext {
  result: StoredResult;
  /** the engine case the run simulated (spec 3 names; modules and inverters inlined) */
  caseJson: Json;
  prediction: { id: number; name: string; status: number; statusName: string };
  project: {
    name: string;
    latitude: number;
    longitude: number;
    elevation: number | null;
    standardOffsetFromUTC: number | null;
    /** "Greensboro, North Carolina, United States" (what is known of it) */
    place: string;
  };
  weather: {
    name: string;
    provider: string;
    latitude: number | null;
    longitude: number | null;
    elevation: number | null;
    intervalMinutes: number | null;
  };
  generatedAt: Date;
}

/** Thrown when the run's results are gone (a later run replaced them): a retry cannot help. */
export class ResultGoneError extends Error {}

/** The context of a run's reports. */
export async function loadReportContext(db: Db, runId: number): Promise<ReportContext> {
  const run = await findRun(db, runId);
  if (!run?.summary || !run.details)
    throw new ResultGoneError(
      "The prediction's results were replaced by a newer run; generate the reports again.",
    );
  const [prediction] = await db.select().from(predictions).where(eq(predictions.id, run.predictionId));
  const [project] = await db.select().from(projects).where(eq(projects.id, run.projectId));
  if (!prediction || !project) throw new ResultGoneError('The prediction no longer exists.');
  const weather = await findWeatherRow(db, run.weatherId);
  const summary = run.summary;
  const details = run.details as unknown as RunDetails;
  return {
    result: { run, summary, details },
    caseJson: run.case,
    prediction: {
      id: prediction.id,
      name: prediction.name,
      status: prediction.status,
      statusName: definitionLabel('PredictionStatusEnum', prediction.status) ?? String(prediction.status),
    },
    project: {
      name: project.name,
      latitude: project.latitude,
      longitude: project.longitude,
      elevation: project.elevation,
      standardOffsetFromUTC: project.standardOffsetFromUTC,
      place: [project.locality, project.stateProvince, project.country].filter(Boolean).join(', '),
    },
    weather: {
      name: weather?.name ?? details.weatherName,
      provider:
        definitionLabel('WeatherDataProvider', weather?.dataProvider ?? null) ??
        (typeof summary.weatherDataProvider === 'number'
          ? (definitionLabel('WeatherDataProvider', summary.weatherDataProvider) ?? '')
          : ''),
      latitude: weather?.latitude ?? null,
      longitude: weather?.longitude ?? null,
      elevation: weather?.elevation ?? null,
      intervalMinutes: weather?.timeInterval ?? null,
    },
    generatedAt: new Date(),
  };
}
