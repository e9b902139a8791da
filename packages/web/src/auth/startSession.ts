/**
 * Starts the session once at app start (spec 2 §7.13, §8.1): installs the API hooks (401 → refresh
 * once → signed out; 403 EULA → /eula), restores the session from the refresh cookie, runs the
 * deferred refresh that only logs, keeps the current-user query in step with the session and
 * opens or drops the realtime hub.
 */
import type { QueryClient } from '@tanstack/react-query';
import { installApiHooks } from '../api/client.ts';
import { notifyError, notifyWarning } from '../lib/notify.ts';
import { markFormClean } from '../lib/dirtyForm.ts';
import { openSubscriptionDialog } from '../shell/subscriptionDialog.tsx';
import { bridgeHubToQueries, hub } from '../realtime/index.ts';
import { currentUserKey } from './hooks.ts';
import { clearSession, onSignOut, refreshAccessToken, session } from './session.ts';
import { DEFERRED_REFRESH_MS } from './tokenSchedule.ts';

export interface StartOptions {
  queryClient: QueryClient;
  navigate(to: string): void;
  currentPath(): string;
}

let started = false;

export function startSession(options: StartOptions): void {
  if (started) return;
  started = true;
  const { queryClient } = options;

  installApiHooks({
    getAccessToken: () => session.get().accessToken,
    refresh: () => refreshAccessToken(),
    onSignedOut: () => {
      // The route guard sends the user to /login with the page remembered.
      hub.disconnect();
      markFormClean();
      clearSession();
    },
    onEulaRequired: () => {
      const path = options.currentPath();
      if (/^\/eula(\/|\?|$)/i.test(path)) return;
      options.navigate(`/eula?redirectUri=${encodeURIComponent(path)}`);
    },
    onSubscriptionRequired: (level) => openSubscriptionDialog({ proRequired: level === 'professional' }),
    notify: (kind, messages) => {
      if (kind === 'error') notifyError({ modelState: { messages } });
      else for (const message of messages) notifyWarning(message);
    },
  });

  let lastUser = session.get().user;
  let lastToken = session.get().accessToken;
  session.subscribe(() => {
    const state = session.get();
    if (state.status === 'signedIn') {
      if (state.user && state.user !== lastUser) queryClient.setQueryData(currentUserKey, state.user);
      // The open socket would be closed when its token expires: hand it the refreshed one.
      if (state.accessToken && lastToken && state.accessToken !== lastToken)
        hub.authenticate(state.accessToken);
      hub.connect();
    } else if (state.status === 'signedOut') {
      hub.disconnect();
    }
    lastUser = state.user;
    lastToken = state.accessToken;
  });

  onSignOut(() => {
    hub.disconnect();
    markFormClean();
    queryClient.clear();
  });
  bridgeHubToQueries(queryClient);

  void refreshAccessToken();

  setTimeout(() => {
    if (session.get().status !== 'signedIn') return;
    void refreshAccessToken({ signOutOnFailure: false }).then((ok) =>
      console.info(`deferred token refresh: ${ok ? 'ok' : 'failed'}`),
    );
  }, DEFERRED_REFRESH_MS);
}
