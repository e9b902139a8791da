/** The app's hub instance, its link to the session and to the query cache, and a subscribe hook. */
import { useEffect, useRef } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { refreshAccessToken, session } from '../auth/session.ts';
import { tokenExpiresSoon } from '../auth/tokenSchedule.ts';
import { createStore } from '../lib/store.ts';
import { Hub, type HubHandler } from './hub.ts';
import { isStaleFor } from './invalidation.ts';

async function freshToken(): Promise<string | null> {
  const state = session.get();
  if (state.status !== 'signedIn') return null;
  if (tokenExpiresSoon(state.expiresAt, Date.now())) await refreshAccessToken();
  return session.get().accessToken;
}

export const hub = new Hub({ getToken: freshToken });

/** Running predictions, shown as the Prediction Log badge (fed by the prediction log later). */
export const runningPredictionCount = createStore(0);

/** Invalidates cached queries that a push makes stale. Returns the unsubscribe function. */
export function bridgeHubToQueries(queryClient: QueryClient): () => void {
  return hub.subscribe('*', (_data, message) => {
    void queryClient.invalidateQueries({ predicate: (query) => isStaleFor(message.command, query.queryKey) });
  });
}

/** Calls `handler` for every push with this command while the component is mounted. */
export function useHubSubscription(command: string, handler: HubHandler): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => hub.subscribe(command, (data, message) => latest.current(data, message)), [command]);
}
