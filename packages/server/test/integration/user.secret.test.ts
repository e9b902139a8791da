import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import { call, describeEachDatabase } from './harness.ts';
import { addCompanyUser, signUpUser } from './factories.ts';

describeEachDatabase('user: API credentials and the OAuth2 token endpoint', (ctx) => {
  const secretFor = (id: string, token: string) =>
    call(ctx().app, { method: 'POST', url: `/api/User/${id}/Secret`, token });
  const tokenRequest = (options: {
    payload?: InjectOptions['payload'];
    query?: Record<string, string>;
    headers?: Record<string, string>;
  }) => call(ctx().app, { method: 'POST', url: '/api/oauth2/token', ...options });

  it('exchanges the generated credentials for a client token by form, Basic, query and JSON', async () => {
    const { token, user } = await signUpUser(ctx().app);
    const generated = await secretFor(user.id, token);
    expect(generated.statusCode).toBe(200);
    const { clientId, clientSecret } = generated.json();
    expect(clientId).toMatch(/^sf_/);
    expect(clientSecret.length).toBeGreaterThan(30);

    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: clientSecret,
    });
    const basic = Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString(
      'base64',
    );
    const answers = [
      await tokenRequest({
        payload: form.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      await tokenRequest({
        payload: 'grant_type=client_credentials&scope=transactions%2Fpost%20transactions%2Fget',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
      }),
      await tokenRequest({
        query: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret },
      }),
      await tokenRequest({
        payload: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret },
      }),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.json();
      expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
      const me = await call(ctx().app, { method: 'GET', url: '/api/user/current', token: body.access_token });
      expect(me.statusCode).toBe(200);
      expect(me.json().id).toBe(user.id);
    }
  });

  it('rotates: generating again revokes the previous credentials', async () => {
    const { token, user } = await signUpUser(ctx().app);
    const first = (await secretFor(user.id, token)).json();
    const second = (await secretFor(user.id, token)).json();
    const exchange = (c: { clientId: string; clientSecret: string }) =>
      tokenRequest({
        payload: { grant_type: 'client_credentials', client_id: c.clientId, client_secret: c.clientSecret },
      });
    expect((await exchange(first)).statusCode).toBe(401);
    expect((await exchange(second)).statusCode).toBe(200);
  });

  it('answers RFC 6749 errors', async () => {
    const { token, user } = await signUpUser(ctx().app);
    const { clientId, clientSecret } = (await secretFor(user.id, token)).json();
    const password = await tokenRequest({
      payload: { grant_type: 'password', client_id: clientId, client_secret: clientSecret },
    });
    expect(password.statusCode).toBe(400);
    expect(password.json().error).toBe('unsupported_grant_type');
    const missing = await tokenRequest({ payload: { client_id: clientId } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('invalid_request');
    const wrong = await tokenRequest({
      payload: { grant_type: 'client_credentials', client_id: clientId, client_secret: 'nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('invalid_client');
    const basic = Buffer.from(`${clientId}:wrong`).toString('base64');
    const wrongBasic = await tokenRequest({
      payload: { grant_type: 'client_credentials' },
      headers: { authorization: `Basic ${basic}` },
    });
    expect(wrongBasic.statusCode).toBe(401);
    expect(wrongBasic.headers['www-authenticate']).toMatch(/^Basic/);
    const unknown = await tokenRequest({ payload: { grant_type: 'client_credentials' } });
    expect(unknown.statusCode).toBe(401);
  });

  it('lets only the user or an admin of the same company generate credentials', async () => {
    const admin = await signUpUser(ctx().app);
    const member = await addCompanyUser(ctx().app, admin.user.companyId);
    const colleague = await addCompanyUser(ctx().app, admin.user.companyId);
    expect((await secretFor(member.id, member.token)).statusCode).toBe(200);
    expect((await secretFor(member.id, admin.token)).statusCode).toBe(200);
    expect((await secretFor(colleague.id, member.token)).statusCode).toBe(403);

    const otherAdmin = await signUpUser(ctx().app);
    const foreign = await secretFor(admin.user.id, otherAdmin.token);
    expect(foreign.statusCode).toBe(404);
    const foreignPut = await call(ctx().app, {
      method: 'PUT',
      url: `/api/User/${admin.user.id}`,
      token: otherAdmin.token,
      payload: { firstName: 'Mallory' },
    });
    expect(foreignPut.statusCode).toBe(404);
  });
});
