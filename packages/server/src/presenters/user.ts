/**
 * The user as the API shows it (spec 1 §3 User, spec 1 §6 subscription flags). The only path from a
 * user row to JSON: hashes, TOTP secrets and API secrets never leave through here.
 */
import {
  accountFlags,
  effectiveSubscription,
  isColorPaletteName,
  type ApiCompanySummary,
  type ApiUser,
} from '@sunfield/domain';
import type { AuthUser, CompanyRow } from '../auth/context.ts';

export type PresentedCompany = ApiCompanySummary;
export type PresentedUser = ApiUser & { roles: { role: { name: string } }[] };

/** isSubscriptionActive is false once a Free Trial's freeTrialExpirationDate has passed (domain isTrialExpired). */
export function presentCompanySummary(company: CompanyRow, now: Date = new Date()): PresentedCompany {
  return {
    id: company.id,
    name: company.name,
    subscriptionType: company.subscriptionType,
    isSubscriptionActive: effectiveSubscription(company, now).isSubscriptionActive,
    isAlphaTester: company.isAlphaTester,
    freeTrialExpirationDate: company.freeTrialExpirationDate?.toISOString() ?? null,
    allowPVRADARExtension: company.allowPVRADARExtension,
  };
}

export function presentUser(user: AuthUser, company: CompanyRow, now: Date = new Date()): PresentedUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    companyId: user.companyId,
    status: user.status,
    roles: user.roles.map((name) => ({ role: { name } })),
    settings: {
      unitOfMeasure: user.settings?.unitOfMeasure === 'Imperial' ? 'Imperial' : 'Metric',
      colorPalette: isColorPaletteName(user.settings?.colorPalette) ? user.settings.colorPalette : 'default',
    },
    eulaAcceptedStatus: user.eulaAcceptedAt !== null,
    totpEnabled: user.totpEnabled,
    ...accountFlags(company, now),
    company: presentCompanySummary(company, now),
  };
}
