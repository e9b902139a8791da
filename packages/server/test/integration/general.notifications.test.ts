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

  it('lists every notification to super admins, paged, with the company and the dismissals', async () => {
    const { app } = ctx();
    const admin = await createCompanyUser(app, { roles: ['FSLRAdmin'] });
    const alice = await createCompanyUser(app);
    const aliceColleague = await createCompanyUser(app, { companyId: alice.companyId });
    const bob = await createCompanyUser(app);
    const create = async (payload: Record<string, unknown>) => {
      const res = await call(app, { method: 'POST', url: '/api/Notification', token: admin.token, payload });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { id: number }).id;
    };
    const aliceFirst = await create({ type: 1, message: 'Alice maintenance', companyId: alice.companyId });
    const aliceSecond = await create({
      type: 0,
      message: 'Alice news',
      dismissable: false,
      companyId: alice.companyId,
    });
    const bobOnly = await create({ type: 2, message: 'Bob outage', companyId: bob.companyId });
    const everyone = await create({ type: 0, message: '<i>For everyone</i>' });
    try {
      // Each company sees only its own and the global ones, the oldest pending first.
      expect((await pending(app, alice.token)).map((n) => n.id)).toEqual([aliceFirst]);
      expect((await pending(app, bob.token)).map((n) => n.id)).toEqual([bobOnly]);
      const bobDismiss = await call(app, {
        method: 'POST',
        url: `/api/User/Notification/${aliceFirst}/Dismiss`,
        token: bob.token,
      });
      expect(bobDismiss.statusCode).toBe(404);
      await call(app, { method: 'POST', url: `/api/User/Notification/${bobOnly}/Dismiss`, token: bob.token });
      expect((await pending(app, bob.token)).map((n) => n.id)).toEqual([everyone]);
      await call(app, {
        method: 'POST',
        url: `/api/User/Notification/${aliceFirst}/Dismiss`,
        token: alice.token,
      });
      await call(app, {
        method: 'POST',
        url: `/api/User/Notification/${aliceFirst}/Dismiss`,
        token: aliceColleague.token,
      });
      expect((await pending(app, alice.token)).map((n) => n.id)).toEqual([aliceSecond]);

      const list = async (query: string, token = admin.token) =>
        call(app, { method: 'GET', url: `/api/Notification${query}`, token });
      const all = await list('?take=200');
      expect(all.statusCode, all.body).toBe(200);
      const items = all.json() as Record<string, unknown>[];
      expect(Number(all.headers['x-total-count'])).toBeGreaterThanOrEqual(4);
      const byId = new Map(items.map((item) => [item.id, item]));
      expect(byId.get(aliceFirst)).toEqual({
        id: aliceFirst,
        type: 1,
        message: 'Alice maintenance',
        dismissable: true,
        companyId: alice.companyId,
        companyName: expect.stringMatching(/^Company /) as unknown,
        createdDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as unknown,
        dismissedCount: 2,
      });
      expect(byId.get(everyone)).toMatchObject({ companyId: null, companyName: null, dismissedCount: 0 });
      expect(byId.get(bobOnly)).toMatchObject({ type: 2, dismissedCount: 1 });
      // Newest first.
      const ours = items
        .map((item) => item.id)
        .filter((id) => [aliceFirst, aliceSecond, bobOnly, everyone].includes(id as number));
      expect(ours).toEqual([everyone, bobOnly, aliceSecond, aliceFirst]);

      // One company's own, and with the global ones; paged with the total over all pages.
      const alices = await list(`?companyId=${alice.companyId}`);
      expect((alices.json() as { id: number }[]).map((n) => n.id)).toEqual([aliceSecond, aliceFirst]);
      expect(alices.headers['x-total-count']).toBe('2');
      const withGlobal = await list(
        `?CompanyId=${alice.companyId.toUpperCase()}&includeGlobal=true&skip=1&take=1`,
      );
      expect(withGlobal.statusCode, withGlobal.body).toBe(200);
      expect((withGlobal.json() as { id: number }[]).map((n) => n.id)).toEqual([aliceSecond]);
      expect(Number(withGlobal.headers['x-total-count'])).toBeGreaterThanOrEqual(3);
      expect((await list(`?companyId=${bob.companyId}&skip=5`)).json()).toEqual([]);

      // The HTML is cleaned when it is published: what is stored, listed and shown holds no script.
      const hostile = await call(app, {
        method: 'POST',
        url: '/api/Notification',
        token: admin.token,
        payload: {
          type: 1,
          message:
            '<b onclick="x()">Outage</b><img src=x onerror=alert(1)><script>alert(2)</script> <a href="javascript:alert(3)">a</a> <a href="https://status.example">b</a>',
          companyId: bob.companyId,
        },
      });
      expect(hostile.statusCode, hostile.body).toBe(200);
      const cleaned = '<b>Outage</b> <a>a</a> <a href="https://status.example">b</a>';
      expect(hostile.json()).toEqual({ id: expect.any(Number) as unknown, message: cleaned });
      const hostileId = (hostile.json() as { id: number }).id;
      expect(await pending(app, bob.token)).toEqual([
        { id: everyone, type: 0, message: '<i>For everyone</i>', dismissable: true },
      ]);
      await call(app, {
        method: 'POST',
        url: `/api/User/Notification/${everyone}/Dismiss`,
        token: bob.token,
      });
      expect((await pending(app, bob.token))[0]?.message).toBe(cleaned);
      expect(
        ((await list(`?companyId=${bob.companyId}&take=1`)).json() as { message: string }[])[0]?.message,
      ).toBe(cleaned);
      await call(app, { method: 'DELETE', url: `/api/Notification/${hostileId}`, token: admin.token });
      const nothingLeft = await call(app, {
        method: 'POST',
        url: '/api/Notification',
        token: admin.token,
        payload: { message: '<script>alert(1)</script>' },
      });
      expect(nothingLeft.statusCode).toBe(400);
      expect((nothingLeft.json() as { modelState: object }).modelState).toHaveProperty('message');

      // Only super admins; a company admin of either company is refused.
      const companyAdmin = await createCompanyUser(app, { roles: ['Admin'], companyId: alice.companyId });
      expect((await list('', alice.token)).statusCode).toBe(403);
      expect((await list('', companyAdmin.token)).statusCode).toBe(403);
      expect((await list(`?companyId=${alice.companyId}`, bob.token)).statusCode).toBe(403);

      // Bad pages and filters are 400 with the field named; text through the text guard.
      for (const [query, field] of [
        ['?take=0', 'take'],
        ['?take=201', 'take'],
        ['?take=1.5', 'take'],
        ['?skip=-1', 'skip'],
        ['?skip=1e9', 'skip'],
        ['?skip=abc', 'skip'],
        ['?companyId=nope', 'companyId'],
        ['?includeGlobal=maybe', 'includeGlobal'],
      ] as const) {
        const bad = await list(query);
        expect(bad.statusCode, query).toBe(400);
        expect(Object.keys((bad.json() as { modelState: object }).modelState), query).toContain(field);
      }
      const nul = await list('?companyId=%00');
      expect(nul.statusCode).toBe(400);
    } finally {
      for (const id of [aliceFirst, aliceSecond, bobOnly, everyone]) {
        await call(app, { method: 'DELETE', url: `/api/Notification/${id}`, token: admin.token });
      }
    }
    // Removed ones are gone from the list and from the users' bars.
    const after = await call(app, {
      method: 'GET',
      url: `/api/Notification?companyId=${alice.companyId}&includeGlobal=true`,
      token: admin.token,
    });
    expect(after.json()).toEqual([]);
    expect(await pending(app, alice.token)).toEqual([]);
  });
});
