import { describe, expect, it } from 'vitest';
import {
  applyPredictionPush,
  applyQueuePush,
  formatDuration,
  formatRunTime,
  pageCount,
  parsePage,
  rangeLabel,
  rowActions,
  runDuration,
  userName,
  type PredictionLogItem,
  type PredictionLogPage,
} from '../src/screens/predictions/log/model.ts';

const item = (fields: Partial<PredictionLogItem> = {}): PredictionLogItem => ({
  id: 10,
  predictionId: 3,
  projectId: 1,
  predictionName: 'Base',
  projectName: 'Greensboro',
  processingStatus: 2,
  percentComplete: 20,
  message: null,
  queuedDate: '2026-01-01T10:00:00.000Z',
  startedDate: '2026-01-01T10:00:01.000Z',
  completedDate: null,
  elapsedSeconds: null,
  userId: 'u1',
  user: { id: 'u1', firstName: 'Pat', lastName: 'Planner' },
  isOwn: true,
  ...fields,
});

const page = (...items: PredictionLogItem[]): PredictionLogPage => ({ items, total: items.length });

describe('the prediction log', () => {
  it('pages by 50 with a range label', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(50)).toBe(1);
    expect(pageCount(51)).toBe(2);
    expect(rangeLabel(2, 230)).toBe('Showing 51–100 of 230 runs');
    expect(rangeLabel(1, 1)).toBe('Showing 1–1 of 1 run');
    expect(rangeLabel(1, 0)).toBe('No runs');
    expect(parsePage('3')).toBe(3);
    for (const bad of [null, '', '0', '-1', 'x', '1.5']) expect(parsePage(bad)).toBe(1);
  });

  it('shows durations and who ran it', () => {
    expect(formatDuration(0.42)).toBe('0.4 s');
    expect(formatDuration(12.4)).toBe('12 s');
    expect(formatDuration(65)).toBe('1 min 5 s');
    expect(formatDuration(3725)).toBe('1 h 2 min');
    expect(formatDuration(null)).toBe('--');
    expect(runDuration(item({ elapsedSeconds: 1.5 }))).toBe(1.5);
    expect(runDuration(item(), Date.parse('2026-01-01T10:00:31.000Z'))).toBe(30);
    expect(runDuration(item({ startedDate: null, processingStatus: 1 }))).toBeNull();
    const now = new Date('2026-06-01T12:00:00Z');
    expect(formatRunTime('2026-01-02T03:04:05Z', now, 'en-US')).toMatch(/^Jan 2, \d{1,2}:04:05\s?[AP]M$/);
    expect(formatRunTime('2025-01-02T03:04:05Z', now, 'en-US')).toMatch(/^Jan 2, 2025, /);
    expect(formatRunTime(null)).toBe('--');
    expect(userName(item())).toBe('Pat Planner');
    expect(userName(item({ user: null }))).toBe('--');
  });

  it('offers Cancel while queued or running, Dismiss for one’s own ended runs', () => {
    expect(rowActions(item())).toEqual({ cancel: true, dismiss: false });
    expect(rowActions(item({ processingStatus: 1, isOwn: false }))).toEqual({ cancel: true, dismiss: false });
    expect(rowActions(item({ processingStatus: 4 }))).toEqual({ cancel: false, dismiss: true });
    expect(rowActions(item({ processingStatus: 3, isOwn: false }))).toEqual({
      cancel: false,
      dismiss: false,
    });
  });

  it('patches progress pushes in place and reloads on a status change or a new run', () => {
    const older = item({ id: 9, processingStatus: 3, percentComplete: 100, elapsedSeconds: 1 });
    const start = page(item(), older);
    const progress = applyPredictionPush(start, { id: 3, processingStatus: 2, percentComplete: 55 });
    expect(progress.reload).toBe(false);
    expect(progress.page.items[0]!.percentComplete).toBe(55);
    expect(progress.page.items[1]).toBe(older);
    expect(start.items[0]!.percentComplete).toBe(20);

    const done = applyPredictionPush(progress.page, { id: 3, processingStatus: 3, percentComplete: 99 });
    expect(done.reload).toBe(true);
    expect(done.page.items[0]).toMatchObject({ processingStatus: 3, percentComplete: 100 });

    expect(applyPredictionPush(done.page, { id: 3, processingStatus: 1, percentComplete: 0 }).reload).toBe(
      true,
    );
    expect(applyPredictionPush(done.page, { id: 77, processingStatus: 3 }).reload).toBe(false);
    expect(applyPredictionPush(done.page, { nonsense: true })).toEqual({ page: done.page, reload: false });
  });

  it('takes the caller’s queue item pushes by run id', () => {
    const start = page(item());
    const next = applyQueuePush(start, {
      id: 10,
      processingStatus: 4,
      percentComplete: 30,
      message: 'Block 1 › Array 1: no module',
      completedDate: '2026-01-01T10:00:05.000Z',
      elapsedSeconds: 4,
    });
    expect(next.reload).toBe(true);
    expect(next.page.items[0]).toMatchObject({
      processingStatus: 4,
      message: 'Block 1 › Array 1: no module',
      elapsedSeconds: 4,
    });
    expect(applyQueuePush(start, { id: 11, processingStatus: 1 }).reload).toBe(true);
    expect(applyQueuePush(start, { id: 10, processingStatus: 2, percentComplete: 25 }).reload).toBe(false);
  });
});
