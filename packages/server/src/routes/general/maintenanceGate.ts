/**
 * Maintenance mode: while it is on, every API call answers 503 except the system calls (version,
 * the flag itself), the health check (a balancer must not take the process out for it), sign-in calls (so that a super admin can sign in) and calls by super admins.
 * A preHandler, so that it runs after the caller is known (auth/context.ts resolves the caller in a
 * root preHandler). Install it on the /api context before any route plugin is registered.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isSuperAdmin } from '@sunfield/domain';
import { optionalAuth } from '../../auth/context.ts';
import { HttpError } from '../../lib/errors.ts';
import { getMaintenanceMode } from '../../models/systemSettings.ts';

export const MAINTENANCE_MESSAGE = 'Sunfield is down for maintenance.';

/** Sign-in calls (web and client credentials) stay open so that a super admin can get in. */
const EXEMPT_PREFIXES = ['/api/system/', '/api/health', '/api/auth/', '/api/oauth2/'];
/** Writes under the sign-in prefix that are not sign-in: creating an account, setting up TOTP. */
const GATED_AUTH_PREFIXES = ['/api/auth/signup', '/api/auth/totp/'];

function isExempt(request: FastifyRequest): boolean {
  const route = (request.routeOptions.url ?? request.url).toLowerCase();
  return (
    EXEMPT_PREFIXES.some((prefix) => route.startsWith(prefix)) &&
    !GATED_AUTH_PREFIXES.some((prefix) => route.startsWith(prefix))
  );
}

export function registerMaintenanceGate(app: FastifyInstance): void {
  const db = app.services.database.db;
  app.addHook('preHandler', async (request) => {
    if (isExempt(request)) return;
    const state = await getMaintenanceMode(db);
    if (!state.maintenanceMode) return;
    // Super admins pass; public routes do not load the caller unless asked (auth/context.ts).
    const auth = request.auth ?? (await optionalAuth(request));
    if (auth && isSuperAdmin(auth.user.roles)) return;
    throw new HttpError(503, { message: MAINTENANCE_MESSAGE });
  });
}
