/**
 * Who is calling: resolved once per request from the bearer token, then checked against each
 * route's `config` (public, skipEula, roles). Every later query is scoped with `auth.company.id`.
 *
 * The account comes from the per-process cache (accountCache.ts), which other processes' changes reach
 * by NOTIFY within milliseconds. A request during which a user or company row was updated or deleted
 * by this process (db/writeWatch.ts) drops the cached accounts the change may reach before its answer
 * leaves, so the next request on this process sees the change: the caller's company, or every account when the caller
 * may change other companies (super admins) or was not signed in (sign-in, password reset). Public
 * routes do not load the account; the few that use it when there is one call `optionalAuth`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ROLE,
  SUBSCRIPTION_FEATURES,
  SUBSCRIPTION_REFUSAL,
  featureAllowed,
  hasRole,
  type SubscriptionFeatureId,
  type SubscriptionRefusal,
} from '@sunfield/domain';
import type { Db } from '../db/index.ts';
import type { companies, users } from '../db/schema.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { registerThrottleHeaders } from '../commands/throttle.ts';
import { accountWriteCount } from '../db/writeWatch.ts';
import { AccountCache, readAccount, type AcceptedAgreement, type AuthUser } from './accountCache.ts';

export type UserRow = typeof users.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;
export type { AuthUser };

export interface AuthContext {
  /** The user's columns but the password hash and the TOTP secret. */
  user: AuthUser;
  company: CompanyRow;
  tokenKind: 'session' | 'client';
  /** The agreement versions the user accepted, loaded with the account (absent: read them). */
  acceptances?: readonly AcceptedAgreement[];
}

export interface RouteAuthConfig {
  /** No sign-in needed. */
  public?: boolean;
  /** Reachable before the EULA is accepted (accepting it, signing out). */
  skipEula?: boolean;
  /** Any of these role names is required. */
  roles?: string[];
  /**
   * A feature of the subscription (domain company/subscriptions.ts): refused with 403
   * `{message, subscriptionRequired, feature}` when the caller's company plan does not include it.
   */
  feature?: SubscriptionFeatureId;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  // Declaration merging needs an interface, even an empty one.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface FastifyContextConfig extends RouteAuthConfig {}
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim();
  // The realtime hub passes the token in the query (WebSocket clients cannot set headers); only
  // there: a token in any other URL would end up in logs, history and Referer headers.
  if (!request.url.toLowerCase().startsWith('/hub')) return undefined;
  const query = request.query as Record<string, unknown> | undefined;
  if (typeof query?.access_token === 'string') return query.access_token;
  return undefined;
}

/**
 * The user and company of a token. The token's company must still be the user's, and disabled users
 * and companies cannot act. With the token's version claim, a token signed before the user's
 * credentials were revoked (password reset raises `users.token_version`) is refused too.
 */
export async function loadAuth(
  source: AccountCache | Db,
  userId: string,
  companyId: string,
  tokenVersion?: number,
): Promise<AuthContext | null> {
  const account =
    source instanceof AccountCache ? await source.load(userId) : await readAccount(source, userId);
  if (!account || account.company.id !== companyId) return null;
  if (account.user.status === 0 || account.company.status === 0) return null;
  if (tokenVersion !== undefined && tokenVersion !== account.user.tokenVersion) return null;
  return {
    user: account.user,
    company: account.company,
    tokenKind: 'session',
    acceptances: account.acceptances,
  };
}

const resolved = new WeakMap<FastifyRequest, Promise<AuthContext | null>>();

/** The caller of a request from its bearer token, once per request; null without a valid one. */
export function optionalAuth(request: FastifyRequest): Promise<AuthContext | null> {
  let found = resolved.get(request);
  if (!found) {
    found = (async () => {
      const token = bearerToken(request);
      if (!token) return null;
      const { tokens, accounts } = request.server.services;
      const claims = await tokens.verify(token);
      if (!claims) return null;
      const auth = await loadAuth(accounts, claims.sub, claims.cid, claims.ver);
      return auth ? { ...auth, tokenKind: claims.kind } : null;
    })();
    resolved.set(request, found);
  }
  return found;
}

/** Installs the per-request authentication and the route-config checks. */
export function registerAuth(app: FastifyInstance, accounts: AccountCache): void {
  app.decorateRequest('auth', null);
  // The count of account writes when the request arrived (db/writeWatch.ts).
  const arrivals = new WeakMap<FastifyRequest, number>();
  // The count up to which every account write of this process has dropped the whole cache. A write
  // made outside any request (a worker, a test, a script in this process) is otherwise only heard by
  // NOTIFY, which on PostgreSQL may arrive after the next request has read the account: a request
  // that finds the count moved drops every account before its own is read. A write by a request
  // also costs one such drop at the next arrival (account writes are rare).
  let dropped = accountWriteCount();
  app.addHook('onRequest', (request, _reply, done) => {
    const count = accountWriteCount();
    if (count !== dropped) {
      accounts.invalidate('*');
      dropped = count;
    }
    arrivals.set(request, count);
    done();
  });
  registerThrottleHeaders(app);
  app.addHook('preHandler', async (request) => {
    const config = request.routeOptions.config ?? {};
    if (config.public) return;
    // Routes match case-insensitively, so /API/… must be guarded exactly like /api/….
    const path = request.url.toLowerCase();
    if (!path.startsWith('/api') && !path.startsWith('/hub')) return;
    const auth = await optionalAuth(request);
    if (!auth) throw unauthorized();
    request.auth = auth;
    // API clients (client credentials) are machine users: the EULA was accepted by the person
    // who generated the credentials.
    if (!config.skipEula && auth.tokenKind === 'session' && !auth.user.eulaAcceptedAt) {
      throw forbidden({ eulaAcceptedStatus: false });
    }
    if (config.roles && !config.roles.some((role) => hasRole(auth.user.roles, role))) {
      throw forbidden('You are not allowed to do this.');
    }
    if (config.feature && !featureAllowed(config.feature, auth.company)) {
      const level = SUBSCRIPTION_FEATURES[config.feature].level;
      const refusal: SubscriptionRefusal = {
        message: SUBSCRIPTION_REFUSAL[level],
        subscriptionRequired: level,
        feature: config.feature,
      };
      throw forbidden(refusal);
    }
  });
  // After a change to an account, before the answer leaves (every transaction has committed).
  app.addHook('onSend', async (request) => {
    if (arrivals.get(request) === accountWriteCount()) return;
    const auth = request.auth;
    accounts.invalidate(auth && !hasRole(auth.user.roles, ROLE.SuperAdmin) ? `c:${auth.company.id}` : '*');
  });
}

/** The signed-in caller, for handlers of routes that are not public. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

export const SUPER_ADMIN_ONLY: RouteAuthConfig = { roles: [ROLE.SuperAdmin] };
export const ANY_ADMIN: RouteAuthConfig = { roles: [ROLE.Admin, ROLE.SuperAdmin] };
