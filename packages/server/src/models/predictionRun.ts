/**
 * Runs of predictions and their stored series. Every read that a request makes takes the company id;
 * the job handler reads by run id (it runs for the user who queued the run). A run's status only moves
 * forward: queued → running → success | error | cancelled, each change a conditional update, so a
 * cancel and a finishing worker cannot both win.
 */
import { and, asc, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { predictionResultSeries, predictionRuns, predictions, projects } from '../db/schema.ts';

export type RunRow = typeof predictionRuns.$inferSelect;
export type RunInsert = typeof predictionRuns.$inferInsert;

/** ProcessingStatusEnum (spec 3). */
export const PROCESSING = { None: 0, Queued: 1, Running: 2, Success: 3, Error: 4, Cancelled: 5 } as const;
const ACTIVE: number[] = [PROCESSING.Queued, PROCESSING.Running];

/** PredictionProcessingStep values a run reports (spec 3). */
export const STEP = {
  None: 1,
  InitializeFromDatabase: 2,
  PrepareWeather: 5,
  DCFieldCalculationLogic: 18,
  MainOuterPredictionLoop: 16,
  StoreResults: 33,
  Completed: 38,
} as const;

/**
 * Records a queued run unless the prediction has one queued or running, in one transaction that first
 * locks the prediction's row: of parallel requests to run one prediction, one records a run and the
 * others find it. Undefined when the prediction has an active run or is gone.
 */
export async function insertRun(db: Db, values: RunInsert): Promise<RunRow | 'busy' | undefined> {
  return db.transaction(async (tx) => {
    const locked = await tx
      .select({ id: predictions.id })
      .from(predictions)
      .where(and(eq(predictions.id, values.predictionId), eq(predictions.companyId, values.companyId)))
      .for('update');
    if (locked.length === 0) return undefined;
    const [active] = await tx
      .select({ id: predictionRuns.id })
      .from(predictionRuns)
      .where(
        and(eq(predictionRuns.predictionId, values.predictionId), inArray(predictionRuns.status, ACTIVE)),
      )
      .limit(1);
    if (active) return 'busy';
    const [row] = await tx.insert(predictionRuns).values(values).returning();
    return row!;
  });
}

export async function setRunJob(db: Db, id: number, jobId: string): Promise<void> {
  await db.update(predictionRuns).set({ jobId }).where(eq(predictionRuns.id, id));
}

export async function findRun(db: Db, id: number): Promise<RunRow | undefined> {
  const [row] = await db.select().from(predictionRuns).where(eq(predictionRuns.id, id));
  return row;
}

/** The prediction's newest run with one of these statuses. */
async function latestRun(
  db: Db,
  companyId: string,
  predictionId: number,
  statuses: number[],
): Promise<RunRow | undefined> {
  const [row] = await db
    .select()
    .from(predictionRuns)
    .where(
      and(
        eq(predictionRuns.companyId, companyId),
        eq(predictionRuns.predictionId, predictionId),
        inArray(predictionRuns.status, statuses),
      ),
    )
    .orderBy(desc(predictionRuns.id))
    .limit(1);
  return row;
}

/** The prediction's run still queued or running, if any. */
export const activeRun = (db: Db, companyId: string, predictionId: number) =>
  latestRun(db, companyId, predictionId, ACTIVE);

/** The prediction's latest successful run (the one whose results are shown). */
export const resultRun = (db: Db, companyId: string, predictionId: number) =>
  latestRun(db, companyId, predictionId, [PROCESSING.Success]);

/** A run without its case, summary and details (what lists show). */
export type RunLogRow = Omit<RunRow, 'case' | 'summary' | 'details' | 'exportOptions'>;

const {
  case: _case,
  summary: _summary,
  details: _details,
  exportOptions: _options,
  ...logColumns
} = getTableColumns(predictionRuns);

/** What a finished run's details say it assumed (defaults applied) and warned of; null before. */
export interface RunAssumptions {
  assumptions: string[] | null;
  warnings: string[] | null;
}

/** The prediction's runs, newest first (the run log), without their large columns. */
export async function predictionRunLog(
  db: Db,
  companyId: string,
  predictionId: number,
  limit = 50,
): Promise<(RunLogRow & RunAssumptions)[]> {
  return db
    .select({
      ...logColumns,
      // What a finished run assumed and warned of (issue 17: the run's log of assumptions).
      assumptions: sql<string[] | null>`${predictionRuns.details}->'defaultsApplied'`,
      warnings: sql<string[] | null>`${predictionRuns.details}->'warnings'`,
    })
    .from(predictionRuns)
    .where(and(eq(predictionRuns.companyId, companyId), eq(predictionRuns.predictionId, predictionId)))
    .orderBy(desc(predictionRuns.id))
    .limit(limit);
}

/**
 * Marks a queued (or, for a retry, running) run as running in this worker, counting the attempt.
 * @returns the row, or undefined when it was cancelled or finished meanwhile
 */
export async function startRun(db: Db, id: number, worker: string): Promise<RunRow | undefined> {
  const [row] = await db
    .update(predictionRuns)
    .set({
      status: PROCESSING.Running,
      worker,
      attempts: sql`${predictionRuns.attempts} + 1`,
      startedAt: new Date(),
      heartbeatAt: new Date(),
      percentComplete: 0,
      processingStep: STEP.InitializeFromDatabase,
    })
    .where(and(eq(predictionRuns.id, id), inArray(predictionRuns.status, ACTIVE)))
    .returning();
  return row;
}

/** Progress of a running run; false when it is no longer running (cancelled). */
export async function setRunProgress(db: Db, id: number, percent: number, step: number): Promise<boolean> {
  const rows = await db
    .update(predictionRuns)
    .set({ percentComplete: percent, processingStep: step, heartbeatAt: new Date() })
    .where(and(eq(predictionRuns.id, id), eq(predictionRuns.status, PROCESSING.Running)))
    .returning({ id: predictionRuns.id });
  return rows.length > 0;
}

/** Renews a running run's heartbeat; false when it is no longer running (cancelled). */
export async function beatRun(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(predictionRuns)
    .set({ heartbeatAt: new Date() })
    .where(and(eq(predictionRuns.id, id), eq(predictionRuns.status, PROCESSING.Running)))
    .returning({ id: predictionRuns.id });
  return rows.length > 0;
}

/**
 * Claims the running runs whose heartbeat is older than `seconds` (their worker died): renews their
 * heartbeat in the same statement, so one sweeper claims each, once per stale period.
 */
export async function claimStaleRuns(
  db: Db,
  seconds: number,
): Promise<{ id: number; jobId: string | null; attempts: number }[]> {
  return db
    .update(predictionRuns)
    .set({ heartbeatAt: new Date() })
    .where(
      and(
        eq(predictionRuns.status, PROCESSING.Running),
        sql`${predictionRuns.heartbeatAt} < now() - make_interval(secs => ${seconds})`,
      ),
    )
    .returning({ id: predictionRuns.id, jobId: predictionRuns.jobId, attempts: predictionRuns.attempts });
}

/**
 * Ends a queued or running run (success, error or cancelled).
 * @returns the row, or undefined when it had already ended
 */
export async function endRun(
  db: Db,
  id: number,
  end: {
    status: typeof PROCESSING.Success | typeof PROCESSING.Error | typeof PROCESSING.Cancelled;
    message?: string | null;
    summary?: Record<string, unknown>;
    details?: Record<string, unknown>;
    engineMs?: number;
  },
): Promise<RunRow | undefined> {
  const [row] = await db
    .update(predictionRuns)
    .set({
      status: end.status,
      message: end.message ?? null,
      completedAt: new Date(),
      ...(end.status === PROCESSING.Success ? { percentComplete: 100, processingStep: STEP.Completed } : {}),
      ...(end.summary ? { summary: end.summary } : {}),
      ...(end.details ? { details: end.details } : {}),
      ...(end.engineMs !== undefined ? { engineMs: end.engineMs } : {}),
    })
    .where(and(eq(predictionRuns.id, id), inArray(predictionRuns.status, ACTIVE)))
    .returning();
  return row;
}

/** Drops the series and summaries of the prediction's successful runs older than `keepRunId`. */
export async function dropOlderResults(db: Db, predictionId: number, keepRunId: number): Promise<void> {
  const older = sql`select id from prediction_runs where prediction_id = ${predictionId} and id < ${keepRunId}`;
  await db.execute(sql`delete from prediction_result_series where run_id in (${older})`);
  await db
    .update(predictionRuns)
    .set({ summary: null, details: null })
    .where(
      and(
        eq(predictionRuns.predictionId, predictionId),
        sql`${predictionRuns.id} < ${keepRunId}`,
        sql`${predictionRuns.summary} is not null`,
      ),
    );
}

/** One stored column of a run. */
export interface SeriesColumn {
  node: string;
  name: string;
  values: Float64Array;
}

const toBase64 = (a: Float64Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64');

/**
 * Stores a run's columns (replacing any of an earlier attempt), several per statement. The bytes travel
 * as base64 decoded by the server (see models/weather.ts `stageColumns`).
 */
export async function storeSeries(db: Db, runId: number, columns: SeriesColumn[]): Promise<void> {
  await db.delete(predictionResultSeries).where(eq(predictionResultSeries.runId, runId));
  const ordinals = new Map<string, number>();
  // Statements of about 4 MB: an hourly run is one statement; a 1-minute run is dozens, and between
  // them other requests get their turn (PGlite runs one statement at a time).
  const STATEMENT_BYTES = 4 * 1024 * 1024;
  let rows: SQL[] = [];
  let bytes = 0;
  const flush = async () => {
    if (rows.length === 0) return;
    await db.execute(
      sql`insert into prediction_result_series (run_id, node, ordinal, name, "values") values ${sql.join(rows, sql`, `)}`,
    );
    rows = [];
    bytes = 0;
    await new Promise((resolve) => setImmediate(resolve));
  };
  for (const c of columns) {
    const ordinal = ordinals.get(c.node) ?? 0;
    ordinals.set(c.node, ordinal + 1);
    rows.push(sql`(${runId}, ${c.node}, ${ordinal}, ${c.name}, decode(${toBase64(c.values)}, 'base64'))`);
    bytes += c.values.byteLength;
    if (bytes >= STATEMENT_BYTES) await flush();
  }
  await flush();
}

/** Columns of one node of a run, in their stored order (all of them, or those named). */
export async function loadSeries(
  db: Db,
  runId: number,
  node: string,
  names?: readonly string[],
): Promise<Map<string, Float64Array>> {
  const rows = await db
    .select({
      name: predictionResultSeries.name,
      b64: sql<string>`encode(${predictionResultSeries.values}, 'base64')`,
    })
    .from(predictionResultSeries)
    .where(
      and(
        eq(predictionResultSeries.runId, runId),
        eq(predictionResultSeries.node, node),
        ...(names ? [inArray(predictionResultSeries.name, names as string[])] : []),
      ),
    )
    .orderBy(asc(predictionResultSeries.ordinal));
  const out = new Map<string, Float64Array>();
  for (const r of rows) {
    const bytes = Buffer.from(r.b64, 'base64');
    const copy = new Uint8Array(bytes.byteLength);
    copy.set(bytes);
    out.set(r.name, new Float64Array(copy.buffer));
  }
  return out;
}

/** The nodes a run stored (besides the plant). */
export async function storedNodes(db: Db, runId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ node: predictionResultSeries.node })
    .from(predictionResultSeries)
    .where(eq(predictionResultSeries.runId, runId));
  return rows.map((r) => r.node).sort();
}

/** A run as a queue item lists it: with its prediction's and project's names. */
export interface QueueRow {
  run: RunLogRow;
  predictionName: string;
  projectName: string;
}

const queueColumns = {
  run: logColumns,
  predictionName: predictions.name,
  projectName: projects.name,
};

/**
 * The user's queue: their runs not dismissed, newest first (`pendingOnly`: only queued and running).
 */
export async function userQueue(
  db: Db,
  companyId: string,
  userId: string,
  options: { pendingOnly?: boolean; limit?: number } = {},
): Promise<QueueRow[]> {
  return db
    .select(queueColumns)
    .from(predictionRuns)
    .innerJoin(predictions, eq(predictions.id, predictionRuns.predictionId))
    .innerJoin(projects, eq(projects.id, predictionRuns.projectId))
    .where(
      and(
        eq(predictionRuns.companyId, companyId),
        eq(predictionRuns.userId, userId),
        eq(predictionRuns.dismissed, false),
        ...(options.pendingOnly ? [inArray(predictionRuns.status, ACTIVE)] : []),
      ),
    )
    .orderBy(desc(predictionRuns.id))
    .limit(options.limit ?? 100);
}

/** One run as a queue item, or undefined. */
export async function findQueueRow(db: Db, runId: number): Promise<QueueRow | undefined> {
  const [row] = await db
    .select(queueColumns)
    .from(predictionRuns)
    .innerJoin(predictions, eq(predictions.id, predictionRuns.predictionId))
    .innerJoin(projects, eq(projects.id, predictionRuns.projectId))
    .where(eq(predictionRuns.id, runId));
  return row;
}

/** Hides an ended run from its user's queue; false when it is not theirs or still active. */
export async function dismissRun(db: Db, companyId: string, userId: string, runId: number): Promise<boolean> {
  const rows = await db
    .update(predictionRuns)
    .set({ dismissed: true })
    .where(
      and(
        eq(predictionRuns.id, runId),
        eq(predictionRuns.companyId, companyId),
        eq(predictionRuns.userId, userId),
      ),
    )
    .returning({ id: predictionRuns.id });
  return rows.length > 0;
}
