/**
 * Access tokens (auth/tokens.ts): a valid token's claims are remembered after the first check (issue
 * 18), but never past its expiry, and a token that was never valid (another key, altered, expired)
 * is refused every time.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { TokenService } from '../../src/auth/tokens.ts';

afterEach(() => {
  vi.useRealTimers();
});

const claims = { sub: 'user-1', cid: 'company-1', kind: 'session' as const, ver: 3 };

it('verifies a token once and answers its claims again until it expires', async () => {
  vi.useFakeTimers({ now: new Date('2026-11-29T00:00:00Z') });
  const tokens = new TokenService('secret');
  const token = await tokens.sign(claims, 60);
  const first = await tokens.verify(token);
  expect(first).toMatchObject({ ...claims, exp: Date.parse('2026-11-29T00:01:00Z') / 1000 });
  expect(await tokens.verify(token)).toEqual(first);
  vi.setSystemTime(new Date('2026-11-29T00:00:59Z'));
  expect(await tokens.verify(token)).toEqual(first);
  vi.setSystemTime(new Date('2026-11-29T00:01:00Z'));
  expect(await tokens.verify(token)).toBeNull();
  expect(await tokens.verify(token)).toBeNull();
});

it('refuses a token of another key, an altered one and an expired one, every time', async () => {
  const tokens = new TokenService('secret');
  const other = await new TokenService('another secret').sign(claims, 60);
  const good = await tokens.sign(claims, 60);
  const [header, payload, signature] = good.split('.');
  const altered = `${header}.${Buffer.from(JSON.stringify({ ...claims, cid: 'company-2', exp: 4e9 })).toString('base64url')}.${signature}`;
  const expired = await tokens.sign(claims, -1);
  for (let i = 0; i < 2; i++) {
    expect(await tokens.verify(other)).toBeNull();
    expect(await tokens.verify(altered)).toBeNull();
    expect(await tokens.verify(expired)).toBeNull();
    expect(await tokens.verify(`${header}.${payload}.`)).toBeNull();
  }
  expect(await tokens.verify(good)).toMatchObject(claims);
});
