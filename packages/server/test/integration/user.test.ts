import { expect, it } from 'vitest';
import { call, describeEachDatabase } from './harness.ts';
import { addCompanyUser, signUpUser } from './factories.ts';

describeEachDatabase('user: current user, company users, settings', (ctx) => {
  it('shows the current user and users of the same company only', async () => {
    const admin = await signUpUser(ctx().app, { firstName: 'Grace' });
    const member = await addCompanyUser(ctx().app, admin.user.companyId, { firstName: 'Linus' });
    const current = await call(ctx().app, { method: 'GET', url: '/api/User/Current', token: admin.token });
    expect(current.statusCode).toBe(200);
    expect(current.json()).toMatchObject({ id: admin.user.id, firstName: 'Grace', eulaAcceptedStatus: true });

    const colleague = await call(ctx().app, {
      method: 'GET',
      url: `/api/user/${member.id}`,
      token: admin.token,
    });
    expect(colleague.statusCode).toBe(200);
    expect(colleague.json()).toMatchObject({
      id: member.id,
      firstName: 'Linus',
      roles: [{ role: { name: 'User' } }],
    });

    const outsider = await signUpUser(ctx().app);
    for (const id of [member.id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const res = await call(ctx().app, { method: 'GET', url: `/api/user/${id}`, token: outsider.token });
      expect(res.statusCode, id).toBe(404);
    }
  });

  it('needs a token, and the EULA for everything but accepting it', async () => {
    expect((await call(ctx().app, { method: 'GET', url: '/api/user/current' })).statusCode).toBe(401);
    const fresh = await signUpUser(ctx().app, { acceptEula: false });
    const settings = await call(ctx().app, {
      method: 'POST',
      url: '/api/User/Settings',
      token: fresh.token,
      payload: { unitOfMeasure: 'Imperial' },
    });
    expect(settings.statusCode).toBe(403);
    expect(settings.json()).toEqual({ eulaAcceptedStatus: false });
    // Paths match case-insensitively; the checks must too.
    const shouted = await call(ctx().app, { method: 'GET', url: '/API/USER/CURRENT', token: fresh.token });
    expect(shouted.statusCode).toBe(403);
    expect((await call(ctx().app, { method: 'GET', url: '/Api/User/Current' })).statusCode).toBe(401);
    const accept = await call(ctx().app, { method: 'POST', url: '/api/user/AcceptEULA', token: fresh.token });
    expect(accept.json().eulaAcceptedStatus).toBe(true);
  });

  it('lets users rename themselves and admins rename their company users, nobody else', async () => {
    const admin = await signUpUser(ctx().app);
    const member = await addCompanyUser(ctx().app, admin.user.companyId);
    const other = await addCompanyUser(ctx().app, admin.user.companyId);
    const put = (id: string, token: string, payload: Record<string, unknown>) =>
      call(ctx().app, { method: 'PUT', url: `/api/User/${id}`, token, payload });

    const self = await put(member.id, member.token, { firstName: ' Margaret ', lastName: 'Hamilton' });
    expect(self.statusCode).toBe(200);
    expect(self.json()).toEqual({ changesMade: true });
    const byAdmin = await put(member.id, admin.token, { lastName: 'Hopper' });
    expect(byAdmin.statusCode).toBe(200);
    const read = await call(ctx().app, { method: 'GET', url: `/api/user/${member.id}`, token: admin.token });
    expect(read.json()).toMatchObject({ firstName: 'Margaret', lastName: 'Hopper' });

    expect((await put(other.id, member.token, { firstName: 'X' })).statusCode).toBe(403);
    expect((await put(member.id, member.token, { firstName: '  ' })).json().modelState.firstName).toEqual([
      'First name is required.',
    ]);

    const otherAdmin = await signUpUser(ctx().app);
    const foreign = await put(member.id, otherAdmin.token, { firstName: 'Mallory' });
    expect(foreign.statusCode).toBe(404);
  });

  it('saves the unit system given as a name, a number or isMetric', async () => {
    const { token } = await signUpUser(ctx().app);
    const save = (payload: Record<string, unknown>) =>
      call(ctx().app, { method: 'POST', url: '/api/User/Settings', token, payload });
    const settings = (unitOfMeasure: string) => ({ unitOfMeasure, colorPalette: 'default' });
    expect((await save({ unitOfMeasure: 'Imperial' })).json().settings).toEqual(settings('Imperial'));
    expect((await save({ unitOfMeasure: 0 })).json().settings).toEqual(settings('Metric'));
    expect((await save({ isMetric: false })).json().settings).toEqual(settings('Imperial'));
    expect((await save({ unitOfMeasure: 'metric' })).json().settings).toEqual(settings('Metric'));
    const bad = await save({ unitOfMeasure: 'Furlongs' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().modelState.unitOfMeasure).toEqual(['Unit of measure must be Metric or Imperial.']);
    const current = await call(ctx().app, { method: 'GET', url: '/api/user/current', token });
    expect(current.json().settings).toEqual(settings('Metric'));
  });

  it('keeps the chart colour palette per user (accessibility), beside the unit system', async () => {
    const me = await signUpUser(ctx().app);
    const colleague = await signUpUser(ctx().app);
    const save = (token: string, payload: Record<string, unknown>) =>
      call(ctx().app, { method: 'POST', url: '/api/User/Settings', token, payload });
    await save(me.token, { unitOfMeasure: 'Imperial' });
    const saved = await save(me.token, { colorPalette: 'okabeIto' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings).toEqual({ unitOfMeasure: 'Imperial', colorPalette: 'okabeIto' });
    // Changing the units keeps the palette.
    expect((await save(me.token, { unitOfMeasure: 'Metric' })).json().settings).toEqual({
      unitOfMeasure: 'Metric',
      colorPalette: 'okabeIto',
    });
    const bad = await save(me.token, { colorPalette: 'rainbow' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().modelState.colorPalette).toEqual([
      'Colour palette must be one of default, okabeIto, tolBright.',
    ]);
    const empty = await save(me.token, {});
    expect(empty.statusCode).toBe(400);
    const current = await call(ctx().app, { method: 'GET', url: '/api/user/current', token: me.token });
    expect(current.json().settings.colorPalette).toBe('okabeIto');
    const other = await call(ctx().app, { method: 'GET', url: '/api/user/current', token: colleague.token });
    expect(other.json().settings.colorPalette).toBe('default');
  });
});
