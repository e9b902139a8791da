/**
 * What a subscription unlocks, and the rules around it that the spec leaves to the product
 * (docs/subscriptions.md). Spec 1 §6 gives the flags (subscription.ts) and two subscription dialogs:
 * the general case ('active subscribers', every tier but Free) and the Pro-required case ('Pro
 * subscribers', professionalStatus, which free-trial users have too). Which features sit behind each is
 * "not shown"; the product's choice is SUBSCRIPTION_FEATURES below, enforced by the server (403 with
 * `subscriptionRequired`) and mirrored by the web app (the dialogs, the professional-only route flag).
 */
import { z } from 'zod';
import { BILLING_PERIOD } from '../definitions.ts';
import {
  SUBSCRIPTION_LABEL,
  SUBSCRIPTION_TYPE,
  subscriptionFlags,
  type SubscriptionFlags,
  type SubscriptionInput,
  type SubscriptionType,
} from '../subscription.ts';

/** 'active': any active plan but Free (the general dialog); 'professional': professionalStatus. */
export type SubscriptionLevel = 'active' | 'professional';

export interface SubscriptionFeature {
  id: string;
  label: string;
  level: SubscriptionLevel;
  /** The API calls the server refuses without the level (method and path, for the docs and the page). */
  calls: readonly string[];
}

export const SUBSCRIPTION_FEATURES = {
  runPrediction: {
    id: 'runPrediction',
    label: 'Run predictions',
    level: 'active',
    calls: ['POST /Project/{pid}/Prediction/{id}/Run'],
  },
  generateReports: {
    id: 'generateReports',
    label: 'Generate prediction reports',
    level: 'active',
    calls: ['POST /Project/{pid}/Prediction/{id}/GenerateReports'],
  },
  nodalExport: {
    id: 'nodalExport',
    label: 'Nodal export (options and files)',
    level: 'professional',
    calls: [
      'PUT /Project/{pid}/Prediction/{id}/PowerPlant/ExportOptions',
      'GET /Project/{pid}/Prediction/{id}/NodalExport',
      'GET /Project/{pid}/Prediction/{id}/NodalJson',
    ],
  },
  proTools: {
    id: 'proTools',
    label: 'Pro Tools (Design Pro, Voltage Pro, Terrain Pro)',
    level: 'professional',
    calls: [],
  },
} as const satisfies Record<string, SubscriptionFeature>;

export type SubscriptionFeatureId = keyof typeof SUBSCRIPTION_FEATURES;

/** The API's 403 texts (the web app shows the spec's dialog texts for them). */
export const SUBSCRIPTION_REFUSAL: Record<SubscriptionLevel, string> = {
  active: 'This feature is only available for active subscribers. Your company has no active subscription.',
  professional:
    'This feature is only available for Pro subscribers. It needs a Professional, Enterprise or Education plan, or a free trial.',
};

/** The body of a 403 for a feature the company's plan does not include. */
export interface SubscriptionRefusal {
  message: string;
  subscriptionRequired: SubscriptionLevel;
  feature: SubscriptionFeatureId;
}

export const isSubscriptionRefusal = (body: unknown): body is SubscriptionRefusal =>
  typeof body === 'object' &&
  body !== null &&
  ((body as SubscriptionRefusal).subscriptionRequired === 'active' ||
    (body as SubscriptionRefusal).subscriptionRequired === 'professional');

/**
 * A Free Trial plan ends at its freeTrialExpirationDate: after it the plan counts as not active,
 * whatever isSubscriptionActive says (spec 1 §6 reads free trial from an *active* free-trial plan; the
 * date is what ends it). A trial without a date does not end. Other tiers end only when
 * isSubscriptionActive is turned off (by a super admin or the billing provider).
 */
export function isTrialExpired(company: SubscriptionInput, now: Date = new Date()): boolean {
  if (company.subscriptionType !== SUBSCRIPTION_TYPE.FreeTrial || !company.freeTrialExpirationDate)
    return false;
  const expiry = new Date(company.freeTrialExpirationDate).getTime();
  return !Number.isNaN(expiry) && expiry <= now.getTime();
}

/** The company's subscription with an ended free trial counted as not active. */
export function effectiveSubscription<T extends SubscriptionInput>(company: T, now: Date = new Date()): T {
  return isTrialExpired(company, now) ? { ...company, isSubscriptionActive: false } : company;
}

/** The spec flags of the effective subscription. */
export function accountFlags(company: SubscriptionInput, now: Date = new Date()): SubscriptionFlags {
  return subscriptionFlags(effectiveSubscription(company, now), now);
}

export type SubscriptionState = 'active' | 'trialExpired' | 'inactive';

/** A company as the super admins' account list (GET /Company/Accounts) shows it. */
export interface CompanyAccount {
  id: string;
  name: string;
  companyType: number | null;
  subscriptionType: number;
  isSubscriptionActive: boolean;
  subscriptionState: SubscriptionState;
  isAlphaTester: boolean;
  allowPVRADARExtension: boolean;
  freeTrialExpirationDate: string | null;
  status: number;
  createdDate: string;
  userCount: number;
  /** The latest of a user's sign-in and a project's or prediction's change; null when none. */
  lastActivity: string | null;
}

export function subscriptionState(company: SubscriptionInput, now: Date = new Date()): SubscriptionState {
  if (!company.isSubscriptionActive) return 'inactive';
  return isTrialExpired(company, now) ? 'trialExpired' : 'active';
}

export const SUBSCRIPTION_STATE_LABEL: Record<SubscriptionState, string> = {
  active: 'Active',
  trialExpired: 'Free trial ended',
  inactive: 'Inactive',
};

/** Whether flags reach a level: 'active' is any active plan but Free; 'professional' is professionalStatus. */
export function levelAllowed(level: SubscriptionLevel, flags: SubscriptionFlags): boolean {
  return level === 'active' ? flags.premiumStatus || flags.freeTrialStatus : flags.professionalStatus;
}

export function featureAllowed(
  feature: SubscriptionFeatureId,
  company: SubscriptionInput,
  now: Date = new Date(),
): boolean {
  return levelAllowed(SUBSCRIPTION_FEATURES[feature].level, accountFlags(company, now));
}

/** The tiers in the order the subscription page lists them (Strategic is shown as Enterprise too). */
export const TIER_ORDER: readonly SubscriptionType[] = [0, 6, 1, 7, 2, 3, 5, 4];

export interface TierRow {
  tier: SubscriptionType;
  label: string;
  /** With a free-trial date in the future (Individual and Business get the Pro features then). */
  duringTrial: boolean;
  features: Record<SubscriptionFeatureId, boolean>;
}

/** What each tier unlocks as an active plan, from the flags (the subscription page's table). */
export function tierTable(): TierRow[] {
  const now = new Date(0);
  const future = new Date(1000 * 24 * 3600 * 1000);
  const rows: TierRow[] = [];
  for (const tier of TIER_ORDER) {
    for (const duringTrial of tier === SUBSCRIPTION_TYPE.Premium || tier === SUBSCRIPTION_TYPE.Business
      ? [false, true]
      : [false]) {
      const flags = subscriptionFlags(
        {
          subscriptionType: tier,
          isSubscriptionActive: true,
          freeTrialExpirationDate: duringTrial ? future : null,
        },
        now,
      );
      const features = {} as Record<SubscriptionFeatureId, boolean>;
      for (const [id, feature] of Object.entries(SUBSCRIPTION_FEATURES)) {
        features[id as SubscriptionFeatureId] = levelAllowed(feature.level, flags);
      }
      rows.push({
        tier,
        label: duringTrial ? `${SUBSCRIPTION_LABEL[tier]} (during a free trial)` : SUBSCRIPTION_LABEL[tier],
        duringTrial,
        features,
      });
    }
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------------
// Manage accounts (super admins) and promotion codes: request bodies shared by the API and the forms.

const TIER_VALUES = Object.values(SUBSCRIPTION_TYPE) as number[];

const tier = (message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .refine((v) => TIER_VALUES.includes(v), { error: message });

const isoDate = (label: string) =>
  z.union([z.string(), z.null()], { error: `${label} must be a date.` }).transform((value, ctx) => {
    if (value === null || value.trim() === '') return null;
    const date = new Date(value);
    if (Number.isNaN(date.getTime()) || date.getUTCFullYear() < 2000 || date.getUTCFullYear() > 2200) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a date between 2000 and 2200.` });
      return z.NEVER;
    }
    return date;
  });

export const COMPANY_ADMIN_MESSAGES = {
  name: 'Company name is required.',
  nameTooLong: 'Company name must be at most 200 characters.',
  tier: 'Subscription type must be one of the tiers (0 to 7).',
  companyType: 'Company type must be between 0 and 7.',
  ownCompany: 'You cannot delete your own company.',
  superAdminOnly: 'Only a super admin can change a company’s subscription or flags.',
} as const;

/** The subscription fields a super admin sets on a company (spec 1 §3 Company field names). */
export const companySubscriptionFields = {
  subscriptionType: tier(COMPANY_ADMIN_MESSAGES.tier).optional(),
  isSubscriptionActive: z.boolean({ error: 'Must be true or false.' }).optional(),
  isAlphaTester: z.boolean({ error: 'Must be true or false.' }).optional(),
  allowPVRADARExtension: z.boolean({ error: 'Must be true or false.' }).optional(),
  freeTrialExpirationDate: isoDate('Free trial expiration date').optional(),
};

export const SUBSCRIPTION_FIELD_NAMES = Object.keys(
  companySubscriptionFields,
) as (keyof typeof companySubscriptionFields)[];

const companyName = z
  .string({ error: COMPANY_ADMIN_MESSAGES.name })
  .trim()
  .min(1, { error: COMPANY_ADMIN_MESSAGES.name })
  .max(200, { error: COMPANY_ADMIN_MESSAGES.nameTooLong });

/** `POST /Company` (super admins): a new company, Free Trial without an end date unless given. */
export const companyCreateSchema = z.object({
  name: companyName,
  companyType: z.number({ error: COMPANY_ADMIN_MESSAGES.companyType }).int().min(0).max(7).nullish(),
  ...companySubscriptionFields,
});

export type CompanyCreateInput = z.input<typeof companyCreateSchema>;

export const PROMOTION_CODE_MESSAGES = {
  code: 'Code must be 4 to 40 letters, digits or dashes.',
  tier: 'A promotion code gives one of the paid tiers or Free Trial (1 to 7).',
  durationDays: 'Duration must be a whole number of days from 1 to 3650.',
  maxRedemptions: 'Max redemptions must be a whole number from 1 to 100000.',
  duplicate: 'A promotion code with this code already exists.',
  unknown: 'This promotion code does not exist.',
  expired: 'This promotion code has expired.',
  usedUp: 'This promotion code has been redeemed the maximum number of times.',
  alreadyRedeemed: 'Your company has already redeemed this promotion code.',
} as const;

const code = z
  .string({ error: PROMOTION_CODE_MESSAGES.code })
  .trim()
  .regex(/^[A-Za-z0-9-]{4,40}$/, { error: PROMOTION_CODE_MESSAGES.code })
  .transform((value) => value.toUpperCase());

/** `POST /PromotionCode` (super admins). */
export const promotionCodeCreateSchema = z.object({
  code,
  subscriptionType: tier(PROMOTION_CODE_MESSAGES.tier).refine((v) => v !== SUBSCRIPTION_TYPE.Free, {
    error: PROMOTION_CODE_MESSAGES.tier,
  }),
  durationDays: z
    .number({ error: PROMOTION_CODE_MESSAGES.durationDays })
    .int({ error: PROMOTION_CODE_MESSAGES.durationDays })
    .min(1, { error: PROMOTION_CODE_MESSAGES.durationDays })
    .max(3650, { error: PROMOTION_CODE_MESSAGES.durationDays }),
  maxRedemptions: z
    .number({ error: PROMOTION_CODE_MESSAGES.maxRedemptions })
    .int({ error: PROMOTION_CODE_MESSAGES.maxRedemptions })
    .min(1, { error: PROMOTION_CODE_MESSAGES.maxRedemptions })
    .max(100_000, { error: PROMOTION_CODE_MESSAGES.maxRedemptions }),
  expiresAt: isoDate('Expiry').optional(),
});

export type PromotionCodeCreateInput = z.input<typeof promotionCodeCreateSchema>;

/** `POST /PromotionCode/Redemption`: the code (any case). */
export const promotionCodeRedemptionSchema = z.object({
  code: z
    .string({ error: PROMOTION_CODE_MESSAGES.unknown })
    .trim()
    .min(1, { error: PROMOTION_CODE_MESSAGES.unknown })
    .max(40, { error: PROMOTION_CODE_MESSAGES.unknown })
    .transform((value) => value.toUpperCase()),
});

export interface PromotionCodeState {
  expiresAt: Date | string | null;
  redemptionCount: number;
  maxRedemptions: number;
}

/** Why a known code cannot be redeemed now, or null when it can. */
export function promotionCodeProblem(
  promo: PromotionCodeState,
  now: Date = new Date(),
): 'expired' | 'usedUp' | null {
  if (promo.expiresAt && new Date(promo.expiresAt).getTime() <= now.getTime()) return 'expired';
  if (promo.redemptionCount >= promo.maxRedemptions) return 'usedUp';
  return null;
}

/** The freeTrialExpirationDate a redemption sets: now plus the code's days. */
export const redemptionExpiry = (durationDays: number, now: Date = new Date()): Date =>
  new Date(now.getTime() + durationDays * 24 * 3600 * 1000);

// ---------------------------------------------------------------------------------------------------
// The billing provider (BILLING_CHECKOUT_URL, BILLING_PORTAL_URL; spec 2 §7.12 Checkout, SelfService).

/** The tiers a checkout sells: every tier but Free and Free Trial. */
export const CHECKOUT_TIERS: readonly SubscriptionType[] = [1, 7, 2, 3, 5, 4];

/**
 * A billing address with its placeholders filled: {companyId}, {tier} (the SubscriptionType number)
 * and {period} ('monthly' or 'annual'), written as braces or as URL() percent-encoded them.
 */
export function fillBillingUrl(
  template: string,
  values: { companyId: string; tier?: number; period?: number },
): string {
  const fill: Record<string, string | undefined> = {
    companyid: values.companyId,
    tier: values.tier === undefined ? undefined : String(values.tier),
    period:
      values.period === undefined
        ? undefined
        : values.period === BILLING_PERIOD.Annual
          ? 'annual'
          : 'monthly',
  };
  return template.replace(/\{(companyId|tier|period)\}|%7B(companyId|tier|period)%7D/gi, (match, a, b) => {
    const value = fill[String(a ?? b).toLowerCase()];
    return value === undefined ? '' : encodeURIComponent(value);
  });
}
