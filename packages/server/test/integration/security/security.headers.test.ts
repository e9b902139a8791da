import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/app.ts';
import { loadConfig, type Config } from '../../../src/config.ts';
import { workerLogger } from '../../../src/jobs/log.ts';
import { createMailer } from '../../../src/lib/mailer.ts';
import { call, describeEachDatabase, STRONG_PASSWORD, uniqueEmail, waitForMail } from '../harness.ts';
import { randomIp } from '../factories.ts';
import { createCompanyUser } from '../projectFactory.ts';

/** A built web app of one page and one asset, so the static and history-mode answers can be read. */
let webDist = '';
beforeAll(() => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'sunfield-headers-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><script src="/config.js"></script>');
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1);\n');
});
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

const baseConfig = (overrides: Partial<Config> = {}): Config => ({
  ...loadConfig({}),
  secret: 'test-secret-headers',
  webDist,
  ...overrides,
});

/** Parses a Content-Security-Policy header into directive → sources. */
function csp(header: unknown): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name, sources);
  }
  return directives;
}

/** "Headers and logs" and the query-string token finding. */
describeEachDatabase('security: headers and tokens', (ctx) => {
  let app: FastifyInstance;
  let proxied: FastifyInstance;
  beforeAll(async () => {
    const { database } = ctx();
    const mapStyleUrl = 'https://tiles.example.test/styles/basic/style.json?key=abc';
    app = await buildApp({ config: baseConfig({ mapStyleUrl }), database, logger: false });
    proxied = await buildApp({ config: baseConfig({ trustProxy: 1 }), database, logger: false });
  });
  afterAll(async () => {
    await app?.close();
    await proxied?.close();
  });

  it('refuses access_token in the query string on /api routes (401)', async () => {
    const { app } = ctx();
    const user = await createCompanyUser(app);
    const withHeader = await call(app, { method: 'GET', url: '/api/Project', token: user.token });
    expect(withHeader.statusCode, withHeader.body).toBe(200);
    const res = await call(app, { method: 'GET', url: `/api/Project?access_token=${user.token}` });
    expect(res.statusCode, res.body).toBe(401);
  });

  it('no CSP, X-Content-Type-Options, frame-ancestors, Referrer-Policy: set on HTML, script, asset and API answers', async () => {
    const user = await createCompanyUser(app);
    const answers = {
      html: await call(app, { method: 'GET', url: '/projects/12' }),
      config: await call(app, { method: 'GET', url: '/config.js' }),
      asset: await call(app, { method: 'GET', url: '/assets/index-abc123.js' }),
      api: await call(app, { method: 'GET', url: '/api/Project', token: user.token }),
      apiError: await call(app, { method: 'GET', url: '/api/Project' }),
      publicApi: await call(app, { method: 'GET', url: '/api/system/version' }),
    };
    expect(answers.html.headers['content-type']).toMatch(/text\/html/);
    expect(answers.html.body).toContain('/config.js');
    expect(answers.asset.statusCode).toBe(200);
    expect(answers.api.statusCode).toBe(200);
    expect(answers.apiError.statusCode).toBe(401);
    for (const [name, res] of Object.entries(answers)) {
      expect(res.headers['x-content-type-options'], name).toBe('nosniff');
      expect(res.headers['referrer-policy'], name).toBe('no-referrer');
      expect(res.headers['x-frame-options'], name).toBe('DENY');
      const policy = csp(res.headers['content-security-policy']);
      expect(policy.get('frame-ancestors'), name).toEqual(["'none'"]);
      expect(policy.get('default-src'), name).toEqual(["'self'"]);
      expect(policy.get('object-src'), name).toEqual(["'none'"]);
      // Plain http: no HSTS.
      expect(res.headers['strict-transport-security'], name).toBeUndefined();
    }
    // What the app, /config.js, MapLibre (its worker a file of the app, data:/blob: images, the style's host) and the
    // hub ('self' covers ws: of the same host) need, and no more for scripts.
    const policy = csp(answers.html.headers['content-security-policy']);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    expect(policy.get('worker-src')).toEqual(["'self'"]);
    // The basemaps' hosts (style, satellite tiles) and the place search's, from the same settings
    // as /config.js: the configured style and the default satellite and geocoder services.
    const map = ['https://tiles.example.test', 'https://server.arcgisonline.com', 'https://photon.komoot.io'];
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', ...map]);
    expect(policy.get('connect-src')).toEqual(["'self'", ...map]);
    expect(answers.config.body).toContain(
      '"mapStyleUrl":"https://tiles.example.test/styles/basic/style.json?key=abc"',
    );
    expect(answers.config.body).toContain('"geocoderUrl":"https://photon.komoot.io/api/"');
    expect(answers.config.body).toContain('"geocoderFormat":"photon"');
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    // Static files keep their own caching; /config.js keeps no-cache.
    expect(answers.asset.headers['cache-control']).toMatch(/max-age/);
    expect(answers.config.headers['cache-control']).toBe('no-cache');
  });

  it('no HSTS over https: sent only when the request came over https (X-Forwarded-Proto from a trusted proxy)', async () => {
    const viaProxy = await call(proxied, {
      method: 'GET',
      url: '/api/system/version',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(viaProxy.statusCode).toBe(200);
    expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const html = await call(proxied, { method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(html.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await call(proxied, { method: 'GET', url: '/api/system/version' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Without a trusted proxy the header is the client's word: no HSTS on plain http.
    const spoofed = await call(app, {
      method: 'GET',
      url: '/api/system/version',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });

  it('no Cache-Control: no-store on authenticated API answers: set on every /api answer that sets none', async () => {
    const user = await createCompanyUser(app);
    const projects = await call(app, { method: 'GET', url: '/api/Project', token: user.token });
    expect(projects.statusCode).toBe(200);
    expect(projects.headers['cache-control']).toBe('no-store');
    const me = await call(app, { method: 'GET', url: `/api/User/${user.userId}`, token: user.token });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    // Answers that issue tokens are not authenticated yet, and must not be kept either.
    const login = await call(app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'not-the-password' },
      remoteAddress: randomIp(),
    });
    expect(login.headers['cache-control']).toBe('no-store');
    // The web app's files are not API answers.
    const html = await call(app, { method: 'GET', url: '/' });
    expect(html.headers['cache-control']).not.toBe('no-store');
  });
});

/** Everything the app logs, one JSON line each. */
function logCapture(): { stream: { write(line: string): void }; text(): string } {
  const lines: string[] = [];
  return { stream: { write: (line: string) => void lines.push(line) }, text: () => lines.join('') };
}

/** `code` alone, not inside a longer number (a time stamp, a duration). */
const holdsNumber = (text: string, code: string): boolean =>
  new RegExp(`(?<![\\d.])${code}(?![\\d.])`).test(text);

describeEachDatabase('security: logs', { mailWorkers: false }, (ctx) => {
  it('the log holds SQL parameters (a password hash when sign-up fails): not the parameters, the hash or the failing row', async () => {
    const { database } = ctx();
    const log = logCapture();
    const app = await buildApp({ config: baseConfig(), database, logStream: log.stream });
    // A users row the database refuses after the password has been hashed: the insert fails with the
    // hash among its parameters, and PostgreSQL's detail quotes the whole failing row.
    const constraint = 'security_log_probe';
    await database.executeSql(`alter table users drop constraint if exists ${constraint}`);
    await database.executeSql(
      `alter table users add constraint ${constraint} check (email not like 'log-probe-%') not valid`,
    );
    try {
      const res = await call(app, {
        method: 'POST',
        url: '/api/auth/signup',
        payload: {
          companyName: 'Log Probe Company',
          firstName: 'Paramvalue',
          lastName: 'Zyxwvut',
          email: uniqueEmail('log-probe'),
          password: STRONG_PASSWORD,
        },
      });
      expect(res.statusCode, res.body).toBe(500);
      // Secret-named fields that a log call passes are redacted too (pino redact).
      app.log.warn(
        {
          password: 'hunter2-secret',
          body: { code: '424242' },
          client: { clientSecret: 'client-secret-x', token: 'token-secret-x' },
          headers: { authorization: 'Bearer header-secret-x', cookie: 'sid=cookie-secret-x' },
        },
        'redaction probe',
      );
    } finally {
      await database.executeSql(`alter table users drop constraint if exists ${constraint}`);
      await app.close();
    }
    const text = log.text();
    // The failure is logged, with what helps: the error's type, code, table and constraint.
    expect(text).toContain('unhandled error');
    expect(text).toContain(constraint);
    expect(text).not.toContain('$argon2');
    expect(text).not.toContain(STRONG_PASSWORD);
    expect(text).not.toContain('Paramvalue');
    expect(text).not.toContain('Zyxwvut');
    expect(text).not.toContain('Failing row');
    expect(text).not.toMatch(/"params"|"parameters"|"detail"/);
    expect(text).toContain('redaction probe');
    for (const secret of [
      'hunter2',
      '424242',
      'client-secret-x',
      'token-secret-x',
      'header-secret-x',
      'cookie-secret-x',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('without SMTP, reset codes in plain text in the log: the outbox keeps the mail, the log says only that one was queued', async () => {
    const { database } = ctx();
    const log = logCapture();
    const app = await buildApp({
      config: baseConfig({ smtpUrl: undefined }),
      database,
      logStream: log.stream,
    });
    // No queue: the request sends through its own mailer, whose log is the one captured (a queued mail
    // would be sent by whichever worker takes it).
    app.services.queue = undefined;
    const user = await createCompanyUser(app);
    try {
      const res = await call(app, {
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: user.email },
        remoteAddress: randomIp(),
      });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await app.close();
    }
    const [mail] = await waitForMail(database, user.email);
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
    expect(code, mail?.text).toBeDefined();
    const text = log.text();
    expect(text).toContain(user.email);
    expect(text).toContain(mail?.subject);
    expect(holdsNumber(text, code ?? ''), text).toBe(false);
    expect(text).not.toContain(mail?.text.slice(0, 40));
  });

  it('the worker log (`sunfield worker`) holds no SQL parameters and no mail text', async () => {
    const { database } = ctx();
    const lines: string[] = [];
    const errors = vi
      .spyOn(console, 'error')
      .mockImplementation((line: unknown) => void lines.push(String(line)));
    try {
      const log = workerLogger({ info: (line: string) => void lines.push(line) });
      const queryError = Object.assign(
        new Error('Failed query: insert into "users" values ($1)\nparams: $argon2id$v=19$secret'),
        {
          query: 'insert into "users" values ($1)',
          params: ['$argon2id$v=19$secret'],
          cause: Object.assign(new Error('new row violates check constraint "c"'), {
            detail: 'Failing row contains ($argon2id$v=19$secret).',
            code: '23514',
          }),
        },
      );
      log.error({ err: queryError, attempt: 1 }, 'job mail.send failed');
      log.info({ password: 'hunter2-secret', token: 'tok-secret', email: 'a@example.test' }, 'login');
      log.error(
        { err: new Error('GET https://api.example.test/tmy?api_key=key-secret-x&lat=1 failed') },
        'download',
      );
      const mailer = createMailer(database.db, { from: 'x@example.test', log });
      const to = uniqueEmail('worker-log');
      await mailer.send({ to, subject: 'Your code', text: 'Your code is 271828.' });
      const text = lines.join('\n');
      expect(text).toContain('job mail.send failed');
      expect(text).toContain('23514');
      expect(text).toContain(to);
      expect(text).not.toContain('$argon2');
      expect(text).not.toContain('Failing row');
      expect(text).not.toContain('hunter2');
      expect(text).not.toContain('tok-secret');
      expect(text).not.toContain('271828');
      expect(text).toContain('lat=1');
      expect(text).not.toContain('key-secret-x');
    } finally {
      errors.mockRestore();
    }
  });
});
