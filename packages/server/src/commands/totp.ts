/**
 * Authenticator-app second factor: time-based one-time passwords (RFC 6238, SHA-1, 6 digits, 30 s)
 * through otplib. Setting up stores a secret; the factor is only enabled once a code from the app has
 * been verified, so a half-finished setup never locks anybody out. A code is good once: the time step
 * it was accepted for is kept (`users.totp_last_step`) and only a later step is accepted after it,
 * claimed by one conditional update so two parallel uses cannot both pass. Attempts on these routes
 * are throttled per user like sign-in attempts.
 */
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { generateSecret, generateURI, verifySync } from 'otplib';
import type { UserRow } from '../auth/context.ts';
import type { Db } from '../db/index.ts';
import { users } from '../db/schema.ts';
import { badRequest } from '../lib/errors.ts';
import { TOTP_CODES, clear, takeAll, throttleKey } from './throttle.ts';

export const TOTP_ISSUER = 'Sunfield';
export const INVALID_TOTP = 'The authenticator code is not valid.';
export const TOTP_ALREADY_ENABLED =
  'The authenticator is already enabled. Disable it before setting it up again.';
export const TOTP_NOT_SET_UP = 'Set up the authenticator first.';
export const TOTP_NOT_ENABLED = 'The authenticator is not enabled.';
const TOO_MANY_CODES =
  'Too many authenticator codes were not valid. Please wait a few minutes and try again.';

/** One step of clock drift either way is accepted (RFC 6238 §5.2) [s]. */
const DRIFT_SECONDS = 30;

/**
 * The time step (unix time / 30 s) the code belongs to, or null when it is not valid now. Synchronous:
 * otplib's default crypto plugin (noble) computes the HMAC without a promise.
 */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  try {
    const result = verifySync({
      strategy: 'totp',
      secret,
      token,
      epoch: Math.floor(now / 1000),
      epochTolerance: DRIFT_SECONDS,
    });
    // The result type covers HOTP too, which has no time step.
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

/**
 * True when the code is valid for the user's secret and its step is later than the last one used;
 * records the step in the same conditional update, so a code (or an earlier one) is refused after.
 */
export async function useTotpCode(db: Db, user: UserRow, code: string): Promise<boolean> {
  const step = user.totpSecret ? totpStep(user.totpSecret, code) : null;
  if (step === null) return false;
  const [claimed] = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return claimed !== undefined;
}

const invalidCode = (message = INVALID_TOTP) => badRequest(message, { code: [message] });
const totpKey = (userId: string) => throttleKey('totp', userId);

/** A new 160-bit secret (RFC 4226 §4) and the otpauth:// address for the authenticator app's QR code. */
export async function setUpTotp(db: Db, user: UserRow): Promise<{ secret: string; otpauthUrl: string }> {
  if (user.totpEnabled) throw badRequest(TOTP_ALREADY_ENABLED, { $: [TOTP_ALREADY_ENABLED] });
  const secret = generateSecret({ length: 20 });
  // A new secret starts without a used step.
  await db
    .update(users)
    .set({ totpSecret: secret, totpLastStep: null, lastModified: new Date() })
    .where(eq(users.id, user.id));
  return { secret, otpauthUrl: generateURI({ issuer: TOTP_ISSUER, label: user.email, secret }) };
}

async function checkUserCode(db: Db, user: UserRow, code: string): Promise<void> {
  const key = totpKey(user.id);
  await takeAll(db, [{ key, limit: TOTP_CODES }], TOO_MANY_CODES);
  if (!(await useTotpCode(db, user, code))) throw invalidCode();
  await clear(db, key);
}

/** Enables the factor once the app shows a valid code for the stored secret. */
export async function verifyTotp(db: Db, user: UserRow, code: string): Promise<{ totpEnabled: true }> {
  if (!user.totpSecret) throw invalidCode(TOTP_NOT_SET_UP);
  if (!user.totpEnabled) {
    await checkUserCode(db, user, code);
    await db.update(users).set({ totpEnabled: true, lastModified: new Date() }).where(eq(users.id, user.id));
  }
  return { totpEnabled: true };
}

/** Disables the factor; a current code is required so a stolen access token alone cannot do it. */
export async function disableTotp(db: Db, user: UserRow, code: string): Promise<{ totpEnabled: false }> {
  if (!user.totpEnabled) throw invalidCode(TOTP_NOT_ENABLED);
  await checkUserCode(db, user, code);
  await db
    .update(users)
    .set({ totpEnabled: false, totpSecret: null, lastModified: new Date() })
    .where(eq(users.id, user.id));
  return { totpEnabled: false };
}
