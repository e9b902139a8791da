/**
 * Sign-in with email and password, and the authenticator code when the user has one. Each attempt is
 * counted (throttle.ts) before the password is checked, per (address, account) pair with a growing
 * delay and per address; a successful sign-in hands the attempt back. The account itself is never
 * locked: its owner signs in from another address whatever an attacker does.
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
  SIGN_IN_ADDRESS,
  SIGN_IN_PAIR,
  TOO_MANY_ATTEMPTS,
  clear,
  release,
  signInAddressKey,
  signInPairKey,
  takeAll,
} from './throttle.ts';
import { INVALID_TOTP, useTotpCode } from './totp.ts';

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
  const pairKey = signInPairKey(email, client.ip);
  const addressKey = signInAddressKey(client.ip);
  await takeAll(
    db,
    [
      { key: pairKey, limit: SIGN_IN_PAIR },
      { key: addressKey, limit: SIGN_IN_ADDRESS },
    ],
    TOO_MANY_ATTEMPTS,
  );

  const account = await findAccountByEmail(db, email);
  dummyHash ??= hashPassword('not the password of anybody');
  const passwordOk = await verifyPassword(account?.user.passwordHash ?? (await dummyHash), input.password);
  // A failure keeps its counted attempt.
  if (!account || !passwordOk || !isAccountActive(account)) throw rejected(INCORRECT_CREDENTIALS);

  if (account.user.totpEnabled) {
    const code = input.totp?.trim() ?? '';
    // Still counted: handing the attempt back here would let wrong codes be tried without limit.
    if (!code) return { kind: 'totpRequired' };
    if (!(await useTotpCode(db, account.user, code))) throw rejected(INVALID_TOTP);
  }

  await clear(db, pairKey);
  await release(db, addressKey);
  const lastLogin = new Date();
  await db.update(users).set({ lastLogin }).where(eq(users.id, account.user.id));
  const signedIn = { ...account, user: { ...account.user, lastLogin } };
  const session = await startSession(db, tokens, signedIn, client);
  return { kind: 'signedIn', account: signedIn, session };
}
