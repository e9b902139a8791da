import { afterEach, beforeAll, expect, it } from 'vitest';
import { setMaintenanceMode } from '../../../src/models/systemSettings.ts';
import { STRONG_PASSWORD, call, describeEachDatabase, waitForMail } from '../harness.ts';
import { TestHubClient, listenUrl } from '../hubClient.ts';
import { randomIp, refreshCookieOf, signUpUser } from '../factories.ts';
import { createCompanyUser } from '../projectFactory.ts';

const NEW_PASSWORD = 'Brand-New-Pass-7';

/** "Sign-in and accounts": the token and account findings. */
describeEachDatabase('security: sign-in and accounts', (ctx) => {
  const app = () => ctx().app;
  const refresh = (cookie: string) =>
    call(app(), { method: 'POST', url: '/api/auth/refresh', headers: { cookie } });
  const login = (email: string, password: string) =>
    call(app(), {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: randomIp(),
    });
  const clientToken = (clientId: string, clientSecret: string) =>
    call(app(), {
      method: 'POST',
      url: '/api/oauth2/token',
      payload: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret },
    });
  const current = (token: string) => call(app(), { method: 'GET', url: '/api/user/current', token });

  let baseUrl = '';
  const sockets: TestHubClient[] = [];
  beforeAll(async () => {
    baseUrl = await listenUrl(app());
  });
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((socket) => socket.close()));
  });

  it('a password reset leaves API client credentials and sessions alive', async () => {
    const { email, token, cookie, user } = await signUpUser(app());
    const second = await login(email, STRONG_PASSWORD);
    const secondCookie = refreshCookieOf(second);
    const generated = await call(app(), { method: 'POST', url: `/api/User/${user.id}/Secret`, token });
    const { clientId, clientSecret } = generated.json() as { clientId: string; clientSecret: string };
    const issued = await clientToken(clientId, clientSecret);
    expect(issued.statusCode).toBe(200);
    const apiToken = (issued.json() as { access_token: string }).access_token;
    // The user's open hub socket, and another user's.
    const hub = await TestHubClient.connect(baseUrl, token);
    const bystander = await TestHubClient.connect(baseUrl, (await signUpUser(app())).token);
    sockets.push(hub, bystander);

    await call(app(), {
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
      remoteAddress: randomIp(),
    });
    const [mail] = await waitForMail(ctx().database, email, { subject: 'Your Sunfield password reset code' });
    const code = /^Code: (\d{6})$/m.exec(mail?.text ?? '')?.[1] ?? '';
    const reset = await call(app(), {
      method: 'POST',
      url: '/api/auth/forgot-password/submit',
      payload: { email, code, password: NEW_PASSWORD },
      remoteAddress: randomIp(),
    });
    expect(reset.statusCode, reset.body).toBe(200);

    // Every session, the client credentials, and the access tokens issued from them are revoked.
    expect((await refresh(cookie)).statusCode).toBe(401);
    expect((await refresh(secondCookie)).statusCode).toBe(401);
    expect((await clientToken(clientId, clientSecret)).statusCode).toBe(401);
    expect((await current(apiToken)).statusCode).toBe(401);
    expect((await current(token)).statusCode).toBe(401);
    // The user's hub socket closes now (every API process hears it on NOTIFY), not at its token's
    // expiry; another user's stays open.
    expect(await hub.closed).toEqual({ code: 4401, reason: 'Credentials revoked' });
    bystander.send({ invoke: 'loadUserData' });
    expect((await bystander.next('loaduserdata')).data).toBeTruthy();
    // The new password signs in, and its token works.
    const fresh = await login(email, NEW_PASSWORD);
    expect(fresh.statusCode).toBe(200);
    expect((await current((fresh.json() as { accessToken: string }).accessToken)).statusCode).toBe(200);
  });

  it('reusing an old refresh cookie revokes its whole family', async () => {
    const { email, cookie: first } = await signUpUser(app());
    const other = refreshCookieOf(await login(email, STRONG_PASSWORD));
    const second = refreshCookieOf(await refresh(first));
    const third = await refresh(second);
    expect(third.statusCode).toBe(200);
    // The thief replays the first (rotated) cookie: refused, and the family's live token too.
    expect((await refresh(first)).statusCode).toBe(401);
    expect((await refresh(refreshCookieOf(third))).statusCode).toBe(401);
    // Another sign-in of the same user is another family, untouched.
    expect((await refresh(other)).statusCode).toBe(200);
  });

  it('a refresh retried after a lost answer, or two at once, keeps the user signed in', async () => {
    const { cookie: first } = await signUpUser(app());
    // The answer to this refresh is lost: the client never gets `lost` and retries with `first`.
    const lost = refreshCookieOf(await refresh(first));
    const retried = await refresh(first);
    expect(retried.statusCode, retried.body).toBe(200);
    const kept = refreshCookieOf(retried);
    const next = await refresh(kept);
    expect(next.statusCode).toBe(200);
    // Two tabs refreshing with the same cookie at once: both answered, the family goes on.
    const both = await Promise.all([refresh(refreshCookieOf(next)), refresh(refreshCookieOf(next))]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const survivor = both.map(refreshCookieOf);
    const alive = await Promise.all(survivor.map((c) => refresh(c)));
    expect(alive.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    // The successor the client never received is dead, and showing it up later (someone copied
    // it) ends the family, as any reuse does.
    expect((await refresh(lost)).statusCode).toBe(401);
    for (const r of alive)
      if (r.statusCode === 200) expect((await refresh(refreshCookieOf(r))).statusCode).toBe(401);
  });

  it('a retry that comes while the rotation is still writing the successor is answered', async () => {
    const { cookie: first, user } = await signUpUser(app());
    // What a parallel request sees between the rotation's update and its successor's insert.
    await ctx().database.executeSql(
      `update sessions set revoked_at = now(), rotated_at = now() where user_id = $1 and revoked_at is null`,
      [user.id],
    );
    const retried = await refresh(first);
    expect(retried.statusCode, retried.body).toBe(200);
    expect((await refresh(refreshCookieOf(retried))).statusCode).toBe(200);
  });

  it('no grace once the family was signed out', async () => {
    const { cookie: first } = await signUpUser(app());
    const second = refreshCookieOf(await refresh(first));
    const out = await call(app(), { method: 'POST', url: '/api/auth/logout', headers: { cookie: second } });
    expect(out.statusCode).toBeLessThan(300);
    expect((await refresh(first)).statusCode).toBe(401);
  });

  it('no grace once the successor was used, or after the grace period', async () => {
    const { cookie: first, user } = await signUpUser(app());
    const second = refreshCookieOf(await refresh(first));
    // Past the grace period: the same retry is reuse, and ends the family.
    await ctx().database.executeSql(
      `update sessions set rotated_at = rotated_at - interval '1 minute', revoked_at = revoked_at - interval '1 minute'
        where rotated_at is not null and user_id = $1`,
      [user.id],
    );
    expect((await refresh(first)).statusCode).toBe(401);
    expect((await refresh(second)).statusCode).toBe(401);
  });

  it('hub sockets are never re-checked when their token expires', async () => {
    const { user } = await signUpUser(app());
    const tokens = app().services.tokens;
    const shortLived = () => tokens.sign({ sub: user.id, cid: user.companyId, kind: 'session' }, 2);

    // A socket whose token expires is closed with 4401.
    const expiring = await TestHubClient.connect(baseUrl, await shortLived());
    sockets.push(expiring);
    const closed = await expiring.closed;
    expect(closed).toEqual({ code: 4401, reason: 'Token expired' });

    // Unless the client sends a refreshed token of the same user before.
    const renewed = await TestHubClient.connect(baseUrl, await shortLived());
    sockets.push(renewed);
    renewed.send({
      invoke: 'authenticate',
      accessToken: await tokens.sign({ sub: user.id, cid: user.companyId, kind: 'session' }, 900),
    });
    await renewed.next('authenticated');
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    renewed.send({ invoke: 'loadUserData' });
    expect((await renewed.next('loaduserdata')).data).toMatchObject({ userId: user.id });

    // Another user's token, or a bad one, closes the socket.
    const stranger = await signUpUser(app());
    const hijacked = await TestHubClient.connect(baseUrl, await shortLived());
    sockets.push(hijacked);
    hijacked.send({ invoke: 'authenticate', accessToken: stranger.token });
    expect((await hijacked.closed).code).toBe(4401);
  });

  it('a company admin can set miscellaneousSettings.weatherStatus to Global (5)', async () => {
    const admin = await signUpUser(app());
    const put = (miscellaneousSettings: Record<string, unknown>) =>
      call(app(), {
        method: 'PUT',
        url: '/api/Company/DefaultSettings',
        token: admin.token,
        payload: { miscellaneousSettings },
      });
    const global = await put({ weatherStatus: 5 });
    expect(global.statusCode, global.body).toBe(400);
    expect(global.json().modelState).toEqual({
      'miscellaneousSettings.weatherStatus': ['Status 5 cannot be set.'],
    });
    const retired = await put({ moduleStatus: 6, inverterStatus: 5 });
    expect(Object.keys(retired.json().modelState).sort()).toEqual([
      'miscellaneousSettings.inverterStatus',
      'miscellaneousSettings.moduleStatus',
    ]);
    const stored = await call(app(), {
      method: 'GET',
      url: '/api/Company/DefaultSettings',
      token: admin.token,
    });
    expect(JSON.stringify(stored.json())).not.toContain('"weatherStatus":5');
    // Statuses a user may set are kept.
    const shared = await put({ weatherStatus: 2, moduleStatus: 1, inverterStatus: null });
    expect(shared.statusCode, shared.body).toBe(200);
  });

  it('refuses sign-up and TOTP setup during maintenance mode', async () => {
    const { app, database } = ctx();
    const user = await createCompanyUser(app);
    await setMaintenanceMode(database.db, { maintenanceMode: true, message: null });
    try {
      const signUp = await call(app, {
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email: 'maint@example.com', password: 'Long-enough-1', firstName: 'A', lastName: 'B' },
      });
      expect(signUp.statusCode, signUp.body).toBe(503);
      const setup = await call(app, { method: 'POST', url: '/api/auth/totp/setup', token: user.token });
      expect(setup.statusCode, setup.body).toBe(503);
      const login = await call(app, {
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: 'wrong' },
      });
      expect(login.statusCode).not.toBe(503);
    } finally {
      await setMaintenanceMode(database.db, { maintenanceMode: false, message: null });
    }
  });
});
