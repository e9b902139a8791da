/**
 * Authenticator-app second factor: time-based one-time passwords (RFC 6238, SHA-1, 6 digits, 30 s)
 * through otplib. Setting up stores a secret; the factor is only enabled once a code from the app has
 * been verified, so a half-finished setup never locks anybody out. Wrong codes on these routes are
 * throttled like sign-in failures.
 */
import { eq } from 'drizzle-orm';
import { authenticator } from 'otplib';
import type { UserRow } from '../auth/context.ts';
import type { Db } from '../db/index.ts';
import { users } from '../db/schema.ts';
import { badRequest } from '../lib/errors.ts';
import { assertNotThrottled, clearFailures, recordFailure } from './loginThrottle.ts';

export const TOTP_ISSUER = 'Sunfield';
export const INVALID_TOTP = 'The authenticator code is not valid.';
export const TOTP_ALREADY_ENABLED =
  'The authenticator is already enabled. Disable it before setting it up again.';
export const TOTP_NOT_SET_UP = 'Set up the authenticator first.';
export const TOTP_NOT_ENABLED = 'The authenticator is not enabled.';
const MAX_CODE_FAILURES = 10;
const TOO_MANY_CODES =
  'Too many authenticator codes were not valid. Please wait a few minutes and try again.';

/** One step of clock drift either way is accepted (RFC 6238 §5.2). */
const verifier = authenticator.clone({ window: 1 });

export function checkTotp(secret: string, code: string): boolean {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return false;
  try {
    return verifier.check(token, secret);
  } catch {
    return false;
  }
}

const invalidCode = (message = INVALID_TOTP) => badRequest(message, { code: [message] });
const totpKey = (userId: string) => `totp:${userId}`;

/** A new 160-bit secret (RFC 4226 §4) and the otpauth:// address for the authenticator app's QR code. */
export async function setUpTotp(db: Db, user: UserRow): Promise<{ secret: string; otpauthUrl: string }> {
  if (user.totpEnabled) throw badRequest(TOTP_ALREADY_ENABLED, { $: [TOTP_ALREADY_ENABLED] });
  const secret = authenticator.generateSecret(20);
  await db.update(users).set({ totpSecret: secret, lastModified: new Date() }).where(eq(users.id, user.id));
  return { secret, otpauthUrl: authenticator.keyuri(user.email, TOTP_ISSUER, secret) };
}

async function checkUserCode(db: Db, user: UserRow, code: string): Promise<void> {
  await assertNotThrottled(db, [{ key: totpKey(user.id), max: MAX_CODE_FAILURES }], TOO_MANY_CODES);
  if (!user.totpSecret || !checkTotp(user.totpSecret, code)) {
    await recordFailure(db, [totpKey(user.id)]);
    throw invalidCode();
  }
  await clearFailures(db, totpKey(user.id));
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
