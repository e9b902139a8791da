import fs from 'node:fs';
import { MAIL_DIR, SMTP_PORT } from './env.ts';
import { startMailSink } from './mailSink.ts';

export default async function globalSetup(): Promise<() => Promise<void>> {
  fs.rmSync(MAIL_DIR, { recursive: true, force: true });
  return startMailSink(SMTP_PORT, MAIL_DIR);
}
