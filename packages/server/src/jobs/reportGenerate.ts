/**
 * `report.generate`: builds one report of a run (reports/build.ts) and stores its file on the
 * report's row (models/predictionReport.ts), which moves Queued → Running → Success | Error. The
 * routes only queue and read rows (routes/prediction/exports.ts); the PDFs and workbooks are written
 * here, on the worker side.
 *
 * Failures: results that are gone (a newer run replaced them) or that cannot give the report (no
 * block kept its series) end the report in error at once. Anything else is thrown so pg-boss retries
 * it once; the second failure ends the report in error with its reason. A worker that dies leaves its
 * job to expire and be retried; a third start ends the report in error.
 */
import { z } from 'zod';
import { failReport, finishReport, startReport } from '../models/predictionReport.ts';
import { buildReport } from '../reports/build.ts';
import { loadReportContext, ResultGoneError } from '../reports/context.ts';
import { defineJob } from './types.ts';

export const REPORT_JOB = 'report.generate';
/** Attempts of one report (the first and one retry). */
export const REPORT_ATTEMPTS = 2;
/** A report job older than this has died with its worker (pg-boss expires and retries it) [s]. */
export const REPORT_EXPIRE_SECONDS = 15 * 60;

export const reportGenerateData = z.object({ reportId: z.number().int().positive() });

export const reportGenerateJob = defineJob({
  schema: reportGenerateData,
  retryLimit: REPORT_ATTEMPTS - 1,
  retryDelay: 2,
  retryBackoff: false,
  expireInSeconds: REPORT_EXPIRE_SECONDS,
  concurrency: 1,
  async handler({ reportId }, { database, log }) {
    const db = database.db;
    const report = await startReport(db, reportId);
    if (!report) return { skipped: 'requeued or finished' };
    if (report.attempts > REPORT_ATTEMPTS) {
      const reason = 'The report stopped twice before it was written (its worker stopped).';
      await failReport(db, reportId, reason);
      return { error: reason };
    }
    const started = performance.now();
    try {
      const context = await loadReportContext(db, report.runId);
      const file = await buildReport(db, report.kind, context);
      const buildMs = performance.now() - started;
      const stored = await finishReport(db, reportId, { ...file, buildMs });
      return { reportId, kind: report.kind, bytes: file.bytes.length, ms: Math.round(buildMs), stored };
    } catch (error) {
      const deterministic = error instanceof ResultGoneError;
      const reason = error instanceof Error ? error.message : String(error);
      if (deterministic || report.attempts >= REPORT_ATTEMPTS) {
        if (!deterministic) log.error({ err: error, reportId }, 'report generation failed');
        await failReport(
          db,
          reportId,
          deterministic ? reason : `The report could not be generated: ${reason}`,
        );
        return { error: reason };
      }
      log.warn({ err: error, reportId }, 'report generation failed; it will be retried');
      throw error;
    }
  },
});
