/**
 * Builds one report of a run (the `report.generate` job calls it): the PDFs with pdfkit, the 8760
 * workbooks with exceljs. The file is named after the prediction as it is now
 * (`{name}_{kind}[_Draft].{ext}`, reports/kinds.ts).
 */
import type { Db } from '../db/index.ts';
import { ResultGoneError, type ReportContext } from './context.ts';
import { REPORT_FORMAT, reportFileName, type ReportKind } from './kinds.ts';
import { blockSummarySheets, plantSummarySheets, workbookBuffer } from './workbook8760.ts';

export interface ReportFile {
  bytes: Buffer;
  contentType: string;
  fileName: string;
}

/** Thrown when the result cannot give this report (a retry cannot help). */
export class ReportInputError extends ResultGoneError {}

/** The file of one report of the context's result. */
export async function buildReport(db: Db, kind: ReportKind, ctx: ReportContext): Promise<ReportFile> {
  const title = `${ctx.project.name} – ${ctx.prediction.name} – ${kind}`;
  let bytes: Buffer;
  // The PDF writers load pdfkit, a seventh of the server's start: they are loaded by the first PDF.
  if (kind === 'PlantSummary') bytes = await (await import('./plantSummaryPdf.ts')).plantSummaryPdf(db, ctx);
  else if (kind === 'InputsAssumptions')
    bytes = await (await import('./inputsAssumptionsPdf.ts')).inputsAssumptionsPdf(ctx);
  else if (kind === 'PlantSummary8760')
    bytes = await workbookBuffer(db, ctx.result, plantSummarySheets(db, ctx.result), title);
  else {
    const sheets = blockSummarySheets(db, ctx.result);
    if (sheets.length === 0)
      throw new ReportInputError(
        "No block kept its series in this run: ask for blocks in the run's export options and run the prediction again.",
      );
    bytes = await workbookBuffer(db, ctx.result, sheets, title);
  }
  return {
    bytes,
    contentType: REPORT_FORMAT[kind].contentType,
    fileName: reportFileName(kind, ctx.prediction.name, ctx.prediction.status),
  };
}
