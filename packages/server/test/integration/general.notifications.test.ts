import { expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, describeEachDatabase } from './harness.ts';
import { createCompanyUser } from './projectFactory.ts';

interface Shown {
  id: number;
  type: number;
  message: string;
  dismissable: boolean;
}

async function pending(app: FastifyInstance, token: string): Promise<Shown[]> {
  const res = await call(app, { method: 'GET', url: '/api/User/Notification', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Shown[];
}

describeEachDatabase('notifications', (ctx) => {
  it('shows the first pending notification of the company and lets each user dismiss it', async () => {
    const { app } = ctx();
    const admin = await createCompanyUser(app, { roles: ['FSLRAdmin'] });
    const me = await createCompanyUser(app);
    const colleague = await createCompanyUser(app, { companyId: me.companyId });
    const stranger = await createCompanyUser(app);
    expect(await pending(app, me.token)).toEqual([]);

    const create = async (payload: Record<string, unknown>) => {
      const res = await call(app, { method: 'POST', url: '/api/Notification', token: admin.token, payload });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { id: number }).id;
    };
    const first = await create({
      type: 1,
      message: '<b>Planned outage</b>',
      dismissable: true,
      companyId: me.companyId,
    });
    const second = await create({ type: 2, message: 'Read me', dismissable: false, companyId: me.companyId });

    expect(await pending(app, me.token)).toEqual([
      { id: first, type: 1, message: '<b>Planned outage</b>', dismissable: true },
    ]);
    expect(await pending(app, stranger.token)).toEqual([]);

    const notYours = await call(app, {
      method: 'POST',
      url: `/api/User/Notification/${first}/Dismiss`,
      token: stranger.token,
    });
    expect(notYours.statusCode).toBe(404);
    const dismiss = await call(app, {
      method: 'POST',
      url: `/api/User/Notification/${first}/Dismiss`,
      token: me.token,
    });
    expect(dismiss.statusCode).toBe(200);
    expect(dismiss.json()).toBe(true);
    // Dismissing twice is harmless.
    expect(
      (
        await call(app, { method: 'POST', url: `/api/User/Notification/${first}/Dismiss`, token: me.token })
      ).json(),
    ).toBe(true);

    expect((await pending(app, me.token)).map((n) => n.id)).toEqual([second]);
    expect((await pending(app, colleague.token)).map((n) => n.id)).toEqual([first]);
    const stuck = await call(app, {
      method: 'POST',
      url: `/api/User/Notification/${second}/Dismiss`,
      token: me.token,
    });
    expect(stuck.statusCode).toBe(400);
    expect(
      (await call(app, { method: 'POST', url: '/api/User/Notification/abc/Dismiss', token: me.token }))
        .statusCode,
    ).toBe(404);
  });

  it('shows global notifications to everyone and lets only super admins create and remove them', async () => {
    const { app } = ctx();
    const admin = await createCompanyUser(app, { roles: ['FSLRAdmin'] });
    const me = await createCompanyUser(app);
    const refused = await call(app, {
      method: 'POST',
      url: '/api/Notification',
      token: me.token,
      payload: { type: 0, message: 'Hello', dismissable: true },
    });
    expect(refused.statusCode).toBe(403);
    const invalid = await call(app, {
      method: 'POST',
      url: '/api/Notification',
      token: admin.token,
      payload: { type: 7, message: '', companyId: 'nope' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys((invalid.json() as { modelState: object }).modelState).sort()).toEqual([
      'companyId',
      'message',
      'type',
    ]);

    const created = await call(app, {
      method: 'POST',
      url: '/api/Notification',
      token: admin.token,
      payload: { type: 0, message: 'Release 2 is out', dismissable: true },
    });
    const { id } = created.json() as { id: number };
    try {
      expect((await pending(app, me.token)).map((n) => n.message)).toContain('Release 2 is out');
      await call(app, { method: 'POST', url: `/api/User/Notification/${id}/Dismiss`, token: me.token });
      expect((await pending(app, me.token)).map((n) => n.id)).not.toContain(id);
    } finally {
      const removed = await call(app, {
        method: 'DELETE',
        url: `/api/Notification/${id}`,
        token: admin.token,
      });
      expect(removed.statusCode).toBe(200);
    }
    expect(
      (await call(app, { method: 'DELETE', url: `/api/Notification/${id}`, token: admin.token })).statusCode,
    ).toBe(404);
  });
});
