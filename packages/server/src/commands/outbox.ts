/**
 * `sunfield outbox [--to EMAIL] [--limit N]`: the latest mails of the outbox table, newest first, for
 * an operator without SMTP (password reset codes, invitations and welcome mails stay there and never
 * reach the log). Prints each mail's recipient, subject, when it was queued, whether it was sent, and
 * its text with the links in it.
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { outbox } from '../db/schema.ts';

/** Mails listed when `--limit` is not given, and at most. */
export const OUTBOX_DEFAULT_LIMIT = 10;
export const OUTBOX_MAX_LIMIT = 500;

export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  createdDate: Date;
  sentAt: Date | null;
  error: string | null;
}

/**
 * The latest mails, newest first.
 * @param options.to only mails to this address (compared without regard to case)
 * @param options.limit how many (1 to {@link OUTBOX_MAX_LIMIT})
 */
export async function listOutbox(
  db: Db,
  options: { to?: string | undefined; limit: number },
): Promise<OutboxMail[]> {
  const to = options.to?.trim().toLowerCase();
  return db
    .select({
      id: outbox.id,
      to: outbox.to,
      subject: outbox.subject,
      text: outbox.text,
      createdDate: outbox.createdDate,
      sentAt: outbox.sentAt,
      error: outbox.error,
    })
    .from(outbox)
    .where(to ? eq(sql`lower(${outbox.to})`, to) : undefined)
    .orderBy(desc(outbox.id))
    .limit(options.limit);
}

/** What became of a mail: sent (when), failed (why), or kept in the outbox only. */
function stateOf(mail: OutboxMail): string {
  if (mail.sentAt) return `sent ${mail.sentAt.toISOString()}`;
  if (mail.error) return `not sent: ${mail.error}`;
  return 'kept in the outbox (not sent by SMTP)';
}

/** The mails as the command prints them: a header per mail, then its text indented. */
export function formatOutbox(mails: readonly OutboxMail[], filter: { to?: string | undefined }): string {
  if (mails.length === 0)
    return filter.to ? `No mail to ${filter.to} in the outbox.` : 'The outbox is empty.';
  return mails
    .map((mail) =>
      [
        `#${mail.id}  ${mail.createdDate.toISOString()}  ${stateOf(mail)}`,
        `To: ${mail.to}`,
        `Subject: ${mail.subject}`,
        '',
        ...mail.text.split(/\r?\n/).map((line) => (line ? `    ${line}` : '')),
      ].join('\n'),
    )
    .join('\n\n' + '-'.repeat(72) + '\n\n');
}
