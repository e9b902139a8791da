/**
 * The per-process account cache (src/auth/accountCache.ts, issue 18): reads are served from it, and
 * a change to a user or company made anywhere (here: straight in the database, as another process
 * or an operator would) reaches the process through the triggers' NOTIFY (migration 0014), after
 * which the next request sees it. The cache never answers with another company's account, never
 * holds the password hash or TOTP secret, and public routes do not load the account at all.
 */
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { companies, users } from '../../src/db/schema.ts';
import { announceRevocation } from '../../src/realtime/publish.ts';
import { call, describeEachDatabase } from './harness.ts';
import { createCompanyUser } from './projectFactory.ts';

/** Resolves when the app's cache has dropped `key` (the change has reached the process). */
function changeReached(app: FastifyInstance, key: string, timeoutMs = 5_000): Promise<void> {
  const accounts = app.services.accounts;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${key} not heard in ${timeoutMs} ms`)), timeoutMs);
    const previous = accounts.onInvalidate;
    accounts.onInvalidate = (heard) => {
      previous?.(heard);
      if (heard === key || heard === '*') {
        clearTimeout(timer);
        accounts.onInvalidate = previous;
        resolve();
      }
    };
  });
}

const current = (app: FastifyInstance, token: string) =>
  call(app, { method: 'GET', url: '/api/User/current', token });

describeEachDatabase('auth: the account cache', (ctx) => {
  it('serves reads from the cache, and refuses a disabled user on the next request after the change', async () => {
    const { app, database } = ctx();
    const user = await createCompanyUser(app);
    expect((await current(app, user.token)).statusCode).toBe(200);
    // Cached: the read does not go to the database.
    const load = app.services.accounts.read.bind(app.services.accounts);
    let reads = 0;
    app.services.accounts.read = (id) => {
      reads++;
      return load(id);
    };
    try {
      expect((await current(app, user.token)).statusCode).toBe(200);
      expect(reads).toBe(0);
    } finally {
      app.services.accounts.read = load;
    }

    const heard = changeReached(app, `u:${user.userId}`);
    await database.db.update(users).set({ status: 0 }).where(eq(users.id, user.userId));
    await heard;
    expect((await current(app, user.token)).statusCode).toBe(401);
  });

  it('sees a write made in this process outside any request on the very next request', async () => {
    const { app, database } = ctx();
    const user = await createCompanyUser(app);
    expect((await current(app, user.token)).statusCode).toBe(200);
    // No waiting for the NOTIFY: on PostgreSQL it may arrive after the next request read the account.
    await database.db.update(users).set({ status: 0 }).where(eq(users.id, user.userId));
    expect((await current(app, user.token)).statusCode).toBe(401);
    await database.db.update(users).set({ status: 1 }).where(eq(users.id, user.userId));
    expect((await current(app, user.token)).statusCode).toBe(200);
    await database.db
      .update(companies)
      .set({ defaultSettings: { miscellaneousSettings: { moduleStatus: 2 } } })
      .where(eq(companies.id, user.companyId));
    const created = await call(app, { method: 'POST', url: '/api/Module', token: user.token, payload: {} });
    const { id } = created.json() as { id: number };
    const read = await call(app, { method: 'GET', url: `/api/Module/${id}`, token: user.token });
    expect(read.json()).toMatchObject({ status: 2 });
  });

  it('refuses the users of a disabled company, and sees role and subscription changes', async () => {
    const { app, database } = ctx();
    const user = await createCompanyUser(app);
    const colleague = await createCompanyUser(app, { companyId: user.companyId });
    expect((await current(app, user.token)).json()).toMatchObject({ roles: [{ role: { name: 'User' } }] });
    expect((await current(app, colleague.token)).statusCode).toBe(200);

    let heard = changeReached(app, `u:${user.userId}`);
    await database.db
      .update(users)
      .set({ roles: ['User', 'Manager'] })
      .where(eq(users.id, user.userId));
    await heard;
    expect((await current(app, user.token)).json()).toMatchObject({
      roles: [{ role: { name: 'User' } }, { role: { name: 'Manager' } }],
    });

    heard = changeReached(app, `c:${user.companyId}`);
    await database.db
      .update(companies)
      .set({ isSubscriptionActive: false })
      .where(eq(companies.id, user.companyId));
    await heard;
    expect((await current(app, user.token)).json()).toMatchObject({
      company: { isSubscriptionActive: false },
    });

    heard = changeReached(app, `c:${user.companyId}`);
    await database.db.update(companies).set({ status: 0 }).where(eq(companies.id, user.companyId));
    await heard;
    expect((await current(app, user.token)).statusCode).toBe(401);
    expect((await current(app, colleague.token)).statusCode).toBe(401);
  });

  it('refuses tokens signed before a token-version change (password reset), and on a revocation', async () => {
    const { app, database } = ctx();
    const user = await createCompanyUser(app);
    expect((await current(app, user.token)).statusCode).toBe(200);
    const heard = changeReached(app, `u:${user.userId}`);
    await database.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, user.userId));
    await heard;
    expect((await current(app, user.token)).statusCode).toBe(401);
    const renewed = await app.services.tokens.sign(
      { sub: user.userId, cid: user.companyId, kind: 'session', ver: 1 },
      900,
    );
    expect((await current(app, renewed)).statusCode).toBe(200);

    // A revocation announced on credentials_revoked drops the cached account too.
    const revoked = changeReached(app, `u:${user.userId}`);
    await announceRevocation(database, user.userId);
    await revoked;
  });

  it('never serves another company’s account', async () => {
    const { app } = ctx();
    const a = await createCompanyUser(app);
    const b = await createCompanyUser(app);
    expect((await current(app, a.token)).json()).toMatchObject({ id: a.userId, companyId: a.companyId });
    expect((await current(app, b.token)).json()).toMatchObject({ id: b.userId, companyId: b.companyId });
    // A validly signed token naming A's user with B's company: refused although A is cached.
    const crossed = await app.services.tokens.sign({ sub: a.userId, cid: b.companyId, kind: 'session' }, 900);
    expect((await current(app, crossed)).statusCode).toBe(401);
    const list = await call(app, { method: 'GET', url: '/api/Project', token: crossed });
    expect(list.statusCode).toBe(401);
    // Each company's list is its own, request after request.
    for (const [who, name] of [
      [a, 'Of A'],
      [b, 'Of B'],
    ] as const) {
      const created = await call(app, {
        method: 'POST',
        url: '/api/Project',
        token: who.token,
        payload: { name, latitude: 10, longitude: 10 },
      });
      expect(created.statusCode).toBe(200);
    }
    for (const [who, name] of [
      [a, 'Of A'],
      [b, 'Of B'],
      [a, 'Of A'],
    ] as const) {
      const names = (
        (await call(app, { method: 'GET', url: '/api/Project', token: who.token })).json() as {
          name: string;
        }[]
      ).map((p) => p.name);
      expect(names).toEqual([name]);
    }
  });

  it('a request that changes an account drops it before answering; other writes keep the cache', async () => {
    const { app } = ctx();
    const admin = await createCompanyUser(app, { roles: ['User', 'Admin'] });
    const member = await createCompanyUser(app, { companyId: admin.companyId });
    expect((await current(app, member.token)).statusCode).toBe(200);
    // What the app itself drops while a request is in flight (NOTIFY answers with u:… or c:… later).
    const accounts = app.services.accounts;
    const invalidate = accounts.invalidate.bind(accounts);
    let dropped: string[] = [];
    let inFlight = false;
    accounts.invalidate = (key) => {
      if (inFlight) dropped.push(key);
      invalidate(key);
    };
    const during = async (request: Parameters<typeof call>[1]) => {
      dropped = [];
      inFlight = true;
      try {
        const res = await call(app, request);
        expect(res.statusCode, res.body).toBe(200);
      } finally {
        inFlight = false;
      }
      return dropped;
    };
    try {
      // Creating a project changes no account: nothing is dropped.
      const created = await during({
        method: 'POST',
        url: '/api/Project',
        token: member.token,
        payload: { name: 'Kept', latitude: 10, longitude: 10 },
      });
      expect(created).not.toContain(`c:${admin.companyId}`);
      // A role change by the admin drops the company's accounts before the answer leaves, so the
      // member's next request on this process has the new role whenever the NOTIFY arrives.
      const role = await during({
        method: 'PUT',
        url: `/api/User/${member.userId}/Role`,
        token: admin.token,
        payload: { role: 'Manager' },
      });
      expect(role).toContain(`c:${admin.companyId}`);
      expect((await current(app, member.token)).json()).toMatchObject({
        roles: expect.arrayContaining([{ role: { name: 'Manager' } }]),
      });
    } finally {
      accounts.invalidate = invalidate;
    }
  });

  it('holds no password hash or TOTP secret, and public routes do not load the account', async () => {
    const { app } = ctx();
    const user = await createCompanyUser(app);
    const account = await app.services.accounts.load(user.userId);
    expect(account?.user.id).toBe(user.userId);
    expect(
      Object.keys(account!.user).filter((key) => /passwordHash|totpSecret|totpLastStep/.test(key)),
    ).toEqual([]);

    const accounts = app.services.accounts;
    const load = accounts.load.bind(accounts);
    const read = accounts.read.bind(accounts);
    let calls = 0;
    accounts.load = (id) => {
      calls++;
      return load(id);
    };
    accounts.read = (id) => {
      calls++;
      return read(id);
    };
    try {
      const version = await call(app, { method: 'GET', url: '/api/system/version', token: user.token });
      expect(version.statusCode).toBe(200);
      expect(calls).toBe(0);
      expect((await current(app, user.token)).statusCode).toBe(200);
      expect(calls).toBe(1);
    } finally {
      accounts.load = load;
      accounts.read = read;
    }
  });
});
