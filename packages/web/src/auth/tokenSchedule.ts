/**
 * When to refresh the access token (pure, unit-tested). The token is refreshed a margin before it
 * expires: a minute for long-lived tokens, a tenth of the lifetime for short ones, never sooner than
 * 5 seconds from now (spec 2 §9.1: refresh before expiry, at least 5 seconds).
 */
export const MIN_REFRESH_DELAY_MS = 5_000;
export const MAX_REFRESH_MARGIN_MS = 60_000;
/** The deferred token refresh after start (spec 2 §7.13, §9.1), which only logs. */
export const DEFERRED_REFRESH_MS = 5_000;

export function refreshMarginMs(lifetimeMs: number): number {
  return Math.min(MAX_REFRESH_MARGIN_MS, Math.max(0, lifetimeMs) / 10);
}

/** Milliseconds from `now` until the refresh should run, for a token that expires at `expiresAt`. */
export function refreshDelayMs(expiresAt: number, now: number, lifetimeMs: number = expiresAt - now): number {
  const due = expiresAt - refreshMarginMs(lifetimeMs) - now;
  return Math.max(MIN_REFRESH_DELAY_MS, Math.round(due));
}

/** The epoch ms at which a token given `expiresIn` seconds ago at `now` expires. */
export function expiryFrom(expiresInSeconds: number, now: number): number {
  const seconds = Number.isFinite(expiresInSeconds) && expiresInSeconds > 0 ? expiresInSeconds : 0;
  return now + seconds * 1000;
}

/** True when the token is missing or expires within `withinMs`. */
export function tokenExpiresSoon(expiresAt: number | null, now: number, withinMs = 30_000): boolean {
  return expiresAt === null || expiresAt - now <= withinMs;
}
