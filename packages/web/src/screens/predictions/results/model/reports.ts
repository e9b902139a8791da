/**
 * The reports of a result (pure, unit-tested): their labels, and how far their generation is
 * (server reports/kinds.ts: PlantSummary and InputsAssumptions PDF, PlantSummary8760 and
 * BlockSummary8760 xlsx; states None, Queued, Running, Success, Error).
 */
import { isDraftPredictionStatus } from '@sunfield/domain';
import { safeFileName } from './format.ts';

export interface ReportState {
  reportType: string;
  status: string;
  fileName: string | null;
  generatedDate: string | null;
  message: string | null;
}

export const REPORT_LABELS: Readonly<Record<string, string>> = {
  PlantSummary: 'Plant summary (PDF)',
  PlantSummary8760: 'Plant summary 8760 (Excel)',
  BlockSummary8760: 'Block summary 8760 (Excel)',
  InputsAssumptions: 'Inputs and assumptions (PDF)',
};

export const reportLabel = (type: string): string => REPORT_LABELS[type] ?? type;

export const STATUS_TEXT: Readonly<Record<string, string>> = {
  None: 'Not generated',
  Queued: 'Queued',
  Running: 'Generating',
  Success: 'Ready',
  Error: 'Failed',
};

export const isReportBusy = (state: ReportState): boolean =>
  state.status === 'Queued' || state.status === 'Running';

export interface ReportProgress {
  total: number;
  ready: number;
  busy: number;
  failed: number;
  /** ready / total in % (0 without reports) */
  percent: number;
  /** some report asked for and not yet done: keep polling */
  polling: boolean;
  /** none was ever asked for */
  untouched: boolean;
}

export function reportProgress(states: readonly ReportState[] | null | undefined): ReportProgress {
  const list = states ?? [];
  const ready = list.filter((s) => s.status === 'Success').length;
  const busy = list.filter(isReportBusy).length;
  const failed = list.filter((s) => s.status === 'Error').length;
  return {
    total: list.length,
    ready,
    busy,
    failed,
    percent: list.length ? Math.round((100 * ready) / list.length) : 0,
    polling: busy > 0,
    untouched: list.every((s) => s.status === 'None'),
  };
}

/** The file name the server gives the workbook: `{name}_PlantSummary8760[_Draft].xlsx`. */
export function workbookFileName(name: string, status: number | null | undefined): string {
  return `${safeFileName(name)}_PlantSummary8760${isDraftPredictionStatus(status) ? '_Draft' : ''}.xlsx`;
}
