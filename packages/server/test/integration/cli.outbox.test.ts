/**
 * `sunfield outbox` (issue 15: without SMTP, reset codes only sit in the outbox table): the command
 * lists the latest mails of the configured database (the embedded one in SUNFIELD_DATA_DIR, or
 * DATABASE_URL) with their text, filtered by `--to` and cut by `--limit`; the reset code it prints
 * sets the password. On an embedded folder that another process holds (a running `sunfield serve`)
 * it says so and exits 1, leaving the folder alone; a holder that died is taken over.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useMinimalPasswordCostForTests } from '../../src/auth/passwords.ts';
import { main } from '../../src/cli.ts';
import {
  RESET_SUBJECT,
  requestPasswordReset,
  submitPasswordReset,
} from '../../src/commands/passwordReset.ts';
import { LOCK_FILE } from '../../src/db/dataDirLock.ts';
import { openDatabase, type Database } from '../../src/db/index.ts';
import { companies, users } from '../../src/db/schema.ts';
import { createMailer } from '../../src/lib/mailer.ts';
import type { Services } from '../../src/app.ts';
import { onServer, workerDatabaseUrl } from './pgServer.ts';

useMinimalPasswordCostForTests();

const log = pino({ level: 'silent' });

/** A company with one active user of a unique address; its email. */
async function makeUser(database: Database): Promise<string> {
  const [company] = await database.db
    .insert(companies)
    .values({ name: `Outbox ${crypto.randomBytes(3).toString('hex')}` })
    .returning({ id: companies.id });
  const email = `outbox-${crypto.randomBytes(4).toString('hex')}@example.test`;
  await database.db.insert(users).values({
    companyId: company!.id,
    email,
    firstName: 'Olga',
    lastName: 'Outbox',
    passwordHash: 'x',
    roles: ['User'],
    eulaAcceptedAt: new Date(),
  });
  return email;
}

/** A reset code mailed to `email` and an invitation-like mail with a link, both through the mailer. */
async function mailTo(database: Database, email: string): Promise<void> {
  const mailer = createMailer(database.db, { from: 'Sunfield <sunfield@example.test>', log });
  await requestPasswordReset({ database, mailer } as unknown as Services, email, log);
  await mailer.send({
    to: email,
    subject: 'You are invited to Sunfield',
    text: 'Sign in at https://sunfield.example.test/login?email=olga%40example.test\n\nWelcome.',
  });
}

/** Runs `sunfield <args>` in this process with `env`; its exit code and what it printed. */
async function sunfield(args: string[], env: Record<string, string | undefined>) {
  const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  const out: string[] = [];
  const err: string[] = [];
  const logSpy = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  const errSpy = vi
    .spyOn(console, 'error')
    .mockImplementation((...a: unknown[]) => void err.push(a.join(' ')));
  try {
    const code = await main(args);
    return { code, stdout: out.join('\n'), stderr: err.join('\n') };
  } finally {
    logSpy.mockRestore();
    errSpy.mockRestore();
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

describe('sunfield outbox on the embedded database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunfield-outbox-'));
  const env = { SUNFIELD_DATA_DIR: dataDir, DATABASE_URL: undefined };
  let email = '';
  let other = '';

  beforeAll(async () => {
    const database = await openDatabase({ dataDir });
    try {
      email = await makeUser(database);
      other = await makeUser(database);
      await mailTo(database, other);
      await mailTo(database, email);
    } finally {
      await database.close();
    }
  }, 120_000);

  afterEach(() => fs.rmSync(path.join(dataDir, LOCK_FILE), { force: true }));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('lists the latest mails to an address with their text; the printed code sets the password', async () => {
    const { code, stdout } = await sunfield(['outbox', '--to', email.toUpperCase()], env);
    expect(code).toBe(0);
    expect(stdout).toContain(`To: ${email}`);
    expect(stdout).not.toContain(other);
    // Newest first: the invitation, then the reset code.
    expect(stdout.indexOf('Subject: You are invited to Sunfield')).toBeLessThan(
      stdout.indexOf(`Subject: ${RESET_SUBJECT}`),
    );
    expect(stdout).toContain('https://sunfield.example.test/login?email=olga%40example.test');
    expect(stdout).toContain('kept in the outbox (not sent by SMTP)');
    const resetCode = /Code: (\d{6})/.exec(stdout)?.[1];
    expect(resetCode).toMatch(/^\d{6}$/);
    // The folder is free again once the command has ended.
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    const database = await openDatabase({ dataDir });
    try {
      await submitPasswordReset(database.db, email, resetCode!, 'Outbox-Code-2026!');
    } finally {
      await database.close();
    }
  });

  it('--limit cuts the list, newest first; a bad limit is refused', async () => {
    const { code, stdout } = await sunfield(['outbox', '--limit', '1'], env);
    expect(code).toBe(0);
    expect(stdout.match(/^To: /gm)).toHaveLength(1);
    expect(stdout).toContain(`To: ${email}`);
    expect(stdout).toContain('Subject: You are invited to Sunfield');
    const all = await sunfield(['outbox'], env);
    expect(all.stdout.match(/^To: /gm)).toHaveLength(4);
    const bad = await sunfield(['outbox', '--limit', '0'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('--limit must be a whole number from 1 to 500.');
    const none = await sunfield(['outbox', '--to', 'nobody@example.test'], env);
    expect(none.stdout).toBe('No mail to nobody@example.test in the outbox.');
  });

  it('says so and leaves the folder alone while another process holds it', async () => {
    // The parent process (the test runner) stands for a running `sunfield serve`.
    const lock = path.join(dataDir, LOCK_FILE);
    const holder = JSON.stringify({
      pid: process.ppid,
      host: os.hostname(),
      started: new Date().toISOString(),
    });
    fs.writeFileSync(lock, holder);
    const before = fs.statSync(path.join(dataDir, 'PG_VERSION')).mtimeMs;
    const { code, stdout, stderr } = await sunfield(['outbox'], env);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      `The embedded database in ${dataDir} is open in another Sunfield process (pid ${process.ppid}), ` +
        'most likely `sunfield serve`. Only one process can open it at a time: stop that process first.',
    );
    expect(fs.readFileSync(lock, 'utf8')).toBe(holder);
    expect(fs.statSync(path.join(dataDir, 'PG_VERSION')).mtimeMs).toBe(before);
    // The other commands that open the database are refused the same way.
    expect((await sunfield(['migrate'], env)).code).toBe(1);
  });

  it('takes over the folder of a process that died', async () => {
    const dead = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid;
    fs.writeFileSync(path.join(dataDir, LOCK_FILE), JSON.stringify({ pid: dead, host: os.hostname() }));
    const { code, stdout } = await sunfield(['outbox', '--limit', '1'], env);
    expect(code).toBe(0);
    expect(stdout).toContain(`To: ${email}`);
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });
});

describe.skipIf(process.env.SKIP_POSTGRES === '1')('sunfield outbox on PostgreSQL (DATABASE_URL)', () => {
  it('lists the mails of the database DATABASE_URL names', { timeout: 120_000 }, async () => {
    const url = workerDatabaseUrl();
    const name = new URL(url).pathname.slice(1);
    try {
      await onServer(async (client) => {
        const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
        if (!exists.rowCount) await client.query(`create database "${name}"`);
      });
    } catch {
      return; // no PostgreSQL server here: the embedded suite above covers the command
    }
    const database = await openDatabase({ databaseUrl: url });
    let email: string;
    try {
      email = await makeUser(database);
      await mailTo(database, email);
    } finally {
      await database.close();
    }
    const { code, stdout } = await sunfield(['outbox', '--to', email, '--limit', '5'], { DATABASE_URL: url });
    expect(code).toBe(0);
    expect(stdout.match(/^To: /gm)).toHaveLength(2);
    expect(stdout).toMatch(/Code: \d{6}/);
  });
});
