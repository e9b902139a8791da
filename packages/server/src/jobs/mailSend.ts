/**
 * `mail.send`: sends one message through the mailer (outbox row, then SMTP when SMTP_URL is set), so
 * a request can hand mail off without waiting for the SMTP server. The mailer records a delivery
 * error on the outbox row instead of throwing, so a failed delivery is not retried by the queue.
 *
 * `queueMail` is the one way request code sends mail (sign-up, password reset, contact).
 */
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Mailer, MailMessage } from '../lib/mailer.ts';
import type { JobQueue } from './queue.ts';
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

/**
 * Queues a `mail.send` job, so the request does not wait for the SMTP server; a worker sends it.
 * Call it after any Drizzle transaction has committed (on PGlite an enqueue inside one never ends,
 * see queue.ts). Without a queue, or when the job cannot be queued, the mail is sent directly.
 */
export async function queueMail(
  services: { mailer: Mailer; queue?: Pick<JobQueue, 'enqueue'> | undefined },
  message: MailMessage,
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<void> {
  if (services.queue) {
    try {
      await services.queue.enqueue('mail.send', message);
      return;
    } catch (error) {
      log.error({ err: error, to: message.to }, 'mail could not be queued; sending it directly');
    }
  }
  await services.mailer.send(message);
}
