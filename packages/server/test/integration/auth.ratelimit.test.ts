import { expect, it } from 'vitest';
import { STRONG_PASSWORD, call, describeEachDatabase, uniqueEmail } from './harness.ts';
import { randomIp, signUpUser } from './factories.ts';

const TOO_MANY = 'Too many sign-in attempts. Please wait a few minutes and try again.';

/**
 * Sign-in limits throttle the attacker, not the account (issue 15): per (address, account) pair, 5
 * tries then a growing delay, and per address 50 failures in 15 minutes whichever the accounts. These
 * cases replaced ones that expected the account itself to be refused after 10 failures from anywhere,
 * which locked its owner out.
 */
describeEachDatabase('auth: sign-in rate limits', (ctx) => {
  const login = (email: string, password: string, ip: string) =>
    call(ctx().app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: ip,
    });

  it('slows an address down on one account after 5 failures, but not the owner elsewhere', async () => {
    const { email } = await signUpUser(ctx().app);
    const ip = randomIp();
    for (let i = 0; i < 5; i++) expect((await login(email, `Wrong-${i}!`, ip)).statusCode).toBe(401);
    const blocked = await login(email.toUpperCase(), STRONG_PASSWORD, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body).toBe(TOO_MANY);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Failures from many addresses do not refuse the account.
    for (let i = 0; i < 11; i++) expect((await login(email, 'Wrong-x!', randomIp())).statusCode).toBe(401);
    expect((await login(email, STRONG_PASSWORD, randomIp())).statusCode).toBe(200);
  });

  it('clears the pair after a successful sign-in', async () => {
    const { email } = await signUpUser(ctx().app);
    const ip = randomIp();
    for (let i = 0; i < 4; i++) expect((await login(email, 'Wrong-1!', ip)).statusCode).toBe(401);
    expect((await login(email, STRONG_PASSWORD, ip)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login(email, 'Wrong-2!', ip)).statusCode).toBe(401);
    expect((await login(email, STRONG_PASSWORD, ip)).statusCode).toBe(429);
  });

  it('refuses an address after 50 failures, whichever accounts they were for', async () => {
    const { email } = await signUpUser(ctx().app);
    const ip = randomIp();
    for (let i = 0; i < 50; i++) {
      const res = await login(uniqueEmail('nobody'), 'Wrong-3!', ip);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    const blocked = await login(email, STRONG_PASSWORD, ip);
    expect(blocked.statusCode).toBe(429);
    expect((await login(email, STRONG_PASSWORD, randomIp())).statusCode).toBe(200);
    // 52 sign-ins, each verifying a password hash: slow on a busy machine.
  }, 240_000);
});
