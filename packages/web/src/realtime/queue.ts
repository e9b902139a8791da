/**
 * The signed-in user's queue of runs (`GET /User/Queue`, spec 2 §7.3) as one cached query. The hub
 * keeps it fresh (`queueitem` and `queueitems` pushes invalidate it, see invalidation.ts); only while
 * the hub is down does the query poll, every 3 seconds while an item is queued or running and not
 * at all when none is (spec 2 §9.1). It also feeds the running-predictions badge.
 */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import { hub, runningPredictionCount } from './index.ts';

/** A queue item (server presenters/queue.ts). */
export interface QueueItem {
  id: number;
  type: string;
  predictionId: number;
  projectId: number;
  predictionName: string;
  projectName: string;
  /** ProcessingStatusEnum: 1 queued, 2 running, 3 success, 4 error, 5 cancelled */
  processingStatus: number;
  percentComplete: number;
  message: string | null;
  queuedDate: string;
  startedDate: string | null;
  completedDate: string | null;
}

export const QUEUE_POLL_MS = 3000;
export const userQueueKey = ['user', 'queue'] as const;

export const isActive = (item: Pick<QueueItem, 'processingStatus'>): boolean =>
  item.processingStatus === 1 || item.processingStatus === 2;

/** The polling interval: 3 s while the hub is down and an item is queued or running, else none. */
export function queueRefetchInterval(
  items: readonly QueueItem[] | undefined,
  hubConnected: boolean,
): number | false {
  if (hubConnected || !items) return false;
  return items.some(isActive) ? QUEUE_POLL_MS : false;
}

export function useUserQueue(enabled: boolean) {
  const query = useQuery({
    queryKey: userQueueKey,
    queryFn: () => api<QueueItem[]>('/User/Queue', { background: true, silent: true }),
    enabled,
    refetchInterval: (q) => queueRefetchInterval(q.state.data, hub.connected),
  });
  const running = Array.isArray(query.data) ? query.data.filter(isActive).length : 0;
  useEffect(() => {
    runningPredictionCount.set(running);
  }, [running]);
  return query;
}
