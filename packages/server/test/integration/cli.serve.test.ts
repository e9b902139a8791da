import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { databaseUrl, onServer } from './pgServer.ts';

/**
 * Issue 16: "The demo user exists only in embedded mode or when `sunfield seed` is run". `sunfield
 * serve` on a company's PostgreSQL seeds the Global library and no account with a public password.
 */
describe.skipIf(process.env.SKIP_POSTGRES === '1')('sunfield serve on PostgreSQL', () => {
  it('seeds the Global library but no demo user', async () => {
    const name = `sunfield_test_serve_${crypto.randomBytes(4).toString('hex')}`;
    await onServer((c) => c.query(`create database ${name}`));
    const port = 20_000 + crypto.randomInt(20_000);
    const bin = path.resolve(import.meta.dirname, '../../bin/sunfield.js');
    const env = {
      ...process.env,
      DATABASE_URL: databaseUrl(name),
      PORT: String(port),
      HOST: '127.0.0.1',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
    };
    const child = spawn(process.execPath, [bin, 'serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const deadline = Date.now() + 90_000;
      while (!output.includes('Sunfield is running')) {
        if (Date.now() > deadline || child.exitCode !== null)
          throw new Error(`serve did not start:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
      expect(output).not.toContain('demo@sunfield.local');
      const counts = await onServer(async (c) => {
        const users = await c.query(
          `select count(*)::int as n from users where email = 'demo@sunfield.local'`,
        );
        const modules = await c.query(`select count(*)::int as n from modules where company_id is null`);
        return { users: users.rows[0].n as number, modules: modules.rows[0].n as number };
      }, name);
      expect(counts.users).toBe(0);
      expect(counts.modules).toBeGreaterThan(16_000);
    } finally {
      child.kill('SIGTERM');
      await exited;
      await onServer((c) => c.query(`drop database if exists ${name} with (force)`));
    }
  }, 150_000);
});
