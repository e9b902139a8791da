import { describe, expect, it } from 'vitest';
import {
  accountFlags,
  companyCreateSchema,
  featureAllowed,
  isTrialExpired,
  promotionCodeCreateSchema,
  promotionCodeProblem,
  redemptionExpiry,
  subscriptionState,
  tierTable,
} from '../src/company/subscriptions.ts';

const NOW = new Date('2026-03-01T12:00:00Z');
const PAST = '2026-02-01T00:00:00Z';
const FUTURE = '2026-04-01T00:00:00Z';

describe('the effective subscription', () => {
  it('ends a free trial at its expiration date, and only a free trial', () => {
    const trial = { subscriptionType: 6, isSubscriptionActive: true };
    expect(isTrialExpired({ ...trial, freeTrialExpirationDate: PAST }, NOW)).toBe(true);
    expect(isTrialExpired({ ...trial, freeTrialExpirationDate: NOW }, NOW)).toBe(true);
    expect(isTrialExpired({ ...trial, freeTrialExpirationDate: FUTURE }, NOW)).toBe(false);
    expect(isTrialExpired({ ...trial, freeTrialExpirationDate: null }, NOW)).toBe(false);
    expect(
      isTrialExpired({ subscriptionType: 1, isSubscriptionActive: true, freeTrialExpirationDate: PAST }, NOW),
    ).toBe(false);
    expect(accountFlags({ ...trial, freeTrialExpirationDate: PAST }, NOW)).toEqual({
      premiumStatus: false,
      freeTrialStatus: false,
      professionalStatus: false,
      alphaTesterStatus: false,
    });
    expect(accountFlags({ ...trial, freeTrialExpirationDate: FUTURE }, NOW).professionalStatus).toBe(true);
    expect(subscriptionState({ ...trial, freeTrialExpirationDate: PAST }, NOW)).toBe('trialExpired');
    expect(subscriptionState({ ...trial, isSubscriptionActive: false }, NOW)).toBe('inactive');
    expect(subscriptionState({ subscriptionType: 2, isSubscriptionActive: true }, NOW)).toBe('active');
  });

  it('gates runs on any active plan but Free, and nodal export on professional status', () => {
    const at = (
      subscriptionType: number,
      isSubscriptionActive = true,
      freeTrialExpirationDate: string | null = null,
    ) => ({
      subscriptionType,
      isSubscriptionActive,
      freeTrialExpirationDate,
    });
    expect(featureAllowed('runPrediction', at(0), NOW)).toBe(false);
    expect(featureAllowed('runPrediction', at(1), NOW)).toBe(true);
    expect(featureAllowed('runPrediction', at(2, false), NOW)).toBe(false);
    expect(featureAllowed('nodalExport', at(1), NOW)).toBe(false);
    expect(featureAllowed('nodalExport', at(1, true, FUTURE), NOW)).toBe(true);
    expect(featureAllowed('nodalExport', at(7), NOW)).toBe(false);
    for (const tier of [2, 3, 4, 5]) expect(featureAllowed('nodalExport', at(tier), NOW)).toBe(true);
    expect(featureAllowed('nodalExport', at(6, true, PAST), NOW)).toBe(false);
    expect(featureAllowed('nodalExport', at(0), NOW)).toBe(false);
  });

  it('lists what each tier unlocks, Individual and Business with and without a trial', () => {
    const rows = tierTable();
    const free = rows.find((row) => row.tier === 0)!;
    expect(Object.values(free.features).every((allowed) => !allowed)).toBe(true);
    const individual = rows.filter((row) => row.tier === 1);
    expect(
      individual.map((row) => [row.duringTrial, row.features.runPrediction, row.features.nodalExport]),
    ).toEqual([
      [false, true, false],
      [true, true, true],
    ]);
    expect(rows.find((row) => row.tier === 2)!.features.nodalExport).toBe(true);
  });
});

describe('promotion codes', () => {
  it('refuses expired and used-up codes', () => {
    expect(promotionCodeProblem({ expiresAt: PAST, redemptionCount: 0, maxRedemptions: 5 }, NOW)).toBe(
      'expired',
    );
    expect(promotionCodeProblem({ expiresAt: FUTURE, redemptionCount: 5, maxRedemptions: 5 }, NOW)).toBe(
      'usedUp',
    );
    expect(promotionCodeProblem({ expiresAt: null, redemptionCount: 4, maxRedemptions: 5 }, NOW)).toBeNull();
    expect(redemptionExpiry(30, NOW).toISOString()).toBe('2026-03-31T12:00:00.000Z');
  });

  it('checks a new code: upper-cased, a paid tier or Free Trial, days and redemptions in range', () => {
    const ok = promotionCodeCreateSchema.parse({
      code: 'solar-2026',
      subscriptionType: 6,
      durationDays: 30,
      maxRedemptions: 10,
    });
    expect(ok.code).toBe('SOLAR-2026');
    const bad = promotionCodeCreateSchema.safeParse({
      code: 'no spaces!',
      subscriptionType: 0,
      durationDays: 0,
      maxRedemptions: 1.5,
      expiresAt: 'soon',
    });
    expect(bad.success).toBe(false);
    const fields = new Set(bad.error!.issues.map((issue) => issue.path.join('.')));
    expect(fields).toEqual(
      new Set(['code', 'subscriptionType', 'durationDays', 'maxRedemptions', 'expiresAt']),
    );
  });

  it('checks a new company: a name and a tier of the enumeration', () => {
    expect(companyCreateSchema.safeParse({ name: '  ' }).success).toBe(false);
    expect(companyCreateSchema.safeParse({ name: 'Acme', subscriptionType: 8 }).success).toBe(false);
    expect(
      companyCreateSchema.parse({ name: ' Acme ', subscriptionType: 2, freeTrialExpirationDate: '' }),
    ).toEqual({
      name: 'Acme',
      subscriptionType: 2,
      freeTrialExpirationDate: null,
    });
  });
});
