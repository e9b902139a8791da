/**
 * Outgoing mail. Every message is first written to the `outbox` table; with SMTP_URL it is then
 * sent by nodemailer (a well-kept SMTP client) and marked sent. Without SMTP_URL it stays in the outbox,
 * where a single-machine install reads sign-up mail and reset codes (README); the log says only that a
 * mail was queued, to whom and with which subject: never its text, which holds codes and links.
 */
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index.ts';
import { outbox } from '../db/schema.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createMailer(
  db: Db,
  options: { smtpUrl?: string | undefined; from: string; log: FastifyBaseLogger },
): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  return {
    async send(message) {
      const [row] = await db
        .insert(outbox)
        .values({ to: message.to, subject: message.subject, text: message.text, html: message.html })
        .returning({ id: outbox.id });
      if (!transport) {
        options.log.info(
          { mail: { id: row?.id, to: message.to, subject: message.subject } },
          'mail queued in the outbox table (no SMTP_URL)',
        );
        return;
      }
      try {
        await transport.sendMail({ from: options.from, ...message });
        if (row) await db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, row.id));
      } catch (error) {
        const text = error instanceof Error ? error.message : String(error);
        options.log.error({ err: text, to: message.to }, 'mail could not be sent');
        if (row) await db.update(outbox).set({ error: text }).where(eq(outbox.id, row.id));
      }
    },
  };
}
