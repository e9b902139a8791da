/**
 * Local cache entries with the 15-minute rule (spec 2 §9.1): an entry is fresh for 15 minutes and is
 * refreshed 5 seconds before it expires, never sooner than 5 seconds from now. Pure helpers plus a
 * small localStorage reader/writer.
 */
export const CACHE_LIFETIME_MS = 15 * 60_000;
export const CACHE_REFRESH_LEAD_MS = 5_000;
export const CACHE_MIN_REFRESH_MS = 5_000;

export interface CacheEntry<T> {
  savedAt: number;
  data: T;
}

export function isFresh(savedAt: number, now: number, lifetimeMs = CACHE_LIFETIME_MS): boolean {
  return now >= savedAt && now - savedAt < lifetimeMs;
}

/** Milliseconds until the entry saved at `savedAt` should be refreshed. */
export function cacheRefreshDelay(savedAt: number, now: number, lifetimeMs = CACHE_LIFETIME_MS): number {
  return Math.max(CACHE_MIN_REFRESH_MS, savedAt + lifetimeMs - CACHE_REFRESH_LEAD_MS - now);
}

export function parseCacheEntry<T>(text: string | null): CacheEntry<T> | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<CacheEntry<T>>;
    if (typeof value?.savedAt !== 'number' || !Number.isFinite(value.savedAt) || value.data === undefined)
      return null;
    return { savedAt: value.savedAt, data: value.data as T };
  } catch {
    return null;
  }
}

export function readCache<T>(key: string): CacheEntry<T> | null {
  try {
    return parseCacheEntry<T>(localStorage.getItem(key));
  } catch {
    return null;
  }
}

export function writeCache<T>(key: string, data: T, now = Date.now()): void {
  try {
    localStorage.setItem(key, JSON.stringify({ savedAt: now, data } satisfies CacheEntry<T>));
  } catch {
    // storage full or disabled: the next load fetches again
  }
}
