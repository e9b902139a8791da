import { describe, expect, it } from 'vitest';
import { isStaleFor } from '../src/realtime/invalidation.ts';
import { queueRefetchInterval, QUEUE_POLL_MS, userQueueKey, type QueueItem } from '../src/realtime/queue.ts';

const item = (processingStatus: number): QueueItem => ({
  id: 1,
  type: 'Prediction',
  predictionId: 2,
  projectId: 3,
  predictionName: 'P',
  projectName: 'Q',
  processingStatus,
  percentComplete: 0,
  message: null,
  queuedDate: '2026-11-26T00:00:00Z',
  startedDate: null,
  completedDate: null,
});

describe('queue polling (spec 2 §9.1: every 3 s while an item is queued, only while the hub is down)', () => {
  it('polls every 3 seconds while the hub is down and an item is queued or running', () => {
    expect(queueRefetchInterval([item(3), item(1)], false)).toBe(QUEUE_POLL_MS);
    expect(queueRefetchInterval([item(2)], false)).toBe(3000);
  });
  it('stops when no item is queued or running', () => {
    expect(queueRefetchInterval([item(3), item(4), item(5)], false)).toBe(false);
    expect(queueRefetchInterval([], false)).toBe(false);
    expect(queueRefetchInterval(undefined, false)).toBe(false);
  });
  it('never polls while the hub is connected: pushes keep the queue fresh', () => {
    expect(queueRefetchInterval([item(1)], true)).toBe(false);
    expect(isStaleFor('addorupdate:queueitem', userQueueKey)).toBe(true);
    expect(isStaleFor('delete:queueitem', userQueueKey)).toBe(true);
    expect(isStaleFor('addorupdate:queueitems', userQueueKey)).toBe(true);
  });
});
