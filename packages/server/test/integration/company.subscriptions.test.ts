/**
 * Subscriptions enforced by the API (docs/subscriptions.md): a Free company cannot run predictions
 * or generate reports (403 'active'), an Individual one cannot use the nodal export (403
 * 'professional'), a Professional one can; a Free Trial ends at its expiration date. Promotion codes:
 * made by super admins, redeemed once per company by a company's admins, refused when unknown,
 * expired or used up, counted atomically.
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { SUBSCRIPTION_REFUSAL } from '@sunfield/domain';
import { companies, promotionCodes } from '../../src/db/schema.ts';
import { call, describeEachDatabase } from './harness.ts';
import { createCompanyUser, type TestCompanyUser } from './projectFactory.ts';

type Json = Record<string, unknown>;

describeEachDatabase('subscriptions and promotion codes', (ctx) => {
  const app = () => ctx().app;
  const db = () => ctx().app.services.database.db;

  /**
   * Changes a plan behind the API's back, as another process would: the account cache hears of it by
   * NOTIFY a moment later on PostgreSQL, so the test drops the company's accounts itself, as that
   * notification does, instead of racing it.
   */
  const setPlan = async (companyId: string, plan: Partial<typeof companies.$inferInsert>) => {
    await db().update(companies).set(plan).where(eq(companies.id, companyId));
    ctx().app.services.accounts.invalidate(`c:${companyId}`);
  };

  /** A user (Admin) of a new company with a project and an empty prediction. */
  async function companyWithPrediction(): Promise<TestCompanyUser & { base: string }> {
    const user = await createCompanyUser(app(), { roles: ['Admin'] });
    const project = await call(app(), {
      method: 'POST',
      url: '/api/Project',
      token: user.token,
      payload: { name: 'Plans', latitude: 36.1, longitude: -79.95 },
    });
    expect(project.statusCode).toBe(200);
    const projectId = (project.json() as { id: number }).id;
    const prediction = await call(app(), {
      method: 'POST',
      url: `/api/Project/${projectId}/Prediction`,
      token: user.token,
      payload: { name: 'Plan check' },
    });
    expect(prediction.statusCode).toBe(200);
    const id = (prediction.json() as { id: number }).id;
    return { ...user, base: `/api/Project/${projectId}/Prediction/${id}` };
  }

  const calls = (base: string) => ({
    run: { method: 'POST' as const, url: `${base}/Run`, payload: {} },
    reports: { method: 'POST' as const, url: `${base}/GenerateReports` },
    nodalCsv: { method: 'GET' as const, url: `${base}/NodalExport` },
    nodalJson: { method: 'GET' as const, url: `${base}/NodalJson` },
    exportOptions: {
      method: 'PUT' as const,
      url: `${base}/PowerPlant/ExportOptions`,
      payload: { exportSystem: true },
    },
  });

  it('refuses runs, reports and the nodal export to a Free company with the reason, and the user says so', async () => {
    const user = await companyWithPrediction();
    await setPlan(user.companyId, { subscriptionType: 0, isSubscriptionActive: true });
    const c = calls(user.base);
    for (const [name, request] of Object.entries(c)) {
      const res = await call(app(), { ...request, token: user.token });
      expect(res.statusCode, name).toBe(403);
      const body = res.json() as Json;
      const level = name === 'run' || name === 'reports' ? 'active' : 'professional';
      expect(body, name).toEqual({
        message: SUBSCRIPTION_REFUSAL[level],
        subscriptionRequired: level,
        feature: name === 'run' ? 'runPrediction' : name === 'reports' ? 'generateReports' : 'nodalExport',
      });
    }
    const current = (
      await call(app(), { method: 'GET', url: '/api/user/current', token: user.token })
    ).json() as Json;
    expect(current).toMatchObject({
      premiumStatus: false,
      professionalStatus: false,
      freeTrialStatus: false,
    });
    // Reading the prediction and its (empty) results is not a subscription feature.
    expect((await call(app(), { method: 'GET', url: user.base, token: user.token })).statusCode).toBe(200);
  });

  it('lets an Individual company run but not use the nodal export; a Professional one uses both', async () => {
    const user = await companyWithPrediction();
    await setPlan(user.companyId, {
      subscriptionType: 1,
      isSubscriptionActive: true,
      freeTrialExpirationDate: null,
    });
    const c = calls(user.base);
    const run = await call(app(), { ...c.run, token: user.token });
    expect(run.statusCode).not.toBe(403);
    const nodal = await call(app(), { ...c.nodalCsv, token: user.token });
    expect(nodal.statusCode).toBe(403);
    expect((nodal.json() as Json).subscriptionRequired).toBe('professional');

    await setPlan(user.companyId, { subscriptionType: 2 });
    const allowed = await call(app(), { ...c.nodalCsv, token: user.token });
    expect(allowed.statusCode).toBe(204); // no run yet
    expect((await call(app(), { ...c.nodalJson, token: user.token })).statusCode).not.toBe(403);
    expect((await call(app(), { ...c.exportOptions, token: user.token })).statusCode).not.toBe(403);
  });

  it('ends a Free Trial at its expiration date, and an inactive plan refuses as Free does', async () => {
    const user = await companyWithPrediction();
    const c = calls(user.base);
    await setPlan(user.companyId, {
      subscriptionType: 6,
      freeTrialExpirationDate: new Date(Date.now() + 86_400_000),
    });
    expect((await call(app(), { ...c.nodalCsv, token: user.token })).statusCode).toBe(204);
    await setPlan(user.companyId, { freeTrialExpirationDate: new Date(Date.now() - 1000) });
    const expired = await call(app(), { ...c.run, token: user.token });
    expect(expired.statusCode, expired.body).toBe(403);
    expect((expired.json() as Json).subscriptionRequired).toBe('active');
    const current = (
      await call(app(), { method: 'GET', url: '/api/user/current', token: user.token })
    ).json() as {
      company: Json;
      professionalStatus: boolean;
    };
    expect(current.professionalStatus).toBe(false);
    expect(current.company.isSubscriptionActive).toBe(false);

    await setPlan(user.companyId, {
      subscriptionType: 3,
      isSubscriptionActive: false,
      freeTrialExpirationDate: null,
    });
    expect((await call(app(), { ...c.run, token: user.token })).statusCode).toBe(403);
  });

  it('makes promotion codes for super admins only, and refuses bad and duplicate ones with 400s', async () => {
    const superAdmin = await createCompanyUser(app(), { roles: ['FSLRAdmin'] });
    const admin = await createCompanyUser(app(), { roles: ['Admin'] });
    const code = `SUN-${Date.now().toString(36).toUpperCase()}`;
    const body = { code: code.toLowerCase(), subscriptionType: 6, durationDays: 30, maxRedemptions: 2 };
    const refused = await call(app(), {
      method: 'POST',
      url: '/api/PromotionCode',
      token: admin.token,
      payload: body,
    });
    expect(refused.statusCode).toBe(403);
    expect(
      (await call(app(), { method: 'GET', url: '/api/PromotionCode', token: admin.token })).statusCode,
    ).toBe(403);

    const made = await call(app(), {
      method: 'POST',
      url: '/api/PromotionCode',
      token: superAdmin.token,
      payload: body,
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({
      code,
      subscriptionType: 6,
      durationDays: 30,
      maxRedemptions: 2,
      redemptionCount: 0,
    });
    const again = await call(app(), {
      method: 'POST',
      url: '/api/PromotionCode',
      token: superAdmin.token,
      payload: body,
    });
    expect(again.statusCode).toBe(400);
    expect((again.json() as { modelState: Json }).modelState.code).toEqual([
      'A promotion code with this code already exists.',
    ]);
    const bad = await call(app(), {
      method: 'POST',
      url: '/api/PromotionCode',
      token: superAdmin.token,
      payload: { code: 'x', subscriptionType: 0, durationDays: -1, maxRedemptions: 0 },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys((bad.json() as { modelState: Json }).modelState).sort()).toEqual([
      'code',
      'durationDays',
      'maxRedemptions',
      'subscriptionType',
    ]);
    const list = (
      await call(app(), { method: 'GET', url: '/api/PromotionCode', token: superAdmin.token })
    ).json() as Json[];
    expect(list.some((row) => row.code === code)).toBe(true);
  });

  it('redeems a code once per company: the tier and expiry change; unknown, expired, used-up codes are 400s', async () => {
    const superAdmin = await createCompanyUser(app(), { roles: ['FSLRAdmin'] });
    const code = `PRO-${Date.now().toString(36).toUpperCase()}`;
    const made = await call(app(), {
      method: 'POST',
      url: '/api/PromotionCode',
      token: superAdmin.token,
      payload: { code, subscriptionType: 6, durationDays: 14, maxRedemptions: 2 },
    });
    expect(made.statusCode).toBe(201);
    const first = await companyWithPrediction();
    await setPlan(first.companyId, { subscriptionType: 0 });
    const redeem = (token: string, value = code) =>
      call(app(), { method: 'POST', url: '/api/PromotionCode/Redemption', token, payload: { code: value } });

    const member = await createCompanyUser(app(), { companyId: first.companyId, roles: ['User'] });
    expect((await redeem(member.token)).statusCode).toBe(403);

    const before = Date.now();
    const ok = await redeem(first.token, code.toLowerCase());
    expect(ok.statusCode).toBe(200);
    const answer = ok.json() as { user: { professionalStatus: boolean; company: Json }; promotionCode: Json };
    expect(answer.promotionCode.redemptionCount).toBe(1);
    expect(answer.user.professionalStatus).toBe(true);
    expect(answer.user.company.subscriptionType).toBe(6);
    const expiry = new Date(answer.user.company.freeTrialExpirationDate as string).getTime();
    expect(expiry - before).toBeGreaterThanOrEqual(14 * 86_400_000 - 1000);
    expect(expiry - before).toBeLessThan(14 * 86_400_000 + 60_000);
    // The pro feature is open now.
    expect(
      (await call(app(), { method: 'GET', url: `${first.base}/NodalExport`, token: first.token })).statusCode,
    ).toBe(204);

    const messageOf = (res: { json(): unknown }) =>
      (res.json() as { modelState: { code: string[] } }).modelState.code[0];
    const twice = await redeem(first.token);
    expect(twice.statusCode).toBe(400);
    expect(messageOf(twice)).toBe('Your company has already redeemed this promotion code.');

    const second = await createCompanyUser(app(), { roles: ['ITAdmin'] });
    expect((await redeem(second.token)).statusCode).toBe(200);
    const third = await createCompanyUser(app(), { roles: ['Admin'] });
    const usedUp = await redeem(third.token);
    expect(usedUp.statusCode).toBe(400);
    expect(messageOf(usedUp)).toBe('This promotion code has been redeemed the maximum number of times.');
    const unknown = await redeem(third.token, 'NO-SUCH-CODE');
    expect(unknown.statusCode).toBe(400);
    expect(messageOf(unknown)).toBe('This promotion code does not exist.');

    await db()
      .update(promotionCodes)
      .set({ expiresAt: new Date(Date.now() - 1000), maxRedemptions: 10 })
      .where(eq(promotionCodes.code, code));
    const expired = await redeem(third.token);
    expect(expired.statusCode).toBe(400);
    expect(messageOf(expired)).toBe('This promotion code has expired.');
    const [row] = await db().select().from(promotionCodes).where(eq(promotionCodes.code, code));
    expect(row!.redemptionCount).toBe(2);
  });

  it('counts redemptions atomically: of four companies racing for two redemptions, two get them', async () => {
    const superAdmin = await createCompanyUser(app(), { roles: ['FSLRAdmin'] });
    const code = `RACE-${Date.now().toString(36).toUpperCase()}`;
    await call(app(), {
      method: 'POST',
      url: '/api/PromotionCode',
      token: superAdmin.token,
      payload: { code, subscriptionType: 7, durationDays: 7, maxRedemptions: 2 },
    });
    const admins = await Promise.all([0, 1, 2, 3].map(() => createCompanyUser(app(), { roles: ['Admin'] })));
    const results = await Promise.all(
      admins.map((admin) =>
        call(app(), {
          method: 'POST',
          url: '/api/PromotionCode/Redemption',
          token: admin.token,
          payload: { code },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 400, 400]);
    const [row] = await db().select().from(promotionCodes).where(eq(promotionCodes.code, code));
    expect(row!.redemptionCount).toBe(2);
  });
  it('answers the billing provider’s checkout and portal addresses to company admins, 404 when none is configured', async () => {
    const admin = await createCompanyUser(app(), { roles: ['Admin'] });
    const member = await createCompanyUser(app(), { companyId: admin.companyId, roles: ['User'] });
    const stranger = await createCompanyUser(app(), { roles: ['Admin'] });
    const checkout = `/api/Subscription/${admin.companyId}/Checkout/2/1`;
    const portal = `/api/Subscription/${admin.companyId}/SelfService`;
    const get = (url: string, token: string) => call(app(), { method: 'GET', url, token });
    const config = app().services.config;
    const saved = config.billing;
    try {
      config.billing = { checkoutUrl: null, portalUrl: null };
      expect((await get(checkout, admin.token)).statusCode).toBe(404);
      expect((await get(portal, admin.token)).body).toBe('Billing is not configured for this installation.');
      config.billing = {
        checkoutUrl: new URL('https://pay.example.com/{companyId}/buy?plan={tier}&every={period}').toString(),
        portalUrl: 'https://pay.example.com/portal?c={companyId}',
      };
      expect((await get(checkout, admin.token)).json()).toEqual({
        url: `https://pay.example.com/${admin.companyId}/buy?plan=2&every=annual`,
      });
      expect((await get(portal, admin.token)).json()).toEqual({
        url: `https://pay.example.com/portal?c=${admin.companyId}`,
      });
      expect((await get(portal, member.token)).statusCode).toBe(403);
      expect((await get(portal, stranger.token)).statusCode).toBe(404);
      const bad = await get(`/api/Subscription/${admin.companyId}/Checkout/0/7`, admin.token);
      expect(bad.statusCode).toBe(400);
      expect(Object.keys((bad.json() as { modelState: Json }).modelState).sort()).toEqual(['period', 'tier']);
    } finally {
      config.billing = saved;
    }
  });
});
