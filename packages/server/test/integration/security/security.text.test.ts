import { expect, it } from 'vitest';
import { call, describeEachDatabase } from '../harness.ts';
import { createCompanyUser } from '../projectFactory.ts';
import { multipart } from '../weatherHelpers.ts';

/** "Bad text becomes 500": NUL and unpaired surrogates, and over-deep JSON, are 400s naming the field. */
describeEachDatabase('security: bad text at the edge', (ctx) => {
  it('refuses a login email holding a NUL with a 400 naming email', async () => {
    const res = await call(ctx().app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a\u0000@example.com', password: 'whatever-1' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().modelState)).toEqual(['email']);
  });

  it('refuses a project name holding an unpaired surrogate with a 400 naming name', async () => {
    const { app } = ctx();
    const me = await createCompanyUser(app);
    const res = await call(app, {
      method: 'POST',
      url: '/api/Project',
      token: me.token,
      payload: { name: 'Plant \ud800', latitude: 40, longitude: -105 },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().modelState.name[0]).toMatch(/surrogate/);
  });

  it('refuses a nested key holding a NUL, naming its path', async () => {
    const { app } = ctx();
    const me = await createCompanyUser(app);
    const res = await call(app, {
      method: 'POST',
      url: '/api/Project',
      token: me.token,
      payload: { name: 'Plant', latitude: 40, longitude: -105, tags: [{ 'k\u0000': 1 }] },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().modelState)).toEqual(['tags.0.k\\u0000']);
  });

  it('refuses a search query holding %00 with a 400 naming search', async () => {
    const { app } = ctx();
    const me = await createCompanyUser(app);
    const res = await call(app, { method: 'GET', url: '/api/Project?search=a%00b', token: me.token });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().modelState)).toEqual(['search']);
  });

  it('refuses a multipart upload whose file name holds a NUL with a 400 naming file', async () => {
    const { app } = ctx();
    const me = await createCompanyUser(app);
    const body = multipart('a\u0000b.csv', 'x,y\n1,2\n');
    const res = await call(app, { method: 'POST', url: '/api/Weather/Parse', token: me.token, ...body });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().modelState)).toEqual(['file']);
  });

  it('refuses JSON nested 150,000 levels deep with a 400, not a stack overflow', async () => {
    const deep = '['.repeat(150_000) + ']'.repeat(150_000);
    const res = await call(ctx().app, {
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: deep,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/deeper than 64/);
  });

  it('still answers a normal request (a project with brackets and escapes in its name)', async () => {
    const { app } = ctx();
    const me = await createCompanyUser(app);
    const name = 'Plant [{"x\\"}] \u00e9 \ud83c\udf1e';
    const res = await call(app, {
      method: 'POST',
      url: '/api/Project',
      token: me.token,
      payload: { name, latitude: 40, longitude: -105 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = (res.json() as { id: number }).id;
    const got = await call(app, { method: 'GET', url: `/api/Project/${id}`, token: me.token });
    expect(got.json().name).toBe(name);
  });
});
