/**
 * `mail.send`: sends one message through the mailer (outbox row, then SMTP when SMTP_URL is set), so
 * a request can hand mail off without waiting for the SMTP server. The mailer records a delivery
 * error on the outbox row instead of throwing, so a failed delivery is not retried by the queue.
 */
import { z } from 'zod';
import { defineJob } from './types.ts';

export const mailSendData = z.object({
  to: z.string().trim().min(3).max(320).includes('@'),
  subject: z.string().min(1).max(998),
  text: z.string().max(1_000_000),
  html: z.string().max(2_000_000).optional(),
});

export const mailSendJob = defineJob({
  schema: mailSendData,
  retryLimit: 3,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  concurrency: 2,
  async handler(message, { mailer }) {
    await mailer.send(message);
    return { to: message.to };
  },
});
