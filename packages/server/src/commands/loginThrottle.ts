/**
 * Sign-in rate limiting across processes: each failed attempt is a row of `login_attempts` keyed by
 * account (`acct:<email>`) and by address (`ip:<ip>`). A key with more than its limit of failures in
 * the window is refused before any password is checked. Rows older than the window are pruned.
 */
import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { loginAttempts } from '../db/schema.ts';
import { tooManyRequests } from '../lib/errors.ts';
import { normalizeEmail } from './accounts.ts';

export const THROTTLE_WINDOW_MINUTES = 15;
export const MAX_ACCOUNT_FAILURES = 10;
export const MAX_ADDRESS_FAILURES = 50;
export const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Please wait a few minutes and try again.';

const windowStart = sql`now() - ${sql.raw(`interval '${THROTTLE_WINDOW_MINUTES} minutes'`)}`;

export const accountKey = (email: string): string => `acct:${normalizeEmail(email)}`;
export const addressKey = (ip: string): string => `ip:${ip}`;

export interface ThrottleLimit {
  key: string;
  max: number;
}

/** The sign-in limits for an email and an address. */
export const signInLimits = (email: string, ip: string): ThrottleLimit[] => [
  { key: accountKey(email), max: MAX_ACCOUNT_FAILURES },
  { key: addressKey(ip), max: MAX_ADDRESS_FAILURES },
];

export async function recentFailures(db: Db, key: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.key, key), gt(loginAttempts.at, windowStart)));
  return Number(row?.n ?? 0);
}

/** Throws 429 when any key already has more failures than its limit in the window. */
export async function assertNotThrottled(
  db: Db,
  limits: ThrottleLimit[],
  message: string = TOO_MANY_ATTEMPTS,
): Promise<void> {
  for (const limit of limits) {
    if ((await recentFailures(db, limit.key)) > limit.max) throw tooManyRequests(message);
  }
}

export async function recordFailure(db: Db, keys: string[]): Promise<void> {
  await db.delete(loginAttempts).where(lt(loginAttempts.at, windowStart));
  if (keys.length) await db.insert(loginAttempts).values(keys.map((key) => ({ key })));
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, key));
}
