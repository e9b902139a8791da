import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { outbox } from '../../src/db/schema.ts';
import {
  STRONG_PASSWORD,
  call,
  describeEachDatabase,
  mailJobsTo,
  uniqueEmail,
  waitForMail,
} from './harness.ts';
import { randomIp, signUpUser } from './factories.ts';

const INVALID = 'The code is not valid or has expired.';
const NEW_PASSWORD = 'Brand-New-Pass-7';

describeEachDatabase('auth: forgot password', (ctx) => {
  const forgot = (email: string) =>
    // From an address of its own: reset requests are limited per address, and the suites of a test
    // worker share one PostgreSQL database (and its limits) within the window.
    call(ctx().app, {
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
      remoteAddress: randomIp(),
    });
  const submit = (email: string, code: string, password = NEW_PASSWORD) =>
    call(ctx().app, {
      method: 'POST',
      url: '/api/auth/forgot-password/submit',
      payload: { email, code, password },
      remoteAddress: randomIp(),
    });
  const login = (email: string, password: string) =>
    call(ctx().app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: randomIp(),
    });

  /** The code of the `count`-th reset mail to this address, once a worker has sent it. */
  async function lastCode(email: string, count = 1): Promise<string> {
    const mails = await waitForMail(ctx().database, email, {
      subject: 'Your Sunfield password reset code',
      count,
    });
    const match = /^Code: (\d{6})$/m.exec(mails[count - 1]?.text ?? '');
    if (!match?.[1]) throw new Error('no reset code mailed');
    return match[1];
  }

  it('mails a code that sets a new password once and signs out every session', async () => {
    const { email, cookie } = await signUpUser(ctx().app);
    const res = await forgot(` ${email.toUpperCase()} `);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: 'Success' });
    const code = await lastCode(email);

    const done = await submit(email, code);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ result: 'Success' });
    expect((await submit(email, code, 'Another-Pass-8')).statusCode).toBe(400);

    expect((await login(email, STRONG_PASSWORD)).statusCode).toBe(401);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
    const refresh = await call(ctx().app, { method: 'POST', url: '/api/auth/refresh', headers: { cookie } });
    expect(refresh.statusCode).toBe(401);
  });

  it('answers Success for an unknown email and mails nothing', async () => {
    const email = uniqueEmail('unknown');
    const res = await forgot(email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: 'Success' });
    expect(await mailJobsTo(ctx().database, email)).toHaveLength(0);
    const mail = await ctx().database.db.select().from(outbox).where(eq(outbox.to, email));
    expect(mail).toHaveLength(0);
  });

  it('rejects a wrong code, and any code after 5 tries', async () => {
    const { email } = await signUpUser(ctx().app);
    await forgot(email);
    const code = await lastCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await submit(email, wrong);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: INVALID, modelState: { code: [INVALID] } });
    for (let i = 0; i < 4; i++) expect((await submit(email, wrong)).statusCode).toBe(400);
    const tooLate = await submit(email, code);
    expect(tooLate.statusCode).toBe(400);
    expect(tooLate.json().modelState.code).toEqual([INVALID]);
  });

  it('keeps only the newest code valid', async () => {
    const { email } = await signUpUser(ctx().app);
    await forgot(email);
    const first = await lastCode(email);
    await forgot(email);
    const second = await lastCode(email, 2);
    if (first !== second) expect((await submit(email, first)).statusCode).toBe(400);
    expect((await submit(email, second)).statusCode).toBe(200);
  });

  it('checks the new password strength without spending a try', async () => {
    const { email } = await signUpUser(ctx().app);
    await forgot(email);
    const code = await lastCode(email);
    const weak = await submit(email, code, 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().modelState).toEqual({
      password: ['At least 8 characters', 'One uppercase character', 'One number', 'Special Character'],
    });
    expect((await submit(email, code)).statusCode).toBe(200);
  });
});
