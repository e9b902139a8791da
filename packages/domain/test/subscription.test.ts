import { describe, expect, it } from 'vitest';
import { DEFINITIONS } from '../src/definitions.ts';
import {
  SUBSCRIPTION_DIALOG_TIERS,
  SUBSCRIPTION_LABEL,
  SUBSCRIPTION_TYPE,
  subscriptionFlags,
  type SubscriptionFlags,
} from '../src/subscription.ts';

const NOW = new Date('2026-03-01T12:00:00Z');
const TRIAL = {
  null: null,
  past: '2026-02-01T00:00:00Z',
  future: '2026-04-01T00:00:00Z',
} as const;
type Trial = keyof typeof TRIAL;

/**
 * Expected flags of an active plan, per tier, written out from spec 1 §6:
 * [premium, free trial (null, past, future), professional (null, past, future)].
 */
const ACTIVE: Record<number, [boolean, [boolean, boolean, boolean], [boolean, boolean, boolean]]> = {
  0: [false, [false, false, false], [false, false, false]], // Free
  1: [true, [false, false, true], [false, false, true]], // Premium (Individual)
  2: [true, [false, false, false], [true, true, true]], // Professional
  3: [true, [false, false, false], [true, true, true]], // Enterprise
  4: [true, [false, false, false], [true, true, true]], // Education
  5: [true, [false, false, false], [true, true, true]], // Strategic
  6: [true, [true, true, true], [true, true, true]], // Free Trial
  7: [true, [false, false, true], [false, false, true]], // Business
};
const TRIAL_INDEX: Record<Trial, 0 | 1 | 2> = { null: 0, past: 1, future: 2 };

describe('subscriptionFlags', () => {
  for (let tier = 0; tier <= 7; tier++) {
    for (const active of [true, false]) {
      for (const trial of Object.keys(TRIAL) as Trial[]) {
        it(`tier ${tier}, ${active ? 'active' : 'inactive'}, free trial expiry ${trial}`, () => {
          const flags = subscriptionFlags(
            { subscriptionType: tier, isSubscriptionActive: active, freeTrialExpirationDate: TRIAL[trial] },
            NOW,
          );
          const [premium, freeTrial, professional] = ACTIVE[tier]!;
          const expected: SubscriptionFlags = active
            ? {
                premiumStatus: premium,
                freeTrialStatus: freeTrial[TRIAL_INDEX[trial]],
                professionalStatus: professional[TRIAL_INDEX[trial]],
                alphaTesterStatus: false,
              }
            : {
                premiumStatus: false,
                freeTrialStatus: false,
                professionalStatus: false,
                alphaTesterStatus: false,
              };
          expect(flags).toEqual(expected);
        });
      }
    }
  }

  it('takes the alpha tester flag from the company, whatever the plan', () => {
    expect(
      subscriptionFlags({ subscriptionType: 0, isSubscriptionActive: false, isAlphaTester: true })
        .alphaTesterStatus,
    ).toBe(true);
    expect(
      subscriptionFlags({ subscriptionType: 2, isSubscriptionActive: true, isAlphaTester: null })
        .alphaTesterStatus,
    ).toBe(false);
  });

  it('treats an expiry equal to now, or an unreadable date, as no running trial', () => {
    const base = { subscriptionType: SUBSCRIPTION_TYPE.Premium, isSubscriptionActive: true };
    expect(subscriptionFlags({ ...base, freeTrialExpirationDate: NOW }, NOW).freeTrialStatus).toBe(false);
    expect(subscriptionFlags({ ...base, freeTrialExpirationDate: 'not a date' }, NOW).freeTrialStatus).toBe(
      false,
    );
    expect(
      subscriptionFlags({ ...base, freeTrialExpirationDate: new Date(NOW.getTime() + 1) }, NOW)
        .freeTrialStatus,
    ).toBe(true);
  });

  it('labels the tiers as users see them, as the definitions do', () => {
    expect(SUBSCRIPTION_LABEL[SUBSCRIPTION_TYPE.Premium]).toBe('Individual');
    expect(SUBSCRIPTION_LABEL[SUBSCRIPTION_TYPE.Strategic]).toBe('Enterprise');
    for (const value of DEFINITIONS.SubscriptionTypeEnum.values) {
      expect(SUBSCRIPTION_TYPE[value.name]).toBe(value.id);
      expect(SUBSCRIPTION_LABEL[value.id]).toBe('label' in value ? value.label : value.name);
    }
  });

  it('offers every tier but Free in the general subscription dialog', () => {
    expect([...SUBSCRIPTION_DIALOG_TIERS].sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
