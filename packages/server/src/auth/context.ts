/**
 * Who is calling: resolved once per request from the bearer token, then checked against each
 * route's `config` (public, skipEula, roles). Every later query is scoped with `auth.company.id`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ROLE, hasRole } from '@sunfield/domain';
import type { Db } from '../db/index.ts';
import type { companies, users } from '../db/schema.ts';
import { findAccountById, isAccountActive } from '../commands/accounts.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import type { TokenService } from './tokens.ts';
import { registerThrottleHeaders } from '../commands/throttle.ts';

export type UserRow = typeof users.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;

export interface AuthContext {
  user: UserRow;
  company: CompanyRow;
  tokenKind: 'session' | 'client';
}

export interface RouteAuthConfig {
  /** No sign-in needed. */
  public?: boolean;
  /** Reachable before the EULA is accepted (accepting it, signing out). */
  skipEula?: boolean;
  /** Any of these role names is required. */
  roles?: string[];
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
  db: Db,
  userId: string,
  companyId: string,
  tokenVersion?: number,
): Promise<AuthContext | null> {
  const account = await findAccountById(db, userId);
  if (!account || account.company.id !== companyId || !isAccountActive(account)) return null;
  if (tokenVersion !== undefined && tokenVersion !== account.user.tokenVersion) return null;
  return { ...account, tokenKind: 'session' };
}

/** Installs the per-request authentication and the route-config checks. */
export function registerAuth(app: FastifyInstance, db: Db, tokens: TokenService): void {
  app.decorateRequest('auth', null);
  registerThrottleHeaders(app);
  app.addHook('preHandler', async (request) => {
    const config = request.routeOptions.config ?? {};
    const token = bearerToken(request);
    if (token) {
      const claims = await tokens.verify(token);
      if (claims) {
        const auth = await loadAuth(db, claims.sub, claims.cid, claims.ver);
        if (auth) request.auth = { ...auth, tokenKind: claims.kind };
      }
    }
    if (config.public) return;
    // Routes match case-insensitively, so /API/… must be guarded exactly like /api/….
    const path = request.url.toLowerCase();
    if (!path.startsWith('/api') && !path.startsWith('/hub')) return;
    const auth = request.auth;
    if (!auth) throw unauthorized();
    // API clients (client credentials) are machine users: the EULA was accepted by the person
    // who generated the credentials.
    if (!config.skipEula && auth.tokenKind === 'session' && !auth.user.eulaAcceptedAt) {
      throw forbidden({ eulaAcceptedStatus: false });
    }
    if (config.roles && !config.roles.some((role) => hasRole(auth.user.roles, role))) {
      throw forbidden('You are not allowed to do this.');
    }
  });
}

/** The signed-in caller, for handlers of routes that are not public. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

export const SUPER_ADMIN_ONLY: RouteAuthConfig = { roles: [ROLE.SuperAdmin] };
export const ANY_ADMIN: RouteAuthConfig = { roles: [ROLE.Admin, ROLE.SuperAdmin] };
