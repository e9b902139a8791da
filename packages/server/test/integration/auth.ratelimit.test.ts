import { expect, it } from 'vitest';
import { STRONG_PASSWORD, call, describeEachDatabase, uniqueEmail } from './harness.ts';
import { randomIp, signUpUser } from './factories.ts';

const TOO_MANY = 'Too many sign-in attempts. Please wait a few minutes and try again.';

describeEachDatabase('auth: sign-in rate limits', (ctx) => {
  const login = (email: string, password: string, ip: string) =>
    call(ctx().app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: ip,
    });

  it('refuses an account after more than 10 failures, even with the right password', async () => {
    const { email } = await signUpUser(ctx().app);
    for (let i = 0; i < 11; i++) {
      // Failures from many addresses still count for the account.
      const res = await login(email, `Wrong-${i}!`, randomIp());
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    const blocked = await login(email.toUpperCase(), STRONG_PASSWORD, randomIp());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body).toBe(TOO_MANY);
  });

  it('clears the account failures after a successful sign-in', async () => {
    const { email } = await signUpUser(ctx().app);
    const ip = randomIp();
    for (let i = 0; i < 10; i++) expect((await login(email, 'Wrong-1!', ip)).statusCode).toBe(401);
    expect((await login(email, STRONG_PASSWORD, ip)).statusCode).toBe(200);
    for (let i = 0; i < 11; i++) expect((await login(email, 'Wrong-2!', ip)).statusCode).toBe(401);
    expect((await login(email, STRONG_PASSWORD, ip)).statusCode).toBe(429);
  });

  it('refuses an address after more than 50 failures, whichever accounts they were for', async () => {
    const { email } = await signUpUser(ctx().app);
    const ip = randomIp();
    for (let i = 0; i < 51; i++) {
      const res = await login(uniqueEmail('nobody'), 'Wrong-3!', ip);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    const blocked = await login(email, STRONG_PASSWORD, ip);
    expect(blocked.statusCode).toBe(429);
    expect((await login(email, STRONG_PASSWORD, randomIp())).statusCode).toBe(200);
  });
});
