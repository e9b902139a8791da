/**
 * Single sign-on through a company's OpenID Connect provider, against a real provider
 * (oidc-provider on 127.0.0.1, test/oidcTestProvider.ts): the whole code flow over HTTP, the
 * browser's part driven by fetch (redirects, the provider's sign-in form), Sunfield's by inject.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PASSWORD_SIGN_IN_DISABLED, SSO_NOT_AVAILABLE } from '@sunfield/domain';
import { ssoRedirectUri } from '../../src/commands/ssoSignIn.ts';
import { companySso, ssoLogins, users } from '../../src/db/schema.ts';
import { sha256 } from '../../src/auth/tokens.ts';
import { signInAtProvider, startTestProvider, type TestProvider } from '../oidcTestProvider.ts';
import { INVITE_SUBJECT } from '../../src/commands/companyUsers.ts';
import { STRONG_PASSWORD, call, describeEachDatabase, waitForMail } from './harness.ts';
import { addCompanyUser, randomIp, refreshCookieOf, signUpUser, type SignedUpUser } from './factories.ts';

const randomDomain = (label: string) => `${label}-${crypto.randomBytes(4).toString('hex')}.example`;

describeEachDatabase('auth: single sign-on through the company’s OpenID Connect provider', (ctx) => {
  let provider: TestProvider;
  let admin: SignedUpUser;
  let other: SignedUpUser;
  let domain: string;

  const settings = (extra: Record<string, unknown> = {}) => ({
    enabled: true,
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    allowedDomains: [domain],
    allowAutoCreate: false,
    passwordSignInDisabled: false,
    ...extra,
  });
  const save = (token: string, body: Record<string, unknown>) =>
    call(ctx().app, { method: 'PUT', url: '/api/Company/SingleSignOn', token, payload: body });

  /** Start at Sunfield, sign in at the provider, come back: the callback's answer and the start's cookie. */
  async function signInThrough(
    typedEmail: string,
    account: { email: string; password: string },
    redirectUri?: string,
  ) {
    const start = await call(ctx().app, {
      method: 'POST',
      url: '/api/auth/sso/start',
      remoteAddress: randomIp(),
      payload: { email: typedEmail, ...(redirectUri ? { redirectUri } : {}) },
    });
    expect(start.statusCode, start.body).toBe(200);
    const binding = start.cookies.find((c) => c.name === 'sunfield_sso');
    expect(binding).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/sso' });
    const authorizationUrl = new URL(start.json().authorizationUrl as string);
    expect(authorizationUrl.origin).toBe(provider.issuer);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('redirect_uri')).toBe(ssoRedirectUri(ctx().app.services.config));
    const back = await signInAtProvider(authorizationUrl.href, provider.issuer, account);
    expect(`${back.origin}${back.pathname}`).toBe(ssoRedirectUri(ctx().app.services.config));
    const cookie = `sunfield_sso=${binding!.value}`;
    const callback = () =>
      call(ctx().app, {
        method: 'GET',
        url: `/api/auth/sso/callback${back.search}`,
        headers: { cookie },
      });
    return { res: await callback(), callback, back, cookie };
  }

  const refresh = (cookie: string) =>
    call(ctx().app, { method: 'POST', url: '/api/auth/refresh', headers: { cookie } });

  beforeAll(async () => {
    // The provider is plain http on 127.0.0.1: allowed for tests (SUNFIELD_SSO_ALLOW_HTTP=1).
    ctx().app.services.config.ssoAllowHttp = true;
    provider = await startTestProvider(ssoRedirectUri(ctx().app.services.config));
    admin = await signUpUser(ctx().app);
    other = await signUpUser(ctx().app);
    domain = randomDomain('sso');
    const saved = await save(admin.token, settings());
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(async () => {
    await provider?.close();
  });

  it('keeps the client secret encrypted and answers it masked; the redirect URI is the server’s', async () => {
    const res = await call(ctx().app, {
      method: 'GET',
      url: '/api/Company/SingleSignOn',
      token: admin.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      enabled: true,
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: `••••${provider.clientSecret.slice(-4)}`,
      hasClientSecret: true,
      allowedDomains: [domain],
      redirectUri: 'http://localhost:3000/api/auth/sso/callback',
    });
    expect(res.body).not.toContain(provider.clientSecret);
    const [row] = await ctx()
      .database.db.select()
      .from(companySso)
      .where(eq(companySso.companyId, admin.user.companyId));
    expect(row?.clientSecret).toMatch(/^enc:v1:/);
    expect(row?.clientSecret).not.toContain(provider.clientSecret);
    // Saving the masked value back keeps the secret.
    const again = await save(admin.token, settings({ clientSecret: res.json().clientSecret }));
    expect(again.statusCode, again.body).toBe(200);
    const [kept] = await ctx()
      .database.db.select()
      .from(companySso)
      .where(eq(companySso.companyId, admin.user.companyId));
    expect(kept?.clientSecret).toBe(row?.clientSecret);
  });

  it('signs in an existing user of the company, matched by email in any case, with the session of a password sign-in', async () => {
    const email = `Ada.${crypto.randomBytes(3).toString('hex')}@${domain}`;
    const member = await addCompanyUser(ctx().app, admin.user.companyId, { email: email.toLowerCase() });
    provider.addAccount({ email: email.toUpperCase(), password: 'provider-pass' });
    const { res, callback } = await signInThrough(
      email,
      { email: email.toUpperCase(), password: 'provider-pass' },
      '/projects/mine?x=1',
    );
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/projects/mine?x=1');
    const session = refreshCookieOf(res);
    expect(session).not.toBe('');
    const refreshed = await refresh(session);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().user).toMatchObject({ id: member.id, email: email.toLowerCase() });

    // The same callback again: its state was used.
    const replay = await callback();
    expect(replay.statusCode).toBe(303);
    expect(replay.headers.location).toBe('/login?ssoError=expired');
    expect(refreshCookieOf(replay)).toBe('');
  });

  it('refuses a callback without the cookie of the browser that started it, and an expired attempt', async () => {
    const email = `bo.${crypto.randomBytes(3).toString('hex')}@${domain}`;
    await addCompanyUser(ctx().app, admin.user.companyId, { email });
    provider.addAccount({ email, password: 'pw' });
    const { back, cookie } = await signInThroughWithoutFinishing(email);
    const noCookie = await call(ctx().app, { method: 'GET', url: `/api/auth/sso/callback${back.search}` });
    expect(noCookie.headers.location).toBe('/login?ssoError=expired');
    const state = back.searchParams.get('state')!;
    await ctx()
      .database.db.update(ssoLogins)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(ssoLogins.stateHash, sha256(state)));
    const late = await call(ctx().app, {
      method: 'GET',
      url: `/api/auth/sso/callback${back.search}`,
      headers: { cookie },
    });
    expect(late.headers.location).toBe('/login?ssoError=expired');
    expect(refreshCookieOf(late)).toBe('');

    async function signInThroughWithoutFinishing(typed: string) {
      const start = await call(ctx().app, {
        method: 'POST',
        url: '/api/auth/sso/start',
        remoteAddress: randomIp(),
        payload: { email: typed, redirectUri: 'https://evil.example/steal' },
      });
      const binding = start.cookies.find((c) => c.name === 'sunfield_sso')!;
      const url = await signInAtProvider(start.json().authorizationUrl, provider.issuer, {
        email,
        password: 'pw',
      });
      const [row] = await ctx()
        .database.db.select()
        .from(ssoLogins)
        .where(eq(ssoLogins.stateHash, sha256(url.searchParams.get('state')!)));
      // No open redirect: an address elsewhere is kept as the app's home.
      expect(row?.returnPath).toBe('/');
      return { back: url, cookie: `sunfield_sso=${binding.value}` };
    }
  });

  it('refuses a callback the provider answered with an error, or with a code it did not issue', async () => {
    const email = `e.${crypto.randomBytes(3).toString('hex')}@${domain}`;
    await addCompanyUser(ctx().app, admin.user.companyId, { email });
    for (const [query, reason] of [
      [(state: string) => `error=access_denied&state=${state}`, 'provider'],
      [
        (state: string) => `code=not-a-code&state=${state}&iss=${encodeURIComponent(provider.issuer)}`,
        'provider',
      ],
    ] as const) {
      const start = await call(ctx().app, {
        method: 'POST',
        url: '/api/auth/sso/start',
        remoteAddress: randomIp(),
        payload: { email },
      });
      const state = new URL(start.json().authorizationUrl).searchParams.get('state')!;
      const binding = start.cookies.find((c) => c.name === 'sunfield_sso')!;
      const res = await call(ctx().app, {
        method: 'GET',
        url: `/api/auth/sso/callback?${query(state)}`,
        headers: { cookie: `sunfield_sso=${binding.value}` },
      });
      expect(res.headers.location).toBe(`/login?ssoError=${reason}`);
      expect(refreshCookieOf(res)).toBe('');
    }
  });

  it('creates an unknown user with the User role only when the admin allows it', async () => {
    const email = `new.${crypto.randomBytes(3).toString('hex')}@${domain}`;
    provider.addAccount({ email, password: 'pw', givenName: 'Grace', familyName: 'Hopper' });
    const refused = await signInThrough(email, { email, password: 'pw' });
    expect(refused.res.headers.location).toBe('/login?ssoError=noAccount');
    const none = await ctx().database.db.select().from(users).where(eq(users.email, email));
    expect(none).toHaveLength(0);

    expect((await save(admin.token, settings({ allowAutoCreate: true }))).statusCode).toBe(200);
    const { res } = await signInThrough(email, { email, password: 'pw' });
    expect(res.headers.location).toBe('/');
    const [created] = await ctx().database.db.select().from(users).where(eq(users.email, email));
    expect(created).toMatchObject({
      companyId: admin.user.companyId,
      roles: ['User'],
      status: 1,
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    const refreshed = await refresh(refreshCookieOf(res));
    expect(refreshed.json().user.email).toBe(email);
    expect((await save(admin.token, settings())).statusCode).toBe(200);
  });

  it('refuses an email outside the allowed domains, an unverified one, a disabled user and an unknown domain', async () => {
    const typed = `x.${crypto.randomBytes(3).toString('hex')}@${domain}`;
    const outside = `x@${randomDomain('elsewhere')}`;
    provider.addAccount({ email: outside, password: 'pw' });
    const wrongDomain = await signInThrough(typed, { email: outside, password: 'pw' });
    expect(wrongDomain.res.headers.location).toBe('/login?ssoError=domain');

    const unverified = `u.${crypto.randomBytes(3).toString('hex')}@${domain}`;
    await addCompanyUser(ctx().app, admin.user.companyId, { email: unverified });
    provider.addAccount({ email: unverified, password: 'pw', emailVerified: false });
    const notVerified = await signInThrough(unverified, { email: unverified, password: 'pw' });
    expect(notVerified.res.headers.location).toBe('/login?ssoError=unverified');

    const disabled = `d.${crypto.randomBytes(3).toString('hex')}@${domain}`;
    await addCompanyUser(ctx().app, admin.user.companyId, { email: disabled, status: 0 });
    provider.addAccount({ email: disabled, password: 'pw' });
    const off = await signInThrough(disabled, { email: disabled, password: 'pw' });
    expect(off.res.headers.location).toBe('/login?ssoError=disabled');
    expect(refreshCookieOf(off.res)).toBe('');

    // The company's admins run its provider and may not act on a super admin: a provider asserting a
    // super admin's email does not sign them in.
    const superAdmin = `s.${crypto.randomBytes(3).toString('hex')}@${domain}`;
    await addCompanyUser(ctx().app, admin.user.companyId, {
      email: superAdmin,
      roles: ['User', 'FSLRAdmin'],
    });
    provider.addAccount({ email: superAdmin, password: 'pw' });
    const asSuper = await signInThrough(superAdmin, { email: superAdmin, password: 'pw' });
    expect(asSuper.res.headers.location).toBe('/login?ssoError=superAdmin');
    expect(refreshCookieOf(asSuper.res)).toBe('');

    const unknown = await call(ctx().app, {
      method: 'POST',
      url: '/api/auth/sso/start',
      remoteAddress: randomIp(),
      payload: { email: `someone@${randomDomain('nobody')}` },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      message: SSO_NOT_AVAILABLE,
      modelState: { email: [SSO_NOT_AVAILABLE] },
    });
  });

  it('refuses a user of another company with that email, even when auto-create is on', async () => {
    const email = `twin.${crypto.randomBytes(3).toString('hex')}@${domain}`;
    await addCompanyUser(ctx().app, other.user.companyId, { email });
    provider.addAccount({ email, password: 'pw' });
    expect((await save(admin.token, settings({ allowAutoCreate: true }))).statusCode).toBe(200);
    const { res } = await signInThrough(email, { email, password: 'pw' });
    expect(res.headers.location).toBe('/login?ssoError=otherCompany');
    expect(refreshCookieOf(res)).toBe('');
    const [row] = await ctx().database.db.select().from(users).where(eq(users.email, email));
    expect(row?.companyId).toBe(other.user.companyId);
    expect((await save(admin.token, settings())).statusCode).toBe(200);
  });

  it('turns password sign-in off for the company’s users, not for super admins nor other companies', async () => {
    const member = await addCompanyUser(ctx().app, admin.user.companyId, {
      email: `pw.${crypto.randomBytes(3).toString('hex')}@${domain}`,
    });
    const superAdmin = await addCompanyUser(ctx().app, admin.user.companyId, { roles: ['FSLRAdmin'] });
    const login = (email: string) =>
      call(ctx().app, {
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: randomIp(),
        payload: { email, password: STRONG_PASSWORD },
      });
    expect((await login(member.email)).statusCode).toBe(200);

    const refusedOff = await save(admin.token, settings({ enabled: false, passwordSignInDisabled: true }));
    expect(refusedOff.statusCode).toBe(400);
    expect(refusedOff.json().modelState.passwordSignInDisabled).toHaveLength(1);

    expect((await save(admin.token, settings({ passwordSignInDisabled: true }))).statusCode).toBe(200);
    const refused = await login(member.email);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: PASSWORD_SIGN_IN_DISABLED });
    // A wrong password still says only that it is wrong.
    const wrong = await call(ctx().app, {
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: randomIp(),
      payload: { email: member.email, password: 'Not-the-password-1!' },
    });
    expect(wrong.json().message).toBe('Incorrect email or password.');
    expect((await login(superAdmin.email)).statusCode).toBe(200);
    expect((await login(other.email)).statusCode).toBe(200);

    // An invitation sends to single sign-on, without a temporary password; the invited (Pending)
    // user who signs in through the provider is Active.
    const invitee = `inv.${crypto.randomBytes(3).toString('hex')}@${domain}`;
    const invited = await call(ctx().app, {
      method: 'POST',
      url: `/api/Company/${admin.user.companyId}/User`,
      token: admin.token,
      payload: { users: [{ email: invitee, firstName: 'Ivy', lastName: 'Invited', role: 'User' }] },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const [mail] = await waitForMail(ctx().database, invitee, { subject: INVITE_SUBJECT });
    expect(mail?.text).toContain(
      `Sign in with your company's single sign-on at http://localhost:3000/login?sso=1&email=`,
    );
    expect(mail?.text).not.toMatch(/password/i);
    provider.addAccount({ email: invitee, password: 'pw' });
    const { res } = await signInThrough(invitee, { email: invitee, password: 'pw' });
    expect(res.headers.location).toBe('/');
    const [row] = await ctx().database.db.select().from(users).where(eq(users.email, invitee));
    expect(row?.status).toBe(1);

    expect((await save(admin.token, settings())).statusCode).toBe(200);
    expect((await login(member.email)).statusCode).toBe(200);
  });

  it('lets only the company’s admins and IT admins (and super admins) read and change it; a domain belongs to one company', async () => {
    const user = await addCompanyUser(ctx().app, admin.user.companyId, { roles: ['User'] });
    const itAdmin = await addCompanyUser(ctx().app, admin.user.companyId, { roles: ['ITAdmin'] });
    const get = (token: string, companyId?: string) =>
      call(ctx().app, {
        method: 'GET',
        url: `/api/Company/SingleSignOn${companyId ? `?CompanyId=${companyId}` : ''}`,
        token,
      });
    const manager = await addCompanyUser(ctx().app, admin.user.companyId, { roles: ['Manager'] });
    const superAdmin = await addCompanyUser(ctx().app, other.user.companyId, { roles: ['FSLRAdmin'] });
    for (const refused of [user, manager]) {
      expect((await get(refused.token)).statusCode).toBe(403);
      expect((await save(refused.token, settings())).statusCode).toBe(403);
    }
    expect((await get(itAdmin.token)).statusCode).toBe(200);
    expect((await save(itAdmin.token, settings())).statusCode).toBe(200);
    // A super admin of another company reads and saves any company's.
    const any = await get(superAdmin.token, admin.user.companyId);
    expect(any.statusCode).toBe(200);
    expect(any.json().allowedDomains).toEqual([domain]);
    expect(
      (await save(superAdmin.token, { ...settings(), companyId: admin.user.companyId })).statusCode,
    ).toBe(200);
    expect((await get(other.token, admin.user.companyId)).statusCode).toBe(404);
    expect((await save(other.token, { ...settings(), companyId: admin.user.companyId })).statusCode).toBe(
      404,
    );

    const taken = await save(other.token, settings());
    expect(taken.statusCode).toBe(400);
    expect(taken.json().modelState.allowedDomains).toEqual([
      `${domain} is used by another company’s single sign-on.`,
    ]);

    const bad = await save(other.token, settings({ allowedDomains: ['not a domain'], issuer: 'ftp://x' }));
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().modelState).sort()).toEqual(['allowedDomains', 'issuer']);

    const unreachable = await save(
      other.token,
      settings({
        allowedDomains: [randomDomain('b')],
        issuer: 'http://127.0.0.1:9/none',
      }),
    );
    expect(unreachable.statusCode).toBe(400);
    expect(unreachable.json().modelState.issuer).toHaveLength(1);
    expect((await get(other.token)).json()).toMatchObject({ enabled: false, hasClientSecret: false });
  });
});
