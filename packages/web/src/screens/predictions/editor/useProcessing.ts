/**
 * The live processing state of one prediction (spec 2 §9.4): `addorupdate:predictionitem` pushes for
 * it, and the user's queue (which polls every 3 s only while the hub is down). On success the results
 * are refetched once; other states are copied to the page as they come.
 */
import { useEffect, useRef, useState } from 'react';
import { useHubSubscription } from '../../../realtime/index.ts';
import { useUserQueue } from '../../../realtime/queue.ts';
import { PROCESSING } from '../model/types.ts';
import type { Processing } from './editorContext.ts';

interface Push {
  id?: number;
  processingStatus?: number;
  percentComplete?: number;
  message?: string | null;
}

export function useProcessing(
  predictionId: number,
  initial: Processing,
  onSuccess: () => void,
): [Processing, (next: Processing) => void] {
  const [processing, setProcessing] = useState<Processing>(initial);
  const latestSuccess = useRef(onSuccess);
  useEffect(() => {
    latestSuccess.current = onSuccess;
  });
  const apply = (next: Processing) =>
    setProcessing((current) => {
      if (
        current.status === next.status &&
        current.percent === next.percent &&
        current.message === next.message
      )
        return current;
      if (next.status === PROCESSING.Success && current.status !== PROCESSING.Success)
        queueMicrotask(() => latestSuccess.current());
      return next;
    });

  useHubSubscription('addorupdate:predictionitem', (data) => {
    const push = data as Push | null;
    if (!push || push.id !== predictionId || typeof push.processingStatus !== 'number') return;
    apply({
      status: push.processingStatus,
      percent: push.processingStatus === PROCESSING.Success ? 100 : Number(push.percentComplete ?? 0),
      message: push.message ?? null,
    });
  });

  // The newest queue item of this prediction (the fallback while the hub is down, and the reason of
  // an error, which predictionitem pushes do not carry).
  const queue = useUserQueue(true);
  const item = queue.data?.find((entry) => entry.predictionId === predictionId);
  useEffect(() => {
    if (!item) return;
    apply({
      status: item.processingStatus,
      percent: item.processingStatus === PROCESSING.Success ? 100 : item.percentComplete,
      message: item.message,
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the item's fields, not its identity
  }, [item?.id, item?.processingStatus, item?.percentComplete, item?.message]);

  return [processing, apply];
}
