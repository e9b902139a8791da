/**
 * Reports of a run (`prediction_reports`): one row per run and kind, moved forward by the
 * `report.generate` job: Queued → Running → Success | Error, each change a conditional update. A
 * request reaches these rows only through a run it found by company (results/load.ts `findResult`);
 * the job reads by report id. The file's bytes travel as base64 decoded by the server, because
 * PGlite's bytea parameters are slow (see models/weather.ts `stageColumns`).
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { predictionReports, predictionRuns } from '../db/schema.ts';
import { REPORT_STATUS, type ReportKind, type ReportStatus } from '../reports/kinds.ts';

/** A report's state without its bytes. */
export interface ReportState {
  id: number;
  runId: number;
  kind: ReportKind;
  status: ReportStatus;
  message: string | null;
  fileName: string | null;
  contentType: string | null;
  attempts: number;
  buildMs: number | null;
  updatedDate: Date;
}

const stateColumns = {
  id: predictionReports.id,
  runId: predictionReports.runId,
  kind: predictionReports.kind,
  status: predictionReports.status,
  message: predictionReports.message,
  fileName: predictionReports.fileName,
  contentType: predictionReports.contentType,
  attempts: predictionReports.attempts,
  buildMs: predictionReports.buildMs,
  updatedDate: predictionReports.updatedDate,
};

const ACTIVE: ReportStatus[] = [REPORT_STATUS.Queued, REPORT_STATUS.Running];

/** The reports of a run (any state), by kind. */
export async function runReports(db: Db, runId: number): Promise<ReportState[]> {
  const rows = await db
    .select(stateColumns)
    .from(predictionReports)
    .where(eq(predictionReports.runId, runId))
    .orderBy(asc(predictionReports.id));
  return rows as ReportState[];
}

/**
 * Marks the kinds of a run as queued (creating their rows, or resetting them and dropping their old
 * file), in one statement; returns the rows' ids by kind.
 */
export async function queueReports(
  db: Db,
  runId: number,
  kinds: readonly ReportKind[],
): Promise<{ id: number; kind: ReportKind }[]> {
  if (kinds.length === 0) return [];
  const rows = await db
    .insert(predictionReports)
    .values(kinds.map((kind) => ({ runId, kind, status: REPORT_STATUS.Queued })))
    .onConflictDoUpdate({
      target: [predictionReports.runId, predictionReports.kind],
      set: {
        status: REPORT_STATUS.Queued,
        message: null,
        bytes: null,
        fileName: null,
        contentType: null,
        attempts: 0,
        buildMs: null,
        updatedDate: new Date(),
      },
    })
    .returning({ id: predictionReports.id, kind: predictionReports.kind });
  return rows as { id: number; kind: ReportKind }[];
}

/**
 * Marks a queued (or, for a retry, running) report as running, counting the attempt.
 * @returns the row, or undefined when it was requeued or finished meanwhile
 */
export async function startReport(db: Db, id: number): Promise<ReportState | undefined> {
  const [row] = await db
    .update(predictionReports)
    .set({
      status: REPORT_STATUS.Running,
      attempts: sql`${predictionReports.attempts} + 1`,
      updatedDate: new Date(),
    })
    .where(and(eq(predictionReports.id, id), inArray(predictionReports.status, ACTIVE)))
    .returning(stateColumns);
  return row as ReportState | undefined;
}

/** Stores a running report's file; false when the row is no longer running (requeued or deleted). */
export async function finishReport(
  db: Db,
  id: number,
  file: { bytes: Buffer; contentType: string; fileName: string; buildMs: number },
): Promise<boolean> {
  const rows = await db
    .update(predictionReports)
    .set({
      status: REPORT_STATUS.Success,
      message: null,
      bytes: sql`decode(${file.bytes.toString('base64')}, 'base64')`,
      contentType: file.contentType,
      fileName: file.fileName,
      buildMs: file.buildMs,
      updatedDate: new Date(),
    })
    .where(and(eq(predictionReports.id, id), eq(predictionReports.status, REPORT_STATUS.Running)))
    .returning({ id: predictionReports.id });
  return rows.length > 0;
}

/** Ends a queued or running report in error with its reason. */
export async function failReport(db: Db, id: number, message: string): Promise<void> {
  await db
    .update(predictionReports)
    .set({ status: REPORT_STATUS.Error, message, bytes: null, updatedDate: new Date() })
    .where(and(eq(predictionReports.id, id), inArray(predictionReports.status, ACTIVE)));
}

/** A report's state and, once it succeeded, its file. */
export async function reportFile(
  db: Db,
  runId: number,
  kind: ReportKind,
): Promise<(ReportState & { bytes: Buffer | null }) | undefined> {
  const [row] = await db
    .select({ ...stateColumns, b64: sql<string | null>`encode(${predictionReports.bytes}, 'base64')` })
    .from(predictionReports)
    .where(and(eq(predictionReports.runId, runId), eq(predictionReports.kind, kind)));
  if (!row) return undefined;
  const { b64, ...state } = row;
  return { ...(state as ReportState), bytes: b64 === null ? null : Buffer.from(b64, 'base64') };
}

/** Deletes the reports of the prediction's runs other than `keepRunId` (their results are gone). */
export async function dropOtherRunsReports(db: Db, predictionId: number, keepRunId: number): Promise<void> {
  const others = db
    .select({ id: predictionRuns.id })
    .from(predictionRuns)
    .where(and(eq(predictionRuns.predictionId, predictionId), ne(predictionRuns.id, keepRunId)));
  await db.delete(predictionReports).where(inArray(predictionReports.runId, others));
}
