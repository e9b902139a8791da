import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/api/client.ts';
import { CACHE_LIFETIME_MS, cacheRefreshDelay, isFresh, parseCacheEntry } from '../src/lib/cache.ts';
import { afterRouteChange, type PageNotificationState } from '../src/lib/pageNotification.ts';
import { currentTitle, formatTitle } from '../src/lib/pageTitle.ts';
import { pushPrediction, sanitizePredictionList, storageKey } from '../src/lib/recentPredictions.ts';
import { maintenanceState } from '../src/screens/maintenance/maintenanceCheck.ts';

describe('recent and favourite predictions', () => {
  it('accepts only entries with an integer id, an integer projectId and a name, at most 5', () => {
    const raw = [
      { id: 1, projectId: 2, name: 'A' },
      { id: 1.5, projectId: 2, name: 'bad id' },
      { id: 3, projectId: '2', name: 'bad project' },
      { id: 4, projectId: 2, name: '' },
      { id: 5, projectId: 2 },
      null,
      { id: 1, projectId: 2, name: 'duplicate' },
      ...[6, 7, 8, 9, 10].map((id) => ({ id, projectId: 1, name: `P${id}`, extra: true })),
    ];
    const list = sanitizePredictionList(raw);
    expect(list.map((entry) => entry.id)).toEqual([1, 6, 7, 8, 9]);
    expect(list[1]).toEqual({ id: 6, projectId: 1, name: 'P6' });
    expect(sanitizePredictionList('nope')).toEqual([]);
  });

  it('moves a reopened prediction to the front and keeps 5', () => {
    const list = [1, 2, 3, 4, 5].map((id) => ({ id, projectId: 1, name: `P${id}` }));
    expect(pushPrediction(list, { id: 3, projectId: 1, name: 'P3' }).map((e) => e.id)).toEqual([
      3, 1, 2, 4, 5,
    ]);
    expect(pushPrediction(list, { id: 9, projectId: 1, name: 'P9' }).map((e) => e.id)).toEqual([
      9, 1, 2, 3, 4,
    ]);
  });

  it('keeps the lists per user', () => {
    expect(storageKey('recent', 'u1')).not.toBe(storageKey('recent', 'u2'));
    expect(storageKey('recent', 'u1')).not.toBe(storageKey('favorite', 'u1'));
  });
});

describe('the 15-minute cache rule', () => {
  it('is fresh for 15 minutes', () => {
    expect(isFresh(0, CACHE_LIFETIME_MS - 1)).toBe(true);
    expect(isFresh(0, CACHE_LIFETIME_MS)).toBe(false);
    expect(isFresh(1000, 0)).toBe(false);
  });

  it('refreshes 5 seconds before expiry, at least 5 seconds from now', () => {
    expect(cacheRefreshDelay(0, 0)).toBe(CACHE_LIFETIME_MS - 5000);
    expect(cacheRefreshDelay(0, CACHE_LIFETIME_MS - 6000)).toBe(5000);
    expect(cacheRefreshDelay(0, CACHE_LIFETIME_MS + 60_000)).toBe(5000);
  });

  it('reads only well-formed entries', () => {
    expect(parseCacheEntry('{"savedAt":5,"data":[1]}')).toEqual({ savedAt: 5, data: [1] });
    expect(parseCacheEntry('{"data":[1]}')).toBeNull();
    expect(parseCacheEntry('{"savedAt":5}')).toBeNull();
    expect(parseCacheEntry('garbage')).toBeNull();
    expect(parseCacheEntry(null)).toBeNull();
  });
});

describe('page titles', () => {
  it('are the page title, a bar and Sunfield', () => {
    expect(formatTitle('Projects')).toBe('Projects | Sunfield');
    expect(formatTitle('  ')).toBe('Sunfield');
    expect(formatTitle(null)).toBe('Sunfield');
  });

  it('come from the innermost page', () => {
    expect(
      currentTitle(
        new Map([
          [1, 'Profile'],
          [3, 'About User'],
          [2, 'Other'],
        ]),
      ),
    ).toBe('About User');
    expect(currentTitle(new Map())).toBeNull();
  });
});

describe('page notifications', () => {
  it('persist for one route change', () => {
    let state: PageNotificationState = {
      notification: { type: 'warning', message: 'Saved with warnings' },
      changesLeft: 1,
    };
    state = afterRouteChange(state);
    expect(state.notification?.message).toBe('Saved with warnings');
    state = afterRouteChange(state);
    expect(state.notification).toBeNull();
    expect(afterRouteChange(state)).toBe(state);
  });
});

describe('maintenance mode', () => {
  it('is on when the server says so', () => {
    expect(maintenanceState({ maintenanceMode: true, message: 'Back at 10:00' })).toEqual({
      on: true,
      answered: true,
      message: 'Back at 10:00',
    });
    expect(maintenanceState({ maintenanceMode: false, message: null }).on).toBe(false);
  });

  it('is assumed on when the server does not answer', () => {
    expect(maintenanceState(undefined, new TypeError('Failed to fetch')).on).toBe(true);
    expect(maintenanceState(undefined, new ApiError(502, 'Bad gateway')).on).toBe(true);
    expect(maintenanceState(undefined, new ApiError(404, 'Not found'))).toEqual({
      on: false,
      answered: true,
      message: null,
    });
  });
});
