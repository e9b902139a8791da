/**
 * Reading a prediction's results: the latest successful run of a prediction the caller may read
 * (the route loads the prediction through its policy first), and its series.
 */
import type { Db } from '../db/index.ts';
import { loadSeries, resultRun, type RunRow } from '../models/predictionRun.ts';
import type { RunDetails } from './types.ts';

export interface StoredResult {
  run: RunRow;
  summary: Record<string, unknown>;
  details: RunDetails;
}

/** The prediction's current results, or undefined before a successful run. */
export async function findResult(
  db: Db,
  companyId: string,
  predictionId: number,
): Promise<StoredResult | undefined> {
  const run = await resultRun(db, companyId, predictionId);
  if (!run?.summary || !run.details) return undefined;
  return { run, summary: run.summary, details: run.details as unknown as RunDetails };
}

/** The plant's columns of a result (all, or those named; 'time' is always included). One query. */
export async function plantSeries(
  db: Db,
  result: StoredResult,
  names?: readonly string[],
): Promise<Map<string, Float64Array>> {
  return loadSeries(db, result.run.id, 'plant', names ? ['time', ...names] : undefined);
}
