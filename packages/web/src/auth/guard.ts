/**
 * The route guard rules of spec 1 §2 (pure, unit-tested). Route flags live in each route's
 * `handle`; a child inherits the flags it does not set. Entry decisions run when a route renders
 * (first load, redirects); transition decisions run before an in-app navigation (cancel, confirm).
 */
import { isITAdmin, type RoleList } from '@sunfield/domain';
import type { SessionStatus } from './types.ts';

export type PageScope = 'prediction' | 'weather' | 'inverter' | 'module' | 'company';

export interface RouteFlags {
  requiresAuth: boolean;
  itAdminAllowed: boolean;
  requiresProfessional: boolean;
  openInNewTab: boolean;
  pageScope: PageScope | null;
  /** The /pvradar route: opens the partner platform, or the unlock modal. */
  pvradar: boolean;
}

/** What a route object's `handle` may carry. */
export interface RouteHandle extends Partial<RouteFlags> {
  title?: string;
}

export const DEFAULT_FLAGS: RouteFlags = {
  requiresAuth: false,
  itAdminAllowed: false,
  requiresProfessional: false,
  openInNewTab: false,
  pageScope: null,
  pvradar: false,
};

/** Merges the handles of the matched routes, outermost first: the deepest route that sets a flag wins. */
export function mergeFlags(handles: readonly unknown[]): RouteFlags {
  const flags: RouteFlags = { ...DEFAULT_FLAGS };
  for (const handle of handles) {
    if (!handle || typeof handle !== 'object') continue;
    for (const key of Object.keys(DEFAULT_FLAGS) as (keyof RouteFlags)[]) {
      const value = (handle as RouteHandle)[key];
      if (value !== undefined) (flags as unknown as Record<string, unknown>)[key] = value;
    }
  }
  return flags;
}

export interface GuardUser {
  companyId: string;
  roles: RoleList;
  eulaAcceptedStatus: boolean;
  professionalStatus: boolean;
  company?: { allowPVRADARExtension?: boolean | null } | null;
}

export type CancelReason = 'professional' | 'pvradar';

export type EntryDecision =
  | { kind: 'allow' }
  | { kind: 'wait' }
  | { kind: 'redirect'; to: string; reason: 'login' | 'eula' | 'itAdmin' }
  | { kind: 'cancel'; reason: CancelReason }
  | { kind: 'external'; target: 'pvradar' };

const encode = (path: string) => encodeURIComponent(path);

/** The company page an IT admin is sent to. */
export const companyPath = (companyId: string) => `/companies/${companyId}`;

/** Decides what happens when a route is shown; `path` is pathname plus search. */
export function decideEntry(
  flags: RouteFlags,
  status: SessionStatus,
  user: GuardUser | null,
  path: string,
): EntryDecision {
  if (!flags.requiresAuth) return { kind: 'allow' };
  if (status === 'loading') return { kind: 'wait' };
  if (status !== 'signedIn' || !user)
    return { kind: 'redirect', to: `/login?redirectUri=${encode(path)}`, reason: 'login' };
  const onEula = /^\/eula(\/|\?|$)/i.test(path);
  if (!user.eulaAcceptedStatus && !onEula) {
    return { kind: 'redirect', to: `/eula?redirectUri=${encode(path)}`, reason: 'eula' };
  }
  if (isITAdmin(user.roles) && !flags.itAdminAllowed && !onEula) {
    return { kind: 'redirect', to: companyPath(user.companyId), reason: 'itAdmin' };
  }
  if (flags.requiresProfessional && !user.professionalStatus)
    return { kind: 'cancel', reason: 'professional' };
  if (flags.pvradar) {
    return user.company?.allowPVRADARExtension
      ? { kind: 'external', target: 'pvradar' }
      : { kind: 'cancel', reason: 'pvradar' };
  }
  return { kind: 'allow' };
}

export type TransitionDecision =
  | { kind: 'pass' }
  | { kind: 'cancel'; reason: CancelReason }
  | { kind: 'external'; target: 'pvradar' }
  | { kind: 'newTab' }
  | { kind: 'confirmDiscard' };

export interface TransitionContext {
  status: SessionStatus;
  user: GuardUser | null;
  /** A form on the page has unsaved changes. */
  dirty: boolean;
  /** Only the query or hash changes. */
  samePath: boolean;
}

/**
 * Decides an in-app navigation from one route to another, in the order of spec 1 §2: a
 * professional-only route is cancelled without professionalStatus; moving within the same page scope
 * passes freely; routes opening elsewhere (new tab, the partner platform) cancel the navigation
 * before a dirty form is asked about; a dirty form asks for confirmation before leaving.
 * Sign-in, EULA and IT admin redirects are entry decisions.
 */
export function decideTransition(
  from: RouteFlags,
  to: RouteFlags,
  context: TransitionContext,
): TransitionDecision {
  const signedIn = context.status === 'signedIn' && context.user !== null;
  if (to.requiresAuth && signedIn && to.requiresProfessional && !context.user!.professionalStatus) {
    return { kind: 'cancel', reason: 'professional' };
  }
  if (context.samePath) return { kind: 'pass' };
  if (from.pageScope !== null && from.pageScope === to.pageScope) return { kind: 'pass' };
  if (to.openInNewTab) return { kind: 'newTab' };
  if (to.pvradar && signedIn) {
    return context.user!.company?.allowPVRADARExtension
      ? { kind: 'external', target: 'pvradar' }
      : { kind: 'cancel', reason: 'pvradar' };
  }
  if (context.dirty) return { kind: 'confirmDiscard' };
  return { kind: 'pass' };
}
