/**
 * Outgoing mail. Every message is first written to the `outbox` table; with SMTP_URL it is then
 * sent by nodemailer (a well-kept SMTP client) and marked sent. Without SMTP_URL it stays in the outbox,
 * where a single-machine install reads sign-up mail and reset codes (README); the log says only that a
 * mail was queued, to whom and with which subject: never its text, which holds codes and links.
 *
 * The embedded database can be opened only by the running server, so there nobody could read the
 * outbox while it runs: with a mail folder (config `mailDir`, the data folder's `mail/` by default in
 * embedded mode) each unsent message is also written there as an RFC 5322 `.eml` file (nodemailer's
 * stream transport builds it), readable only by the server's user, which any mail program opens.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
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
  options: {
    smtpUrl?: string | undefined;
    from: string;
    log: FastifyBaseLogger;
    /** where unsent mail is also written as .eml files (no SMTP_URL); undefined: the outbox only */
    mailDir?: string | undefined;
  },
): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  const dropDir = transport ? undefined : options.mailDir;
  return {
    async send(message) {
      const [row] = await db
        .insert(outbox)
        .values({ to: message.to, subject: message.subject, text: message.text, html: message.html })
        .returning({ id: outbox.id });
      if (!transport) {
        const file =
          dropDir && row ? await dropMail(dropDir, row.id, { from: options.from, ...message }) : undefined;
        options.log.info(
          { mail: { id: row?.id, to: message.to, subject: message.subject, file } },
          file
            ? 'mail queued in the outbox table and its folder (no SMTP_URL)'
            : 'mail queued in the outbox table (no SMTP_URL)',
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

/** Builds RFC 5322 messages without sending them (nodemailer's stream transport). */
const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

/**
 * Writes one message to `dir` as `<outbox id>-<time>.eml` (folder 0700, file 0600: it holds codes
 * and links). Answers the file's path, or undefined when it could not be written (the outbox row
 * is what counts; the failure is logged by the caller's caller as any mailer error would be).
 */
export async function dropMail(
  dir: string,
  id: number,
  message: MailMessage & { from: string },
): Promise<string | undefined> {
  const built = await composer.sendMail(message);
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(dir, `${String(id).padStart(6, '0')}-${stamp}.eml`);
  await fs.writeFile(file, built.message as Buffer, { mode: 0o600 });
  return file;
}
