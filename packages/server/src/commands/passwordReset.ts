/**
 * Forgot password: a 6-digit code by email, stored hashed, valid 15 minutes, single use, at most 5
 * tries. Asking never tells whether the account exists. A new code replaces the previous one, and at
 * most a few codes are sent per account per hour. Setting the new password revokes every session, the
 * API client credentials and the access tokens already issued (revokeCredentials).
 */
import crypto from 'node:crypto';
import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../app.ts';
import { hashPassword } from '../auth/passwords.ts';
import { sha256 } from '../auth/tokens.ts';
import type { Db } from '../db/index.ts';
import { passwordResets, users } from '../db/schema.ts';
import { queueMail } from '../jobs/mailSend.ts';
import { badRequest } from '../lib/errors.ts';
import { findAccountByEmail, isAccountActive } from './accounts.ts';
import { revokeCredentials } from './authSessions.ts';
import { clearSignInPairs } from './throttle.ts';

export const RESET_CODE_MINUTES = 15;
export const RESET_CODE_MAX_TRIES = 5;
export const RESET_CODES_PER_HOUR = 5;
export const RESET_SUBJECT = 'Your Sunfield password reset code';
export const INVALID_RESET_CODE = 'The code is not valid or has expired.';

const codeHash = (userId: string, code: string): string => sha256(`${userId}:${code}`);
const invalidCode = () => badRequest(INVALID_RESET_CODE, { code: [INVALID_RESET_CODE] });

/**
 * Emails a reset code (a queued `mail.send` job) when the account exists and is active; silently does
 * nothing otherwise.
 */
export async function requestPasswordReset(
  services: Services,
  email: string,
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<void> {
  const db = services.database.db;
  const account = await findAccountByEmail(db, email);
  if (!account || !isAccountActive(account)) return;
  const userId = account.user.id;
  const [recent] = await db
    .select({ n: count() })
    .from(passwordResets)
    .where(
      and(eq(passwordResets.userId, userId), gt(passwordResets.createdDate, sql`now() - interval '1 hour'`)),
    );
  if (Number(recent?.n ?? 0) >= RESET_CODES_PER_HOUR) return;

  const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
  const now = new Date();
  await db.transaction(async (tx) => {
    // Only the newest code works; expired rows of this user are no longer needed.
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
    await tx
      .delete(passwordResets)
      .where(
        and(eq(passwordResets.userId, userId), lt(passwordResets.expiresAt, sql`now() - interval '1 day'`)),
      );
    await tx.insert(passwordResets).values({
      userId,
      codeHash: codeHash(userId, code),
      expiresAt: new Date(now.getTime() + RESET_CODE_MINUTES * 60 * 1000),
    });
  });
  const text = [
    `Hello ${account.user.firstName},`,
    '',
    'Use this code to choose a new Sunfield password:',
    '',
    `Code: ${code}`,
    '',
    `The code expires in ${RESET_CODE_MINUTES} minutes and can be used once.`,
    'If you did not ask to reset your password, ignore this email; your password stays the same.',
  ].join('\n');
  // Queued after the transaction above has committed (see jobs/queue.ts).
  await queueMail(services, { to: account.user.email, subject: RESET_SUBJECT, text }, log);
}

/**
 * Sets the new password if the code is the current one for the account; otherwise 400 on `code`.
 * @returns the user's id (its credentials are revoked: announce it to the hubs after this returns)
 */
export async function submitPasswordReset(
  db: Db,
  email: string,
  code: string,
  password: string,
): Promise<string> {
  const account = await findAccountByEmail(db, email);
  if (!account || !isAccountActive(account) || !/^\d{6}$/.test(code)) throw invalidCode();
  const userId = account.user.id;
  const [current] = await db
    .select()
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.userId, userId),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(passwordResets.createdDate))
    .limit(1);
  if (!current) throw invalidCode();
  // Claim a try atomically, so parallel guesses cannot exceed the limit.
  const [tried] = await db
    .update(passwordResets)
    .set({ attempts: sql`${passwordResets.attempts} + 1` })
    .where(and(eq(passwordResets.id, current.id), lt(passwordResets.attempts, RESET_CODE_MAX_TRIES)))
    .returning({ id: passwordResets.id });
  if (!tried) throw invalidCode();
  const expected = Buffer.from(current.codeHash);
  const given = Buffer.from(codeHash(userId, code));
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) throw invalidCode();

  const passwordHash = await hashPassword(password);
  const used = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.id, current.id), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    if (!claimed) return false;
    // The password is the owner's own now: an invitation's temporary one no longer applies, and an
    // invited (Pending, 2) user is Active (1).
    await tx
      .update(users)
      .set({
        passwordHash,
        passwordExpiresAt: null,
        status: sql`case when ${users.status} = 2 then 1 else ${users.status} end`,
        lastModified: new Date(),
      })
      .where(eq(users.id, userId));
    await revokeCredentials(tx, userId);
    return true;
  });
  if (!used) throw invalidCode();
  // The owner proved control of the mailbox: let them sign in straight away.
  await clearSignInPairs(db, account.user.email);
  return userId;
}
