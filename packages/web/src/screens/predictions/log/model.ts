/**
 * The prediction log's logic (pure, unit-tested): its items (server routes/predictionLog), paging,
 * durations, who ran it, and how a hub push changes the cached page: progress is patched in place,
 * a new run or a status change asks for a reload (for its dates and duration).
 */
import { isProcessing, PROCESSING } from '../model/types.ts';

export interface PredictionLogItem {
  /** the run's id (also its queue item's id) */
  id: number;
  predictionId: number;
  projectId: number;
  predictionName: string;
  projectName: string;
  predictionStatus?: number;
  /** ProcessingStatusEnum: 1 queued, 2 running, 3 success, 4 error, 5 cancelled */
  processingStatus: number;
  percentComplete: number;
  message: string | null;
  attempts?: number;
  queuedDate: string;
  startedDate: string | null;
  completedDate: string | null;
  elapsedSeconds: number | null;
  userId: string | null;
  user: { id: string; firstName: string | null; lastName: string | null } | null;
  isOwn: boolean;
}

export interface PredictionLogPage {
  items: PredictionLogItem[];
  total: number;
}

export const LOG_PAGE_SIZE = 50;

export const pageCount = (total: number, size = LOG_PAGE_SIZE): number =>
  Math.max(1, Math.ceil(Math.max(0, total) / size));

/** '?page=3' → 3; anything else → 1. */
export function parsePage(raw: string | null | undefined): number {
  if (!raw || !/^\d{1,6}$/.test(raw)) return 1;
  const page = Number(raw);
  return page >= 1 ? page : 1;
}

/** 'Showing 51–100 of 230 runs'. */
export function rangeLabel(page: number, total: number, size = LOG_PAGE_SIZE): string {
  if (total <= 0) return 'No runs';
  const first = (page - 1) * size + 1;
  const last = Math.min(total, page * size);
  const noun = total === 1 ? 'run' : 'runs';
  return first > total ? `${total} ${noun}` : `Showing ${first}–${last} of ${total} ${noun}`;
}

/** 0.42 → '0.4 s', 65 → '1 min 5 s', 3725 → '1 h 2 min'; '--' when unknown. */
export function formatDuration(seconds: number | null | undefined): string {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return '--';
  if (seconds < 10) return `${(Math.round(seconds * 10) / 10).toFixed(1)} s`;
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole} s`;
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  if (hours > 0) return `${hours} h ${minutes} min`;
  return `${minutes} min ${rest} s`;
}

/** How long the run took (ended), or has been running so far (running); null when it never started. */
export function runDuration(item: PredictionLogItem, now: number = Date.now()): number | null {
  if (typeof item.elapsedSeconds === 'number') return item.elapsedSeconds;
  if (!item.startedDate) return null;
  const started = Date.parse(item.startedDate);
  if (Number.isNaN(started)) return null;
  const end = item.completedDate ? Date.parse(item.completedDate) : now;
  return Math.max(0, (end - started) / 1000);
}

/** A run's time, compact: 'Nov 26, 11:53:07 PM' (the year only when it is not the current one). */
export function formatRunTime(
  iso: string | null | undefined,
  now: Date = new Date(),
  locale?: string,
): string {
  if (!iso) return '--';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '--';
  return date.toLocaleString(locale, {
    month: 'short',
    day: 'numeric',
    ...(date.getFullYear() !== now.getFullYear() ? { year: 'numeric' } : {}),
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  });
}

/** 'Pat Planner'; '--' when the user is gone. */
export function userName(item: Pick<PredictionLogItem, 'user'>): string {
  const name = `${item.user?.firstName ?? ''} ${item.user?.lastName ?? ''}`.trim();
  return name || '--';
}

/** Which actions a row offers: Cancel while queued or running, Dismiss for one's own ended runs. */
export function rowActions(item: PredictionLogItem): { cancel: boolean; dismiss: boolean } {
  const active = isProcessing(item.processingStatus);
  return { cancel: active, dismiss: item.isOwn && !active };
}

const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/**
 * A page after an `addorupdate:predictionitem` push ({id: predictionId, processingStatus,
 * percentComplete}): the prediction's active run takes the progress; `reload` when a status changed
 * or a run the page does not show started.
 */
export function applyPredictionPush(
  page: PredictionLogPage,
  push: unknown,
): { page: PredictionLogPage; reload: boolean } {
  const data = (push ?? {}) as Record<string, unknown>;
  const predictionId = num(data.id);
  const status = num(data.processingStatus);
  if (predictionId === null || status === null) return { page, reload: false };
  const index = page.items.findIndex(
    (item) => item.predictionId === predictionId && isProcessing(item.processingStatus),
  );
  if (index < 0) return { page, reload: isProcessing(status) };
  const row = page.items[index]!;
  const percent = num(data.percentComplete) ?? row.percentComplete;
  const next: PredictionLogItem = {
    ...row,
    processingStatus: status,
    percentComplete: status === PROCESSING.Success ? 100 : percent,
  };
  const items = [...page.items];
  items[index] = next;
  return { page: { ...page, items }, reload: status !== row.processingStatus };
}

/**
 * A page after an `addorupdate:queueitem` push (the caller's own run, presenters/queue.ts): the run's
 * row takes its fields; `reload` when the page does not show it or its status changed.
 */
export function applyQueuePush(
  page: PredictionLogPage,
  push: unknown,
): { page: PredictionLogPage; reload: boolean } {
  const data = (push ?? {}) as Partial<PredictionLogItem>;
  const id = num(data.id);
  if (id === null) return { page, reload: false };
  const index = page.items.findIndex((item) => item.id === id);
  if (index < 0) return { page, reload: true };
  const row = page.items[index]!;
  const next: PredictionLogItem = {
    ...row,
    processingStatus: num(data.processingStatus) ?? row.processingStatus,
    percentComplete: num(data.percentComplete) ?? row.percentComplete,
    message: data.message !== undefined ? data.message : row.message,
    startedDate: data.startedDate !== undefined ? data.startedDate : row.startedDate,
    completedDate: data.completedDate !== undefined ? data.completedDate : row.completedDate,
    elapsedSeconds: data.elapsedSeconds !== undefined ? data.elapsedSeconds : row.elapsedSeconds,
  };
  const items = [...page.items];
  items[index] = next;
  return { page: { ...page, items }, reload: next.processingStatus !== row.processingStatus };
}
