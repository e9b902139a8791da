import { generateSync } from 'otplib';
import { afterEach, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { throttles } from '../../../src/db/schema.ts';
import {
  SIGN_IN_ADDRESS,
  SIGN_IN_PAIR,
  TOO_MANY_ATTEMPTS,
  TOO_MANY_MESSAGES,
  TOO_MANY_RESETS,
  TOO_MANY_SIGN_UPS,
  signInPairKey,
} from '../../../src/commands/throttle.ts';
import { STRONG_PASSWORD, call, describeEachDatabase, uniqueEmail } from '../harness.ts';
import { randomIp, signUpUser } from '../factories.ts';

const INVALID_TOTP = 'The authenticator code is not valid.';
const realNow = Date.now.bind(Date);

/** Moves the clock of this process (server included) `ms` ahead, for later authenticator steps. */
function shiftClock(ms: number): void {
  vi.spyOn(Date, 'now').mockImplementation(() => realNow() + ms);
}
/** The authenticator code of the current (possibly shifted) time. */
const codeNow = (secret: string) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) });

/** "Sign-in and accounts": the sign-in throttle and the authenticator findings. */
describeEachDatabase('security: sign-in', (ctx) => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const login = (email: string, password: string, ip: string, totp?: string) =>
    call(ctx().app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password, ...(totp === undefined ? {} : { totp }) },
      remoteAddress: ip,
    });

  /** A signed-up user with the authenticator enabled (its setup code's step is used). */
  async function totpUser() {
    const user = await signUpUser(ctx().app);
    const setup = await call(ctx().app, { method: 'POST', url: '/api/auth/totp/setup', token: user.token });
    const { secret } = setup.json() as { secret: string };
    const verified = await call(ctx().app, {
      method: 'POST',
      url: '/api/auth/totp/verify',
      token: user.token,
      payload: { code: codeNow(secret) },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    return { ...user, secret };
  }

  it('parallel wrong passwords bypass the per-account and per-address limits', async () => {
    // One account from one address: only the free tries of the pair are checked.
    const { email } = await signUpUser(ctx().app);
    const ip = randomIp();
    const pair = await Promise.all(Array.from({ length: 40 }, () => login(email, 'Wrong-pass-1!', ip)));
    const checked = pair.filter((res) => res.statusCode === 401).length;
    expect(checked).toBeGreaterThanOrEqual(1);
    // One more may pass when a refused try comes after the first delay on a very slow machine.
    expect(checked).toBeLessThanOrEqual(SIGN_IN_PAIR.free + 2);
    expect(pair.filter((res) => res.statusCode === 429)).toHaveLength(40 - checked);

    // Many accounts from one address: exactly the address limit is checked.
    const address = randomIp();
    const spread = await Promise.all(
      Array.from({ length: SIGN_IN_ADDRESS.max + 10 }, () =>
        login(uniqueEmail('nobody'), 'Wrong-2!', address),
      ),
    );
    expect(spread.filter((res) => res.statusCode === 401)).toHaveLength(SIGN_IN_ADDRESS.max);
    expect(spread.filter((res) => res.statusCode === 429)).toHaveLength(10);
  });

  it('eleven failures lock the real owner out for 15 minutes even with the right password and code', async () => {
    const owner = await totpUser();
    const attacker = randomIp();
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) answers.push((await login(owner.email, `Wrong-${i}!`, attacker)).statusCode);
    // The attacker gets the free tries, then waits: 429 with Retry-After, the message of old.
    expect(answers.slice(0, SIGN_IN_PAIR.free)).toEqual(Array(SIGN_IN_PAIR.free).fill(401));
    expect(answers.slice(SIGN_IN_PAIR.free)).toContain(429);
    const refused = await login(owner.email, 'Wrong-again!', attacker);
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toBe(TOO_MANY_ATTEMPTS);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    // The delay grows: once it has passed (moved back in the table), one more try, then twice the wait.
    const key = signInPairKey(owner.email, attacker);
    const passWait = () =>
      ctx()
        .database.db.update(throttles)
        .set({ allowedAt: sql`now() - interval '1 second'` })
        .where(eq(throttles.key, key));
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      await passWait();
      expect((await login(owner.email, 'Wrong-later!', attacker)).statusCode).toBe(401);
      const wait = await login(owner.email, 'Wrong-later!', attacker);
      expect(wait.statusCode).toBe(429);
      waits.push(Number(wait.headers['retry-after']));
    }
    const base = SIGN_IN_PAIR.baseDelaySeconds;
    expect(waits[1]! / waits[0]!).toBeCloseTo(2, 0);
    expect(waits[2]! / waits[1]!).toBeCloseTo(2, 0);
    expect(waits[0]).toBeGreaterThan(base);

    // The owner, from their own address, signs in with the password and a (new) code.
    shiftClock(30_000);
    const ownerIp = randomIp();
    expect((await login(owner.email, STRONG_PASSWORD, ownerIp)).json()).toEqual({ totpRequired: true });
    const signedIn = await login(owner.email, STRONG_PASSWORD, ownerIp, codeNow(owner.secret));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toHaveProperty('accessToken');
  });

  it('no limit on sign-up, forgot-password or contact', async () => {
    const app = ctx().app;
    const ip = randomIp();
    const signUp = () =>
      call(app, {
        method: 'POST',
        url: '/api/auth/signup',
        remoteAddress: ip,
        payload: {
          companyName: 'Throttle Co',
          firstName: 'T',
          lastName: 'C',
          email: uniqueEmail('many'),
          password: STRONG_PASSWORD,
        },
      });
    for (let i = 0; i < 10; i++) expect((await signUp()).statusCode, `sign-up ${i + 1}`).toBe(201);
    const tooManySignUps = await signUp();
    expect(tooManySignUps.statusCode).toBe(429);
    expect(tooManySignUps.body).toBe(TOO_MANY_SIGN_UPS);
    expect(Number(tooManySignUps.headers['retry-after'])).toBeGreaterThan(0);

    // Forgot-password: per email (from any address), and per address (whatever the email).
    const forgot = (email: string, from: string) =>
      call(app, {
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email },
        remoteAddress: from,
      });
    const target = uniqueEmail('reset');
    for (let i = 0; i < 5; i++) expect((await forgot(target, randomIp())).statusCode).toBe(200);
    const perEmail = await forgot(target, randomIp());
    expect(perEmail.statusCode).toBe(429);
    expect(perEmail.body).toBe(TOO_MANY_RESETS);
    const resetIp = randomIp();
    for (let i = 0; i < 10; i++) expect((await forgot(uniqueEmail('r'), resetIp)).statusCode).toBe(200);
    expect((await forgot(uniqueEmail('r'), resetIp)).statusCode).toBe(429);

    const contactIp = randomIp();
    const contact = () =>
      call(app, {
        method: 'POST',
        url: '/api/contact',
        remoteAddress: contactIp,
        payload: { subject: 'Hello', message: 'Spam?', email: 'someone@example.com' },
      });
    for (let i = 0; i < 10; i++) expect((await contact()).statusCode, `contact ${i + 1}`).toBe(200);
    const tooManyMessages = await contact();
    expect(tooManyMessages.statusCode).toBe(429);
    expect(tooManyMessages.body).toBe(TOO_MANY_MESSAGES);
  });

  it('a TOTP code can be used twice', async () => {
    const owner = await totpUser();
    shiftClock(30_000);
    const code = codeNow(owner.secret);
    const first = await login(owner.email, STRONG_PASSWORD, randomIp(), code);
    expect(first.statusCode, first.body).toBe(200);
    const replay = await login(owner.email, STRONG_PASSWORD, randomIp(), code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ message: INVALID_TOTP });

    // Two parallel sign-ins with one new code: one wins.
    shiftClock(60_000);
    const next = codeNow(owner.secret);
    const both = await Promise.all([
      login(owner.email, STRONG_PASSWORD, randomIp(), next),
      login(owner.email, STRONG_PASSWORD, randomIp(), next),
    ]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 401]);

    // Disabling the factor needs a code not used before: the sign-in's is refused, a new one works.
    const disable = (code: string) =>
      call(ctx().app, {
        method: 'POST',
        url: '/api/auth/totp/disable',
        token: first.json().accessToken,
        payload: { code },
      });
    const reused = await disable(next);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().modelState).toEqual({ code: [INVALID_TOTP] });
    shiftClock(90_000);
    expect((await disable(codeNow(owner.secret))).statusCode).toBe(200);
  });
});
