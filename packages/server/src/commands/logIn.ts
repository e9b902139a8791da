/**
 * Sign-in with email and password, and the authenticator code when the user has one. Each attempt is
 * counted (throttle.ts) before the password is checked, per (address, account) pair with a growing
 * delay and per address; a successful sign-in hands the attempt back. The account itself is never
 * locked: its owner signs in from another address whatever an attacker does.
 */
import { eq, sql } from 'drizzle-orm';
import { PASSWORD_SIGN_IN_DISABLED, isSuperAdmin } from '@sunfield/domain';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { TokenService } from '../auth/tokens.ts';
import type { Db } from '../db/index.ts';
import { users } from '../db/schema.ts';
import { HttpError, badRequest } from '../lib/errors.ts';
import { passwordSignInDisabled } from '../models/companySso.ts';
import { findAccountByEmail, isAccountActive, normalizeEmail, type Account } from './accounts.ts';
import { revokeCredentials, startSession, type IssuedSession } from './authSessions.ts';
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
export const TEMPORARY_PASSWORD_EXPIRED =
  'Your temporary password has expired. Ask your administrator to send the invitation again.';
export const SAME_AS_TEMPORARY = 'Choose a password other than the temporary one.';

export interface LogInInput {
  email: string;
  password: string;
  totp?: string | undefined;
  /** The password of the user's own choice, when signing in with a temporary one. */
  newPassword?: string | undefined;
}

export interface LogInClient {
  ip: string;
  userAgent?: string | undefined;
}

export type LogInResult =
  | { kind: 'signedIn'; account: Account; session: IssuedSession }
  | { kind: 'totpRequired' }
  | { kind: 'newPasswordRequired' };

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
  // A company that signs in through its single sign-on may turn password sign-in off; said only
  // after the password was right, so it tells nothing of an account to whoever does not know it.
  // Super admins keep their password, so that a provider that fails never locks everyone out.
  if (!isSuperAdmin(account.user.roles) && (await passwordSignInDisabled(db, account.company.id))) {
    throw rejected(PASSWORD_SIGN_IN_DISABLED);
  }

  // A temporary password (an invitation's, or set by an admin) is replaced before anything else;
  // the authenticator code, when the user has one, is still asked before it is.
  const temporary = account.user.passwordExpiresAt;
  if (temporary) {
    if (temporary.getTime() <= Date.now()) throw rejected(TEMPORARY_PASSWORD_EXPIRED);
    // Still counted, as for the authenticator code.
    if (!input.newPassword) return { kind: 'newPasswordRequired' };
  }

  if (account.user.totpEnabled) {
    const code = input.totp?.trim() ?? '';
    // Still counted: handing the attempt back here would let wrong codes be tried without limit.
    if (!code) return { kind: 'totpRequired' };
    if (!(await useTotpCode(db, account.user, code))) throw rejected(INVALID_TOTP);
  }

  let user = account.user;
  if (temporary && input.newPassword) {
    user = await replaceTemporaryPassword(db, user, input.password, input.newPassword);
  }

  await clear(db, pairKey);
  await release(db, addressKey);
  const lastLogin = new Date();
  await db.update(users).set({ lastLogin }).where(eq(users.id, user.id));
  const signedIn = { ...account, user: { ...user, lastLogin } };
  const session = await startSession(db, tokens, signedIn, client);
  return { kind: 'signedIn', account: signedIn, session };
}

/**
 * Sets the user's own password in place of the temporary one: a Pending (invited) user becomes
 * Active, and anything signed in with the temporary password is revoked.
 */
async function replaceTemporaryPassword(
  db: Db,
  user: Account['user'],
  temporary: string,
  newPassword: string,
): Promise<Account['user']> {
  if (newPassword === temporary) {
    throw badRequest(SAME_AS_TEMPORARY, { newPassword: [SAME_AS_TEMPORARY] });
  }
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    await revokeCredentials(tx, user.id);
    const [row] = await tx
      .update(users)
      .set({
        passwordHash,
        passwordExpiresAt: null,
        // Pending (2) → Active (1); any other status stays.
        status: sql`case when ${users.status} = 2 then 1 else ${users.status} end`,
        lastModified: new Date(),
      })
      .where(eq(users.id, user.id))
      .returning();
    if (!row) throw rejected(INCORRECT_CREDENTIALS);
    return row;
  });
}
