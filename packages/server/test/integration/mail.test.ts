import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { RESET_SUBJECT } from '../../src/commands/passwordReset.ts';
import type { Database } from '../../src/db/index.ts';
import { outbox } from '../../src/db/schema.ts';
import type { Mailer } from '../../src/lib/mailer.ts';
import type { LightMyRequestResponse } from 'fastify';
import {
  STRONG_PASSWORD,
  call,
  describeEachDatabase,
  mailJobsTo,
  uniqueEmail,
  waitForMail,
} from './harness.ts';
import { randomIp } from './factories.ts';

/** The request's answer, or a failure if it takes longer than `ms` (it would be waiting for mail). */
async function answered(request: Promise<LightMyRequestResponse>, ms = 10_000) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([request, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function jobsWithSubject(database: Database, subject: string) {
  const { rows } = await database.executeSql(
    `select id from pgboss.job where name = 'mail.send' and data->>'subject' = $1`,
    [subject],
  );
  return rows;
}

describeEachDatabase('mail: requests queue it, workers send it', (ctx) => {
  it('answers sign-up, password reset and contact without waiting for the mail, which a worker sends', async () => {
    const { app, database } = ctx();
    // The app's own mailer would never finish (an SMTP server that does not answer): requests must
    // not use it. The harness's `mail.send` workers have their own mailer.
    const stuck: string[] = [];
    const mailer = app.services.mailer;
    app.services.mailer = {
      send: (message) => {
        stuck.push(message.to);
        return new Promise<void>(() => {});
      },
    } satisfies Mailer;
    const email = uniqueEmail('queued');
    const subject = `Queued ${crypto.randomBytes(4).toString('hex')}`;
    try {
      const signUp = await answered(
        call(app, {
          method: 'POST',
          url: '/api/auth/signup',
          remoteAddress: randomIp(),
          payload: {
            companyName: 'Mail Co',
            firstName: 'Mia',
            lastName: 'Mail',
            email,
            password: STRONG_PASSWORD,
          },
        }),
      );
      expect(signUp.statusCode, signUp.body).toBe(201);
      const forgot = await answered(
        call(app, {
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email },
          remoteAddress: randomIp(),
        }),
      );
      expect(forgot.statusCode).toBe(200);
      const contact = await answered(
        call(app, {
          method: 'POST',
          url: '/api/contact',
          remoteAddress: randomIp(),
          payload: { subject, message: 'Sent from a queue.', email },
        }),
      );
      expect(contact.statusCode).toBe(200);
    } finally {
      app.services.mailer = mailer;
    }
    expect(stuck).toEqual([]);

    const mails = await waitForMail(database, email, { count: 2 });
    expect(mails.map((m) => m.subject).sort()).toEqual([RESET_SUBJECT, 'Welcome to Sunfield'].sort());
    expect(mails.find((m) => m.subject === RESET_SUBJECT)?.text).toMatch(/^Code: \d{6}$/m);
    const [contactMail] = await waitForMail(database, app.services.config.contactEmail, {
      subject: `[Sunfield contact] ${subject}`,
    });
    expect(contactMail?.text).toContain('Sent from a queue.');
    // All three went through the queue.
    expect(await mailJobsTo(database, email)).toHaveLength(2);
    expect(await jobsWithSubject(database, `[Sunfield contact] ${subject}`)).toHaveLength(1);
  });

  it('sends the mail within the request when the app has no queue', async () => {
    const { app, database } = ctx();
    const queue = app.services.queue;
    const subject = `Direct ${crypto.randomBytes(4).toString('hex')}`;
    delete app.services.queue;
    try {
      const res = await call(app, {
        method: 'POST',
        url: '/api/contact',
        remoteAddress: randomIp(),
        payload: { subject, message: 'No queue here.', email: uniqueEmail('direct') },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      app.services.queue = queue;
    }
    // Already in the outbox when the request answers, and no job was queued.
    const rows = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.subject, `[Sunfield contact] ${subject}`));
    expect(rows).toHaveLength(1);
    expect(await jobsWithSubject(database, `[Sunfield contact] ${subject}`)).toHaveLength(0);
  });
});
