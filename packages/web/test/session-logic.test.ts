import { describe, expect, it } from 'vitest';
import {
  DEFERRED_REFRESH_MS,
  MIN_REFRESH_DELAY_MS,
  expiryFrom,
  refreshDelayMs,
  refreshMarginMs,
  tokenExpiresSoon,
} from '../src/auth/tokenSchedule.ts';
import { safeRedirect, withRedirect } from '../src/lib/safeRedirect.ts';

describe('token refresh scheduling', () => {
  it('refreshes a minute before a long-lived token expires', () => {
    const now = 1_000_000;
    expect(refreshDelayMs(now + 15 * 60_000, now)).toBe(14 * 60_000);
  });

  it('uses a tenth of the lifetime as the margin for short tokens', () => {
    expect(refreshMarginMs(100_000)).toBe(10_000);
    expect(refreshDelayMs(100_000, 0)).toBe(90_000);
  });

  it('never schedules sooner than 5 seconds', () => {
    expect(refreshDelayMs(1_000, 0)).toBe(MIN_REFRESH_DELAY_MS);
    expect(refreshDelayMs(0, 10_000)).toBe(MIN_REFRESH_DELAY_MS);
  });

  it('computes the expiry from expiresIn seconds and tolerates bad values', () => {
    expect(expiryFrom(900, 1_000)).toBe(901_000);
    expect(expiryFrom(Number.NaN, 1_000)).toBe(1_000);
    expect(expiryFrom(-5, 1_000)).toBe(1_000);
  });

  it('knows when a token expires soon', () => {
    expect(tokenExpiresSoon(null, 0)).toBe(true);
    expect(tokenExpiresSoon(20_000, 0)).toBe(true);
    expect(tokenExpiresSoon(60_000, 0)).toBe(false);
  });

  it('defers the logging refresh by 5 seconds', () => {
    expect(DEFERRED_REFRESH_MS).toBe(5000);
  });
});

describe('safeRedirect', () => {
  it('keeps in-app paths with their query', () => {
    expect(safeRedirect('/projects/4?mode=x')).toBe('/projects/4?mode=x');
  });

  it('falls back for absent, absolute, protocol-relative and sign-in addresses', () => {
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect('https://evil.test/')).toBe('/');
    expect(safeRedirect('//evil.test')).toBe('/');
    expect(safeRedirect('/\\evil.test')).toBe('/');
    expect(safeRedirect('%2F%2Fevil.test')).toBe('/');
    expect(safeRedirect('/login?redirectUri=/x')).toBe('/');
    expect(safeRedirect('javascript:alert(1)', '/home')).toBe('/home');
  });

  it('builds addresses with a redirectUri query', () => {
    expect(withRedirect('/eula', '/weather-library')).toBe('/eula?redirectUri=%2Fweather-library');
    expect(withRedirect('/eula', '/')).toBe('/eula');
    expect(withRedirect('/signUp', null)).toBe('/signUp');
  });
});
