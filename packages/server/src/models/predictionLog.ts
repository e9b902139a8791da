/**
 * The company's prediction log (`GET /PredictionLog`): every run of the caller's company, newest
 * first, one page at a time, with its prediction, project and the user who queued it. Only runs of
 * predictions the caller may read are listed (a colleague's Draft-Private prediction is hidden unless
 * the caller is an admin, as `canReadPrediction` of `@sunfield/domain` says), and the caller's own
 * runs that they dismissed from their queue are left out. The filter is SQL, so the page and the
 * total agree.
 */
import { and, count, desc, eq, getTableColumns, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { PREDICTION_STATUS } from '@sunfield/domain';
import type { Db } from '../db/index.ts';
import { predictionRuns, predictions, projects, users } from '../db/schema.ts';
import type { RunLogRow } from './predictionRun.ts';

// A run without its case, summary, details and export options (as models/predictionRun.ts lists runs).
const {
  case: _case,
  summary: _summary,
  details: _details,
  exportOptions: _options,
  ...logColumnsOfRuns
} = getTableColumns(predictionRuns);

export interface PredictionLogRow {
  run: RunLogRow;
  predictionName: string;
  predictionStatus: number;
  projectName: string;
  /** who queued the run; null when that user is gone */
  user: { id: string; firstName: string; lastName: string } | null;
}

export interface PredictionLogViewer {
  companyId: string;
  userId: string;
  /** an admin of the company reads every prediction, Draft-Private ones too */
  admin: boolean;
}

function visibleTo(viewer: PredictionLogViewer): SQL | undefined {
  const readable = viewer.admin
    ? undefined
    : or(
        ne(predictions.status, PREDICTION_STATUS.DRAFT_PRIVATE),
        eq(predictions.ownerId, viewer.userId),
        isNull(predictions.ownerId),
      );
  // A run whose user is gone (set null) cannot be the viewer's own.
  const notDismissedByViewer = sql`not (${predictionRuns.dismissed} and ${predictionRuns.userId} is not distinct from ${viewer.userId}::uuid)`;
  return and(
    eq(predictionRuns.companyId, viewer.companyId),
    eq(predictions.companyId, viewer.companyId),
    readable,
    notDismissedByViewer,
  );
}

/** One page of the log and the number of runs over all pages. */
export async function predictionLogPage(
  db: Db,
  viewer: PredictionLogViewer,
  page: { skip: number; take: number },
): Promise<{ rows: PredictionLogRow[]; total: number }> {
  const where = visibleTo(viewer);
  const [rows, totals] = await Promise.all([
    db
      .select({
        run: logColumnsOfRuns,
        predictionName: predictions.name,
        predictionStatus: predictions.status,
        projectName: projects.name,
        user: { id: users.id, firstName: users.firstName, lastName: users.lastName },
      })
      .from(predictionRuns)
      .innerJoin(predictions, eq(predictions.id, predictionRuns.predictionId))
      .innerJoin(projects, eq(projects.id, predictionRuns.projectId))
      .leftJoin(users, eq(users.id, predictionRuns.userId))
      .where(where)
      .orderBy(desc(predictionRuns.id))
      .offset(page.skip)
      .limit(page.take),
    db
      .select({ total: count() })
      .from(predictionRuns)
      .innerJoin(predictions, eq(predictions.id, predictionRuns.predictionId))
      .where(where),
  ]);
  return { rows, total: Number(totals[0]?.total ?? 0) };
}
