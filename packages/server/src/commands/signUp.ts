/**
 * Self-service sign-up: a new company on a 30-day free trial and its first user, an admin who still
 * has to accept the EULA. Signs the user in and queues a welcome email (sent by a queue worker).
 */
import { ROLE, SUBSCRIPTION_TYPE } from '@sunfield/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../app.ts';
import { hashPassword } from '../auth/passwords.ts';
import { companies, users } from '../db/schema.ts';
import { queueMail } from '../jobs/mailSend.ts';
import { conflict } from '../lib/errors.ts';
import { findAccountByEmail, isUniqueViolation, normalizeEmail, type Account } from './accounts.ts';
import { startSession, type ClientInfo, type IssuedSession } from './authSessions.ts';

export const FREE_TRIAL_DAYS = 30;
export const DUPLICATE_EMAIL = 'An account with this email already exists.';

export interface SignUpInput {
  companyName: string;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

export async function signUp(
  services: Services,
  input: SignUpInput,
  client: ClientInfo,
  log: FastifyBaseLogger,
): Promise<{ account: Account; session: IssuedSession }> {
  const db = services.database.db;
  const email = normalizeEmail(input.email);
  if (await findAccountByEmail(db, email)) throw conflict(DUPLICATE_EMAIL);
  const passwordHash = await hashPassword(input.password);
  const freeTrialExpirationDate = new Date(Date.now() + FREE_TRIAL_DAYS * 24 * 3600 * 1000);
  let account: Account;
  try {
    account = await db.transaction(async (tx) => {
      const [company] = await tx
        .insert(companies)
        .values({
          name: input.companyName,
          subscriptionType: SUBSCRIPTION_TYPE.FreeTrial,
          isSubscriptionActive: true,
          freeTrialExpirationDate,
        })
        .returning();
      if (!company) throw new Error('company not created');
      const [user] = await tx
        .insert(users)
        .values({
          companyId: company.id,
          email,
          firstName: input.firstName,
          lastName: input.lastName,
          passwordHash,
          roles: [ROLE.Admin],
          eulaAcceptedAt: null,
        })
        .returning();
      if (!user) throw new Error('user not created');
      return { user, company };
    });
  } catch (error) {
    // Two sign-ups with the same email at once: the unique index decides.
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_EMAIL);
    throw error;
  }
  const session = await startSession(db, services.tokens, account, client);
  // Queued after the transaction has committed (see jobs/queue.ts).
  await sendWelcome(services, account, log);
  return { account, session };
}

async function sendWelcome(services: Services, account: Account, log: FastifyBaseLogger): Promise<void> {
  const { user, company } = account;
  const trialEnds = company.freeTrialExpirationDate?.toISOString().slice(0, 10) ?? '';
  const base = services.config.publicUrl.replace(/\/+$/, '');
  const text = [
    `Hello ${user.firstName},`,
    '',
    `Your Sunfield account for ${company.name} is ready. Your ${FREE_TRIAL_DAYS}-day free trial runs until ${trialEnds}.`,
    '',
    `Sign in at ${base}/login with ${user.email}.`,
    '',
    'The Sunfield team',
  ].join('\n');
  try {
    await queueMail(services, { to: user.email, subject: 'Welcome to Sunfield', text }, log);
  } catch (error) {
    // The account exists and the user is signed in; a lost welcome email must not undo that.
    log.error({ err: error, to: user.email }, 'welcome email could not be queued');
  }
}
