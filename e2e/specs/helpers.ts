/** Helpers shared by the specs: unique users, reading mail the app sent, signing in. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { MAIL_DIR } from '../setup/env.ts';

export const DEMO = { email: 'demo@sunfield.local', password: 'sunfield-demo' };
export const STRONG_PASSWORD = 'Sunfield-2026!';
/** The super admin setup/serveFromCopy.mjs makes with `sunfield create-admin` before the server starts. */
export const SUPER_ADMIN = { email: 'super-admin@e2e.sunfield.local', password: 'Super-Admin-2026!' };

export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${crypto.randomBytes(5).toString('hex')}@example.test`;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Waits for a mail to `to` whose subject contains `subject`, and returns it. */
export async function readMail(to: string, subject: string, timeoutMs = 15_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (fs.existsSync(MAIL_DIR)) {
      const files = fs.readdirSync(MAIL_DIR).sort().reverse();
      for (const file of files) {
        const mail = JSON.parse(fs.readFileSync(path.join(MAIL_DIR, file), 'utf8')) as Mail;
        if (mail.to.toLowerCase().includes(to.toLowerCase()) && mail.subject.includes(subject)) return mail;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail to ${to} with subject containing "${subject}"`);
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}
