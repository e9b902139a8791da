/**
 * POST /contact {subject, message, email?}: a message to the Sunfield team (spec 2 §7.2). Signed-in
 * users send as themselves; without sign-in an email address to answer to is required. The message
 * is kept in `contact_messages` and mailed to CONTACT_EMAIL (a queued `mail.send` job). Messages are
 * limited per address (429).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { optionalAuth } from '../../auth/context.ts';
import { CONTACT_ADDRESS, TOO_MANY_MESSAGES, takeAll, throttleKey } from '../../commands/throttle.ts';
import { queueMail } from '../../jobs/mailSend.ts';
import { badRequest, INVALID_INPUT, parse } from '../../lib/errors.ts';
import { insertContactMessage } from '../../models/contactMessage.ts';

const contactSchema = z.object({
  subject: z
    .string({ error: 'Subject is required.' })
    .trim()
    .min(1, 'Subject is required.')
    .max(200, 'Subject must be at most 200 characters.')
    .transform((value) => value.replace(/[\r\n]+/g, ' ')),
  message: z
    .string({ error: 'Message is required.' })
    .trim()
    .min(1, 'Message is required.')
    .max(10_000, 'Message must be at most 10000 characters.'),
  email: z.email('Email must be a valid email address.').max(254).optional().nullable(),
});

export function registerContactRoutes(app: FastifyInstance): void {
  const { database, config } = app.services;

  app.post(
    '/contact',
    {
      schema: { summary: 'Send a message to the Sunfield team', body: contactSchema },
      config: { public: true },
    },
    async (request) => {
      const input = parse(contactSchema, request.body);
      await takeAll(
        database.db,
        [{ key: throttleKey('contact', request.ip), limit: CONTACT_ADDRESS }],
        TOO_MANY_MESSAGES,
      );
      const auth = await optionalAuth(request);
      const email = input.email ?? auth?.user.email;
      if (!email) throw badRequest(INVALID_INPUT, { email: ['Email is required.'] });
      const saved = await insertContactMessage(database.db, {
        userId: auth?.user.id ?? null,
        companyId: auth?.company.id ?? null,
        email,
        subject: input.subject,
        message: input.message,
      });
      const from = auth
        ? `${auth.user.firstName} ${auth.user.lastName} <${email}> of ${auth.company.name}`
        : `${email} (not signed in)`;
      await queueMail(
        app.services,
        {
          to: config.contactEmail,
          subject: `[Sunfield contact] ${input.subject}`,
          text: `From: ${from}\nMessage #${saved.id}\n\n${input.message}\n`,
        },
        request.log,
      );
      return { result: 'Success' };
    },
  );
}
