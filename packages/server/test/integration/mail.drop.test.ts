/**
 * Without SMTP_URL on the embedded database, only the running server can open the outbox table, so
 * each mail is also written to a folder as an .eml file (lib/mailer.ts `dropMail`, issue 15: reset
 * codes had no reader while the server ran). The log names the file, never the text.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { outbox } from '../../src/db/schema.ts';
import { createMailer } from '../../src/lib/mailer.ts';
import { describeEachDatabase, uniqueEmail } from './harness.ts';

describeEachDatabase('mail folder without SMTP', { mailWorkers: false }, (ctx) => {
  it('writes each mail to the folder as an .eml file only the server user reads; the log has no text', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunfield-mail-'));
    const logged: unknown[] = [];
    const log = { info: (...args: unknown[]) => logged.push(args), error: () => {} };
    const mailer = createMailer(ctx().database.db, {
      from: 'Sunfield <no-reply@sunfield.local>',
      mailDir: path.join(dir, 'mail'),
      log: log as never,
    });
    const to = uniqueEmail('drop');
    await mailer.send({ to, subject: 'Reset your password', text: 'Your code is 493817.' });

    const files = fs.readdirSync(path.join(dir, 'mail'));
    expect(files).toHaveLength(1);
    const file = path.join(dir, 'mail', files[0]!);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(dir, 'mail')).mode & 0o777).toBe(0o700);
    const eml = fs.readFileSync(file, 'utf8');
    expect(eml).toContain(`To: ${to}`);
    expect(eml).toContain('Subject: Reset your password');
    expect(eml).toContain('Your code is 493817.');
    const [row] = await ctx().database.db.select().from(outbox).where(eq(outbox.to, to));
    expect(row?.text).toBe('Your code is 493817.');
    expect(files[0]).toMatch(new RegExp(`^${String(row!.id).padStart(6, '0')}-`));
    expect(JSON.stringify(logged)).toContain(file);
    expect(JSON.stringify(logged)).not.toContain('493817');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

it('keeps mail in the data folder by default only in embedded mode without SMTP', () => {
  expect(loadConfig({ SUNFIELD_DATA_DIR: '/srv/sunfield' }).mailDir).toBe('/srv/sunfield/mail');
  expect(loadConfig({ DATABASE_URL: 'postgres://db/sunfield' }).mailDir).toBeUndefined();
  expect(loadConfig({ SUNFIELD_MAIL_DIR: '' }).mailDir).toBeUndefined();
  expect(loadConfig({ DATABASE_URL: 'postgres://db/x', SUNFIELD_MAIL_DIR: '/var/mail/sf' }).mailDir).toBe(
    '/var/mail/sf',
  );
});
