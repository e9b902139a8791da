/**
 * Manage accounts (spec 1 §2, spec 2 §7.11): super admins list every company with its users and last
 * activity, create companies, change a company's tier and flags, and delete a company with everything
 * it owns (never their own); every other role is refused, and an admin cannot change their own tier.
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { companies, predictions, projects, users, weathers } from '../../src/db/schema.ts';
import { call, describeEachDatabase } from './harness.ts';
import { createCompanyUser } from './projectFactory.ts';

type Json = Record<string, unknown>;

describeEachDatabase('manage accounts', (ctx) => {
  const app = () => ctx().app;
  const db = () => ctx().app.services.database.db;

  async function companyWithProject() {
    const admin = await createCompanyUser(app(), { roles: ['Admin'] });
    await createCompanyUser(app(), { companyId: admin.companyId, roles: ['User'] });
    const project = await call(app(), {
      method: 'POST',
      url: '/api/Project',
      token: admin.token,
      payload: { name: 'Owned', latitude: 10, longitude: 10 },
    });
    expect(project.statusCode).toBe(200);
    const projectId = (project.json() as { id: number }).id;
    const prediction = await call(app(), {
      method: 'POST',
      url: `/api/Project/${projectId}/Prediction`,
      token: admin.token,
      payload: { name: 'Owned prediction' },
    });
    expect(prediction.statusCode).toBe(200);
    return { ...admin, projectId, predictionId: (prediction.json() as { id: number }).id };
  }

  it('lists every company with tier, flags, user count and last activity to super admins only', async () => {
    const superAdmin = await createCompanyUser(app(), { roles: ['FSLRAdmin'] });
    const other = await companyWithProject();
    await db()
      .update(users)
      .set({ lastLogin: new Date('2026-01-02T03:04:05Z') })
      .where(eq(users.id, other.userId));
    const res = await call(app(), { method: 'GET', url: '/api/Company/Accounts', token: superAdmin.token });
    expect(res.statusCode).toBe(200);
    const row = (res.json() as Json[]).find((c) => c.id === other.companyId);
    expect(row).toMatchObject({
      subscriptionType: 6,
      isSubscriptionActive: true,
      subscriptionState: 'active',
      isAlphaTester: false,
      allowPVRADARExtension: false,
      freeTrialExpirationDate: null,
      userCount: 2,
    });
    // The project and prediction were changed just now: later than the sign-in.
    expect(new Date(row!.lastActivity as string).getTime()).toBeGreaterThan(Date.now() - 120_000);

    for (const role of ['Admin', 'ITAdmin', 'Manager', 'User']) {
      const user = await createCompanyUser(app(), { companyId: other.companyId, roles: [role] });
      expect(
        (await call(app(), { method: 'GET', url: '/api/Company/Accounts', token: user.token })).statusCode,
        role,
      ).toBe(403);
      const create = await call(app(), {
        method: 'POST',
        url: '/api/Company',
        token: user.token,
        payload: { name: 'X' },
      });
      expect(create.statusCode, role).toBe(403);
      const del = await call(app(), {
        method: 'DELETE',
        url: `/api/Company/${superAdmin.companyId}`,
        token: user.token,
      });
      expect(del.statusCode, role).toBe(403);
    }
  });

  it('creates a company (Free Trial unless told) and refuses a bad body with a 400 naming the field', async () => {
    const superAdmin = await createCompanyUser(app(), { roles: ['FSLRAdmin'] });
    const made = await call(app(), {
      method: 'POST',
      url: '/api/Company',
      token: superAdmin.token,
      payload: { name: '  Made by hand  ' },
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({
      name: 'Made by hand',
      subscriptionType: 6,
      userCount: 0,
      lastActivity: null,
    });
    const pro = await call(app(), {
      method: 'POST',
      url: '/api/Company',
      token: superAdmin.token,
      payload: { name: 'Pro Co', subscriptionType: 2, isAlphaTester: true, allowPVRADARExtension: true },
    });
    expect(pro.json()).toMatchObject({
      subscriptionType: 2,
      isAlphaTester: true,
      allowPVRADARExtension: true,
    });
    const bad = await call(app(), {
      method: 'POST',
      url: '/api/Company',
      token: superAdmin.token,
      payload: { name: '', subscriptionType: 9, freeTrialExpirationDate: 'tomorrow' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys((bad.json() as { modelState: Json }).modelState).sort()).toEqual([
      'freeTrialExpirationDate',
      'name',
      'subscriptionType',
    ]);
  });

  it('changes a tier and flags for super admins; an admin renames their company but cannot change its plan', async () => {
    const superAdmin = await createCompanyUser(app(), { roles: ['FSLRAdmin'] });
    const admin = await createCompanyUser(app(), { roles: ['Admin'] });
    const put = (token: string, payload: Json) =>
      call(app(), { method: 'PUT', url: `/api/Company/${admin.companyId}`, token, payload });
    const refused = await put(admin.token, { subscriptionType: 3 });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toBe('Only a super admin can change a company’s subscription or flags.');
    expect((await put(admin.token, { isAlphaTester: true })).statusCode).toBe(403);
    expect((await put(admin.token, { name: 'Renamed' })).statusCode).toBe(200);

    const changed = await put(superAdmin.token, {
      subscriptionType: 0,
      isAlphaTester: true,
      allowPVRADARExtension: true,
      freeTrialExpirationDate: '2030-01-01T00:00:00Z',
    });
    expect(changed.statusCode).toBe(200);
    const [row] = await db().select().from(companies).where(eq(companies.id, admin.companyId));
    expect(row).toMatchObject({
      name: 'Renamed',
      subscriptionType: 0,
      isAlphaTester: true,
      allowPVRADARExtension: true,
    });
    expect(row!.freeTrialExpirationDate?.toISOString()).toBe('2030-01-01T00:00:00.000Z');
    // The admin's next request sees the new plan.
    const current = (
      await call(app(), { method: 'GET', url: '/api/user/current', token: admin.token })
    ).json() as Json;
    expect(current).toMatchObject({ premiumStatus: false, alphaTesterStatus: true });
    const bad = await put(superAdmin.token, { subscriptionType: 'pro' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys((bad.json() as { modelState: Json }).modelState)).toEqual(['subscriptionType']);
  });

  it('deletes a company with everything it owns in one go, never the super admin’s own, and leaves others alone', async () => {
    const superAdmin = await createCompanyUser(app(), { roles: ['FSLRAdmin'] });
    const doomed = await companyWithProject();
    const [weather] = await db()
      .insert(weathers)
      .values({ companyId: doomed.companyId, ownerId: doomed.userId, name: 'Doomed weather' })
      .returning({ id: weathers.id });
    await db()
      .update(predictions)
      .set({ weatherId: weather!.id })
      .where(eq(predictions.id, doomed.predictionId));
    const kept = await companyWithProject();

    const own = await call(app(), {
      method: 'DELETE',
      url: `/api/Company/${superAdmin.companyId}`,
      token: superAdmin.token,
    });
    expect(own.statusCode).toBe(403);
    expect(own.body).toBe('You cannot delete your own company.');
    const otherSuper = await createCompanyUser(app(), { roles: ['FSLRAdmin'] });
    expect(
      (
        await call(app(), {
          method: 'DELETE',
          url: `/api/Company/${otherSuper.companyId}`,
          token: superAdmin.token,
        })
      ).statusCode,
    ).toBe(403);

    const res = await call(app(), {
      method: 'DELETE',
      url: `/api/Company/${doomed.companyId}`,
      token: superAdmin.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      deleted: true,
      users: 2,
      projects: 1,
      predictions: 1,
      modules: 0,
      inverters: 0,
      weather: 1,
    });
    expect(await db().select().from(companies).where(eq(companies.id, doomed.companyId))).toEqual([]);
    expect(await db().select().from(users).where(eq(users.companyId, doomed.companyId))).toEqual([]);
    expect(await db().select().from(projects).where(eq(projects.companyId, doomed.companyId))).toEqual([]);
    expect(await db().select().from(weathers).where(eq(weathers.companyId, doomed.companyId))).toEqual([]);
    // The deleted company's users are signed out.
    expect(
      (await call(app(), { method: 'GET', url: '/api/user/current', token: doomed.token })).statusCode,
    ).toBe(401);
    // The other company keeps everything.
    expect(
      await db().select().from(predictions).where(eq(predictions.companyId, kept.companyId)),
    ).toHaveLength(1);
    expect(
      (await call(app(), { method: 'GET', url: '/api/user/current', token: kept.token })).statusCode,
    ).toBe(200);

    const again = await call(app(), {
      method: 'DELETE',
      url: `/api/Company/${doomed.companyId}`,
      token: superAdmin.token,
    });
    expect(again.statusCode).toBe(404);
    expect(
      (await call(app(), { method: 'DELETE', url: '/api/Company/not-a-uuid', token: superAdmin.token }))
        .statusCode,
    ).toBe(404);
  });
  it('answers every role × action of the manage-accounts table in docs/subscriptions.md', async () => {
    const db0 = db();
    const target = await createCompanyUser(app(), { roles: ['Admin'] });
    const superAdmin = await createCompanyUser(app(), { roles: ['FSLRAdmin'] });
    const code = `ROLES-${Date.now().toString(36).toUpperCase()}`;
    const made = await call(app(), {
      method: 'POST',
      url: '/api/PromotionCode',
      token: superAdmin.token,
      payload: { code, subscriptionType: 6, durationDays: 5, maxRedemptions: 100 },
    });
    expect(made.statusCode).toBe(201);
    const expected: Record<string, Record<string, number[]>> = {
      // role: action → the statuses allowed (the first is the one expected)
      User: {
        list: [403],
        create: [403],
        plan: [403],
        remove: [403],
        makeCode: [403],
        listCodes: [403],
        redeem: [403],
      },
      Manager: {
        list: [403],
        create: [403],
        plan: [403],
        remove: [403],
        makeCode: [403],
        listCodes: [403],
        redeem: [403],
      },
      Admin: {
        list: [403],
        create: [403],
        plan: [403],
        remove: [403],
        makeCode: [403],
        listCodes: [403],
        redeem: [200],
      },
      ITAdmin: {
        list: [403],
        create: [403],
        plan: [403],
        remove: [403],
        makeCode: [403],
        listCodes: [403],
        redeem: [200],
      },
      FSLRAdmin: {
        list: [200],
        create: [201],
        plan: [200],
        remove: [200],
        makeCode: [201],
        listCodes: [200],
        redeem: [200],
      },
    };
    for (const [role, actions] of Object.entries(expected)) {
      // Each role in a company of its own; the plan change and deletion aim at another company.
      const caller = role === 'FSLRAdmin' ? superAdmin : await createCompanyUser(app(), { roles: [role] });
      const victim = await createCompanyUser(app(), { roles: ['User'] });
      const ownPlan = role === 'FSLRAdmin' ? target.companyId : caller.companyId;
      const requests: Record<string, Parameters<typeof call>[1]> = {
        list: { method: 'GET', url: '/api/Company/Accounts' },
        create: { method: 'POST', url: '/api/Company', payload: { name: `By ${role}` } },
        // Everyone but the super admin tries their own company's plan (admins may rename it, not change it).
        plan: { method: 'PUT', url: `/api/Company/${ownPlan}`, payload: { subscriptionType: 3 } },
        remove: { method: 'DELETE', url: `/api/Company/${victim.companyId}` },
        makeCode: {
          method: 'POST',
          url: '/api/PromotionCode',
          payload: {
            code: `${code}-${role}`.slice(0, 40),
            subscriptionType: 6,
            durationDays: 5,
            maxRedemptions: 1,
          },
        },
        listCodes: { method: 'GET', url: '/api/PromotionCode' },
        redeem: { method: 'POST', url: '/api/PromotionCode/Redemption', payload: { code } },
      };
      for (const [action, statuses] of Object.entries(actions)) {
        const res = await call(app(), { ...requests[action]!, token: caller.token });
        expect(statuses, `${role} ${action}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
      }
      if (role !== 'FSLRAdmin') {
        // Refused deletions left the company in place.
        expect(await db0.select().from(companies).where(eq(companies.id, victim.companyId))).toHaveLength(1);
      }
    }
  });
});
