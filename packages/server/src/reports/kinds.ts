/**
 * The reports of a prediction's result (spec 4 §1 `GenerateReports`, `ReportURL/{type}`): their
 * kinds, formats, states and file names. A file is named after the prediction, then the kind, then
 * `_Draft` when the prediction is a draft (spec 2 §7.5, batch export: `{name}_PlantSummary8760_Draft.xlsx`).
 */
import { isDraftPredictionStatus } from '@sunfield/domain';

/** Report kinds in the order the reports page lists them. */
export const REPORT_KINDS = [
  'PlantSummary',
  'PlantSummary8760',
  'BlockSummary8760',
  'InputsAssumptions',
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** States of a report row: a long operation the job moves forward. */
export const REPORT_STATUS = {
  Queued: 'Queued',
  Running: 'Running',
  Success: 'Success',
  Error: 'Error',
} as const;
export type ReportStatus = (typeof REPORT_STATUS)[keyof typeof REPORT_STATUS];

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const PDF_TYPE = 'application/pdf';

/** The file format of each kind. */
export const REPORT_FORMAT: Readonly<Record<ReportKind, { extension: string; contentType: string }>> = {
  PlantSummary: { extension: 'pdf', contentType: PDF_TYPE },
  InputsAssumptions: { extension: 'pdf', contentType: PDF_TYPE },
  PlantSummary8760: { extension: 'xlsx', contentType: XLSX_TYPE },
  BlockSummary8760: { extension: 'xlsx', contentType: XLSX_TYPE },
};

/** The kind named in a path, any case (`plantsummary8760`), or undefined. */
export function parseReportKind(raw: unknown): ReportKind | undefined {
  const name = String(raw ?? '').toLowerCase();
  return REPORT_KINDS.find((k) => k.toLowerCase() === name);
}

/**
 * A prediction name made safe for a file name: no path separators, reserved or control characters
 * (each becomes `_`), at most 150 characters; "Prediction" when nothing is left.
 */
export function fileBaseName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const safe = name.replace(/[\\/:*?"<>|\u0000-\u001f\u007f]+/g, '_').trim();
  return safe.slice(0, 150) || 'Prediction';
}

/**
 * The file name of a report: `{prediction}_{kind}[_Draft].{ext}`.
 * @param status the prediction's PredictionStatusEnum value (a draft status adds `_Draft`)
 */
export function reportFileName(kind: ReportKind, predictionName: string, status: number): string {
  const draft = isDraftPredictionStatus(status) ? '_Draft' : '';
  return `${fileBaseName(predictionName)}_${kind}${draft}.${REPORT_FORMAT[kind].extension}`;
}
