import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FLAGS,
  decideEntry,
  decideTransition,
  mergeFlags,
  type GuardUser,
  type RouteFlags,
} from '../src/auth/guard.ts';

const flags = (over: Partial<RouteFlags> = {}): RouteFlags => ({
  ...DEFAULT_FLAGS,
  requiresAuth: true,
  ...over,
});
const user = (over: Partial<GuardUser> = {}): GuardUser => ({
  companyId: 'c1',
  roles: [{ role: { name: 'User' } }],
  eulaAcceptedStatus: true,
  professionalStatus: true,
  company: { allowPVRADARExtension: false },
  ...over,
});
const itAdmin = user({ roles: [{ role: { name: 'ITAdmin' } }] });

describe('mergeFlags', () => {
  it('lets the deepest route that sets a flag win and keeps inherited ones', () => {
    const merged = mergeFlags([
      undefined,
      { requiresAuth: true },
      { pageScope: 'weather' },
      { itAdminAllowed: true },
    ]);
    expect(merged).toEqual({
      ...DEFAULT_FLAGS,
      requiresAuth: true,
      pageScope: 'weather',
      itAdminAllowed: true,
    });
    expect(mergeFlags([{ requiresAuth: true }, { requiresAuth: false }]).requiresAuth).toBe(false);
    expect(mergeFlags([])).toEqual(DEFAULT_FLAGS);
  });
});

describe('decideEntry', () => {
  it('lets anybody see public routes', () => {
    expect(decideEntry({ ...DEFAULT_FLAGS }, 'signedOut', null, '/login')).toEqual({ kind: 'allow' });
  });

  it('waits while the session loads', () => {
    expect(decideEntry(flags(), 'loading', null, '/')).toEqual({ kind: 'wait' });
  });

  it('sends signed-out users to login remembering the target', () => {
    expect(decideEntry(flags(), 'signedOut', null, '/projects/4?mode=x')).toEqual({
      kind: 'redirect',
      reason: 'login',
      to: '/login?redirectUri=%2Fprojects%2F4%3Fmode%3Dx',
    });
  });

  it('sends users without an accepted EULA to /eula, but not from /eula itself', () => {
    const pending = user({ eulaAcceptedStatus: false });
    expect(decideEntry(flags(), 'signedIn', pending, '/weather-library')).toEqual({
      kind: 'redirect',
      reason: 'eula',
      to: '/eula?redirectUri=%2Fweather-library',
    });
    expect(
      decideEntry(flags({ itAdminAllowed: true }), 'signedIn', pending, '/eula?redirectUri=%2F').kind,
    ).toBe('allow');
  });

  it('redirects IT admins to their company page unless the route allows them', () => {
    expect(decideEntry(flags(), 'signedIn', itAdmin, '/')).toEqual({
      kind: 'redirect',
      reason: 'itAdmin',
      to: '/companies/c1',
    });
    expect(decideEntry(flags({ itAdminAllowed: true }), 'signedIn', itAdmin, '/subscription').kind).toBe(
      'allow',
    );
    expect(decideEntry(flags(), 'signedIn', user(), '/').kind).toBe('allow');
  });

  it('cancels professional-only routes without professionalStatus', () => {
    const free = user({ professionalStatus: false });
    expect(decideEntry(flags({ requiresProfessional: true }), 'signedIn', free, '/x')).toEqual({
      kind: 'cancel',
      reason: 'professional',
    });
    expect(decideEntry(flags({ requiresProfessional: true }), 'signedIn', user(), '/x').kind).toBe('allow');
  });

  it('opens PVRADAR only with the company extension', () => {
    expect(decideEntry(flags({ pvradar: true }), 'signedIn', user(), '/pvradar')).toEqual({
      kind: 'cancel',
      reason: 'pvradar',
    });
    const allowed = user({ company: { allowPVRADARExtension: true } });
    expect(decideEntry(flags({ pvradar: true }), 'signedIn', allowed, '/pvradar')).toEqual({
      kind: 'external',
      target: 'pvradar',
    });
  });
});

describe('decideTransition', () => {
  const context = { status: 'signedIn' as const, user: user(), dirty: false, samePath: false };

  it('passes ordinary navigations', () => {
    expect(decideTransition(flags(), flags(), context)).toEqual({ kind: 'pass' });
  });

  it('asks before leaving a dirty form', () => {
    expect(decideTransition(flags(), flags(), { ...context, dirty: true })).toEqual({
      kind: 'confirmDiscard',
    });
  });

  it('moves freely within the same page scope, even with a dirty form', () => {
    const weather = flags({ pageScope: 'weather' });
    expect(decideTransition(weather, weather, { ...context, dirty: true })).toEqual({ kind: 'pass' });
    expect(decideTransition(weather, flags({ pageScope: 'module' }), { ...context, dirty: true }).kind).toBe(
      'confirmDiscard',
    );
  });

  it('passes query-only changes', () => {
    expect(decideTransition(flags(), flags(), { ...context, dirty: true, samePath: true })).toEqual({
      kind: 'pass',
    });
  });

  it('cancels professional-only routes first', () => {
    const free = { ...context, user: user({ professionalStatus: false }), dirty: true };
    expect(decideTransition(flags(), flags({ requiresProfessional: true }), free)).toEqual({
      kind: 'cancel',
      reason: 'professional',
    });
  });

  it('cancels PVRADAR without the extension without asking about the form', () => {
    expect(decideTransition(flags(), flags({ pvradar: true }), { ...context, dirty: true })).toEqual({
      kind: 'cancel',
      reason: 'pvradar',
    });
    const allowed = { ...context, user: user({ company: { allowPVRADARExtension: true } }) };
    expect(decideTransition(flags(), flags({ pvradar: true }), allowed)).toEqual({
      kind: 'external',
      target: 'pvradar',
    });
  });

  it('opens new-tab routes elsewhere', () => {
    expect(decideTransition(flags(), flags({ openInNewTab: true }), context)).toEqual({ kind: 'newTab' });
  });
});
