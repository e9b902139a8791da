/**
 * The session: the access token lives in memory only; the refresh token is an httpOnly cookie.
 * On load the session is restored through POST /auth/refresh; the token is refreshed before it
 * expires (single flight, so parallel 401s refresh once).
 */
import { ApiError, api } from '../api/client.ts';
import { createStore } from '../lib/store.ts';
import { expiryFrom, refreshDelayMs } from './tokenSchedule.ts';
import type { CurrentUser, SessionGrant, SessionState } from './types.ts';

export const session = createStore<SessionState>({
  status: 'loading',
  accessToken: null,
  expiresAt: null,
  user: null,
});

let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let inflight: Promise<boolean> | null = null;
/** Bumped by sign-out: a refresh answer that arrives after it is dropped. */
let generation = 0;

export function applyGrant(grant: SessionGrant): void {
  const now = Date.now();
  const expiresAt = expiryFrom(grant.expiresIn, now);
  session.set({ status: 'signedIn', accessToken: grant.accessToken, expiresAt, user: grant.user });
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => void refreshAccessToken(), refreshDelayMs(expiresAt, now));
}

export function clearSession(): void {
  clearTimeout(refreshTimer);
  session.set({ status: 'signedOut', accessToken: null, expiresAt: null, user: null });
}

/** Updates the user kept with the session (after the profile, settings or EULA changed). */
/**
 * Bumped when an answer of the server updates the signed-in user (accepting the EULA, a profile
 * save): a refresh asked before it carries the user as it was, and must not put that back.
 */
let userUpdates = 0;

export function updateSessionUser(user: CurrentUser): void {
  const current = session.get();
  userUpdates += 1;
  if (current.status === 'signedIn') session.set({ ...current, user });
}

/**
 * POST /auth/refresh with the cookie. Resolves false, and signs out when the server refuses (unless
 * `signOutOnFailure` is false: the deferred refresh only logs).
 */
export function refreshAccessToken(options: { signOutOnFailure?: boolean } = {}): Promise<boolean> {
  const signOutOnFailure = options.signOutOnFailure ?? true;
  inflight ??= (async () => {
    const started = generation;
    const usersAtStart = userUpdates;
    try {
      const grant = await acrossTabs(() =>
        api<SessionGrant>('/auth/refresh', {
          method: 'POST',
          background: true,
          silent: true,
          noAuthRetry: true,
        }),
      );
      // 204 (no refresh cookie: signed out, which the server does not answer as an error) or no token.
      if (!grant?.accessToken) throw new ApiError(401, null);
      if (started !== generation) return false;
      // The user was updated while the refresh was on its way (the e2e companyUsers run that found
      // it: Accept answered, then the refresh's older user sent the page back to /eula).
      const current = session.get();
      const newer = userUpdates !== usersAtStart && current.status === 'signedIn' ? current.user : null;
      applyGrant(newer ? { ...grant, user: newer } : grant);
      return true;
    } catch (error) {
      const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
      if ((refused && signOutOnFailure) || session.get().status === 'loading') clearSession();
      return false;
    } finally {
      inflight = null;
    }
  })();
  return inflight;
}

/**
 * Each refresh rotates the cookie, which every tab shares: tabs take turns (Web Locks), so a second
 * tab sends the cookie the first one just received instead of the one it replaced.
 */
function acrossTabs<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request('sunfield-session-refresh', work) as Promise<T>) : work();
}

export type SignInResult =
  | { totpRequired: true; newPasswordRequired?: false }
  | { totpRequired: false; newPasswordRequired: true }
  | { totpRequired: false; newPasswordRequired?: false; user: CurrentUser };

/**
 * POST /auth/login. The answer may ask for the authenticator code, or, when the password is a
 * temporary one (an invitation's), for a new password: sign in again with `newPassword`.
 */
export async function signIn(
  email: string,
  password: string,
  totp?: string,
  newPassword?: string,
): Promise<SignInResult> {
  const body = { email, password, ...(totp ? { totp } : {}), ...(newPassword ? { newPassword } : {}) };
  const answer = await api<SessionGrant | { totpRequired: true } | { newPasswordRequired: true }>(
    '/auth/login',
    { method: 'POST', body, silent: true, noAuthRetry: true },
  );
  if ('totpRequired' in answer && answer.totpRequired) return { totpRequired: true };
  if ('newPasswordRequired' in answer && answer.newPasswordRequired) {
    return { totpRequired: false, newPasswordRequired: true };
  }
  const grant = answer as SessionGrant;
  applyGrant(grant);
  return { totpRequired: false, user: grant.user };
}

/**
 * POST /auth/sso/start: the address of the sign-in page of the email's company provider, where the
 * browser goes next (single sign-on, spec 2 §7.13); the server answers 400 when no company signs
 * in that email's domain through its provider.
 */
export async function startSingleSignOn(email: string, redirectUri: string): Promise<string> {
  const answer = await api<{ authorizationUrl: string }>('/auth/sso/start', {
    method: 'POST',
    body: { email, ...(redirectUri && redirectUri !== '/' ? { redirectUri } : {}) },
    silent: true,
    noAuthRetry: true,
  });
  // Only a web address: never a script address, whatever a provider's discovery said.
  const url = new URL(answer.authorizationUrl);
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error('The sign-in address is not valid.');
  return url.href;
}

export interface SignUpInput {
  companyName: string;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

export async function signUp(input: SignUpInput): Promise<CurrentUser> {
  const grant = await api<SessionGrant>('/auth/signup', {
    method: 'POST',
    body: input,
    silent: true,
    noAuthRetry: true,
  });
  applyGrant(grant);
  return grant.user;
}

const signOutListeners = new Set<() => void>();
/** Called before the session is dropped on sign-out (realtime, caches). */
export function onSignOut(listener: () => void): () => void {
  signOutListeners.add(listener);
  return () => signOutListeners.delete(listener);
}

export async function signOut(): Promise<void> {
  generation += 1;
  for (const listener of signOutListeners) listener();
  // A refresh in flight rotates the cookie: wait for it, so that the newest session is revoked.
  if (inflight) await inflight.catch(() => false);
  try {
    await api('/auth/logout', { method: 'POST', background: true, silent: true, noAuthRetry: true });
  } catch {
    // Signing out locally is what matters; the cookie is dropped by the server when it answers.
  }
  clearSession();
}
