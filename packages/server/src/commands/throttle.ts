/**
 * Abuse limits shared by sign-in, authenticator codes, sign-up, forgot-password and the contact form,
 * across processes. Each limit is one row of `throttles`, taken by ONE atomic upsert (INSERT … ON
 * CONFLICT DO UPDATE … RETURNING) *before* any password or code is checked: the row lock orders
 * parallel attempts, each sees the count left by the previous one, so N parallel tries cannot all
 * pass (a count-then-insert in two statements let 40 parallel wrong passwords through).
 *
 * Two kinds of limit:
 * - a window: at most `max` attempts per `windowSeconds` for a key (an address, an email);
 * - a growing delay: `free` attempts, then each granted attempt makes the next wait twice as long
 *   (15 s, 30 s, 1 min … up to `maxDelaySeconds`). Sign-in uses it per (address, account) pair, so an
 *   attacker slows down only themselves: the owner signing in from elsewhere is not locked out.
 *
 * A refused attempt is a 429 with `Retry-After` (ThrottledError; the header is set by the onError
 * hook of registerThrottleHeaders). A successful sign-in hands its attempt back (`release`, `clear`).
 */
import { eq, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/index.ts';
import { throttles } from '../db/schema.ts';
import { DEFAULT_SIGN_UPS_PER_ADDRESS_PER_HOUR } from '../config.ts';
import { HttpError } from '../lib/errors.ts';
import { normalizeEmail } from './accounts.ts';

export interface WindowLimit {
  kind: 'window';
  max: number;
  windowSeconds: number;
}

export interface DelayLimit {
  kind: 'delay';
  /** Attempts granted without delay. */
  free: number;
  /** The delay after the first attempt beyond `free`; doubles with each further attempt. */
  baseDelaySeconds: number;
  maxDelaySeconds: number;
  /** The row starts afresh when no attempt was granted for this long. */
  resetSeconds: number;
}

export type Limit = WindowLimit | DelayLimit;

export interface Taken {
  granted: boolean;
  /** Attempts granted in the window, this one included when granted. */
  hits: number;
  /** Seconds until an attempt may be granted again (0 when the next one would be). */
  retryAfterSeconds: number;
}

/** A 429 whose `Retry-After` header says when to try again; the body is the message, as text. */
export class ThrottledError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message, message);
  }
}

export const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Please wait a few minutes and try again.';
export const TOO_MANY_SIGN_UPS = 'Too many sign-ups from this address. Please try again later.';
export const TOO_MANY_RESETS = 'Too many password reset requests. Please wait a few minutes and try again.';
export const TOO_MANY_MESSAGES = 'Too many messages from this address. Please try again later.';

/** Per (address, account): 5 tries, then 15 s, 30 s, 1 min … between tries, at most 15 minutes. */
export const SIGN_IN_PAIR: DelayLimit = {
  kind: 'delay',
  free: 5,
  baseDelaySeconds: 15,
  maxDelaySeconds: 15 * 60,
  resetSeconds: 60 * 60,
};
/** Per address, whichever accounts: failures beyond this in 15 minutes are refused. */
export const SIGN_IN_ADDRESS: WindowLimit = { kind: 'window', max: 50, windowSeconds: 15 * 60 };
/** Wrong authenticator codes on setup and disable, per user (the sign-in pair covers sign-in). */
export const TOTP_CODES: DelayLimit = SIGN_IN_PAIR;
/** Per address (its max is the deployment's, config signUpsPerAddressPerHour). */
export const SIGN_UP_ADDRESS: WindowLimit = {
  kind: 'window',
  max: DEFAULT_SIGN_UPS_PER_ADDRESS_PER_HOUR,
  windowSeconds: 60 * 60,
};
export const RESET_ADDRESS: WindowLimit = { kind: 'window', max: 10, windowSeconds: 15 * 60 };
export const RESET_EMAIL: WindowLimit = { kind: 'window', max: 5, windowSeconds: 60 * 60 };
export const RESET_SUBMIT_ADDRESS: WindowLimit = { kind: 'window', max: 20, windowSeconds: 15 * 60 };
export const CONTACT_ADDRESS: WindowLimit = { kind: 'window', max: 10, windowSeconds: 60 * 60 };

/** The key of a limit: its purpose and its subjects, e.g. `signin|a@b.c|10.0.0.1`. */
export const throttleKey = (purpose: string, ...subjects: string[]): string =>
  [purpose, ...subjects].join('|');
export const signInPairKey = (email: string, ip: string): string =>
  throttleKey('signin', normalizeEmail(email), ip);
export const signInAddressKey = (ip: string): string => throttleKey('signin-ip', ip);

const seconds = (value: number) => sql`(${value} * interval '1 second')`;

/** Rows are pruned once an hour past their window, every PRUNE_EVERY takes of this process. */
const PRUNE_EVERY = 200;
let takesSincePrune = 0;

/**
 * Counts an attempt for the key and tells whether it is granted, in one statement. A refused
 * attempt of a delay limit changes nothing (hammering does not push the delay further); one of a
 * window limit counts, so the window stays closed while the hammering goes on.
 */
export async function take(db: Db, key: string, limit: Limit): Promise<Taken> {
  if (++takesSincePrune >= PRUNE_EVERY) {
    takesSincePrune = 0;
    await db.delete(throttles).where(lt(throttles.windowEndsAt, sql`now() - interval '1 hour'`));
  }
  const t = throttles;
  const expired = sql`${t.windowEndsAt} <= now()`;
  if (limit.kind === 'window') {
    const [row] = await db
      .insert(t)
      .values({
        key,
        hits: 1,
        windowEndsAt: sql`now() + ${seconds(limit.windowSeconds)}`,
        allowedAt: sql`now()`,
        grantedAt: sql`now()`,
      })
      .onConflictDoUpdate({
        target: t.key,
        set: {
          hits: sql`case when ${expired} then 1 else ${t.hits} + 1 end`,
          windowEndsAt: sql`case when ${expired} then excluded.window_ends_at else ${t.windowEndsAt} end`,
          grantedAt: sql`now()`,
        },
      })
      .returning({
        hits: t.hits,
        retryAfter: sql<number>`ceil(extract(epoch from (${t.windowEndsAt} - now())))::integer`,
      });
    const hits = row?.hits ?? 1;
    const granted = hits <= limit.max;
    return { granted, hits, retryAfterSeconds: granted ? 0 : Math.max(1, row?.retryAfter ?? 1) };
  }
  // The wait after the n-th granted attempt: none before the `free`-th, then base · 2^(n − free).
  const delayAfter = (n: SQL) =>
    sql`case when ${n} < ${limit.free} then interval '0' else least(${seconds(limit.maxDelaySeconds)},
      ${seconds(limit.baseDelaySeconds)} * power(2, least(30, ${n} - ${limit.free}))) end`;
  const open = sql`${t.allowedAt} <= now()`;
  const [row] = await db
    .insert(t)
    .values({
      key,
      hits: 1,
      windowEndsAt: sql`now() + ${seconds(limit.resetSeconds)}`,
      allowedAt: sql`now() + ${delayAfter(sql`1`)}`,
      grantedAt: sql`now()`,
    })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        hits: sql`case when ${expired} then 1 when ${open} then ${t.hits} + 1 else ${t.hits} end`,
        allowedAt: sql`case when ${expired} then excluded.allowed_at
          when ${open} then now() + ${delayAfter(sql`${t.hits} + 1`)} else ${t.allowedAt} end`,
        windowEndsAt: sql`case when ${expired} or ${open} then excluded.window_ends_at
          else ${t.windowEndsAt} end`,
        grantedAt: sql`case when ${expired} or ${open} then now() else ${t.grantedAt} end`,
      },
    })
    .returning({
      hits: t.hits,
      granted: sql<boolean>`${t.grantedAt} = now()`,
      retryAfter: sql<number>`ceil(extract(epoch from (${t.allowedAt} - now())))::integer`,
    });
  const granted = Boolean(row?.granted ?? true);
  return {
    granted,
    hits: row?.hits ?? 1,
    retryAfterSeconds: granted ? 0 : Math.max(1, row?.retryAfter ?? 1),
  };
}

/** Takes an attempt of every limit; throws ThrottledError with the longest wait if any refuses. */
export async function takeAll(
  db: Db,
  limits: readonly { key: string; limit: Limit }[],
  message: string,
): Promise<void> {
  let wait = 0;
  for (const { key, limit } of limits) {
    const taken = await take(db, key, limit);
    if (!taken.granted) wait = Math.max(wait, taken.retryAfterSeconds);
  }
  if (wait > 0) throw new ThrottledError(message, wait);
}

/** Hands back one attempt of a window limit (a sign-in that succeeded was no failure). */
export async function release(db: Db, key: string): Promise<void> {
  await db
    .update(throttles)
    .set({ hits: sql`greatest(${throttles.hits} - 1, 0)` })
    .where(eq(throttles.key, key));
}

/** Forgets a key (the owner proved who they are). */
export async function clear(db: Db, key: string): Promise<void> {
  await db.delete(throttles).where(eq(throttles.key, key));
}

/** Forgets every sign-in pair of an account (after a password reset by its owner). */
export async function clearSignInPairs(db: Db, email: string): Promise<void> {
  const prefix = `${throttleKey('signin', normalizeEmail(email))}|`;
  await db.delete(throttles).where(sql`starts_with(${throttles.key}, ${prefix})`);
}

/** Sets `Retry-After` on the 429 of a ThrottledError, before the error handler answers. */
export function registerThrottleHeaders(app: FastifyInstance): void {
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof ThrottledError) reply.header('retry-after', String(error.retryAfterSeconds));
  });
}
