/**
 * The refresh cookie: httpOnly, SameSite=Lax, Secure behind https, sent only to /api/auth, 14 days
 * (spec 2 §7.13 "The session cookie lives 14 days, lax, secure").
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { agreementFor } from '@sunfield/domain';
import { REFRESH_TOKEN_SECONDS, type IssuedSession } from '../../commands/authSessions.ts';
import type { Account } from '../../commands/accounts.ts';
import { latestAcceptance } from '../../models/agreement.ts';
import { presentUser } from '../../presenters/user.ts';

export const REFRESH_COOKIE = 'sunfield_refresh';
const COOKIE_PATH = '/api/auth';

function cookieOptions(reply: FastifyReply) {
  const secure = reply.server.services.config.publicUrl.startsWith('https');
  return { httpOnly: true, sameSite: 'lax' as const, secure, path: COOKIE_PATH };
}

export function refreshTokenOf(request: FastifyRequest): string | undefined {
  const value = request.cookies?.[REFRESH_COOKIE];
  return value ? value : undefined;
}

export function clearRefreshCookie(reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, cookieOptions(reply));
}

/** Sets the refresh cookie of a new session (a redirect answer sets it too: single sign-on). */
export function setRefreshCookie(reply: FastifyReply, session: IssuedSession): void {
  reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
    ...cookieOptions(reply),
    maxAge: REFRESH_TOKEN_SECONDS,
  });
}

/**
 * Sets the cookie and answers `{accessToken, expiresIn, user}`; the user carries their acceptance of
 * the data-migration agreement of their role (spec 1 §3 User.migrationAgreementAcceptance).
 */
export async function sendSession(
  reply: FastifyReply,
  account: Account,
  session: IssuedSession,
  status = 200,
) {
  // The session is issued already (a refresh has rotated the cookie's token): a failed read of the
  // acceptance must not keep the cookie from the browser, so it answers null then.
  const acceptance = await latestAcceptance(
    reply.server.services.database.db,
    account.user.id,
    agreementFor(account.user.roles).kind,
  ).catch((error: unknown) => {
    reply.log.warn({ err: error }, 'agreement acceptance not read for the session');
    return null;
  });
  setRefreshCookie(reply, session);
  reply.header('cache-control', 'no-store');
  return reply.status(status).send({
    accessToken: session.accessToken,
    expiresIn: session.expiresIn,
    user: { ...presentUser(account.user, account.company), migrationAgreementAcceptance: acceptance },
  });
}

export const clientInfo = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});
