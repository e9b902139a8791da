/**
 * The result downloads of a prediction (docs/predictions.md "Running and results"): the 8760
 * workbook (`GET …/Export`), the reports (`POST …/GenerateReports`, `GET …/ReportInfo` polled every
 * 3 s while one is being made, spec 2 §9.1) and a report file (`GET …/Report/{type}`).
 */
import { api } from '../../../api/client.ts';
import { downloadFile, predictionPath, saveBlob } from '../api.ts';
import { workbookFileName, type ReportState } from './model/reports.ts';

/** The reports' states; null before a run (204). */
export function getReportInfo(
  projectId: number,
  id: number,
  signal?: AbortSignal,
): Promise<ReportState[] | null> {
  return api<ReportState[] | null>(`${predictionPath(projectId, id)}/ReportInfo`, {
    signal,
    background: true,
    silent: true,
  });
}

/** Queues the reports that are missing, failed or stale; answers their states. */
export function generateReports(projectId: number, id: number): Promise<ReportState[]> {
  return api<ReportState[]>(`${predictionPath(projectId, id)}/GenerateReports`, {
    method: 'POST',
    body: {},
  });
}

/** Downloads the 8760 workbook and saves it under the server's file name. */
export async function downloadWorkbook(
  projectId: number,
  id: number,
  name: string,
  status: number | null | undefined,
): Promise<string> {
  const file = await downloadFile(`${predictionPath(projectId, id)}/Export`, workbookFileName(name, status));
  saveBlob(file.blob, file.fileName);
  return file.fileName;
}

/** Downloads one generated report. */
export async function downloadReport(projectId: number, id: number, report: ReportState): Promise<string> {
  const file = await downloadFile(
    `${predictionPath(projectId, id)}/Report/${encodeURIComponent(report.reportType)}`,
    report.fileName ?? `${report.reportType}`,
  );
  saveBlob(file.blob, file.fileName);
  return file.fileName;
}
