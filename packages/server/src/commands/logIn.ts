/**
 * Sign-in with email and password, and the authenticator code when the user has one. Limits are
 * checked before the password; every failure is recorded for the account and the address, and a
 * successful sign-in clears the account's failures.
 */
import { eq } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { TokenService } from '../auth/tokens.ts';
import type { Db } from '../db/index.ts';
import { users } from '../db/schema.ts';
import { HttpError } from '../lib/errors.ts';
import { findAccountByEmail, isAccountActive, normalizeEmail, type Account } from './accounts.ts';
import { startSession, type IssuedSession } from './authSessions.ts';
import {
  accountKey,
  addressKey,
  assertNotThrottled,
  clearFailures,
  recordFailure,
  signInLimits,
} from './loginThrottle.ts';
import { INVALID_TOTP, checkTotp } from './totp.ts';

export const INCORRECT_CREDENTIALS = 'Incorrect email or password.';

export interface LogInInput {
  email: string;
  password: string;
  totp?: string | undefined;
}

export interface LogInClient {
  ip: string;
  userAgent?: string | undefined;
}

export type LogInResult =
  { kind: 'signedIn'; account: Account; session: IssuedSession } | { kind: 'totpRequired' };

const rejected = (message: string) => new HttpError(401, { message }, message);

/** A hash to verify against when the email is unknown, so both cases take as long. */
let dummyHash: Promise<string> | undefined;

export async function logIn(
  db: Db,
  tokens: TokenService,
  input: LogInInput,
  client: LogInClient,
): Promise<LogInResult> {
  const email = normalizeEmail(input.email);
  await assertNotThrottled(db, signInLimits(email, client.ip));
  const failureKeys = [accountKey(email), addressKey(client.ip)];

  const account = await findAccountByEmail(db, email);
  dummyHash ??= hashPassword('not the password of anybody');
  const passwordOk = await verifyPassword(account?.user.passwordHash ?? (await dummyHash), input.password);
  if (!account || !passwordOk || !isAccountActive(account)) {
    await recordFailure(db, failureKeys);
    throw rejected(INCORRECT_CREDENTIALS);
  }

  if (account.user.totpEnabled) {
    const code = input.totp?.trim() ?? '';
    if (!code) return { kind: 'totpRequired' };
    if (!account.user.totpSecret || !checkTotp(account.user.totpSecret, code)) {
      await recordFailure(db, failureKeys);
      throw rejected(INVALID_TOTP);
    }
  }

  await clearFailures(db, accountKey(email));
  const lastLogin = new Date();
  await db.update(users).set({ lastLogin }).where(eq(users.id, account.user.id));
  const signedIn = { ...account, user: { ...account.user, lastLogin } };
  const session = await startSession(db, tokens, signedIn, client);
  return { kind: 'signedIn', account: signedIn, session };
}
