/**
 * Who sees what in the user sidebar, and the subscription checks (spec 1 §2, §6; pure, unit-tested).
 */
import {
  SUBSCRIPTION_DIALOG_TIERS,
  SUBSCRIPTION_TYPE,
  isAdmin,
  isITAdmin,
  isSuperAdmin,
  type RoleList,
} from '@sunfield/domain';

export interface AccessUser {
  companyId: string;
  roles: RoleList;
  professionalStatus?: boolean;
  freeTrialStatus?: boolean;
  company?: { subscriptionType?: number; isSubscriptionActive?: boolean } | null;
}

export interface SidebarLinks {
  showUnitSwitch: boolean;
  profile: string;
  manageAccounts: string | null;
  viewCompanyDefaults: string | null;
}

export const PROFILE_PATH = '/user-profile/about-user';
export const MANAGE_ACCOUNTS_PATH = '/manage-accounts';
export const companyPagePath = (companyId: string) => `/companies/${companyId}`;
export const companyDefaultsPath = (companyId: string) => `/companies/${companyId}/default-settings`;

/** Precedence: super admin, then admin, then IT admin. */
export function sidebarLinks(user: AccessUser): SidebarLinks {
  const superAdmin = isSuperAdmin(user.roles);
  const admin = isAdmin(user.roles);
  const itAdmin = isITAdmin(user.roles);
  let manageAccounts: string | null = null;
  if (superAdmin) manageAccounts = MANAGE_ACCOUNTS_PATH;
  else if (admin || itAdmin) manageAccounts = companyPagePath(user.companyId);
  const tier = user.company?.subscriptionType;
  const paidTier =
    tier !== undefined && tier !== SUBSCRIPTION_TYPE.Free && tier !== SUBSCRIPTION_TYPE.Premium;
  const nonAdmin = !superAdmin && !admin && !itAdmin;
  return {
    showUnitSwitch: !itAdmin,
    profile: PROFILE_PATH,
    manageAccounts,
    viewCompanyDefaults: nonAdmin && paidTier ? companyDefaultsPath(user.companyId) : null,
  };
}

/** The Pro-feature check: professional and free-trial users pass. */
export function hasProAccess(user: AccessUser | null | undefined): boolean {
  return Boolean(user?.professionalStatus || user?.freeTrialStatus);
}

/** The general subscription check: an active subscription of one of the dialog's tiers. */
export function hasActiveSubscription(user: AccessUser | null | undefined): boolean {
  const company = user?.company;
  if (!company?.isSubscriptionActive || company.subscriptionType === undefined) return false;
  return (SUBSCRIPTION_DIALOG_TIERS as readonly number[]).includes(company.subscriptionType);
}
