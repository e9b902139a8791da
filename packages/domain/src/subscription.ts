/**
 * Subscription tiers and the flags computed from them (spec 1 §1, §6).
 */
export const SUBSCRIPTION_TYPE = {
  Free: 0,
  /** Shown to users as Individual. */
  Premium: 1,
  Professional: 2,
  Enterprise: 3,
  Education: 4,
  /** Shown as Enterprise. */
  Strategic: 5,
  FreeTrial: 6,
  Business: 7,
} as const satisfies Record<string, number>;

export type SubscriptionType = (typeof SUBSCRIPTION_TYPE)[keyof typeof SUBSCRIPTION_TYPE];

/** What users see for each tier. */
export const SUBSCRIPTION_LABEL: Record<SubscriptionType, string> = {
  0: 'Free',
  1: 'Individual',
  2: 'Professional',
  3: 'Enterprise',
  4: 'Education',
  5: 'Enterprise',
  6: 'Free Trial',
  7: 'Business',
};

export interface SubscriptionInput {
  subscriptionType: number;
  isSubscriptionActive: boolean;
  isAlphaTester?: boolean | null;
  freeTrialExpirationDate?: Date | string | null;
}

export interface SubscriptionFlags {
  premiumStatus: boolean;
  freeTrialStatus: boolean;
  professionalStatus: boolean;
  alphaTesterStatus: boolean;
}

/**
 * - premium: any non-free active plan;
 * - free trial: an active free-trial plan, or an active premium or business plan while
 *   freeTrialExpirationDate is in the future;
 * - professional: an active plan that is not free, premium or business, or free trial;
 * - alpha tester: from the company.
 */
export function subscriptionFlags(company: SubscriptionInput, now: Date = new Date()): SubscriptionFlags {
  const active = company.isSubscriptionActive;
  const type = company.subscriptionType;
  const expiry = company.freeTrialExpirationDate ? new Date(company.freeTrialExpirationDate) : null;
  const trialRunning = expiry !== null && !Number.isNaN(expiry.getTime()) && expiry.getTime() > now.getTime();
  const premiumStatus = active && type !== SUBSCRIPTION_TYPE.Free;
  const freeTrialStatus =
    active &&
    (type === SUBSCRIPTION_TYPE.FreeTrial ||
      ((type === SUBSCRIPTION_TYPE.Premium || type === SUBSCRIPTION_TYPE.Business) && trialRunning));
  const professionalStatus =
    (active &&
      type !== SUBSCRIPTION_TYPE.Free &&
      type !== SUBSCRIPTION_TYPE.Premium &&
      type !== SUBSCRIPTION_TYPE.Business) ||
    freeTrialStatus;
  return {
    premiumStatus,
    freeTrialStatus,
    professionalStatus,
    alphaTesterStatus: Boolean(company.isAlphaTester),
  };
}

/** The general-case subscription dialog allows these tiers (spec 1 §6). */
export const SUBSCRIPTION_DIALOG_TIERS: readonly SubscriptionType[] = [1, 2, 3, 4, 5, 6, 7];
