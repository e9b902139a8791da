import { describe, expect, it } from 'vitest';
import { hasActiveSubscription, hasProAccess, sidebarLinks, type AccessUser } from '../src/shell/access.ts';
import { FULL_NAVIGATION, navigationFor, navigationLabels } from '../src/shell/navItems.ts';

const role = (name: string) => ({ role: { name } });
const user = (roles: string[], subscriptionType = 2, over: Partial<AccessUser> = {}): AccessUser => ({
  companyId: 'c9',
  roles: roles.map(role),
  company: { subscriptionType, isSubscriptionActive: true },
  ...over,
});

describe('main navigation by role', () => {
  it('shows IT admins only Subscription', () => {
    expect(navigationLabels(navigationFor([role('ITAdmin')]))).toEqual(['Subscription']);
  });

  it('shows everybody else the full menu in order', () => {
    expect(navigationLabels(navigationFor([role('Admin')]))).toEqual([
      'Projects',
      'Component Libraries',
      'Weather',
      'Inverters',
      'Modules',
      'Favorite Predictions',
      'Recent Predictions',
      'Prediction Log',
      'Resources',
      'Subscription',
      'Pro Tools',
      'Design Pro',
      'Voltage Pro',
      'Terrain Pro',
      'PVRADAR',
    ]);
    expect(navigationFor([])).toBe(FULL_NAVIGATION);
  });
});

describe('user sidebar links', () => {
  it('sends super admins to manage accounts, before admin', () => {
    expect(sidebarLinks(user(['FSLRAdmin', 'Admin'])).manageAccounts).toBe('/manage-accounts');
    expect(sidebarLinks(user(['SUPER_ADMIN'])).manageAccounts).toBe('/manage-accounts');
  });

  it('sends admins and IT admins to their company page', () => {
    expect(sidebarLinks(user(['Admin'])).manageAccounts).toBe('/companies/c9');
    expect(sidebarLinks(user(['ITAdmin'])).manageAccounts).toBe('/companies/c9');
    expect(sidebarLinks(user(['User'])).manageAccounts).toBeNull();
  });

  it('hides the unit switch for IT admins only', () => {
    expect(sidebarLinks(user(['ITAdmin'])).showUnitSwitch).toBe(false);
    expect(sidebarLinks(user(['Admin'])).showUnitSwitch).toBe(true);
    expect(sidebarLinks(user(['User'])).showUnitSwitch).toBe(true);
  });

  it('shows View Company Defaults to non-admins of tiers other than Free and Individual', () => {
    expect(sidebarLinks(user(['User'], 2)).viewCompanyDefaults).toBe('/companies/c9/default-settings');
    expect(sidebarLinks(user(['Manager'], 7)).viewCompanyDefaults).toBe('/companies/c9/default-settings');
    expect(sidebarLinks(user(['User'], 0)).viewCompanyDefaults).toBeNull();
    expect(sidebarLinks(user(['User'], 1)).viewCompanyDefaults).toBeNull();
    expect(sidebarLinks(user(['Admin'], 2)).viewCompanyDefaults).toBeNull();
    expect(sidebarLinks(user(['ITAdmin'], 2)).viewCompanyDefaults).toBeNull();
  });

  it('always links the profile', () => {
    expect(sidebarLinks(user(['User'])).profile).toBe('/user-profile/about-user');
  });
});

describe('subscription checks', () => {
  it('lets professional and free-trial users use Pro features', () => {
    expect(hasProAccess(user([], 2, { professionalStatus: true }))).toBe(true);
    expect(hasProAccess(user([], 1, { freeTrialStatus: true }))).toBe(true);
    expect(hasProAccess(user([], 1))).toBe(false);
    expect(hasProAccess(null)).toBe(false);
  });

  it('needs an active subscription of a dialog tier for the general check', () => {
    expect(hasActiveSubscription(user([], 1))).toBe(true);
    expect(hasActiveSubscription(user([], 0))).toBe(false);
    expect(
      hasActiveSubscription(user([], 2, { company: { subscriptionType: 2, isSubscriptionActive: false } })),
    ).toBe(false);
  });
});
