/**
 * Exports and reports of a prediction's current result (spec 4 §1 "Results", spec 2 §7.5), under
 * /Project/{projectId}/Prediction/{id}:
 *
 * - GET Export: the 8760 workbook `{name}_PlantSummary8760[_Draft].xlsx` (a "Plant" sheet and one per
 *   stored node), streamed; the stored PlantSummary8760 report when it is current. 204 before a run.
 * - GET NodalExport: NodalJson's table (same query) as CSV, `{name}_Nodal_{level}.csv`. 204 before a run.
 * - POST and GET GenerateReports: queue a `report.generate` job for each report that is missing,
 *   failed, stale (the prediction's name or draft state changed since) or stuck; answer the reports'
 *   states `[{reportType, status, fileName, generatedDate, message}]`, status 'None' for a report not
 *   asked for yet. 409 before a run. The reports of the prediction's earlier runs are deleted.
 * - GET ReportInfo: the same list without queueing (204 before a run).
 * - GET ReportURL/{type}: `{url}` of the file once it is ready; 404 text while not generated (or
 *   failed, with the reason), 409 text while it is being generated. The client polls it (spec 2 §9.1:
 *   every 3 s).
 * - GET Report/{type}: the file, as an attachment.
 *
 * Every route loads the prediction through its policy first: another company's prediction is 404.
 */
import { PassThrough, Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth } from '../../auth/context.ts';
import { REPORT_EXPIRE_SECONDS, REPORT_JOB } from '../../jobs/reportGenerate.ts';
import { contentDisposition } from '../../lib/attachment.ts';
import { badRequest, conflict, INVALID_INPUT, notFound, parse } from '../../lib/errors.ts';
import {
  dropOtherRunsReports,
  failReport,
  queueReports,
  reportFile,
  runReports,
  type ReportState,
} from '../../models/predictionReport.ts';
import { loadPredictionFor, type LoadedPrediction } from '../../policies/prediction.ts';
import {
  fileBaseName,
  parseReportKind,
  REPORT_KINDS,
  REPORT_STATUS,
  reportFileName,
  XLSX_TYPE,
  type ReportKind,
} from '../../reports/kinds.ts';
import { plantSummarySheets, writeWorkbook8760 } from '../../reports/workbook8760.ts';
import { findResult, type StoredResult } from '../../results/load.ts';
import { nodalCsv, nodalQuerySchema, nodalTable } from '../../results/nodal.ts';

const BASE = '/Project/:projectId/Prediction/:id';

export const NO_RESULT_TO_REPORT = 'The prediction has no results yet: run it, then generate its reports.';

/** A queued or running report not touched for this long lost its job [ms]. */
const STUCK_MS = (REPORT_EXPIRE_SECONDS + 5 * 60) * 1000;

/** One entry of the reports' state list. */
function presentReports(rows: readonly ReportState[]) {
  return REPORT_KINDS.map((kind) => {
    const row = rows.find((r) => r.kind === kind);
    const ready = row?.status === REPORT_STATUS.Success;
    return {
      reportType: kind,
      status: row?.status ?? 'None',
      fileName: ready ? row.fileName : null,
      generatedDate: ready ? row.updatedDate.toISOString() : null,
      message: row?.message ?? null,
    };
  });
}

/** Whether a report of the current run must be (re)generated. */
function needsGeneration(row: ReportState | undefined, fileName: string, now: number): boolean {
  if (!row || row.status === REPORT_STATUS.Error) return true;
  if (row.status === REPORT_STATUS.Success) return row.fileName !== fileName;
  return now - row.updatedDate.getTime() > STUCK_MS;
}

export function registerExportRoutes(app: FastifyInstance): void {
  const db = app.services.database.db;

  const load = async (request: FastifyRequest) => {
    const auth = requireAuth(request);
    const { projectId, id } = request.params as { projectId: string; id: string };
    const loaded = await loadPredictionFor(db, auth, projectId, id, 'read');
    const result = await findResult(db, auth.company.id, loaded.prediction.id);
    return { loaded, result };
  };

  const fileNameOf = (kind: ReportKind, loaded: LoadedPrediction) =>
    reportFileName(kind, loaded.prediction.name, loaded.prediction.status);

  app.get(
    `${BASE}/Export`,
    { schema: { summary: 'The 8760 results workbook (Excel)' } },
    async (request, reply) => {
      const { loaded, result } = await load(request);
      if (!result) return reply.code(204).send();
      const fileName = fileNameOf('PlantSummary8760', loaded);
      reply.header('content-type', XLSX_TYPE).header('content-disposition', contentDisposition(fileName));
      const stored = await reportFile(db, result.run.id, 'PlantSummary8760');
      if (stored?.status === REPORT_STATUS.Success && stored.bytes && stored.fileName === fileName)
        return reply.send(stored.bytes);
      const stream = new PassThrough();
      const title = `${loaded.project.project.name} – ${loaded.prediction.name} – PlantSummary8760`;
      writeWorkbook8760(db, stream, result, plantSummarySheets(db, result), title).catch((error: unknown) => {
        request.log.error({ err: error }, 'writing the 8760 workbook failed');
        stream.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return reply.send(stream);
    },
  );

  app.get(
    `${BASE}/NodalExport`,
    {
      schema: { summary: 'Nodal results as CSV', querystring: nodalQuerySchema },
      config: { feature: 'nodalExport' },
    },
    async (request, reply) => {
      const { loaded, result } = await load(request);
      const query = parse(nodalQuerySchema, request.query ?? {});
      if (!result) return reply.code(204).send();
      const table = await nodalTable(db, result, query, {
        projectName: loaded.project.project.name,
        predictionName: loaded.prediction.name,
      });
      const fileName = `${fileBaseName(loaded.prediction.name)}_Nodal_${table.label}.csv`;
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(fileName));
      return reply.send(Readable.from(nodalCsv(table)));
    },
  );

  const generate = async (request: FastifyRequest) => {
    const { loaded, result } = await load(request);
    if (!result) throw conflict(NO_RESULT_TO_REPORT);
    const runId = result.run.id;
    const now = Date.now();
    const rows = await runReports(db, runId);
    const kinds = REPORT_KINDS.filter((kind) =>
      needsGeneration(
        rows.find((r) => r.kind === kind),
        fileNameOf(kind, loaded),
        now,
      ),
    );
    // Enqueued after the rows are written (and outside any transaction: see jobs/queue.ts).
    for (const queued of await queueReports(db, runId, kinds)) {
      try {
        if (!app.services.queue) throw new Error('The job queue is not configured.');
        await app.services.queue.enqueue(REPORT_JOB, { reportId: queued.id });
      } catch (error) {
        request.log.error({ err: error, reportId: queued.id }, 'report could not be queued');
        await failReport(db, queued.id, 'The report could not be queued.');
      }
    }
    await dropOtherRunsReports(db, loaded.prediction.id, runId);
    return presentReports(await runReports(db, runId));
  };
  app.post(
    `${BASE}/GenerateReports`,
    { schema: { summary: 'Generate the reports of the latest run' }, config: { feature: 'generateReports' } },
    generate,
  );
  app.get(
    `${BASE}/GenerateReports`,
    {
      schema: { summary: 'Generate the reports of the latest run (GET form)' },
      config: { feature: 'generateReports' },
    },
    generate,
  );

  app.get(
    `${BASE}/ReportInfo`,
    { schema: { summary: 'The reports of the latest run and their state' } },
    async (request, reply) => {
      const { result } = await load(request);
      if (!result) return reply.code(204).send();
      return presentReports(await runReports(db, result.run.id));
    },
  );

  /** The report a path names, once generated: 400 unknown type, 404 not generated, 409 generating. */
  const readyReport = async (request: FastifyRequest, withBytes: boolean) => {
    const { type } = request.params as { type: string };
    const { loaded, result } = await load(request);
    const kind = parseReportKind(type);
    if (!kind)
      throw badRequest(INVALID_INPUT, {
        reportType: [`Unknown report type ${type}; one of ${REPORT_KINDS.join(', ')}.`],
      });
    const row = await reportOf(result, kind, withBytes);
    if (!row) throw notFound(`The ${kind} report has not been generated.`);
    if (row.status === REPORT_STATUS.Error)
      throw notFound(`The ${kind} report could not be generated: ${row.message ?? 'unknown error'}`);
    if (row.status !== REPORT_STATUS.Success) throw conflict(`The ${kind} report is being generated.`);
    return { loaded, kind, row };
  };

  const reportOf = async (result: StoredResult | undefined, kind: ReportKind, withBytes: boolean) => {
    if (!result) return undefined;
    if (withBytes) return reportFile(db, result.run.id, kind);
    return (await runReports(db, result.run.id)).find((r) => r.kind === kind);
  };

  app.get(
    `${BASE}/ReportURL/:type`,
    { schema: { summary: 'Where to download a report' } },
    async (request) => {
      const { loaded, kind } = await readyReport(request, false);
      return {
        url: `${app.prefix}/Project/${loaded.project.project.id}/Prediction/${loaded.prediction.id}/Report/${kind}`,
      };
    },
  );

  app.get(`${BASE}/Report/:type`, { schema: { summary: 'Download a report' } }, async (request, reply) => {
    const { kind, row } = await readyReport(request, true);
    const bytes = 'bytes' in row ? row.bytes : null;
    if (!bytes) throw notFound(`The ${kind} report has not been generated.`);
    return reply
      .header('content-type', row.contentType ?? 'application/octet-stream')
      .header('content-disposition', contentDisposition(row.fileName ?? `${kind}`))
      .send(bytes);
  });
}
