/**
 * Single sign-on (public routes; commands/ssoSignIn.ts has the flow):
 *
 * - POST /api/auth/sso/start {email, redirectUri?}: the address of the company's provider to send
 *   the browser to, or 400 when no company's single sign-on signs in that email's domain. The
 *   attempt's state also goes into an httpOnly cookie (sent back only to /api/auth/sso), which the
 *   callback must present: a callback opened in a browser that did not start it is refused.
 *   Limited per address.
 * - GET /api/auth/sso/callback: where the provider sends the browser back. Signs in (the refresh
 *   cookie, as a password sign-in sets it) and redirects to the web app's path; on refusal to
 *   `/login?ssoError={code}`, whose text the sign-in screen shows. Redirects are paths of this site.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { SSO_ERRORS, SSO_NOT_AVAILABLE } from '@sunfield/domain';
import { SSO_STATE_SECONDS, SsoError, finishSsoSignIn, startSsoSignIn } from '../../commands/ssoSignIn.ts';
import { takeAll, throttleKey, type WindowLimit } from '../../commands/throttle.ts';
import { badRequest, parse } from '../../lib/errors.ts';
import { clientInfo, setRefreshCookie } from './cookie.ts';
import { emailField } from './fields.ts';

const SSO_COOKIE = 'sunfield_sso';
const SSO_COOKIE_PATH = '/api/auth/sso';

/** Single sign-on starts per address: each reads the provider's discovery and keeps a row. */
export const SSO_START_ADDRESS: WindowLimit = { kind: 'window', max: 30, windowSeconds: 15 * 60 };
export const TOO_MANY_SSO_STARTS =
  'Too many single sign-on attempts. Please wait a few minutes and try again.';

const startBody = z.object({
  email: emailField,
  /** The web app's path to open once signed in (anything else opens the projects list). */
  redirectUri: z.string().max(1000).nullish(),
});

export async function ssoRoutes(app: FastifyInstance): Promise<void> {
  const { database, tokens, config } = app.services;
  const cookieOptions = () => ({
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.publicUrl.startsWith('https'),
    path: SSO_COOKIE_PATH,
  });

  app.post(
    '/sso/start',
    {
      schema: { summary: 'Start a single sign-on: the company provider’s sign-in address', body: startBody },
      config: { public: true },
    },
    async (request, reply) => {
      const { email, redirectUri } = parse(startBody, request.body);
      await takeAll(
        database.db,
        [{ key: throttleKey('sso-start-ip', request.ip), limit: SSO_START_ADDRESS }],
        TOO_MANY_SSO_STARTS,
      );
      let started;
      try {
        started = await startSsoSignIn(database.db, config, email, redirectUri);
      } catch (error) {
        if (!(error instanceof SsoError)) throw error;
        request.log.warn({ err: error.cause }, 'single sign-on provider unreachable');
        throw badRequest(SSO_ERRORS[error.code], { email: [SSO_ERRORS[error.code]] });
      }
      if (!started) throw badRequest(SSO_NOT_AVAILABLE, { email: [SSO_NOT_AVAILABLE] });
      reply.setCookie(SSO_COOKIE, started.state, { ...cookieOptions(), maxAge: SSO_STATE_SECONDS });
      reply.header('cache-control', 'no-store');
      return { authorizationUrl: started.authorizationUrl };
    },
  );

  const redirect = (reply: FastifyReply, path: string) => {
    reply.clearCookie(SSO_COOKIE, cookieOptions());
    reply.header('cache-control', 'no-store');
    return reply.redirect(path, 303);
  };

  app.get(
    '/sso/callback',
    {
      schema: { summary: 'Where the company provider sends the browser back (redirects to the web app)' },
      config: { public: true },
    },
    async (request, reply) => {
      const at = request.url.indexOf('?');
      const query = at < 0 ? '' : request.url.slice(at + 1);
      try {
        const signedIn = await finishSsoSignIn(
          database.db,
          config,
          tokens,
          query,
          request.cookies?.[SSO_COOKIE],
          clientInfo(request),
        );
        setRefreshCookie(reply, signedIn.session);
        request.log.info(
          { userId: signedIn.account.user.id, created: signedIn.created },
          'signed in through single sign-on',
        );
        return redirect(reply, signedIn.returnPath);
      } catch (error) {
        if (!(error instanceof SsoError)) throw error;
        request.log.info({ reason: error.code, err: error.cause }, 'single sign-on refused');
        return redirect(reply, `/login?ssoError=${error.code}`);
      }
    },
  );
}
