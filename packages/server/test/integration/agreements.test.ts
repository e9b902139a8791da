/**
 * The data-migration agreements (spec 1 §2): a super admin's login notification asks a company's
 * users; each is shown the agreement of their role until they accept its current version or bypass
 * it; acceptance is recorded (user, when, which agreement and version) and shown on the user entity.
 */
import { expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { AGREEMENTS } from '@sunfield/domain';
import { AccountCache } from '../../src/auth/accountCache.ts';
import { agreementAcceptances } from '../../src/db/schema.ts';
import { latestAcceptance, latestAcceptanceOf } from '../../src/models/agreement.ts';
import { refreshCookieOf, randomIp, signUpUser } from './factories.ts';
import { call, describeEachDatabase } from './harness.ts';
import { createCompanyUser } from './projectFactory.ts';

async function shown(app: FastifyInstance, token: string): Promise<string[]> {
  const res = await call(app, { method: 'GET', url: '/api/LoginNotification/GetNotifications', token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { route: string }[]).map((n) => n.route);
}

async function decide(app: FastifyInstance, token: string, url: string, accept: boolean, version = 1) {
  return call(app, { method: 'POST', url, token, payload: { version, accept } });
}

describeEachDatabase('agreements', (ctx) => {
  it('asks the users of a company for the agreement of their role until they accept or bypass it', async () => {
    const { app } = ctx();
    const superAdmin = await createCompanyUser(app, { roles: ['FSLRAdmin'] });
    const user = await createCompanyUser(app);
    const admin = await createCompanyUser(app, { roles: ['Admin'], companyId: user.companyId });
    const itAdmin = await createCompanyUser(app, { roles: ['ITAdmin'], companyId: user.companyId });
    const stranger = await createCompanyUser(app);

    // Nothing is asked before a login notification asks for it.
    expect(await shown(app, user.token)).toEqual([]);
    const forbidden = await call(app, {
      method: 'POST',
      url: '/api/LoginNotification',
      token: admin.token,
      payload: { companyId: user.companyId },
    });
    expect(forbidden.statusCode).toBe(403);
    const published = await call(app, {
      method: 'POST',
      url: '/api/LoginNotification',
      token: superAdmin.token,
      payload: { companyId: user.companyId },
    });
    expect(published.statusCode, published.body).toBe(200);
    const { id } = published.json() as { id: number };

    expect(await shown(app, user.token)).toEqual(['/agreement']);
    expect(await shown(app, admin.token)).toEqual(['/admin-agreement']);
    expect(await shown(app, itAdmin.token)).toEqual(['/agreement']);
    expect(await shown(app, stranger.token)).toEqual([]);

    // A stale version is refused; the current one is recorded.
    const stale = await decide(app, user.token, '/api/User/Migrate', true, 7);
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({
      message: expect.any(String),
      modelState: { version: [`This agreement has changed: read version ${AGREEMENTS.migration.version}.`] },
    });
    const bad = await call(app, {
      method: 'POST',
      url: '/api/User/Migrate',
      token: user.token,
      payload: { version: 'one', accept: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys((bad.json() as { modelState: object }).modelState).sort()).toEqual([
      'accept',
      'version',
    ]);

    const accepted = await decide(app, user.token, '/api/User/Migrate', true);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ agreement: 'migration', version: 1, decision: 'accepted' });
    expect(await shown(app, user.token)).toEqual([]);
    const current = (
      await call(app, { method: 'GET', url: '/api/user/current', token: user.token })
    ).json() as {
      migrationAgreementAcceptance: { agreement: string; version: number; acceptedDate: string } | null;
    };
    expect(current.migrationAgreementAcceptance).toMatchObject({ agreement: 'migration', version: 1 });
    const acceptedAt = Date.parse(current.migrationAgreementAcceptance!.acceptedDate);
    expect(Math.abs(acceptedAt - Date.now())).toBeLessThan(60_000);
    // A later bypass does not undo the acceptance.
    await decide(app, user.token, '/api/User/Migrate', false);
    expect(await shown(app, user.token)).toEqual([]);

    // Only admins decide on the admin agreement; a bypass stops the question.
    expect((await decide(app, user.token, '/api/Company/MigrationAgreement', true)).statusCode).toBe(403);
    expect(
      (await decide(app, admin.token, '/api/Company/SuperAdminMigrationAgreement', true)).statusCode,
    ).toBe(403);
    const bypass = await decide(app, admin.token, '/api/Company/MigrationAgreement', false);
    expect(bypass.json()).toMatchObject({ agreement: 'admin', decision: 'bypassed' });
    expect(await shown(app, admin.token)).toEqual([]);
    const adminUser = (
      await call(app, { method: 'GET', url: '/api/user/current', token: admin.token })
    ).json() as {
      migrationAgreementAcceptance: unknown;
    };
    expect(adminUser.migrationAgreementAcceptance).toBeNull();
    // Accepting after a bypass records the acceptance.
    await decide(app, admin.token, '/api/Company/MigrationAgreement', true);
    const status = (
      await call(app, { method: 'GET', url: '/api/User/MigrationAgreement', token: admin.token })
    ).json() as {
      agreement: string;
      requested: boolean;
      agreements: {
        agreement: string;
        yours: boolean;
        currentDecision: string | null;
        acceptance: unknown;
      }[];
    };
    expect(status.agreement).toBe('admin');
    expect(status.requested).toBe(true);
    expect(status.agreements.find((a) => a.agreement === 'admin')).toMatchObject({
      yours: true,
      currentDecision: 'accepted',
      acceptance: { agreement: 'admin', version: 1 },
    });

    // The record: user, company, agreement, version, decision, when.
    const rows = await app.services.database.db.select().from(agreementAcceptances);
    expect(
      rows
        .filter((r) => r.companyId === user.companyId)
        .map((r) => [r.userId, r.agreement, r.version, r.decision])
        .sort(),
    ).toEqual(
      [
        [admin.userId, 'admin', 1, 'accepted'],
        [user.userId, 'migration', 1, 'accepted'],
      ].sort(),
    );

    // The IT admin is still asked; removing the login notification stops it.
    expect(await shown(app, itAdmin.token)).toEqual(['/agreement']);
    const list = (
      await call(app, { method: 'GET', url: '/api/LoginNotification', token: superAdmin.token })
    ).json() as {
      id: number;
      companyId: string;
    }[];
    expect(list.find((n) => n.id === id)?.companyId).toBe(user.companyId);
    const removed = await call(app, {
      method: 'DELETE',
      url: `/api/LoginNotification/${id}`,
      token: superAdmin.token,
    });
    expect(removed.statusCode).toBe(200);
    expect(await shown(app, itAdmin.token)).toEqual([]);
    expect(
      (await call(app, { method: 'DELETE', url: `/api/LoginNotification/${id}`, token: superAdmin.token }))
        .statusCode,
    ).toBe(404);
  });

  it('shows an acceptance on the cached user at once, here and on the other processes', async () => {
    const { app, database } = ctx();
    const user = await createCompanyUser(app);
    // Another API process on the same database: its own account cache, hearing the change channel.
    const other = new AccountCache(database.db);
    await other.listen(database);
    try {
      const current = async () =>
        (
          (await call(app, { method: 'GET', url: '/api/User/current', token: user.token })).json() as {
            migrationAgreementAcceptance: { agreement: string; version: number; acceptedDate: string } | null;
          }
        ).migrationAgreementAcceptance;
      // Cached with no acceptance, on both processes.
      expect(await current()).toBeNull();
      expect((await other.load(user.userId))!.acceptances).toEqual([]);
      const heard = new Promise<void>((resolve) => {
        other.onInvalidate = (key) => {
          if (key === `u:${user.userId}`) resolve();
        };
      });

      expect((await decide(app, user.token, '/api/User/Migrate', true)).statusCode).toBe(200);
      // The next request of this process shows it, exactly as a read of the table does.
      const shownNow = await current();
      expect(shownNow).toEqual(await latestAcceptance(database.db, user.userId, 'migration'));
      expect(shownNow).toMatchObject({ agreement: 'migration', version: 1 });
      // The other process drops the user when it hears the change, and reloads the acceptance.
      await heard;
      expect(latestAcceptanceOf((await other.load(user.userId))!.acceptances, 'migration')).toEqual(shownNow);
    } finally {
      await other.close();
    }
  });

  it('puts the acceptance on the session grants (sign-in and refresh)', async () => {
    const { app } = ctx();
    const me = await signUpUser(app);
    const grant = async () => {
      const res = await call(app, {
        method: 'POST',
        url: '/api/auth/refresh',
        headers: { cookie: me.cookie },
        remoteAddress: randomIp(),
      });
      expect(res.statusCode, res.body).toBe(200);
      me.cookie = refreshCookieOf(res);
      return (res.json() as { user: { migrationAgreementAcceptance: unknown } }).user;
    };
    // The signed-up admin's agreement is the admin one.
    expect((await grant()).migrationAgreementAcceptance).toBeNull();
    await decide(app, me.token, '/api/Company/MigrationAgreement', true);
    expect((await grant()).migrationAgreementAcceptance).toMatchObject({ agreement: 'admin', version: 1 });
  });

  it('asks every company with a global login notification; super admins get their own agreement', async () => {
    const { app } = ctx();
    const superAdmin = await createCompanyUser(app, { roles: ['FSLRAdmin'] });
    const someone = await createCompanyUser(app);
    const unknownCompany = await call(app, {
      method: 'POST',
      url: '/api/LoginNotification',
      token: superAdmin.token,
      payload: { companyId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknownCompany.statusCode).toBe(400);
    const res = await call(app, {
      method: 'POST',
      url: '/api/LoginNotification',
      token: superAdmin.token,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json() as { id: number };
    try {
      expect(await shown(app, someone.token)).toEqual(['/agreement']);
      expect(await shown(app, superAdmin.token)).toEqual(['/super-admin-agreement']);
      const accepted = await decide(app, superAdmin.token, '/api/Company/SuperAdminMigrationAgreement', true);
      expect(accepted.json()).toMatchObject({ agreement: 'superAdmin', decision: 'accepted' });
      expect(await shown(app, superAdmin.token)).toEqual([]);
    } finally {
      await call(app, { method: 'DELETE', url: `/api/LoginNotification/${id}`, token: superAdmin.token });
    }
    expect(await shown(app, someone.token)).toEqual([]);
  });
});
